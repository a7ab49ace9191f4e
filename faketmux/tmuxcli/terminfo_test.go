package tmuxcli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestTerminfo(t *testing.T) {
	noEnv := func(string) string { return "" }
	for _, c := range []struct {
		term    string
		has     []string
		without []string // names of capabilities not sent
	}{
		// Standard flags are sent absent or not; an extended one only
		// when the entry has it.
		{"xterm", []string{"am=1", "bce=1", "colors=8", "AX=1", "XT=1", "Ms=\x1b]52;%p1%s;%p2%s\a", "kDC3=\x1b[3;3~"}, []string{"Tc", "RGB", "U8"}},
		{"tmux-256color", []string{"am=1", "bce=0", "colors=256", "U8=1", "Smulx=\x1b[4:%p1%dm"}, []string{"XT"}},
		{"dumb", []string{"am=1", "bce=0", "bel=\a"}, []string{"clear", "colors"}},
	} {
		caps, err := Terminfo(c.term, noEnv)
		if err != nil {
			t.Skipf("%s: %v", c.term, err)
		}
		for _, want := range c.has {
			if !slices.Contains(caps, want) {
				t.Errorf("%s: no %q in %q", c.term, want, caps)
			}
		}
		for _, name := range c.without {
			for _, cap := range caps {
				if strings.HasPrefix(cap, name+"=") {
					t.Errorf("%s: %q sent", c.term, cap)
				}
			}
		}
	}
	if _, err := Terminfo("nosuchterm", noEnv); err == nil || err.Error() != "missing or unsuitable terminal: nosuchterm" {
		t.Errorf("nosuchterm: %v", err)
	}
	// TERMINFO comes first: an entry there answers for the name.
	data, err := os.ReadFile("/lib/terminfo/d/dumb")
	if err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "n"), 0o755)
	os.WriteFile(filepath.Join(dir, "n", "nosuchterm"), data, 0o644)
	caps, err := Terminfo("nosuchterm", func(k string) string { return map[string]string{"TERMINFO": dir}[k] })
	if err != nil || !slices.Contains(caps, "bel=\a") {
		t.Errorf("nosuchterm in $TERMINFO: %q, %v", caps, err)
	}
}
