package faketmux

import (
	"cmp"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/pane"
)

// A pane's default colours, as tmux's tty_default_colours works them out
// for pane_fg and pane_bg: the palette its program set (OSC 10 and 11),
// over which window-style sets what it names, and for the active pane
// window-active-style, where it names a colour. tmux keeps what the
// styles made until something marks the pane's style changed, so a
// palette reset by RIS or OSC 104 shows only after that. A colour is as
// tmux's colour_tostring prints it; "default" is none.

// colours are a default foreground and background.
type colours struct{ fg, bg string }

// defaultColour is the pane's default foreground, or with bg its
// background; expand expands the styles' formats for the pane.
func defaultColour(p *paneState, bg bool, expand func(string) string) string {
	if p.styleChanged {
		p.styleChanged = false
		palette := colours{cmp.Or(p.paletteFg, "default"), cmp.Or(p.paletteBg, "default")}
		p.styles = palette.styled(expand(p.opts().get("window-style")))
		p.activeStyles = palette.styled(expand(p.opts().get("window-active-style")))
	}
	pick := func(c colours) string {
		if bg {
			return c.bg
		}
		return c.fg
	}
	if active := pick(p.activeStyles); p == p.window.active && active != "default" {
		return active
	}
	return pick(p.styles)
}

// over draws a pane's line, with its style codes, in the pane's default
// colours c: a cell with the terminal's default colour takes c's, as tmux's
// tty_default_colours gives it when it draws. Codes that go back to the
// default (0, 39, 49) are followed by c's again.
func (c colours) over(line string) string {
	fg, bg := c.codes()
	if fg == "" && bg == "" {
		return line
	}
	var out strings.Builder
	out.WriteString("\x1b[" + strings.Trim(fg+";"+bg, ";") + "m")
	for i := 0; i < len(line); {
		if line[i] != 0x1b {
			j := strings.IndexByte(line[i:], 0x1b)
			if j < 0 {
				j = len(line) - i
			}
			out.WriteString(line[i : i+j])
			i += j
			continue
		}
		j := escapeEnd(line, i)
		out.WriteString(line[i:j])
		if seq := line[i:j]; strings.HasPrefix(seq, "\x1b[") && strings.HasSuffix(seq, "m") {
			resetFg, resetBg := sgrResets(seq[2 : len(seq)-1])
			var again []string
			if resetFg && fg != "" {
				again = append(again, fg)
			}
			if resetBg && bg != "" {
				again = append(again, bg)
			}
			if len(again) > 0 {
				out.WriteString("\x1b[" + strings.Join(again, ";") + "m")
			}
		}
		i = j
	}
	return out.String()
}

// codes are c's SGR parameters, "" for a default colour.
func (c colours) codes() (fg, bg string) {
	if c.fg != "default" {
		fg = strings.Join(colourCode(c.fg, false), ";")
	}
	if c.bg != "default" {
		bg = strings.Join(colourCode(c.bg, true), ";")
	}
	return fg, bg
}

// sgrResets says whether an SGR's parameters put the foreground or the
// background back to the default; an extended colour's own numbers
// (38;5;39, say) are not parameters of their own.
func sgrResets(params string) (fg, bg bool) {
	ps := strings.Split(params, ";")
	for i := 0; i < len(ps); i++ {
		switch ps[i] {
		case "", "0":
			fg, bg = true, true
		case "39":
			fg = true
		case "49":
			bg = true
		case "38", "48":
			if i+1 < len(ps) && ps[i+1] == "5" {
				i += 2
			} else if i+1 < len(ps) && ps[i+1] == "2" {
				i += 4
			}
		}
	}
	return fg, bg
}

// styled is c with what style names over it, as tmux's style_add.
func (c colours) styled(style string) colours {
	fg, bg := styleColours(style)
	if fg != "default" {
		c.fg = fg
	}
	if bg != "default" {
		c.bg = bg
	}
	return c
}

