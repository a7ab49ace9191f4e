package faketmux

import (
	"strings"
	"testing"
)

// treeLines is the tree mode of the pane of session main as its lines
// show: each line's name, "-" or "+" when it is expanded or not and has
// children, and ">" on the current one.
func treeLines(t *testing.T, s *Server) string {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	var p *paneState
	for _, sess := range s.st.sessions {
		if sess.name == "main" {
			p = sess.current.active
		}
	}
	m := p.mode()
	if m == nil || m.tree == nil {
		return "no tree"
	}
	var b strings.Builder
	for i, l := range m.tree.lines {
		if i > 0 {
			b.WriteByte(' ')
		}
		if i == m.tree.current {
			b.WriteByte('>')
		}
		b.WriteString(strings.Repeat(".", l.depth) + l.item.name)
		if len(l.item.children) > 0 {
			if l.item.expanded {
				b.WriteByte('-')
			} else {
				b.WriteByte('+')
			}
		}
		if l.item.tagged {
			b.WriteByte('*')
		}
	}
	return b.String()
}

// The keys of tree mode, as tmux's mode_tree_key takes them: moves that
// wrap, collapse and expand, tags, shortcuts, and Enter running the
// template for the chosen item.
func TestTreeModeKeys(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "main", "-n", "w", "cat")
	mustRun(t, s, "new-window", "-d", "-t", "main", "cat")
	mustRun(t, s, "new-session", "-d", "-s", "other", "cat")
	mustRun(t, s, "split-window", "-t", "other", "cat")
	cs := startControl(t, s, "attach-session", "-t", "main")
	cs.reply(t)
	mustRun(t, s, "choose-tree", "-s", "-t", "main")
	playTree(t, s, []treeStep{
		{nil, ">main+ other+"},
		{[]string{"Down"}, "main+ >other+"},
		{[]string{"Down"}, ">main+ other+"}, // wraps
		{[]string{"k"}, "main+ >other+"},
		{[]string{"Right"}, "main+ >other- .0+"},
		{[]string{"l"}, "main+ other- >.0+"},
		{[]string{"+"}, "main+ other- >.0- ..0 ..1"},
		{[]string{"j", "j"}, "main+ other- .0- ..0 >..1"},
		{[]string{"Left"}, "main+ other- >.0+"}, // a line of a flat list collapses its parent
		{[]string{"-"}, "main+ >other+"},        // nor does a collapsed one
		{[]string{"h"}, ">main+ other+"},        // one at the top moves up
		{[]string{"M-+"}, ">main- .0 .1 other- .0+"},
		{[]string{"t"}, ">main-* .0 .1 other- .0+"},
		{[]string{"Up", "t"}, "main-* .0 .1 other- >.0+*"}, // a child's tag untags its parents
		{[]string{"Down", "t"}, ">main- .0 .1 other- .0+*"},
		{[]string{"T"}, ">main- .0 .1 other- .0+"},
		{[]string{"C-t"}, ">main-* .0 .1 other-* .0+"},
		{[]string{"M--", "g"}, ">main+* other+*"},
		{[]string{"G"}, "main+* >other+*"},
		{[]string{"End", "Home"}, ">main+* other+*"},
	})
	// A shortcut chooses its line at once.
	mustRun(t, s, "send-keys", "-t", "main", "1")
	if got := treeLines(t, s); got != "no tree" {
		t.Errorf("after a shortcut: %q, still in the mode", got)
	}
	if got := mustRun(t, s, "list-clients", "-F", "#{client_session}"); got != "other\n" {
		t.Errorf("a shortcut switched the client to %q, want other", got)
	}
	// Keys reach the mode only with a client that shows it.
	mustRun(t, s, "switch-client", "-t", "main")

	// q, Escape and C-g leave.
	for _, key := range []string{"q", "Escape", "C-g"} {
		mustRun(t, s, "choose-tree", "-t", "main")
		mustRun(t, s, "send-keys", "-t", "main", key)
		if got := treeLines(t, s); got != "no tree" {
			t.Errorf("%s did not leave tree mode: %q", key, got)
		}
	}

	// Enter runs the template with the current item's target.
	mustRun(t, s, "choose-tree", "-w", "-t", "main", "rename-session -t main:1 'x%%'")
	mustRun(t, s, "send-keys", "-t", "main", "Down", "Enter")
	if got := mustRun(t, s, "list-sessions", "-F", "#{session_name}"); got != "other\nx=main_1_\n" {
		t.Errorf("Enter ran the template as %q", got)
	}
}

