package faketmux

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// keyCode is tmux 3.3a's key_code: a character or one of tmux's own keys
// in the low bits, modifiers above them. Key tables are ordered by it, so
// its values are tmux's.
type keyCode uint64

const (
	keyNone    keyCode = 0x000ff000000000
	keyUnknown keyCode = 0x000fe000000000
	keyBase    keyCode = 0x0000000010e000
	keyUser    keyCode = 0x0000000010f000
	keyMeta    keyCode = 0x00100000000000
	keyCtrl    keyCode = 0x00200000000000
	keyShift   keyCode = 0x00400000000000

	keyMaskModifiers keyCode = 0x00f00000000000
	keyMaskKey       keyCode = 0x000fffffffffff
	keyUsers                 = 1000
)

// tmux's own keys, in the order of its enum from keyBase.
const (
	keyFocusIn = keyBase + iota
	keyFocusOut
	keyAny
	keyPasteStart
	keyPasteEnd
	keyMouse
	keyDragging
	keyDoubleClick
	keyMouseFirst // MouseMovePane, then six keys for each mouse event
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

// keyBSpace is the first key after the mouse keys; the named keys follow
// it in this order.
var keyBSpace = keyMouseFirst + keyCode(len(mouseWhere)*(1+len(mouseEvents)))

var namedKeys = []string{
	"BSpace", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12",
	"IC", "DC", "Home", "End", "NPage", "PPage", "BTab", "Up", "Down", "Left", "Right",
	"KP/", "KP*", "KP-", "KP7", "KP8", "KP9", "KP+", "KP4", "KP5", "KP6", "KP1", "KP2", "KP3", "KPEnter", "KP0", "KP.",
}

var keyBaseEnd = keyBSpace + keyCode(len(namedKeys))

// keyName is one entry of tmux's key-string.c table: the first entry for
// a key is the name it prints.
type keyName struct {
	name string
	key  keyCode
}

var keyNames = func() []keyName {
	named := func(name string) keyCode {
		for i, n := range namedKeys {
			if n == name {
				return keyBSpace + keyCode(i)
			}
		}
		panic("faketmux: no key " + name)
	}
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
		keyName{"BSpace", keyBSpace}, keyName{"Enter", '\r'}, keyName{"Escape", '\x1b'})
	for _, n := range []string{"Up", "Down", "Left", "Right", "KP/", "KP*", "KP-", "KP7", "KP8", "KP9",
		"KP+", "KP4", "KP5", "KP6", "KP1", "KP2", "KP3", "KPEnter", "KP0", "KP."} {
		t = append(t, keyName{n, named(n)})
	}
	for i, ev := range mouseEvents {
		for j, where := range mouseWhere {
			t = append(t, keyName{ev + where, keyMouseFirst + keyCode(len(mouseWhere)*(i+1)+j)})
		}
	}
	return t
}()

// specialNames are the keys tmux prints by name though no name reads as
// them.
var specialNames = map[keyCode]string{
	keyNone: "None", keyUnknown: "Unknown", keyAny: "Any", keyFocusIn: "FocusIn", keyFocusOut: "FocusOut",
	keyPasteStart: "PasteStart", keyPasteEnd: "PasteEnd", keyMouse: "Mouse", keyDragging: "Dragging",
	keyMouseFirst: "MouseMovePane", keyMouseFirst + 1: "MouseMoveStatus", keyMouseFirst + 2: "MouseMoveStatusLeft",
	keyMouseFirst + 3: "MouseMoveStatusRight", keyMouseFirst + 5: "MouseMoveBorder",
}

func (k keyCode) isMouse() bool {
	k &= keyMaskKey
	return k >= keyMouse && k < keyBSpace
}

// ctrlKept are the characters C- does not turn into control characters
// when tmux reads a key name.
const ctrlKept = "!#()+,-.0123456789:;<=>'\r\t\x7f`/\x1b"

