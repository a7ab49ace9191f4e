package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tmuxbuf/tmuxbuf/server"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
)

// printsTmux is a tmux that prints data for any command line: what a
// capture or a format could print, bytes that no terminal would leave on a
// screen included.
type printsTmux struct{ data []byte }

func (p printsTmux) Dial(string) server.Tmux { return p }

func (p printsTmux) Run(_ context.Context, _ []string, _ io.Reader, stdout, _ io.Writer) int {
	stdout.Write(p.data)
	return 0
}

// called is a tool's reply as it came over the wire.
type called struct {
	size       int // bytes of the message, final newline included
	structured any
	text       string
}

func (c *wireClient) call(tool string, args map[string]any) called {
	c.t.Helper()
	line := c.request("tools/call", map[string]any{"name": tool, "arguments": args})
	var msg struct {
		Result struct {
			IsError           bool
			StructuredContent any
			Content           []struct{ Text string }
		}
	}
	if err := json.Unmarshal(line, &msg); err != nil || msg.Result.IsError || len(msg.Result.Content) != 1 {
		c.t.Fatalf("%s: %v: %.300s", tool, err, line)
	}
	return called{size: len(line), structured: msg.Result.StructuredContent, text: msg.Result.Content[0].Text}
}

var truncationHeader = regexp.MustCompile(`^\[\.\.\. truncated ([0-9]+) lines(?: and ([0-9]+) bytes)? \.\.\.\]\n`)

// checkTextTail checks a text reply against what tmux printed: within
// limit, the same text in both forms, and either all of data (less its
// final line feeds) or a header that says what went, then the rest.
func checkTextTail(t *testing.T, label string, got called, data []byte, limit int) (truncated bool) {
	t.Helper()
	if got.size > limit {
		t.Errorf("%s: the reply is %d bytes, over the limit of %d", label, got.size, limit)
	}
	if want := map[string]any{"result": got.text}; fmt.Sprint(got.structured) != fmt.Sprint(want) {
		t.Errorf("%s: the structured content is not the text under \"result\"", label)
	}
	whole := string(bytes.TrimRight(data, "\n"))
	m := truncationHeader.FindStringSubmatch(got.text)
	if m == nil {
		if got.text != viaJSON(whole) {
			t.Errorf("%s: %d bytes of text without a header, not the %d printed", label, len(got.text), len(whole))
		}
		return false
	}
	lines, _ := strconv.Atoi(m[1])
	cut, _ := strconv.Atoi(m[2])
	rest := whole
	for range lines {
		_, rest, _ = strings.Cut(rest, "\n")
	}
	if cut > len(rest) || strings.Contains(rest[:cut], "\n") {
		t.Fatalf("%s: the header says %d lines and %d bytes went, which the text does not have", label, lines, cut)
	}
	if got.text[len(m[0]):] != viaJSON(rest[cut:]) {
		t.Errorf("%s: after %q, %d bytes that are not the rest of what was printed", label, m[0], len(got.text)-len(m[0]))
	}
	t.Logf("%s: a reply of %d bytes for a limit of %d: %s", label, got.size, limit, strings.TrimSpace(m[0]))
	return true
}

// TestTextRepliesFitTheLimit: capture_pane's and display_message's text,
// whatever bytes tmux prints, makes a reply within the limit that keeps
// the tail of whole lines and says what it cut; a single line too long
// for the reply keeps its end, and the header counts its bytes cut too.
func TestTextRepliesFitTheLimit(t *testing.T) {
	const limit = 64 << 10
	calls := map[string]map[string]any{
		"capture_pane":    {"max_lines": nil},
		"display_message": {"format_string": "#{pane_title}"},
	}
	for kind, format := range escapingKinds {
		data, long, small := escapingContent(format, 4*limit)
		for tool, args := range calls {
			for _, c := range []struct {
				label     string
				data      []byte
				truncated bool
			}{
				{kind, data, true},
				{kind + ", one long line", append(long, "\n\n\n"...), true},
				{kind + ", one line", small, false},
			} {
				srv, err := server.New(server.Config{Tmux: printsTmux{c.data}, MaxReplyBytes: limit})
				if err != nil {
					t.Fatal(err)
				}
				if got := checkTextTail(t, tool+": "+c.label, newWireClient(t, srv).call(tool, args), c.data, limit); got != c.truncated {
					t.Errorf("%s: %s: truncated %v, want %v", tool, c.label, got, c.truncated)
				}
			}
		}
	}
}

