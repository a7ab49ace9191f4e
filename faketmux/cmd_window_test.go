package faketmux

import (
	"sync/atomic"
	"testing"
	"time"
)

func windows(t *testing.T, s *Server) string {
	t.Helper()
	return mustRun(t, s, "list-windows", "-t", "main", "-F", "#{window_index} #{window_name} #{window_flags}")
}

func TestNewWindowIndexes(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "rename-window", "-t", "main:0", "zero")
	mustRun(t, s, "new-window", "-d", "-n", "one")
	mustRun(t, s, "new-window", "-d", "-t", "main:5", "-n", "five")
	mustRun(t, s, "new-window", "-d", "-n", "two")
	if got, want := windows(t, s), "0 zero *\n1 one \n2 two \n5 five \n"; got != want {
		t.Fatalf("windows = %q, want %q", got, want)
	}
	mustFail(t, s, "create window failed: index 5 in use", "new-window", "-d", "-t", "main:5")
	mustRun(t, s, "new-window", "-d", "-k", "-t", "main:5", "-n", "killed")
	if got, want := windows(t, s), "0 zero *\n1 one \n2 two \n5 killed \n"; got != want {
		t.Fatalf("after -k: %q, want %q", got, want)
	}
	mustRun(t, s, "set-option", "-t", "main", "base-index", "3")
	if out := mustRun(t, s, "new-window", "-d", "-P", "-F", "#{window_index}"); out != "3\n" {
		t.Fatalf("new window after base-index 3: %q", out)
	}
}

func TestNewWindowBecomesCurrent(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "rename-window", "zero")
	out := mustRun(t, s, "new-window", "-n", "one", "-P")
	if out != "main:1.0\n" {
		t.Fatalf("new-window -P = %q", out)
	}
	if got, want := windows(t, s), "0 zero -\n1 one *\n"; got != want {
		t.Fatalf("windows = %q, want %q", got, want)
	}
	// Killing the current window goes back to the last one.
	mustRun(t, s, "kill-window")
	if got, want := windows(t, s), "0 zero *\n"; got != want {
		t.Fatalf("after kill-window: %q, want %q", got, want)
	}
}

func TestKillWindow(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	for _, name := range []string{"a", "b", "c"} {
		mustRun(t, s, "new-window", "-d", "-n", name)
	}
	mustRun(t, s, "kill-window", "-t", "main:b")
	mustRun(t, s, "kill-window", "-a", "-t", "main:c")
	if got, want := windows(t, s), "3 c *\n"; got != want {
		t.Fatalf("windows = %q, want %q", got, want)
	}
	mustFail(t, s, "can't find window: a", "kill-window", "-t", "main:a")
}

func TestRenameWindowStopsAutomaticRename(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "rename-window", "-t", "main:0", "#{session_name}-w")
	if got := windows(t, s); got != "0 main-w *\n" {
		t.Fatalf("windows = %q", got)
	}
	if out := mustRun(t, s, "show-options", "-w", "-t", "main:0", "automatic-rename"); out != "automatic-rename off\n" {
		t.Fatalf("automatic-rename = %q", out)
	}
}

// TestAutomaticRenameLooksEveryHalfSecond: tmux looks at a window's name
// at most every NAME_INTERVAL (half a second, and a look at exactly that
// still waits); a change within it shows at the first look after.
func TestAutomaticRenameLooksEveryHalfSecond(t *testing.T) {
	withFakePrograms(t, false)
	var now atomic.Int64
	now.Store(time.Unix(1700000000, 0).UnixNano())
	advance := func(d time.Duration) { now.Add(int64(d)) }
	s := New(Options{SocketPath: "/x", Clock: func() time.Time { return time.Unix(0, now.Load()) }})
	defer s.Close()
	mustRun(t, s, "new-session", "-d", "-s", "main", "cat")
	mustRun(t, s, "set", "-w", "-t", "main:0", "automatic-rename-format", "#{?pane_in_mode,mode,plain}")
	name := func(want string) {
		t.Helper()
		if got := mustRun(t, s, "display", "-p", "-t", "main:0", "#{window_name}"); got != want+"\n" {
			t.Fatalf("window_name = %q, want %q", got, want)
		}
	}
	advance(time.Second)
	mustRun(t, s, "copy-mode", "-t", "main:0")
	name("mode")
	mustRun(t, s, "send-keys", "-t", "main:0", "-X", "cancel")
	name("mode")
	advance(nameInterval)
	name("mode")
	advance(time.Millisecond)
	name("plain")
}

