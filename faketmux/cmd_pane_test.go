package faketmux

import (
	"strconv"
	"strings"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/pane"
)

// fakeProgram stands in for a pane's process so pastes can be checked
// without a terminal; its screen is a real one, drawn once.
type fakeProgram struct {
	*pane.Screen
	input  []byte
	exited chan struct{}
}

// newFakeProgram draws lines on a fake pane's screen as wide as the pane
// (as high as the lines), the first history of them scrolled into its
// history, after turning bracketed paste on if asked.
func newFakeProgram(o paneOptions, bracket bool, history int, lines ...string) *fakeProgram {
	p := &fakeProgram{Screen: pane.NewScreen(o.Cols, max(len(lines)-history, 1), 2000), exited: make(chan struct{})}
	if bracket {
		p.Display([]byte("\x1b[?2004h"))
	}
	p.Display([]byte(strings.Join(lines, "\r\n")))
	return p
}

func (p *fakeProgram) Write(b []byte) error         { p.input = append(p.input, b...); return nil }
func (p *fakeProgram) Input() []byte                { return append([]byte(nil), p.input...) }
func (p *fakeProgram) PID() int                     { return 1 }
func (p *fakeProgram) Sync()                        {}
func (p *fakeProgram) Resize(int, int) error        { return nil }
func (p *fakeProgram) Exited() <-chan struct{}      { return p.exited }
func (p *fakeProgram) ExitStatus() (int, int)       { return 0, 0 }
func (p *fakeProgram) TTY() string                  { return "/dev/pts/fake" }
func (p *fakeProgram) Foreground() (int, int, bool) { return 0, 0, false }
func (p *fakeProgram) Close() error                 { return nil }

// withFakePrograms makes every pane started during the test a fakeProgram
// with bracketed paste set as given, whose screen shows "screen".
func withFakePrograms(t testing.TB, bracket bool) {
	withFakeLines(t, bracket, 0, "screen")
}

// withFakeLines makes every pane started during the test a fakeProgram
// whose lines are the given ones, the first history of them history.
func withFakeLines(t testing.TB, bracket bool, history int, lines ...string) {
	old := startProgram
	startProgram = func(o paneOptions) (program, error) {
		return newFakeProgram(o, bracket, history, lines...), nil
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

func TestActivePaneAfterKill(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	// %0 active, then %1, then %2: %1 is the last pane.
	mustRun(t, s, "split-window", ";", "split-window", "-t", "%0")
	if got := mustRun(t, s, "list-panes", "-F", "#{pane_id}#{?pane_active, active,}#{?pane_last, last,}"); got != "%0\n%2 active\n%1 last\n" {
		t.Fatalf("panes = %q", got)
	}
	mustRun(t, s, "kill-pane")
	if got := mustRun(t, s, "display-message", "-p", "#{pane_id}"); got != "%1\n" {
		t.Errorf("active after killing the active pane = %q, want the last pane", got)
	}
	mustRun(t, s, "kill-pane")
	if got := mustRun(t, s, "display-message", "-p", "#{pane_id}"); got != "%0\n" {
		t.Errorf("active with no last pane = %q, want the one before", got)
	}
}

func TestSplitErrors(t *testing.T) {
	withFakePrograms(t, false)
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-x", "3", "-y", "3")
	mustRun(t, s, "split-window", "-h")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-h"}, "no space for new pane"},
		{[]string{"-l", "x"}, "lines invalid"},
		{[]string{"-l", "-1"}, "lines too small"},
		{[]string{"-l", "y%"}, "percentage invalid"},
		{[]string{"-p", "z"}, "create pane failed: -p invalid"},
	} {
		args := append([]string{"split-window"}, tc.args...)
		mustFail(t, s, tc.want, args...)
	}
}

func TestSendKeysNames(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	// A flag after the first key is a key: tmux stops parsing flags there.
	mustRun(t, s, "send-keys", "-t", "main", "Enter", "C-c", "-l", "Up", "end", "é")
	if got, _ := s.PaneInput("%0"); string(got) != "\r\x03-l\x1b[A\x1b[4~é" {
		t.Fatalf("send-keys: pane got %q", got)
	}
	mustFail(t, s, "can't find pane: 9", "send-keys", "-t", "main:0.9", "x")
}

func TestCapturePaneIntoBuffer(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "capture-pane", "-b", "cap", ";", "capture-pane")
	bufs := s.Buffers()
	if len(bufs) != 2 || bufs[0].Name != "buffer0" || bufs[1].Name != "cap" || string(bufs[1].Data) != "screen\n" {
		t.Fatalf("buffers after capture-pane: %+v", bufs)
	}
}

