package tmuxcli

import (
	"os"
	"path/filepath"
	"testing"
)

func TestPasswdShell(t *testing.T) {
	path := filepath.Join(t.TempDir(), "passwd")
	passwd := "root:x:0:0:root:/root:/bin/bash\n" +
		"broken line\n" +
		"dev:x:1000:1000:Dev,,,:/home/dev:/usr/bin/zsh\n"
	if err := os.WriteFile(path, []byte(passwd), 0o600); err != nil {
		t.Fatal(err)
	}
	for uid, want := range map[int]string{0: "/bin/bash", 1000: "/usr/bin/zsh", 42: ""} {
		if got := passwdShell(path, uid); got != want {
			t.Errorf("passwdShell(uid %d) = %q, want %q", uid, got, want)
		}
	}
	if got := passwdShell(filepath.Join(t.TempDir(), "missing"), 0); got != "" {
		t.Errorf("passwdShell of a missing file = %q, want empty", got)
	}
}

func TestDefaultShellPrefersASuitableSHELL(t *testing.T) {
	if got := DefaultShell([]string{"SHELL=/bin/sh"}); got != "/bin/sh" {
		t.Errorf("DefaultShell with SHELL=/bin/sh = %q", got)
	}
	// Unsuitable values fall through to the passwd entry, as tmux's
	// getshell does; which shell that is depends on the machine.
	want := DefaultShell(nil)
	for _, shell := range []string{"sh", "/nonexistent/shell", "/usr/bin/tmux", "/"} {
		if got := DefaultShell([]string{"SHELL=" + shell}); got != want {
			t.Errorf("DefaultShell with SHELL=%s = %q, want the fallback %q", shell, got, want)
		}
	}
}
