package main

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/tmuxtest"
)

func TestMessageScannerTellsCallsFromResponses(t *testing.T) {
	for _, tc := range []struct {
		name             string
		stream           string
		calls, responses int
	}{
		{"call", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, 1, 0},
		{"string id, method first", `{"method":"x","params":{},"id":"a"}`, 1, 0},
		{"notification", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, 0, 0},
		{"null id", `{"jsonrpc":"2.0","id":null,"method":"x"}`, 0, 0},
		{"response", `{"jsonrpc":"2.0","id":7,"result":{"content":[]}}`, 0, 1},
		{"error response", `{"jsonrpc":"2.0","id":"q","error":{"code":-1,"message":"no"}}`, 0, 1},
		{"nested id and method", `{"jsonrpc":"2.0","method":"n","params":{"id":1,"method":"m","arguments":[{"id":2}]}}`, 0, 0},
		{"strings with braces, quotes and escapes", `{"id":1,"method":"tools/call","params":{"content":"}{\"id\":1,\"method\":\"x\"}\\"}}`, 1, 0},
		{"keys that start like id", `{"identity":1,"method":"x"} {"i":1,"method":"x"}`, 0, 0},
		{"spaces", " { \"id\" : 3 ,\n \"method\" : \"x\" }\n", 1, 0},
		{"a batch", `[{"id":1,"method":"a"},{"method":"b"},{"id":2,"method":"c"}]`, 2, 0},
		{"several lines", "{\"id\":1,\"method\":\"a\"}\n{\"id\":1,\"result\":{}}\n{\"id\":2,\"method\":\"b\"}\n", 2, 1},
	} {
		var whole messageScanner
		got := whole.feed([]byte(tc.stream))
		if got.calls != tc.calls || got.responses != tc.responses {
			t.Errorf("%s: %d calls, %d responses; want %d and %d", tc.name, got.calls, got.responses, tc.calls, tc.responses)
		}
		// Reads and writes split messages anywhere.
		var bytewise messageScanner
		var sum scanned
		for i := range len(tc.stream) {
			s := bytewise.feed([]byte{tc.stream[i]})
			sum.calls += s.calls
			sum.responses += s.responses
		}
		if sum != got {
			t.Errorf("%s: byte by byte %+v, whole %+v", tc.name, sum, got)
		}
	}
}

// TestCallsWrittenBeforeEOFAreAnswered writes a session's messages and
// closes standard input at once, as a shell pipe does: every call is still
// answered, and the buffer loaded is cleaned up on exit.
func TestCallsWrittenBeforeEOFAreAnswered(t *testing.T) {
	socket, tmux := privateTmux(t)
	audit := filepath.Join(t.TempDir(), "audit.jsonl")
	cmd := exec.Command(binary(t, tmuxtest.MCPBinEnv), "--tmux-bin", tmuxBin(t), "--socket-name", socket, "--audit-log", audit)
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
