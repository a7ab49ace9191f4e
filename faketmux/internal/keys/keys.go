// Package keys is tmux 3.3a's keys: the key codes of its key_code, read
// from their names and printed as key-string.c reads and prints them, and
// the bytes input-keys.c writes to a pane for each.
//
// A key is parsed once, into a Code; what a pane receives is made from
// the Code (Bytes), as tmux's send-keys looks a name up and hands the key
// to input_key. tmux's facts, as the tests check them against tmux:
//   - Names are matched without regard to case, with the modifiers C-, M-,
//     S- and ^ in front, or given as 0x<hex> (no modifiers, a control
//     character as itself, else the character the code point names).
//   - C- makes a control character of the ASCII keys it can (C-a, C-@,
//     C-?), and stays a modifier on the rest (ctrlKept, tmux's own list).
//   - Keys reach a pane as in normal cursor and keypad mode: Home is
//     ESC[1~, End ESC[4~, Up ESC[A, F1 ESCOP, modified keys ESC[1;<n>X.
//   - A key tmux cannot send (S-a, Any, a mouse key) makes send-keys type
//     its name literally; some keys (C-1, C-Enter, User keys) send nothing.
package keys

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/wcwidth"
)

// Code is tmux 3.3a's key_code: a character or one of tmux's own keys in
// the low bits, modifiers above them. Key tables are ordered by it, so its
// values are tmux's.
type Code uint64

const (
	None    Code = 0x000ff000000000
	Unknown Code = 0x000fe000000000
	base    Code = 0x0000000010e000
	user    Code = 0x0000000010f000
	Meta    Code = 0x00100000000000
	Ctrl    Code = 0x00200000000000
	Shift   Code = 0x00400000000000

	maskModifiers Code = 0x00f00000000000
	maskKey       Code = 0x000fffffffffff
	users              = 1000
)

// tmux's own keys, in the order of its enum from base.
const (
	FocusIn = base + iota // a terminal's focus reports, ESC [ I and ESC [ O
	FocusOut
	Any
	pasteStart
	pasteEnd
	mouse
	dragging
	doubleClick
	mouseFirst // MouseMovePane, then six keys for each mouse event
)

// mouseEvents are tmux's mouse events after MouseMove, each with six keys
// (mouseWhere) in that order.
var mouseEvents = []string{
	"MouseDown1", "MouseDown2", "MouseDown3", "MouseDown6", "MouseDown7", "MouseDown8", "MouseDown9", "MouseDown10", "MouseDown11",
	"MouseUp1", "MouseUp2", "MouseUp3", "MouseUp6", "MouseUp7", "MouseUp8", "MouseUp9", "MouseUp10", "MouseUp11",
	"MouseDrag1", "MouseDrag2", "MouseDrag3", "MouseDrag6", "MouseDrag7", "MouseDrag8", "MouseDrag9", "MouseDrag10", "MouseDrag11",
	"MouseDragEnd1", "MouseDragEnd2", "MouseDragEnd3", "MouseDragEnd6", "MouseDragEnd7", "MouseDragEnd8", "MouseDragEnd9", "MouseDragEnd10", "MouseDragEnd11",
	"WheelUp", "WheelDown",
	"SecondClick1", "SecondClick2", "SecondClick3", "SecondClick6", "SecondClick7", "SecondClick8", "SecondClick9", "SecondClick10", "SecondClick11",
	"DoubleClick1", "DoubleClick2", "DoubleClick3", "DoubleClick6", "DoubleClick7", "DoubleClick8", "DoubleClick9", "DoubleClick10", "DoubleClick11",
	"TripleClick1", "TripleClick2", "TripleClick3", "TripleClick6", "TripleClick7", "TripleClick8", "TripleClick9", "TripleClick10", "TripleClick11",
}

var mouseWhere = []string{"Pane", "Status", "StatusLeft", "StatusRight", "StatusDefault", "Border"}

// bSpace is the first key after the mouse keys; the named keys follow it
// in this order.
var bSpace = mouseFirst + Code(len(mouseWhere)*(1+len(mouseEvents)))

var namedKeys = []string{
	"BSpace", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12",
	"IC", "DC", "Home", "End", "NPage", "PPage", "BTab", "Up", "Down", "Left", "Right",
	"KP/", "KP*", "KP-", "KP7", "KP8", "KP9", "KP+", "KP4", "KP5", "KP6", "KP1", "KP2", "KP3", "KPEnter", "KP0", "KP.",
}

