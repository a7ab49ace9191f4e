package faketmux

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
)

// The requests tmux sends a terminal like a VT100 once its client's
// command is done: the secondary device attributes (DA2) and the
// extended ones (XTVERSION), whose replies tell it which terminal it is.
const (
	requestDA2 = "\x1b[>c"
	requestXDA = "\x1b[>q"
)

// replyWait is how long tmux waits for the replies before it takes the
// terminal as it is (its start timer).
const replyWait = time.Second

// sendRequests asks a terminal like a VT100 what it is, as tmux's
// tty_send_requests does; a terminal that is not like one is taken as it
// is.
func (t *ttyState) sendRequests() {
	if t.term.flags&tmuxcli.TermVT100Like == 0 {
		return
	}
	t.repliesUntil = time.Now().Add(replyWait)
	io.WriteString(t.t.TTY, requestDA2+requestXDA)
}

// reply kinds, as deviceReply finds them.
const (
	replyNone = iota
	replyPartial
	replyDA2
	replyXDA
)

// deviceReply is whether b starts with a reply to sendRequests still
// awaited, as tmux's tty_keys_device_attributes and
// tty_keys_extended_device_attributes read them: its kind, its length, and
// what it says (DA2's parameters after "\x1b[", XTVERSION's text).
func (t *ttyState) deviceReply(b []byte) (kind, n int, text string) {
	if !time.Now().Before(t.repliesUntil) {
		return replyNone, 0, ""
	}
	if !t.haveDA2 {
		// Some terminals answer as to a primary DA, "\x1b[?".
		da2, daPartial := startsWith(b, "\x1b[>")
		da, _ := startsWith(b, "\x1b[?")
		switch {
		case daPartial:
			return replyPartial, 0, ""
		case da2 || da:
			return replyUpTo(b, 3, "c", 63, replyDA2, 2)
		}
	}
	if !t.haveXDA {
		switch xda, partial := startsWith(b, "\x1bP>|"); {
		case partial:
			return replyPartial, 0, ""
		case xda:
			return replyUpTo(b, 4, "\x1b\\", 127, replyXDA, 4)
		}
	}
	return replyNone, 0, ""
}

// startsWith is whether b starts with prefix, or is a start of it.
func startsWith(b []byte, prefix string) (match, partial bool) {
	if len(b) < len(prefix) {
		return false, strings.HasPrefix(prefix, string(b))
	}
	return string(b[:len(prefix)]) == prefix, false
}

// replyUpTo is a reply of kind whose body, from, ends at end within max
// bytes: partial while end may yet come, none past max; its text starts
// at textFrom.
func replyUpTo(b []byte, from int, end string, max, kind, textFrom int) (int, int, string) {
	i := bytes.Index(b[from:], []byte(end))
	switch {
	case i < 0 && len(b)-from < max:
		return replyPartial, 0, ""
	case i < 0 || i >= max:
		return replyNone, 0, ""
	}
	return kind, from + i + len(end), string(b[textFrom : from+i])
}

// takeReplies takes the terminal's replies at the start of what it sent,
// which are no keys, and returns the rest; complete is false while a reply
// is cut short (unless flush, once escape-time is over), as tmux waits for
// the rest of it.
func (c *client) takeReplies(b []byte, flush bool) (rest []byte, complete bool) {
	for {
		kind, n, text := c.control.tty.deviceReply(b)
		switch {
		case kind == replyPartial && !flush:
			return b, false
		case n == 0:
			return b, true
		}
		c.takeReply(c.control, kind, text)
		b = b[n:]
	}
}

// takeReply learns what a reply says of cc's terminal: the features of a
// terminal it recognises, added to the client's and applied at once.
func (c *client) takeReply(cc *controlClient, kind int, text string) {
	t := cc.tty
	switch kind {
	case replyDA2:
		if text[0] == '?' {
			return // a primary DA's reply, which some terminals give
		}
		t.haveDA2 = true
		first, _, _ := strings.Cut(text[1:], ";")
		switch n, _ := strconv.Atoi(first); n {
		case 41: // a VT420
			tmuxcli.AddFeatures(&cc.termFeatures, "margins,rectfill", ",")
		case 'M':
			tmuxcli.DefaultFeatures(&cc.termFeatures, "mintty")
		case 'T':
			tmuxcli.DefaultFeatures(&cc.termFeatures, "tmux")
		case 'U':
			tmuxcli.DefaultFeatures(&cc.termFeatures, "rxvt-unicode")
		}
	case replyXDA:
		t.haveXDA = true
		for prefix, name := range map[string]string{"iTerm2 ": "iTerm2", "tmux ": "tmux", "XTerm(": "XTerm", "mintty ": "mintty"} {
			if strings.HasPrefix(text, prefix) {
				tmuxcli.DefaultFeatures(&cc.termFeatures, name)
			}
		}
		cc.termType = text
	}
	t.term.update(cc.termFeatures, c.st.options.getArray("terminal-overrides"))
}
