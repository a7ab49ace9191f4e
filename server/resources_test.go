package server_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/server"
)

// read reads a resource that must be there, and returns its one content.
func (e *tmuxEnv) read(uri string) *mcp.ResourceContents {
	e.t.Helper()
	res, err := e.client.ReadResource(e.t.Context(), &mcp.ReadResourceParams{URI: uri})
	if err != nil {
		e.t.Fatalf("read %s: %v", uri, err)
	}
	if len(res.Contents) != 1 {
		e.t.Fatalf("read %s: %d contents", uri, len(res.Contents))
	}
	if res.Meta["io.tmuxbuf/request_id"] == nil {
		e.t.Errorf("read %s: no request id in _meta", uri)
	}
	return res.Contents[0]
}

// readJSON reads a JSON resource into v.
func (e *tmuxEnv) readJSON(uri string, v any) {
	e.t.Helper()
	c := e.read(uri)
	if c.MIMEType != "application/json" {
		e.t.Errorf("read %s: MIME type %q", uri, c.MIMEType)
	}
	if err := json.Unmarshal([]byte(c.Text), v); err != nil {
		e.t.Fatalf("read %s: %v: %s", uri, err, c.Text)
	}
}

// readFails reads a resource that must fail, and returns its JSON-RPC error.
func (e *tmuxEnv) readFails(uri string) *jsonrpc.Error {
	e.t.Helper()
	_, err := e.client.ReadResource(e.t.Context(), &mcp.ReadResourceParams{URI: uri})
	var rpc *jsonrpc.Error
	if !errors.As(err, &rpc) {
		e.t.Fatalf("read %s: %v, want a JSON-RPC error", uri, err)
	}
	return rpc
}

