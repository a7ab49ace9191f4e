package pane

import (
	"reflect"
	"strings"
	"testing"
)

// TestRequests checks which strings become requests, and what each
// carries, as tmux's exit handlers read them.
func TestRequests(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     []Request
	}{
		{"titles", "\x1b]2;two\x07\x1b]0;zero\x1b\\\x1b_apc\x07more\x1b\\",
			[]Request{{Kind: Title, Text: "two"}, {Kind: Title, Text: "zero"}, {Kind: Title, Text: "apcmore"}}},
		{"option alone", "\x1b]2\x07", []Request{{Kind: Title, Text: ""}}},
		{"no option", "\x1b];t\x07\x1b]x;t\x07\x1b]2x\x07", nil},
		{"options not carried out", "\x1b]1;icon\x07\x1b]5;1;?\x07", nil},
		{"path", "\x1b]7;file://h/p\x1b\\", []Request{{Kind: Path, Text: "file://h/p"}}},
		{"rename", "\x1bkname\x1b\\\x1bk\x18", []Request{{Kind: Rename, Text: "name"}, {Kind: Rename, Text: ""}}},
		{"clipboard", "\x1b]52;c;aGk=\x07\x1b]52;c;?\x1b\\",
			[]Request{{Kind: Clipboard, Text: "c;aGk=", BEL: true}, {Kind: Clipboard, Text: "c;?"}}},
		{"colours", "\x1b]10;red\x07\x1b]11;?\x1b\\\x1b]110\x07\x1b]111;\x07\x1b]110;x\x07",
			[]Request{{Kind: Foreground, Text: "red", BEL: true}, {Kind: Background, Text: "?"}, {Kind: ResetForeground}, {Kind: ResetBackground}}},
		{"palette and cursor", "\x1b]4;1;red;2;?\x07\x1b]104;1\x1b\\\x1b]104\x07\x1bc\x1b]12;?\x07\x1b]112;x\x07\x1b]112\x07",
			[]Request{{Kind: Palette, Text: "1;red;2;?", BEL: true}, {Kind: ResetPalette, Text: "1"}, {Kind: ResetPalette},
				{Kind: ResetPalette}, {Kind: Cursor, Text: "?", BEL: true}, {Kind: ResetCursor}}},
		{"controls dropped", "\x1b]2;a\tb\x01c\x07", []Request{{Kind: Title, Text: "abc"}}},
		{"top half kept", "\x1b]2;\xc3\xa9\x9c\x07", []Request{{Kind: Title, Text: "\xc3\xa9\x9c"}}},
		{"too long", "\x1b]2;" + strings.Repeat("x", inputBufLimit) + "\x07", nil},
		{"unfinished", "\x1b]2;never", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := NewScreen(20, 5, 10)
			s.Display([]byte(c.in))
			if got := s.TakeRequests(); !reflect.DeepEqual(got, c.want) {
				t.Errorf("requests: %+v, want %+v", got, c.want)
			}
			if got := s.TakeRequests(); got != nil {
				t.Errorf("taken twice: %+v", got)
			}
		})
	}
}
