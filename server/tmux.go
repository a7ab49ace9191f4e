package server

import (
	"context"
	"errors"
	"fmt"
	"io"
)

// Tmux runs one tmux command line against one tmux server. It is the whole
// boundary between the MCP server and tmux: an argv (without the binary and
// without the global socket flags, which select the server), standard input,
// standard output, standard error and an exit status.
//
// The exec backend runs the tmux binary; the in-process emulator
// (faketmux.Server) satisfies this interface structurally, so the server's
// code runs unchanged on either.
//
// Run must stop and return promptly once ctx is done. A failure to run the
// command at all (a missing binary, say) is reported as tmux would report a
// failed command: a message on stderr and a non-zero exit status. A Tmux
// that is also a Backend tells the server such failures apart.
type Tmux interface {
	Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// Dialer returns the Tmux for one tmux server, chosen by socket name. An
// empty socketName selects the server's configured default socket.
type Dialer interface {
	Dial(socketName string) Tmux
}

// Backend is a Tmux that tells its own failures from tmux's: RunBackend is
// Run, except that a failure of the backend itself, not of tmux, is a
// *BackendError rather than a message on stderr with an exit status made
// up for it. The server's backends are Backends, and the server uses
// RunBackend when there is one.
type Backend interface {
	Tmux
	RunBackend(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (exit int, err error)
}

// BackendError is a backend's own failure to run a tmux command, as
// opposed to a command that tmux ran and that failed: the tmux binary
// could not be run, or the backend is closed or full.
type BackendError struct {
	// NotRun says that tmux itself could not be run: the binary is
	// missing or not executable, or it died without an exit status.
	NotRun bool
	Err    error
}

func (e *BackendError) Error() string { return e.Err.Error() }
func (e *BackendError) Unwrap() error { return e.Err }

// ReportFailure is Run's end for a Backend: the exit status of RunBackend,
// or its failure written on stderr, as tmux's client writes its own, with
// the exit status a shell gives a command it could not run (127) or 1.
func ReportFailure(stderr io.Writer, exit int, err error) int {
	if err == nil {
		return exit
	}
	fmt.Fprintln(stderr, err)
	var be *BackendError
	if errors.As(err, &be) && be.NotRun {
		return exitNotRun
	}
	return 1
}
