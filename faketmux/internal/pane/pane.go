// Package pane runs a program in a pseudo-terminal and keeps its screen, as
// a tmux pane does: bytes written to the pane reach the program exactly as
// tmux writes pastes and keys, and Capture renders the visible screen as
// `tmux capture-pane -p` prints it.
package pane

import (
	"errors"
	"os"
	"os/exec"
)

// Options describe the program a pane runs and the size of its terminal.
type Options struct {
	// Argv is the program and its arguments; Argv[0] is looked up in PATH.
	Argv []string
	// Dir is the working directory; empty means the caller's.
	Dir string
	// Env is the program's whole environment. The caller sets TERM, TMUX
	// and TMUX_PANE as tmux would; the pane adds nothing.
	Env []string
	// Cols and Rows size the terminal; zero means tmux's default 80x24.
	Cols, Rows int
}

// Pane is one program in a pseudo-terminal and the screen it draws.
// Its methods are safe for concurrent use.
type Pane struct {
	cmd *exec.Cmd
	pty *os.File
}

// Start runs o.Argv in a new pseudo-terminal and begins reading its output
// into the screen.
func Start(o Options) (*Pane, error) { return nil, errors.ErrUnsupported }

// Write sends b to the program through the terminal, as tmux writes a
// paste or send-keys to the pane's pty.
func (p *Pane) Write(b []byte) error { return errors.ErrUnsupported }

// Input returns a copy of every byte written to the pane so far.
func (p *Pane) Input() []byte { return nil }

// BracketedPaste reports whether the program has turned bracketed paste
// mode on (ESC[?2004h) and not since turned it off.
func (p *Pane) BracketedPaste() bool { return false }

// Capture returns what `tmux capture-pane -p` prints for the visible
// screen.
func (p *Pane) Capture() []byte { return nil }

// PID returns the program's process id.
func (p *Pane) PID() int { return 0 }

// Resize changes the terminal size, which also signals SIGWINCH.
func (p *Pane) Resize(cols, rows int) error { return errors.ErrUnsupported }

// Exited is closed once the program has exited and been reaped.
func (p *Pane) Exited() <-chan struct{} { return nil }

// Close ends the program as tmux does when it destroys a pane (SIGHUP,
// then SIGKILL if it lingers), reaps it and releases the terminal. It is
// safe to call more than once.
func (p *Pane) Close() error { return nil }
