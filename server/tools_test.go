package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/faketmux"
	"github.com/tmuxbuf/tmuxbuf/server"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
)

var nameShape = regexp.MustCompile(`^libtmux_mcp_[0-9a-f]{32}_([A-Za-z0-9_.-]{1,64})$`)

func TestLoadBufferNamesAndEchoes(t *testing.T) {
	e := newEnv(t)
	tests := []struct {
		args        map[string]any
		wantLogical string
		wantEcho    any
	}{
		{map[string]any{"content": "x"}, "buf", nil},
		{map[string]any{"content": "x", "logical_name": nil}, "buf", nil},
		{map[string]any{"content": "x", "logical_name": ""}, "buf", ""},
		{map[string]any{"content": "x", "logical_name": "clip.v2-A_9"}, "clip.v2-A_9", "clip.v2-A_9"},
		{map[string]any{"content": "x", "logical_name": strings.Repeat("a", 64)}, strings.Repeat("a", 64), strings.Repeat("a", 64)},
	}
	for _, tt := range tests {
		got := e.ok("load_buffer", tt.args)
		name, _ := got["buffer_name"].(string)
		m := nameShape.FindStringSubmatch(name)
		if m == nil || m[1] != tt.wantLogical {
			t.Errorf("load_buffer(%v) named %q, want the shape with logical name %q", tt.args, name, tt.wantLogical)
		}
		if got["logical_name"] != tt.wantEcho {
			t.Errorf("load_buffer(%v) echoed logical_name %#v, want %#v", tt.args, got["logical_name"], tt.wantEcho)
		}
		if !slices.Contains(e.bufferNames(), name) {
			t.Errorf("buffer %s is not in tmux", name)
		}
	}
}

func TestBufferPrefixFlag(t *testing.T) {
	e := newEnv(t, func(c *server.Config) { c.BufferPrefix = "agent7_" })
	name := e.load("x")
	if !regexp.MustCompile(`^agent7_[0-9a-f]{32}_buf$`).MatchString(name) {
		t.Fatalf("name %q does not use the configured prefix", name)
	}
	// A default-prefix name is not this server's to touch.
	e.fails("show_buffer", map[string]any{"buffer_name": "libtmux_mcp_00112233445566778899aabbccddeeff_buf"})
	if _, err := server.New(server.Config{BufferPrefix: "bad prefix"}); err == nil {
		t.Error("a prefix with a space was accepted")
	}
}

// TestRoundTripIsByteExact loads awkward contents and reads them back both
// through show_buffer and straight from tmux.
func TestRoundTripIsByteExact(t *testing.T) {
	e := newEnv(t)
	big := strings.Repeat("0123456789abcdef\n", 1<<16) // 1 MiB
	contents := map[string]string{
		"multi-line":       "first\nsecond\nthird\n",
		"no final newline": "a\nb",
		"CRLF":             "one\r\ntwo\r\n",
		"tabs":             "\tindented\tand\ttabbed\t",
		"unicode":          "héllo wörld ✓ 日本語 🐙\n",
		"NUL":              "before\x00after\x00",
		"ESC and 0x7f":     "\x1b[31mred\x1b[0m\x7f",
		"1 MiB":            big,
	}
	for label, content := range contents {
		t.Run(label, func(t *testing.T) {
			name := e.load(content)
			got := e.ok("show_buffer", map[string]any{"buffer_name": name, "max_lines": nil})
			if got["content"] != content || got["content_truncated"] != false || got["content_truncated_lines"] != 0.0 {
				t.Errorf("show_buffer returned %d bytes truncated=%v lines=%v; want the %d bytes loaded, untruncated",
					len(got["content"].(string)), got["content_truncated"], got["content_truncated_lines"], len(content))
			}
			if raw := e.mustTmux("show-buffer", "-b", name); raw != content {
				t.Errorf("tmux holds %d bytes that differ from the %d loaded", len(raw), len(content))
			}
		})
	}
}

