package faketmux

import (
	"io"
	"testing"
)

// homeCursor ends a fake program's lines with the cursor at the top left,
// where these tests start copy mode from.
const homeCursor = "\x1b[H"

// modeState is a pane's modes and copy mode's cursor and selection.
const modeState = "#{pane_in_mode} #{pane_mode} #{copy_cursor_x},#{copy_cursor_y} #{scroll_position} #{selection_present}"

// The stack of modes: a mode already on it comes back to the top with
// its state, cancel takes the top one off, copy-mode -q all of them.
func TestModeStack(t *testing.T) {
	withFakeLines(t, false, 1, "old", "one", "two"+homeCursor)
	s := started(t)
	for _, step := range []struct {
		args []string
		want string
	}{
		{[]string{"copy-mode"}, "1 copy-mode 0,0 0 0"},
		{[]string{"send-keys", "-X", "cursor-down"}, "1 copy-mode 0,1 0 0"},
		{[]string{"clock-mode"}, "2 clock-mode ,  "},
		{[]string{"choose-tree"}, "3 tree-mode ,  "},
		{[]string{"copy-mode"}, "3 copy-mode 0,1 0 0"},
		{[]string{"send-keys", "-X", "cancel"}, "2 tree-mode ,  "},
		{[]string{"copy-mode", "-q"}, "0  ,  "},
	} {
		mustRun(t, s, step.args...)
		if got := mustRun(t, s, "display-message", "-p", modeState); got != step.want+"\n" {
			t.Errorf("after %q: %q, want %q", step.args, got, step.want)
		}
	}
	mustFail(t, s, "not in a mode", "send-keys", "-X", "cancel")
	mustRun(t, s, "choose-tree")
	mustFail(t, s, "not in a mode", "send-keys", "-X", "cancel")
}

// Keys reach a mode with no key table only from a command with a client
// to show the mode to.
func TestModeKeysNeedAClient(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "main", "sleep 1000")
	mustRun(t, s, "clock-mode", "-t", "main")
	mustRun(t, s, "send-keys", "-t", "main", "x")
	if got := mustRun(t, s, "display-message", "-p", "-t", "main", "#{pane_mode}"); got != "clock-mode\n" {
		t.Fatalf("without a client, a key left clock mode: %q", got)
	}
	cs := startControl(t, s, "attach-session")
	cs.reply(t)
	cs.next(t) // %session-changed
	io.WriteString(cs.in, "send-keys x\n")
	cs.reply(t)
	if got := cs.next(t); got != "%pane-mode-changed %0" {
		t.Errorf("after a key to clock mode from a control client: %q", got)
	}
}

// Copies go into automatic buffers named after their prefix: emacs keys
// copy up to the cursor, not including it; select-line takes whole
// lines.
func TestCopyModeCopies(t *testing.T) {
	withFakeLines(t, false, 1, "old line", "one two", "three"+homeCursor)
	s := started(t)
	mustRun(t, s, "copy-mode")
	mustRun(t, s, "send-keys", "-X", "begin-selection", ";", "send-keys", "-X", "-N", "3", "cursor-right")
	mustRun(t, s, "send-keys", "-X", "copy-selection", "pick")
	mustRun(t, s, "send-keys", "-X", "history-top", ";", "send-keys", "-X", "select-line")
	mustRun(t, s, "send-keys", "-X", "cursor-down", ";", "send-keys", "-X", "copy-pipe-and-cancel")
	if got := mustRun(t, s, "list-buffers", "-F", "#{buffer_name}=#{buffer_sample}"); got != "buffer1=old line\\none two\npick0=one\n" {
		t.Errorf("buffers: %q", got)
	}
	if got := mustRun(t, s, "display-message", "-p", "#{pane_in_mode}"); got != "0\n" {
		t.Errorf("after copy-pipe-and-cancel, pane_in_mode %q", got)
	}
}

