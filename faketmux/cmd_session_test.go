package faketmux

import (
	"strings"
	"testing"
)

func TestNewSessionNamesUnnamedByID(t *testing.T) {
	withFakePrograms(t, false)
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "1")
	mustRun(t, s, "new-session", "-d")
	mustRun(t, s, "new-session", "-d")
	// "1" is taken by name, so the second unnamed session skips that id.
	out := mustRun(t, s, "list-sessions", "-F", "#{session_name} #{session_id}")
	if want := "1 $0\n2 $2\n3 $3\n"; out != want {
		t.Fatalf("list-sessions = %q, want %q", out, want)
	}
	mustFail(t, s, "duplicate session: 1", "new-session", "-d", "-s", "1")
}

// TestNewSessionFlags runs a real shell: pane_current_path is where its
// process is.
func TestNewSessionFlags(t *testing.T) {
	s := RunT(t)
	dir := t.TempDir()
	out := mustRun(t, s, "new-session", "-d", "-s", "a.b:c", "-n", "w", "-c", dir, "-x", "100", "-y", "30",
		"-P", "-F", "#{session_name} #{window_name} #{window_width}x#{window_height} #{pane_current_path}")
	if want := "a_b_c w 100x30 " + dir + "\n"; out != want {
		t.Fatalf("new-session -P -F = %q, want %q", out, want)
	}
	if out := mustRun(t, s, "new-session", "-d", "-x", "-", "-y", "-", "-P"); out != "1:\n" {
		t.Fatalf("new-session -P = %q", out)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-x", "0"}, "width too small"},
		{[]string{"-x", "65536"}, "width too large"},
		{[]string{"-y", "abc"}, "height invalid"},
		{[]string{"-s", ""}, "invalid session: "},
		{[]string{"-t", "a_b_c", "-n", "x"}, "command or window name given with target"},
		{nil, "open terminal failed: not a terminal"},
	} {
		args := append([]string{"new-session"}, tc.args...)
		if tc.args != nil {
			args = append(args, "-d")
		}
		mustFail(t, s, tc.want, args...)
	}
}

func TestHasSession(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "has-session", "-t", "main")
	mustRun(t, s, "has-session", "-t", "ma")
	mustRun(t, s, "has-session", "-t", "$0")
	for target, want := range map[string]string{
		"=ma": "can't find session: ma",
		"$9":  "can't find session: $9",
		"x":   "can't find session: x",
	} {
		mustFail(t, s, want, "has-session", "-t", target)
	}
}

func TestRenameSession(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "new-session", "-d", "-s", "other")
	mustRun(t, s, "rename-session", "-t", "main", "a.b")
	mustRun(t, s, "rename-session", "-t", "a_b", "a_b")
	for name, want := range map[string]string{
		"other": "duplicate session: other",
		"":      "invalid session: ",
	} {
		mustFail(t, s, want, "rename-session", "-t", "a_b", name)
	}
	// Sessions stay sorted by name after a rename.
	mustRun(t, s, "rename-session", "-t", "other", "0first")
	if out := mustRun(t, s, "list-sessions", "-F", "#{session_name}"); out != "0first\na_b\n" {
		t.Fatalf("list-sessions = %q", out)
	}
}

func TestKillSession(t *testing.T) {
	withFakePrograms(t, false)
	s := RunT(t)
	for _, name := range []string{"a", "b", "c"} {
		mustRun(t, s, "new-session", "-d", "-s", name)
	}
	mustRun(t, s, "kill-session", "-C", "-t", "a")
	mustRun(t, s, "kill-session", "-a", "-t", "b")
	if out := mustRun(t, s, "list-sessions", "-F", "#{session_name}"); out != "b\n" {
		t.Fatalf("after kill-session -a: %q", out)
	}
	mustFail(t, s, "can't find session: a", "kill-session", "-t", "a")
	mustRun(t, s, "kill-session")
	if s.Running() {
		t.Fatal("the server outlived its last session")
	}
}

func TestListSessions(t *testing.T) {
	withFakePrograms(t, false)
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "alpha")
	mustRun(t, s, "new-session", "-d", "-s", "beta")
	mustRun(t, s, "new-window", "-d", "-t", "beta")
	out := mustRun(t, s, "list-sessions", "-f", "#{m:b*,#{session_name}}", "-F", "#{session_name} #{session_windows}")
	if out != "beta 2\n" {
		t.Fatalf("list-sessions -f = %q", out)
	}
	out = mustRun(t, s, "list-sessions")
	if lines := strings.Split(out, "\n"); len(lines) != 3 ||
		!strings.HasPrefix(lines[0], "alpha: 1 windows (created ") ||
		!strings.HasPrefix(lines[1], "beta: 2 windows (created ") {
		t.Fatalf("list-sessions = %q", out)
	}
}

func TestSessionGroups(t *testing.T) {
	s := started(t)
	mustRun(t, s, "new-window", "-d", "-t", "main:2", "cat")
	if got := mustRun(t, s, "new-session", "-d", "-t", "main", "-P", "-F", "#{session_name} #{session_group} #{session_group_size}"); got != "main-1 main 2\n" {
		t.Errorf("new-session -t main printed %q", got)
	}
	// The window the new session was made with is gone.
	if got := mustRun(t, s, "list-panes", "-a", "-F", "#{session_name}:#{window_index} #{pane_id}"); got != "main:0 %0\nmain:2 %1\nmain-1:0 %0\nmain-1:2 %1\n" {
		t.Errorf("panes: %q", got)
	}
	mustRun(t, s, "new-window", "-d", "-t", "main-1:4", "cat")
	mustRun(t, s, "kill-window", "-t", "main:0")
	want := "main:2 main,main-1 2\nmain:4 main,main-1 2\nmain-1:2 main,main-1 2\nmain-1:4 main,main-1 2\n"
	if got := mustRun(t, s, "list-windows", "-a", "-F", "#{session_name}:#{window_index} #{session_group_list} #{session_group_size}"); got != want {
		t.Errorf("after new-window and kill-window: %q, want %q", got, want)
	}
	mustFail(t, s, errSessionsGrouped, "link-window", "-s", "main:2", "-t", "main-1:7")
	mustFail(t, s, errCantMoveGrouped, "swap-window", "-s", "main:2", "-t", "main-1:4")
	// Killing one session leaves the other the windows, and a group
	// of one; the group's last window takes every session of it.
	mustRun(t, s, "kill-session", "-t", "main")
	if got := mustRun(t, s, "list-sessions", "-F", "#{session_name} #{session_grouped} #{session_windows}"); got != "main-1 1 2\n" {
		t.Errorf("after kill-session: %q", got)
	}
	mustRun(t, s, "new-session", "-d", "-s", "other", "-t", "main-1")
	mustRun(t, s, "new-session", "-d", "-s", "keep")
	mustRun(t, s, "kill-window", "-t", "other:2", ";", "kill-window", "-t", "other:4")
	if got := mustRun(t, s, "list-sessions", "-F", "#{session_name}"); got != "keep\n" {
		t.Errorf("after the group's last window: %q", got)
	}
	// With no session, an empty -t names no group.
	mustFail(t, RunT(t), "invalid session group: ", "new-session", "-d", "-t", "")
}
