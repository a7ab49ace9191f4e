package server

import (
	"context"
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
// failed command: a message on stderr and a non-zero exit status.
type Tmux interface {
	Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// Dialer returns the Tmux for one tmux server, chosen by socket name. An
// empty socketName selects the server's configured default socket.
type Dialer interface {
	Dial(socketName string) Tmux
}