// The view's top row shows the position, and copy_cursor_word finds the
// word under the cursor between tmux's word separators.
func TestCopyModeView(t *testing.T) {
	withFakeLines(t, false, 2, "a", "b", "foo.bar-baz qux"+homeCursor)
	s := started(t)
	mustRun(t, s, "copy-mode", ";", "send-keys", "-X", "-N", "5", "cursor-right")
	if got := mustRun(t, s, "display-message", "-p", "#{copy_cursor_line}|#{copy_cursor_word}"); got != "foo.bar-baz qux                                                            [0/2]|bar\n" {
		t.Errorf("top row: %q", got)
	}
	mustRun(t, s, "copy-mode", "-q", ";", "copy-mode", "-H", ";", "send-keys", "-X", "cursor-up")
	if got := mustRun(t, s, "display-message", "-p", "#{copy_cursor_line}|#{scroll_position}"); got != "b|1\n" {
		t.Errorf("with -H, scrolled: %q", got)
	}
}

// A search moves to the next match (after it, going down, at its start
// going up), going round the ends, in either case for a string in lower
// case; it marks the matches (search_present) until another command, and
// is kept for the pane's next copy mode.
func TestCopyModeSearch(t *testing.T) {
	withFakeLines(t, false, 1, "Foo x", "bar foo", "foo"+homeCursor)
	s := started(t)
	mustRun(t, s, "copy-mode")
	state := "#{copy_cursor_x},#{copy_cursor_y},#{scroll_position} #{search_present}"
	for _, step := range []struct {
		args []string
		want string
	}{
		{[]string{"search-forward", "foo"}, "7,0,0 1"},
		{[]string{"search-again"}, "3,1,0 1"},
		{[]string{"search-again"}, "3,0,1 1"},
		{[]string{"search-reverse"}, "0,0,1 1"},
		{[]string{"search-forward-text", "Foo"}, "3,0,1 1"},
		{[]string{"cursor-right"}, "4,0,1 0"},
		{[]string{"search-backward", "o$"}, "4,0,1 0"}, // lines end in blanks up to the pane's width
		{[]string{"search-backward", "F.o"}, "0,0,1 1"},
	} {
		mustRun(t, s, append([]string{"send-keys", "-X"}, step.args...)...)
		if got := mustRun(t, s, "display-message", "-p", state); got != step.want+"\n" {
			t.Errorf("after %q: %q, want %q", step.args, got, step.want)
		}
	}
	mustRun(t, s, "send-keys", "-X", "cancel", ";", "copy-mode", ";", "send-keys", "-X", "search-again")
	if got := mustRun(t, s, "display-message", "-p", state); got != "0,0,1 1\n" {
		t.Errorf("a new copy mode searching again: %q", got)
	}
}

// A key's binding runs its send-keys -X commands, even after another
// command of the binding: the wheel scrolls copy mode by five lines.
func TestCopyModeBindingWithSeveralCommands(t *testing.T) {
	withFakeLines(t, false, 6, "1", "2", "3", "4", "5", "6", "screen"+homeCursor)
	s := started(t)
	mustRun(t, s, "copy-mode", ";", "send-keys", "WheelUpPane")
	if got := mustRun(t, s, "display-message", "-p", "#{scroll_position}"); got != "5\n" {
		t.Errorf("after WheelUpPane, scroll_position %q", got)
	}
}

// copyStep is a copy-mode command and the state it leaves.
type copyStep struct {
	args []string
	want string
}

// cursorState is the state most copyStep cases check: the cursor.
const cursorState = "#{copy_cursor_x},#{copy_cursor_y}"

// copySteps runs copy-mode commands on the current pane, checking the
// state (format) after each.
func copySteps(t *testing.T, s *Server, format string, steps []copyStep) {
	t.Helper()
	for _, step := range steps {
		mustRun(t, s, append([]string{"send-keys", "-X"}, step.args...)...)
		if got := mustRun(t, s, "display-message", "-p", format); got != step.want+"\n" {
			t.Errorf("after %q: %q, want %q", step.args, got, step.want)
		}
	}
}

