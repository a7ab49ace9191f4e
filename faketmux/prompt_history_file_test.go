package faketmux

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestHistoryFile loads history-file once the configuration that sets it
// has run, each line into its type's history (a line of no type into the
// commands'), and writes it back, type by type, when the server exits, as
// tmux 3.3a does; "~/" is the server's home.
func TestHistoryFile(t *testing.T) {
	withFakePrograms(t, false)
	home := t.TempDir()
	path := filepath.Join(home, "hist")
	if err := os.WriteFile(path, []byte("command:display loaded\nsearch:s1\nbogus:x\nplain line\n\nwindow-target:2"), 0o600); err != nil {
		t.Fatal(err)
	}
	s := RunT(t)
	config := []ConfigFile{{Lines: [][]string{{"set", "-g", "history-file", "~/hist"}}}}
	if rc := s.Exec(t.Context(), Call{Args: []string{"new-session", "-d"}, Env: []string{"HOME=" + home}, Config: config}); rc != 0 {
		t.Fatalf("new-session: exit %d", rc)
	}
	s.mu.Lock()
	got := s.st.promptHistory
	s.mu.Unlock()
	want := promptHistory{"command": {"display loaded", "bogus:x", "plain line", ""}, "search": {"s1"}, "window-target": {"2"}}
	for kind, lines := range want {
		if !slices.Equal(got[kind], lines) {
			t.Errorf("%s history %q, want %q", kind, got[kind], lines)
		}
	}
	s.mu.Lock()
	s.st.promptHistory.add("target", "t", 100)
	s.mu.Unlock()
	mustRun(t, s, "kill-server")
	saved, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := "command:display loaded\ncommand:bogus:x\ncommand:plain line\ncommand:\nsearch:s1\ntarget:t\nwindow-target:2\n"; string(saved) != want {
		t.Errorf("saved %q, want %q", saved, want)
	}
}

// TestHistoryFileNames finds the file as tmux's
// status_prompt_find_history_file does: absolute, or under the home
// directory after "~/", else none.
func TestHistoryFileNames(t *testing.T) {
	s := started(t)
	s.mu.Lock()
	st := s.st
	st.procEnv = []string{"HOME=/h"}
	s.mu.Unlock()
	for _, tc := range []struct {
		option, want string
		ok           bool
	}{
		{"", "", false},
		{"/abs/f", "/abs/f", true},
		{"~/f", "/h/f", true},
		{"~f", "", false},
		{"rel/f", "", false},
	} {
		mustRun(t, s, "set", "-g", "history-file", tc.option)
		s.mu.Lock()
		got, ok := st.historyFile()
		s.mu.Unlock()
		if got != tc.want || ok != tc.ok {
			t.Errorf("history-file %q: %q, %v; want %q, %v", tc.option, got, ok, tc.want, tc.ok)
		}
	}
}