// styleColours are the foreground and background a style names, as
// tmux's style_parse reads them ("default" where it names none); a style
// tmux would not take names none.
func styleColours(s string) (fg, bg string) {
	fg, bg = "default", "default"
	if !validStyle(s) {
		return fg, bg
	}
	for _, word := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\n' }) {
		switch key, value, _ := strings.Cut(word, "="); strings.ToLower(key) {
		case "default":
			fg, bg = "default", "default"
		case "fg":
			fg, _ = colour(value)
		case "bg":
			bg, _ = colour(value)
		}
	}
	return fg, bg
}

// oscColour reads a colour as tmux's input_osc_parse_colour does:
// rgb:RR/GG/BB, #RRGGBB and their four-digit forms, R,G,B, cmy: and cmyk:
// fractions, or an X11 name.
func oscColour(s string) (string, bool) {
	rgb := func(r, g, b int) (string, bool) { return fmt.Sprintf("#%02x%02x%02x", r&0xff, g&0xff, b&0xff), true }
	if v, ok := scanHexes(s, "rgb:", "/", 2); ok && len(s) == 12 {
		return rgb(v[0], v[1], v[2])
	}
	if v, ok := scanHexes(s, "#", "", 2); ok && len(s) == 7 {
		return rgb(v[0], v[1], v[2])
	}
	if parts := strings.SplitN(s, ",", 3); len(parts) == 3 {
		var v [3]int
		ok := true
		for i, part := range parts {
			// sscanf's %d passes over white space first.
			v[i], ok = leadingNumber(strings.TrimLeft(part, " \t\n\v\f\r"))
			if !ok {
				break
			}
		}
		if ok {
			return rgb(v[0], v[1], v[2])
		}
	}
	if v, ok := scanHexes(s, "rgb:", "/", 4); ok && len(s) == 18 {
		return rgb(v[0]>>8, v[1]>>8, v[2]>>8)
	}
	if v, ok := scanHexes(s, "#", "", 4); ok && len(s) == 13 {
		return rgb(v[0]>>8, v[1]>>8, v[2]>>8)
	}
	if f, ok := scanFractions(s); ok {
		c, m, y, k := f[0], f[1], f[2], f[3]
		return rgb(int((1-c)*(1-k)*255), int((1-m)*(1-k)*255), int((1-y)*(1-k)*255))
	}
	if v, ok := colourByName(strings.Trim(s, " ")); ok {
		return fmt.Sprintf("#%06x", v), true
	}
	return "", false
}

// scanHexes reads prefix and three runs of one to width hex digits with
// sep between them, as sscanf's %0Nx reads them.
func scanHexes(s, prefix, sep string, width int) ([3]int, bool) {
	var v [3]int
	rest, ok := strings.CutPrefix(s, prefix)
	for i := range v {
		if !ok {
			return v, false
		}
		if i > 0 {
			if rest, ok = strings.CutPrefix(rest, sep); !ok {
				return v, false
			}
		}
		digits := hexPrefix(rest)
		digits = digits[:min(len(digits), width)]
		if digits == "" {
			return v, false
		}
		n, _ := strconv.ParseInt(digits, 16, 32)
		v[i], rest = int(n), rest[len(digits):]
	}
	return v, true
}

// scanFractions reads cmyk:C/M/Y/K or cmy:C/M/Y (K 0), each between 0
// and 1.
func scanFractions(s string) ([4]float64, bool) {
	var f [4]float64
	var parts []string
	if rest, ok := strings.CutPrefix(s, "cmyk:"); ok {
		parts = strings.SplitN(rest, "/", 4)
	} else if rest, ok := strings.CutPrefix(s, "cmy:"); ok {
		parts = strings.SplitN(rest, "/", 3)
	}
	if len(parts) < 3 {
		return f, false
	}
	for i, part := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(part), 64)
		if err != nil || v < 0 || v > 1 {
			return f, false
		}
		f[i] = v
	}
	return f, true
}

