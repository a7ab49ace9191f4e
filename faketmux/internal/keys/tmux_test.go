package keys

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// keyNamesSent covers every kind of name send-keys takes, and the ones it
// types literally.
var keyNamesSent = []string{
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

// patience bounds the wait for tmux's pane to get the keys.
const patience = 30 * time.Second

// TestBytesMatchTmux sends every name of keyNamesSent with tmux's
// send-keys to a program that records its input raw, and compares what
// arrived with what Bytes says (or, for a key it cannot send, the name
// typed literally). It skips where tmux is not installed.
func TestBytesMatchTmux(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux not on PATH")
	}
	// A short private directory: the socket path must fit sun_path.
	dir, err := os.MkdirTemp("", "ky")
	if err != nil {
		t.Fatal(err)
	}
	sock := dir + "/s"
	tmux := func(args ...string) string {
		t.Helper()
		c := exec.Command("tmux", append([]string{"-S", sock, "-f", "/dev/null"}, args...)...)
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "TMUX=") && !strings.HasPrefix(kv, "TMUX_PANE=") {
				c.Env = append(c.Env, kv)
			}
		}
		out, err := c.Output()
		if err != nil {
			t.Fatalf("tmux %q: %v", args, err)
		}
		return string(out)
	}
	t.Cleanup(func() {
		_ = exec.Command("tmux", "-S", sock, "kill-server").Run()
		_ = os.RemoveAll(dir)
	})
	out := dir + "/keys"
	id := strings.TrimSpace(tmux("new-session", "-d", "-x", "80", "-y", "24", "-P", "-F", "#{pane_id}", "--",
		"sh", "-c", `stty raw -echo -iexten; echo ready; exec cat > "$1"`, "sh", out))
	deadline := time.Now().Add(patience)
	for !strings.Contains(tmux("capture-pane", "-p", "-t", id), "ready") {
		if time.Now().After(deadline) {
			t.Fatal("tmux's pane never got ready")
		}
		time.Sleep(10 * time.Millisecond)
	}
	marker := func(i int) string { return "@@" + strconv.Itoa(i) + "@@" }
	var args []string
	for i, name := range keyNamesSent {
		args = append(args, "send-keys", "-t", id, "-l", marker(i), ";", "send-keys", "-t", id, name, ";")
	}
	args = append(args, "send-keys", "-t", id, "-l", marker(len(keyNamesSent)))
	tmux(args...)
	var got []byte
	for !bytes.HasSuffix(got, []byte(marker(len(keyNamesSent)))) {
		if time.Now().After(deadline) {
			t.Fatalf("tmux's keys never all arrived: %q", got)
		}
		time.Sleep(10 * time.Millisecond)
		got, _ = os.ReadFile(out)
	}
	for i, name := range keyNamesSent {
		_, rest, _ := bytes.Cut(got, []byte(marker(i)))
		want, _, _ := bytes.Cut(rest, []byte(marker(i+1)))
		b, ok := sent(name)
		if !ok {
			b = []byte(name)
		}
		if !bytes.Equal(b, want) {
			t.Errorf("%q sends %q, %v; tmux sends %q", name, b, ok, want)
		}
	}
}
