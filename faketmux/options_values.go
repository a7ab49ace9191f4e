package faketmux

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The values of colour and style options, read and printed as tmux 3.3a's
// colour.c and style.c do (keys are package internal/keys').

// hexPrefix is the hex digits sscanf's %x reads.
func hexPrefix(s string) string {
	n := 0
	for n < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[n]) >= 0 {
		n++
	}
	return s[:n]
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
