package faketmux

import (
	"fmt"
	"strconv"
	"strings"
)

// A pane's default colours, as tmux's tty_default_colours works them out
// for pane_fg and pane_bg: the palette its program set (OSC 10 and 11),
// over which window-style sets what it names, and for the active pane
// window-active-style, where it names a colour. A colour is as tmux's
// colour_tostring prints it; "default" is none.

// defaultColour is the pane's default foreground, or with bg its
// background; expand expands the styles' formats for the pane.
func defaultColour(p *paneState, bg bool, expand func(string) string) string {
	palette := p.paletteFg
	if bg {
		palette = p.paletteBg
	}
	if palette == "" {
		palette = "default"
	}
	styled := func(option string) string {
		fg, b := styleColours(expand(p.opts().get(option)))
		if bg {
			fg = b
		}
		if fg != "default" {
			return fg
		}
		return palette
	}
	if p == p.window.active {
		if active := styled("window-active-style"); active != "default" {
			return active
		}
	}
	return styled("window-style")
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