func TestListPanesScopes(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "split-window", "-h", "-d", ";", "new-window", "-d", ";", "new-session", "-d", "-s", "other")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-t", "main"}, "%0\n%1\n"},
		{[]string{"-s", "-t", "main"}, "%0\n%1\n%2\n"},
		{[]string{"-a"}, "%0\n%1\n%2\n%3\n"},
		{[]string{"-a", "-f", "#{pane_at_left}"}, "%0\n%2\n%3\n"},
	} {
		args := append(append([]string{"list-panes"}, tc.args...), "-F", "#{pane_id}")
		if got := mustRun(t, s, args...); got != tc.want {
			t.Errorf("%q = %q, want %q", args, got, tc.want)
		}
	}
	// The row was written at 80 columns, so it holds a quarter of 80.
	if got := mustRun(t, s, "list-panes", "-a"); !strings.HasPrefix(got, "main:0.0: [40x24] [history 0/2000, 132 bytes] %0 (active)\n") {
		t.Errorf("list-panes -a = %q", got)
	}
}

func TestDisplayMessageFallsBack(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	// A target found only in part is filled in from what was found; one
	// not found at all leaves the format empty, and neither is an error.
	for target, want := range map[string]string{
		"main:7":   "main:0.0",
		"main:0.9": "main:0.0",
		"nope":     ":.",
		"%9":       ":.",
	} {
		if got := mustRun(t, s, "display-message", "-p", "-t", target, "#S:#I.#P"); got != want+"\n" {
			t.Errorf("-t %s: %q, want %q", target, got, want)
		}
	}
	if got := mustRun(t, s, "display-message", "hello"); got != "" {
		t.Errorf("display-message without -p printed %q", got)
	}
}

// A pane in view mode takes every key of a send-keys command; q, C-c or
// Escape among them leave the mode once the command is done.
func TestSendKeysInViewMode(t *testing.T) {
	withFakePrograms(t, false)
	for _, leave := range [][]string{{"q"}, {"C-c"}, {"Escape"}, {"-l", "xqy"}} {
		s := New(Options{SocketPath: "/sock"})
		startWith(t, s, [][]string{{"bogus"}}, "new-session", "-d")
		mustRun(t, s, "send-keys", "a", "Enter")
		mustRun(t, s, append([]string{"send-keys"}, leave...)...)
		mustRun(t, s, "send-keys", "-l", "typed")
		if got, _ := s.PaneInput("%0"); string(got) != "typed" {
			t.Errorf("%q: the program got %q, want only what came after the mode", leave, got)
		}
		s.Close()
	}
}

func panes(t *testing.T, s *Server) string {
	t.Helper()
	return mustRun(t, s, "list-panes", "-t", "main", "-F", "#{pane_id} #{pane_active}#{pane_last} #{pane_input_off}")
}

func TestSelectPaneAndLastPane(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustFail(t, s, "no last pane", "last-pane")
	mustRun(t, s, "split-window", "-d")
	// Two panes and none active before: the other one is the last.
	mustRun(t, s, "last-pane")
	if got, want := panes(t, s), "%0 01 0\n%1 10 0\n"; got != want {
		t.Fatalf("after last-pane: %q, want %q", got, want)
	}
	mustRun(t, s, "split-window", "-d", ";", "select-pane", "-t", "%2")
	if got, want := panes(t, s), "%0 00 0\n%1 01 0\n%2 10 0\n"; got != want {
		t.Fatalf("after select-pane -t %%2: %q, want %q", got, want)
	}
	mustRun(t, s, "select-pane", "-l")
	if got, want := panes(t, s), "%0 00 0\n%1 10 0\n%2 01 0\n"; got != want {
		t.Fatalf("after select-pane -l: %q, want %q", got, want)
	}
	mustFail(t, s, "can't find pane: %9", "select-pane", "-t", "%9")
}

