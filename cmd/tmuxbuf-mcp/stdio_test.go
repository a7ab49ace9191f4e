package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tmuxbuf/tmuxbuf/internal/lockedbuf"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
)

func TestParseMessageTellsRequestsNotificationsAndResponses(t *testing.T) {
	for _, tc := range []struct {
		name, msg string
		want      string // request, notification, response, or the error code
	}{
		{"call", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, "request"},
		{"string id, method first", `{"method":"x","params":{},"id":"a","jsonrpc":"2.0"}`, "request"},
		{"null id", `{"jsonrpc":"2.0","id":null,"method":"x"}`, "request"},
		{"escaped keys", `{"\u006asonrpc":"2\u002e0","\u0069d":7,"method":"x"}`, "request"},
		{"notification", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, "notification"},
		{"nested id and method", `{"jsonrpc":"2.0","method":"n","params":{"id":1,"method":"m","arguments":[{"id":2}]}}`, "notification"},
		{"strings with braces, quotes and escapes", `{"jsonrpc":"2.0","method":"tools/call","params":{"content":"}{\"id\":1,\"method\":\"x\"}\\"}}`, "notification"},
		{"keys that start like id", `{"jsonrpc":"2.0","identity":1,"method":"x","i":2}`, "notification"},
		{"spaces", " { \"jsonrpc\" : \"2.0\" , \"id\" : 3 ,\n \"method\" : \"x\" } ", "request"},
		{"response", `{"jsonrpc":"2.0","id":7,"result":{"content":[]}}`, "response"},
		{"error response", `{"jsonrpc":"2.0","id":"q","error":{"code":-1,"message":"no"}}`, "response"},
		{"a batch", `[{"jsonrpc":"2.0","id":1,"method":"a"}]`, "-32600"},
		{"not an object", `"ping"`, "-32600"},
		{"jsonrpc 1.0", `{"jsonrpc":"1.0","id":1,"method":"a"}`, "-32600"},
		{"no jsonrpc", `{"id":1,"method":"a"}`, "-32600"},
		{"no method, no id", `{"jsonrpc":"2.0","params":{}}`, "-32600"},
		{"id and nothing else", `{"jsonrpc":"2.0","id":1}`, "-32600"},
		{"result and error", `{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"x"}}`, "-32600"},
		{"method not a string", `{"jsonrpc":"2.0","id":1,"method":5}`, "-32600"},
		{"id a boolean", `{"jsonrpc":"2.0","id":true,"method":"a"}`, "-32600"},
		{"params a string", `{"jsonrpc":"2.0","method":"a","params":"x"}`, "-32600"},
		{"id twice", `{"jsonrpc":"2.0","id":1,"id":2,"method":"a"}`, "-32600"},
		{"response with a null id", `{"jsonrpc":"2.0","id":null,"result":{}}`, "-32600"},
		{"response id out of range", `{"jsonrpc":"2.0","id":1e400,"result":{}}`, "-32600"},
		{"error code not an integer", `{"jsonrpc":"2.0","id":1,"error":{"code":1.5,"message":"x"}}`, "-32600"},
		{"too deep", `{"jsonrpc":"2.0","method":"a","params":` + strings.Repeat("[", maxNesting) + strings.Repeat("]", maxNesting) + `}`, "-32700"},
		{"just deep enough", `{"jsonrpc":"2.0","method":"a","params":` + strings.Repeat("[", maxNesting-1) + strings.Repeat("]", maxNesting-1) + `}`, "notification"},
	} {
		msg := bytes.TrimSpace([]byte(tc.msg))
		m, bad := parseMessage(msg)
		got := "response"
		switch {
		case bad != nil:
			got = fmt.Sprint(bad.Code)
		case m.method.present() && m.id.present():
			got = "request"
		case m.method.present():
			got = "notification"
		}
		if got != tc.want {
			t.Errorf("%s: %s, want %s (%v)", tc.name, got, tc.want, bad)
		}
	}
}

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
	Error   *rpcError       `json:"error"`
}

func parseResponse(t testing.TB, line string) response {
	t.Helper()
	var r response
	if err := json.Unmarshal([]byte(line), &r); err != nil || r.JSONRPC != "2.0" || r.ID == nil || (r.Result == nil) == (r.Error == nil) {
		t.Fatalf("not a JSON-RPC response: %q (%v)", line, err)
	}
	return r
}

