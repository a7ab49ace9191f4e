package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/internal/lockedbuf"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
	"github.com/tmuxbuf/tmuxbuf/tmuxtest"
)

// TestMain makes the developer's own tmux unreachable from these tests: see
// tmuxtest.Main.
func TestMain(m *testing.M) { tmuxtest.Main(m) }

// binary returns the built binary that the variable env names
// (servertest.MCPBinEnv, tmuxtest.FaketmuxBinEnv); tmuxtest builds each once
// per test run.
func binary(t testing.TB, env string) string {
	t.Helper()
	vars, err := servertest.BinEnv()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vars {
		if path, ok := strings.CutPrefix(v, env+"="); ok {
			return path
		}
	}
	t.Fatalf("servertest.BinEnv gave no %s", env)
	return ""
}

// tmuxBin is what plays tmux for the binary under test: the faketmux
// drop-in by default, the real tmux with TMUXBUF_TMUX=real.
func tmuxBin(t testing.TB) string {
	t.Helper()
	mode, err := tmuxtest.CurrentMode()
	if err != nil {
		t.Fatal(err)
	}
	if mode == tmuxtest.Real {
		return "tmux"
	}
	return binary(t, tmuxtest.FaketmuxBinEnv)
}

// sockets numbers privateTmux's sockets.
var sockets atomic.Int64

// privateTmux starts a tmux server on a fresh socket for one test.
func privateTmux(t testing.TB) (socket string, tmux func(args ...string) string) {
	t.Helper()
	bin := tmuxBin(t)
	// Numbered: a benchmark runs its function more than once.
	socket = fmt.Sprintf("m%d-%d-%s", os.Getpid(), sockets.Add(1), strings.ReplaceAll(t.Name(), "/", "-"))
	tmux = func(args ...string) string {
		t.Helper()
		out, err := exec.Command(bin, append([]string{"-L", socket}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %v: %v: %s", args, err, out)
		}
		return string(out)
	}
	tmux("-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24")
	t.Cleanup(func() { exec.Command(bin, "-L", socket, "kill-server").Run() })
	return socket, tmux
}

// startBinary runs tmuxbuf-mcp over stdio with args and connects a client.
// The command's Stderr is a *lockedbuf.Buffer.
func startBinary(t *testing.T, args ...string) (*mcp.ClientSession, *exec.Cmd) {
	t.Helper()
	cmd := exec.Command(binary(t, servertest.MCPBinEnv), append([]string{"--tmux-bin", tmuxBin(t)}, args...)...)
	cmd.Stderr = &lockedbuf.Buffer{}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return cs, cmd
}

func loadVia(t *testing.T, cs *mcp.ClientSession, content string) string {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "load_buffer", Arguments: map[string]any{"content": content}})
	if err != nil || res.IsError {
		t.Fatalf("load_buffer: %v %v", err, res)
	}
	return res.StructuredContent.(map[string]any)["buffer_name"].(string)
}

// TestStdioBinary drives the built binary over stdio, with each backend
// that runs a tmux binary (in fake mode, faketmux's): a byte-exact round
// trip, then the end of stdin, after which it must have deleted its own
// buffers and only those.
func TestStdioBinary(t *testing.T) {
	for _, backend := range []string{"exec", "control"} {
		t.Run(backend, func(t *testing.T) { testStdioBinary(t, backend) })
	}
}

func testStdioBinary(t *testing.T, backend string) {
	socket, tmux := privateTmux(t)
	tmux("set-buffer", "-b", "clipboard", "the user's")
	audit := filepath.Join(t.TempDir(), "audit.jsonl")
	cs, cmd := startBinary(t, "--backend", backend, "--socket-name", socket, "--audit-log", audit)

	content := "multi\r\nline\x00\tcontent ✓\n"
	name := loadVia(t, cs, content)
	res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "show_buffer", Arguments: map[string]any{"buffer_name": name}})
	if err != nil || res.IsError || res.StructuredContent.(map[string]any)["content"] != content {
		t.Fatalf("show_buffer: %v %+v", err, res)
	}
	cs.Close() // closes stdin, then waits for the process to exit
	if got := cmd.ProcessState.ExitCode(); got != 0 {
		t.Errorf("exit status %d after the end of stdin", got)
	}
	left := strings.Fields(tmux("list-buffers", "-F", "#{buffer_name}"))
	if !slices.Equal(left, []string{"clipboard"}) {
		t.Errorf("after exit tmux holds %v, want only the user's clipboard", left)
	}
	if backend == "control" {
		if clients := tmux("list-clients"); clients != "" {
			t.Errorf("after exit the control client is still attached: %q", clients)
		}
	}
	log, _ := os.ReadFile(audit)
	if strings.Count(string(log), "\n") != 2 || strings.Contains(string(log), "multi") {
		t.Errorf("audit log should hold two redacted records:\n%s", log)
	}
}

