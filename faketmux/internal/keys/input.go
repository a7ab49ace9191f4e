package keys

import "sync"

// mods are a key's modifiers as input-keys.c counts them: 1+mods is the
// xterm modifier parameter tmux puts in ESC[1;<n>A and the like.
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

// specials are the named keys that send an escape sequence or a keypad
// character.
var specials = sync.OnceValue(func() map[Code]special {
	return map[Code]special{
		named("F1"): {"\x1bOP", "1", 'P'}, named("F2"): {"\x1bOQ", "1", 'Q'},
		named("F3"): {"\x1bOR", "1", 'R'}, named("F4"): {"\x1bOS", "1", 'S'},
		named("F5"): {"\x1b[15~", "15", '~'}, named("F6"): {"\x1b[17~", "17", '~'},
		named("F7"): {"\x1b[18~", "18", '~'}, named("F8"): {"\x1b[19~", "19", '~'},
		named("F9"): {"\x1b[20~", "20", '~'}, named("F10"): {"\x1b[21~", "21", '~'},
		named("F11"): {"\x1b[23~", "23", '~'}, named("F12"): {"\x1b[24~", "24", '~'},
		named("IC"): {"\x1b[2~", "2", '~'}, named("DC"): {"\x1b[3~", "3", '~'},
		named("Home"): {"\x1b[1~", "1", 'H'}, named("End"): {"\x1b[4~", "1", 'F'},
		named("NPage"): {"\x1b[6~", "6", '~'}, named("PPage"): {"\x1b[5~", "5", '~'},
		named("Up"): {"\x1b[A", "1", 'A'}, named("Down"): {"\x1b[B", "1", 'B'},
		named("Right"): {"\x1b[C", "1", 'C'}, named("Left"): {"\x1b[D", "1", 'D'},
		named("BTab"): {plain: "\x1b[Z"},
		named("KP/"):  {plain: "/"}, named("KP*"): {plain: "*"}, named("KP-"): {plain: "-"}, named("KP+"): {plain: "+"},
		named("KP."): {plain: "."}, named("KPEnter"): {plain: "\n"},
		named("KP0"): {plain: "0"}, named("KP1"): {plain: "1"}, named("KP2"): {plain: "2"}, named("KP3"): {plain: "3"},
		named("KP4"): {plain: "4"}, named("KP5"): {plain: "5"}, named("KP6"): {plain: "6"}, named("KP7"): {plain: "7"},
		named("KP8"): {plain: "8"}, named("KP9"): {plain: "9"},
	}
})

// Bytes is what tmux 3.3a's input_key writes to a pane for k, in normal
// (not application) cursor and keypad mode. Some keys send nothing: b is
// empty and ok true. ok is false where tmux sends no key, so that
// send-keys types the key's name itself, character by character: for
// None, Unknown, Any, the mouse keys and the combinations tmux cannot
// encode (S-a, C-S-Tab).
func (k Code) Bytes() (b []byte, ok bool) {
	if k == None || k == Unknown {
		return nil, false
	}
	var m mods
	if k&Shift != 0 {
		m |= shift
	}
	if k&Meta != 0 {
		m |= meta
	}
	if k&Ctrl != 0 {
		m |= ctrl
	}
	key := k & maskKey
	switch sp, isSpecial := specials()[key]; {
	case key <= 127:
		// Lookup has made a control character of C- where tmux does.
		return sendChar(byte(key), m)
	case key == bSpace:
		// tmux's backspace option defaults to DEL, which is then sent as
		// a character, not converted as C- would convert a key name.
		return sendChar('\x7f', m)
	case isSpecial:
		return specialKey(sp, m)
	case key >= user && key < user+users:
		// tmux's user keys reach a pane as nothing.
		return withMeta(m, ""), true
	case key.isUTF8():
		// tmux sends a Unicode key as itself whatever C- or S- say.
		return withMeta(m, string(key.rune())), true
	}
	return nil, false
}

// sendChar is what tmux writes for an ASCII key still carrying modifiers.
func sendChar(c byte, m mods) ([]byte, bool) {
	if m&^meta == 0 {
		return withMeta(m, string(c)), true
	}
	if m != ctrl {
		return nil, false
	}
	// Only the characters C- keeps (ctrlKept) reach here with it; tmux
	// maps a few of them and sends nothing for the rest.
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