// copyModeAtTop is a server whose pane shows lines (none in the
// history), in copy mode with the cursor at the top left.
func copyModeAtTop(t *testing.T, lines ...string) *Server {
	t.Helper()
	withFakeLines(t, false, 0, lines...)
	s := started(t)
	mustRun(t, s, "copy-mode", ";", "send-keys", "-X", "history-top")
	return s
}

// Word moves part words at blanks and at the word-separators option's
// characters; next-word-end goes past a word with emacs keys and onto its
// last character with vi keys; next-space moves by blanks alone.
func TestCopyModeWordMoves(t *testing.T) {
	s := copyModeAtTop(t, "foo.bar baz  qux", "next")
	copySteps(t, s, cursorState, []copyStep{
		{[]string{"next-word"}, "3,0"},
		{[]string{"next-word"}, "4,0"},
		{[]string{"next-word"}, "8,0"},
		{[]string{"next-word-end"}, "11,0"},
		{[]string{"previous-word"}, "8,0"},
		{[]string{"-N", "2", "previous-word"}, "3,0"},
		{[]string{"next-space"}, "8,0"},
		{[]string{"next-space-end"}, "11,0"},
		{[]string{"-N", "2", "next-word"}, "0,1"},
		{[]string{"previous-space"}, "13,0"},
	})
	mustRun(t, s, "set-option", "-g", "word-separators", "z", ";", "send-keys", "-X", "start-of-line")
	copySteps(t, s, cursorState, []copyStep{
		{[]string{"next-word"}, "8,0"},
		{[]string{"next-word"}, "10,0"},
	})
	mustRun(t, s, "set-window-option", "-g", "mode-keys", "vi", ";", "send-keys", "-X", "start-of-line")
	copySteps(t, s, cursorState, []copyStep{
		{[]string{"next-word-end"}, "6,0"},
		{[]string{"next-word-end"}, "9,0"},
	})
}

// select-word selects the word under the cursor, a copy taking it whole.
func TestCopyModeSelectWord(t *testing.T) {
	withFakeLines(t, false, 0, "foo.bar baz  qux")
	s := started(t)
	mustRun(t, s, "copy-mode", ";", "send-keys", "-X", "start-of-line", ";", "send-keys", "-X", "-N", "9", "cursor-right")
	mustRun(t, s, "send-keys", "-X", "select-word", ";", "send-keys", "-X", "copy-selection", "w")
	mustRun(t, s, "send-keys", "-X", "start-of-line", ";", "send-keys", "-X", "select-word", ";", "send-keys", "-X", "copy-selection", "w")
	if got := mustRun(t, s, "list-buffers", "-F", "#{buffer_sample}"); got != "foo\nbaz\n" {
		t.Errorf("words copied: %q", got)
	}
}

// Jumps go to a character of the cursor's line (the to- jumps next to
// it); jump-again repeats the last, jump-reverse turns it round.
func TestCopyModeJumps(t *testing.T) {
	s := copyModeAtTop(t, "foo.bar baz  qux")
	copySteps(t, s, cursorState, []copyStep{
		{[]string{"jump-again"}, "0,0"},
		{[]string{"jump-forward", "z"}, "10,0"},
		{[]string{"jump-again"}, "10,0"},
		{[]string{"jump-backward", "o"}, "2,0"},
		{[]string{"jump-again"}, "1,0"},
		{[]string{"jump-reverse"}, "2,0"},
		{[]string{"jump-to-forward", "z"}, "9,0"},
		{[]string{"jump-to-backward", "a"}, "6,0"},
		{[]string{"jump-reverse"}, "8,0"},
		{[]string{"jump-forward", ""}, "8,0"},
		{[]string{"jump-forward", "qx"}, "13,0"},
	})
}

