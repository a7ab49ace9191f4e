package pane

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// realTmux is a private tmux server for comparisons; it skips the test
// where tmux is not installed.
type realTmux struct {
	t    *testing.T
	sock string
}

func newRealTmux(t *testing.T) *realTmux {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux not on PATH")
	}
	// A short private directory: the socket path must fit sun_path.
	dir, err := os.MkdirTemp("", "pn")
	if err != nil {
		t.Fatal(err)
	}
	r := &realTmux{t: t, sock: dir + "/s"}
	t.Cleanup(func() {
		_ = r.cmd("kill-server").Run()
		_ = os.RemoveAll(dir)
	})
	return r
}

func (r *realTmux) cmd(args ...string) *exec.Cmd {
	c := exec.Command("tmux", append([]string{"-S", r.sock, "-f", "/dev/null"}, args...)...)
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "TMUX=") && !strings.HasPrefix(kv, "TMUX_PANE=") {
			env = append(env, kv)
		}
	}
	c.Env = env
	return c
}

func (r *realTmux) run(args ...string) string {
	r.t.Helper()
	out, err := r.cmd(args...).Output()
	if err != nil {
		r.t.Fatalf("tmux %q: %v", args, err)
	}
	return string(out)
}

// pane starts argv in a new window (a new session the first time) of the
// given size and returns its pane id.
func (r *realTmux) pane(cols, rows int, argv ...string) string {
	r.t.Helper()
	args := []string{"new-session", "-d", "-x", strconv.Itoa(cols), "-y", strconv.Itoa(rows)}
	if r.cmd("has-session").Run() == nil {
		args = []string{"new-window", "-d"}
	}
	args = append(args, "-P", "-F", "#{pane_id}", "--")
	return strings.TrimSpace(r.run(append(args, argv...)...))
}

func (r *realTmux) waitCapture(id, want string) string {
	r.t.Helper()
	deadline := time.Now().Add(patience)
	for {
		got := r.run("capture-pane", "-p", "-t", id)
		if strings.Contains(got, want) {
			return got
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("tmux pane %s never showed %q; it shows:\n%s", id, want, got)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestCaptureMatchesTmux(t *testing.T) {
	r := newRealTmux(t)
	const cols, rows = 30, 8
	var lines strings.Builder
	for i := 1; i <= 20; i++ {
		lines.WriteString("line " + strconv.Itoa(i) + "\n")
	}
	screens := map[string]string{
		"text":   "plain\n  lead and trail   \n\ta\tb  \tc\n中文|😀|e\u0301|x\n\n",
		"scroll": lines.String(),
		"cursor": strings.Repeat("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 6) +
			"\x1b[2;3Hab\x1b[K\x1b[4;1H\x1b[2Kzz\x1b[1;27HWRAPPED\x1b[5;10H\x1b[1J\x1b[7;1H",
		"region": "1\n2\n3\n4\n5\n6\n7\x1b[2;5r\x1b[5;1H\nX\x1b[r\x1b[3;1H\x1b[L\x1b[8;1H",
		// Homed explicitly; screenCases' "alternate" checks that the
		// cursor stays where it was on ESC[?1049h, as in tmux.
		"alternate": "main screen\n\x1b[?1049h\x1b[Halt screen\n",
		"long-line": strings.Repeat("0123456789", 7) + "\n",
	}
	for name, content := range screens {
		t.Run(name, func(t *testing.T) {
			argv := []string{"sh", "-c", `printf '%sEND' "$1"; exec sleep 60`, "sh", content}
			id := r.pane(cols, rows, argv...)
			want := r.waitCapture(id, "END")
			p := start(t, Options{Argv: argv, Cols: cols, Rows: rows})
			got := waitScreen(t, p, "END")
			if got != want {
				t.Errorf("capture differs from tmux's\n got: %q\nwant: %q", got, want)
			}
		})
	}
}
