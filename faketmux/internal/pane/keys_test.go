package pane

import (
	"bytes"
	"testing"
)

// These are what tmux 3.3a sends, as TestKeyBytesMatchesTmux checks where
// tmux is installed; this table keeps the facts tested where it is not.
func TestKeyBytes(t *testing.T) {
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
		got, ok := KeyBytes(c.name)
		if ok != c.ok || !bytes.Equal(got, []byte(c.want)) {
			t.Errorf("KeyBytes(%q) = %q, %v; want %q, %v", c.name, got, ok, c.want, c.ok)
		}
	}
}
