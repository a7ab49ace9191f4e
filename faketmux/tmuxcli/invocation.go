package tmuxcli

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"syscall"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/cmdparse"
	"github.com/tmuxbuf/tmuxbuf/internal/tmuxargv"
)

// progName is the name in -V and usage messages. tmux prints the name it
// was invoked by; faketmux is always tmux, so that `faketmux -V` passes the
// version checks of client libraries however the binary is installed.
const progName = "tmux"

// Invocation is one tmux client invocation, read up to the point where the
// client connects to its server.
type Invocation struct {
	Globals
	// Socket is the server's socket path, as given (-S may be relative
	// to the client's directory).
	Socket string
	// InDir reports a socket in tmux's socket directory (not -S or
	// $TMUX), which tmux lets the group use.
	InDir bool
	// Command is the command line to send: the arguments after the
	// global flags, or what tmux's client sends in their place.
	Command []string
}

// Parse reads argv, argv[0] included. It returns nil when the invocation
// ends before connecting (-V, a usage error, a mode faketmux does not
// support, no usable socket directory), having printed what tmux prints,
// with the exit status.
func Parse(argv []string, lookupEnv func(string) (string, bool), stdout, stderr io.Writer) (*Invocation, int) {
	g, status, done := parseGlobals(progName, argv[1:], stdout, stderr)
	if done {
		return nil, status
	}
	// A login shell's convention, which tmux honours as -l.
	g.Login = g.Login || strings.HasPrefix(argv[0], "-")
	switch {
	case g.NoFork:
		fmt.Fprintln(stderr, "faketmux: running the server in the foreground (-D) is not supported")
		return nil, 1
	}
	path, inDir, err := socketPath(&g, lookupEnv)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, 1
	}
	inv := &Invocation{Globals: g, Socket: path, InDir: inDir, Command: g.Args}
	switch {
	case g.HasShell:
		// tmux starts a server for -c and then runs the command in the
		// client; start-server is the same for the server.
		inv.Command = []string{"start-server"}
	case len(g.Args) == 0:
		// tmux's server runs new-session for an empty command.
		inv.Command = []string{"new-session"}
	}
	return inv, 0
}

// ParseControlLine reads one line of a control client's input as tmux's
// parser reads it (faketmux.Call.ParseLine): into a command line, ';'
// words between its commands; dir and lookupEnv are as for LoadConfig.
func ParseControlLine(line, dir string, lookupEnv func(string) (string, bool)) ([]string, error) {
	f, err := parseConfigError([]byte(line), dir, lookupEnv)
	switch {
	case f.Text != nil:
		// A condition: the server parses the line itself.
		return nil, cmdparse.ErrNeedsExpand
	case f.Failed:
		// tmux's message (a *cmdparse.Error), without a line number.
		return nil, err
	case len(f.Lines) == 0:
		return nil, nil
	}
	var argv []string
	for i, l := range f.Lines {
		if i > 0 {
			argv = append(argv, ";")
		}
		argv = append(argv, l...)
	}
	return argv, nil
}

// startServerNames are the names and aliases of the commands that start a
// server when none runs (tmux's CMD_STARTSERVER); a test holds them to the
// emulator's table.
var startServerNames = []string{"new-session", "new", "start-server", "start", "attach-session", "attach", "list-keys", "lsk", "list-commands", "lscm"}

// MayStartServer reports whether a command line may start a server when
// none runs, for a client that has no command table to decide it with
// (faketmux.StartsServer does): it is false only when no command's first
// word could name a command that starts one, as its name, its alias or a
// prefix of either. Such a client can then tell without a server that a
// line like has-session starts none.
func MayStartServer(args []string) bool {
	if len(args) == 0 {
		return true // tmux's server runs new-session for it
	}
	for _, cmd := range tmuxargv.SplitCommands(args) {
		if len(cmd) == 0 {
			return true // the server's parser says what an empty one does
		}
		for _, name := range startServerNames {
			if strings.HasPrefix(name, cmd[0]) {
				return true
			}
		}
	}
	return false
}

// ConnectError is tmux's message for a client that found no server on
// path: err is ECONNREFUSED when a socket file is there but nobody
// listens.
func ConnectError(path string, err error) string {
	if errors.Is(err, syscall.ECONNREFUSED) {
		return "no server running on " + path
	}
	return fmt.Sprintf("error connecting to %s (%s)", path, Strerror(err))
}

// BridgeEnv puts cmd/faketmux's client in bridge mode: its value is the
// path of a unix socket where a test harness that runs faketmux servers in
// its own process answers every client, whichever tmux socket the client's
// flags name (wire.Req.Socket), in package wire's protocol. The client then
// never starts a daemon, so separate processes reach the harness's servers.
const BridgeEnv = "FAKETMUX_BRIDGE"