func activePane(t *testing.T, s *Server) string {
	t.Helper()
	return strings.TrimSuffix(mustRun(t, s, "display-message", "-p", "-t", "main", "#{pane_id}"), "\n")
}

// Moving by direction, one pane on the left and two stacked on the right:
// each move is from the active pane, wraps round at the window's edges and,
// among several neighbours, goes to the one active last.
func TestSelectPaneDirection(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "split-window", "-h", ";", "split-window", "-v")
	for _, step := range []struct {
		args []string
		want string
	}{
		{[]string{"select-pane", "-t", "%0"}, "%0"},
		{[]string{"select-pane", "-R"}, "%2"},
		{[]string{"select-pane", "-U"}, "%1"},
		{[]string{"select-pane", "-U"}, "%2"}, // wraps to the bottom
		{[]string{"select-pane", "-D"}, "%1"}, // wraps to the top
		{[]string{"select-pane", "-R"}, "%0"}, // wraps to the left
		{[]string{"select-pane", "-L"}, "%1"}, // wraps to the right
		{[]string{"select-pane", "-L"}, "%0"},
		{[]string{"select-pane", "-U"}, "%0"}, // nothing above or below spans its columns
		{[]string{"select-pane", "-D", "-t", "%2"}, "%1"},
		{[]string{"select-pane", "-L", "-R"}, "%0"}, // the first of -L -R -U -D counts
		{[]string{"select-pane", "-R", "-l"}, "%1"}, // -l beats a direction
	} {
		mustRun(t, s, step.args...)
		if got := activePane(t, s); got != step.want {
			t.Fatalf("after %q: active pane %s, want %s", step.args, got, step.want)
		}
	}
	if got, want := panes(t, s), "%0 01 0\n%1 10 0\n%2 00 0\n"; got != want {
		t.Errorf("panes = %q, want %q (a move makes the pane left the last)", got, want)
	}
}

// With a direction, -d, -e and -T apply to the neighbour rather than the
// target; -T is still expanded for the target.
func TestSelectPaneDirectionAppliesToNeighbour(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "split-window", "-h")
	mustRun(t, s, "select-pane", "-t", "%0", "-R", "-d")
	if got, want := panes(t, s), "%0 01 0\n%1 10 1\n"; got != want {
		t.Fatalf("after -R -d: %q, want %q", got, want)
	}
	mustRun(t, s, "select-pane", "-t", "%1", "-L", "-T", "from #{pane_id}")
	if got := mustRun(t, s, "display-message", "-p", "-t", "%0", "#{pane_title}"); got != "from %1\n" {
		t.Errorf("the neighbour's title = %q, want %q", got, "from %1\n")
	}
	mustRun(t, s, "select-pane", "-t", "%0", "-L", "-e")
	if got, want := panes(t, s), "%0 01 0\n%1 10 0\n"; got != want {
		t.Fatalf("after -L -e: %q, want %q", got, want)
	}
}

func TestSelectPaneDirectionSinglePane(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	for _, f := range []string{"-L", "-R", "-U", "-D"} {
		mustRun(t, s, "select-pane", f, "-d")
	}
	if got, want := panes(t, s), "%0 10 0\n"; got != want {
		t.Errorf("panes = %q, want %q", got, want)
	}
}

// A pane that kill-pane hands the window to has not become active for
// choosing among neighbours, as tmux sets its active point only in
// window_set_active_pane.
func TestSelectPaneDirectionAfterKill(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "split-window", "-h", ";", "split-window", "-v", ";", "split-window", "-v", ";", "split-window", "-v")
	mustRun(t, s, "select-pane", "-t", "%1", ";", "select-pane", "-t", "%4", ";", "select-pane", "-t", "%3")
	// Killing %4, the last pane, leaves none; killing %3 then hands the
	// window to the pane before it, %2, active longer ago than %1.
	mustRun(t, s, "kill-pane", "-t", "%4", ";", "kill-pane", "-t", "%3")
	if got := activePane(t, s); got != "%2" {
		t.Fatalf("after kill-pane: active pane %s, want %%2", got)
	}
	mustRun(t, s, "select-pane", "-t", "%0", ";", "select-pane", "-R")
	if got := activePane(t, s); got != "%1" {
		t.Errorf("-R went to %s, want %%1", got)
	}
}

