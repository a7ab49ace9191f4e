package faketmux

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/keys"
)

// TestNextKeyFocus reads a terminal's focus reports as tmux's tty_keys
// table has them: ESC [ I and ESC [ O alone, not after SS3 or with a
// parameter.
func TestNextKeyFocus(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want keys.Code
		n    int
	}{
		{"\x1b[Irest", keys.FocusIn, 3},
		{"\x1b[O", keys.FocusOut, 3},
		{"\x1bOI", keys.Unknown, 3},
		{"\x1b[1I", keys.Unknown, 4},
	} {
		if got, n := nextKey([]byte(tc.in)); got != tc.want || n != tc.n {
			t.Errorf("nextKey(%q) = %v, %d; want %v, %d", tc.in, got, n, tc.want, tc.n)
		}
	}
}

// TestFocusReportsAsked asks a terminal with the focus feature for focus
// reports when the client starts, with focus-events on only, and turns
// them off when it stops, whatever the option.
func TestFocusReportsAsked(t *testing.T) {
	s := started(t)
	for _, tc := range []struct {
		option          string
		reportsFocus    bool // the terminal has tmux's focus feature
		wantOn, wantOff bool
	}{
		{"on", true, true, true},
		{"off", true, false, true},
		{"on", false, false, false},
	} {
		mustRun(t, s, "set", "-g", "focus-events", tc.option)
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		term := testTerm(t)
		if tc.reportsFocus {
			term = testTerm(t, "focus")
		}
		tty := &ttyState{t: &Terminal{TTY: w}, term: term}
		(&client{s: s, st: s.st}).askFocusReports(tty)
		io.WriteString(w, "|")
		tty.stop()
		w.Close()
		out, _ := io.ReadAll(r)
		r.Close()
		start, stop, _ := strings.Cut(string(out), "|")
		if on, off := start == "\x1b[?1004h", strings.Contains(stop, "\x1b[?1004l"); on != tc.wantOn || off != tc.wantOff {
			t.Errorf("focus-events %s, focus feature %v: started with %q, stopped with %q", tc.option, tc.reportsFocus, start, stop)
		}
	}
}

// testTerm is a terminal that tmux does not take for a VT100, so that it
// gets no features but these, from terminal-features.
func testTerm(t *testing.T, features ...string) *ttyTerm {
	t.Helper()
	var entries []string
	if len(features) > 0 {
		entries = []string{"t:" + strings.Join(features, ":")}
	}
	feat := 0
	term, err := newTTYTerm("t", []string{"clear=\x1b7\x1b[H\x1b[2J", "cup=\x1b[%i%p1%d;%p2%dH"}, &feat, entries, nil)
	if err != nil {
		t.Fatal(err)
	}
	return term
}