func TestKeepBuffers(t *testing.T) {
	socket, tmux := privateTmux(t)
	cs, _ := startBinary(t, "--keep-buffers", "--socket-name", socket)
	name := loadVia(t, cs, "kept")
	cs.Close()
	if got := tmux("show-buffer", "-b", name); got != "kept" {
		t.Errorf("--keep-buffers: buffer holds %q after exit", got)
	}
}

// TestSignalCleansUp stops the server with SIGTERM, as a client manager does.
func TestSignalCleansUp(t *testing.T) {
	socket, tmux := privateTmux(t)
	cs, cmd := startBinary(t, "--socket-name", socket)
	name := loadVia(t, cs, "x")
	cmd.Process.Signal(os.Interrupt)
	cs.Close() // waits for the process to exit
	if out := tmux("list-buffers", "-F", "#{buffer_name}"); strings.Contains(out, name) {
		t.Errorf("after SIGINT the server's buffer %s survived", name)
	}
}

// TestSeveralProcesses runs server processes side by side on one tmux
// server: no name is handed out twice and no load is lost.
func TestSeveralProcesses(t *testing.T) {
	socket, tmux := privateTmux(t)
	const procs, each = 4, 25
	names := make(chan string, procs*each)
	var wg sync.WaitGroup
	for p := range procs {
		cs, _ := startBinary(t, "--keep-buffers", "--socket-name", socket)
		t.Cleanup(func() { cs.Close() })
		for i := range each {
			wg.Go(func() { names <- loadVia(t, cs, fmt.Sprintf("%d/%d", p, i)) })
		}
	}
	wg.Wait()
	close(names)
	inTmux := tmux("list-buffers", "-F", "#{buffer_name}")
	seen := map[string]bool{}
	for name := range names {
		if seen[name] {
			t.Fatalf("%s handed out twice", name)
		}
		seen[name] = true
		if !strings.Contains(inTmux, name+"\n") {
			t.Errorf("%s is missing from tmux", name)
		}
	}
	if len(seen) != procs*each {
		t.Errorf("%d buffers, want %d", len(seen), procs*each)
	}
}

func TestVersion(t *testing.T) {
	var out strings.Builder
	if code := run(t.Context(), []string{"--version"}, noEnv, nil, nopWriteCloser{&out}, io.Discard); code != 0 || !strings.HasPrefix(out.String(), "tmuxbuf-mcp ") {
		t.Errorf("--version: exit %d, printed %q", code, out.String())
	}
}

// TestBadOptionsExit: the binary refuses bad options before it serves,
// with exit status 2: an unknown tier, a key file others may read (saying
// which file and how to fix it, not the key).
func TestBadOptionsExit(t *testing.T) {
	if code := run(t.Context(), []string{"--safety", "godmode"}, noEnv, nil, nil, io.Discard); code != 2 {
		t.Errorf("an unknown tier exited %d, want 2", code)
	}
	key := strings.Repeat("0123456789abcdef", 3)
	loose := filepath.Join(t.TempDir(), "loose")
	if err := os.WriteFile(loose, []byte(key+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(loose, 0o644); err != nil { // whatever the umask
		t.Fatal(err)
	}
	var stderr strings.Builder
	if code := run(t.Context(), []string{"--audit-key-file", loose}, noEnv, nil, nil, &stderr); code != 2 {
		t.Errorf("a key file others can read: exit %d, want 2", code)
	}
	if msg := stderr.String(); !strings.Contains(msg, loose) || !strings.Contains(msg, "chmod 600") || strings.Contains(msg, key) {
		t.Errorf("a key file others can read: %q, want the file named, the fix, and not the key", msg)
	}
}

func noEnv(string) string { return "" }

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
