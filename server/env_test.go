package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/faketmux"
	"github.com/tmuxbuf/tmuxbuf/internal/config"
	"github.com/tmuxbuf/tmuxbuf/server"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
	"github.com/tmuxbuf/tmuxbuf/tmuxtest"
	"strconv"
	"syscall"
)

// TestMain makes the developer's own tmux unreachable from these tests: see
// tmuxtest.Main.
func TestMain(m *testing.M) { tmuxtest.Main(m) }

// realTmux reports whether the tests run against the tmux on PATH
// (TMUXBUF_TMUX=real) rather than the in-process emulator (the default).
func realTmux(t testing.TB) bool {
	t.Helper()
	mode, err := tmuxtest.CurrentMode()
	if err != nil {
		t.Fatal(err)
	}
	return mode == tmuxtest.Real
}

// tmuxEnv is one private tmux server for one test, with an MCP client
// connected to a tmuxbuf server in front of it.
type tmuxEnv struct {
	t       *testing.T
	bin     string // the tmux binary; "" for the in-process emulator
	socket  string
	sockets server.Dialer      // every socket the test may name
	fake    *config.FakeDialer // nil against real tmux
	srv     *server.Server
	client  *mcp.ClientSession
	schemas outputSchemas // what srv advertises, which call checks every success against
	audit   *bytes.Buffer // the JSON handler serialises its writes; read only between calls
}

var socketSeq struct {
	sync.Mutex
	n int
}

// newEnv starts a tmux server on a fresh socket, with one session "main"
// whose pane runs sh, and a tmuxbuf server whose configured socket it is.
func newEnv(t *testing.T, configure ...func(*server.Config)) *tmuxEnv {
	t.Helper()
	bin := ""
	if realTmux(t) {
		bin = "tmux"
	}
	return newEnvOn(t, bin, configure...)
}

// newEnvOn is newEnv on the tmux binary bin, run as a process for every
// command, or on the in-process emulator when bin is "".
func newEnvOn(t *testing.T, bin string, configure ...func(*server.Config)) *tmuxEnv {
	t.Helper()
	socketSeq.Lock()
	socketSeq.n++
	socket := fmt.Sprintf("t%d-%d", os.Getpid(), socketSeq.n)
	socketSeq.Unlock()
	e := &tmuxEnv{t: t, bin: bin, socket: socket, audit: &bytes.Buffer{}}
	if bin != "" {
		e.sockets = server.ExecDialer{Bin: bin, SocketName: socket}
		e.mustTmux("-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "80", "-y", "24", "sh")
		t.Cleanup(func() { exec.Command(bin, "-L", socket, "kill-server").Run() })
	} else {
		sockets := &faketmux.Sockets{}
		t.Cleanup(sockets.Close)
		e.fake = &config.FakeDialer{Sockets: sockets, SocketPath: func(socket string) string {
			return filepath.Join(os.Getenv("TMUX_TMPDIR"), "tmux-fake", socket)
		}}
		e.sockets = e.fake
		e.mustTmux("new-session", "-d", "-s", "main", "-x", "80", "-y", "24", "sh")
	}
	e.connect(configure...)
	return e
}

// connect (re)starts the tmuxbuf server with cfg changed by configure.
func (e *tmuxEnv) connect(configure ...func(*server.Config)) {
	e.t.Helper()
	cfg := server.Config{
		Tmux:  e.dialer(),
		Audit: server.NewAuditLogger(e.audit),
	}
	for _, c := range configure {
		c(&cfg)
	}
	srv, err := server.New(cfg)
	if err != nil {
		e.t.Fatal(err)
	}
	e.srv = srv
	e.client = servertest.Connect(e.t, srv)
	e.schemas = listOutputSchemas(e.t, e.client)
}

// dialer reaches the test's tmux server as the configured socket, and
// others by name.
func (e *tmuxEnv) dialer() server.Dialer { return defaultSocket{e.sockets, e.socket} }

type defaultSocket struct {
	server.Dialer
	name string
}

func (d defaultSocket) Dial(socket string) server.Tmux {
	if socket == "" {
		socket = d.name
	}
	return d.Dialer.Dial(socket)
}

func (d defaultSocket) LiveSockets() []string { return d.Dialer.(server.ServerFinder).LiveSockets() }

func (d defaultSocket) DialPath(path string) (server.Tmux, bool) {
	return d.Dialer.(server.ServerFinder).DialPath(path)
}

// tmux runs a raw tmux command on the test's server.
func (e *tmuxEnv) tmux(args ...string) (stdout, stderr string, err error) {
	return e.tmuxOn(e.socket, args...)
}

// tmuxOn runs a raw tmux command on the server for socket.
func (e *tmuxEnv) tmuxOn(socket string, args ...string) (stdout, stderr string, err error) {
	var out, errb bytes.Buffer
	if code := e.sockets.Dial(socket).Run(context.Background(), args, nil, &out, &errb); code != 0 {
		err = fmt.Errorf("exit status %d", code)
	}
	return out.String(), errb.String(), err
}

// fakeServer is the emulated tmux server on socket, in fake mode.
func (e *tmuxEnv) fakeServer(socket string) *faketmux.Server {
	srv, _ := e.fake.Sockets.Server(e.fake.SocketPath(socket))
	return srv
}

func (e *tmuxEnv) mustTmux(args ...string) string {
	e.t.Helper()
	out, stderr, err := e.tmux(args...)
	if err != nil {
		e.t.Fatalf("tmux %v: %v: %s", args, err, stderr)
	}
	return out
}

// bufferNames lists every buffer on the test's tmux server, most recent first.
func (e *tmuxEnv) bufferNames() []string {
	e.t.Helper()
	out, stderr, err := e.tmux("list-buffers", "-F", "#{buffer_name}")
	if err != nil {
		if strings.Contains(stderr, "no server running") {
			return nil
		}
		e.t.Fatalf("list-buffers: %v: %s", err, stderr)
	}
	return strings.Fields(out)
}

// call makes a tool call that must not be a protocol error and, if it
// succeeds, must answer as the tool's advertised output schema says.
func (e *tmuxEnv) call(tool string, args any) *mcp.CallToolResult {
	e.t.Helper()
	res, err := e.client.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		e.t.Fatalf("%s: protocol error: %v", tool, err)
	}
	if !res.IsError {
		if err := e.schemas.check(tool, res); err != nil {
			e.t.Errorf("%s(%s): %v", tool, shortJSON(args), err)
		}
	}
	return res
}