var baseEnd = bSpace + Code(len(namedKeys))

// named is the code of one of namedKeys.
func named(name string) Code {
	for i, n := range namedKeys {
		if n == name {
			return bSpace + Code(i)
		}
	}
	panic("keys: no key " + name)
}

// keyName is one entry of tmux's key-string.c table: the first entry for
// a key is the name it prints.
type keyName struct {
	name string
	key  Code
}

// keyNames is tmux's table, made on first use: a client process that
// finds its server running never reads a key.
var keyNames = sync.OnceValue(func() []keyName {
	var t []keyName
	for _, n := range []string{"F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12"} {
		t = append(t, keyName{n, named(n)})
	}
	for _, alias := range [][2]string{
		{"IC", "IC"}, {"Insert", "IC"}, {"DC", "DC"}, {"Delete", "DC"}, {"Home", "Home"}, {"End", "End"},
		{"NPage", "NPage"}, {"PageDown", "NPage"}, {"PgDn", "NPage"},
		{"PPage", "PPage"}, {"PageUp", "PPage"}, {"PgUp", "PPage"},
	} {
		t = append(t, keyName{alias[0], named(alias[1])})
	}
	t = append(t, keyName{"Tab", '\t'}, keyName{"BTab", named("BTab")}, keyName{"Space", ' '},
		keyName{"BSpace", bSpace}, keyName{"Enter", '\r'}, keyName{"Escape", '\x1b'})
	for _, n := range []string{"Up", "Down", "Left", "Right", "KP/", "KP*", "KP-", "KP7", "KP8", "KP9",
		"KP+", "KP4", "KP5", "KP6", "KP1", "KP2", "KP3", "KPEnter", "KP0", "KP."} {
		t = append(t, keyName{n, named(n)})
	}
	for i, ev := range mouseEvents {
		for j, where := range mouseWhere {
			t = append(t, keyName{ev + where, mouseFirst + Code(len(mouseWhere)*(i+1)+j)})
		}
	}
	return t
})

// specialNames are the keys tmux prints by name though no name reads as
// them.
var specialNames = sync.OnceValue(func() map[Code]string {
	return map[Code]string{
		None: "None", Unknown: "Unknown", Any: "Any", FocusIn: "FocusIn", FocusOut: "FocusOut",
		pasteStart: "PasteStart", pasteEnd: "PasteEnd", mouse: "Mouse", dragging: "Dragging",
		mouseFirst: "MouseMovePane", mouseFirst + 1: "MouseMoveStatus", mouseFirst + 2: "MouseMoveStatusLeft",
		mouseFirst + 3: "MouseMoveStatusRight", mouseFirst + 5: "MouseMoveBorder",
	}
})

// IsMouse reports whether k is a mouse key, whatever its modifiers.
func (k Code) IsMouse() bool {
	k &= maskKey
	return k >= mouse && k < bSpace
}

// ctrlKept are the characters C- does not turn into control characters
// when tmux reads a key name.
const ctrlKept = "!#()+,-.0123456789:;<=>'\r\t\x7f`/\x1b"

// Lookup reads a key name as tmux's key_string_lookup_string does;
// Unknown for a name it does not know.
func Lookup(s string) Code {
	switch {
	case strings.EqualFold(s, "None"):
		return None
	case strings.EqualFold(s, "Any"):
		return Any
	case strings.HasPrefix(s, "0x"):
		return hexKey(s[2:])
	}
	var mods Code
	if len(s) >= 2 && s[0] == '^' {
		mods |= Ctrl
		s = s[1:]
	}
	for len(s) >= 2 && s[1] == '-' {
		switch s[0] {
		case 'C', 'c':
			mods |= Ctrl
		case 'M', 'm':
			mods |= Meta
		case 'S', 's':
			mods |= Shift
		default:
			return Unknown
		}
		s = s[2:]
	}
	var key Code
	switch {
	case s == "":
		return Unknown
	case len(s) == 1 && s[0] < utf8.RuneSelf:
		if key = Code(s[0]); key < ' ' {
			return Unknown
		}
	case s[0] >= 0xc0 && s[0] < 0xf8:
		// A UTF-8 lead byte: the name must be that one character.
		r, size := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError || size != len(s) {
			return Unknown
		}
		return utf8Key(r) | mods
	default:
		if key = searchNames(s); key == Unknown {
			return Unknown
		}
	}
	if key <= 127 && mods&Ctrl != 0 && strings.IndexByte(ctrlKept, byte(key)) < 0 {
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
			return Unknown
		}
		mods &^= Ctrl
	}
	return key | mods
}