func TestShowBufferKeepsTheTail(t *testing.T) {
	e := newEnv(t)
	var lines []string
	for i := 1; i <= 600; i++ {
		lines = append(lines, fmt.Sprintf("line %d", i))
	}
	name := e.load(strings.Join(lines, "\n") + "\n")

	got := e.ok("show_buffer", map[string]any{"buffer_name": name})
	want := strings.Join(lines[100:], "\n") + "\n"
	if got["content"] != want || got["content_truncated"] != true || got["content_truncated_lines"] != 100.0 {
		t.Errorf("default max_lines: got %d bytes, truncated=%v, lines=%v; want the last 500 lines, 100 dropped",
			len(got["content"].(string)), got["content_truncated"], got["content_truncated_lines"])
	}
	got = e.ok("show_buffer", map[string]any{"buffer_name": name, "max_lines": 1})
	if got["content"] != "line 600\n" || got["content_truncated_lines"] != 599.0 {
		t.Errorf("max_lines 1: got %q, dropped %v", got["content"], got["content_truncated_lines"])
	}
	got = e.ok("show_buffer", map[string]any{"buffer_name": name, "max_lines": 600})
	if got["content_truncated"] != false {
		t.Errorf("max_lines equal to the line count truncated")
	}
}

func TestShowBufferByteCap(t *testing.T) {
	e := newEnv(t, func(c *server.Config) { c.MaxShowBytes = 10 })
	name := e.load("aaaa\nbbbb\ncccc\n")
	got := e.ok("show_buffer", map[string]any{"buffer_name": name, "max_lines": nil})
	if got["content"] != "bbbb\ncccc\n" || got["content_truncated_lines"] != 1.0 {
		t.Errorf("byte cap 10: got %q dropped %v, want the last two lines", got["content"], got["content_truncated_lines"])
	}
}

// TestConcurrentLoads makes many calls at once with one logical name: every
// call gets its own buffer, and every buffer holds its own content.
func TestConcurrentLoads(t *testing.T) {
	concurrentLoads(t, newEnv(t), 200)
}

// TestThousandConcurrentLoads is the design's scale target: 1,000 loads at
// once lose nothing. Against real tmux it uses the control-mode backend, as
// a thousand tmux processes at once would mostly measure the machine.
func TestThousandConcurrentLoads(t *testing.T) {
	// The thousand calls queue, for the emulator or for one control
	// client, and the queue counts against each call's timeout: on a
	// loaded machine the default 5 s would cut transfers short, which is
	// what this test is not about.
	const patient = time.Minute
	e := newEnv(t, func(c *server.Config) { c.Timeout = patient })
	if realTmux(t) {
		d := &server.ControlDialer{SocketName: e.socket}
		t.Cleanup(func() { d.Close() })
		e.connect(func(c *server.Config) { c.Tmux, c.Timeout = d, patient })
	}
	concurrentLoads(t, e, 1000)
}

func concurrentLoads(t *testing.T, e *tmuxEnv, n int) {
	names := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			res := e.call("load_buffer", map[string]any{"content": fmt.Sprintf("payload-%d", i), "logical_name": "same"})
			if res.IsError {
				t.Errorf("load %d: %s", i, servertest.ResultText(res))
				return
			}
			names[i] = res.StructuredContent.(map[string]any)["buffer_name"].(string)
		})
	}
	wg.Wait()
	// One listing of every buffer with its content (short, so shown whole).
	held := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(e.mustTmux("list-buffers", "-F", "#{buffer_name} #{buffer_sample}")), "\n") {
		name, sample, _ := strings.Cut(line, " ")
		held[name] = sample
	}
	seen := map[string]bool{}
	for i, name := range names {
		if seen[name] {
			t.Fatalf("name %s handed out twice", name)
		}
		seen[name] = true
		if got, ok := held[name]; !ok {
			t.Errorf("buffer %d (%s) is missing from tmux", i, name)
		} else if got != fmt.Sprintf("payload-%d", i) {
			t.Errorf("buffer %d holds %q", i, got)
		}
	}
}

