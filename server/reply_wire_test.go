package server_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/server"
)

// wireClient speaks JSON-RPC to a tmuxbuf server over the go-sdk's stdio
// framing, one message a line, and hands back each response as the bytes
// that came over the wire: what a client's read limit applies to.
type wireClient struct {
	t      *testing.T
	w      io.Writer
	r      *bufio.Reader
	lastID int
}

func newWireClient(t *testing.T, srv *server.Server) *wireClient {
	t.Helper()
	toServer, fromClient := io.Pipe()
	toClient, fromServer := io.Pipe()
	ss, err := srv.MCP().Connect(t.Context(), &mcp.IOTransport{Reader: toServer, Writer: fromServer}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fromClient.Close(); ss.Wait() })
	c := &wireClient{t: t, w: fromClient, r: bufio.NewReader(toClient)}
	c.request("initialize", map[string]any{
		"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "wire", "version": "0"},
	})
	c.send(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
	return c
}

func (c *wireClient) send(msg any) {
	c.t.Helper()
	b, err := json.Marshal(msg)
	if err != nil {
		c.t.Fatal(err)
	}
	if _, err := c.w.Write(append(b, '\n')); err != nil {
		c.t.Fatal(err)
	}
}

// request sends a request and returns its response line, final newline
// included. Its id is a string as long as a UUID, as many clients send.
func (c *wireClient) request(method string, params any) []byte {
	c.t.Helper()
	c.lastID++
	id := fmt.Sprintf("%036d", c.lastID)
	c.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	for {
		line, err := c.r.ReadBytes('\n')
		if err != nil {
			c.t.Fatalf("reading the answer to %s: %v", method, err)
		}
		var head struct{ ID any }
		if json.Unmarshal(line, &head) == nil && head.ID == id {
			return line
		}
	}
}

// shown is a show_buffer reply as it came over the wire.
type shown struct {
	size       int // bytes of the message, final newline included
	structured map[string]any
	text       map[string]any // the text content, decoded
}

func (c *wireClient) show(name string, maxLines any) shown {
	c.t.Helper()
	line := c.request("tools/call", map[string]any{"name": "show_buffer", "arguments": map[string]any{"buffer_name": name, "max_lines": maxLines}})
	var msg struct {
		Result struct {
			IsError           bool
			StructuredContent map[string]any
			Content           []struct{ Text string }
		}
	}
	if err := json.Unmarshal(line, &msg); err != nil || msg.Result.IsError || len(msg.Result.Content) != 1 {
		c.t.Fatalf("show_buffer: %v: %.300s", err, line)
	}
	s := shown{size: len(line), structured: msg.Result.StructuredContent}
	if err := json.Unmarshal([]byte(msg.Result.Content[0].Text), &s.text); err != nil {
		c.t.Fatalf("show_buffer's text is not JSON: %v", err)
	}
	return s
}

// loadDirect puts content into a buffer of this server's name shape with
// tmux itself, so that a test can show contents larger than a load_buffer
// call would carry.
func loadDirect(t *testing.T, e *tmuxEnv, logical string, content []byte) string {
	t.Helper()
	name := fmt.Sprintf("libtmux_mcp_%032x_%s", len(content), logical)
	var stderr bytes.Buffer
	if code := e.sockets.Dial(e.socket).Run(context.Background(), []string{"load-buffer", "-b", name, "-"}, bytes.NewReader(content), io.Discard, &stderr); code != 0 {
		t.Fatalf("load-buffer: %s", stderr.String())
	}
	return name
}

// viaJSON is what s becomes once through JSON: each byte that is not
// UTF-8 turns into U+FFFD.
func viaJSON(s string) string {
	b, _ := json.Marshal(s)
	var out string
	json.Unmarshal(b, &out)
	return out
}

