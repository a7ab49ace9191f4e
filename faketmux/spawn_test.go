package faketmux

import (
	"slices"
	"testing"
)

// TestPaneEnvironment checks what a pane's program gets, as tmux's spawn
// builds it: the global and session environment, then tmux's own
// variables, -e, the client's PATH, SHELL and PWD.
func TestPaneEnvironment(t *testing.T) {
	got := lastPaneOptions(t)
	s := New(Options{SocketPath: "/sock"})
	defer s.Close()
	dir := t.TempDir()
	if rc := s.Exec(t.Context(), Call{
		Args: []string{"new-session", "-d", "-c", dir, "-e", "EXTRA=2", "cat", ";", "set-option", "-s", "default-terminal", "screen"},
		// The client that starts the server gives its global environment.
		Env: []string{"PATH=/client", "TERM=xterm", "KEEP=1"},
	}); rc != 0 {
		t.Fatalf("new-session: %d", rc)
	}
	for k, want := range map[string]string{
		"KEEP": "1", "EXTRA": "2", "PATH": "/client", "TERM": "tmux-256color",
		"TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "3.3a", "TMUX_PANE": "%0",
		"PWD": dir, "SHELL": got.Argv[0],
	} {
		// The last entry wins, as in exec.Cmd.
		if v := lookupEnv(got.Env, k); v != want {
			t.Errorf("%s=%q, want %q (env %q)", k, v, want, got.Env)
		}
	}
	if !slices.Equal(got.Argv[1:], []string{"-c", "cat"}) {
		t.Errorf("argv = %q", got.Argv)
	}
	// default-terminal, set after the first pane, names the next one's TERM.
	mustRun(t, s, "new-window", "-d")
	if term := lookupEnv(got.Env, "TERM"); term != "screen" {
		t.Errorf("TERM after set-option default-terminal screen = %q", term)
	}
}
