package faketmux

import (
	"testing"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/pane"
)

// newTestPopup is a bordered popup at 4,1, 20 by 6, on a program-less
// terminal.
func newTestPopup() *popupTerm {
	return &popupTerm{px: 4, py: 1, sx: 20, sy: 6, ppx: 4, ppy: 1, psx: 20, psy: 6, lines: "single",
		prog: pane.StartEmpty(pane.Options{Cols: 18, Rows: 4})}
}

func TestPopupDragMovesWithinTheTerminal(t *testing.T) {
	term := size{50, 12}
	for _, c := range []struct {
		name         string
		x, y         int
		wantX, wantY int
	}{
		{"held where it was taken", 20, 5, 17, 5},
		{"stopped at the left and top", 1, 0, 0, 0},
		{"stopped at the right and bottom", 49, 11, 30, 6},
	} {
		pt := newTestPopup()
		pt.drag, pt.dx, pt.dy = popupMoving, 3, 0
		pt.dragTo(term, &mouseEvent{b: mouseMaskDrag, x: c.x, y: c.y})
		if pt.px != c.wantX || pt.py != c.wantY || pt.ppx != c.wantX || pt.ppy != c.wantY {
			t.Errorf("%s: at %d,%d (asked %d,%d), want %d,%d", c.name, pt.px, pt.py, pt.ppx, pt.ppy, c.wantX, c.wantY)
		}
	}
}

func TestPopupDragResizes(t *testing.T) {
	pt := newTestPopup()
	pt.drag = popupSizing
	pt.dragTo(size{50, 12}, &mouseEvent{b: mouseMaskDrag, x: 6, y: 9})
	if pt.sx != 20 || pt.sy != 6 {
		t.Errorf("a box left no inside: %dx%d, want it kept 20x6", pt.sx, pt.sy)
	}
	pt.dragTo(size{50, 12}, &mouseEvent{b: mouseMaskDrag, x: 14, y: 5})
	if pt.sx != 10 || pt.sy != 4 || pt.psx != 10 || pt.psy != 4 {
		t.Errorf("resized to %dx%d (asked %dx%d), want 10x4", pt.sx, pt.sy, pt.psx, pt.psy)
	}
	// The program's terminal is the inside, 8x2: a line wraps at 8.
	pt.prog.Display([]byte("0123456789"))
	lines, _, history := pt.prog.Lines()
	if rows := lines[history:]; len(rows) != 2 || string(rows[0]) != "01234567" {
		t.Errorf("the program's terminal shows %q, want 2 rows of 8", rows)
	}
	pt.dragTo(size{50, 12}, &mouseEvent{b: mouseRelease, x: 14, y: 5})
	if pt.drag != popupDragOff {
		t.Error("a release did not end the drag")
	}
}

func TestPopupFollowsTheClientsSize(t *testing.T) {
	pt := newTestPopup()
	pt.clientResized(size{16, 5})
	if pt.px != 0 || pt.py != 0 || pt.sx != 16 || pt.sy != 5 {
		t.Errorf("in a 16x5 client: %dx%d at %d,%d, want 16x5 at 0,0", pt.sx, pt.sy, pt.px, pt.py)
	}
	pt.clientResized(size{50, 12})
	if pt.px != 4 || pt.py != 1 || pt.sx != 20 || pt.sy != 6 {
		t.Errorf("back in a 50x12 client: %dx%d at %d,%d, want 20x6 at 4,1", pt.sx, pt.sy, pt.px, pt.py)
	}
}