func TestListWindows(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "new-session", "-d", "-s", "other", "-n", "o")
	mustRun(t, s, "new-window", "-d", "-t", "main", "-n", "m")
	out := mustRun(t, s, "list-windows", "-a", "-f", "#{==:#{window_index},1}", "-F", "#{session_name}:#{window_index} #{window_name}")
	if out != "main:1 m\n" {
		t.Fatalf("list-windows -a -f = %q", out)
	}
	if out := mustRun(t, s, "list-windows", "-t", "other", "-F", "#{window_name} #{window_panes}"); out != "o 1\n" {
		t.Fatalf("list-windows -t = %q", out)
	}
}

func TestSelectWindowAndItsStack(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "rename-window", "zero")
	mustRun(t, s, "new-window", "-d", "-n", "one", ";", "new-window", "-d", "-n", "two")
	mustRun(t, s, "select-window", "-t", ":one", ";", "select-window", "-t", ":two")
	if got, want := windows(t, s), "0 zero \n1 one -\n2 two *\n"; got != want {
		t.Fatalf("after selecting one then two: %q, want %q", got, want)
	}
	for _, step := range []struct {
		args []string
		want string
	}{
		{[]string{"last-window"}, "0 zero \n1 one *\n2 two -\n"},
		{[]string{"select-window", "-l"}, "0 zero \n1 one -\n2 two *\n"},
		{[]string{"next-window"}, "0 zero *\n1 one \n2 two -\n"}, // wraps round
		{[]string{"previous-window"}, "0 zero -\n1 one \n2 two *\n"},
		{[]string{"select-window", "-T", "-t", ":two"}, "0 zero *\n1 one \n2 two -\n"}, // -T on the current: back
		{[]string{"select-window", "-T", "-t", ":one"}, "0 zero -\n1 one *\n2 two \n"},
		// The stack: killing the current window goes back to the last,
		// then to the one used before that.
		{[]string{"kill-window"}, "0 zero *\n2 two -\n"},
		{[]string{"kill-window"}, "2 two *\n"},
	} {
		mustRun(t, s, step.args...)
		if got := windows(t, s); got != step.want {
			t.Fatalf("after %q: %q, want %q", step.args, got, step.want)
		}
	}
	mustFail(t, s, "no last window", "last-window")
	mustFail(t, s, "no next window", "next-window")
	mustFail(t, s, "no previous window", "previous-window", "-t", "main")
	mustFail(t, s, "can't find window: nope", "select-window", "-t", ":nope")
}

func TestKillCurrentWindowWithNoLastGoesToThePreviousIndex(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "rename-window", "zero")
	mustRun(t, s, "new-window", "-d", "-n", "one", ";", "new-window", "-d", "-n", "two")
	// No window was used before zero, and none is below it: round to two.
	mustRun(t, s, "kill-window", "-t", ":zero")
	if got, want := windows(t, s), "1 one \n2 two *\n"; got != want {
		t.Fatalf("windows = %q, want %q", got, want)
	}
}

func TestWindowAlertsNeverHappen(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "new-window", "-d")
	mustFail(t, s, "no next window", "next-window", "-a")
	mustFail(t, s, "no previous window", "previous-window", "-a")
}

// TestSilenceTimersEndWithTheirWindows: a window's monitor-silence timer
// stops when the window goes, or the server, rather than holding the
// server's state until it fires.
func TestSilenceTimersEndWithTheirWindows(t *testing.T) {
	s := started(t)
	mustRun(t, s, "new-window", "-d", "cat", ";", "set-option", "-g", "monitor-silence", "1000")
	timers := func() (first, second *silenceTimer) {
		s.mu.Lock()
		defer s.mu.Unlock()
		cores := s.st.sessions[0].winlinks
		return cores[0].silence, cores[1].silence
	}
	first, second := timers()
	if first == nil || second == nil {
		t.Fatalf("monitor-silence set, timers %v %v", first, second)
	}
	mustRun(t, s, "kill-window", "-t", ":1")
	if second.timer.Stop() {
		t.Error("the killed window's timer still ran")
	}
	mustRun(t, s, "kill-server")
	if first.timer.Stop() {
		t.Error("the timer outlived its server")
	}
}
