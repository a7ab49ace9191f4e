package faketmux

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The values of key, colour and style options, read and printed as tmux
// 3.3a's key-string.c, colour.c and style.c do.

// keyNames are tmux's names of keys that are not characters, the name it
// prints first among those of one key.
var keyNames = func() map[string]string {
	m := map[string]string{}
	add := func(canonical string, others ...string) {
		for _, n := range append([]string{canonical}, others...) {
			m[strings.ToLower(n)] = canonical
		}
	}
	for i := 1; i <= 12; i++ {
		add(fmt.Sprintf("F%d", i))
	}
	add("IC", "Insert")
	add("DC", "Delete")
	add("NPage", "PageDown", "PgDn")
	add("PPage", "PageUp", "PgUp")
	for _, n := range []string{"Home", "End", "BTab", "BSpace", "Up", "Down", "Left", "Right",
		"KP/", "KP*", "KP-", "KP+", "KPEnter", "KP.", "KP0", "KP1", "KP2", "KP3", "KP4", "KP5", "KP6", "KP7", "KP8", "KP9"} {
		add(n)
	}
	var mouse []string
	for _, kind := range []string{"MouseDown", "MouseUp", "MouseDrag", "MouseDragEnd", "SecondClick", "DoubleClick", "TripleClick"} {
		for _, b := range []string{"1", "2", "3", "6", "7", "8", "9", "10", "11"} {
			mouse = append(mouse, kind+b)
		}
	}
	for _, base := range append(mouse, "WheelUp", "WheelDown") {
		for _, where := range []string{"Pane", "Status", "StatusLeft", "StatusRight", "StatusDefault", "Border"} {
			add(base + where)
		}
	}
	return m
}()

// keyCodeNames are the characters tmux's table names.
var keyCodeNames = map[string]int{"tab": '\t', "space": ' ', "enter": '\r', "escape": '\033'}

// keyNotControlled are the characters that keep C- as a modifier instead
// of becoming a control character.
const keyNotControlled = "!#()+,-.0123456789:;<=>'\r\t\177`/"

// canonicalKey reads a key as tmux's key_string_lookup_string does and
// prints it as key_string_lookup_key does; ok is false for tmux's
// KEYC_UNKNOWN.
func canonicalKey(s string) (string, bool) {
	switch {
	case strings.EqualFold(s, "None"):
		return "None", true
	case strings.EqualFold(s, "Any"):
		return "Any", true
	case strings.HasPrefix(s, "0x"):
		n, err := strconv.ParseUint(hexPrefix(s[2:]), 16, 32)
		if err != nil {
			return "", false
		}
		if n < 32 {
			return printKey(int(n), ""), true
		}
		if !utf8.ValidRune(rune(n)) {
			return "", false
		}
		return printKey(int(n), ""), true
	}
	var ctrl, meta, shift bool
	if len(s) > 1 && s[0] == '^' {
		ctrl, s = true, s[1:]
	}
	for len(s) > 1 && s[1] == '-' {
		switch s[0] {
		case 'C', 'c':
			ctrl = true
		case 'M', 'm':
			meta = true
		case 'S', 's':
			shift = true
		default:
			return "", false
		}
		s = s[2:]
	}
	if s == "" {
		return "", false
	}
	mods := modifierPrefix(ctrl, meta, shift)
	key := -1
	switch {
	case len(s) == 1 && s[0] <= 127:
		key = int(s[0])
		if key < 32 {
			return "", false
		}
	case s[0] >= 0x80:
		r, size := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError || size != len(s) {
			return "", false
		}
		return mods + s, true
	default:
		lower := strings.ToLower(s)
		if code, ok := keyCodeNames[lower]; ok {
			key = code
			break
		}
		if name, ok := keyNames[lower]; ok {
			return mods + name, true
		}
		if n, ok := userKey(s); ok {
			return mods + "User" + strconv.Itoa(n), true
		}
		return "", false
	}
	if ctrl && !strings.ContainsRune(keyNotControlled, rune(key)) && key != '\033' {
		switch {
		case key >= 'a' && key <= 'z':
			key -= 96
		case key >= '@' && key <= '_':
			key -= 64
		case key == ' ':
			key = 0
		case key == '?':
			key = 127
		default:
			return "", false
		}
		ctrl = false
	}
	return printKey(key, modifierPrefix(ctrl, meta, shift)), true
}

// hexPrefix is the hex digits sscanf's %x reads.
func hexPrefix(s string) string {
	n := 0
	for n < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[n]) >= 0 {
		n++
	}
	return s[:n]
}

// userKey is tmux's User0 to User999 (sscanf's %u: the digits it reads).
func userKey(s string) (int, bool) {
	if !strings.HasPrefix(s, "User") {
		return 0, false
	}
	digits := s[4:]
	n := 0
	for n < len(digits) && isDigit(digits[n]) {
		n++
	}
	u, err := strconv.Atoi(digits[:n])
	return u, err == nil && u < 1000
}