func searchNames(s string) Code {
	for _, n := range keyNames() {
		if strings.EqualFold(s, n.name) {
			return n.key
		}
	}
	if digits, ok := strings.CutPrefix(s, "User"); ok {
		// sscanf's %u: leading digits, anything after them ignored.
		end := 0
		for end < len(digits) && digits[end] >= '0' && digits[end] <= '9' {
			end++
		}
		if n, err := strconv.ParseUint(digits[:end], 10, 32); err == nil && n < users {
			return user + Code(n)
		}
	}
	return Unknown
}

// hexKey reads 0x<hex> as tmux does: a control character as itself, else
// the character the code point names.
func hexKey(hex string) Code {
	end := 0
	for end < len(hex) && end < 8 && strings.IndexByte("0123456789abcdefABCDEF", hex[end]) >= 0 {
		end++
	}
	u, err := strconv.ParseUint(hex[:end], 16, 32)
	switch {
	case err != nil:
		return Unknown
	case u < 32:
		return Code(u)
	case !utf8.ValidRune(rune(u)):
		return Unknown
	}
	return utf8Key(rune(u))
}

// Rune is the key of a character typed as itself: an ASCII character is
// its own key, any other is packed as tmux's utf8 keys are.
func Rune(r rune) Code {
	if r < utf8.RuneSelf {
		return Code(r)
	}
	return utf8Key(r)
}

// utf8Key is the key of a character as tmux's utf8_char packs it: its
// width plus one and its size in the high bits, its bytes in the low ones,
// the first lowest. tmux numbers characters of four bytes in the order it
// first meets them; the emulator uses their code point instead. A hex
// name makes such a key even of an ASCII character.
func utf8Key(r rune) Code {
	b := utf8.AppendRune(nil, r)
	k := Code(max(wcwidth.Of(r), 0)+1)<<29 | Code(len(b))<<24
	if len(b) == 4 {
		return k | Code(r)
	}
	for i, c := range b {
		k |= Code(c) << (8 * i)
	}
	return k
}

// isUTF8 reports whether k (without modifiers) is a key utf8Key made.
func (k Code) isUTF8() bool {
	return k > 0x7f && (k < base || k >= baseEnd)
}

// rune is the character of a key utf8Key made.
func (k Code) rune() rune {
	size := int(k>>24) & 0x1f
	if size == 4 {
		return rune(k & 0xffffff)
	}
	b := make([]byte, size)
	for i := range b {
		b[i] = byte(k >> (8 * i))
	}
	r, _ := utf8.DecodeRune(b)
	return r
}

// String prints k as tmux's key_string_lookup_key does, without flags.
func (k Code) String() string {
	saved := k
	if k&(maskKey|maskModifiers) == 0 {
		k = ' ' | Ctrl
	}
	var b strings.Builder
	if k&Ctrl != 0 {
		b.WriteString("C-")
	}
	if k&Meta != 0 {
		b.WriteString("M-")
	}
	if k&Shift != 0 {
		b.WriteString("S-")
	}
	k &= maskKey
	if name, ok := specialNames()[k]; ok {
		return b.String() + name
	}
	if k >= user && k < user+users {
		return fmt.Sprintf("%sUser%d", b.String(), k-user)
	}
	for _, n := range keyNames() {
		if n.key == k {
			return b.String() + n.name
		}
	}
	switch {
	case k.isUTF8():
		b.WriteRune(k.rune())
	case k > 255:
		return fmt.Sprintf("Invalid#%x", uint64(saved))
	case k == 0 || k > 26 && k <= 32:
		fmt.Fprintf(&b, "C-%c", rune(64+k))
	case k <= 26:
		fmt.Fprintf(&b, "C-%c", rune(96+k))
	case k <= 126:
		b.WriteByte(byte(k))
	case k == 127:
		b.WriteString("C-?")
	default:
		fmt.Fprintf(&b, "\\%o", uint64(k))
	}
	return b.String()
}
