package faketmux

import (
	"bytes"
	"encoding/base64"
	"slices"
	"strings"
	"time"
)

// The clipboard of a terminal client, as tmux 3.3a reaches it through OSC
// 52 (its Ms capability, which the clipboard feature gives): what a pane's
// program or copy mode copies is written to the terminals showing the
// pane, set-buffer -w and load-buffer -w write to the client's own, and
// refresh-client -l asks the terminal for its clipboard.

// clipboardQueryTime is how long the client waits for its terminal's
// answer to refresh-client -l (tmux's TTY_QUERY_TIMEOUT): an answer that
// comes later is read and dropped.
const clipboardQueryTime = 5 * time.Second

// clipboardString is OSC 52 with the data in base64 (or "?"), the
// selection left empty, as tmux writes it: ended by BEL for a terminal
// (the Ms capability), by end for a pane's program (input_reply_clipboard).
func clipboardString(encoded, end string) string {
	return "\x1b]52;;" + encoded + end
}

// decodeClipboard decodes OSC 52's base64 as tmux's b64_pton does,
// passing over white space.
func decodeClipboard(data string) ([]byte, error) {
	return base64.StdEncoding.Strict().DecodeString(strings.Map(func(r rune) rune {
		if strings.ContainsRune(" \t\n\v\f\r", r) {
			return -1
		}
		return r
	}, data))
}

// hasClipboard is whether cc's terminal is started and takes OSC 52.
func (st *state) hasClipboard(cc *controlClient) bool {
	return cc.tty != nil && !cc.suspended && cc.tty.term.has("Ms")
}

// writeClipboard puts data in cc's terminal's clipboard, as tmux's
// tty_set_selection does.
func (st *state) writeClipboard(cc *controlClient, data []byte) {
	if st.hasClipboard(cc) {
		cc.tty.t.TTY.WriteString(clipboardString(base64.StdEncoding.EncodeToString(data), "\a"))
	}
}

// paneClipboard puts what pane p copied in the clipboards of the
// terminals that show its window, as tmux's screen_write_setselection
// writes to each ready client (one that a prompt or a message freezes is
// left out).
func (st *state) paneClipboard(p *paneState, data []byte) {
	for _, cc := range st.controls {
		t := cc.tty
		if t == nil || cc.session == nil || cc.session.current == nil || cc.session.current.windowCore != p.window.windowCore ||
			t.freezes() {
			continue
		}
		st.writeClipboard(cc, data)
	}
}

// clipboard tells of a copy from p's copy mode unless set-clipboard is
// off, as tmux's window_copy_copy_buffer does: it goes to the terminals'
// clipboards, then pane-set-clipboard runs.
func (st *state) clipboard(p *paneState, data []byte) {
	if st.options.get("set-clipboard") != "off" {
		st.paneClipboard(p, data)
		st.notify(event{kind: eventSilent, p: p, hook: "pane-set-clipboard"})
	}
}

// clipboardWanted is what a client asked its terminal's clipboard for
// (refresh-client -l): a new buffer, and panes whose programs are sent
// it.
type clipboardWanted struct {
	buffer bool
	panes  []int
	// until is when the client stops waiting for the answer; zero when
	// it is not waiting.
	until time.Time
}

// queryClipboard is refresh-client -l, as tmux's
// cmd_refresh_client_clipboard: the answer becomes a buffer, or with a
// pane goes to that pane's program; a query already waiting for the same
// is not made again.
func (c *client) queryClipboard(cc *controlClient, paneSpec string) error {
	w := &cc.clipboard
	if paneSpec == "" {
		if w.buffer {
			return nil
		}
		w.buffer = true
	} else {
		t, err := c.findTarget(paneSpec, true, findPane)
		if err != nil {
			return err
		}
		if slices.Contains(w.panes, t.p.id) {
			return nil
		}
		w.panes = append(w.panes, t.p.id)
	}
	// tmux's tty_clipboard_query: one query at a time, asked only of a
	// started terminal, written only to one that takes OSC 52.
	if cc.tty == nil || cc.suspended || time.Now().Before(w.until) {
		return nil
	}
	w.until = time.Now().Add(clipboardQueryTime)
	if c.st.hasClipboard(cc) {
		cc.tty.t.TTY.WriteString(clipboardString("?", "\a"))
	}
	return nil
}

// readClipboardAnswer reads a terminal's OSC 52 at the start of b, as
// tmux's tty_keys_clipboard does: it reports whether b starts one (or may:
// n is 0 until it is complete), how many bytes it took, and what follows
// its second semicolon.
func readClipboardAnswer(b []byte) (data []byte, n int, isAnswer bool) {
	const start = "\x1b]52;"
	if len(b) < len(start) {
		return nil, 0, bytes.HasPrefix([]byte(start), b)
	}
	if !bytes.HasPrefix(b, []byte(start)) {
		return nil, 0, false
	}
	end, terminator := len(start), 0
	for ; end < len(b); end++ {
		if b[end] == '\a' {
			terminator = 1
			break
		}
		if end > len(start) && b[end-1] == '\x1b' && b[end] == '\\' {
			terminator = 2
			break
		}
	}
	if end == len(b) {
		return nil, 0, true
	}
	body := b[len(start) : end+1-terminator]
	if _, after, ok := bytes.Cut(body, []byte(";")); ok {
		data = after
	}
	// tmux counts an ST as two bytes past the backslash that ends it,
	// and so takes the byte after it too.
	return data, min(end+terminator, len(b)), true
}

// clipboardAnswer takes the terminal's answer to refresh-client -l: if
// the client is waiting for one, the data (base64) goes into a new buffer
// or to the panes' programs as it asked.
func (c *client) clipboardAnswer(cc *controlClient, data []byte) {
	w := &cc.clipboard
	if len(data) == 0 || !time.Now().Before(w.until) {
		return
	}
	w.until = time.Time{}
	decoded, err := decodeClipboard(string(data))
	if err != nil {
		return
	}
	if w.buffer {
		if len(decoded) > 0 {
			c.st.buffers.add(decoded, c.st.options.bufferLimit(), c.s.now())
		}
		w.buffer = false
	}
	for _, id := range w.panes {
		if p := c.st.panes[id]; p != nil && p.prog != nil {
			p.prog.Write([]byte(clipboardString(base64.StdEncoding.EncodeToString(decoded), "\x1b\\")))
		}
	}
	w.panes = nil
}

// toClipboard puts a buffer's data in the clipboard of the client -t
// names, or without -t the current one, as set-buffer -w and
// load-buffer -w do (tmux's CMD_CLIENT_CANFAIL: none found, none told).
func (c *client) toClipboard(a *args, data []byte) {
	if cc, err := c.targetClient(a, 't'); err == nil && cc.session != nil {
		c.st.writeClipboard(cc, data)
	}
}
