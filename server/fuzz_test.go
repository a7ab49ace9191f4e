package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"regexp"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/faketmux"
)

// The fuzz targets of this file check properties, not just the absence of
// panics; each states its property in its comment. Their seed corpora are
// in testdata/fuzz/<FuzzName>/, and CONTRIBUTING.md says how to run them.

// nameCharsRE is DESIGN's character set for prefixes and logical names,
// written as a regexp so that it checks the hand-written scanner in
// naming.go independently.
const nameCharsRE = `[A-Za-z0-9_.-]`

// FuzzBufferName: a name is accepted as ours exactly when it has DESIGN's
// shape, <prefix><32 lowercase hex>_<[A-Za-z0-9_.-]{1,64}>, and the logical
// name read back is the part after the nonce. A prefix is accepted exactly
// when it is made of the same characters (empty means the default).
func FuzzBufferName(f *testing.F) {
	nonce := "00112233445566778899aabbccddeeff"
	f.Add("", DefaultBufferPrefix+nonce+"_buf")
	f.Add("", DefaultBufferPrefix+nonce+"_"+strings.Repeat("x", 64))
	f.Add("", DefaultBufferPrefix+nonce+"_"+strings.Repeat("x", 65))
	f.Add("", DefaultBufferPrefix+strings.ToUpper(nonce)+"_buf")
	f.Add("", DefaultBufferPrefix+nonce+"_a\n")
	f.Add("", DefaultBufferPrefix+nonce+"__")
	f.Add("agent7_", "agent7_"+nonce+"_clip.v2-A_9")
	f.Add("a.b", "aXb"+nonce+"_buf")
	f.Add("bad prefix", "bad prefix"+nonce+"_buf")
	f.Add("", "buffer0")
	validPrefix := regexp.MustCompile(`^` + nameCharsRE + `+$`)
	// The shape of the last prefix seen: compiling is most of an input's
	// cost, and mutations keep the prefix more often than not.
	var lastPrefix string
	var lastShape *regexp.Regexp
	f.Fuzz(func(t *testing.T, prefix, name string) {
		n, err := newNamer(prefix)
		prefixOK := prefix == "" || validPrefix.MatchString(prefix)
		if (err == nil) != prefixOK {
			t.Fatalf("newNamer(%q) error = %v; the prefix is valid: %v", prefix, err, prefixOK)
		}
		if err != nil {
			return
		}
		if prefix == "" {
			prefix = DefaultBufferPrefix
		}
		if lastShape == nil || prefix != lastPrefix {
			lastPrefix = prefix
			lastShape = regexp.MustCompile(`^` + regexp.QuoteMeta(prefix) + `[0-9a-f]{32}_(` + nameCharsRE + `{1,64})$`)
		}
		shape := lastShape
		logical, ok := n.logicalName(name)
		m := shape.FindStringSubmatch(name)
		if ok != (m != nil) {
			t.Fatalf("prefix %q: logicalName(%q) ok = %v, but the shape matches: %v", prefix, name, ok, m != nil)
		}
		if ok && logical != m[1] {
			t.Fatalf("prefix %q: logicalName(%q) = %q, want %q", prefix, name, logical, m[1])
		}
	})
}

// FuzzLogicalName: allocate accepts exactly "" (the default, "buf") and
// names matching [A-Za-z0-9_.-]{1,64}, and every name it makes is one that
// logicalName recognises, with the same logical name.
func FuzzLogicalName(f *testing.F) {
	for _, seed := range []string{"", "buf", "clip.v2-A_9", strings.Repeat("a", 64), strings.Repeat("a", 65),
		"has space", "naïve", "a/b", "a;b", "#{x}", "-", "."} {
		f.Add(seed)
	}
	valid := regexp.MustCompile(`^` + nameCharsRE + `{1,64}$`)
	n, err := newNamer("")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, logical string) {
		name, err := n.allocate(&logical)
		want := logical == "" || valid.MatchString(logical)
		if (err == nil) != want {
			t.Fatalf("allocate(%q) error = %v; the logical name is valid: %v", logical, err, want)
		}
		if err != nil {
			if !errors.Is(err, errBadLogicalName) {
				t.Fatalf("allocate(%q) failed with %v, want %v", logical, err, errBadLogicalName)
			}
			return
		}
		wantLogical := logical
		if logical == "" {
			wantLogical = defaultLogical
		}
		if got, ok := n.logicalName(name); !ok || got != wantLogical {
			t.Fatalf("allocate(%q) made %q, which logicalName reads as %q, %v", logical, name, got, ok)
		}
	})
}