// checkHonest checks a reply against the buffer it shows: within limit,
// the same in both of its forms, and a tail of whole lines of the buffer,
// byte for byte, with the dropped lines counted; or, when a single line is
// over the budget, that line's end.
func checkHonest(t *testing.T, label string, got shown, data []byte, limit int) {
	t.Helper()
	t.Logf("%s: a reply of %d bytes for a limit of %d, %v lines dropped", label, got.size, limit, got.structured["content_truncated_lines"])
	if got.size > limit {
		t.Errorf("%s: the reply is %d bytes, over the limit of %d", label, got.size, limit)
	}
	if fmt.Sprint(got.structured) != fmt.Sprint(got.text) {
		t.Errorf("%s: the structured content and the text differ", label)
	}
	content, _ := got.structured["content"].(string)
	dropped := int(got.structured["content_truncated_lines"].(float64))
	truncated := got.structured["content_truncated"].(bool)
	lines := strings.SplitAfter(string(data), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if dropped > len(lines) || dropped < 0 {
		t.Fatalf("%s: %d lines dropped of %d", label, dropped, len(lines))
	}
	wholeTail := strings.Join(lines[dropped:], "")
	switch {
	case content == viaJSON(wholeTail):
		if truncated != (dropped > 0) {
			t.Errorf("%s: content_truncated %v with %d lines dropped", label, truncated, dropped)
		}
	case dropped == len(lines)-1 && truncated && strings.HasSuffix(viaJSON(wholeTail), content) && content != "":
		// The last line alone was over the budget, and was cut.
	default:
		t.Errorf("%s: %d bytes of content, truncated %v, %d of %d lines dropped: not the buffer's tail of whole lines",
			label, len(content), truncated, dropped, len(lines))
	}
}

// escapingKinds are lines of each kind of content that JSON escapes, as
// formats whose %d numbers them.
var escapingKinds = map[string]string{
	"ASCII":                  "plain text, line %d\n",
	"control characters":     "\x00\x01\x1b[31m\x7f\x08 %d\x0c\t\r\n",
	"quotes and backslashes": `"quoted" \path\ \"%d\"` + "\n",
	"HTML":                   "<b>%d</b> &amp;\n",
	"4-byte runes":           "🙂🙂🙂 %d 𝄞𝄞\n",
	"line separators":        "\u2028%d\u2029\n",
	"invalid UTF-8":          "\xff\xfe%d\xc3\x28\xe2\x82\n",
}

// escapingContent is lines of format, one of escapingKinds, numbered from
// 0 until they make at least size bytes; the same as one long line, each
// line feed a space; and its first line alone.
func escapingContent(format string, size int) (lines, long, first []byte) {
	var data bytes.Buffer
	for i := 0; data.Len() < size; i++ {
		fmt.Fprintf(&data, format, i)
	}
	lines = data.Bytes()
	long = bytes.ReplaceAll(lines, []byte("\n"), []byte(" "))
	first = lines[:bytes.IndexByte(lines, '\n')+1]
	return lines, long, first
}

// TestShowReplyFitsTheLimit shows buffers of every kind of content that
// JSON escapes, far larger than the limit, and measures the message that
// goes over the wire: never over the limit, and what it keeps is the
// buffer's own tail of whole lines, with the drop said.
func TestShowReplyFitsTheLimit(t *testing.T) {
	const limit = 64 << 10
	e := newEnv(t)
	srv, err := server.New(server.Config{Tmux: e.dialer(), MaxReplyBytes: limit})
	if err != nil {
		t.Fatal(err)
	}
	c := newWireClient(t, srv)
	for kind, format := range escapingKinds {
		data, long, small := escapingContent(format, 4*limit)
		name := loadDirect(t, e, "kind", data)
		got := c.show(name, nil)
		checkHonest(t, kind, got, data, limit)
		if got.structured["content_truncated"] != true {
			t.Errorf("%s: %d bytes shown whole within %d", kind, len(data), limit)
		}
		// One line, longer than the whole budget: its end.
		name = loadDirect(t, e, "long", long)
		checkHonest(t, kind+", one long line", c.show(name, nil), long, limit)
		// Under the limit: all of it, not truncated.
		name = loadDirect(t, e, "small", small)
		if got := c.show(name, nil); got.structured["content"] != viaJSON(string(small)) || got.structured["content_truncated"] != false {
			t.Errorf("%s: a one-line buffer came back as %q", kind, got.structured["content"])
		}
	}
}

// TestShowReplyFitsByDefault: with the default configuration, the largest
// buffer load_buffer accepts, of the content that escapes worst, still
// makes a reply within 10 MiB, the official TypeScript client's limit.
func TestShowReplyFitsByDefault(t *testing.T) {
	e := newEnv(t)
	srv, err := server.New(server.Config{Tmux: e.dialer()})
	if err != nil {
		t.Fatal(err)
	}
	c := newWireClient(t, srv)
	for kind, line := range map[string]string{
		"ASCII":              strings.Repeat("x", 63) + "\n",
		"control characters": strings.Repeat("\x01", 63) + "\n",
	} {
		data := []byte(strings.Repeat(line, server.DefaultMaxContentBytes/len(line)))
		name := loadDirect(t, e, "big", data)
		got := c.show(name, nil)
		checkHonest(t, kind, got, data, 10<<20)
		if got.structured["content_truncated"] != true {
			t.Errorf("%s: 8 MiB shown whole", kind)
		}
	}
}
