package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"time"
)

// ExecDialer reaches tmux servers by running the tmux binary, one process per
// command, as a user's shell would.
type ExecDialer struct {
	Bin        string // tmux binary; "" means "tmux" on PATH
	SocketName string // tmux -L; wins over SocketPath
	SocketPath string // tmux -S
}

// Dial returns the tmux server on socketName, or on the configured socket
// when socketName is empty.
func (d ExecDialer) Dial(socketName string) Tmux {
	return execTmux{bin: binOrDefault(d.Bin), global: socketFlags(socketName, d.SocketName, d.SocketPath)}
}

func binOrDefault(bin string) string {
	if bin == "" {
		return "tmux"
	}
	return bin
}

// socketFlags are tmux's global flags for the server on socketName, or on
// the configured socket when socketName is empty.
func socketFlags(socketName, configuredName, configuredPath string) []string {
	switch {
	case socketName != "":
		return []string{"-L", socketName}
	case configuredName != "":
		return []string{"-L", configuredName}
	case configuredPath != "":
		return []string{"-S", configuredPath}
	}
	return nil
}

type execTmux struct {
	bin    string
	global []string
}

// exitNotRun is the status reported when the binary could not be started,
// the shell's convention for "command not found".
const exitNotRun = 127

// waitDelay bounds how long Run waits for tmux's output pipes after the
// process has exited or was killed on ctx expiry. tmux's client hands its
// standard streams to the server, so a hung server holds them open after
// the client is killed, and a busy one may close its copies late after a
// normal exit: past waitDelay, Run stops waiting and says so.
const waitDelay = 500 * time.Millisecond

func (t execTmux) Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd := exec.CommandContext(ctx, t.bin, append(t.global[:len(t.global):len(t.global)], args...)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	cmd.WaitDelay = waitDelay
	err := cmd.Run()
	var exitErr *exec.ExitError
	switch {
	case err == nil:
		return 0
	case ctx.Err() != nil:
		fmt.Fprintf(stderr, "%s: %v\n", t.bin, ctx.Err())
		return exitNotRun
	case errors.Is(err, exec.ErrWaitDelay):
		fmt.Fprintf(stderr, "%s: its output was still open %v after it exited\n", t.bin, waitDelay)
		return exitNotRun
	case errors.As(err, &exitErr) && exitErr.ExitCode() > 0:
		return exitErr.ExitCode()
	case errors.As(err, &exitErr):
		fmt.Fprintf(stderr, "%s: %v\n", t.bin, exitErr)
		return exitNotRun
	default:
		fmt.Fprintf(stderr, "cannot run tmux binary %q: %v\n", t.bin, errors.Unwrap(err))
		return exitNotRun
	}
}
