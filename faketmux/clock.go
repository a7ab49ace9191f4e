package faketmux

import (
	"fmt"
	"strings"
	"time"
)

// clockMode is clock mode's screen, as tmux's window-clock.c keeps it:
// drawn when the mode starts, when the pane's size changes, and when the
// minute (of UTC, as its timer compares them) has moved on; an option set
// in between shows at the next of those.
type clockMode struct {
	tim    time.Time
	sx, sy int
	rows   []string
}

// clockDigits are tmux's big characters, five by five, for 0-9, :, A, P
// and M (window_clock_table), a row a string; display-panes draws its
// indexes with them too.
var clockDigits = map[rune][5]string{
	'0': {"11111", "10001", "10001", "10001", "11111"},
	'1': {"00001", "00001", "00001", "00001", "00001"},
	'2': {"11111", "00001", "11111", "10000", "11111"},
	'3': {"11111", "00001", "11111", "00001", "11111"},
	'4': {"10001", "10001", "11111", "00001", "00001"},
	'5': {"11111", "10000", "11111", "00001", "11111"},
	'6': {"11111", "10000", "11111", "10001", "11111"},
	'7': {"11111", "00001", "00001", "00001", "00001"},
	'8': {"11111", "10001", "11111", "10001", "11111"},
	'9': {"11111", "10001", "11111", "00001", "11111"},
	':': {"00000", "00100", "00000", "00100", "00000"},
	'A': {"11111", "10001", "11111", "10001", "10001"},
	'P': {"11111", "10001", "11111", "10000", "10000"},
	'M': {"10001", "11011", "10101", "10001", "10001"},
}

// clockText is the time as clock-mode-style shows it: 24 as %H:%M, 12 as
// %l:%M followed by a space and AM or PM.
func clockText(t time.Time, style string) string {
	if style == "12" {
		h := t.Hour() % 12
		if h == 0 {
			h = 12
		}
		half := "AM"
		if t.Hour() >= 12 {
			half = "PM"
		}
		return fmt.Sprintf("%2d:%02d %s", h, t.Minute(), half)
	}
	return fmt.Sprintf("%02d:%02d", t.Hour(), t.Minute())
}

// clockModeRows are the rows of p in clock mode, redrawn as tmux's would
// be (see clockMode).
func (c *client) clockModeRows(p *paneState, m *clockMode) []string {
	now := c.s.now()
	if m.rows != nil && m.sx == p.width && m.sy == p.height && now.UTC().Minute() == m.tim.UTC().Minute() {
		return m.rows
	}
	m.tim, m.sx, m.sy = now, p.width, p.height
	m.rows = drawClock(now.Local(), p.width, p.height, p.window.options.get("clock-mode-colour"), p.window.options.get("clock-mode-style"))
	return m.rows
}

// drawClock draws the time on an sx by sy screen as window_clock_draw_screen
// does: in big characters of clock-mode-colour's background, centred; in
// a screen too small for them, as text in that colour; in one too
// narrow for the text, not at all.
func drawClock(t time.Time, sx, sy int, colour, style string) []string {
	text := clockText(t, style)
	n := len(text)
	// Each cell is "" (default), a character in the colour, or lit.
	cells := make([][]string, sy)
	for y := range cells {
		cells[y] = make([]string, sx)
	}
	const lit = "\x00"
	if sx < 6*n || sy < 6 {
		if sx >= n && sy != 0 {
			x, y := sx/2-n/2, sy/2
			for i := range n {
				cells[y][x+i] = text[i : i+1]
			}
		}
	} else {
		x, y := sx/2-3*n, sy/2-3
		for _, r := range text {
			if glyph, ok := clockDigits[r]; ok {
				for j, line := range glyph {
					for i, on := range line {
						if on == '1' {
							cells[y+j][x+i] = lit
						}
					}
				}
			}
			x += 6
		}
	}
	fg := drawStyle{fg: colour}.sgr()
	bg := drawStyle{bg: colour}.sgr()
	rows := make([]string, sy)
	for y, line := range cells {
		var b strings.Builder
		keep, cur := 0, ""
		for _, cell := range line {
			want, ch := "\x1b[0m", " "
			switch cell {
			case "":
			case lit:
				want = bg
			default:
				want, ch = fg, cell
			}
			if want != cur {
				b.WriteString(want)
				cur = want
			}
			b.WriteString(ch)
			if cell != "" {
				keep = b.Len()
			}
		}
		rows[y] = b.String()[:keep]
	}
	return rows
}
