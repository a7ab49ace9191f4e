package pane

import (
	"strings"
	"unicode/utf8"
)

// mods are tmux's key modifiers. Their values are chosen so that 1+mods is
// the xterm modifier parameter tmux puts in ESC[1;<n>A and the like.
type mods uint8

const (
	shift mods = 1 << iota
	meta
	ctrl
)

// special is a key from tmux's key-name table that sends an escape
// sequence.
type special struct {
	plain string // what tmux sends with no modifier, cursor keys in normal mode
	// csi and final build the modified form ESC[<csi>;<1+mods><final>.
	// Keys without one (BTab, the keypad) only take a meta prefix.
	csi   string
	final byte
}

// specials holds tmux 3.3a's named keys, by lower-case name: tmux matches
// key names without regard to case.
var specials = map[string]special{
	"f1": {"\x1bOP", "1", 'P'}, "f2": {"\x1bOQ", "1", 'Q'},
	"f3": {"\x1bOR", "1", 'R'}, "f4": {"\x1bOS", "1", 'S'},
	"f5": {"\x1b[15~", "15", '~'}, "f6": {"\x1b[17~", "17", '~'},
	"f7": {"\x1b[18~", "18", '~'}, "f8": {"\x1b[19~", "19", '~'},
	"f9": {"\x1b[20~", "20", '~'}, "f10": {"\x1b[21~", "21", '~'},
	"f11": {"\x1b[23~", "23", '~'}, "f12": {"\x1b[24~", "24", '~'},
	"ic": {"\x1b[2~", "2", '~'}, "insert": {"\x1b[2~", "2", '~'},
	"dc": {"\x1b[3~", "3", '~'}, "delete": {"\x1b[3~", "3", '~'},
	"home": {"\x1b[1~", "1", 'H'}, "end": {"\x1b[4~", "1", 'F'},
	"npage": {"\x1b[6~", "6", '~'}, "pagedown": {"\x1b[6~", "6", '~'}, "pgdn": {"\x1b[6~", "6", '~'},
	"ppage": {"\x1b[5~", "5", '~'}, "pageup": {"\x1b[5~", "5", '~'}, "pgup": {"\x1b[5~", "5", '~'},
	"up": {"\x1b[A", "1", 'A'}, "down": {"\x1b[B", "1", 'B'},
	"right": {"\x1b[C", "1", 'C'}, "left": {"\x1b[D", "1", 'D'},
	"btab": {plain: "\x1b[Z"},
	"kp/":  {plain: "/"}, "kp*": {plain: "*"}, "kp-": {plain: "-"}, "kp+": {plain: "+"},
	"kp.": {plain: "."}, "kpenter": {plain: "\n"},
	"kp0": {plain: "0"}, "kp1": {plain: "1"}, "kp2": {plain: "2"}, "kp3": {plain: "3"},
	"kp4": {plain: "4"}, "kp5": {plain: "5"}, "kp6": {plain: "6"}, "kp7": {plain: "7"},
	"kp8": {plain: "8"}, "kp9": {plain: "9"},
}

// asciiNames are the named keys that are plain characters.
var asciiNames = map[string]byte{"tab": '\t', "space": ' ', "enter": '\r', "escape": '\x1b'}

// ctrlKept are the characters tmux leaves alone under C- when it reads a
// key name, rather than turning them into control characters.
const ctrlKept = "!#()+,-.0123456789:;<=>'\r\t\x7f`/\x1b"

