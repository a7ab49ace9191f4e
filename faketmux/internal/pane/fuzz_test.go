package pane

import (
	"testing"
)

// FuzzScreen draws any bytes on a small screen, resizing it between two
// halves, and checks what must hold whatever a program writes: the lines
// are the history and the rows, the cursor is on a row of the screen (its
// column may be past the last after a wide character is rewrapped onto a
// narrower screen, as in tmux), the history keeps to its limit (a resize may push it
// past, as in tmux, and then it grows no more), and every capture renders.
func FuzzScreen(f *testing.F) {
	for _, c := range screenCases {
		f.Add([]byte(c), uint8(7), uint8(3))
	}
	f.Add([]byte("\x1b[99999999;99999999H\x1b[99999999@\x1b[4h中\x1b[?1049h\x1b[2;1r\x1b[99M"), uint8(1), uint8(1))
	f.Fuzz(func(t *testing.T, b []byte, cols, rows uint8) {
		const limit = 5
		s := NewScreen(6, 4, limit)
		half := len(b) / 2
		s.Display(b[:half])
		check(t, s, limit, 6, 4)
		w, h := int(cols%12)+1, int(rows%6)+1
		s.Resize(w, h)
		resized := max(limit, s.HistorySize())
		check(t, s, resized, w, h)
		s.Display(b[half:])
		check(t, s, resized, w, h)
	})
}

func check(t *testing.T, s *Screen, limit, cols, rows int) {
	t.Helper()
	lines, wrapped, history := s.Lines()
	if len(wrapped) != len(lines) {
		t.Fatalf("%d lines but %d wrap flags", len(lines), len(wrapped))
	}
	if history != s.HistorySize() || len(lines) != history+rows {
		t.Fatalf("%d lines with %d of history on %d rows", len(lines), history, rows)
	}
	if x, y := s.Cursor(); x < 0 || y < 0 || y >= rows {
		t.Fatalf("cursor at %d,%d on %dx%d", x, y, cols, rows)
	}
	if history > limit {
		t.Fatalf("history of %d lines past its limit", history)
	}
	for _, o := range []CaptureOptions{{Codes: true, EscapeC0: true, NoTrim: true}, {Join: true}, {Alternate: true}, {Pending: true}} {
		o.Range = func(history, last int) (int, int) { return 0, last }
		if _, err := s.Capture(o); err != nil && !(o.Alternate && !s.AltScreen()) {
			t.Fatalf("capture %+v: %v", o, err)
		}
	}
	s.HistoryBytes()
	s.HistoryAllBytes()
	s.CursorCharacter()
}
