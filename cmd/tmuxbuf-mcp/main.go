// Command tmuxbuf-mcp is an MCP server for tmux paste buffers: it lets an
// agent load text into a buffer of its own, read it back, paste it into a
// pane and delete it, without ever touching the user's buffers.
//
// It serves MCP on standard input and output, or Streamable HTTP with
// --http. It is a drop-in replacement for the buffer tools of the Python
// libtmux-mcp server and reads the same environment variables.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/server"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr))
}

// cleanupTimeout bounds the deletion of the server's own buffers on exit.
const cleanupTimeout = 10 * time.Second

// run is the whole program, with its world passed in so tests can drive it.
func run(ctx context.Context, argv []string, getenv func(string) string, stdin io.ReadCloser, stdout io.WriteCloser, stderr io.Writer) int {
	opts, err := parseOptions(argv, getenv, stderr)
	switch {
	case errors.Is(err, errHelp):
		return 0
	case err != nil:
		fmt.Fprintf(stderr, "tmuxbuf-mcp: %v\n", err)
		return 2
	case opts.version:
		fmt.Fprintf(stdout, "tmuxbuf-mcp %s\n", version())
		return 0
	}
	cfg, release, err := opts.serverConfig(stderr)
	if err != nil {
		fmt.Fprintf(stderr, "tmuxbuf-mcp: %v\n", err)
		return 2
	}
	defer release()
	srv, err := server.New(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "tmuxbuf-mcp: %v\n", err)
		return 2
	}

	if opts.httpAddr != "" {
		err = serveHTTP(ctx, srv, opts, getenv, stderr)
	} else {
		// A call runs a few tmux commands at most, each within the timeout.
		calls := newCalls()
		in := &answerBeforeEOF{ReadCloser: stdin, calls: calls, patience: 3 * cfg.Timeout}
		out := &countAnswers{WriteCloser: stdout, calls: calls}
		err = srv.MCP().Run(ctx, &mcp.IOTransport{Reader: in, Writer: out, MaxLineLength: maxFrame(cfg.MaxContentBytes)})
	}
	status := 0
	if err != nil && ctx.Err() == nil {
		fmt.Fprintf(stderr, "tmuxbuf-mcp: %v\n", err)
		status = 1
	}

	if !opts.keepBuffers {
		cleanupCtx, cancel := context.WithTimeout(context.Background(), cleanupTimeout)
		defer cancel()
		if _, err := srv.Cleanup(cleanupCtx); err != nil {
			fmt.Fprintf(stderr, "tmuxbuf-mcp: deleting this server's buffers: %v\n", err)
			status = 1
		}
	}
	return status
}

// maxFrame is the largest JSON-RPC line the stdio transport accepts: room for
// content at the cap even when JSON escapes every byte (\u0000 is six bytes
// for one), plus the rest of the request.
func maxFrame(maxContent int) int {
	return 6*maxContent + 1<<20
}