func TestPasteReachesTheProgram(t *testing.T) {
	e := newEnv(t)
	out := t.TempDir() + "/pasted"
	pane := strings.TrimSpace(e.mustTmux("new-window", "-P", "-F", "#{pane_id}", "cat > "+out))
	name := e.load("hello\nworld\n")

	got := e.call("paste_buffer", map[string]any{"buffer_name": name, "pane_id": pane})
	if got.IsError || servertest.ResultText(got) != fmt.Sprintf("Buffer '%s' pasted to pane %s", name, pane) {
		t.Fatalf("paste_buffer: %s", servertest.ResultText(got))
	}
	// tmux turns LF into CR; the terminal turns CR back into LF for cat. cat
	// never asked for bracketed paste, so no markers may arrive.
	waitFor(t, "the paste to reach cat", func() (bool, string) {
		b, _ := readFile(out)
		return b == "hello\nworld\n", fmt.Sprintf("%q", b)
	})
	if !slices.Contains(e.bufferNames(), name) {
		t.Error("paste deleted the buffer")
	}
}

func TestPasteTargets(t *testing.T) {
	e := newEnv(t)
	ids := strings.Fields(e.mustTmux("display-message", "-p", "-t", "main", "#{session_id} #{window_id} #{pane_id}"))
	name := e.load("x")
	for _, args := range []map[string]any{
		{"window_id": ids[1]},
		{"session_id": ids[0]},
		{"session_name": "main"},
	} {
		args["buffer_name"] = name
		args["bracket"] = false
		got := e.call("paste_buffer", args)
		if got.IsError || !strings.HasSuffix(servertest.ResultText(got), "pasted to pane "+ids[2]) {
			t.Errorf("paste_buffer(%v) = %s, want a paste into %s", args, servertest.ResultText(got), ids[2])
		}
	}
}

