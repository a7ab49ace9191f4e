package server_test

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/server"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
)

func ownerPerSession(cfg *server.Config) { cfg.OwnerPerSession = true }

// httpSessions serves the env's server over Streamable HTTP on loopback, as
// cmd/tmuxbuf-mcp --http does, and returns a func that opens a new session.
func (e *tmuxEnv) httpSessions(opts *mcp.StreamableHTTPOptions) func() *mcp.ClientSession {
	hs := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return e.srv.MCP() }, opts))
	e.t.Cleanup(hs.Close)
	return func() *mcp.ClientSession {
		e.t.Helper()
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(e.t.Context(), &mcp.StreamableClientTransport{Endpoint: hs.URL}, nil)
		if err != nil {
			e.t.Fatal(err)
		}
		e.t.Cleanup(func() { cs.Close() })
		return cs
	}
}

// okOn makes a call on session cs that must succeed.
func (e *tmuxEnv) okOn(cs *mcp.ClientSession, tool string, args any) map[string]any {
	e.t.Helper()
	res, err := cs.CallTool(e.t.Context(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil || res.IsError {
		e.t.Fatalf("%s(%s): %v %s", tool, shortJSON(args), err, servertest.ResultText(res))
	}
	out, _ := res.StructuredContent.(map[string]any)
	return out
}

func (e *tmuxEnv) loadOn(cs *mcp.ClientSession, content string) string {
	e.t.Helper()
	return e.okOn(cs, "load_buffer", map[string]any{"content": content})["buffer_name"].(string)
}

func (e *tmuxEnv) listOn(cs *mcp.ClientSession) []string {
	e.t.Helper()
	var names []string
	for _, b := range e.okOn(cs, "list_buffers", map[string]any{})["buffers"].([]any) {
		names = append(names, b.(map[string]any)["buffer_name"].(string))
	}
	return names
}

// waitUntilGone waits for the session-end clean-up, which runs once the
// go-sdk has ended the session, after the client's DELETE has returned.
func (e *tmuxEnv) waitUntilGone(name string) {
	e.t.Helper()
	waitFor(e.t, name+" to be deleted", func() (bool, string) {
		left := e.bufferNames()
		return !slices.Contains(left, name), shortJSON(left)
	})
}

// TestHTTPSessionsOwnTheirBuffers: over HTTP each session lists its own
// buffers only, and a session ended by DELETE takes its buffers with it,
// while a buffer's name still works from another session.
func TestHTTPSessionsOwnTheirBuffers(t *testing.T) {
	e := newEnv(t, ownerPerSession)
	e.mustTmux("set-buffer", "-b", "clipboard", "the user's")
	session := e.httpSessions(nil)
	a, b := session(), session()
	aBuf, bBuf := e.loadOn(a, "A's"), e.loadOn(b, "B's")

	if got := e.listOn(a); !slices.Equal(got, []string{aBuf}) {
		t.Errorf("session A lists %v, want only its own %s", got, aBuf)
	}
	if got := e.listOn(b); !slices.Equal(got, []string{bBuf}) {
		t.Errorf("session B lists %v, want only its own %s", got, bBuf)
	}
	if got := e.okOn(b, "show_buffer", map[string]any{"buffer_name": aBuf})["content"]; got != "A's" {
		t.Errorf("session B cannot show A's buffer by its name: %v", got)
	}

	a.Close() // a DELETE
	e.waitUntilGone(aBuf)
	if got := e.listOn(b); !slices.Equal(got, []string{bBuf}) {
		t.Errorf("after A ended, session B lists %v, want %s", got, bBuf)
	}

	if n, err := e.srv.Cleanup(t.Context()); n != 1 || err != nil {
		t.Errorf("Cleanup deleted %d (%v), want B's one buffer", n, err)
	}
	if left := e.bufferNames(); !slices.Equal(left, []string{"clipboard"}) {
		t.Errorf("after Cleanup tmux holds %v, want only the user's clipboard", left)
	}
}

// TestHTTPIdleSessionEnds: a session abandoned without a DELETE ends after
// the idle timeout, and its buffers go with it.
func TestHTTPIdleSessionEnds(t *testing.T) {
	e := newEnv(t, ownerPerSession)
	session := e.httpSessions(&mcp.StreamableHTTPOptions{SessionTimeout: 50 * time.Millisecond})
	e.waitUntilGone(e.loadOn(session(), "abandoned"))
}
