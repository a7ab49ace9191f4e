package faketmux

import (
	"testing"
	"time"
)

func TestDeviceReply(t *testing.T) {
	for _, c := range []struct {
		in         string
		kind, n    int
		text       string
		da2Already bool
	}{
		{in: "\x1b[>84;0;0c\x1bP>|tmux 3.3a\x1b\\", kind: replyDA2, n: 10, text: ">84;0;0"},
		{in: "\x1bP>|tmux 3.3a\x1b\\x", kind: replyXDA, n: 15, text: "tmux 3.3a"},
		{in: "\x1b[?1;2c", kind: replyDA2, n: 7, text: "?1;2"},
		{in: "\x1b[>84;0", kind: replyPartial},
		{in: "\x1b", kind: replyPartial},
		{in: "\x1bP>|tm", kind: replyPartial},
		{in: "\x1b[A", kind: replyNone},
		{in: "a", kind: replyNone},
		// Once DA2 came, another is a key's.
		{in: "\x1b[>84;0;0c", kind: replyNone, da2Already: true},
	} {
		tty := &ttyState{repliesUntil: time.Now().Add(time.Hour), haveDA2: c.da2Already}
		kind, n, text := tty.deviceReply([]byte(c.in))
		if kind != c.kind || n != c.n || text != c.text {
			t.Errorf("deviceReply(%q) = %d %d %q, want %d %d %q", c.in, kind, n, text, c.kind, c.n, c.text)
		}
	}
	late := &ttyState{repliesUntil: time.Now().Add(-time.Second)}
	if kind, _, _ := late.deviceReply([]byte("\x1b[>84;0;0c")); kind != replyNone {
		t.Errorf("a reply after the wait: %d", kind)
	}
}