// TestRefusalsChangeNothing sends bad input of every kind. Each must get a
// tool error that says what was wrong, leave tmux's buffers as they were, and
// leave the server serving.
func TestRefusalsChangeNothing(t *testing.T) {
	e := newEnv(t, func(c *server.Config) { c.MaxContentBytes = 1024 })
	e.mustTmux("set-buffer", "-b", "clipboard", "the user's own")
	own := e.load("mine")
	before := e.bufferNames()
	tooBig := strings.Repeat("x", 1025)
	tests := []struct {
		tool string
		args map[string]any
		want string
	}{
		{"load_buffer", map[string]any{}, `missing required argument "content"`},
		{"load_buffer", map[string]any{"content": nil}, `"content" must be a string`},
		{"load_buffer", map[string]any{"content": 42}, `"content" must be a string`},
		{"load_buffer", map[string]any{"content": "x", "extra": 1}, `unknown argument "extra"`},
		{"load_buffer", map[string]any{"content": ""}, "content is empty"},
		{"load_buffer", map[string]any{"content": tooBig}, "over the limit of 1024 bytes"},
		{"load_buffer", map[string]any{"content": "x", "logical_name": "has space"}, "logical_name must match"},
		{"load_buffer", map[string]any{"content": "x", "logical_name": "a/b"}, "logical_name must match"},
		{"load_buffer", map[string]any{"content": "x", "logical_name": "naïve"}, "logical_name must match"},
		{"load_buffer", map[string]any{"content": "x", "logical_name": strings.Repeat("a", 65)}, "logical_name must match"},
		{"load_buffer", map[string]any{"content": "x", "logical_name": 7}, `"logical_name" must be a string or null`},
		{"load_buffer", map[string]any{"content": "x", "socket_name": "../default"}, "socket_name must look like"},
		{"show_buffer", map[string]any{"buffer_name": "clipboard"}, "not a buffer name this server hands out"},
		{"show_buffer", map[string]any{"buffer_name": "libtmux_mcp_0123_buf"}, "not a buffer name"},
		{"show_buffer", map[string]any{"buffer_name": strings.ToUpper(own)}, "not a buffer name"},
		{"show_buffer", map[string]any{"buffer_name": own, "max_lines": 0}, "max_lines must be at least 1"},
		{"show_buffer", map[string]any{"buffer_name": own, "max_lines": -3}, "max_lines must be at least 1"},
		{"show_buffer", map[string]any{"buffer_name": own, "max_lines": 1.5}, `"max_lines" must be an integer or null`},
		{"show_buffer", map[string]any{"buffer_name": own, "max_lines": "10"}, `"max_lines" must be an integer or null`},
		{"paste_buffer", map[string]any{"buffer_name": own, "pane_id": "%999"}, "pane %999 not found"},
		{"paste_buffer", map[string]any{"buffer_name": own, "pane_id": "main"}, "pane_id must look like %<number>"},
		{"paste_buffer", map[string]any{"buffer_name": own, "session_name": "nosuch"}, "session nosuch not found"},
		{"paste_buffer", map[string]any{"buffer_name": own, "window_id": "@77"}, "window @77 not found"},
		{"paste_buffer", map[string]any{"buffer_name": own, "pane_id": "%0", "bracket": "yes"}, `"bracket" must be a boolean`},
		{"delete_buffer", map[string]any{"buffer_name": "clipboard"}, "not a buffer name"},
		{"delete_buffer", map[string]any{"buffer_name": "libtmux_mcp_00112233445566778899aabbccddeeff_gone"}, "no such buffer"},
		{"list_buffers", map[string]any{"socket_name": 3}, `"socket_name" must be a string or null`},
	}
	for _, tt := range tests {
		got := e.fails(tt.tool, tt.args)
		if !strings.Contains(got, tt.want) {
			t.Errorf("%s(%s): error %q does not say %q", tt.tool, shortJSON(tt.args), got, tt.want)
		}
		if strings.Contains(got, tooBig[:100]) {
			t.Errorf("%s: the error quotes the content", tt.tool)
		}
	}
	if after := e.bufferNames(); !slices.Equal(before, after) {
		t.Errorf("refused calls changed tmux's buffers:\nbefore %v\nafter  %v", before, after)
	}
	if got := e.ok("show_buffer", map[string]any{"buffer_name": own}); got["content"] != "mine" {
		t.Errorf("after the refusals, show_buffer returned %v", got)
	}
}

// TestListBuffersWithoutUTF8Locale lists under the C locale, in which tmux
// prints control characters of a format as '_'.
func TestListBuffersWithoutUTF8Locale(t *testing.T) {
	t.Setenv("LC_ALL", "C")
	t.Setenv("LANG", "C")
	e := newEnv(t)
	name := e.load("x")
	got := e.ok("list_buffers", map[string]any{})["buffers"].([]any)
	if len(got) != 1 || got[0].(map[string]any)["buffer_name"] != name {
		t.Errorf("list_buffers = %v, want just %s", got, name)
	}
}

func TestDeleteTwice(t *testing.T) {
	e := newEnv(t)
	name := e.load("x")
	if got := servertest.ResultText(e.call("delete_buffer", map[string]any{"buffer_name": name})); got != fmt.Sprintf("Buffer '%s' deleted", name) {
		t.Errorf("delete_buffer said %q", got)
	}
	if slices.Contains(e.bufferNames(), name) {
		t.Error("the buffer is still in tmux")
	}
	if got := e.fails("delete_buffer", map[string]any{"buffer_name": name}); !strings.Contains(got, "no such buffer") {
		t.Errorf("second delete: %q", got)
	}
}

