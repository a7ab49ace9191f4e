package main

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/internal/config"
	"github.com/tmuxbuf/tmuxbuf/internal/jsonrpcframe"
	"github.com/tmuxbuf/tmuxbuf/internal/lift"
	"github.com/tmuxbuf/tmuxbuf/server"
)

// serveHTTP serves Streamable HTTP at /mcp until ctx is done. It listens on
// loopback only unless told otherwise, keeps the go-sdk's DNS-rebinding
// protection, and demands a bearer token unless told not to: one given in
// the environment or a file, or else one it makes.
func serveHTTP(ctx context.Context, srv *server.Server, o config.Options, getenv func(string) string, stderr io.Writer) error {
	if err := checkListenAddr(o.HTTPAddr, o.HTTPAllowRemote); err != nil {
		return err
	}
	token, err := bearerToken(o, getenv)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", o.HTTPAddr)
	if err != nil {
		return err
	}
	url := fmt.Sprintf("http://%s/mcp", ln.Addr())
	switch {
	case o.HTTPNoAuth:
		fmt.Fprintf(stderr, "tmuxbuf-mcp: warning: --http-no-auth: any process on this machine, of any user, can paste into your terminals through %s\n", url)
	case token == "":
		var path string
		if path, token, err = writeNewToken(getenv, ln.Addr()); err != nil {
			ln.Close()
			return err
		}
		defer os.Remove(path)
		fmt.Fprintf(stderr, "tmuxbuf-mcp: HTTP clients must send \"Authorization: Bearer TOKEN\", the TOKEN in %s (readable by you only)\n", path)
	}
	if o.HTTPAllowRemote {
		fmt.Fprintln(stderr, "tmuxbuf-mcp: warning: --http-allow-remote: this is plain HTTP; the token and the buffers' content cross the network unencrypted")
	}
	fmt.Fprintf(stderr, "tmuxbuf-mcp: serving MCP at %s\n", url)

	mux := http.NewServeMux()
	mux.Handle("/mcp", httpHandler(srv, o, token))
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

// httpHandler is the MCP endpoint: sessions that end when idle for
// --http-session-timeout, requests as large as content at the cap needs,
// and, with a token ("" only with --http-no-auth), bearer authentication.
func httpHandler(srv *server.Server, o config.Options, token string) http.Handler {
	frame := jsonrpcframe.Config{MaxMessage: jsonrpcframe.MaxMessage(o.MaxContentBytes)}
	var h http.Handler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv.MCP() }, &mcp.StreamableHTTPOptions{
		SessionTimeout: o.HTTPSessionTimeout,
		// Content over --max-content-bytes gets a tool error, not a 413.
		MaxRequestBodyBytes: int64(frame.MaxMessage),
	})
	h = jsonrpcframe.HTTPHandler(h, lift.TableOf(srv), frame)
	if token == "" {
		return h
	}
	return auth.RequireBearerToken(tokenVerifier(token), &auth.RequireBearerTokenOptions{AllowMissingExpiration: true})(h)
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

// bearerToken reads the token from --http-token-file, else from
// TMUXBUF_HTTP_TOKEN; never from argv, where other users could read it in
// the process list. "" means none was given.
func bearerToken(o config.Options, getenv func(string) string) (string, error) {
	switch {
	case o.HTTPNoAuth:
		return "", nil
	case o.HTTPTokenFile == "":
		return getenv("TMUXBUF_HTTP_TOKEN"), nil
	}
	b, err := os.ReadFile(o.HTTPTokenFile)
	if err != nil {
		return "", fmt.Errorf("--http-token-file: %w", err)
	}
	token := strings.TrimSpace(string(b))
	if token == "" {
		return "", fmt.Errorf("--http-token-file %s is empty", o.HTTPTokenFile)
	}
	return token, nil
}

// writeNewToken makes a 256-bit token and writes it, mode 0600, to a file
// named after addr in tokenDir, for the user's clients to read.
func writeNewToken(getenv func(string) string, addr net.Addr) (path, token string, err error) {
	dir, err := tokenDir(getenv)
	if err != nil {
		return "", "", err
	}
	if err := privateDir(dir); err != nil {
		return "", "", fmt.Errorf("HTTP token directory: %w (or give a token: TMUXBUF_HTTP_TOKEN or --http-token-file)", err)
	}
	var secret [32]byte
	rand.Read(secret[:]) // never fails: crypto/rand crashes the program rather
	token = hex.EncodeToString(secret[:])
	// Written whole under a temporary name, then renamed: a client never
	// reads half a token.
	f, err := os.CreateTemp(dir, ".http-*.token") // mode 0600
	if err != nil {
		return "", "", err
	}
	_, err = f.WriteString(token + "\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	path = filepath.Join(dir, "http-"+strings.NewReplacer("[", "", "]", "", ":", "_").Replace(addr.String())+".token")
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return "", "", fmt.Errorf("writing the HTTP token: %w", err)
	}
	return path, token, nil
}

// tokenDir is where a token the server makes goes: tmuxbuf/ in
// $XDG_RUNTIME_DIR, which only the user can enter and which goes at logout,
// or else in the user's config directory. Never the shared temporary
// directory, where another user could make the directory first.
func tokenDir(getenv func(string) string) (string, error) {
	if dir := getenv("XDG_RUNTIME_DIR"); filepath.IsAbs(dir) {
		return filepath.Join(dir, "tmuxbuf"), nil
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no directory for the HTTP token (%v): give one with TMUXBUF_HTTP_TOKEN or --http-token-file", err)
	}
	return filepath.Join(dir, "tmuxbuf"), nil
}

// privateDir makes dir, mode 0700, or checks that the one there is a
// directory of the user's own that nobody else can enter.
func privateDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	switch {
	case !fi.IsDir():
		return fmt.Errorf("%s is not a directory", dir)
	case !ok || int(st.Uid) != os.Geteuid():
		return fmt.Errorf("%s is not yours", dir)
	case fi.Mode().Perm()&0o077 != 0:
		return os.Chmod(dir, 0o700)
	}
	return nil
}

func tokenVerifier(want string) auth.TokenVerifier {
	return func(_ context.Context, got string, _ *http.Request) (*auth.TokenInfo, error) {
		if subtle.ConstantTimeCompare([]byte(got), []byte(want)) != 1 {
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{}, nil
	}
}
