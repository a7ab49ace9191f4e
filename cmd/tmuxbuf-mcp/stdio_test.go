package main

import (
	"context"
	"encoding/json"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/internal/rawmcp"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
)

// The framing of stdio (package internal/jsonrpcframe) has its tests
// beside it; these run the whole program.

// startStdio serves run on stdio in this process, with the fake backend
// unless args say otherwise.
func startStdio(t testing.TB, args ...string) *rawmcp.Session {
	t.Helper()
	return rawmcp.Start(t, func(stdin io.ReadCloser, stdout io.WriteCloser, stderr io.Writer) int {
		return run(context.Background(), append([]string{"--backend", "fake"}, args...), noEnv, stdin, stdout, stderr)
	})
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
