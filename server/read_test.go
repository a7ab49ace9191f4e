package server

import (
	"bytes"
	"encoding/base64"
	"slices"
	"strings"
	"testing"
)

func TestFormatRunsShell(t *testing.T) {
	for _, f := range []string{
		"#(id)", "x #(id) y", "##(id)", "#{l:#(id)}", // #( anywhere, even escaped
		"#{E:pane_title}", "#{T:status-left}", "#{E;=5:@x}", "#{=/5/…;E:@x}", "#{s/a/b/;T:@x}",
		"#{S:#{E:@x}}", "#{?#{E:@x},a,b}", "a;E:b", "#{E;T:x}",
	} {
		if !formatRunsShell(f) {
			t.Errorf("%q passes as running no shell", f)
		}
	}
	for _, f := range []string{
		"", "#{pane_title}", "#{pane_id} #{E}", "#{=5:pane_title}", "#{l:E:x}", "#{?pane_dead,E:,T:}", "#{S:#{session_name} }",
		"#{t:window_activity}", "#{q:pane_current_path}", "%H:%M #{e|+:1,2}", "#{C/i:E:}", "(#)", "#{m:*E*,#{pane_title}}",
	} {
		if formatRunsShell(f) {
			t.Errorf("%q refused as running a shell", f)
		}
	}
}

// TestRefuseShellFormats: a read-only command line goes to no tmux with a
// format that could run a shell, in any place tmux reads one.
func TestRefuseShellFormats(t *testing.T) {
	for _, args := range [][]string{
		{"display-message", "-p", "#(id)"},
		{"display-message", "-p", "-t", "%1", "--", "#{E:pane_title}"},
		{"has-session", ";", "display-message", "-p", "-F", "#{T:x}"},
		{"list-panes", "-a", "-F", "#{pane_id}#(id)"},
		{"list-sessions", "-f", "#{E:@x}", "-F", "#{session_id}"},
	} {
		if refuseShellFormats(args) == nil {
			t.Errorf("%q passed", args)
		}
	}
	for _, args := range [][]string{
		{"display-message", "-p", "#{pane_id}"},
		{"list-panes", "-a", "-F", recordFormat[paneInfo]()},
		{"has-session", "-t", "=a;E:b", ";", "capture-pane", "-p", "-t", "=a;E:b:"}, // targets are no formats
		{"display-message", "-p"},
	} {
		if err := refuseShellFormats(args); err != nil {
			t.Errorf("%q: %v", args, err)
		}
	}
}

func TestCursorRoundTrip(t *testing.T) {
	got := sinceRead{
		state: sinceState{PaneID: "%3", PanePID: "42", HistorySize: 10, CursorY: 1, Height: 5, ServerPID: "7", SocketPath: "/tmp/s"},
		rows:  [][]byte{[]byte("a"), []byte("b"), []byte("c"), []byte("d"), []byte("e"), []byte("$ "), []byte("x"), []byte(""), []byte("")},
		top:   6,
	}
	c := got.cursor()
	if c.Anchor != 11 || len(c.Above) != 4*rowDigest || len(c.Below) != rowDigest {
		t.Fatalf("cursor at %d with %d rows above and %d below; want 11, 4, 1 (the blank rows at the bottom left out)", c.Anchor, len(c.Above)/rowDigest, len(c.Below)/rowDigest)
	}
	back, err := decodeCursor(c.encode())
	if err != nil {
		t.Fatal(err)
	}
	if back.Anchor != c.Anchor || back.Pane != "%3" || !bytes.Equal(back.Above, c.Above) || back.Server != c.Server {
		t.Errorf("decoded %+v, want %+v", back, c)
	}
	// What changed since: the cursor's row, and below it from the first
	// row that is not as it was.
	rows := [][]byte{[]byte("$ ls"), []byte("x"), []byte("new"), []byte("")}
	if lines := c.changed(rows); !slices.EqualFunc(lines, [][]byte{[]byte("$ ls"), []byte("new")}, bytes.Equal) {
		t.Errorf("changed: %q", lines)
	}
	if lines := c.changed([][]byte{[]byte("$ "), []byte("x"), []byte(""), []byte("")}); len(lines) != 0 {
		t.Errorf("nothing changed, yet %q", lines)
	}
}

