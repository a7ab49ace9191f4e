package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/internal/jsonrpcframe"
)

func TestHTTPListenAddress(t *testing.T) {
	for addr, ok := range map[string]bool{
		"127.0.0.1:8080": true, "[::1]:8080": true, "localhost:0": true,
		"0.0.0.0:8080": false, ":8080": false, "192.168.1.4:80": false, "nonsense": false,
	} {
		if err := checkListenAddr(addr, false); (err == nil) != ok {
			t.Errorf("checkListenAddr(%q) = %v", addr, err)
		}
	}
	if err := checkListenAddr("0.0.0.0:8080", true); err != nil {
		t.Errorf("--http-allow-remote did not allow 0.0.0.0: %v", err)
	}
}

// httpServer is tmuxbuf-mcp --http with the fake backend on a free loopback
// port, run in process.
type httpServer struct {
	url    string
	said   string // what it wrote on stderr up to the line saying where it serves
	cancel context.CancelFunc
	done   chan int
	once   sync.Once
}

// startHTTP runs the server with args and env until stop or the test's end.
func startHTTP(t testing.TB, env map[string]string, args ...string) *httpServer {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stderrR, stderrW := io.Pipe()
	s := &httpServer{cancel: cancel, done: make(chan int, 1)}
	go func() {
		s.done <- run(ctx, append([]string{"--backend", "fake", "--http", "127.0.0.1:0"}, args...), func(k string) string { return env[k] }, nil, nil, stderrW)
		stderrW.Close()
	}()
	sc := bufio.NewScanner(stderrR)
	for sc.Scan() {
		if u, ok := strings.CutPrefix(sc.Text(), "tmuxbuf-mcp: serving MCP at "); ok {
			s.url = u
			break
		}
		s.said += sc.Text() + "\n"
	}
	go io.Copy(io.Discard, stderrR)
	if s.url == "" {
		cancel()
		t.Fatalf("the server never said where it listens; it said:\n%s", s.said)
	}
	t.Cleanup(func() { s.stop(t) })
	return s
}