// Among neighbours none of which was ever active, the first in pane order
// wins.
func TestSelectPaneDirectionTie(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	// Pane order %0 %2 %3 %1: %2 and %3 are stacked in the middle.
	mustRun(t, s, "split-window", "-h", "-d", ";", "split-window", "-h", "-d", ";", "split-window", "-v", "-d", "-t", "%2")
	mustRun(t, s, "select-pane", "-R")
	if got := activePane(t, s); got != "%2" {
		t.Errorf("-R went to %s, want %%2", got)
	}
}

func TestSelectPaneTitle(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "select-pane", "-T", "pane #{pane_index} of #{session_name}")
	mustRun(t, s, "select-pane", "-T", "bad \xff")
	if got := mustRun(t, s, "display-message", "-p", "#{pane_title}"); got != "pane 0 of main\n" {
		t.Fatalf("pane_title = %q; an invalid title must leave the old one", got)
	}
}

func TestPaneInputOff(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "split-window", "-d")
	mustRun(t, s, "select-pane", "-d", "-t", "%0")
	mustRun(t, s, "last-pane", "-d") // %1, the other of two
	if got, want := panes(t, s), "%0 10 1\n%1 00 1\n"; got != want {
		t.Fatalf("after -d: %q, want %q", got, want)
	}
	mustRun(t, s, "send-keys", "-t", "%0", "typed", ";", "set-buffer", "-b", "b", "pasted", ";", "paste-buffer", "-d", "-b", "b", "-t", "%0")
	if got, _ := s.PaneInput("%0"); len(got) != 0 {
		t.Fatalf("a pane with input off got %q", got)
	}
	if len(s.Buffers()) != 0 {
		t.Fatal("paste-buffer -d kept its buffer for a pane with input off")
	}
	mustRun(t, s, "select-pane", "-e", "-t", "%0", ";", "send-keys", "-t", "%0", "-l", "typed")
	if got, _ := s.PaneInput("%0"); string(got) != "typed" {
		t.Fatalf("after -e the pane got %q, want the keys", got)
	}
}

// TestCapturePaneRange checks -S and -E on a pane with 36 lines of history
// and a screen of 5 rows, against what tmux 3.3a printed for `seq 1 40` in
// a 20x5 pane.
func TestCapturePaneRange(t *testing.T) {
	var lines []string
	for i := 1; i <= 40; i++ {
		lines = append(lines, strconv.Itoa(i))
	}
	withFakeLines(t, false, 36, append(lines, "")...)
	s := started(t)
	all := strings.Join(lines, "\n") + "\n\n"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "37\n38\n39\n40\n\n"},
		{[]string{"-S", "-"}, all},
		{[]string{"-S", "-", "-E", "-"}, all},
		{[]string{"-S", "-100"}, all},
		{[]string{"-S", "-3"}, "34\n35\n36\n37\n38\n39\n40\n\n"},
		{[]string{"-E", "2"}, "37\n38\n39\n"},
		{[]string{"-S", "2", "-E", "0"}, "37\n38\n39\n"},
		{[]string{"-S", "-3", "-E", "-1"}, "34\n35\n36\n"},
		{[]string{"-E", "-2"}, "35\n36\n37\n"},
		{[]string{"-S", "-100", "-E", "-50"}, "1\n"},
		{[]string{"-S", "-35", "-E", "-36"}, "1\n2\n"},
		{[]string{"-S", "10"}, "\n"},
		{[]string{"-E", "10"}, "37\n38\n39\n40\n\n"},
		{[]string{"-S", "x", "-E", "y"}, "37\n38\n39\n40\n\n"},
		{[]string{"-S", "32768"}, "37\n38\n39\n40\n\n"},
		{[]string{"-S", " +1", "-E", "-2147483649"}, "38\n39\n40\n\n"},
		{[]string{"-E", "-2147483648"}, strings.Join(lines[:37], "\n") + "\n"},
		{[]string{"-q", "-S", "-1", "-E", "-1"}, "36\n"},
	} {
		args := append([]string{"capture-pane", "-p"}, tc.args...)
		if got := mustRun(t, s, args...); got != tc.want {
			t.Errorf("%q = %q, want %q", args, got, tc.want)
		}
	}
	mustRun(t, s, "capture-pane", "-b", "b", "-S", "-1", "-E", "0")
	if got, _, _ := run(t, s, "", "show-buffer", "-b", "b"); got != "36\n37\n" {
		t.Errorf("capture-pane -b with a range stored %q", got)
	}
	mustFail(t, s, "can't find pane: %9", "capture-pane", "-J", "-t", "%9")
}

