package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tmuxbuf/tmuxbuf/internal/lockedbuf"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
)

// The framing of stdio (package internal/jsonrpcframe) has its tests
// beside it; these run the whole program.

// stdioSession is run serving stdio in this process, with the fake backend
// unless told otherwise, and a client that speaks raw lines to it. Its
// methods take the test to fail, so that a fuzz target can share one.
type stdioSession struct {
	in     *io.PipeWriter
	lines  chan string
	exit   chan int
	stderr *lockedbuf.Buffer
}

const initialize = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`

func startStdio(t testing.TB, args ...string) *stdioSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &stdioSession{in: inW, lines: make(chan string), exit: make(chan int, 1), stderr: &lockedbuf.Buffer{}}
	go func() {
		s.exit <- run(context.Background(), append([]string{"--backend", "fake"}, args...), noEnv, inR, outW, s.stderr)
		outW.Close()
	}()
	go func() {
		defer close(s.lines)
		r := bufio.NewReader(outR)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			s.lines <- line
		}
	}()
	t.Cleanup(func() { inW.Close() })
	s.roundTrip(t, initialize)
	s.send(t, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return s
}

func (s *stdioSession) send(t testing.TB, line string) {
	t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		t.Fatalf("writing to the server: %v", err)
	}
}

// next reads the next line the server writes.
func (s *stdioSession) next(t testing.TB) string {
	t.Helper()
	select {
	case line, ok := <-s.lines:
		if !ok {
			t.Fatalf("the server closed its output; stderr:\n%s", s.stderr)
		}
		return line
	case <-time.After(time.Minute):
		t.Fatalf("no answer from the server in a minute")
	}
	return ""
}

func (s *stdioSession) roundTrip(t testing.TB, line string) string {
	t.Helper()
	s.send(t, line)
	return s.next(t)
}

// end closes the server's input and returns its exit status.
func (s *stdioSession) end() int {
	s.in.Close()
	for range s.lines {
	}
	return <-s.exit
}

// response is a JSON-RPC response, its id kept as sent.
type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   *struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func parseResponse(t testing.TB, line string) response {
	t.Helper()
	var r response
	if err := json.Unmarshal([]byte(line), &r); err != nil || r.JSONRPC != "2.0" || r.ID == nil || (r.Result == nil) == (r.Error == nil) {
		t.Fatalf("not a JSON-RPC response: %q (%v)", line, err)
	}
	return r
}

// TestCallsWrittenBeforeEOFAreAnswered writes a session's messages and
// closes standard input at once, as a shell pipe does: every call is still
// answered, and the buffer loaded is cleaned up on exit.
func TestCallsWrittenBeforeEOFAreAnswered(t *testing.T) {
	socket, tmux := privateTmux(t)
	audit := filepath.Join(t.TempDir(), "audit.jsonl")
	cmd := exec.Command(binary(t, servertest.MCPBinEnv), "--tmux-bin", tmuxBin(t), "--socket-name", socket, "--audit-log", audit)
	cmd.Stdin = strings.NewReader(strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"pipe","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"load_buffer","arguments":{"content":"piped"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/list"}`,
	}, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("tmuxbuf-mcp: %v", err)
	}
	answered := map[float64]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var msg struct {
			ID     float64         `json:"id"`
			Result json.RawMessage `json:"result"`
		}
		if err := json.Unmarshal([]byte(line), &msg); err != nil || msg.Result == nil {
			t.Fatalf("not a result: %q (%v)", line, err)
		}
		answered[msg.ID] = true
	}
	if len(answered) != 3 || !answered[1] || !answered[2] || !answered[3] {
		t.Fatalf("answered %v, want calls 1, 2 and 3:\n%s", answered, out)
	}
	if left := tmux("list-buffers", "-F", "#{buffer_name}"); left != "" {
		t.Errorf("after exit tmux still holds %q", left)
	}
}
