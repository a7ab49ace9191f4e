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