// TestCapturePaneFlags checks -e -C -J -N -P -a on a screen of 3 rows
// holding a styled row, a row of 85 wrapped at 80, and an escape sequence
// not yet finished.
func TestCapturePaneFlags(t *testing.T) {
	withFakeLines(t, false, 0, "\x1b[1;31mred\x1b[m a\\b  ", strings.Repeat("x", 85), "\x1b[1")
	s := started(t)
	xs := strings.Repeat("x", 80) + "\nxxxxx\n"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, xs + "\n"},
		{[]string{"-S", "-1", "-E", "-1"}, "red a\\b\n"},
		{[]string{"-S", "-1", "-E", "-1", "-N"}, "red a\\b  \n"},
		// A style is written when it changes, and all of it after a reset.
		{[]string{"-S", "-1", "-E", "0", "-e"}, "\x1b[1m\x1b[31mred\x1b[0m\x1b[39m\x1b[49m a\\b\n" + strings.Repeat("x", 80) + "\n"},
		{[]string{"-S", "-1", "-E", "-1", "-e", "-C"}, `\033[1m\033[31mred\033[0m\033[39m\033[49m a\\b` + "\n"},
		// -J joins the wrapped row to the next and keeps trailing spaces.
		{[]string{"-S", "-", "-J"}, "red a\\b  \n" + strings.Repeat("x", 85) + "\n\n"},
		{[]string{"-S", "0", "-E", "0", "-J"}, strings.Repeat("x", 80) + "\n"},
		{[]string{"-P"}, "\x1b[1\n"},
		{[]string{"-P", "-C"}, `\033[1` + "\n"},
		{[]string{"-a", "-q"}, "\n"},
	} {
		args := append([]string{"capture-pane", "-p"}, tc.args...)
		if got := mustRun(t, s, args...); got != tc.want {
			t.Errorf("%q = %q, want %q", args, got, tc.want)
		}
	}
	mustFail(t, s, "no alternate screen", "capture-pane", "-a")
	mustRun(t, s, "capture-pane", "-P", "-b", "pending", ";", "capture-pane", "-a", "-q", "-b", "alt")
	if got := mustRun(t, s, "list-buffers", "-F", "#{buffer_name} #{buffer_size}"); got != "pending 3\n" {
		t.Errorf("buffers after capturing the pending bytes and no alternate screen: %q", got)
	}
}

func TestClearHistory(t *testing.T) {
	withFakeLines(t, false, 2, "old", "older", "screen")
	s := started(t)
	if got := mustRun(t, s, "display-message", "-p", "#{history_size} #{history_bytes} #{history_limit}"); got != "2 396 2000\n" {
		t.Fatalf("before clear-history: %q", got)
	}
	mustRun(t, s, "set-option", "history-limit", "5", ";", "clearhist", "-t", "%0")
	if got := mustRun(t, s, "display-message", "-p", "#{history_size} #{history_limit}"); got != "0 2000\n" {
		t.Errorf("after clear-history (history-limit is read when a pane is made): %q", got)
	}
	if got := mustRun(t, s, "capture-pane", "-p", "-S", "-"); got != "screen\n" {
		t.Errorf("capture after clear-history = %q", got)
	}
	mustFail(t, s, "can't find pane: %9", "clear-history", "-t", "%9")
}