// argErrorShape is every error a tool's decoder may give. None has room
// for a value: a value may be content.
var argErrorShape = regexp.MustCompile(`^((argument "[a-z_]+"( item [0-9]+)?: )?` +
	`(arguments must be a JSON object` +
	`|argument "[a-z_]+" item [0-9]+ must be an object` +
	`|missing required argument "[a-z_]+"` +
	`|(argument "[a-z_]+" item [0-9]+ )?argument "[a-z_]+" must be (a|an) [a-z ,-]+( or null|, not null)?` +
	`|(argument "[a-z_]+" item [0-9]+ )?argument "[a-z_]+" must be one of [a-z, -]+( or null)?` +
	`|unknown argument .*; this (tool|item) takes ([a-z_, ]+|no argument)))$`)

// FuzzDecodeArgs runs arbitrary JSON through every tool's argument decoder
// and checks it against an oracle that knows nothing of the decoder: the
// JSON Schema validator of github.com/google/jsonschema-go, given the
// schema the tool advertises. A call decodes exactly when its arguments
// are absent, null, or an object the advertised schema accepts; the one
// exception is an object-or-string argument (environment, filters), whose
// string must hold a JSON object of strings, which no schema says. A
// refusal has one of the known shapes, which quote no value.
func FuzzDecodeArgs(f *testing.F) {
	for _, seed := range []string{
		``, `null`, ` {} `, `[]`, `"content"`, `7`, `{`, `{"content":"x"} {}`,
		`{"content":"hello","logical_name":"clip"}`,
		`{"content":"x","logical_name":null,"socket_name":"s"}`,
		`{"content":5}`, `{"content":null}`, `{"content":["x"]}`, `{"content":{"x":1}}`,
		`{"content":"x","contnet":"x"}`, `{"content":"a","content":"b"}`, `{"\u0063ontent":"x"}`,
		`{"buffer_name":"b","max_lines":3}`, `{"buffer_name":"b","max_lines":null}`,
		`{"buffer_name":"b","max_lines":1.0}`, `{"buffer_name":"b","max_lines":1e2}`, `{"buffer_name":"b","max_lines":1.5}`,
		`{"buffer_name":"b","max_lines":-0}`, `{"buffer_name":"b","max_lines":9223372036854775808}`,
		`{"buffer_name":"b","max_lines":"3"}`, `{"buffer_name":"b","bracket":false,"pane_id":"%1"}`,
		`{"buffer_name":"b","bracket":null}`, `{"buffer_name":"b","bracket":"true"}`,
		`{"buffer_name":"b","pane_id":"%1","session_id":"$0","window_id":"@2","session_name":"main"}`,
	} {
		f.Add([]byte(seed))
	}
	oracles := map[string]*jsonschema.Resolved{}
	for _, t := range tools {
		oracles[t.name] = resolvedSchema(f, t.args.InputSchema())
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		instance, isJSON := decodeInstance(raw)
		for _, tool := range tools {
			_, err := tool.decode(raw)
			valid := isJSON && oracles[tool.name].Validate(instance) == nil
			switch {
			case err == nil && !valid:
				t.Fatalf("%s(%s) decoded, but its advertised schema refuses it", tool.name, raw)
			case err != nil && valid && !strings.Contains(err.Error(), "one as a JSON string"):
				t.Fatalf("%s(%s) refused (%v), but its advertised schema accepts it", tool.name, raw, err)
			case err != nil && !argErrorShape.MatchString(err.Error()):
				t.Fatalf("%s(%s): refusal %q has none of the known shapes", tool.name, raw, err)
			}
		}
	})
}

// decodeInstance reads raw as a tool's arguments for the oracle: absent or
// null arguments are an empty object; anything but one JSON value is not
// JSON at all. Numbers stay as written.
func decodeInstance(raw []byte) (any, bool) {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return map[string]any{}, true
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return nil, false
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, false // more after the value
	}
	return numbersAsFloats(v), true
}

