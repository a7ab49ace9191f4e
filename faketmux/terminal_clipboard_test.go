package faketmux

import (
	"testing"
	"time"
)

// TestReadClipboardAnswer reads a terminal's OSC 52 as tmux's
// tty_keys_clipboard does: ended by BEL or ST, the data after the second
// semicolon, and more wanted while it may still be one.
func TestReadClipboardAnswer(t *testing.T) {
	for _, tc := range []struct {
		in       string
		data     string
		n        int
		isAnswer bool
	}{
		{"\x1b]52;c;aGk=\arest", "aGk=", 12, true},
		{"\x1b]52;;aGk=\x1b\\", "aGk=", 12, true},
		{"\x1b]52;;aGk=\x1b\\xy", "aGk=", 13, true}, // tmux's byte too many
		{"\x1b]52;nosemicolon\a", "", 17, true},
		{"\x1b]52;c;aGk", "", 0, true},
		{"\x1b]5", "", 0, true},
		{"\x1b]2;title\a", "", 0, false},
		{"\x1b[A", "", 0, false},
	} {
		data, n, isAnswer := readClipboardAnswer([]byte(tc.in))
		if string(data) != tc.data || n != tc.n || isAnswer != tc.isAnswer {
			t.Errorf("readClipboardAnswer(%q) = %q, %d, %v; want %q, %d, %v", tc.in, data, n, isAnswer, tc.data, tc.n, tc.isAnswer)
		}
	}
}

// TestClipboardAnswer makes a buffer of the terminal's clipboard only when
// refresh-client -l asked for it and is still waiting, once.
func TestClipboardAnswer(t *testing.T) {
	s := started(t)
	c := &client{s: s, st: s.st}
	cc := &controlClient{}
	c.clipboardAnswer(cc, []byte("aGk="))
	if n := len(s.Buffers()); n != 0 {
		t.Fatalf("an answer not asked for made %d buffers", n)
	}
	cc.clipboard = clipboardWanted{buffer: true, until: time.Now().Add(clipboardQueryTime)}
	c.clipboardAnswer(cc, []byte("aG\nk="))
	c.clipboardAnswer(cc, []byte("YWdhaW4="))
	b := s.Buffers()
	if len(b) != 1 || string(b[0].Data) != "hi" {
		t.Fatalf("buffers %+v, want one of \"hi\"", b)
	}
	if cc.clipboard.buffer || !cc.clipboard.until.IsZero() {
		t.Errorf("still waiting after the answer: %+v", cc.clipboard)
	}
}