// KeyBytes returns the bytes tmux 3.3a sends to a pane for the send-keys
// key name, in normal (not application) cursor and keypad mode. Some names
// send nothing: b is empty and ok true. ok is false where tmux does not
// send a key and instead types the name itself, character by character:
// for unknown names and for combinations it cannot encode (S-a, C-S-Tab).
//
// Names are tmux's: Enter, Tab, BTab, Space, BSpace, Escape, F1–F12,
// IC/Insert, DC/Delete, Home, End, PPage/PageUp/PgUp, NPage/PageDown/PgDn,
// Up, Down, Left, Right, KP0–KP9, KP/, KP*, KP-, KP+, KP., KPEnter, single
// characters, and those with the C-, M-, S- and ^ prefixes, or 0x<hex>.
func KeyBytes(name string) (b []byte, ok bool) {
	if hex, isHex := strings.CutPrefix(name, "0x"); isHex {
		return hexKey(hex)
	}
	var m mods
	s := name
	if len(s) >= 2 && s[0] == '^' {
		m |= ctrl
		s = s[1:]
	}
	for len(s) >= 2 && s[1] == '-' {
		switch s[0] {
		case 'C', 'c':
			m |= ctrl
		case 'M', 'm':
			m |= meta
		case 'S', 's':
			m |= shift
		default:
			return nil, false
		}
		s = s[2:]
	}
	switch {
	case s == "":
		return nil, false
	case len(s) == 1 && s[0] < utf8.RuneSelf:
		if s[0] < ' ' {
			return nil, false
		}
		return charKey(s[0], m)
	case s[0] >= utf8.RuneSelf:
		r, size := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError || size != len(s) {
			return nil, false
		}
		// tmux sends a Unicode key as itself whatever C- or S- say.
		return withMeta(m, s), true
	}
	lower := strings.ToLower(s)
	if c, found := asciiNames[lower]; found {
		return charKey(c, m)
	}
	if lower == "bspace" {
		// tmux's backspace option defaults to DEL, which is then sent as
		// a character, not converted as C- would convert a key name.
		return sendChar('\x7f', m)
	}
	if sp, found := specials[lower]; found {
		return specialKey(sp, m)
	}
	if userKey(s) {
		// tmux's user keys User0–User999 reach a pane as nothing.
		return withMeta(m, ""), true
	}
	return nil, false
}

// userKey reports whether tmux reads s as a user key: "User" (in that
// case) and a number below 1000, anything after the digits ignored.
func userKey(s string) bool {
	digits, found := strings.CutPrefix(s, "User")
	n, i := 0, 0
	for ; found && i < len(digits) && digits[i] >= '0' && digits[i] <= '9' && n < 1000; i++ {
		n = n*10 + int(digits[i]-'0')
	}
	return i > 0 && n < 1000
}

// hexKey reads a 0x<hex> name as tmux's sscanf does: the leading hex
// digits make a code point, and no modifiers apply.
func hexKey(hex string) ([]byte, bool) {
	var u uint32
	n := 0
	for ; n < len(hex) && n < 8; n++ {
		d := strings.IndexByte("0123456789abcdef", hex[n]|0x20)
		if d < 0 {
			break
		}
		u = u<<4 | uint32(d)
	}
	if n == 0 || !utf8.ValidRune(rune(u)) {
		return nil, false
	}
	return utf8.AppendRune(nil, rune(u)), true
}

// charKey applies C- to an ASCII key the way tmux does when it reads the
// name, then sends it.
func charKey(c byte, m mods) ([]byte, bool) {
	if m&ctrl != 0 && strings.IndexByte(ctrlKept, c) < 0 {
		switch {
		case c >= 'a' && c <= 'z':
			c -= 'a' - 1
		case c >= '@' && c <= '_':
			c -= '@'
		case c == ' ':
			c = 0
		case c == '?':
			c = '\x7f'
		default:
			return nil, false
		}
		m &^= ctrl
	}
	return sendChar(c, m)
}

// sendChar is what tmux writes for an ASCII key still carrying modifiers.
func sendChar(c byte, m mods) ([]byte, bool) {
	if m&^meta == 0 {
		return withMeta(m, string(c)), true
	}
	if m != ctrl {
		return nil, false
	}
	// Only the characters charKey kept reach here with C-; tmux maps a
	// few of them and sends nothing for the rest.
	switch c {
	case '2':
		return []byte{0}, true
	case '6':
		return []byte{30}, true
	case '-', '/':
		return []byte{31}, true
	}
	return []byte{}, true
}

func specialKey(sp special, m mods) ([]byte, bool) {
	switch {
	case m == 0:
		return []byte(sp.plain), true
	case sp.csi != "":
		return []byte("\x1b[" + sp.csi + ";" + string(rune('1'+m)) + string(sp.final)), true
	case m == meta:
		return withMeta(m, sp.plain), true
	case m == ctrl:
		return []byte{}, true
	}
	return nil, false
}

func withMeta(m mods, s string) []byte {
	if m&meta != 0 {
		return []byte("\x1b" + s)
	}
	return []byte(s)
}
