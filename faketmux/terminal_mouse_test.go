package faketmux

import (
	"strings"
	"testing"
)

// TestReadMouse reads the mouse's two forms as tmux's tty_keys_mouse
// does, each event remembering the one before it.
func TestReadMouse(t *testing.T) {
	type ev struct{ b, x, y, lb, lx, ly, sgrB int }
	for _, tc := range []struct {
		name    string
		in      string
		n       int
		isMouse bool
		want    *ev
	}{
		{"SGR press", "\x1b[<0;35;3Mrest", 10, true, &ev{0, 34, 2, 0, 0, 0, 0}},
		{"SGR release is button 3", "\x1b[<2;1;1m", 9, true, &ev{3, 0, 0, 0, 0, 0, 2}},
		{"SGR wheel", "\x1b[<64;10;20M", 12, true, &ev{64, 9, 19, 0, 0, 0, 64}},
		{"X10", "\x1b[M !\"", 6, true, &ev{0, 0, 1, 0, 0, 0, 0}},
		{"SGR cut short", "\x1b[<0;35", 0, true, nil},
		{"X10 cut short", "\x1b[M ", 0, true, nil},
		{"SGR at column 0 is dropped", "\x1b[<0;0;3M", 9, true, nil},
		{"a wheel's release is dropped", "\x1b[<65;1;1m", 10, true, nil},
		{"X10 below its offsets is dropped", "\x1b[M\x1f!!", 6, true, nil},
		{"not SGR after all", "\x1b[<0x", 0, false, nil},
		{"a key", "\x1b[A", 0, false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var tty ttyState
			m, n, isMouse := tty.readMouse([]byte(tc.in))
			if n != tc.n || isMouse != tc.isMouse || (m == nil) != (tc.want == nil) {
				t.Fatalf("readMouse(%q) = %v, %d, %v; want n %d, mouse %v, event %v", tc.in, m, n, isMouse, tc.n, tc.isMouse, tc.want)
			}
			if m != nil {
				if got := (ev{m.b, m.x, m.y, m.lb, m.lx, m.ly, m.sgrB}); got != *tc.want {
					t.Errorf("event %+v, want %+v", got, *tc.want)
				}
			}
		})
	}
	var tty ttyState
	tty.readMouse([]byte("\x1b[<0;5;6M"))
	m, _, _ := tty.readMouse([]byte("\x1b[<32;7;8M"))
	if m.lx != 4 || m.ly != 5 || m.lb != 0 || m.b != 32 {
		t.Errorf("a drag after a press: %+v, want the press at 4,5 as the last event", m)
	}
}

// TestUpdateMouseModes writes the mouse modes as tmux's tty_update_mode
// does: nothing when they did not change, else all off, then those
// wanted with SGR.
func TestUpdateMouseModes(t *testing.T) {
	var tty ttyState
	for _, tc := range []struct {
		mode int
		want string
	}{
		{ttyMouseButton, "\x1b[?1006l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006h\x1b[?1000h\x1b[?1002h"},
		{ttyMouseButton, ""},
		{ttyMouseAll | ttyMouseButton, "\x1b[?1006l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006h\x1b[?1000h\x1b[?1002h\x1b[?1003h"},
		{ttyMouseStandard, "\x1b[?1006l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006h\x1b[?1000h"},
		{0, "\x1b[?1006l\x1b[?1000l\x1b[?1002l\x1b[?1003l"},
	} {
		var out strings.Builder
		tty.updateMouseModes(&out, tc.mode)
		if out.String() != tc.want {
			t.Errorf("mode %d: wrote %q, want %q", tc.mode, out.String(), tc.want)
		}
	}
}

// TestCellByBorder finds the cell whose border a cell is on, as tmux's
// layout_search_by_border does, in nested containers.
func TestCellByBorder(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "split-window", "-h", ";", "split-window", "-v")
	st := s.st
	w := st.sessions[0].current
	p := func(id int) *layoutCell { return st.panes[id].cell }
	for _, tc := range []struct {
		x, y int
		want *layoutCell
	}{
		{40, 5, p(0)},  // the border between the left and right
		{60, 12, p(1)}, // between the two on the right
		{10, 5, nil},   // inside a pane
		{79, 23, nil},  // inside the last
		{40, 12, p(0)}, // the left border meets the other
		{60, 13, nil},  // inside the bottom right pane
		{41, 12, p(1)}, // the right's border at its left edge
		{10, 24, nil},  // past the window
	} {
		if got := w.layout.cellByBorder(tc.x, tc.y); got != tc.want {
			t.Errorf("cellByBorder(%d, %d) = %p, want %p", tc.x, tc.y, got, tc.want)
		}
	}
}

// TestDrawFormatRanges finds where a format's ranges land once drawn, as
// a click on the status line needs them: none for range=none.
func TestDrawFormatRanges(t *testing.T) {
	_, got := drawFormat("#[range=left]L#[norange] #[range=window|1]ab#[range=none]x#[align=right range=right]R#[norange align=centre]c",
		drawStyle{}, 10)
	want := []string{"left", "", "window|1", "window|1", "", "", "", "", "", "right"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("ranges %q, want %q", got, want)
	}
}