// TestPaneRepliesFitTheLimit: snapshot_pane, capture_since and
// search_panes, on panes whose text JSON escapes heavily, keep their
// replies within the limit, keep the tail of what was asked, and say
// what they cut.
func TestPaneRepliesFitTheLimit(t *testing.T) {
	const limit = 8 << 10
	e := newEnv(t)
	srv, err := server.New(server.Config{Tmux: e.dialer(), MaxReplyBytes: limit})
	if err != nil {
		t.Fatal(err)
	}
	c := newWireClient(t, srv)
	// Lines of characters that JSON escapes, and runes of four bytes.
	const printer = `i=1; while [ $i -le %d ]; do printf '<&>"\\ %%04d \360\237\231\202 <&>"\\ \360\237\231\202\n' $i; i=$((i+1)); done; echo done; exec cat >/dev/null`
	var panes []string
	for i := range 6 {
		pane := strings.TrimSpace(e.mustTmux("new-window", "-d", "-P", "-F", "#{pane_id}", fmt.Sprintf(printer, 200+i)))
		e.mustTmux("resize-window", "-t", pane, "-x", "80", "-y", "100")
		panes = append(panes, pane)
	}
	for _, pane := range panes {
		waitFor(t, "the pane to print", func() (bool, string) {
			out, _, _ := e.tmux("capture-pane", "-p", "-t", pane)
			return strings.Contains(out, "done"), out
		})
	}
	screen := func(pane string, args ...string) []string {
		lines := strings.Split(strings.TrimRight(e.mustTmux(append([]string{"capture-pane", "-p", "-t", pane}, args...)...), "\n"), "\n")
		for i, l := range lines {
			lines[i] = viaJSON(l)
		}
		return lines
	}
	fits := func(label string, got called) {
		t.Helper()
		t.Logf("%s: a reply of %d bytes for a limit of %d", label, got.size, limit)
		if got.size > limit {
			t.Errorf("%s: the reply is %d bytes, over the limit of %d", label, got.size, limit)
		}
		var text any
		if err := json.Unmarshal([]byte(got.text), &text); err != nil || fmt.Sprint(text) != fmt.Sprint(got.structured) {
			t.Errorf("%s: the structured content and the text differ", label)
		}
	}
	tailOf := func(label string, got []any, want []string) {
		t.Helper()
		if len(got) == 0 || len(got) >= len(want) {
			t.Fatalf("%s: %d lines of %d kept, want a part", label, len(got), len(want))
		}
		for i, l := range got {
			if w := want[len(want)-len(got)+i]; l != w && !(i == 0 && strings.HasSuffix(w, l.(string))) {
				t.Errorf("%s: line %d of the tail kept is %q, want %q", label, i, l, w)
			}
		}
	}

	// snapshot_pane: the tail of the screen.
	got := c.call("snapshot_pane", map[string]any{"pane_id": panes[0], "max_lines": nil})
	fits("snapshot_pane", got)
	snap := got.structured.(map[string]any)
	want := screen(panes[0])
	var content []any
	for l := range strings.SplitSeq(snap["content"].(string), "\n") {
		content = append(content, l)
	}
	tailOf("snapshot_pane", content, want)
	if snap["content_truncated"] != true || int(snap["content_truncated_lines"].(float64)) != len(want)-len(content) {
		t.Errorf("snapshot_pane: %d of %d lines kept, and it says truncated %v, %v lines", len(content), len(want), snap["content_truncated"], snap["content_truncated_lines"])
	}

	// capture_since: the tail of the screen, then of what is new.
	got = c.call("capture_since", map[string]any{"pane_id": panes[1], "max_bytes": nil, "max_lines": nil})
	fits("capture_since", got)
	since := got.structured.(map[string]any)
	lines := since["lines"].([]any)
	tailOf("capture_since", lines, screen(panes[1]))
	if since["truncated"] != true || int(since["truncated_lines"].(float64)) != len(screen(panes[1]))-len(lines) {
		t.Errorf("capture_since: %d lines kept, and it says truncated %v, %v lines", len(lines), since["truncated"], since["truncated_lines"])
	}

	// search_panes: the panes in order while they fit, then the last
	// lines of the one that does not, and the rest left for a next page.
	got = c.call("search_panes", map[string]any{"pattern": "<&>", "content_start": -200, "max_matched_lines_per_pane": 1000})
	fits("search_panes", got)
	res := got.structured.(map[string]any)
	matches := res["matches"].([]any)
	skipped := res["truncated_panes"].([]any)
	if res["truncated"] != true || res["total_panes_matched"] != 6.0 || len(matches) == 0 || len(matches)+len(skipped) != 6 {
		t.Fatalf("search_panes: %d matches and %v skipped of %v, truncated %v", len(matches), skipped, res["total_panes_matched"], res["truncated"])
	}
	for i, m := range matches {
		m := m.(map[string]any)
		if m["pane_id"] != panes[i] {
			t.Errorf("search_panes: match %d is of pane %v, want %s", i, m["pane_id"], panes[i])
		}
		all := screen(panes[i], "-J", "-S", "-200")
		var matching []string
		for _, l := range all {
			if strings.Contains(l, "\\u003c\\u0026\\u003e") || strings.Contains(l, "<&>") {
				matching = append(matching, l)
			}
		}
		if got := m["matched_lines"].([]any); i < len(matches)-1 && len(got) != len(matching) {
			t.Errorf("search_panes: pane %s kept %d of its %d lines, though a later pane came", panes[i], len(got), len(matching))
		} else if i == len(matches)-1 && len(got) < len(matching) {
			tailOf("search_panes", got, matching)
		}
	}
	for i, id := range skipped {
		if id != panes[len(matches)+i] {
			t.Errorf("search_panes: truncated_panes %v, want the panes after the matches", skipped)
		}
	}
}

