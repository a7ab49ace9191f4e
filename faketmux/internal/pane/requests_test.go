package pane

import (
	"reflect"
	"strings"
	"testing"
	"time"
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
		// Asking for focus reports again asks nothing; after RIS, or
		// ?1004l, it is a new request.
		{"focus reports", "\x1b[?1004h\x1b[?1004h\x1bc\x1b[?1004h\x1b[?1004l\x1b[?1004h",
			[]Request{{Kind: FocusReports}, {Kind: ResetPalette}, {Kind: FocusReports}, {Kind: FocusReports}}},
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

// TestFocusReports keeps ?1004 as tmux's MODE_FOCUSON.
func TestFocusReports(t *testing.T) {
	s := NewScreen(20, 5, 10)
	for _, step := range []struct {
		in   string
		want bool
	}{{"", false}, {"\x1b[?1004h", true}, {"\x1b[?1004l", false}, {"\x1b[?1004h\x1bc", false}} {
		s.Display([]byte(step.in))
		if got := s.FocusReports(); got != step.want {
			t.Errorf("after %q: FocusReports %v, want %v", step.in, got, step.want)
		}
	}
}

// TestStringTimeout checks tmux's five seconds for a string: output that
// comes later finds the string dropped, the pen reset and the parser in
// ground, whatever kind the string was; a string's own bytes do not make
// it last longer, and one finished in time is read.
func TestStringTimeout(t *testing.T) {
	for _, c := range []struct{ name, start string }{
		{"osc", "\x1b]2;ttt"},
		{"apc", "\x1b_apc"},
		{"rename", "\x1bkname"},
		{"dcs", "\x1bP1$r"},
		{"sos", "\x1bX"},
		{"pm", "\x1b^"},
	} {
		t.Run(c.name, func(t *testing.T) {
			now := time.Unix(1000, 0)
			s := NewScreen(20, 2, 0)
			s.clock = func() time.Time { return now }
			s.Display([]byte("\x1b[1mA" + c.start))
			now = now.Add(stringTimeout - time.Millisecond)
			s.Display([]byte("x"))
			now = now.Add(time.Millisecond)
			s.Display([]byte("B\x1b[4mU\x1b\\"))
			got, err := s.Capture(CaptureOptions{Codes: true, Range: func(_, last int) (int, int) { return 0, last }})
			if err != nil {
				t.Fatal(err)
			}
			// What tmux 3.3a's capture-pane -e gives after a string timed out.
			if want := "\x1b[1mA\x1b[0m\x1b[39m\x1b[49mB\x1b[4mU\n\n"; string(got) != want {
				t.Errorf("capture: %q, want %q", got, want)
			}
			if r := s.TakeRequests(); r != nil {
				t.Errorf("requests: %+v, want none", r)
			}
		})
	}
	t.Run("pending kept", func(t *testing.T) {
		now := time.Unix(1000, 0)
		s := NewScreen(20, 2, 0)
		s.clock = func() time.Time { return now }
		pending := func() string {
			got, _ := s.Capture(CaptureOptions{Pending: true})
			return string(got)
		}
		s.Display([]byte("\x1b]2;ttt"))
		now = now.Add(stringTimeout)
		// As tmux 3.3a's capture-pane -P gives it: until a sequence ends.
		if s.Display([]byte("B")); pending() != "\x1b]2;ttt" {
			t.Errorf("pending after the timeout: %q", pending())
		}
		if s.Display([]byte("\x1b[1m")); pending() != "" {
			t.Errorf("pending after a sequence: %q", pending())
		}
	})
	t.Run("finished in time", func(t *testing.T) {
		now := time.Unix(1000, 0)
		s := NewScreen(20, 2, 0)
		s.clock = func() time.Time { return now }
		s.Display([]byte("\x1b]2;ttt"))
		now = now.Add(stringTimeout - time.Millisecond)
		s.Display([]byte("\x07\x1b]2;next"))
		now = now.Add(time.Second)
		s.Display([]byte("\x07"))
		want := []Request{{Kind: Title, Text: "ttt"}, {Kind: Title, Text: "next"}}
		if r := s.TakeRequests(); !reflect.DeepEqual(r, want) {
			t.Errorf("requests: %+v, want %+v", r, want)
		}
	})
}