// set-mark marks the cursor's cell, jump-to-mark swaps cursor and mark,
// which starts where copy mode did.
func TestCopyModeMarks(t *testing.T) {
	withFakeLines(t, false, 1, "old", "one two", "three")
	s := started(t)
	mustRun(t, s, "copy-mode")
	copySteps(t, s, cursorState, []copyStep{
		{[]string{"jump-to-mark"}, "5,1"},
		{[]string{"cursor-up"}, "7,0"},
		{[]string{"jump-to-mark"}, "5,1"},
		{[]string{"jump-to-mark"}, "7,0"},
		{[]string{"history-top"}, "0,0"},
		{[]string{"set-mark"}, "0,0"},
		{[]string{"history-bottom"}, "0,23"},
		{[]string{"jump-to-mark"}, "0,0"},
	})
	if got := mustRun(t, s, "display-message", "-p", "#{scroll_position}"); got != "1\n" {
		t.Errorf("the mark in the history: scroll_position %q", got)
	}
}

// A rectangle copies the same columns of each line, up to the cursor's
// column with emacs keys and including it with vi keys.
func TestCopyModeRectangle(t *testing.T) {
	withFakeLines(t, false, 0, "abcd", "efgh", "ijkl")
	s := started(t)
	for _, keys := range []string{"emacs", "vi"} {
		mustRun(t, s, "set-window-option", "-g", "mode-keys", keys)
		mustRun(t, s, "copy-mode", ";", "send-keys", "-X", "history-top", ";", "send-keys", "-X", "cursor-right", ";", "send-keys", "-X", "begin-selection")
		mustRun(t, s, "send-keys", "-X", "rectangle-toggle", ";", "send-keys", "-X", "-N", "2", "cursor-down", ";", "send-keys", "-X", "cursor-right")
		if got := mustRun(t, s, "display-message", "-p", "#{rectangle_toggle}"); got != "1\n" {
			t.Errorf("%s: rectangle_toggle %q", keys, got)
		}
		mustRun(t, s, "send-keys", "-X", "copy-selection-and-cancel", keys)
	}
	if got := mustRun(t, s, "list-buffers", "-F", "#{buffer_name}=#{buffer_sample}"); got != "vi1=bc\\nfg\\njk\nemacs0=b\\nf\\nj\n" {
		t.Errorf("rectangles copied: %q", got)
	}
}

// refresh-from-pane copies the pane's lines again; view mode has none to
// copy.
func TestCopyModeRefresh(t *testing.T) {
	withFakeLines(t, false, 0, "before")
	s := started(t)
	mustRun(t, s, "copy-mode", "-H", ";", "send-keys", "-X", "begin-selection", ";", "send-keys", "-X", "end-of-line")
	p := s.st.panes[0]
	p.prog.(*fakeProgram).Display([]byte("\x1b[H\x1b[2Kafter!"))
	mustRun(t, s, "send-keys", "-X", "refresh-from-pane")
	if got := mustRun(t, s, "display-message", "-p", "#{copy_cursor_line} #{selection_present} #{copy_cursor_x}"); got != "after! 0 6\n" {
		t.Errorf("after refresh-from-pane: %q", got)
	}
}

// With mode-keys vi, keys in copy mode go through the copy-mode-vi table.
func TestCopyModeViKeyTable(t *testing.T) {
	withFakeLines(t, false, 0, "one two")
	s := started(t)
	mustRun(t, s, "set-window-option", "-g", "mode-keys", "vi")
	mustRun(t, s, "copy-mode", ";", "send-keys", "0", "w")
	if got := mustRun(t, s, "display-message", "-p", "#{copy_cursor_x}"); got != "4\n" {
		t.Errorf("w in copy-mode-vi: x %q", got)
	}
	mustRun(t, s, "send-keys", "Escape", "q")
	if got := mustRun(t, s, "display-message", "-p", "#{pane_in_mode}"); got != "0\n" {
		t.Errorf("q in copy-mode-vi: pane_in_mode %q", got)
	}
}