// -Z zooms the pane for the mode, and leaving the mode unzooms it.
func TestTreeModeZoom(t *testing.T) {
	s := started(t)
	mustRun(t, s, "split-window", "-t", "main", "cat")
	cs := startControl(t, s, "attach-session", "-t", "main")
	cs.reply(t)
	mustRun(t, s, "choose-tree", "-Z", "-t", "main")
	if got := mustRun(t, s, "display-message", "-p", "-t", "main", "#{window_zoomed_flag}"); got != "1\n" {
		t.Errorf("choose-tree -Z: zoomed %q", got)
	}
	mustRun(t, s, "send-keys", "-t", "main", "q")
	if got := mustRun(t, s, "display-message", "-p", "-t", "main", "#{window_zoomed_flag}"); got != "0\n" {
		t.Errorf("after q: zoomed %q", got)
	}
}

func TestTemplateReplace(t *testing.T) {
	for _, c := range []struct{ template, want string }{
		{"switch-client -t '%%'", "switch-client -t 'a;b'"},
		{"x %% %%", "x a;b %%"},
		{"x %1 %1", "x a;b a;b"},
		{"x %%%", `x a\;b`},
		{"x %2 %", "x %2 %"},
		{"none", "none"},
	} {
		if got := templateReplace(c.template, "a;b", 1); got != c.want {
			t.Errorf("templateReplace(%q): %q, want %q", c.template, got, c.want)
		}
	}
}

// choose-buffer's list: sorted by time, name or size, with d and D
// deleting, and Enter running the template with the buffer's name; the
// mode ends when no buffer is left.
func TestBufferModeKeys(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "main", "-n", "w", "cat")
	cs := startControl(t, s, "attach-session", "-t", "main")
	cs.reply(t)
	mustRun(t, s, "set-buffer", "-b", "b", "two")
	mustRun(t, s, "set-buffer", "-b", "a", "three")
	mustRun(t, s, "set-buffer", "-b", "c", "1")
	mustRun(t, s, "choose-buffer", "-t", "main")
	playTree(t, s, []treeStep{
		{nil, ">c a b"},
		{[]string{"O"}, "a b >c"},
		{[]string{"O"}, "a b >c"}, // size, largest first
		{[]string{"Home", "r"}, "c b >a"},
		{[]string{"t", "Up", "t"}, "c >b* a*"}, // send-keys tags without moving
		{[]string{"Up", "d"}, ">b* a*"},        // the next line is current
		{[]string{"Down", "T", "t", "D"}, ">b"},
	})
	mustRun(t, s, "send-keys", "-t", "main", "d")
	if got := treeLines(t, s); got != "no tree" {
		t.Errorf("no buffer left, still in the mode: %q", got)
	}
	mustRun(t, s, "set-buffer", "-b", "x", "y")
	mustRun(t, s, "choose-buffer", "-t", "main", "rename-session -t main 'n%%'")
	mustRun(t, s, "send-keys", "-t", "main", "Enter")
	if got := mustRun(t, s, "list-sessions", "-F", "#{session_name}"); got != "nx\n" {
		t.Errorf("Enter ran the template as %q", got)
	}
}

// find-window's filter, as tmux's cmd_find_window_exec writes it for
// each set of flags.
func TestFindWindowFilter(t *testing.T) {
	for _, c := range []struct {
		flags []flag
		want  string
	}{
		{nil, "#{||:#{C:x},#{||:#{m:*x*,#{window_name}},#{m:*x*,#{pane_title}}}}"},
		{[]flag{{letter: 'C'}, {letter: 'N'}}, "#{||:#{C:x},#{m:*x*,#{window_name}}}"},
		{[]flag{{letter: 'C'}, {letter: 'T'}, {letter: 'i'}}, "#{||:#{C/i:x},#{m/i:*x*,#{pane_title}}}"},
		{[]flag{{letter: 'T'}, {letter: 'N'}, {letter: 'r'}}, "#{||:#{m/r:*x*,#{window_name}},#{m/r:*x*,#{pane_title}}}"},
		{[]flag{{letter: 'C'}, {letter: 'r'}, {letter: 'i'}, {letter: 'Z'}}, "#{C/ri:x}"},
		{[]flag{{letter: 'N'}}, "#{m:*x*,#{window_name}}"},
		{[]flag{{letter: 'T'}}, "#{m:*x*,#{pane_title}}"},
	} {
		a := findWindowArgs(&args{flags: c.flags, values: []string{"x"}})
		if got, _ := a.get('f'); got != c.want {
			t.Errorf("find-window %v: filter %q, want %q", c.flags, got, c.want)
		}
		if a.has('Z') != (len(c.flags) == 4) {
			t.Errorf("find-window %v: -Z is %v", c.flags, a.has('Z'))
		}
	}
}

