//go:build linux && !faketmux_thin

package main

import (
	"os/exec"
	"strings"
	"testing"
)

// The point of the thin client: it links neither the emulator nor the
// terminal libraries under it.
func TestThinClientLinksNoEmulator(t *testing.T) {
	out, err := exec.Command("go", "list", "-tags", "faketmux_thin", "-deps", ".").Output()
	if err != nil {
		t.Fatal(err)
	}
	for dep := range strings.Lines(string(out)) {
		dep = strings.TrimSpace(dep)
		if dep == "github.com/tmuxbuf/tmuxbuf/faketmux" || dep == "github.com/tmuxbuf/tmuxbuf/faketmux/internal/pane" ||
			strings.HasPrefix(dep, "github.com/charmbracelet/") || strings.HasSuffix(dep, "/serve") {
			t.Errorf("the thin client links %s", dep)
		}
	}
}

// A thin client starts the faketmux beside it as its daemon and drives it
// as the full binary does, standard input and the server's exit included.
func TestThinClient(t *testing.T) {
	w := newWorld(t, thinBin)
	w.must("", "-f", "/dev/null", "new-session", "-d", "sleep 1000")
	w.must("a\x00b\n", "load-buffer", "-b", "k", "-")
	if got := w.must("", "show-buffer", "-b", "k"); got != "a\x00b\n" {
		t.Errorf("show-buffer: %q", got)
	}
	if n := len(w.servers()); n != 1 {
		t.Errorf("%d daemons, want 1", n)
	}
	w.must("", "kill-server")
	if r := w.run("", "list-sessions"); r.code != 1 || !strings.HasPrefix(r.stderr, "no server running on ") {
		t.Errorf("after kill-server: %v", r)
	}
}

// Without a faketmux to start, a thin client says so, and starts nothing.
func TestThinClientWithoutDaemon(t *testing.T) {
	w := newWorld(t, thinBin)
	r := w.runEnv([]string{daemonBinEnv + "=" + w.dir + "/none"}, "", "new-session", "-d")
	if r.code != 1 || !strings.HasPrefix(r.stderr, "faketmux: "+errNoDaemon.Error()+": ") {
		t.Errorf("got %v", r)
	}
}