func TestListBuffersShowsOnlyOwnBuffers(t *testing.T) {
	e := newEnv(t)
	e.mustTmux("set-buffer", "-b", "clipboard", "secret clipboard history")
	e.mustTmux("set-buffer", "-b", "libtmux_mcp_00112233445566778899aabbccddeeff_other", "another agent's")
	first := e.ok("load_buffer", map[string]any{"content": "héllo", "logical_name": "greeting"})["buffer_name"].(string)
	second := e.load("x")
	gone := e.load("y")
	e.ok("delete_buffer", map[string]any{"buffer_name": gone})

	got := e.ok("list_buffers", map[string]any{})
	buffers := got["buffers"].([]any)
	var names []string
	for _, b := range buffers {
		names = append(names, b.(map[string]any)["buffer_name"].(string))
	}
	if !slices.Equal(names, []string{second, first}) {
		t.Fatalf("list_buffers = %v, want %v (most recent first, own buffers only)", names, []string{second, first})
	}
	entry := buffers[1].(map[string]any)
	if entry["logical_name"] != "greeting" || entry["size_bytes"] != 6.0 {
		t.Errorf("entry = %v, want logical_name greeting and 6 bytes", entry)
	}
	created, err := time.Parse(time.RFC3339, entry["created"].(string))
	if err != nil || time.Since(created) > time.Hour || time.Since(created) < -time.Minute {
		t.Errorf("created = %v (%v), want a recent RFC 3339 time", entry["created"], err)
	}
	if strings.Contains(shortJSON(got), "héllo") || strings.Contains(shortJSON(got), "secret") {
		t.Error("list_buffers leaked content")
	}
}

// TestCleanupSparesOthers checks that the clean-up on exit deletes this
// server's buffers and nobody else's: not the user's, not another agent's.
func TestCleanupSparesOthers(t *testing.T) {
	e := newEnv(t)
	e.mustTmux("set-buffer", "-b", "clipboard", "user")
	e.mustTmux("set-buffer", "-b", "libtmux_mcp_00112233445566778899aabbccddeeff_other", "other agent")
	mine := []string{e.load("a"), e.load("b")}
	gone := e.load("c")
	e.mustTmux("delete-buffer", "-b", gone) // deleted behind the server's back

	n, err := e.srv.Cleanup(t.Context())
	if err != nil || n != 2 {
		t.Fatalf("Cleanup = %d, %v; want 2 deleted and no error", n, err)
	}
	left := e.bufferNames()
	for _, name := range mine {
		if slices.Contains(left, name) {
			t.Errorf("own buffer %s survived", name)
		}
	}
	for _, name := range []string{"clipboard", "libtmux_mcp_00112233445566778899aabbccddeeff_other"} {
		if !slices.Contains(left, name) {
			t.Errorf("%s was deleted", name)
		}
	}
}

func TestTmuxFailuresAreClearAndRecoverable(t *testing.T) {
	e := newEnv(t)
	t.Run("missing binary", func(t *testing.T) {
		e.connect(func(c *server.Config) { c.Tmux = server.ExecDialer{Bin: "/nonexistent/tmux", SocketName: e.socket} })
		if got := e.fails("load_buffer", map[string]any{"content": "x"}); !strings.Contains(got, `tmux could not be run`) || !strings.Contains(got, "/nonexistent/tmux") {
			t.Errorf("error %q does not name the missing binary", got)
		}
	})
	t.Run("dead socket", func(t *testing.T) {
		e.connect()
		got := e.fails("load_buffer", map[string]any{"content": "x", "socket_name": e.socket + "-none"})
		if !strings.Contains(got, "no tmux server is running on tmux socket") {
			t.Errorf("error %q does not say no server runs", got)
		}
		e.load("still serving")
	})
	t.Run("hung tmux", func(t *testing.T) {
		hung := t.TempDir() + "/tmux"
		if err := writeExecutable(hung, "#!/bin/sh\nexec sleep 60\n"); err != nil {
			t.Fatal(err)
		}
		e.connect(func(c *server.Config) {
			c.Tmux = server.ExecDialer{Bin: hung}
			c.Timeout = 100 * time.Millisecond
		})
		if got := e.fails("load_buffer", map[string]any{"content": "x"}); !strings.Contains(got, "did not answer within 100ms") {
			t.Errorf("error %q does not say tmux timed out", got)
		}
	})
	if e.fake != nil {
		t.Run("hung fake tmux", func(t *testing.T) {
			e.connect(func(c *server.Config) { c.Timeout = 100 * time.Millisecond })
			e.fakeServer(e.socket).InjectFault(1, faketmux.Fault{Delay: time.Hour})
			if got := e.fails("load_buffer", map[string]any{"content": "x"}); !strings.Contains(got, "did not answer within 100ms") {
				t.Errorf("error %q does not say tmux timed out", got)
			}
			e.load("served again")
		})
	}
}