// TestMalformedLinesAreAnswered sends lines that are not valid JSON-RPC
// requests: each gets a JSON-RPC error, and the server reads on.
func TestMalformedLinesAreAnswered(t *testing.T) {
	s := startStdio(t, "--max-content-bytes", "1000")
	for i, tc := range []struct {
		name, line string
		code       int64
		id         string
	}{
		{"not JSON", `hello`, codeParseError, "null"},
		{"a trailing comma", `{"jsonrpc":"2.0","id":1,"method":"ping",}`, codeParseError, "null"},
		{"two messages on a line", `{"jsonrpc":"2.0","method":"a"} {"jsonrpc":"2.0","method":"b"}`, codeParseError, "null"},
		{"a batch", `[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, codeInvalidRequest, "null"},
		{"an empty batch", `[]`, codeInvalidRequest, "null"},
		{"jsonrpc 1.0", `{"jsonrpc":"1.0","id":"v1","method":"ping"}`, codeInvalidRequest, `"v1"`},
		{"no method", `{"jsonrpc":"2.0","id":4}`, codeInvalidRequest, "null"},
		{"a malformed notification", `{"jsonrpc":"2.0","method":["x"]}`, codeInvalidRequest, "null"},
		{"an id of the wrong type", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, codeInvalidRequest, "null"},
		{"params not structured", `{"jsonrpc":"2.0","id":5,"method":"ping","params":1}`, codeInvalidRequest, "5"},
		{"nested too deep", `{"jsonrpc":"2.0","id":6,"method":"ping","params":` + strings.Repeat("[", 1000) + strings.Repeat("]", 1000) + `}`, codeParseError, "null"},
		{"longer than the frame", `{"jsonrpc":"2.0","id":7,"method":"ping","params":{"x":"` + strings.Repeat("x", maxFrame(1000)) + `"}}`, codeInvalidRequest, "null"},
		{"a bad response", `{"jsonrpc":"2.0","id":8,"error":"no"}`, codeInvalidRequest, "null"},
	} {
		r := parseResponse(t, s.roundTrip(t, tc.line))
		if r.Error == nil || r.Error.Code != tc.code || string(r.ID) != tc.id {
			t.Errorf("%s: answered %s %+v, want code %d with id %s", tc.name, r.ID, r.Error, tc.code, tc.id)
		}
		if r.Error != nil && strings.Contains(r.Error.Message, "xxx") {
			t.Errorf("%s: the error quotes the message: %q", tc.name, r.Error.Message)
		}
		// The server reads on; a blank line is no message at all.
		s.send(t, "")
		ping := fmt.Sprintf(`{"jsonrpc":"2.0","id":"after %d","method":"ping"}`, i)
		if r := parseResponse(t, s.roundTrip(t, ping)); r.Error != nil || string(r.ID) != fmt.Sprintf(`"after %d"`, i) {
			t.Fatalf("after %s, a ping was answered %+v", tc.name, r)
		}
	}
	if code := s.end(); code != 0 {
		t.Errorf("exit status %d; stderr:\n%s", code, s.stderr)
	}
}

// TestIDsComeBackAsSent checks that a response carries its request's id
// byte for byte, whatever the SDK would make of it.
func TestIDsComeBackAsSent(t *testing.T) {
	s := startStdio(t)
	for _, id := range []string{
		`1.5`, `123456789012345678901234567890`, `-0`, `1e2`, `1E+2`, `0.000`, `9007199254740993`, `-9223372036854775809`,
		`"a"`, `""`, `"\u0041\n\"é"`, `"1"`, `null`, `0`,
	} {
		for _, req := range []string{
			`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`,
			`{"id" : ` + id + ` ,"jsonrpc":"2.0","method":"tools/call","params":{"name":"list_buffers","arguments":{}}}`,
			`{"jsonrpc":"2.0","method":"no/such/method","id":` + id + `}`,
		} {
			line := s.roundTrip(t, req)
			if r := parseResponse(t, line); string(r.ID) != id {
				t.Errorf("%s was answered with id %s: %s", req, r.ID, line)
			}
		}
	}
	s.end()
}

// TestParamsErrorsQuoteNothing sends tools/call requests whose params the
// SDK cannot decode: its error text would quote them whole, content
// included. The error that reaches the client is short and quotes nothing,
// and nothing reaches stderr.
func TestParamsErrorsQuoteNothing(t *testing.T) {
	s := startStdio(t)
	secret := "hunter2-" + strings.Repeat("s3cr3t ", 150000)
	for _, params := range []string{
		`{"name":"load_buffer","arguments":{"content":"` + secret + `"},"requestState":7}`,
		`{"name":{"content":"` + secret + `"}}`,
		`{"name":"load_buffer","_meta":"` + secret + `"}`,
	} {
		line := s.roundTrip(t, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":`+params+`}`)
		r := parseResponse(t, line)
		if r.Error == nil || strings.Contains(line, "hunter2") || len(line) > 2*maxErrorText {
			t.Errorf("answered %.300s (%d bytes)", line, len(line))
		}
	}
	s.end()
	if strings.Contains(s.stderr.String(), "hunter2") {
		t.Errorf("stderr quotes the content")
	}
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
