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
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli/serve"
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli/wire"
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

// Tmux runs one tmux command line on one tmux server: the argv without
// the binary and its global flags, standard input, standard output and
// standard error in, the exit status out. faketmux.Server has this method,
// as has the tmuxbuf MCP server's own view of tmux.
type Tmux interface {
	Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// tmuxAt is the tmux server on the socket at path, in the script's mode.
func (sc *script) tmuxAt(path string) Tmux {
	if sc.fake != nil {
		return sc.fake.server(path)
	}
	return tmuxBinary{path}
}

// tmuxBinary is the tmux on PATH, run once per command line on one socket.
type tmuxBinary struct{ socketPath string }

func (t tmuxBinary) Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd := exec.CommandContext(ctx, "tmux", append([]string{"-S", t.socketPath}, args...)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	return exitCode(cmd.Run())
}

// exitCode is the exit status that err, from exec.Cmd's Run, stands for:
// -1 when the program could not run or was killed.
func exitCode(err error) int {
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.ExitCode()
	}
	return -1
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
		env, dir := Environ(ts), ts.MkAbs(".")
		inv, status := tmuxcli.Parse(append([]string{"tmux"}, args...), tmuxcli.LookupIn(env), ts.Stdout(), ts.Stderr())
		switch {
		case inv == nil:
			code = status
		case inv.HasShell:
			return errors.New("-c runs a shell in the client: use exec tmux")
		default:
			req := &wire.Req{
				NoStartServer: inv.NoStartServer, UTF8: inv.UTF8, Args: inv.Command, Dir: dir, Env: env, Configs: inv.Configs,
			}
			code = sc.fake.exec(ctx, inv.Socket, serve.Call(req, nil, ts.Stdout(), ts.Stderr()))
		}
	} else {
		cmd := exec.CommandContext(ctx, "tmux", args...)
		cmd.Dir, cmd.Env = ts.MkAbs("."), Environ(ts)
		cmd.Stdout, cmd.Stderr = ts.Stdout(), ts.Stderr()
		code = exitCode(cmd.Run())
	}
	return ExitStatus(neg, code)
}

// ExitStatus turns an exit status into a Command's outcome under `!`.
func ExitStatus(neg bool, code int) error {
	switch {
	case code != 0 && !neg:
		return fmt.Errorf("exit status %d", code)
	case code == 0 && neg:
		return ErrUnexpectedSuccess
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
				return ErrUsage
			}
		default:
			return ErrUsage
		}
		args = args[2:]
	}
	if path == "" {
		path = sc.socketPath(label)
	}
	var f faketmux.Fault
	switch {
	case len(args) == 1 && args[0] == "stop":
		sc.fake.server(path).Stop()
		return nil
	case len(args) == 1 && args[0] == "cont":
		sc.fake.server(path).Continue()
		return nil
	case len(args) == 2 && args[0] == "delay":
		d, err := time.ParseDuration(args[1])
		if err != nil {
			return err
		}
		f.Delay = d
	case len(args) == 3 && args[0] == "fail":
		if _, err := fmt.Sscan(args[1], &f.Exit); err != nil || f.Exit == 0 {
			return ErrUsage
		}
		f.Stderr = args[2] + "\n"
	case len(args) == 1 && args[0] == "crash":
		f.Crash = true
	default:
		return ErrUsage
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
		return sc.fake.exec(ctx, s.Req.Socket, serve.SessionCall(s, stdin, stdout, stderr))
	})
}
