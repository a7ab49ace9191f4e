package jsonrpcframe

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/internal/config"
	"github.com/tmuxbuf/tmuxbuf/internal/lift"
	"github.com/tmuxbuf/tmuxbuf/internal/rawmcp"
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

// startStdio serves a server made from args, tmuxbuf-mcp's flags, with the
// fake backend unless they say otherwise, framed by frame.
func startStdio(t testing.TB, frame Config, args ...string) *rawmcp.Session {
	t.Helper()
	return rawmcp.Start(t, func(stdin io.ReadCloser, stdout io.WriteCloser, stderr io.Writer) int {
		return serveStdio(append([]string{"--backend", "fake"}, args...), frame, stdin, stdout, stderr)
	})
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
		r := rawmcp.ParseResponse(t, s.RoundTrip(t, tc.line))
		if r.Error == nil || r.Error.Code != tc.code || string(r.ID) != tc.id {
			t.Errorf("%s: answered %s %+v, want code %d with id %s", tc.name, r.ID, r.Error, tc.code, tc.id)
		}
		if r.Error != nil && strings.Contains(r.Error.Message, "xxx") {
			t.Errorf("%s: the error quotes the message: %q", tc.name, r.Error.Message)
		}
		// The server reads on; a blank line is no message at all.
		s.Send(t, "")
		ping := fmt.Sprintf(`{"jsonrpc":"2.0","id":"after %d","method":"ping"}`, i)
		if r := rawmcp.ParseResponse(t, s.RoundTrip(t, ping)); r.Error != nil || string(r.ID) != fmt.Sprintf(`"after %d"`, i) {
			t.Fatalf("after %s, a ping was answered %+v", tc.name, r)
		}
	}
	if code := s.End(); code != 0 {
		t.Errorf("exit status %d; stderr:\n%s", code, s.Stderr())
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
			line := s.RoundTrip(t, req)
			if r := rawmcp.ParseResponse(t, line); string(r.ID) != id {
				t.Errorf("%s was answered with id %s: %s", req, r.ID, line)
			}
		}
	}
	s.End()
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
		line := s.RoundTrip(t, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":`+params+`}`)
		r := rawmcp.ParseResponse(t, line)
		if r.Error == nil || strings.Contains(line, "hunter2") || len(line) > 2*MaxErrorText {
			t.Errorf("answered %.300s (%d bytes)", line, len(line))
		}
	}
	s.End()
	if strings.Contains(s.Stderr(), "hunter2") {
		t.Errorf("stderr quotes the content")
	}
}
