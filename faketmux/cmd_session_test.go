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
