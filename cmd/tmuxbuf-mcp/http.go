package main

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/server"
)

// serveHTTP serves Streamable HTTP at /mcp until ctx is done. It listens on
// loopback only unless told otherwise, keeps the go-sdk's DNS-rebinding
// protection, and, given a token, demands it as a bearer token.
func serveHTTP(ctx context.Context, srv *server.Server, o options, getenv func(string) string, stderr io.Writer) error {
	if err := checkListenAddr(o.httpAddr, o.httpAllowRemote); err != nil {
		return err
	}
	token, err := bearerToken(o.httpTokenFile, getenv)
	if err != nil {
		return err
	}
	var handler http.Handler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv.MCP() }, nil)
	if token != "" {
		handler = auth.RequireBearerToken(tokenVerifier(token), &auth.RequireBearerTokenOptions{AllowMissingExpiration: true})(handler)
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", handler)

	ln, err := net.Listen("tcp", o.httpAddr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "tmuxbuf-mcp: serving MCP at http://%s/mcp\n", ln.Addr())
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(shutdownCtx)
	}()
	if err := hs.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// checkListenAddr refuses a non-loopback address unless allowRemote: the
// tools paste into the user's terminals, so the network must opt in.
func checkListenAddr(addr string, allowRemote bool) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--http %q: %v (want HOST:PORT, e.g. 127.0.0.1:8765)", addr, err)
	}
	if allowRemote || host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("--http %q is not a loopback address; pass --http-allow-remote to listen there", addr)
}

// bearerToken reads the token from the file, else from TMUXBUF_HTTP_TOKEN;
// never from argv, where other users could read it in the process list.
func bearerToken(file string, getenv func(string) string) (string, error) {
	if file == "" {
		return getenv("TMUXBUF_HTTP_TOKEN"), nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return "", fmt.Errorf("--http-token-file: %w", err)
	}
	token := strings.TrimSpace(string(b))
	if token == "" {
		return "", fmt.Errorf("--http-token-file %s is empty", file)
	}
	return token, nil
}

func tokenVerifier(want string) auth.TokenVerifier {
	return func(_ context.Context, got string, _ *http.Request) (*auth.TokenInfo, error) {
		if subtle.ConstantTimeCompare([]byte(got), []byte(want)) != 1 {
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{}, nil
	}
}