func TestDisplayInputDrawsOnEmptyPanesOnly(t *testing.T) {
	s := started(t)
	mustFail(t, s, errPaneNotEmpty, "display-message", "-I")
	mustRun(t, s, "split-window", "-d", "", ";", "respawn-pane", "-k", "-t", "%1", "cat")
	// The pane runs cat now, and is still empty to display-message -I,
	// which draws on it rather than typing into it.
	if _, errs, rc := run(t, s, "drawn\n", "display-message", "-I", "-t", "%1"); rc != 0 {
		t.Fatalf("display -I: %d %q", rc, errs)
	}
	if got := mustRun(t, s, "capture-pane", "-p", "-t", "%1"); !strings.HasPrefix(got, "drawn\n") {
		t.Fatalf("screen %q", got)
	}
	if in, _ := s.PaneInput("%1"); len(in) != 0 {
		t.Fatalf("typed into the pane: %q", in)
	}
}

func TestMarkedPane(t *testing.T) {
	s := started(t)
	mustRun(t, s, "split-window", "-d", "-t", "main", "cat")
	mustRun(t, s, "new-window", "-d", "-t", "main", "cat")
	marks := func() string {
		return mustRun(t, s, "list-panes", "-a", "-F", "#{pane_id}:#{pane_marked}#{pane_marked_set}#{window_marked_flag}#{session_marked}#{window_flags}")
	}
	mustFail(t, s, errNoMarkedTarget, "display-message", "-p", "-t", "~", "x", ";", "list-panes", "-t", "~")
	mustRun(t, s, "select-pane", "-m", "-t", "main:0.1")
	if got, want := marks(), "%0:0111*M\n%1:1111*M\n%2:0101\n"; got != want {
		t.Errorf("marked %%1: %q, want %q", got, want)
	}
	if got := mustRun(t, s, "display-message", "-p", "-t", "{marked}", "#{pane_id}"); got != "%1\n" {
		t.Errorf("{marked} is %q, want %%1", got)
	}
	// The marked pane is join-pane's source: it leaves its place, and the
	// mark with it.
	mustRun(t, s, "join-pane", "-t", "main:1")
	if got, want := marks(), "%0:0000-\n%2:0000*\n%1:0000*\n"; got != want {
		t.Errorf("after join-pane: %q, want %q", got, want)
	}
	// -m toggles; -M clears whichever pane is marked.
	mustRun(t, s, "select-pane", "-m", "-t", "main:1.0")
	mustRun(t, s, "select-pane", "-m", "-t", "main:1.0")
	mustFail(t, s, errNoMarkedTarget, "list-panes", "-t", "~")
	mustRun(t, s, "select-pane", "-m", "-t", "main:1.1")
	mustRun(t, s, "select-pane", "-M", "-t", "main:0")
	mustFail(t, s, errNoMarkedTarget, "list-panes", "-t", "~")
	// A zoomed window's hidden pane cannot be marked.
	mustRun(t, s, "resize-pane", "-Z", "-t", "main:1.0")
	mustRun(t, s, "select-pane", "-m", "-t", "main:1.1")
	mustFail(t, s, errNoMarkedTarget, "list-panes", "-t", "~")
	// Swapping windows leaves the marked place with another window.
	mustRun(t, s, "select-pane", "-m", "-t", "main:1.0")
	mustRun(t, s, "swap-window", "-s", "main:0", "-t", "main:1")
	mustFail(t, s, errNoMarkedTarget, "list-panes", "-t", "~")
	mustRun(t, s, "select-pane", "-m", "-t", "main:0")
	mustRun(t, s, "kill-pane", "-t", "main:0")
	mustFail(t, s, errNoMarkedTarget, "list-panes", "-t", "~")
}

func TestSelectPaneStyle(t *testing.T) {
	s := started(t)
	if got := mustRun(t, s, "select-pane", "-g"); got != "default\n" {
		t.Errorf("-g before -P: %q", got)
	}
	if got := mustRun(t, s, "select-pane", "-P", "fg=red", "-g"); got != "fg=red\n" {
		t.Errorf("-P then -g: %q", got)
	}
	want := "window-active-style fg=red\nwindow-style fg=red\n"
	if got := mustRun(t, s, "show-options", "-p"); got != want {
		t.Errorf("pane options %q, want %q", got, want)
	}
	// -m wins over -P: the style stays.
	mustRun(t, s, "select-pane", "-m", "-P", "bg=blue")
	if got := mustRun(t, s, "show-options", "-p"); got != want {
		t.Errorf("after -m -P, pane options %q, want %q", got, want)
	}
}