// stop ends the server as a signal would, and checks that it exits cleanly.
func (s *httpServer) stop(t testing.TB) {
	t.Helper()
	s.once.Do(func() {
		s.cancel()
		select {
		case code := <-s.done:
			if code != 0 {
				t.Errorf("exit %d after shutdown", code)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("the HTTP server did not shut down")
		}
	})
}

// post sends one raw JSON-RPC body with token ("": none) and header, a
// list of name, value, and returns the status.
func (s *httpServer) post(t *testing.T, host, token, body string, header ...string) int {
	t.Helper()
	req, _ := http.NewRequest("POST", s.url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	if host != "" {
		req.Host = host
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

const pingBody = `{"jsonrpc":"2.0","id":1,"method":"ping"}`

// connect opens an MCP session with token ("": none).
func (s *httpServer) connect(t testing.TB, token string) *mcp.ClientSession {
	t.Helper()
	transport := &mcp.StreamableClientTransport{Endpoint: s.url, HTTPClient: &http.Client{Transport: bearer{token}}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(t.Context(), transport, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

type bearer struct{ token string }

func (b bearer) RoundTrip(req *http.Request) (*http.Response, error) {
	if b.token != "" {
		req = req.Clone(req.Context())
		req.Header.Set("Authorization", "Bearer "+b.token)
	}
	return http.DefaultTransport.RoundTrip(req)
}

// TestHTTPServer serves the fake backend over HTTP with a bearer token from
// the environment and checks the token, the DNS-rebinding protection and a
// tool call.
func TestHTTPServer(t *testing.T) {
	s := startHTTP(t, map[string]string{"TMUXBUF_HTTP_TOKEN": "s3cret"})
	if got := s.post(t, "", "", pingBody); got != http.StatusUnauthorized {
		t.Errorf("no token: status %d, want 401", got)
	}
	if got := s.post(t, "", "wrong", pingBody); got != http.StatusUnauthorized {
		t.Errorf("wrong token: status %d, want 401", got)
	}
	if got := s.post(t, "evil.example:80", "s3cret", pingBody); got != http.StatusForbidden {
		t.Errorf("rebinding Host header: status %d, want 403", got)
	}
	if name := loadVia(t, s.connect(t, "s3cret"), "over http"); !strings.HasPrefix(name, "libtmux_mcp_") {
		t.Errorf("name %q", name)
	}
}

// TestHTTPMakesItsOwnToken: given no token, the server makes one, writes it
// where only the user can read it, says where (never the token itself), and
// demands it. It removes the file on exit.
func TestHTTPMakesItsOwnToken(t *testing.T) {
	runtimeDir := t.TempDir()
	s := startHTTP(t, map[string]string{"XDG_RUNTIME_DIR": runtimeDir})
	path := regexp.MustCompile(`the TOKEN in (\S+)`).FindStringSubmatch(s.said)
	if path == nil || filepath.Dir(path[1]) != filepath.Join(runtimeDir, "tmuxbuf") {
		t.Fatalf("the server did not say where in $XDG_RUNTIME_DIR/tmuxbuf its token is; it said:\n%s", s.said)
	}
	b, err := os.ReadFile(path[1])
	if err != nil {
		t.Fatal(err)
	}
	token := strings.TrimSpace(string(b))
	if len(token) != 64 || strings.Contains(s.said, token) {
		t.Errorf("token %q: want 256 bits in hex, never on stderr", token)
	}
	for file, want := range map[string]os.FileMode{path[1]: 0o600, filepath.Dir(path[1]): 0o700 | os.ModeDir} {
		if fi, err := os.Stat(file); err != nil || fi.Mode() != want {
			t.Errorf("%s: mode %v (%v), want %v", file, fi.Mode(), err, want)
		}
	}

	if got := s.post(t, "", "", pingBody); got != http.StatusUnauthorized {
		t.Errorf("no token: status %d, want 401", got)
	}
	if got := s.post(t, "", strings.Repeat("0", 64), pingBody); got != http.StatusUnauthorized {
		t.Errorf("wrong token: status %d, want 401", got)
	}
	if got := s.post(t, "", token, pingBody); got != http.StatusOK {
		t.Errorf("the token it made: status %d, want 200", got)
	}
	loadVia(t, s.connect(t, token), "authenticated")

	s.stop(t)
	if _, err := os.Stat(path[1]); !os.IsNotExist(err) {
		t.Errorf("after exit the token file is still there (%v)", err)
	}
}

func TestHTTPNoAuth(t *testing.T) {
	s := startHTTP(t, nil, "--http-no-auth")
	if !strings.Contains(s.said, "warning: --http-no-auth") {
		t.Errorf("--http-no-auth gave no warning; the server said:\n%s", s.said)
	}
	if got := s.post(t, "", "", pingBody); got != http.StatusOK {
		t.Errorf("--http-no-auth: status %d without a token, want 200", got)
	}
	if got := s.post(t, "evil.example:80", "", pingBody); got != http.StatusForbidden {
		t.Errorf("--http-no-auth: rebinding Host header: status %d, want 403", got)
	}
}

// TestHTTPLoadsUpToTheCap: a request carrying content under
// --max-content-bytes is never refused for its size, even when JSON
// escaping makes it six times as large; content over the cap gets a tool
// error, not an HTTP 413.
func TestHTTPLoadsUpToTheCap(t *testing.T) {
	s := startHTTP(t, map[string]string{"TMUXBUF_HTTP_TOKEN": "s3cret"}, "--max-content-bytes", "3000000")
	cs := s.connect(t, "s3cret")
	loadVia(t, cs, strings.Repeat("\x01", 3000000)) // 18 MB of \u0001

	res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "load_buffer", Arguments: map[string]any{"content": strings.Repeat("x", 3000001)}})
	if err != nil || !res.IsError {
		t.Errorf("content over the cap: %v %v, want a tool error", err, res)
	}
	loadVia(t, cs, "the session goes on")
}

// TestHTTPBadRequestKeepsServing: requests that are not JSON-RPC, outside
// a session and inside one, get an error and the server serves on.
func TestHTTPBadRequestKeepsServing(t *testing.T) {
	s := startHTTP(t, nil, "--http-no-auth")
	cs := s.connect(t, "")
	for _, body := range []string{`{not json`, `[`, `{"jsonrpc":"1.0","id":1,"method":"ping"}`, ``} {
		if got := s.post(t, "", "", body); got < 400 || got >= 500 {
			t.Errorf("body %q outside a session: status %d, want a 4xx", body, got)
		}
		if got := s.post(t, "", "", body, "Mcp-Session-Id", cs.ID()); got < 400 || got >= 500 {
			t.Errorf("body %q in a session: status %d, want a 4xx", body, got)
		}
	}
	loadVia(t, cs, "still serving")
	loadVia(t, s.connect(t, ""), "and a new session too")
}

// TestHTTPSessionTimeout: a session idle past --http-session-timeout ends
// and its buffers go; another session, holding the name, finds it gone.
func TestHTTPSessionTimeout(t *testing.T) {
	s := startHTTP(t, nil, "--http-no-auth", "--http-session-timeout", "100ms")
	name := loadVia(t, s.connect(t, ""), "abandoned")
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, err := s.connect(t, "").CallTool(t.Context(), &mcp.CallToolParams{Name: "show_buffer", Arguments: map[string]any{"buffer_name": name}})
		if err != nil {
			t.Fatal(err)
		}
		if res.IsError {
			if text := res.Content[0].(*mcp.TextContent).Text; !strings.Contains(text, "no buffer") {
				t.Fatalf("show_buffer of the ended session's buffer: %s", text)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the idle session's buffer is still there")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestHTTPAllowRemoteWarns: plain HTTP beyond loopback carries the token in
// clear, and the user is told so.
func TestHTTPAllowRemoteWarns(t *testing.T) {
	s := startHTTP(t, map[string]string{"TMUXBUF_HTTP_TOKEN": "s3cret"}, "--http-allow-remote")
	if !strings.Contains(s.said, "warning: --http-allow-remote") {
		t.Errorf("--http-allow-remote gave no warning; the server said:\n%s", s.said)
	}
}

// TestHTTPParamsErrorsQuoteNothing: over HTTP too, a call whose params the
// go-sdk cannot decode is told so without its params, content included.
func TestHTTPParamsErrorsQuoteNothing(t *testing.T) {
	const token = "s3cret"
	s := startHTTP(t, map[string]string{"TMUXBUF_HTTP_TOKEN": token})
	send := func(session, body string) (string, string) {
		t.Helper()
		req, _ := http.NewRequest("POST", s.url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Authorization", "Bearer "+token)
		if session != "" {
			req.Header.Set("Mcp-Session-Id", session)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.Header.Get("Mcp-Session-Id"), string(b)
	}
	session, _ := send("", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	send(session, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	secret := "hunter2-" + strings.Repeat("s3cr3t ", 1000)
	for _, params := range []string{
		`{"name":"load_buffer","arguments":{"content":"` + secret + `"},"requestState":7}`,
		`{"name":{"content":"` + secret + `"}}`,
		`{"name":"load_buffer","_meta":"` + secret + `"}`,
	} {
		_, body := send(session, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":`+params+`}`)
		if !strings.Contains(body, `"error"`) || strings.Contains(body, "hunter2") || len(body) > 2*jsonrpcframe.MaxErrorText {
			t.Errorf("answered %.300s (%d bytes)", body, len(body))
		}
	}
	// A body that is not JSON gets the SDK's plain 400, whose decoder error
	// would quote the body from the bad escape on.
	for _, content := range []string{"hunter2\\x", "short \\q hunter2", secret + "\\u12"} {
		_, body := send(session, `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"load_buffer","arguments":{"content":"`+content+`"}}}`)
		if !strings.HasPrefix(body, "malformed payload") || strings.Contains(body, "hunter2") {
			t.Errorf("a malformed body answered %.300s", body)
		}
	}
}