// TestCapturePaneLargeHistory captures a pane's 50,000 lines of history
// with the default reply bound: the reply stays within 10 MiB, the text is
// the tail of the capture, whole lines, after a header that counts the
// lines dropped; and with the default max_lines, its last 500.
func TestCapturePaneLargeHistory(t *testing.T) {
	e := newEnv(t)
	srv, err := server.New(server.Config{Tmux: e.dialer()})
	if err != nil {
		t.Fatal(err)
	}
	c := newWireClient(t, srv)
	e.mustTmux("set-option", "-g", "history-limit", "60000")
	pane := largeHistory(t, e, 50000)
	data := []byte(e.mustTmux("capture-pane", "-p", "-t", pane, "-S", "-60000"))
	total := bytes.Count(bytes.TrimRight(data, "\n"), []byte("\n")) + 1
	if total < 50000 || 2*len(data) < server.DefaultMaxReplyBytes {
		t.Fatalf("the pane holds %d lines, %d bytes: too few for the test", total, len(data))
	}
	got := c.call("capture_pane", map[string]any{"pane_id": pane, "start": -60000, "max_lines": nil})
	if !checkTextTail(t, "whole history", got, data, server.DefaultMaxReplyBytes) {
		t.Errorf("%d bytes of history came back whole", len(data))
	}
	if !strings.HasSuffix(got.text, "\ndone") {
		t.Errorf("the capture does not end with the pane's last line")
	}
	got = c.call("capture_pane", map[string]any{"pane_id": pane, "start": -60000})
	checkTextTail(t, "default max_lines", got, data, server.DefaultMaxReplyBytes)
	if want := fmt.Sprintf("[... truncated %d lines ...]\n", total-500); !strings.HasPrefix(got.text, want) || strings.Count(got.text, "\n") != 500 {
		t.Errorf("with max_lines 500: %q, and %d lines after it; want %q", got.text[:40], strings.Count(got.text, "\n"), want)
	}
}

