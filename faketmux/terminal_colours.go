package faketmux

import (
	"strconv"
	"strings"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/terminfo"
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
)

// termColour is a colour as tmux's cells keep it: the default, one of the
// eight (n 0 to 7), one of their bright (aixterm) versions, one of the 256
// (n its index) or an RGB colour (n 0xRRGGBB).
type termColour struct {
	kind int
	n    int
}

const (
	kindDefault = iota
	kindBasic
	kindBright
	kind256
	kindRGB
)

// colourTo16 is the nearest of the 16 colours to each of the 256, as
// tmux's colour_256to16 has them (8 to 15 the bright ones).
var colourTo16 = [256]byte{
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
	0, 4, 4, 4, 12, 12, 2, 6, 4, 4, 12, 12, 2, 2, 6, 4,
	12, 12, 2, 2, 2, 6, 12, 12, 10, 10, 10, 10, 14, 12, 10, 10,
	10, 10, 10, 14, 1, 5, 4, 4, 12, 12, 3, 8, 4, 4, 12, 12,
	2, 2, 6, 4, 12, 12, 2, 2, 2, 6, 12, 12, 10, 10, 10, 10,
	14, 12, 10, 10, 10, 10, 10, 14, 1, 1, 5, 4, 12, 12, 1, 1,
	5, 4, 12, 12, 3, 3, 8, 4, 12, 12, 2, 2, 2, 6, 12, 12,
	10, 10, 10, 10, 14, 12, 10, 10, 10, 10, 10, 14, 1, 1, 1, 5,
	12, 12, 1, 1, 1, 5, 12, 12, 1, 1, 1, 5, 12, 12, 3, 3,
	3, 7, 12, 12, 10, 10, 10, 10, 14, 12, 10, 10, 10, 10, 10, 14,
	9, 9, 9, 9, 13, 12, 9, 9, 9, 9, 13, 12, 9, 9, 9, 9,
	13, 12, 9, 9, 9, 9, 13, 12, 11, 11, 11, 11, 7, 12, 10, 10,
	10, 10, 10, 14, 9, 9, 9, 9, 9, 13, 9, 9, 9, 9, 9, 13,
	9, 9, 9, 9, 9, 13, 9, 9, 9, 9, 9, 13, 9, 9, 9, 9,
	9, 13, 11, 11, 11, 11, 11, 15, 0, 0, 0, 0, 0, 0, 8, 8,
	8, 8, 8, 8, 7, 7, 7, 7, 7, 7, 15, 15, 15, 15, 15, 15,
}

// nearest256 is the colour of the 256 nearest an RGB one, as tmux's
// colour_find_rgb finds it: in the 6x6x6 cube or among the greys.
func nearest256(rgb int) int {
	r, g, b := rgb>>16&0xff, rgb>>8&0xff, rgb&0xff
	toCube := func(v int) int {
		switch {
		case v < 48:
			return 0
		case v < 114:
			return 1
		}
		return (v - 35) / 40
	}
	qr, qg, qb := toCube(r), toCube(g), toCube(b)
	cr, cg, cb := cubeLevels[qr], cubeLevels[qg], cubeLevels[qb]
	cube := 16 + 36*qr + 6*qg + qb
	if cr == r && cg == g && cb == b {
		return cube
	}
	greyIndex := 23
	if avg := (r + g + b) / 3; avg <= 238 {
		greyIndex = (avg - 3) / 10
	}
	grey := 8 + 10*greyIndex
	dist := func(x, y, z int) int { return (x-r)*(x-r) + (y-g)*(y-g) + (z-b)*(z-b) }
	if dist(grey, grey, grey) < dist(cr, cg, cb) {
		return 232 + greyIndex
	}
	return cube
}

// colours is how many colours tmux takes the terminal to have.
func (t *ttyTerm) colours() int {
	if t.flags&tmuxcli.Term256Colours != 0 {
		return 256
	}
	return t.number("colors")
}

// fitColour is c as the terminal can show it, as tmux's tty_check_fg and
// tty_check_bg make it: RGB only with RGB colours, else the nearest of
// the 256; the 256 only with 256 colours, else the nearest of the 16; the
// bright ones only with 16, else a foreground's is its colour made bright
// by the bold attribute (bold), a background's its plain colour.
func (t *ttyTerm) fitColour(c termColour, fg bool) (fitted termColour, bold bool) {
	if c.kind == kindRGB {
		if t.flags&tmuxcli.TermRGBColours != 0 {
			return c, false
		}
		c = termColour{kind256, nearest256(c.n)}
	}
	colours := t.colours()
	switch {
	case c.kind == kind256 && colours < 256:
		n := int(colourTo16[c.n])
		if n&8 != 0 && colours >= 16 {
			return termColour{kindBright, n & 7}, false
		}
		return termColour{kindBasic, n & 7}, false
	case c.kind == kindBright && colours < 16:
		return termColour{kindBasic, c.n}, fg
	}
	return c, false
}

// writeColour writes c, fitted, as tmux's tty_colours_fg and
// tty_colours_bg write it: through the terminal's setaf and setab (or
// setrgbf and setrgbb), a bright colour as aixterm's own code on a
// terminal of 256 colours.
func (t *ttyTerm) writeColour(b *strings.Builder, c termColour, fg bool) {
	set, rgb, plain, bright := "setab", "setrgbb", "\x1b[49m", 100
	if fg {
		set, rgb, plain, bright = "setaf", "setrgbf", "\x1b[39m", 90
	}
	switch c.kind {
	case kindDefault:
		b.WriteString(plain)
	case kindBasic, kind256:
		b.WriteString(terminfo.Tparm(t.string(set), c.n))
	case kindBright:
		if t.flags&tmuxcli.Term256Colours != 0 {
			b.WriteString("\x1b[" + strconv.Itoa(bright+c.n) + "m")
		} else {
			b.WriteString(terminfo.Tparm(t.string(set), c.n+8))
		}
	case kindRGB:
		b.WriteString(terminfo.Tparm(t.string(rgb), c.n>>16&0xff, c.n>>8&0xff, c.n&0xff))
	}
}