// TestTmuxServerDies kills the tmux server under the MCP server: calls fail
// clearly, and work again once a tmux server is back.
func TestTmuxServerDies(t *testing.T) {
	e := newEnv(t)
	name := e.load("x")
	e.killServer()
	if got := e.fails("show_buffer", map[string]any{"buffer_name": name}); !strings.Contains(got, "no tmux server is running") {
		t.Errorf("error %q does not say the server is gone", got)
	}
	e.mustTmux("new-session", "-d")
	if got := e.fails("show_buffer", map[string]any{"buffer_name": name}); !strings.Contains(got, "no such buffer") {
		t.Errorf("a buffer of the dead server: %q", got)
	}
	e.load("y")
}

func TestSafetyTiers(t *testing.T) {
	e := newEnv(t, func(c *server.Config) { c.Safety = server.TierReadonly })
	list, err := e.client.ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	slices.Sort(names)
	if !slices.Equal(names, []string{"call_readonly_tools_batch", "capture_pane", "capture_since", "display_message", "find_pane_by_position", "get_pane_info", "get_server_info", "get_session_info", "get_window_info", "list_buffers", "list_panes", "list_servers", "list_sessions", "list_windows", "search_panes", "show_buffer",
		"show_environment", "show_hook", "show_hooks", "show_option", "snapshot_pane", "wait_for_text"}) {
		t.Errorf("readonly tier lists %v", names)
	}
	got := e.fails("load_buffer", map[string]any{"content": "x"})
	if !strings.Contains(got, `needs safety tier "mutating"`) || !strings.Contains(got, `runs at "readonly"`) {
		t.Errorf("hidden tool error %q does not name the tiers", got)
	}
	if len(e.bufferNames()) != 0 {
		t.Error("a hidden tool changed tmux")
	}
	if _, err := e.client.CallTool(t.Context(), &mcp.CallToolParams{Name: "no_such_tool"}); err == nil {
		t.Error("an unknown tool was not a protocol error")
	}
}

// TestCleanupWaitsForCallsUnderWay ends the server while a load is still
// running (the fake holds it back): the clean-up must wait for it and delete
// its buffer too, or the buffer would outlive the server.
func TestCleanupWaitsForCallsUnderWay(t *testing.T) {
	e := newEnv(t)
	if e.fake == nil {
		t.Skip("needs the fake's fault injection to hold a load back")
	}
	e.fakeServer(e.socket).InjectFault(1, faketmux.Fault{Delay: 300 * time.Millisecond})
	loaded := make(chan string)
	go func() {
		res := e.call("load_buffer", map[string]any{"content": "late"})
		name, _ := res.StructuredContent.(map[string]any)["buffer_name"].(string)
		loaded <- name
	}()
	// The load is under way once its tmux command is being held back.
	waitFor(t, "the load to reach tmux", func() (bool, string) {
		return e.fakeServer(e.socket).PendingFaults() == 0, "fault not yet met"
	})
	if _, err := e.srv.Cleanup(t.Context()); err != nil {
		t.Fatal(err)
	}
	name := <-loaded
	if name == "" || slices.Contains(e.bufferNames(), name) {
		t.Errorf("the late load's buffer %q outlived the clean-up; buffers: %v", name, e.bufferNames())
	}
}

