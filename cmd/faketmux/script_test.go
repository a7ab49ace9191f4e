//go:build linux && !faketmux_thin

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// thirdPartyScript is the kind of script a project runs in CI: it calls
// whatever `tmux` is on PATH. A command that does not read standard input
// must leave it to the next reader, as tmux does.
const thirdPartyScript = `set -e
tmux -f /dev/null new -d -s ci 'sleep 1000'
tmux set-buffer -b greeting "hello world"
printf 'line one\nline two\n' | tmux load-buffer -b lines -
tmux list-buffers -F '#{buffer_name}: #{buffer_size} bytes'
tmux show-buffer -b lines
tmux has-session -t ci && echo "session ci is up"
tmux -V
if ! tmux show-buffer -b missing 2>err.txt; then echo "missing buffer: $(cat err.txt)"; fi
tmux new -d -s second 'sleep 1000'
printf 'left for the next reader\n' | { tmux set-buffer -b unread x; cat; }
tmux ls -F '#{session_name}'
tmux kill-server
`

// TestThirdPartyScript runs the script with PATH leading to the faketmux
// binary as tmux and, when tmux is installed, to the real one, and requires
// the same output from both.
func TestThirdPartyScript(t *testing.T) {
	fake := runScript(t, filepath.Dir(fakeBin))
	// list-buffers lists the most recent first.
	want := "lines: 18 bytes\ngreeting: 11 bytes\nline one\nline two\nsession ci is up\n" +
		"tmux 3.3a\nmissing buffer: no buffer missing\nleft for the next reader\nci\nsecond\n"
	if fake != want {
		t.Errorf("faketmux as tmux:\n got %q\nwant %q", fake, want)
	}
	real := runScript(t, filepath.Dir(realTmux(t)))
	if real != fake {
		t.Errorf("output differs:\n tmux: %q\n fake: %q", real, fake)
	}
}

func runScript(t *testing.T, tmuxDir string) string {
	t.Helper()
	w := newWorld(t, filepath.Join(tmuxDir, "tmux"))
	cmd := exec.Command("/bin/sh", "-c", thirdPartyScript)
	cmd.Dir = w.dir
	for _, kv := range w.env {
		if len(kv) < 5 || kv[:5] != "PATH=" {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, "PATH="+tmuxDir+":"+os.Getenv("PATH"))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("script with %s first on PATH: %v\n%s", tmuxDir, err, errb.String())
	}
	waitGone(t, w.socket())
	return out.String()
}
