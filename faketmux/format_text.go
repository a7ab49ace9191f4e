package faketmux

import (
	"errors"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The text functions formats use, with the C library's and tmux's rules.

// isCSpace is C's isspace in the C locale.
func isCSpace(r rune) bool { return r == ' ' || r >= '\t' && r <= '\r' }

// strtod is C's strtod(3) when the whole string must be the number: an
// empty string is 0, as the C function leaves nothing after it.
func strtod(s string) (float64, bool) {
	if s == "" {
		return 0, true
	}
	t := strings.TrimLeftFunc(s, isCSpace)
	body := strings.TrimLeft(t, "+-")
	if strings.HasPrefix(strings.ToLower(body), "0x") && !strings.ContainsAny(body, "pP") {
		t += "p0"
	}
	if strings.Contains(t, "_") {
		return 0, false
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, false
	}
	return v, true
}

// cFixed is printf's %.*f.
func cFixed(v float64, prec int) string {
	if prec < 0 {
		prec = 6
	}
	switch {
	case math.IsNaN(v) && math.Signbit(v):
		return "-nan"
	case math.IsNaN(v):
		return "nan"
	case math.IsInf(v, 1):
		return "inf"
	case math.IsInf(v, -1):
		return "-inf"
	}
	return strconv.FormatFloat(v, 'f', prec, 64)
}

// cLongLong is a C cast of a double to long long on x86-64: a value out of
// range (or not a number) becomes the smallest long long.
func cLongLong(v float64) int64 {
	if math.IsNaN(v) || v >= 1<<63 || v < -(1<<63) {
		return math.MinInt64
	}
	return int64(v)
}

// compileRegex compiles a POSIX extended regular expression as regcomp
// does, matching leftmost-longest.
func compileRegex(pattern string, fold bool) (*regexp.Regexp, error) {
	if fold {
		pattern = "(?i)" + pattern
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, err
	}
	re.Longest()
	return re, nil
}

// regsub is tmux's s/pattern/with/: every match replaced, \0 to \9 in with
// standing for the match's groups; an empty match next to the one before
// is skipped, and a pattern anchored with ^ replaces once.
func regsub(pattern, with, text string, fold bool) string {
	if text == "" {
		return ""
	}
	re, err := compileRegex(pattern, fold)
	if err != nil {
		return text
	}
	var out strings.Builder
	start, last, empty := 0, 0, false
	for start <= len(text) {
		m := re.FindStringSubmatchIndex(text[start:])
		if m == nil {
			out.WriteString(text[start:])
			break
		}
		out.WriteString(text[last : start+m[0]])
		if empty || start+m[0] != last || m[0] != m[1] {
			regsubExpand(&out, with, text[start:], m)
			last = start + m[1]
			start += m[1]
			empty = false
		} else {
			last = start + m[1]
			start += m[1] + 1
			empty = true
		}
		if strings.HasPrefix(pattern, "^") {
			if start <= len(text) {
				out.WriteString(text[start:])
			}
			break
		}
	}
	return out.String()
}

func regsubExpand(out *strings.Builder, with, text string, m []int) {
	for i := 0; i < len(with); i++ {
		c := with[i]
		if c == '\\' && i+1 < len(with) {
			i++
			c = with[i]
			if n := int(c - '0'); c >= '0' && c <= '9' && 2*n+1 < len(m) && m[2*n] >= 0 && m[2*n] != m[2*n+1] {
				out.WriteString(text[m[2*n]:m[2*n+1]])
				continue
			}
		}
		out.WriteByte(c)
	}
}

// fnmatch is fnmatch(3) without flags (a '*' matches '/' and a leading
// '.'), or with FNM_CASEFOLD: * ? [...] with ! or ^, ranges and
// [:class:], and backslash escapes.
func fnmatch(pattern, name string, fold bool) bool {
	if fold {
		pattern, name = strings.ToLower(pattern), strings.ToLower(name)
	}
	return fnmatchRunes([]rune(pattern), []rune(name))
}

func fnmatchRunes(p, n []rune) bool {
	for len(p) > 0 {
		switch p[0] {
		case '*':
			for len(p) > 0 && p[0] == '*' {
				p = p[1:]
			}
			if len(p) == 0 {
				return true
			}
			for i := 0; i <= len(n); i++ {
				if fnmatchRunes(p, n[i:]) {
					return true
				}
			}
			return false
		case '?':
			if len(n) == 0 {
				return false
			}
		case '[':
			if len(n) == 0 {
				return false
			}
			ok, size := bracketMatch(p, n[0])
			if size > 0 {
				if !ok {
					return false
				}
				p, n = p[size:], n[1:]
				continue
			}
			if n[0] != '[' {
				return false
			}
		case '\\':
			if len(p) > 1 {
				p = p[1:]
			}
			fallthrough
		default:
			if len(n) == 0 || n[0] != p[0] {
				return false
			}
		}
		p, n = p[1:], n[1:]
	}
	return len(n) == 0
}

// bracketMatch matches c against the bracket expression at the start of
// p, returning the expression's length, 0 if it is not closed (the '['
// is then an ordinary character).
func bracketMatch(p []rune, c rune) (bool, int) {
	i := 1
	negate := i < len(p) && (p[i] == '!' || p[i] == '^')
	if negate {
		i++
	}
	matched := false
	for first := true; i < len(p); first = false {
		if p[i] == ']' && !first {
			return matched != negate, i + 1
		}
		if p[i] == '[' && i+1 < len(p) && p[i+1] == ':' {
			end := strings.Index(string(p[i+2:]), ":]")
			if end >= 0 {
				name := string(p[i+2:])[:end]
				matched = matched || classMatch(name, c)
				i += 2 + len([]rune(name)) + 2
				continue
			}
		}
		lo := p[i]
		if lo == '\\' && i+1 < len(p) {
			i++
			lo = p[i]
		}
		i++
		hi := lo
		if i+1 < len(p) && p[i] == '-' && p[i+1] != ']' {
			hi = p[i+1]
			if hi == '\\' && i+2 < len(p) {
				i++
				hi = p[i+1]
			}
			i += 2
		}
		matched = matched || lo <= c && c <= hi
	}
	return false, 0
}

func classMatch(name string, c rune) bool {
	switch name {
	case "alpha":
		return unicode.IsLetter(c)
	case "digit":
		return c >= '0' && c <= '9'
	case "alnum":
		return unicode.IsLetter(c) || unicode.IsDigit(c)
	case "upper":
		return unicode.IsUpper(c)
	case "lower":
		return unicode.IsLower(c)
	case "space":
		return unicode.IsSpace(c)
	case "blank":
		return c == ' ' || c == '\t'
	case "punct":
		return c < 0x80 && isPunct(byte(c))
	case "print":
		return unicode.IsPrint(c)
	case "graph":
		return unicode.IsGraphic(c) && c != ' '
	case "cntrl":
		return unicode.IsControl(c)
	case "xdigit":
		return strings.ContainsRune("0123456789abcdefABCDEF", c)
	}
	return false
}

// formatStrip takes the #-escapes out of a string outside #{}, as tmux
// does to t/f's time format.
func formatStrip(s string) string {
	var out strings.Builder
	depth := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '#' && byteAt(s, i+1) == '{' {
			depth++
		}
		if s[i] == '#' && i+1 < len(s) && strings.IndexByte(",#{}:", s[i+1]) >= 0 {
			if depth != 0 {
				out.WriteByte('#')
			}
			continue
		}
		if s[i] == '}' {
			depth--
		}
		out.WriteByte(s[i])
	}
	return out.String()
}