// choose-client's list: the attached clients by name, size, creation or
// activity, the current one kept where it was; z suspends one (which
// leaves the list), d and D detach, and Enter runs the template with the
// client's terminal (none for a control client). The mode ends when no
// client is left.
func TestClientModeKeys(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "main", "-n", "w", "cat")
	mustRun(t, s, "new-session", "-d", "-s", "other", "cat")
	startControlPID(t, s, 7, "attach-session", "-t", "main").reply(t)
	startControlPID(t, s, 10, "attach-session", "-t", "other").reply(t)
	startControlPID(t, s, 9, "attach-session", "-t", "other").reply(t)
	mustRun(t, s, "refresh-client", "-t", "client-9", "-C", "100x30")
	mustRun(t, s, "choose-client", "-t", "main", "rename-session -t other 'n%%'")
	playTree(t, s, []treeStep{
		{nil, ">client-10 client-7 client-9"},
		{[]string{"O"}, ">client-10 client-7 client-9"},            // size: 80x24, 80x24, 100x30
		{[]string{"O"}, "client-9 >client-10 client-7"},            // creation, newest first
		{[]string{"r"}, "client-7 >client-10 client-9"},            // reversed
		{[]string{"O", "O", "Up"}, "client-9 >client-7 client-10"}, // activity, then name
		{[]string{"z"}, "client-9 >client-10"},                     // the next line is current
		{[]string{"t", "D"}, ">client-9"},                          // then the first
	})
	mustRun(t, s, "send-keys", "-t", "main", "Enter")
	if got := treeLines(t, s); got != "no tree" {
		t.Errorf("Enter left the mode as %q", got)
	}
	if got := mustRun(t, s, "list-sessions", "-F", "#{session_name}"); got != "main\nn\n" {
		t.Errorf("Enter ran the template as %q", got)
	}
	mustRun(t, s, "choose-client", "-t", "main")
	mustRun(t, s, "send-keys", "-t", "main", "d")
	if got := treeLines(t, s); got != "no tree" {
		t.Errorf("no client left, still in the mode: %q", got)
	}
}

// n finds the next buffer whose name or content has the search, going
// round, as tmux's window_buffer_search matches them.
func TestBufferModeSearch(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "main", "-n", "w", "cat")
	startControl(t, s, "attach-session", "-t", "main").reply(t)
	mustRun(t, s, "set-buffer", "-b", "apple", "red")
	mustRun(t, s, "set-buffer", "-b", "plum", "green apple")
	mustRun(t, s, "set-buffer", "-b", "kiwi", "green")
	mustRun(t, s, "choose-buffer", "-t", "main")
	s.mu.Lock()
	var m *treeMode
	for _, p := range s.st.panes {
		if p.inMode() {
			m = p.mode().tree
		}
	}
	m.search = "apple"
	s.mu.Unlock()
	for _, want := range []string{"kiwi >plum apple", "kiwi plum >apple", "kiwi >plum apple"} {
		mustRun(t, s, "send-keys", "-t", "main", "n")
		if got := treeLines(t, s); got != want {
			t.Errorf("after n: %q, want %q", got, want)
		}
	}
}

// treeStep is keys sent to the pane main, and the tree's lines after
// them (see treeLines); nil keys look at the tree as it is.
type treeStep struct {
	keys []string
	want string
}

func playTree(t *testing.T, s *Server, steps []treeStep) {
	t.Helper()
	for _, step := range steps {
		if step.keys != nil {
			mustRun(t, s, append([]string{"send-keys", "-t", "main"}, step.keys...)...)
		}
		if got := treeLines(t, s); got != step.want {
			t.Errorf("after %q: %q, want %q", step.keys, got, step.want)
		}
	}
}