// lookupKey reads a key name as tmux's key_string_lookup_string does;
// keyUnknown for a name it does not know.
func lookupKey(s string) keyCode {
	switch {
	case strings.EqualFold(s, "None"):
		return keyNone
	case strings.EqualFold(s, "Any"):
		return keyAny
	case strings.HasPrefix(s, "0x"):
		return hexKey(s[2:])
	}
	var mods keyCode
	if len(s) >= 2 && s[0] == '^' {
		mods |= keyCtrl
		s = s[1:]
	}
	for len(s) >= 2 && s[1] == '-' {
		switch s[0] {
		case 'C', 'c':
			mods |= keyCtrl
		case 'M', 'm':
			mods |= keyMeta
		case 'S', 's':
			mods |= keyShift
		default:
			return keyUnknown
		}
		s = s[2:]
	}
	var key keyCode
	switch {
	case s == "":
		return keyUnknown
	case len(s) == 1 && s[0] < utf8.RuneSelf:
		if key = keyCode(s[0]); key < ' ' {
			return keyUnknown
		}
	case s[0] >= 0xc0 && s[0] < 0xf8:
		// A UTF-8 lead byte: the name must be that one character.
		r, size := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError || size != len(s) {
			return keyUnknown
		}
		return unicodeKey(r) | mods
	default:
		if key = searchKeyNames(s); key == keyUnknown {
			return keyUnknown
		}
	}
	if key <= 127 && mods&keyCtrl != 0 && strings.IndexByte(ctrlKept, byte(key)) < 0 {
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
			return keyUnknown
		}
		mods &^= keyCtrl
	}
	return key | mods
}

func searchKeyNames(s string) keyCode {
	for _, n := range keyNames {
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
		if n, err := strconv.ParseUint(digits[:end], 10, 32); err == nil && n < keyUsers {
			return keyUser + keyCode(n)
		}
	}
	return keyUnknown
}

// hexKey reads 0x<hex> as tmux does: a control character as itself, else
// the character the code point names.
func hexKey(hex string) keyCode {
	end := 0
	for end < len(hex) && end < 8 && strings.IndexByte("0123456789abcdefABCDEF", hex[end]) >= 0 {
		end++
	}
	u, err := strconv.ParseUint(hex[:end], 16, 32)
	switch {
	case err != nil:
		return keyUnknown
	case u < 32:
		return keyCode(u)
	case !utf8.ValidRune(rune(u)):
		return keyUnknown
	}
	return unicodeKey(rune(u))
}

// unicodeKey is the key of a character beyond a single ASCII key, as
// tmux's utf8_char packs it: its width plus one and its size in the high
// bits, its bytes in the low ones, the first lowest. tmux numbers
// characters of four bytes in the order it first meets them; the
// emulator uses their code point instead.
func unicodeKey(r rune) keyCode {
	b := utf8.AppendRune(nil, r)
	k := keyCode(columns(r)+1)<<29 | keyCode(len(b))<<24
	if len(b) == 4 {
		return k | keyCode(r)
	}
	for i, c := range b {
		k |= keyCode(c) << (8 * i)
	}
	return k
}

// rune is the character of a key unicodeKey made.
func (k keyCode) rune() rune {
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
func (k keyCode) String() string {
	saved := k
	if k&(keyMaskKey|keyMaskModifiers) == 0 {
		k = ' ' | keyCtrl
	}
	var b strings.Builder
	if k&keyCtrl != 0 {
		b.WriteString("C-")
	}
	if k&keyMeta != 0 {
		b.WriteString("M-")
	}
	if k&keyShift != 0 {
		b.WriteString("S-")
	}
	k &= keyMaskKey
	if name, ok := specialNames[k]; ok {
		return b.String() + name
	}
	if k >= keyUser && k < keyUser+keyUsers {
		return fmt.Sprintf("%sUser%d", b.String(), k-keyUser)
	}
	for _, n := range keyNames {
		if n.key == k {
			return b.String() + n.name
		}
	}
	switch {
	case k > 0x7f && (k < keyBase || k >= keyBaseEnd):
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