// setPalette is tmux's input_osc_4: pairs of an index and a colour set the
// palette; "?" in place of a colour asks for it and ends the string, and
// so does a bad index (tmux then breaks out of its loop). A colour tmux
// cannot read is passed over.
func (p *paneState) setPalette(r pane.Request) {
	for s := r.Text; s != ""; {
		n, rest := strtol(s)
		var ok bool
		if rest, ok = strings.CutPrefix(rest, ";"); !ok || n < 0 || n >= 256 {
			return
		}
		value, next, _ := strings.Cut(rest, ";")
		if value == "?" {
			p.replyColour(4, p.paletteColour(int(n)), r.BEL)
			return
		}
		if colour, ok := oscColour(value); ok {
			if p.palette == nil {
				p.palette = map[int]string{}
			}
			p.palette[int(n)] = colour
		}
		s = next
	}
}

// paletteColour is tmux's colour_palette_get for index n: only the first
// eight colours and the bright ones (90 to 97, for 8 to 15) are found,
// in the palette the program set, else in pane-colours; "" is none.
func (p *paneState) paletteColour(n int) string {
	switch {
	case n >= 90 && n <= 97:
		n = 8 + n - 90
	case n >= 8:
		return ""
	}
	if colour, ok := p.palette[n]; ok {
		return colour
	}
	if owner := p.opts().owner("pane-colours"); owner != nil {
		items, _ := owner.items("pane-colours")
		return items[n]
	}
	return ""
}

// resetPalette is tmux's input_osc_104: the indexes given are forgotten,
// up to the first bad one; none forgets the whole palette and the default
// colours, as colour_palette_clear does for RIS and send-keys -R too.
func (p *paneState) resetPalette(indexes string) {
	if indexes == "" {
		p.palette, p.paletteFg, p.paletteBg = nil, "", ""
		return
	}
	for s := indexes; s != ""; {
		n, rest := strtol(s)
		if rest != "" && rest[0] != ';' || n < 0 || n >= 256 {
			return
		}
		delete(p.palette, int(n))
		s = strings.TrimPrefix(rest, ";")
	}
}

// cursorRequest is tmux's input_osc_12: a colour for the cursor, or "?"
// for it, which is cursor-colour's as last pushed when the program set
// none.
func (p *paneState) cursorRequest(r pane.Request) {
	if r.Text == "?" {
		p.replyColour(12, cmp.Or(p.cursorColour, p.defaultCursor), r.BEL)
		return
	}
	if colour, ok := oscColour(r.Text); ok {
		p.cursorColour = colour
	}
}

// replyColour answers OSC n's query with colour, as tmux's
// input_osc_colour_reply does: not at all for a colour with no red,
// green and blue of its own (none, default, terminal).
func (p *paneState) replyColour(n int, colour string, bel bool) {
	rgb, ok := colourRGB(colour)
	if !ok {
		return
	}
	end := "\x1b\\"
	if bel {
		end = "\a"
	}
	red, green, blue := rgb>>16&0xff, rgb>>8&0xff, rgb&0xff
	p.prog.Write(fmt.Appendf(nil, "\x1b]%d;rgb:%02x%02x/%02x%02x/%02x%02x%s", n, red, red, green, green, blue, blue, end))
}

// strtol reads a number as C's strtol does in base 10: after white
// space, with a sign; rest is what follows it, or all of s when it holds
// no digits. A number too large for tmux's index saturates.
func strtol(s string) (n int64, rest string) {
	i := len(s) - len(strings.TrimLeft(s, " \t\n\v\f\r"))
	negative := false
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		negative = s[i] == '-'
		i++
	}
	start := i
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		n = min(n*10+int64(s[i]-'0'), math.MaxInt32)
	}
	if i == start {
		return 0, s
	}
	if negative {
		n = -n
	}
	return n, s[i:]
}