// numbersAsFloats is v with its JSON numbers as the float64s the validator
// reads, but for integers too large for one exactly, which stay integral.
func numbersAsFloats(v any) any {
	switch v := v.(type) {
	case json.Number:
		f, _ := new(big.Float).SetString(string(v))
		if f == nil {
			return v
		}
		x, _ := f.Float64()
		return x
	case map[string]any:
		for k, item := range v {
			v[k] = numbersAsFloats(item)
		}
	case []any:
		for i, item := range v {
			v[i] = numbersAsFloats(item)
		}
	}
	return v
}

func resolvedSchema(tb testing.TB, schema any) *jsonschema.Resolved {
	data, err := json.Marshal(schema)
	if err != nil {
		tb.Fatal(err)
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(data, &s); err != nil {
		tb.Fatal(err)
	}
	r, err := s.Resolve(nil)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// canary marks content in FuzzRedaction. It is made of letters and digits,
// which JSON, Go's %q and tmux's messages all leave as they are, so that
// content quoted in any of them still shows it.
const canary = "Qz7canaryK3vX9pW"

// canaryEvery is how many bytes of fuzzed content go between two canaries.
const canaryEvery = 32

// withCanaries returns content with a canary before, between every
// canaryEvery bytes of it, and after. A fuzzed content alone proves nothing
// by its absence from a log (it may be "a", which is everywhere) or by its
// presence (it may be "tool"); canaries make any run of at least
// canaryEvery + 2*len(canary) - 1 bytes of the content hold a whole canary,
// so that any leak of that length, from any part of the content, is seen.
func withCanaries(content string) string {
	var b strings.Builder
	b.WriteString(canary)
	for len(content) > 0 {
		n := min(canaryEvery, len(content))
		b.WriteString(content[:n])
		b.WriteString(canary)
		content = content[n:]
	}
	return b.String()
}

// FuzzRedaction: whatever the content and whatever else a call gets wrong,
// content appears in no audit record, no tool error, no protocol error and
// no result but show_buffer's. Every payload param of every tool is given
// content, through loads that succeed, fail (bad logical name, too large,
// dead socket, tier), or that misspell or mistype the payload. The client
// is the go-sdk's, whose params are always well formed: the errors that
// the go-sdk's server gives for malformed params are out of its reach.
func FuzzRedaction(f *testing.F) {
	f.Add("hunter2", "clip", "libtmux_mcp_00112233445566778899aabbccddeeff_buf", int64(1), "%0")
	f.Add("line one\nline two\n", "", "clipboard", int64(0), "nope")
	f.Add("\x00\x1b[31m\xff\xfe", "bad name", "", int64(-1), "%99")
	f.Add(strings.Repeat("0123456789abcdef", 40), "x", "buffer0", int64(500), "@1")
	f.Add("\"quoted\" \\ and \u2028 and 🐙", strings.Repeat("a", 65), "libtmux_mcp_", int64(1<<40), "$0")
	// One tmux and two servers serve every input: each input deletes the
	// buffers it makes, so the next one starts from the same state.
	var audit bytes.Buffer
	tmux := startedFake(f)
	mutating := fuzzServer(f, tmux, &audit, TierMutating)
	readonly := fuzzServer(f, tmux, &audit, TierReadonly)
	f.Fuzz(func(t *testing.T, content, logical, name string, maxLines int64, other string) {
		if strings.Contains(logical+name+other, canary) {
			t.Skip("the canary may only be in content")
		}
		marked := withCanaries(content)
		audit.Reset()
		var leaks []string
		call := func(cs *mcp.ClientSession, tool string, args map[string]any) *mcp.CallToolResult {
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
			if err != nil {
				leaks = append(leaks, "protocol error of "+tool+": "+err.Error())
				return nil
			}
			if text := resultText(res); tool != "show_buffer" || res.IsError {
				leaks = append(leaks, tool+" answered: "+text)
			}
			return res
		}

		res := call(mutating, "load_buffer", map[string]any{"content": marked, "logical_name": logical})
		if res != nil && !res.IsError {
			buf := res.StructuredContent.(map[string]any)["buffer_name"]
			shown := call(mutating, "show_buffer", map[string]any{"buffer_name": buf, "max_lines": nil})
			if shown == nil || !strings.Contains(resultText(shown), canary) {
				t.Fatalf("show_buffer does not show the canary; the property would check nothing")
			}
			call(mutating, "show_buffer", map[string]any{"buffer_name": buf, "max_lines": maxLines})
			call(mutating, "paste_buffer", map[string]any{"buffer_name": buf, "pane_id": other})
			call(mutating, "list_buffers", map[string]any{})
			call(mutating, "delete_buffer", map[string]any{"buffer_name": buf})
			call(mutating, "delete_buffer", map[string]any{"buffer_name": buf})
			call(mutating, "show_buffer", map[string]any{"buffer_name": buf})
		}
		call(mutating, "show_buffer", map[string]any{"buffer_name": name, "max_lines": maxLines})
		call(mutating, "delete_buffer", map[string]any{"buffer_name": name})
		call(mutating, "load_buffer", map[string]any{"content": marked, "socket_name": other})
		call(mutating, "load_buffer", map[string]any{"content": marked, "contnet": marked})
		call(mutating, "load_buffer", map[string]any{"content": []string{marked}})
		call(mutating, "load_buffer", map[string]any{"content": map[string]any{marked: marked}})
		call(mutating, "load_buffer", map[string]any{"content": marked, "logical_name": []string{marked}})
		for _, tool := range tools {
			for _, f := range tool.args.Fields() {
				if f.Payload {
					call(mutating, tool.name, map[string]any{f.Name: marked})
					call(readonly, tool.name, map[string]any{f.Name: marked})
				}
			}
		}
		// Values tmux refuses, whose errors quote them, and values set.
		for _, option := range []string{"mouse", "history-limit", "status-position", "status-style", "prefix", "pane-colours[0]"} {
			call(mutating, "set_option", map[string]any{"option": option, "value": marked, "global_": true})
		}
		call(mutating, "set_option", map[string]any{"option": "@fuzz", "value": marked, "scope": "pane", "target": other})
		call(mutating, "set_option", map[string]any{"option": "@fuzz", "value": marked, "global_": true})
		call(mutating, "set_environment", map[string]any{"name": "FUZZ", "value": marked, "session_id": other})
		call(mutating, "set_environment", map[string]any{"name": "FUZZ", "value": marked})
		call(mutating, "set_environment", map[string]any{"name": "BAD=NAME", "value": marked})
		for line := range strings.Lines(audit.String()) {
			if strings.Contains(line, canary) {
				t.Errorf("content in the audit log: %s", line)
			}
		}
		for _, leak := range leaks {
			if strings.Contains(leak, canary) {
				t.Errorf("content in a reply: %s", leak)
			}
		}
	})
}

// startedFake is a faketmux server with a tmux server running on it, with
// no session and so no pane program: only its buffers matter here.
func startedFake(t testing.TB) *faketmux.Server {
	tmux := faketmux.RunT(t)
	var stderr bytes.Buffer
	if rc := tmux.Run(context.Background(), []string{"start-server", ";", "set", "-g", "exit-empty", "off"}, nil, io.Discard, &stderr); rc != 0 {
		t.Fatalf("starting faketmux: exit %d: %s", rc, stderr.String())
	}
	return tmux
}

// oneServer dials tmux for the configured socket and a socket with no
// server for any other name.
type oneServer struct{ configured, none *faketmux.Server }

func (d oneServer) Dial(socket string) Tmux {
	if socket == "" {
		return d.configured
	}
	return d.none
}

// fuzzServer is a server at tier on tmux, auditing to audit, with a client
// connected in memory. Content is capped low, so that fuzzed content is
// sometimes over the cap.
func fuzzServer(t testing.TB, tmux *faketmux.Server, audit io.Writer, tier Tier) *mcp.ClientSession {
	s, err := New(Config{
		Tmux:            oneServer{configured: tmux, none: faketmux.RunT(t)},
		Audit:           NewAuditLogger(audit),
		MaxContentBytes: 400,
		MaxShowBytes:    100,
		Safety:          tier,
	})
	if err != nil {
		t.Fatal(err)
	}
	clientT, serverT := mcp.NewInMemoryTransports()
	ss, err := s.MCP().Connect(context.Background(), serverT, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "fuzz", Version: "0"}, nil).Connect(context.Background(), clientT, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs
}

// resultText is servertest.ResultText, which the package's own tests
// cannot import: servertest imports the package.
func resultText(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if text, ok := c.(*mcp.TextContent); ok {
			b.WriteString(text.Text)
		}
	}
	return b.String()
}
