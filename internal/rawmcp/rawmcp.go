// Package rawmcp is a test client that speaks raw JSON-RPC lines to an MCP
// server served on stdio in the test's own process. The tests of the
// framing (internal/jsonrpcframe) and of tmuxbuf-mcp's whole program use
// it where they must see the bytes exactly as sent, which no SDK client
// shows. Only tests import it: it takes a testing.TB.
package rawmcp

import (
	"bufio"
	"encoding/json"
	"io"
	mathrand "math/rand/v2"
	"testing"
	"time"

	"github.com/tmuxbuf/tmuxbuf/internal/lockedbuf"
)

// Initialize is the initialize request Start sends.
const Initialize = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`

// Serve serves one session on stdin and stdout, as tmuxbuf-mcp's stdio
// transport does, and returns its exit status.
type Serve func(stdin io.ReadCloser, stdout io.WriteCloser, stderr io.Writer) int

// Session is a server that serve runs, and a client of it. Its methods
// take the test to fail, so that a fuzz target can share one session.
type Session struct {
	in     *io.PipeWriter
	lines  chan string
	exit   chan int
	stderr *lockedbuf.Buffer
}

// Start serves a session with serve and initializes it.
func Start(t testing.TB, serve Serve) *Session {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &Session{in: inW, lines: make(chan string), exit: make(chan int, 1), stderr: &lockedbuf.Buffer{}}
	go func() {
		s.exit <- serve(inR, outW, s.stderr)
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
	s.RoundTrip(t, Initialize)
	s.Send(t, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return s
}

// Send writes line, and its newline, to the server.
func (s *Session) Send(t testing.TB, line string) {
	t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		t.Fatalf("writing to the server: %v", err)
	}
}

// Next reads the next line the server writes.
func (s *Session) Next(t testing.TB) string {
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

// RoundTrip sends line and reads the next line the server writes.
func (s *Session) RoundTrip(t testing.TB, line string) string {
	t.Helper()
	s.Send(t, line)
	return s.Next(t)
}

// End closes the server's input and returns its exit status.
func (s *Session) End() int {
	s.in.Close()
	for range s.lines {
	}
	return <-s.exit
}

// Stderr is what the server has written to its standard error so far.
func (s *Session) Stderr() string { return s.stderr.String() }

// Response is a JSON-RPC response, its id kept as sent.
type Response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   *Error          `json:"error"`
}

// Error is a JSON-RPC error object.
type Error struct {
	Code    int64  `json:"code"`
	Message string `json:"message"`
}

// ParseResponse reads line as a JSON-RPC response, failing the test when
// it is not one: an id, and exactly one of result and error.
func ParseResponse(t testing.TB, line string) Response {
	t.Helper()
	var r Response
	if err := json.Unmarshal([]byte(line), &r); err != nil || r.JSONRPC != "2.0" || r.ID == nil || (r.Result == nil) == (r.Error == nil) {
		t.Fatalf("not a JSON-RPC response: %q (%v)", line, err)
	}
	return r
}

// LargeContent is size bytes of text in lines of about 60 characters, with
// the characters JSON escapes among them: the same for every call, so that
// benchmarks compare like with like.
func LargeContent(size int) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,;:-_=+()[]{}<>/\\\"'\t"
	r := mathrand.New(mathrand.NewPCG(1, 2))
	b := make([]byte, size)
	for i := range b {
		if r.IntN(60) == 0 {
			b[i] = '\n'
		} else {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
	}
	return string(b)
}
