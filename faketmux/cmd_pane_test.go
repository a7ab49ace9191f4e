package faketmux

import (
	"strings"
	"testing"
)

// fakeProgram stands in for a pane's process so pastes can be checked
// without a terminal.
type fakeProgram struct {
	input   []byte
	bracket bool
	exited  chan struct{}
}

func (p *fakeProgram) Write(b []byte) error    { p.input = append(p.input, b...); return nil }
func (p *fakeProgram) Input() []byte           { return append([]byte(nil), p.input...) }
func (p *fakeProgram) BracketedPaste() bool    { return p.bracket }
func (p *fakeProgram) Capture() []byte         { return []byte("screen\n") }
func (p *fakeProgram) PID() int                { return 1 }
func (p *fakeProgram) Resize(int, int) error   { return nil }
func (p *fakeProgram) Exited() <-chan struct{} { return p.exited }
func (p *fakeProgram) Close() error            { return nil }

// withFakePrograms makes every pane started during the test a fakeProgram
// with bracketed paste set as given.
func withFakePrograms(t testing.TB, bracket bool) {
	old := startProgram
	startProgram = func(o paneOptions) (program, error) {
		return &fakeProgram{bracket: bracket, exited: make(chan struct{})}, nil
	}
	t.Cleanup(func() { startProgram = old })
}

func TestPasteBufferTranslatesNewlines(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		bracket bool
		want    string
	}{
		{[]string{"paste-buffer"}, false, "a\rb\r"},
		{[]string{"paste-buffer", "-r"}, false, "a\nb\n"},
		{[]string{"paste-buffer", "-s", "|"}, false, "a|b|"},
		{[]string{"paste-buffer", "-p"}, false, "a\rb\r"},
		{[]string{"paste-buffer", "-p"}, true, "\x1b[200~a\rb\r\x1b[201~"},
		{[]string{"paste-buffer"}, true, "a\rb\r"},
	} {
		withFakePrograms(t, tc.bracket)
		s := started(t)
		mustRun(t, s, "set-buffer", "a\nb\n")
		mustRun(t, s, append(tc.args, "-t", "main")...)
		if got, _ := s.PaneInput("%0"); string(got) != tc.want {
			t.Errorf("%q bracket=%v: pane got %q, want %q", tc.args, tc.bracket, got, tc.want)
		}
	}
}

func TestPasteBufferDeleteAndMissing(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "set-buffer", "-b", "x", "data")
	mustRun(t, s, "paste-buffer", "-d", "-b", "x")
	if len(s.Buffers()) != 0 {
		t.Fatalf("buffer not deleted: %+v", s.Buffers())
	}
	mustFail(t, s, "no buffer x", "paste-buffer", "-b", "x")
}

func TestSendKeysAndCapture(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "send-keys", "-t", "%0", "-l", "Enter")
	if got, _ := s.PaneInput("%0"); string(got) != "Enter" {
		t.Fatalf("send-keys -l: %q", got)
	}
	if out := mustRun(t, s, "capture-pane", "-p", "-t", "main"); out != "screen\n" {
		t.Fatalf("capture-pane -p = %q", out)
	}
	out := mustRun(t, s, "split-window", "-d", "-P", "-F", "#{pane_id}", ";", "list-panes", "-F", "#{pane_index}:#{pane_height}")
	if !strings.HasPrefix(out, "%1\n0:12\n1:11\n") {
		t.Fatalf("split-window: %q", out)
	}
}