// textUnit is the next unit of a format's output as tmux's width and trim
// functions see it: a complete printable UTF-8 character or printable
// ASCII byte (with its width), else a byte they drop.
func textUnit(s string) (size, width int, printable bool) {
	c := s[0]
	if c >= 0xc2 && c <= 0xf4 {
		r, n := utf8.DecodeRuneInString(s)
		if r != utf8.RuneError && n > 1 && hasWidth(r) {
			return n, columns(r), true
		}
		return 1, 0, false
	}
	return 1, 1, c > 0x1f && c < 0x7f
}

// leadingHashes is how tmux's drawing reads a run of '#': n of them, the
// columns they draw (## draws one #), and where what follows starts; a
// style #[ keeps its '#'.
func leadingHashes(s string) (n, width, next int) {
	for n < len(s) && s[n] == '#' {
		n++
	}
	if n == len(s) || s[n] != '[' {
		return n, (n + 1) / 2, n
	}
	if n%2 == 0 {
		return n, n / 2, n
	}
	return n, n / 2, n - 1
}

// styleEnd is the length of the #[...] style at the start of s, or -1.
func styleEnd(s string) int {
	if end := formatSkip(s[2:], "]"); end >= 0 {
		return 2 + end + 1
	}
	return -1
}

// drawUnit is a piece of a format's output as tmux's drawing reads it: a
// run of '#' (hashes of them, drawing width columns), a #[...] style, or a
// printable character or byte of text.
type drawUnit struct {
	hashes, width int
	text          string
	style         bool
}

// walkDrawn visits the units of s (other bytes are dropped) while done
// (if any) says to go on; a style that follows a run of '#' goes with it,
// as tmux handles both in one step. It is false when s has a style with
// no end.
func walkDrawn(s string, done func() bool, visit func(u drawUnit)) bool {
	for i := 0; i < len(s); {
		if done != nil && done() {
			return true
		}
		if s[i] == '#' {
			n, w, next := leadingHashes(s[i:])
			visit(drawUnit{hashes: n, width: w})
			i += next
			if byteAt(s, i) == '#' {
				end := styleEnd(s[i:])
				if end < 0 {
					return false
				}
				visit(drawUnit{text: s[i : i+end], style: true})
				i += end
			}
			continue
		}
		size, w, ok := textUnit(s[i:])
		if ok {
			visit(drawUnit{text: s[i : i+size], width: w})
		}
		i += size
	}
	return true
}

