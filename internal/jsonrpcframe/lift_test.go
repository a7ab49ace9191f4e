package jsonrpcframe

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/internal/config"
	"github.com/tmuxbuf/tmuxbuf/internal/lift"
	"github.com/tmuxbuf/tmuxbuf/internal/rawmcp"
	"github.com/tmuxbuf/tmuxbuf/server"
)

// The lifting and splicing of large strings (package internal/lift)
// must change nothing a client or the audit log can see. These tests run
// the same messages through a server that lifts and splices every string
// it can (SpliceMin 1, and small pieces) and through one that lifts none,
// and require the same answers byte for byte, names and request ids
// aside.

// randomJSONString is a JSON string literal, quotes included, of random
// characters in random spellings: the characters JSON must escape,
// escapes JSON allows for any character, surrogate pairs, lone
// surrogates, U+2028, HTML characters, and bytes that are not UTF-8.
func randomJSONString(r *rand.Rand, n int) []byte {
	b := []byte{'"'}
	for range n {
		switch r.IntN(16) {
		case 0:
			b = append(b, `\"`...)
		case 1:
			b = append(b, `\\`...)
		case 2:
			b = append(b, []string{`\n`, `\r`, `\t`, `\b`, `\f`, `\/`}[r.IntN(6)]...)
		case 3:
			b = fmt.Appendf(b, `\u%04x`, r.IntN(0x20)) // a control character, NUL included
		case 4:
			b = fmt.Appendf(b, `\u%04X`, 0xd800+r.IntN(0x400)) // a high surrogate...
			if r.IntN(4) != 0 {
				b = fmt.Appendf(b, `\u%04x`, 0xdc00+r.IntN(0x400)) // ...mostly paired
			}
		case 5:
			b = fmt.Appendf(b, `\u%04x`, 0xdc00+r.IntN(0x400)) // a lone low surrogate
		case 6:
			b = append(b, []string{"\u2028", `\u2029`, "é", "€", "😀", "<", ">", "&"}[r.IntN(8)]...)
		case 7:
			b = append(b, []byte{0xff, 0xc3, 0xe2, 0x82, 0x80}[r.IntN(5)]) // not UTF-8
		case 8:
			b = fmt.Appendf(b, `\u%04x`, 0x20+r.IntN(0xd000))
		default:
			b = append(b, "abc xyz 0123 ;{}[]:,'"[r.IntN(21)])
		}
	}
	return append(b, '"')
}

// normalize blanks what differs from run to run: buffer names' nonces,
// request ids, and the audit log's times.
var normalize = regexp.MustCompile(`[0-9a-f]{32}_|"request_id":"[0-9a-f]+"|"io.tmuxbuf/request_id":"[0-9a-f]+"|"time":"[^"]*"|"duration_ms":[0-9.e-]+`)

// callLine is a tools/call request with its arguments as raw JSON.
func callLine(id int, tool, args string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, id, tool, args)
}