// The starting client's $VISUAL, else $EDITOR, sets editor and picks the
// status and mode keys: vi when the editor's name has "vi" in it.
func TestModeKeysFromEditor(t *testing.T) {
	for _, tc := range []struct {
		env  []string
		want string
	}{
		{nil, "emacs emacs /usr/bin/vi"},
		{[]string{"EDITOR=/opt/nvim"}, "vi vi /opt/nvim"},
		{[]string{"EDITOR=/opt/vi/nano"}, "emacs emacs /opt/vi/nano"},
		{[]string{"VISUAL=", "EDITOR=vim"}, "emacs emacs "},
	} {
		s := New(Options{Env: tc.env})
		mustRun(t, s, "new-session", "-d", "sleep 1000")
		if got := mustRun(t, s, "display-message", "-p", "#{mode-keys} #{status-keys} #{editor}"); got != tc.want+"\n" {
			t.Errorf("%q: %q, want %q", tc.env, got, tc.want)
		}
		s.Close()
	}
}

// copy-line and copy-end-of-line copy without moving the cursor;
// append-selection adds to the newest buffer; stop-selection leaves the
// selection where it is.
func TestCopyModeLineCopiesAndAppends(t *testing.T) {
	withFakeLines(t, false, 0, "  first line", "second")
	s := started(t)
	mustRun(t, s, "copy-mode", ";", "send-keys", "-X", "history-top", ";", "send-keys", "-X", "back-to-indentation")
	mustRun(t, s, "send-keys", "-X", "copy-end-of-line", "eol", ";", "send-keys", "-X", "-N", "2", "copy-line", "all")
	if got := mustRun(t, s, "display-message", "-p", "#{copy_cursor_x},#{copy_cursor_y} #{selection_present}"); got != "2,0 0\n" {
		t.Errorf("after the line copies: %q", got)
	}
	mustRun(t, s, "send-keys", "-X", "begin-selection", ";", "send-keys", "-X", "-N", "5", "cursor-right", ";", "send-keys", "-X", "stop-selection")
	mustRun(t, s, "send-keys", "-X", "end-of-line", ";", "send-keys", "-X", "append-selection")
	if got := mustRun(t, s, "list-buffers", "-F", "#{buffer_name}=#{buffer_sample}"); got != "all1=  first line\\nsecondfirst\neol0=first line\n" {
		t.Errorf("buffers: %q", got)
	}
}

// Paragraphs are runs of lines that are not empty; goto-line scrolls to
// a line of the history; the line commands put the cursor on the view.
func TestCopyModeParagraphsAndLines(t *testing.T) {
	withFakeLines(t, false, 2, "a", "b", "", "c", "d")
	s := started(t)
	mustRun(t, s, "copy-mode", ";", "send-keys", "-X", "history-top")
	copySteps(t, s, cursorState+",#{scroll_position}", []copyStep{
		{[]string{"next-paragraph"}, "0,2,2"},
		{[]string{"next-paragraph"}, "0,5,2"},
		{[]string{"previous-paragraph"}, "0,2,2"},
		{[]string{"goto-line", "1"}, "0,2,1"},
		{[]string{"goto-line", "9"}, "0,2,2"},
		{[]string{"goto-line", "no"}, "0,2,2"},
		{[]string{"bottom-line"}, "0,23,2"},
		{[]string{"top-line"}, "0,0,2"},
	})
}

// The matching-bracket commands pair brackets of a kind, over lines,
// counting those between.
func TestCopyModeMatchingBrackets(t *testing.T) {
	s := copyModeAtTop(t, "f(a[b]) (x", "(y))")
	copySteps(t, s, cursorState, []copyStep{
		{[]string{"next-matching-bracket"}, "6,0"},
		{[]string{"previous-matching-bracket"}, "1,0"},
		{[]string{"cursor-right", ";", "send-keys", "-X", "cursor-right", ";", "send-keys", "-X", "next-matching-bracket"}, "5,0"},
		{[]string{"end-of-line", ";", "send-keys", "-X", "-N", "2", "cursor-left", ";", "send-keys", "-X", "next-matching-bracket"}, "3,1"},
		{[]string{"previous-matching-bracket"}, "8,0"},
	})
}