// TestResourceTemplates: the six templates, as libtmux-mcp advertises them.
func TestResourceTemplates(t *testing.T) {
	e := newEnv(t, func(c *server.Config) { c.Safety = server.TierReadonly })
	list, err := e.client.ListResourceTemplates(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, rt := range list.ResourceTemplates {
		got = append(got, fmt.Sprintf("%s %s %q %s", rt.Name, rt.URITemplate, rt.Title, rt.MIMEType))
	}
	want := []string{
		`get_pane tmux://panes/{pane_id}{?socket_name} "Pane Detail" application/json`,
		`get_pane_content tmux://panes/{pane_id}/content{?socket_name} "Pane Content" text/plain`,
		`get_session tmux://sessions/{session_name}{?socket_name} "Session Detail" application/json`,
		`get_session_windows tmux://sessions/{session_name}/windows{?socket_name} "Session Windows" application/json`,
		`get_sessions tmux://sessions{?socket_name} "All Sessions" application/json`,
		`get_window tmux://sessions/{session_name}/windows/{window_index}{?socket_name} "Window Detail" application/json`,
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("resource templates:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestResourcesRead reads each resource, by every spelling of a URI that
// libtmux-mcp's server takes, and checks what it says against tmux.
func TestResourcesRead(t *testing.T) {
	e := newEnv(t)
	pane := strings.TrimSpace(e.mustTmux("display-message", "-p", "-t", "main", "#{pane_id}"))
	second := strings.TrimSpace(e.mustTmux("new-window", "-d", "-t", "main:", "-P", "-F", "#{pane_id}", "-n", "two",
		`printf 'hello\nresource\n'; exec sleep 1000`))
	e.mustTmux("new-session", "-d", "-s", "other thing", "-x", "80", "-y", "24")

	var sessions []map[string]any
	e.readJSON("tmux://sessions", &sessions)
	if len(sessions) != 2 || sessions[0]["session_name"] != "main" || sessions[1]["session_name"] != "other thing" {
		t.Errorf("tmux://sessions: %v", sessions)
	}

	var session map[string]any
	e.readJSON("tmux://sessions/main", &session)
	windows, _ := session["windows"].([]any)
	if session["session_name"] != "main" || session["window_count"] != 2.0 || len(windows) != 2 ||
		windows[1].(map[string]any)["window_name"] != "two" {
		t.Errorf("tmux://sessions/main: %v", session)
	}
	e.readJSON("tmux://sessions/other%20thing?socket_name="+e.socket, &session)
	if session["session_name"] != "other thing" {
		t.Errorf("tmux://sessions/other%%20thing: %v", session)
	}

	var list []map[string]any
	e.readJSON("tmux://sessions/main/windows", &list)
	if len(list) != 2 || list[0]["window_index"] != "0" || list[1]["active_pane_id"] != second {
		t.Errorf("tmux://sessions/main/windows: %v", list)
	}

	var window map[string]any
	e.readJSON("tmux://sessions/main/windows/1", &window)
	panes, _ := window["panes"].([]any)
	if window["window_name"] != "two" || len(panes) != 1 || panes[0].(map[string]any)["pane_id"] != second {
		t.Errorf("tmux://sessions/main/windows/1: %v", window)
	}

	// A pane ID as it is (FastMCP's clients send that) and percent-encoded.
	for _, uri := range []string{"tmux://panes/" + pane, "tmux://panes/%25" + pane[1:], "tmux://panes/" + pane + "?other=1"} {
		var p map[string]any
		e.readJSON(uri, &p)
		if p["pane_id"] != pane || p["is_caller"] != nil {
			t.Errorf("%s: %v", uri, p)
		}
	}

	waitFor(t, "the pane to print", func() (bool, string) {
		c := e.read("tmux://panes/" + second + "/content")
		return c.Text == "hello\nresource", c.Text
	})
	c := e.read("tmux://panes/" + second + "/content")
	if c.MIMEType != "text/plain" || c.URI != "tmux://panes/"+second+"/content" {
		t.Errorf("content: MIME %q, URI %q, text %q", c.MIMEType, c.URI, c.Text)
	}
}

// TestResourceMisses: a URI that names nothing tmux has gets the go-sdk's
// resource-not-found error, saying what is missing; nothing changes.
func TestResourceMisses(t *testing.T) {
	e := newEnv(t)
	for uri, want := range map[string]string{
		"tmux://sessions/nosuch":           "session nosuch not found on the configured tmux server",
		"tmux://sessions/nosuch/windows":   "session nosuch not found",
		"tmux://sessions/main/windows/9":   "window 9 of session main not found",
		"tmux://sessions/nosuch/windows/0": "session nosuch not found",
		"tmux://panes/%99":                 "pane %99 not found on the configured tmux server",
		"tmux://panes/%2599/content":       "pane %99 not found",
		"tmux://nothing":                   "Resource not found",
		"file:///etc/passwd":               "Resource not found",
	} {
		err := e.readFails(uri)
		if err.Code != mcp.CodeResourceNotFound || !strings.Contains(err.Message, want) {
			t.Errorf("read %s: %d %q, want %d and %q", uri, err.Code, err.Message, mcp.CodeResourceNotFound, want)
		}
	}
	if err := e.readFails("tmux://panes/x1"); err.Code != jsonrpc.CodeInvalidParams || strings.Contains(err.Message, "x1") {
		t.Errorf("a pane_id that is not one: %d %q", err.Code, err.Message)
	}
	if err := e.readFails("tmux://sessions?socket_name=a/b"); err.Code != jsonrpc.CodeInvalidParams {
		t.Errorf("a bad socket_name: %d %q", err.Code, err.Message)
	}
	e.killServer()
	if err := e.readFails("tmux://sessions"); err.Code != jsonrpc.CodeInternalError || !strings.Contains(err.Message, "no tmux server is running") {
		t.Errorf("no server: %d %q", err.Code, err.Message)
	}
}

// TestResourcesAreAudited: every read, a miss too, is a record of the
// audit log, as a tool call is.
func TestResourcesAreAudited(t *testing.T) {
	e := newEnv(t)
	e.read("tmux://sessions")
	e.readFails("tmux://panes/%99")
	e.readFails("tmux://nothing")
	var records []map[string]any
	for line := range bytes.Lines(e.audit.Bytes()) {
		var r map[string]any
		if err := json.Unmarshal(line, &r); err != nil {
			t.Fatal(err)
		}
		if r["msg"] == "resource read" {
			records = append(records, r)
		}
	}
	want := []struct{ resource, uri, outcome string }{
		{"get_sessions", "tmux://sessions", "ok"},
		{"get_pane", "tmux://panes/%99", "error"},
		{"", "tmux://nothing", "error"},
	}
	if len(records) != len(want) {
		t.Fatalf("audit log has %d resource reads, want %d: %v", len(records), len(want), records)
	}
	for i, w := range want {
		r := records[i]
		if r["resource"] != w.resource || r["uri"] != w.uri || r["outcome"] != w.outcome || r["request_id"] == "" {
			t.Errorf("record %d: %v, want %+v", i, r, w)
		}
	}
}

// TestPaneContentFitsTheReply: a screen larger than the reply bound keeps
// its last lines, after a line that says how many were cut, and the whole
// message as sent stays within the bound.
func TestPaneContentFitsTheReply(t *testing.T) {
	const limit = server.MinMaxReplyBytes
	e := newEnv(t, func(c *server.Config) { c.MaxReplyBytes = limit })
	pane := strings.TrimSpace(e.mustTmux("new-window", "-P", "-F", "#{pane_id}",
		`i=0; while [ $i -lt 40 ]; do printf '"<%03d>" \"%s\"\n' $i 'abcdefghijklmnopqrstuvwxyz0123456789&<>abcdefghijklmnopqrstuvwxyz0123456789&<>abcdefghijklmnopqrstuvwxyz0123456789&<>'; i=$((i+1)); done; exec sleep 1000`))
	e.mustTmux("resize-window", "-t", pane, "-x", "200", "-y", "50")
	waitFor(t, "the pane to print", func() (bool, string) {
		out, _, _ := e.tmux("capture-pane", "-p", "-t", pane)
		return strings.Contains(out, `"<039>"`), out
	})
	wc := newWireClient(t, e.srv)
	reply := wc.request("resources/read", map[string]any{"uri": "tmux://panes/" + pane + "/content"})
	if len(reply) > limit {
		t.Errorf("the reply is %d bytes, over the limit of %d", len(reply), limit)
	}
	var msg struct {
		Result mcp.ReadResourceResult
	}
	if err := json.Unmarshal(reply, &msg); err != nil {
		t.Fatal(err)
	}
	text := msg.Result.Contents[0].Text
	header, rest, _ := strings.Cut(text, "\n")
	var cut int
	if _, err := fmt.Sscanf(header, "[... truncated %d lines ...]", &cut); err != nil || cut == 0 {
		t.Fatalf("no header of the lines cut: %q", header)
	}
	if !strings.HasSuffix(rest, `"<039>" "abcdefghijklmnopqrstuvwxyz0123456789&<>abcdefghijklmnopqrstuvwxyz0123456789&<>abcdefghijklmnopqrstuvwxyz0123456789&<>"`) || strings.Count(rest, "\n")+1+cut != 40 {
		t.Errorf("kept %d lines after cutting %d of 40, ending %q", strings.Count(rest, "\n")+1, cut, rest[max(0, len(rest)-60):])
	}
	if len(reply) < limit/2 {
		t.Errorf("the reply is %d bytes: it could have kept more of the screen", len(reply))
	}
}