// ok makes a call that must succeed and returns its structured result.
func (e *tmuxEnv) ok(tool string, args any) map[string]any {
	e.t.Helper()
	res := e.call(tool, args)
	if res.IsError {
		e.t.Fatalf("%s(%s): tool error: %s", tool, shortJSON(args), servertest.ResultText(res))
	}
	out, _ := res.StructuredContent.(map[string]any)
	return out
}

// fails makes a call that must be a tool error and returns its text.
func (e *tmuxEnv) fails(tool string, args any) string {
	e.t.Helper()
	res := e.call(tool, args)
	if !res.IsError {
		e.t.Fatalf("%s(%s) succeeded, want a tool error; got %s", tool, shortJSON(args), servertest.ResultText(res))
	}
	return servertest.ResultText(res)
}

// load loads content and returns the buffer's name.
func (e *tmuxEnv) load(content string) string {
	e.t.Helper()
	return e.ok("load_buffer", map[string]any{"content": content})["buffer_name"].(string)
}

func shortJSON(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 200 {
		return string(b[:200]) + "…"
	}
	return string(b)
}

// killServer kills the test's tmux server and waits until it has gone:
// tmux's kill-server returns before the server has exited, and a client
// that connects meanwhile gets "server exited unexpectedly".
func (e *tmuxEnv) killServer() {
	e.t.Helper()
	e.mustTmux("kill-server")
	waitFor(e.t, "the tmux server to exit", func() (bool, string) {
		_, stderr, err := e.tmux("has-session")
		gone := strings.HasPrefix(stderr, "no server running") || strings.HasPrefix(stderr, "error connecting")
		return err != nil && gone, stderr
	})
}

// waitFor polls cond until it holds, failing the test after a generous
// deadline: pane programs run on their own schedule on a shared machine.
func waitFor(t *testing.T, what string, cond func() (bool, string)) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		ok, state := cond()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s; last seen: %s", what, state)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// stoppedTmux stops the test's tmux server with SIGSTOP, as a hung server
// would be, and returns the function that resumes it (also run at the end
// of the test, so that a failing test leaves nothing stopped).
func stoppedTmux(t *testing.T, e *tmuxEnv) (resume func()) {
	t.Helper()
	pid, err := strconv.Atoi(strings.TrimSpace(e.mustTmux("display-message", "-p", "#{pid}")))
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	resume = sync.OnceFunc(func() { syscall.Kill(pid, syscall.SIGCONT) })
	t.Cleanup(resume)
	// kill returns before the stop takes: a loaded machine has let the
	// faketmux daemon, whose threads must each be scheduled to stop, answer
	// a command sent after it. Only a server whose every thread is stopped
	// is hung.
	waitFor(t, "tmux to stop", func() (bool, string) {
		states, err := threadStates(pid)
		return err == nil && strings.Trim(states, "tT") == "", fmt.Sprint(states, err)
	})
	return resume
}

// threadStates is the state letter of each thread of process pid, from
// /proc/pid/task/*/stat (T or t: stopped).
func threadStates(pid int) (string, error) {
	stats, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/stat", pid))
	if err != nil || len(stats) == 0 {
		return "", fmt.Errorf("no threads of %d: %v", pid, err)
	}
	var states strings.Builder
	for _, path := range stats {
		b, err := os.ReadFile(path)
		if err != nil {
			return "", err
		}
		// The state follows the command name, which is in parentheses
		// and may hold anything, spaces and ')' included.
		_, rest, ok := strings.Cut(string(b[bytes.LastIndexByte(b, ')')+1:]), " ")
		if !ok || rest == "" {
			return "", fmt.Errorf("%s: %q", path, b)
		}
		states.WriteByte(rest[0])
	}
	return states.String(), nil
}