// TestLoadIsConfirmed: load_buffer hands out a name only once tmux has
// listed the buffer, whole; otherwise a clear error, and no buffer left.
func TestLoadIsConfirmed(t *testing.T) {
	e := newEnv(t)
	// A tmux binary that is not tmux: /bin/true exits 0 having done nothing.
	e.connect(func(c *server.Config) { c.Tmux = server.ExecDialer{Bin: "/bin/true", SocketName: e.socket} })
	if got := e.fails("load_buffer", map[string]any{"content": "x"}); !strings.Contains(got, "listed no buffer of that name") {
		t.Errorf("/bin/true as tmux: %q", got)
	}
	// A load cut short: tmux made a buffer, not of the content sent. With
	// the real tmux, through the control backend's FIFO too.
	backends := map[string]server.Dialer{"exec or fake": e.dialer()}
	if realTmux(t) {
		control := &server.ControlDialer{SocketName: e.socket}
		t.Cleanup(func() { control.Close() })
		backends["control"] = control
	}
	for backend, d := range backends {
		e.connect(func(c *server.Config) { c.Tmux = halfStdin{d} })
		before := e.bufferNames()
		if got := e.fails("load_buffer", map[string]any{"content": "0123456789"}); !strings.Contains(got, "made a buffer of 5 bytes from the 10 sent; it was deleted") {
			t.Errorf("%s: half the content loaded: %q", backend, got)
		}
		if after := e.bufferNames(); !slices.Equal(after, before) {
			t.Errorf("%s: tmux holds %v after the failed load, want %v as before", backend, after, before)
		}
	}
	e.connect()
	e.load("still serving")
}

// halfStdin is a tmux that gets only the first half of what it is sent.
type halfStdin struct{ server.Dialer }

func (d halfStdin) Dial(socket string) server.Tmux { return halfStdinTmux{d.Dialer.Dial(socket)} }

type halfStdinTmux struct{ server.Tmux }

func (t halfStdinTmux) Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if stdin != nil && strings.HasPrefix(args[2], "libtmux_mcp_") { // a buffer's load, not a permit's gate
		all, _ := io.ReadAll(stdin)
		stdin = bytes.NewReader(all[:len(all)/2])
	}
	return t.Tmux.Run(ctx, args, stdin, stdout, stderr)
}

// TestBatchReplyFits: a batch whose calls' content would make its reply too
// large leaves that content out, the first calls' first, says so, and its
// reply fits the bound.
func TestBatchReplyFits(t *testing.T) {
	const limit = 64 << 10
	e := newEnv(t, func(c *server.Config) { c.MaxReplyBytes = limit })
	// About 6 KB, four times in each call's part of the reply (its text
	// and structured content, each in the batch's text and structured
	// content): the three calls' would not fit, the last two would.
	name := e.load(strings.Repeat("0123456789abcdef\n", 350))
	show := map[string]any{"tool": "show_buffer", "arguments": map[string]any{"buffer_name": name, "max_lines": nil}}
	res := e.call("call_readonly_tools_batch", map[string]any{"operations": []any{show, show, show}})
	if res.IsError {
		t.Fatalf("batch: %v", res.Content)
	}
	data, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > limit {
		t.Errorf("the batch's reply is %d bytes, over the bound of %d", len(data), limit)
	}
	out := res.StructuredContent.(map[string]any)
	results := out["results"].([]any)
	if out["response_truncated"] != true || out["response_truncated_bytes"].(float64) <= 0 {
		t.Errorf("a batch cut to fit does not say so: %v %v", out["response_truncated"], out["response_truncated_bytes"])
	}
	first, last := results[0].(map[string]any), results[2].(map[string]any)
	if first["structured_content"] != nil || last["structured_content"] == nil {
		t.Errorf("the batch left out the wrong calls' content: first %v, last has %v", first["content"], last["structured_content"] != nil)
	}
}
