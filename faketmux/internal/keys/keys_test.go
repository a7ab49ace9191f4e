package keys

import (
	"bytes"
	"strings"
	"testing"
)

// Key names read and print as tmux's key-string.c does; the printed name
// reads back as the same key.
func TestNames(t *testing.T) {
	for name, want := range map[string]string{
		"C-b": "C-b", "^b": "C-b", "c-B": "C-b", "C-@": "C-Space", "C-Space": "C-Space",
		"C-?": "C-?", "C-i": "Tab", "C-m": "Enter", "C-[": "Escape", "C-Tab": "C-Tab", "C-1": "C-1",
		"M-C-b": "M-C-b", "S-M-C-Up": "C-M-S-Up", "pgup": "PPage", "insert": "IC", "delete": "DC",
		"0x41": "A", "0x3": "C-c", "0x100": "Ā", "é": "é", "M-中": "M-中", "User7": "User7",
		"User12abc": "User12", "any": "Any", "MouseDown1Pane": "MouseDown1Pane", "kp5": "KP5",
		"M-KP5": "M-KP5", "\\": "\\", "~": "~", "C-BSpace": "C-BSpace",
	} {
		key := Lookup(name)
		if key == Unknown {
			t.Errorf("%q: unknown key", name)
			continue
		}
		if got := key.String(); got != want {
			t.Errorf("%q prints as %q, want %q", name, got, want)
		}
		if back := Lookup(want); back != key && !strings.HasPrefix(name, "0x") {
			t.Errorf("%q reads back as %#x, want %#x", want, back, key)
		}
	}
	for _, name := range []string{"", "Foo", "X-a", "C-", "User1000", "0xzz", "C-\x01", "é!", "\x01"} {
		if key := Lookup(name); key != Unknown {
			t.Errorf("%q reads as %s, want an unknown key", name, key)
		}
	}
	if Lookup("none") != None {
		t.Error("None is not the key none")
	}
	// A hex name is a character key, not the ASCII key of the same
	// character, as in tmux.
	if Lookup("0x41") == Lookup("A") {
		t.Error("0x41 and A are the same key")
	}
	if !Lookup("M-WheelUpPane").IsMouse() || Lookup("Up").IsMouse() {
		t.Error("IsMouse is wrong about M-WheelUpPane or Up")
	}
}

// sent is what send-keys gives a pane for the argument name: the key's
// bytes, or (ok false) nothing it can send, so that send-keys types name.
func sent(name string) ([]byte, bool) {
	return Lookup(name).Bytes()
}

// These are what tmux 3.3a sends, as TestBytesMatchTmux checks where tmux
// is installed; this table keeps the facts tested where it is not.
func TestBytes(t *testing.T) {
	for _, c := range []struct {
		name string
		want string
		ok   bool
	}{
		{"Enter", "\r", true}, {"tab", "\t", true}, {"BSpace", "\x7f", true},
		{"C-c", "\x03", true}, {"^a", "\x01", true}, {"C-Space", "\x00", true},
		{"M-x", "\x1bx", true}, {"C-M-a", "\x1b\x01", true}, {"é", "é", true},
		{"Up", "\x1b[A", true}, {"Home", "\x1b[1~", true}, {"End", "\x1b[4~", true},
		{"F1", "\x1bOP", true}, {"F12", "\x1b[24~", true}, {"C-Up", "\x1b[1;5A", true},
		{"M-F5", "\x1b[15;3~", true}, {"M-BTab", "\x1b\x1b[Z", true}, {"KPEnter", "\n", true},
		{"C-1", "", true}, {"C-Enter", "", true}, {"User3", "", true}, {"0x263a", "☺", true},
		{"S-a", "", false}, {"C-|", "", false}, {"hello", "", false}, {"Any", "", false},
		{"", "", false}, {"C-", "", false},
	} {
		got, ok := sent(c.name)
		if ok != c.ok || !bytes.Equal(got, []byte(c.want)) {
			t.Errorf("%q sends %q, %v; want %q, %v", c.name, got, ok, c.want, c.ok)
		}
	}
}
