package jsonrpcframe

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/tmuxbuf/tmuxbuf/internal/config"
	"github.com/tmuxbuf/tmuxbuf/internal/lift"
	"github.com/tmuxbuf/tmuxbuf/internal/lockedbuf"
	"github.com/tmuxbuf/tmuxbuf/server"
	"github.com/tmuxbuf/tmuxbuf/tmuxtest"
)

// TestMain makes the developer's own tmux unreachable from these tests: see
// tmuxtest.Main.
func TestMain(m *testing.M) { tmuxtest.Main(m) }

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

// stdioSession is a server served on stdio in this process (serveStdio),
// and a client that speaks raw lines to it. Its methods take the test to
// fail, so that a fuzz target can share one.
type stdioSession struct {
	in     *io.PipeWriter
	lines  chan string
	exit   chan int
	stderr *lockedbuf.Buffer
}

const initialize = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`

// startStdio serves a server made from args, tmuxbuf-mcp's flags, with the
// fake backend unless they say otherwise, framed by frame.
func startStdio(t testing.TB, frame Config, args ...string) *stdioSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &stdioSession{in: inW, lines: make(chan string), exit: make(chan int, 1), stderr: &lockedbuf.Buffer{}}
	go func() {
		s.exit <- serveStdio(append([]string{"--backend", "fake"}, args...), frame, inR, outW, s.stderr)
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

// serveStdio is tmuxbuf-mcp on stdio, as its run has it, framed by frame
// (whose MaxMessage and Patience are the command's when 0), and returns
// the exit status.
func serveStdio(argv []string, frame Config, stdin io.Reader, stdout io.Writer, stderr io.Writer) int {
	opts, err := config.Parse(argv, noEnv, stderr)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	cfg, release, err := opts.Server(stderr)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	defer release()
	srv, err := server.New(cfg)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if frame.MaxMessage == 0 {
		frame.MaxMessage = MaxMessage(cfg.MaxContentBytes)
	}
	if frame.Patience == 0 {
		frame.Patience = 3*cfg.Timeout + cfg.WaitMax
	}
	status := 0
	if err := ServeStdio(context.Background(), srv.MCP(), lift.TableOf(srv), stdin, stdout, frame); err != nil {
		fmt.Fprintln(stderr, err)
		status = 1
	}
	if err := opts.Cleanup(srv); err != nil {
		fmt.Fprintln(stderr, err)
		status = 1
	}
	return status
}

func noEnv(string) string { return "" }

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
	s := startStdio(t, Config{}, "--max-content-bytes", "1000")
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
		{"longer than the frame", `{"jsonrpc":"2.0","id":7,"method":"ping","params":{"x":"` + strings.Repeat("x", MaxMessage(1000)) + `"}}`, codeInvalidRequest, "null"},
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
	s := startStdio(t, Config{})
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
	s := startStdio(t, Config{})
	secret := "hunter2-" + strings.Repeat("s3cr3t ", 150000)
	for _, params := range []string{
		`{"name":"load_buffer","arguments":{"content":"` + secret + `"},"requestState":7}`,
		`{"name":{"content":"` + secret + `"}}`,
		`{"name":"load_buffer","_meta":"` + secret + `"}`,
	} {
		line := s.roundTrip(t, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":`+params+`}`)
		r := parseResponse(t, line)
		if r.Error == nil || strings.Contains(line, "hunter2") || len(line) > 2*MaxErrorText {
			t.Errorf("answered %.300s (%d bytes)", line, len(line))
		}
	}
	s.end()
	if strings.Contains(s.stderr.String(), "hunter2") {
		t.Errorf("stderr quotes the content")
	}
}