func TestDecodeCursorRefuses(t *testing.T) {
	good := (&sinceCursor{V: 1, Server: strings.Repeat("0", 16), Pane: "%1", PID: "1", HS: 3, Height: 2, Anchor: 4,
		AnchorSum: make([]byte, rowDigest), Above: make([]byte, 2*rowDigest)}).encode()
	if _, err := decodeCursor(good); err != nil {
		t.Fatalf("a good cursor: %v", err)
	}
	enc := func(json string) string { return cursorPrefix + base64.RawURLEncoding.EncodeToString([]byte(json)) }
	for _, bad := range []string{
		"", "x", cursorPrefix, cursorPrefix + "!!!", "capture-since-v1:e30", enc(`{}`), enc(`[]`), enc(`{"v":1} x`),
		strings.Replace(good, cursorPrefix, "tmuxbuf-since-v2:", 1),
		enc(`{"v":2,"s":"0000000000000000","p":"%1","pid":"1","hs":3,"h":2,"a":4,"ah":"AAAAAAAAAAA=","up":"","dn":""}`),
		enc(`{"v":1,"s":"0000000000000000","p":"1","pid":"1","hs":3,"h":2,"a":4,"ah":"AAAAAAAAAAA=","up":"","dn":""}`),
		enc(`{"v":1,"s":"0000000000000000","p":"%1","pid":"1","hs":3,"h":2,"a":5,"ah":"AAAAAAAAAAA=","up":"","dn":""}`),
		enc(`{"v":1,"s":"0000000000000000","p":"%1","pid":"1","hs":-1,"h":2,"a":0,"ah":"AAAAAAAAAAA=","up":"","dn":""}`),
		enc(`{"v":1,"s":"0000000000000000","p":"%1","pid":"1","hs":3,"h":2,"a":4,"ah":"AAAA","up":"","dn":""}`),
		enc(`{"v":1,"s":"0000000000000000","p":"%1","pid":"1","hs":3,"h":2,"a":1,"ah":"AAAAAAAAAAA=","up":"AAAAAAAAAAAAAAAAAAAAAA==","dn":""}`),
		enc(`{"v":1,"s":"0000000000000000","p":"%1","pid":"1","hs":3,"h":2,"a":4,"ah":"AAAAAAAAAAA=","up":"","dn":"","x":1}`),
		cursorPrefix + strings.Repeat("A", maxCursorLen),
	} {
		if _, err := decodeCursor(bad); err == nil {
			t.Errorf("%.80q was taken for a cursor", bad)
		} else if strings.Contains(err.Error(), bad) && bad != "" {
			t.Errorf("the error quotes the cursor: %v", err)
		}
	}
}

func TestKeepLastLines(t *testing.T) {
	lines := [][]byte{[]byte("one"), []byte("two"), []byte("three")}
	for _, c := range []struct {
		maxLines, maxBytes, maxCost int
		want                        string
		dropped, droppedBytes       int
	}{
		{0, 100, 1000, "one|two|three", 0, 0},
		{2, 100, 1000, "two|three", 1, 4},
		{0, 9, 1000, "two|three", 1, 4},
		{0, 3, 1000, "ree", 2, 10},
		{0, 100, 2*len("three") + 8, "three", 2, 8},
		{0, 100, 2*len("ee") + 8, "ee", 2, 11},
	} {
		kept, dropped, droppedBytes := keepLastLines(lines, c.maxLines, c.maxBytes, c.maxCost)
		if got := string(bytes.Join(kept, []byte("|"))); got != c.want || dropped != c.dropped || droppedBytes != c.droppedBytes {
			t.Errorf("keepLastLines(%d, %d, %d) = %q, %d, %d; want %q, %d, %d", c.maxLines, c.maxBytes, c.maxCost, got, dropped, droppedBytes, c.want, c.dropped, c.droppedBytes)
		}
	}
}

func TestComparePaneIDs(t *testing.T) {
	ids := []string{"%10", "x", "%2", "%0", "%1"}
	slices.SortFunc(ids, comparePaneIDs)
	if want := []string{"%0", "%1", "%2", "%10", "x"}; !slices.Equal(ids, want) {
		t.Errorf("sorted %v, want %v", ids, want)
	}
}
