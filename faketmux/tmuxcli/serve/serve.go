// Package serve does with a client's request what tmux's server does with
// what its client sent before running the command line: it reads the
// configuration files of a client whose command line starts a server, and
// it parses a control client's lines as they come. cmd/faketmux's daemon
// and test harnesses' bridges (see cmd/faketmux's README) share it, so that
// package tmuxcli and package wire, all a client needs, link no emulator.
package serve

import (
	"io"

	"github.com/tmuxbuf/tmuxbuf/faketmux"
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli/wire"
)

// Call is r as the emulator runs it, with the session's streams. A
// relative configuration file or -S path is relative to r.Dir; $VAR and ~
// expand from r.Env, the environment a server started by r has.
func Call(r *wire.Req, stdin io.Reader, stdout, stderr io.Writer) faketmux.Call {
	lookup := tmuxcli.LookupIn(r.Env)
	call := faketmux.Call{
		Args: r.Args, Stdin: stdin, Stdout: stdout, Stderr: stderr, Dir: r.Dir, Env: r.Env,
		UTF8: r.UTF8, NoStartServer: r.NoStartServer, Control: r.Control, PID: r.PID, UID: r.UID,
		Features: int(r.Features),
	}
	if r.Shell {
		// tmux's client of -c starts a server and asks it for a shell;
		// start-server does the same to the server.
		call.Args = []string{"start-server"}
	}
	if !r.NoStartServer && faketmux.StartsServer(call.Args) {
		g := &tmuxcli.Globals{Configs: r.Configs}
		call.Config = tmuxcli.LoadConfig(g, r.Dir, lookup)
		call.ConfigNames = tmuxcli.ConfigNames(g, lookup)
	}
	if r.Control != 0 {
		call.ParseLine = func(line string) ([]string, error) {
			return tmuxcli.ParseControlLine(line, r.Dir, lookup)
		}
	}
	return call
}

// SessionCall is Call for a request served over tmux's protocol: the
// client prints its own exit message, and a client of -c is answered
// with the shell to run its command in.
func SessionCall(s *wire.Session, stdin io.Reader, stdout, stderr io.Writer) faketmux.Call {
	call := Call(s.Req, stdin, stdout, stderr)
	call.ExitMessage = s.ExitMessage
	if s.Req.Control != 0 {
		call.WaitExit = s.WaitExit
	}
	if tty := s.TTY(); tty != nil {
		call.Terminal = &faketmux.Terminal{
			TTY: tty, Name: s.Req.TTYName, Term: s.Req.Term, Terminfo: s.Req.Terminfo, Ready: s.Ready,
			Resized: s.Resized(), Exiting: s.Exiting(), Detach: s.Detach, Shutdown: s.Shutdown, Exec: s.Exec,
			Suspend: s.Suspend, Lock: s.Lock, Woken: s.Woken(),
		}
	}
	if s.Req.Shell {
		call.Shell = s.Shell
	}
	return call
}
