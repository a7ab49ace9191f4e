package faketmux

import (
	"strconv"
	"strings"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/terminfo"
)

// styleWriter rewrites the SGR sequences of what is drawn for a terminal
// as tmux's tty_attributes and tty_colours write a cell's style to it:
// each attribute through the terminal's capability for it (none when it
// has none), each colour fitted to the colours it has.
type styleWriter struct {
	t *ttyTerm
	// standoutItalics is tmux's italics for a server whose
	// default-terminal is screen's: standout, whatever sitm says.
	standoutItalics bool
	// bold is whether bold was asked for, brightAdded whether it was
	// added to make a foreground bright.
	bold, brightAdded bool
}

// writeStyles is what is drawn with its styles written for terminal t;
// defaultTerminal is the server's default-terminal.
func (t *ttyTerm) writeStyles(drawn, defaultTerminal string) string {
	w := &styleWriter{t: t, standoutItalics: defaultTerminal == "screen" || strings.HasPrefix(defaultTerminal, "screen-")}
	var b strings.Builder
	b.Grow(len(drawn))
	for {
		i := strings.Index(drawn, "\x1b[")
		if i < 0 {
			b.WriteString(drawn)
			return b.String()
		}
		b.WriteString(drawn[:i])
		drawn = drawn[i:]
		end := 2
		for end < len(drawn) && (drawn[end] >= '0' && drawn[end] <= '9' || drawn[end] == ';' || drawn[end] == ':') {
			end++
		}
		if end == len(drawn) || drawn[end] != 'm' {
			b.WriteString(drawn[:2])
			drawn = drawn[2:]
			continue
		}
		w.writeSGR(&b, drawn[2:end])
		drawn = drawn[end+1:]
	}
}

// attributeCaps are the capabilities of the SGR attributes tmux writes
// through the terminal's own. A pane's captured line writes overline as
// tmux's capture-pane does, "5:3".
var attributeCaps = map[string]string{
	"1": "bold", "2": "dim", "4": "smul", "5": "blink", "8": "invis", "9": "smxx", "53": "Smol", "5:3": "Smol",
}

// writeSGR writes the attributes and colours of one SGR sequence's
// parameters. What turns an attribute off, and what it does not know, it
// writes as it is.
func (w *styleWriter) writeSGR(b *strings.Builder, params string) {
	t := w.t
	var plain []string
	flush := func() {
		if len(plain) > 0 {
			b.WriteString("\x1b[" + strings.Join(plain, ";") + "m")
			plain = plain[:0]
		}
	}
	capability := func(s string) {
		flush()
		b.WriteString(s)
	}
	fields := strings.Split(params, ";")
	for i := 0; i < len(fields); i++ {
		field := fields[i]
		if name, ok := attributeCaps[field]; ok {
			w.bold = w.bold || field == "1"
			capability(t.string(name))
			continue
		}
		n, err := strconv.Atoi(field)
		c, fg := termColour{}, false
		switch {
		case strings.HasPrefix(field, "4:") && field != "4:0":
			// An underline's style, which only Smulx draws.
			style, _ := strconv.Atoi(field[2:])
			if style > 1 && t.has("Smulx") {
				capability(terminfo.Tparm(t.string("Smulx"), style))
			} else {
				capability(t.string("smul"))
			}
			continue
		case err != nil:
			plain = append(plain, field)
			continue
		case n == 0:
			w.bold, w.brightAdded = false, false
			plain = append(plain, field)
			continue
		case n == 3:
			if t.has("sitm") && !w.standoutItalics {
				capability(t.string("sitm"))
			} else {
				capability(t.string("smso"))
			}
			continue
		case n == 7:
			if t.has("rev") {
				capability(t.string("rev"))
			} else {
				capability(t.string("smso"))
			}
			continue
		case n == 22:
			w.bold = false
			plain = append(plain, field)
			continue
		case n >= 30 && n <= 37, n >= 40 && n <= 47:
			c, fg = termColour{kindBasic, n % 10}, n < 40
		case n >= 90 && n <= 97, n >= 100 && n <= 107:
			c, fg = termColour{kindBright, n % 10}, n < 100
		case n == 39, n == 49:
			fg = n == 39
		case n == 58 && i+2 < len(fields) && (fields[i+1] == "5" || fields[i+1] == "2" && i+4 < len(fields)):
			flush()
			i += w.writeUnderscoreColour(b, fields[i+1:])
			continue
		case (n == 38 || n == 48) && i+2 < len(fields) && fields[i+1] == "5":
			v, _ := strconv.Atoi(fields[i+2])
			c, fg = termColour{kind256, v & 0xff}, n == 38
			i += 2
		case (n == 38 || n == 48) && i+4 < len(fields) && fields[i+1] == "2":
			r, _ := strconv.Atoi(fields[i+2])
			g, _ := strconv.Atoi(fields[i+3])
			bl, _ := strconv.Atoi(fields[i+4])
			c, fg = termColour{kindRGB, (r&0xff)<<16 | (g&0xff)<<8 | bl&0xff}, n == 38
			i += 4
		default:
			plain = append(plain, field)
			continue
		}
		fitted, bold := t.fitColour(c, fg)
		if fg && w.brightAdded && !bold && !w.bold {
			plain = append(plain, "22")
		}
		if fg {
			w.brightAdded = bold
		}
		if bold && !w.bold {
			capability(t.string("bold"))
		}
		flush()
		t.writeColour(b, fitted, fg)
	}
	flush()
}

// writeUnderscoreColour writes an underscore colour, from its SGR
// parameters after 58 (5 and one of the 256, or 2 and red, green and
// blue), as tmux's tty_colours_us does: always as RGB, through Setulc, or
// setal on a terminal with RGB, and not at all on one with neither. It
// returns how many parameters it took.
func (w *styleWriter) writeUnderscoreColour(b *strings.Builder, params []string) int {
	t := w.t
	var rgb, took int
	if params[0] == "5" {
		n, _ := strconv.Atoi(params[1])
		rgb, took = colour256(n&0xff), 2
	} else {
		for _, p := range params[1:4] {
			v, _ := strconv.Atoi(p)
			rgb = rgb<<8 | v&0xff
		}
		took = 4
	}
	switch {
	case t.has("Setulc"):
		b.WriteString(terminfo.Tparm(t.string("Setulc"), rgb))
	case t.has("setal") && t.has("RGB"):
		b.WriteString(terminfo.Tparm(t.string("setal"), rgb))
	}
	return took
}
