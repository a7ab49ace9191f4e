//go:build linux && !faketmux_thin

package main

import (
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestTerminalsTmuxRefuses runs clients from a terminal whose TERM tmux
// cannot use, on faketmux and on tmux: a TERM with no terminfo entry is
// the client's own error, before any command; one that cannot clear the
// screen (dumb, or none) is refused by the server as it attaches.
func TestTerminalsTmuxRefuses(t *testing.T) {
	bins := []string{fakeBin}
	if tmux, err := exec.LookPath("tmux"); err == nil {
		bins = append(bins, tmux)
	}
	for _, bin := range bins {
		t.Run(filepath.Base(filepath.Dir(bin)), func(t *testing.T) {
			for _, c := range []struct {
				term    string
				args    []string
				running bool // a server runs already
				want    string
			}{
				{"nosuchterm", []string{"new-session", "cat"}, false, "missing or unsuitable terminal: nosuchterm\r\n"},
				{"nosuchterm", []string{"list-sessions"}, true, "missing or unsuitable terminal: nosuchterm\r\n"},
				{"dumb", []string{"new-session", "cat"}, false, "open terminal failed: terminal does not support clear\r\n"},
				{"", []string{"new-session", "cat"}, false, "open terminal failed: terminal does not support clear\r\n"},
			} {
				w := newWorld(t, bin)
				if c.running {
					w.must("", "-f", "/dev/null", "new-session", "-d", "cat")
				}
				term := w.attachAs(t, bin, c.term, 80, 24, append([]string{"-f", "/dev/null"}, c.args...)...)
				select {
				case <-term.done:
				case <-time.After(10 * time.Second):
					t.Fatalf("TERM=%s %q: the client did not end", c.term, c.args)
				}
				term.cmd.Wait()
				term.mu.Lock()
				out := term.out.String()
				term.mu.Unlock()
				if code := term.cmd.ProcessState.ExitCode(); out != c.want || code != 1 {
					t.Errorf("TERM=%s %q: %q, exit %d; want %q, exit 1", c.term, c.args, out, code, c.want)
				}
			}
		})
	}
}
