package tmuxtest

import (
	"bytes"
	"context"
	"encoding/gob"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/tmuxbuf/tmuxbuf/faketmux"
	"github.com/tmuxbuf/tmuxbuf/server"
)

// fakeWorld is a script's machine in fake mode: one emulated tmux server
// per socket path, made on first use. Like tmux, a socket with no server
// answers with a connection error until a command starts one.
type fakeWorld struct {
	env     []string
	mu      sync.Mutex
	servers map[string]*faketmux.Server
}

func newFakeWorld(env []string) *fakeWorld {
	return &fakeWorld{env: slices.Clone(env), servers: map[string]*faketmux.Server{}}
}

func (w *fakeWorld) server(path string) *faketmux.Server {
	w.mu.Lock()
	defer w.mu.Unlock()
	s, ok := w.servers[path]
	if !ok {
		s = faketmux.New(faketmux.Options{SocketPath: path, Env: w.env})
		w.servers[path] = s
	}
	return s
}

// close ends every emulated server and the programs in their panes.
func (w *fakeWorld) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, s := range w.servers {
		s.Close()
	}
}

// tmuxAt is the tmux server on the socket at path, in the script's mode.
func (sc *script) tmuxAt(path string) server.Tmux {
	if sc.fake != nil {
		return sc.fake.server(path)
	}
	return server.ExecDialer{SocketPath: path}.Dial("")
}

// runFake runs one tmux invocation, global flags and all, on the script's
// emulated servers, finding the socket as tmux does: -S, else -L (or
// "default") under $TMUX_TMPDIR/tmux-UID.
func (sc *script) runFake(ctx context.Context, call faketmux.Call) int {
	g, ok := parseGlobals(call.Args, call.Stdout, call.Stderr)
	if !ok {
		return g.exit
	}
	path := g.path
	switch {
	case path == "":
		tmpdir := envValue(call.Env, "TMUX_TMPDIR")
		if tmpdir == "" {
			tmpdir = "/tmp"
		}
		path = socketPath(tmpdir, g.label)
	case !filepath.IsAbs(path):
		path = filepath.Join(call.Dir, path)
	}
	call.Args = g.args
	return sc.fake.server(path).Exec(ctx, call)
}

// globals are the global flags of one tmux invocation.
type globals struct {
	label, path string
	args        []string
	exit        int
}

// parseGlobals reads the global flags tmux's clients use. It is not a full
// tmux front end (cmd/faketmux is): it refuses, by name, the flags the fake
// does not model, rather than ignore them. -f is accepted and ignored, so
// scripts should give only -f /dev/null.
func parseGlobals(argv []string, stdout, stderr io.Writer) (g globals, ok bool) {
	g.label = "default"
	i := 0
	for ; i < len(argv); i++ {
		arg := argv[i]
		if arg == "--" {
			i++
			break
		}
		if len(arg) < 2 || arg[0] != '-' {
			break
		}
		for j := 1; j < len(arg); j++ {
			switch c := arg[j]; c {
			case '2', 'u', 'N', 'l', 'q':
			case 'V':
				fmt.Fprintln(stdout, "tmux 3.3a")
				return g, false
			case 'L', 'S', 'f':
				v := arg[j+1:]
				if v == "" {
					if i+1 >= len(argv) {
						fmt.Fprintf(stderr, "tmux: option requires an argument -- %c\n", c)
						g.exit = 1
						return g, false
					}
					i++
					v = argv[i]
				}
				switch c {
				case 'L':
					g.label = v
				case 'S':
					g.path = v
				}
				j = len(arg)
			default:
				fmt.Fprintf(stderr, "tmuxtest: tmux global flag -%c is not emulated in fake mode\n", c)
				g.exit = 1
				return g, false
			}
		}
	}
	g.args = argv[i:]
	return g, true
}

func envValue(env []string, key string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], key+"="); ok {
			return v
		}
	}
	return ""
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
		code = sc.runFake(ctx, faketmux.Call{Args: args, Stdout: ts.Stdout(), Stderr: ts.Stderr(), Dir: ts.MkAbs("."), Env: environ(ts)})
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

// In fake mode, `exec tmux` runs the test binary under the name tmux (see
// Main), which forwards its invocation over a unix socket to the script
// that runs it. So a separate process, including a tmuxbuf-mcp binary whose
// exec backend runs `tmux`, reaches the very servers the script's in-process
// commands see.

// bridgeEnv names the socket of the running script's bridge.
const bridgeEnv = "TMUXTEST_BRIDGE"

type bridgeRequest struct {
	Args  []string
	Dir   string
	Env   []string
	Stdin []byte
}

type bridgeReply struct {
	Stdout, Stderr []byte
	Exit           int
}

// serveBridge serves the script's tmux invocations at path; stop ends the
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
	defer conn.Close()
	var req bridgeRequest
	if err := gob.NewDecoder(conn).Decode(&req); err != nil {
		return
	}
	// The client sends nothing after its request, so a read that returns
	// means it went away: killed by its caller's timeout, say. Its command
	// is cancelled then, as tmux's would be.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		conn.Read(make([]byte, 1))
		cancel()
	}()
	var stdout, stderr bytes.Buffer
	code := sc.runFake(ctx, faketmux.Call{
		Args: req.Args, Stdin: bytes.NewReader(req.Stdin),
		Stdout: &stdout, Stderr: &stderr, Dir: req.Dir, Env: req.Env,
	})
	gob.NewEncoder(conn).Encode(bridgeReply{Stdout: stdout.Bytes(), Stderr: stderr.Bytes(), Exit: code})
}

// shimMain is the test binary running as `tmux`.
func shimMain() int {
	path := os.Getenv(bridgeEnv)
	if path == "" {
		fmt.Fprintln(os.Stderr, "tmuxtest: this tmux is fake mode's stand-in; it works only inside a tmuxtest script")
		return 1
	}
	req := bridgeRequest{Args: os.Args[1:], Env: os.Environ()}
	req.Dir, _ = os.Getwd()
	// tmux reads standard input only for `-` (load-buffer -); reading it
	// otherwise could block on a terminal.
	if slices.Contains(req.Args, "-") {
		var err error
		if req.Stdin, err = io.ReadAll(os.Stdin); err != nil {
			fmt.Fprintln(os.Stderr, "tmuxtest:", err)
			return 1
		}
	}
	conn, err := net.Dial("unix", path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tmuxtest: the script's tmux bridge:", err)
		return 1
	}
	defer conn.Close()
	var rep bridgeReply
	if err = gob.NewEncoder(conn).Encode(req); err == nil {
		err = gob.NewDecoder(conn).Decode(&rep)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "tmuxtest: the script's tmux bridge:", err)
		return 1
	}
	os.Stdout.Write(rep.Stdout)
	os.Stderr.Write(rep.Stderr)
	return rep.Exit
}
