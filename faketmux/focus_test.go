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

// TestTerminalHas finds a terminal's features in terminal-features, by
// the patterns that match its TERM.
func TestTerminalHas(t *testing.T) {
	s := started(t)
	st := s.st
	for _, tc := range []struct {
		term, feature string
		want          bool
	}{
		{"xterm-256color", "clipboard", true},
		{"xterm", "focus", true},
		{"screen", "clipboard", false},
		{"screen-256color", "focus", false},
		{"xterm", "RGB", false},
	} {
		if got := st.terminalHas(&controlClient{termName: tc.term}, tc.feature); got != tc.want {
			t.Errorf("%s has %s: %v, want %v", tc.term, tc.feature, got, tc.want)
		}
	}
	mustRun(t, s, "set", "-as", "terminal-features", "screen*:RGB:focus")
	if !st.terminalHas(&controlClient{termName: "screen"}, "focus") {
		t.Error("screen has no focus after terminal-features gave it")
	}
}

// TestFocusReportsAsked asks a terminal with the focus feature for focus
// reports when the client starts, with focus-events on only, and turns
// them off when it stops, whatever the option.
func TestFocusReportsAsked(t *testing.T) {
	s := started(t)
	for _, tc := range []struct {
		option          string
		reportsFocus    bool
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
		tty := &ttyState{t: &Terminal{TTY: w}, reportsFocus: tc.reportsFocus}
		(&client{s: s, st: s.st}).askFocusReports(tty)
		io.WriteString(w, "|")
		tty.stop()
		w.Close()
		out, _ := io.ReadAll(r)
		r.Close()
		start, stop, _ := strings.Cut(string(out), "|")
		if on, off := start == focusReportsOn, strings.Contains(stop, focusReportsOff); on != tc.wantOn || off != tc.wantOff {
			t.Errorf("focus-events %s, focus feature %v: started with %q, stopped with %q", tc.option, tc.reportsFocus, start, stop)
		}
	}
}
