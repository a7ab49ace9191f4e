package pane

import (
	"bytes"
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

// keyNames covers every kind of name send-keys takes, and the ones it
// types literally.
var keyNames = []string{
	"Enter", "enter", "ENTER", "Tab", "BTab", "Space", "BSpace", "Escape",
	"F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12", "f1",
	"IC", "Insert", "DC", "Delete", "Home", "End", "NPage", "PageDown", "PgDn",
	"PPage", "PageUp", "PgUp", "Up", "Down", "Left", "Right", "up",
	"KP0", "KP5", "KP9", "KP/", "KP*", "KP-", "KP+", "KP.", "KPEnter",
	"a", "Z", "~", "-", "^", "é", "中",
	"C-a", "C-z", "C-c", "c-x", "^a", "^[", "C-A", "C-Space", "C-@", "C-[", "C-\\", "C-]",
	"C-^", "C-_", "C-?", "C-2", "C-6", "C--", "C-/", "C-`", "C-1", "C-!", "C-|", "C-~",
	"C-Enter", "C-Tab", "C-Escape", "C-BSpace", "C-é",
	"M-x", "M-X", "m-a", "M-Enter", "M-Space", "M-BSpace", "M-Escape", "M-é", "M-1",
	"M-C-a", "C-M-a", "C-M-1", "S-a", "C-S-a", "M-S-a",
	"S-Up", "C-Up", "M-Up", "C-M-S-Up", "S-F1", "C-F5", "M-Home", "C-End", "S-PPage",
	"M-DC", "S-IC", "M-BTab", "C-BTab", "S-BTab", "M-KP1", "C-KP1", "S-KP1",
	"M-Tab", "S-Tab", "M-S-Tab", "C-M-Tab", "S-Enter", "S-BSpace",
	"0x41", "0x0d", "0x263a", "0x", "0xzz", "0x7f",
	"Any", "None", "User0", "User999", "User1000", "user1", "M-User7", "MouseDown1Pane",
	"F13", "hello", "x--", "C-", "M-", "x-a", "",
}

func TestKeyBytesMatchesTmux(t *testing.T) {
	r := newRealTmux(t)
	out := t.TempDir() + "/keys"
	id := r.pane(80, 24, "sh", "-c", `stty raw -echo -iexten; echo ready; exec cat > "$1"`, "sh", out)
	r.waitCapture(id, "ready")
	marker := func(i int) string { return "@@" + strconv.Itoa(i) + "@@" }
	var args []string
	for i, name := range keyNames {
		args = append(args, "send-keys", "-t", id, "-l", marker(i), ";", "send-keys", "-t", id, name, ";")
	}
	args = append(args, "send-keys", "-t", id, "-l", marker(len(keyNames)))
	r.run(args...)
	var got []byte
	deadline := time.Now().Add(patience)
	for !bytes.HasSuffix(got, []byte(marker(len(keyNames)))) {
		if time.Now().After(deadline) {
			t.Fatalf("tmux's keys never all arrived: %q", got)
		}
		time.Sleep(10 * time.Millisecond)
		got, _ = os.ReadFile(out)
	}
	for i, name := range keyNames {
		_, rest, _ := bytes.Cut(got, []byte(marker(i)))
		sent, _, _ := bytes.Cut(rest, []byte(marker(i+1)))
		b, ok := KeyBytes(name)
		if !ok {
			b = []byte(name)
		}
		if !bytes.Equal(b, sent) {
			t.Errorf("KeyBytes(%q) = %q, %v; tmux sends %q", name, b, ok, sent)
		}
	}
}
