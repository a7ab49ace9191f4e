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
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/tmuxbuf/tmuxbuf/internal/config"
	"github.com/tmuxbuf/tmuxbuf/internal/jsonrpcframe"
	"github.com/tmuxbuf/tmuxbuf/internal/lift"
	"github.com/tmuxbuf/tmuxbuf/server"
)

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	go stopOnSignal(watchSignals(), cancel, os.Stderr)
	os.Exit(run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr))
}

// watchSignals catches the signals that end the server, so that it cleans
// up before it exits. SIGPIPE is caught too and otherwise ignored: left to
// its default, a write to a standard output whose reader has gone would
// kill the process on the spot; caught, the write fails (EPIPE), and the
// server takes it as the client going away. (signal.Ignore would not do:
// tmux, which the exec backend runs, would inherit the ignored SIGPIPE.)
func watchSignals() <-chan os.Signal {
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	stops := make(chan os.Signal, 2)
	signal.Notify(stops, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	return stops
}

// stopOnSignal stops the server at the first signal. A second SIGINT or
// SIGTERM, from a user who will not wait for the clean-up, ends the process
// at once; a second SIGHUP is only the terminal going on hanging up.
func stopOnSignal(signals <-chan os.Signal, stop func(), stderr io.Writer) {
	<-signals
	stop()
	for sig := range signals {
		if sig != syscall.SIGHUP {
			fmt.Fprintf(stderr, "tmuxbuf-mcp: %v again: exiting without finishing the clean-up\n", sig)
			os.Exit(128 + int(sig.(syscall.Signal)))
		}
	}
}

// run is the whole program, with its world passed in so tests can drive it.
func run(ctx context.Context, argv []string, getenv func(string) string, stdin io.ReadCloser, stdout io.WriteCloser, stderr io.Writer) int {
	opts, err := config.Parse(argv, getenv, stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0
	case err != nil:
		fmt.Fprintf(stderr, "tmuxbuf-mcp: %v\n", err)
		return 2
	case opts.Version:
		fmt.Fprintf(stdout, "tmuxbuf-mcp %s\n", config.Version())
		return 0
	}
	cfg, release, err := opts.Server(stderr)
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

	if opts.HTTPAddr != "" {
		err = serveHTTP(ctx, srv, opts, getenv, stderr)
	} else {
		err = jsonrpcframe.ServeStdio(ctx, srv.MCP(), lift.TableOf(srv), stdin, stdout, jsonrpcframe.Config{
			MaxMessage: jsonrpcframe.MaxMessage(cfg.MaxContentBytes),
			// A call runs a few tmux commands at most, each within the
			// timeout, and a wait as long as its ceiling.
			Patience: 3*cfg.Timeout + cfg.WaitMax,
		})
	}
	status := 0
	switch {
	case errors.Is(err, jsonrpcframe.ErrClientGone):
		fmt.Fprintf(stderr, "tmuxbuf-mcp: %v; cleaning up\n", err)
	case err != nil && ctx.Err() == nil:
		fmt.Fprintf(stderr, "tmuxbuf-mcp: %v\n", err)
		status = 1
	}

	if err := opts.Cleanup(srv); err != nil {
		fmt.Fprintf(stderr, "tmuxbuf-mcp: %v\n", err)
		status = 1
	}
	return status
}
