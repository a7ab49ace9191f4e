package tmuxtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/tmuxbuf/tmuxbuf/faketmux"
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli/wire"
	"github.com/tmuxbuf/tmuxbuf/server"
)

// fakeWorld is a script's machine in fake mode: one emulated tmux server
// per socket path, made on first use. Like tmux, a socket with no server
// answers with a connection error until a command starts one.
type fakeWorld struct {
	sockets faketmux.Sockets
}

func newFakeWorld(env []string) *fakeWorld {
	env = slices.Clone(env)
	return &fakeWorld{sockets: faketmux.Sockets{Options: func(path string) faketmux.Options {
		return faketmux.Options{SocketPath: path, Env: env}
	}}}
}

func (w *fakeWorld) server(path string) *faketmux.Server {
	s, _ := w.sockets.Server(path)
	return s
}

// close ends every emulated server and the programs in their panes.
func (w *fakeWorld) close() { w.sockets.Close() }

// exec runs a client's command line on the server of the socket its global
// flags named, relative to its directory as tmux's -S is.
func (w *fakeWorld) exec(ctx context.Context, socket string, call faketmux.Call) int {
	if !filepath.IsAbs(socket) {
		socket = filepath.Join(call.Dir, socket)
	}
	return w.server(socket).Exec(ctx, call)
}

// tmuxAt is the tmux server on the socket at path, in the script's mode.
func (sc *script) tmuxAt(path string) server.Tmux {
	if sc.fake != nil {
		return sc.fake.server(path)
	}
	return server.ExecDialer{SocketPath: path}.Dial("")
}

// lookupIn looks a variable up in env as os.LookupEnv does in the
// environment.
func lookupIn(env []string) func(string) (string, bool) {
	return func(key string) (string, bool) {
		for i := len(env) - 1; i >= 0; i-- {
			if v, ok := strings.CutPrefix(env[i], key+"="); ok {
				return v, true
			}
		}
		return "", false
	}
}

// tmuxTimeout bounds one tmux command run by a script command, so that a
// hung (or fault-delayed) tmux fails the script instead of the whole run.
const tmuxTimeout = time.Minute

// cmdTmux is the `tmux` command: the script's tmux in this process (fake)
// or the tmux binary (real), with empty standard input in both modes.
func cmdTmux(ts *testscript.TestScript, neg bool, args []string) error {
	sc := state(ts)
	ctx, cancel := context.WithTimeout(context.Background(), tmuxTimeout)
	defer cancel()
	var code int
	if sc.fake != nil {
		// Read as cmd/faketmux's client reads it, which a separate
		// `exec tmux` process is.
		env, dir := environ(ts), ts.MkAbs(".")
		inv, status := tmuxcli.Parse(append([]string{"tmux"}, args...), lookupIn(env), ts.Stdout(), ts.Stderr())
		switch {
		case inv == nil:
			code = status
		case inv.HasShell:
			return errors.New("-c runs a shell in the client: use exec tmux")
		default:
			code = sc.fake.exec(ctx, inv.Socket, faketmux.Call{
				Args: inv.Command, Stdout: ts.Stdout(), Stderr: ts.Stderr(), Dir: dir, Env: env,
				UTF8: inv.UTF8, NoStartServer: inv.NoStartServer, Config: inv.Config(dir, lookupIn(env)),
			})
		}
	} else {
		cmd := exec.CommandContext(ctx, "tmux", args...)
		cmd.Dir, cmd.Env = ts.MkAbs("."), environ(ts)
		cmd.Stdout, cmd.Stderr = ts.Stdout(), ts.Stderr()
		if err := cmd.Run(); err != nil {
			code = -1
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			}
		}
	}
	return exitStatus(neg, code)
}

// exitStatus turns an exit status into the command's outcome under `!`.
func exitStatus(neg bool, code int) error {
	switch {
	case code != 0 && !neg:
		return fmt.Errorf("exit status %d", code)
	case code == 0 && neg:
		return errUnexpectedSuccess
	}
	return nil
}

// cmdTmuxfault injects faults into the script's emulated tmux server.
func cmdTmuxfault(ts *testscript.TestScript, neg bool, args []string) error {
	sc := state(ts)
	if sc.fake == nil {
		return fmt.Errorf("needs fake mode: guard the line with [fake] and say what stands for it in real mode")
	}
	label, path, n := "default", "", 1
	for len(args) >= 2 && strings.HasPrefix(args[0], "-") {
		switch args[0] {
		case "-L":
			label = args[1]
		case "-S":
			path = ts.MkAbs(args[1])
		case "-n":
			if _, err := fmt.Sscan(args[1], &n); err != nil || n < 1 {
				return errUsage
			}
		default:
			return errUsage
		}
		args = args[2:]
	}
	if path == "" {
		path = sc.socketPath(label)
	}
	var f faketmux.Fault
	switch {
	case len(args) == 2 && args[0] == "delay":
		d, err := time.ParseDuration(args[1])
		if err != nil {
			return err
		}
		f.Delay = d
	case len(args) == 3 && args[0] == "fail":
		if _, err := fmt.Sscan(args[1], &f.Exit); err != nil || f.Exit == 0 {
			return errUsage
		}
		f.Stderr = args[2] + "\n"
	case len(args) == 1 && args[0] == "crash":
		f.Crash = true
	default:
		return errUsage
	}
	sc.fake.server(path).InjectFault(n, f)
	return nil
}

// In fake mode, `exec tmux` is cmd/faketmux's client in bridge mode (see
// Setup): it reads its command line itself and sends it over a unix socket
// to the script that runs it. So a separate process, including a
// tmuxbuf-mcp binary whose exec backend runs `tmux`, reaches the very
// servers the script's in-process commands see.

// serveBridge answers the script's tmux clients at path; stop ends the
// service, cancelling the commands still running.
func (sc *script) serveBridge(path string) (stop func(), err error) {
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			wg.Go(func() { sc.serveConn(ctx, conn) })
		}
	})
	return func() {
		cancel()
		ln.Close()
		wg.Wait()
	}, nil
}

func (sc *script) serveConn(ctx context.Context, conn net.Conn) {
	s, err := wire.Accept(conn)
	if err != nil {
		return
	}
	s.Run(ctx, func(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) int {
		return sc.fake.exec(ctx, s.Req.Socket, s.Req.Call(stdin, stdout, stderr))
	})
}