// largeHistory makes a pane, 250 columns wide, that prints n lines of 208
// characters and then "done", and waits until it shows them.
func largeHistory(t testing.TB, e *tmuxEnv, n int) (pane string) {
	t.Helper()
	program := fmt.Sprintf(`awk 'BEGIN { s = sprintf("%%200s", ""); gsub(/ /, "x", s); for (i = 1; i <= %d; i++) printf "%%07d %%s\n", i, s; print "done" }'; exec cat >/dev/null`, n)
	pane = strings.TrimSpace(e.mustTmux("new-window", "-d", "-P", "-F", "#{pane_id}", program))
	e.mustTmux("resize-window", "-t", pane, "-x", "250", "-y", "50")
	deadline := time.Now().Add(2 * time.Minute)
	for {
		out, _, _ := e.tmux("display-message", "-p", "-t", pane, "#{history_size}")
		screen, _, _ := e.tmux("capture-pane", "-p", "-t", pane)
		if strings.Contains(screen, "done") {
			if hs, _ := strconv.Atoi(strings.TrimSpace(out)); hs+50 >= n {
				return pane
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the pane's history holds %s lines, want %d", strings.TrimSpace(out), n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestReadOnlyToolsRunNoShell calls every read-only tool with arguments
// that would run a shell if they reached a tmux format (#(...), or the E
// and T modifiers, which expand a value such as a pane's title as a
// format again), with real targets and without: no call ends at the
// server's last guard, each tool keeping such text out of formats or
// refusing it itself, and no command line that tmux got holds one in a
// format.
func TestReadOnlyToolsRunNoShell(t *testing.T) {
	e := newEnv(t)
	rec := &recordingDialer{Dialer: e.dialer()}
	e.connect(func(c *server.Config) { c.Tmux, c.Safety = rec, server.TierReadonly })
	list, err := e.client.ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	targets := map[string]any{"pane_id": "%0", "window_id": "@0", "session_id": "$0", "session_name": "main", "window_index": "0"}
	for _, hostile := range []string{"#(touch ran)", "#{E:pane_title}", "x;T:y", "#{T:status-right}", "}#{pane_id}#("} {
		for _, realTargets := range []bool{false, true} {
			for _, tool := range list.Tools {
				if strings.HasPrefix(tool.Name, "call_") {
					continue // a batch calls these same tools
				}
				args := map[string]any{}
				props, _ := tool.InputSchema.(map[string]any)["properties"].(map[string]any)
				for name, p := range props {
					switch s := fmt.Sprint(p); {
					case strings.Contains(s, "type:object") || name == "filters":
						args[name] = map[string]any{"session_name": hostile, "window_name__" + "regex": hostile}
					case strings.Contains(s, "type:string"):
						args[name] = hostile
						if v, ok := targets[name]; ok && realTargets {
							args[name] = v
						}
					}
				}
				res := e.call(tool.Name, args)
				if text := servertest.ResultText(res); strings.Contains(text, "would run a shell") {
					t.Errorf("%s(%s) reached the last guard: %s", tool.Name, shortJSON(args), text)
				}
			}
		}
	}
	shellFormat := regexp.MustCompile(`#\(|(#\{|;)[ET][;:]`)
	for _, line := range rec.lines() {
		for i, a := range line {
			format := i > 0 && (line[i-1] == "-F" || line[i-1] == "-f" || line[i-1] == "--" || line[i-1] == "-p")
			if format && shellFormat.MatchString(a) {
				t.Errorf("tmux was sent a format that runs a shell: %q", line)
			}
		}
	}
	if len(rec.lines()) == 0 {
		t.Fatal("no command line reached tmux")
	}
}

// TestFormatsKeepTheBuffersOut: tmux gives every format the most recent
// paste buffer (its name, size and first 200 bytes), the user's clipboard
// maybe. Neither display_message nor a list's filters read it.
func TestFormatsKeepTheBuffersOut(t *testing.T) {
	e := newEnv(t)
	e.mustTmux("set-buffer", "-b", "clip", "hunter2")
	if got := e.mustTmux("list-sessions", "-F", "#{buffer_sample}"); got != "hunter2\n" {
		t.Fatalf("tmux gives a session's format %q for the top buffer; the test expects the clipboard", got)
	}
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"display_message", map[string]any{"format_string": "#{buffer_sample}"}},
		{"display_message", map[string]any{"format_string": "#{?#{m:h*,#{buffer_sample}},1,0}"}},
		{"list_sessions", map[string]any{"filters": map[string]any{"buffer_sample__startswith": "h"}}},
		{"list_windows", map[string]any{"filters": `{"buffer_size": "7"}`}},
	} {
		if got := e.fails(c.tool, c.args); !strings.Contains(got, "paste buffers") || strings.Contains(got, "hunter2") {
			t.Errorf("%s(%s): %q", c.tool, shortJSON(c.args), got)
		}
	}
}