// showLine is a show_buffer request for the buffer that a load_buffer
// answered with.
func showLine(t *testing.T, id int, loaded string) string {
	t.Helper()
	var res struct {
		Result struct {
			StructuredContent struct {
				BufferName string `json:"buffer_name"`
			} `json:"structuredContent"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(loaded), &res); err != nil || res.Result.StructuredContent.BufferName == "" {
		t.Fatalf("load_buffer answered %.300s", loaded)
	}
	return callLine(id, "show_buffer", fmt.Sprintf(`{"buffer_name":%q,"max_lines":null}`, res.Result.StructuredContent.BufferName))
}

// liftCases are the lines of a differential session: each random string
// loaded and shown back, and broken ones that must be refused as before.
func liftCases(r *rand.Rand) (lines []string, shows []bool) {
	add := func(line string, show bool) {
		lines = append(lines, line)
		shows = append(shows, show)
	}
	for i := range 50 {
		s := randomJSONString(r, 1+r.IntN(3000))
		switch i % 5 {
		case 0:
			add(callLine(i, "load_buffer", `{"content":`+string(s)+`,"logical_name":"x"}`), true)
		case 1:
			add(callLine(i, "paste_text", `{"text":`+string(s)+`,"pane_id":"%99"}`), false) // no such pane: nothing is typed anywhere
		case 2:
			// An argument the tool does not take: refused, and audited
			// by name only.
			add(callLine(i, "load_buffer", `{"content":"x","contents":`+string(s)+`}`), false)
		case 3:
			// A string where a call carries none: passed on as it came.
			add(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"ping","params":{"arguments":{"x":%s}}}`, i, s), false)
		case 4:
			// A text result (a format's expansion, which echoes most of
			// it), spliced in at once.
			add(callLine(i, "display_message", `{"format_string":`+string(s)+`}`), false)
		}
	}
	add(callLine(300, "capture_pane", `{"max_lines":null}`), false)
	for i, broken := range []string{`\x`, `\u12G4`, `\'`, "\x01", `\u00e`, "\t", `\`} {
		s := randomJSONString(r, 200)
		bad := append(append(bytes.Clone(s[:100]), broken...), s[100:]...)
		add(callLine(100+i, "load_buffer", `{"content":`+string(bad)+`}`), false)
	}
	// A string that ends with the line, unterminated.
	add(callLine(200, "load_buffer", `{"content":"abc`), false)
	return lines, shows
}

// TestLiftedStdioIsPlain sends the same random payloads through stdio with
// and without lifting and splicing.
func TestLiftedStdioIsPlain(t *testing.T) {
	seed := rand.Uint64()
	key := filepath.Join(t.TempDir(), "key")
	if err := os.WriteFile(key, bytes.Repeat([]byte("k"), 32), 0o600); err != nil {
		t.Fatal(err)
	}
	session := func(min int) (answers []string, audit string) {
		auditLog := filepath.Join(t.TempDir(), "audit.jsonl")
		s := startStdio(t, Config{SpliceMin: min}, "--audit-log", auditLog, "--audit-key-file", key)
		lines, shows := liftCases(rand.New(rand.NewPCG(seed, 1)))
		for i, line := range lines {
			answer := s.RoundTrip(t, line)
			answers = append(answers, answer)
			if !shows[i] {
				continue
			}
			answers = append(answers, s.RoundTrip(t, showLine(t, 1000+i, answer)))
		}
		s.End()
		b, _ := os.ReadFile(auditLog)
		return answers, string(b)
	}
	plain, plainAudit := session(1 << 30)
	lifted, liftedAudit := session(1)
	if len(plain) != len(lifted) {
		t.Fatalf("%d answers plain, %d lifted", len(plain), len(lifted))
	}
	for i := range plain {
		if p, l := normalize.ReplaceAllString(plain[i], ""), normalize.ReplaceAllString(lifted[i], ""); p != l {
			t.Errorf("seed %d, answer %d:\nplain:  %.400q\nlifted: %.400q", seed, i, p, l)
		}
	}
	if p, l := normalize.ReplaceAllString(plainAudit, ""), normalize.ReplaceAllString(liftedAudit, ""); p != l {
		t.Errorf("seed %d: the audit logs differ:\nplain:\n%s\nlifted:\n%s", seed, p, l)
	}
	if strings.Contains(strings.Join(lifted, ""), "tmuxbuf-payload-") || strings.Contains(liftedAudit, "tmuxbuf-payload-") {
		t.Errorf("a token reached the client or the log")
	}
}

// TestLiftedHTTPIsPlain does the same over HTTP.
func TestLiftedHTTPIsPlain(t *testing.T) {
	seed := rand.Uint64()
	session := func(min int) (answers []string) {
		s := startHTTP(t, Config{SpliceMin: min}, "--http-no-auth")
		c := &httpRaw{url: s.url}
		c.post(t, rawmcp.Initialize)
		c.post(t, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		lines, shows := liftCases(rand.New(rand.NewPCG(seed, 2)))
		for i, line := range lines {
			status, answer := c.post(t, line)
			answers = append(answers, fmt.Sprint(status, " ", answer))
			if !shows[i] {
				continue
			}
			_, show := c.post(t, showLine(t, 1000+i, answer))
			answers = append(answers, show)
		}
		s.stop(t)
		return answers
	}
	plain, lifted := session(1<<30), session(1)
	for i := range plain {
		p, l := normalize.ReplaceAllString(plain[i], ""), normalize.ReplaceAllString(lifted[i], "")
		if p != l && !(strings.HasPrefix(p, "400 malformed payload") && strings.HasPrefix(l, "400 malformed payload")) {
			t.Errorf("seed %d, answer %d:\nplain:  %.400q\nlifted: %.400q", seed, i, p, l)
		}
	}
}

// httpServer is tmuxbuf-mcp --http in this process, as its httpHandler
// has it but for the bearer token, on a free loopback port.
type httpServer struct {
	url  string
	stop func(testing.TB) // ends it, and checks its clean-up
}

// startHTTP serves a server made from args, tmuxbuf-mcp's flags, with the
// fake backend, through HTTPHandler framed by frame (whose MaxMessage is
// the command's when 0), until stop or the test's end.
func startHTTP(t testing.TB, frame Config, args ...string) *httpServer {
	t.Helper()
	opts, err := config.Parse(append([]string{"--backend", "fake", "--http", "127.0.0.1:0"}, args...), noEnv, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	cfg, release, err := opts.Server(io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(cfg)
	if err != nil {
		release()
		t.Fatal(err)
	}
	if frame.MaxMessage == 0 {
		frame.MaxMessage = MaxMessage(cfg.MaxContentBytes)
	}
	sdk := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv.MCP() }, &mcp.StreamableHTTPOptions{
		SessionTimeout:      opts.HTTPSessionTimeout,
		MaxRequestBodyBytes: int64(frame.MaxMessage),
	})
	ts := httptest.NewServer(HTTPHandler(sdk, lift.TableOf(srv), frame))
	var once sync.Once
	s := &httpServer{url: ts.URL + "/mcp", stop: func(t testing.TB) {
		once.Do(func() {
			ts.Close()
			if err := opts.Cleanup(srv); err != nil {
				t.Errorf("clean-up after shutdown: %v", err)
			}
			release()
		})
	}}
	t.Cleanup(func() { s.stop(t) })
	return s
}

// httpRaw posts raw JSON-RPC bodies in one MCP session.
type httpRaw struct {
	url, session string
}

// post returns the status and the one message answered (the data of an
// SSE event, a JSON body, or the text of an error).
func (c *httpRaw) post(t *testing.T, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", c.url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if c.session != "" {
		req.Header.Set("Mcp-Session-Id", c.session)
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if id := resp.Header.Get("Mcp-Session-Id"); id != "" {
		c.session = id
	}
	var data bytes.Buffer
	data.ReadFrom(resp.Body)
	out := data.Bytes()
	if i := bytes.Index(out, []byte("\ndata: ")); i >= 0 {
		out = out[i+len("\ndata: "):]
		out = out[:bytes.IndexByte(out, '\n')]
	}
	return resp.StatusCode, string(bytes.TrimSpace(out))
}