// writeHashes writes a run of n '#' drawing w columns: a lone '#' as it
// is, more as the w escaped '#' they stand for.
func writeHashes(out *strings.Builder, n, w int) {
	if n == 1 {
		out.WriteByte('#')
	} else {
		out.WriteString(strings.Repeat("#", 2*w))
	}
}

// formatWidth is the columns a format's output takes, #[] styles taking
// none, as tmux's format_width counts them.
func formatWidth(s string) int {
	width := 0
	if !walkDrawn(s, nil, func(u drawUnit) { width += u.width }) {
		return 0
	}
	return width
}

// trimLeft keeps the first limit columns of s, with its styles; other
// bytes are dropped, as tmux's format_trim_left does.
func trimLeft(s string, limit int) string {
	var out strings.Builder
	width := 0
	walkDrawn(s, func() bool { return width >= limit }, func(u drawUnit) {
		switch {
		case u.style:
			out.WriteString(u.text)
		case u.hashes > 0:
			if w := min(u.width, limit-width); w != 0 {
				writeHashes(&out, u.hashes, w)
				width += w
			}
		default:
			if width+u.width <= limit {
				out.WriteString(u.text)
			}
			width += u.width
		}
	})
	return out.String()
}

// trimRight keeps the last limit columns of s, as format_trim_right does.
func trimRight(s string, limit int) string {
	total := formatWidth(s)
	if total <= limit {
		return s
	}
	skip := total - limit
	var out strings.Builder
	width := 0
	walkDrawn(s, nil, func(u drawUnit) {
		switch {
		case u.style:
			out.WriteString(u.text)
		case u.hashes > 0:
			keep := u.width
			if width <= skip {
				keep = max(0, u.width-(skip-width))
			}
			if keep != 0 {
				writeHashes(&out, u.hashes, keep)
			}
		case width >= skip:
			out.WriteString(u.text)
		}
		width += u.width
	})
	return out.String()
}

// stringWidth is tmux's utf8_cstrwidth, which p pads to.
func stringWidth(s string) int {
	width := 0
	for i := 0; i < len(s); {
		size, w, ok := textUnit(s[i:])
		if ok {
			width += w
		}
		i += size
	}
	return width
}

// colourRGB is c:, a colour as tmux names it (#rrggbb, colourN, the eight
// colours and their bright forms, or their numbers, X11 names, greyN)
// made red, green and blue; default, terminal and unknown names have none.
func colourRGB(s string) (int, bool) {
	if len(s) == 7 && s[0] == '#' {
		v, err := strconv.ParseUint(s[1:], 16, 32)
		return int(v), err == nil
	}
	lower := strings.ToLower(s)
	for _, prefix := range []string{"colour", "color"} {
		if strings.HasPrefix(lower, prefix) {
			n, err := strtonum(s[len(prefix):], 0, 255)
			return colour256(n), err == nil
		}
	}
	for i, name := range basicColours {
		if lower == name || s == strconv.Itoa(i) {
			return colour256(i), true
		}
		if lower == "bright"+name || s == strconv.Itoa(90+i) {
			return colour256(8 + i), true
		}
	}
	return colourByName(s)
}

// colourByName is a colour by its X11 name, as tmux's colour_byname reads
// it: greyN (or grayN) is N percent of white, any other grey... X11's
// grey; the names ignore case.
func colourByName(s string) (int, bool) {
	if strings.HasPrefix(s, "grey") || strings.HasPrefix(s, "gray") {
		digits := len(s[4:]) - len(strings.TrimLeft(s[4:], "0123456789"))
		if digits == 0 {
			return 0xbebebe, true
		}
		n, _ := strconv.Atoi(s[4 : 4+digits])
		c := int(math.Round(2.55 * float64(n)))
		return c<<16 | c<<8 | c, c <= 255
	}
	return x11Colour(strings.ToLower(s))
}

// x11Colour is the colour of a lowercased X11 name.
func x11Colour(name string) (int, bool) {
	i, ok := slices.BinarySearchFunc(x11Colours[:], name, func(c namedColour, name string) int {
		return strings.Compare(c.name, name)
	})
	if !ok {
		return 0, false
	}
	return int(x11Colours[i].rgb), true
}

var basicColours = []string{"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"}

// cubeLevels are the red, green and blue levels of the 6x6x6 cube of the
// 256 colours (16 to 231).
var cubeLevels = [6]int{0x00, 0x5f, 0x87, 0xaf, 0xd7, 0xff}

// colour256 is the red, green and blue of one of the 256 colours, as
// tmux's table gives them.
func colour256(n int) int {
	switch {
	case n < 16:
		return []int{0x000000, 0x800000, 0x008000, 0x808000, 0x000080, 0x800080, 0x008080, 0xc0c0c0,
			0x808080, 0xff0000, 0x00ff00, 0xffff00, 0x0000ff, 0xff00ff, 0x00ffff, 0xffffff}[n]
	case n < 232:
		n -= 16
		return cubeLevels[n/36]<<16 | cubeLevels[n/6%6]<<8 | cubeLevels[n%6]
	}
	g := 8 + 10*(n-232)
	return g<<16 | g<<8 | g
}