func modifierPrefix(ctrl, meta, shift bool) string {
	var b strings.Builder
	if ctrl {
		b.WriteString("C-")
	}
	if meta {
		b.WriteString("M-")
	}
	if shift {
		b.WriteString("S-")
	}
	return b.String()
}

// printKey prints a character key with its modifiers: control characters
// as C-, a few by their names, others in octal.
func printKey(key int, mods string) string {
	if key == 0 && mods == "" {
		return "C-Space"
	}
	switch key {
	case '\t':
		return mods + "Tab"
	case ' ':
		return mods + "Space"
	case '\r':
		return mods + "Enter"
	case '\033':
		return mods + "Escape"
	}
	switch {
	case key == 0 || key > 26 && key < 32:
		return mods + "C-" + string(rune(64+key))
	case key < 32:
		return mods + "C-" + string(rune(96+key))
	case key < 127:
		return mods + string(rune(key))
	case key == 127:
		return mods + "C-?"
	case key < 256:
		return mods + fmt.Sprintf(`\%o`, key)
	}
	return mods + string(rune(key))
}

// colourNames are tmux's names of the terminal's sixteen colours and its
// two defaults, by the number tmux also takes for them.
var colourNames = []struct {
	name, number string
}{
	{"black", "0"}, {"red", "1"}, {"green", "2"}, {"yellow", "3"},
	{"blue", "4"}, {"magenta", "5"}, {"cyan", "6"}, {"white", "7"},
	{"default", ""}, {"terminal", ""},
	{"brightblack", "90"}, {"brightred", "91"}, {"brightgreen", "92"}, {"brightyellow", "93"},
	{"brightblue", "94"}, {"brightmagenta", "95"}, {"brightcyan", "96"}, {"brightwhite", "97"},
}

// parseColour reads a colour as tmux's colour_fromstring does and gives
// it as colour_tostring prints it.
func parseColour(s string) (string, error) {
	if c, ok := colour(s); ok {
		return c, nil
	}
	return "", errorf(errBadColour, s)
}

func colour(s string) (string, bool) {
	if len(s) == 7 && s[0] == '#' && hexPrefix(s[1:]) == s[1:] {
		return strings.ToLower(s), true
	}
	for _, prefix := range []string{"colour", "color"} {
		if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
			n, err := strtonum(s[len(prefix):], 0, 255)
			return "colour" + strconv.Itoa(n), err == nil
		}
	}
	for _, c := range colourNames {
		if strings.EqualFold(s, c.name) || c.number != "" && s == c.number {
			return c.name, true
		}
	}
	if rgb, ok := colourByName(s); ok {
		return fmt.Sprintf("#%06x", rgb), true
	}
	return "", false
}

// attributeNames are the attributes a style may set or, with "no", clear.
var attributeNames = []string{"acs", "bright", "bold", "dim", "underscore", "blink", "reverse", "hidden", "italics",
	"strikethrough", "double-underscore", "curly-underscore", "dotted-underscore", "dashed-underscore", "overline"}

// validStyle says whether tmux's style_parse takes s.
func validStyle(s string) bool {
	for _, word := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\n' }) {
		if len(word) > 255 || !validStyleWord(word) {
			return false
		}
	}
	return true
}

func validStyleWord(w string) bool {
	lower := strings.ToLower(w)
	key, value, hasValue := strings.Cut(lower, "=")
	switch {
	case !hasValue:
		switch lower {
		case "default", "ignore", "noignore", "push-default", "pop-default", "nolist", "norange", "noalign", "none":
			return true
		}
		if strings.HasPrefix(lower, "no") && len(lower) > 2 {
			return validAttributes(lower[2:])
		}
		return validAttributes(lower)
	case key == "list":
		switch value {
		case "on", "focus", "left-marker", "right-marker":
			return true
		}
		return false
	case key == "range" && value != "":
		kind, arg, hasArg := strings.Cut(value, "|")
		if hasArg && (arg == "" || strings.Trim(arg, "0123456789") != "") {
			return false
		}
		switch kind {
		case "left", "right":
			return !hasArg
		case "window":
			return hasArg
		}
		// tmux takes another range silently.
		return true
	case key == "align" && value != "":
		switch value {
		case "left", "centre", "right", "absolute-centre":
			return true
		}
		return false
	case key == "fill" && value != "":
		_, ok := colour(w[5:])
		return ok
	case (key == "fg" || key == "bg") && value != "":
		_, ok := colour(w[3:])
		return ok
	}
	return validAttributes(lower)
}

// validAttributes says whether tmux's attributes_fromstring takes s, in
// lower case: names joined by '|' (a style's own separators split the
// rest).
func validAttributes(s string) bool {
	if s == "default" || s == "none" {
		return true
	}
	if s == "" || strings.HasSuffix(s, "|") || s[0] == '|' {
		return false
	}
	for _, a := range strings.Split(s, "|") {
		if a != "" && !slices.Contains(attributeNames, a) {
			return false
		}
	}
	return true
}
