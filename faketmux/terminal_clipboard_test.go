package faketmux

import (
	"os"
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

// TestPaneClipboard writes a pane's copy to the terminals showing its
// window, with the clipboard feature, that nothing freezes: a message or
// a prompt does, an incremental prompt does not.
func TestPaneClipboard(t *testing.T) {
	s := started(t)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	s.mu.Lock()
	st := s.st
	sess := st.sessions[0]
	p := sess.current.active
	frozen := func(tty *ttyState) { tty.message = "m" }
	prompt := func(tty *ttyState) { tty.prompt = &statusPrompt{} }
	incremental := func(tty *ttyState) { tty.prompt = &statusPrompt{incremental: true} }
	for i, tc := range []struct {
		term  string
		set   func(*ttyState)
		wrote bool
	}{
		{"xterm", nil, true}, {"screen", nil, false}, {"xterm", frozen, false}, {"xterm", prompt, false}, {"xterm", incremental, true},
	} {
		term := testTerm(t)
		if tc.term == "xterm" {
			term = testTerm(t, "clipboard")
		}
		cc := &controlClient{session: sess, termName: tc.term, tty: &ttyState{t: &Terminal{TTY: w}, term: term}}
		if tc.set != nil {
			tc.set(cc.tty)
		}
		st.controls = append(st.controls, cc)
		st.paneClipboard(p, []byte("hi"))
		st.controls = st.controls[:len(st.controls)-1]
		w.WriteString("|")
		b := make([]byte, 64)
		n, _ := r.Read(b)
		if got, want := string(b[:n]), "\x1b]52;;aGk=\a|"; (got == want) != tc.wrote || !tc.wrote && got != "|" {
			t.Errorf("case %d, %s: wrote %q", i, tc.term, got)
		}
	}
	s.mu.Unlock()
	w.Close()
}

// TestQueryClipboard asks the terminal once while a query waits, as
// tmux's tty_clipboard_query does, each pane once; an answer lets it ask
// again, and a pane that names none fails as a target does.
func TestQueryClipboard(t *testing.T) {
	s := started(t)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.st.noClient(t.Context())
	cc := &controlClient{session: s.st.sessions[0], termName: "xterm", tty: &ttyState{t: &Terminal{TTY: w}, term: testTerm(t, "clipboard")}}
	asked := func() string {
		w.WriteString("|")
		b := make([]byte, 64)
		n, _ := r.Read(b)
		return string(b[:n])
	}
	for _, pane := range []string{"", "", "%0", "%0"} {
		if err := c.queryClipboard(cc, pane); err != nil {
			t.Fatalf("-l%s: %v", pane, err)
		}
	}
	if got := asked(); got != "\x1b]52;;?\a|" {
		t.Errorf("asked %q, want one query", got)
	}
	if !cc.clipboard.buffer || len(cc.clipboard.panes) != 1 {
		t.Errorf("waiting for %+v, want a buffer and %%0 once", cc.clipboard)
	}
	c.clipboardAnswer(cc, []byte("aGk="))
	c.queryClipboard(cc, "")
	if got := asked(); got != "\x1b]52;;?\a|" {
		t.Errorf("after the answer, asked %q, want a new query", got)
	}
	if err := c.queryClipboard(cc, "%9"); err == nil || err.Error() != "can't find pane: %9" {
		t.Errorf("-l%%9: %v", err)
	}
}
