//go:build linux && !faketmux_thin

package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTmuxClientFromAPane runs tmux's own client from a program in a
// faketmux pane, as a script in a pane does on a machine that has tmux (a
// login shell puts the machine's tmux first on PATH): with $TMUX naming
// the faketmux server, it reaches it, so that wait-for signals and
// set-buffer lands (issue 27: it said "server exited unexpectedly"). The
// same runs with faketmux's client in the pane.
func TestTmuxClientFromAPane(t *testing.T) {
	tmux := realTmux(t)
	for _, client := range []string{tmux, fakeBin} {
		t.Run(filepath.Base(filepath.Dir(client)), func(t *testing.T) {
			w := newWorld(t, fakeBin)
			bin := t.TempDir()
			if err := os.Symlink(client, filepath.Join(bin, "tmux")); err != nil {
				t.Fatal(err)
			}
			w.must("", "-f", "/dev/null", "new-session", "-d", "-s", "m", "sleep 1000")
			script := "PATH=" + bin + ":$PATH; tmux set-buffer -b from-pane \"$(tmux display -p -t \"$TMUX_PANE\" '#{session_name} #{pane_id}')\"; tmux wait-for -S done"
			w.must("", "new-window", "-d", script)
			done := make(chan result, 1)
			go func() { done <- w.run("", "wait-for", "done") }()
			select {
			case r := <-done:
				if r.code != 0 || r.stderr != "" {
					t.Fatalf("wait-for: %v", r)
				}
			case <-time.After(10 * time.Second):
				w.run("", "wait-for", "-S", "done")
				t.Fatal("the pane's wait-for -S never came")
			}
			if got := w.must("", "show-buffer", "-b", "from-pane"); got != "m %1" {
				t.Errorf("the pane's client saw %q, want %q", got, "m %1")
			}
		})
	}
}

// TestTmuxClientStreams drives a faketmux server with tmux's own client:
// standard input to load-buffer, standard output from show-buffer and
// save-buffer, errors, a file the server writes, and a control client.
// The differential test runs its whole scenarios so too; this one names
// the streams one by one.
func TestTmuxClientStreams(t *testing.T) {
	tmux := realTmux(t)
	w := newWorld(t, fakeBin)
	w.must("", "-f", "/dev/null", "new-session", "-d", "-s", "m", "sleep 1000")
	w.client = tmux
	data := strings.Repeat("0123456789abcdef\x00\xff\n", 5000) // many messages' worth
	if r := w.run(data, "load-buffer", "-b", "big", "-"); r.code != 0 || r.stderr != "" {
		t.Fatalf("load-buffer -: %v", r)
	}
	if got := w.must("", "show-buffer", "-b", "big"); got != data {
		t.Errorf("show-buffer: %d bytes, want the %d loaded", len(got), len(data))
	}
	if got := w.must("", "save-buffer", "-b", "big", "-"); got != data {
		t.Errorf("save-buffer -: %d bytes, want the %d loaded", len(got), len(data))
	}
	file := filepath.Join(w.dir, "saved")
	w.must("", "save-buffer", "-b", "big", file)
	if got, err := os.ReadFile(file); err != nil || string(got) != data {
		t.Errorf("save-buffer FILE: %d bytes, %v", len(got), err)
	}
	if r, want := w.run("", "show-buffer", "-b", "nope"), (result{stderr: "no buffer nope\n", code: 1}); r != want {
		t.Errorf("show-buffer of no buffer: %v, want %v", r, want)
	}
	out := normControl(w.runControl("display -p '#{session_name} #{client_control_mode}'\n", "", "-C", "attach", "-t", "m"))
	if !strings.Contains(out.stdout, "\nm 1\n") || !strings.HasSuffix(out.stdout, "%exit\n") || out.code != 0 {
		t.Errorf("control client: %v", out)
	}
}

// TestControlWaitExit runs a control client with the wait-exit flag: the
// server tells the client its flags (MSG_FLAGS), and the client, after
// %exit, reads its input to an empty line before it exits, as tmux's
// does; with either client on a faketmux server, and on tmux.
func TestControlWaitExit(t *testing.T) {
	tmux := realTmux(t)
	for _, pair := range [][2]string{{fakeBin, fakeBin}, {fakeBin, tmux}, {tmux, tmux}, {tmux, fakeBin}} {
		server, client := pair[0], pair[1]
		w := newWorld(t, server)
		w.must("", "-f", "/dev/null", "new-session", "-d", "-s", "m", "sleep 1000")
		cmd := exec.Command(client, "-C", "attach", "-t", "m", "-f", "wait-exit")
		cmd.Env, cmd.Dir = w.env, w.dir
		in, _ := cmd.StdinPipe()
		out, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		hung := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() }) // a hang fails rather than stalls the suite
		r := bufio.NewReader(out)
		// Input sent before the client has attached can be lost: tmux
		// 3.3a's client on tmux hangs so now and then (measured).
		for _, until := range []string{"%session-changed", "%exit"} {
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					t.Fatalf("%s on %s: no %s: %v", client, server, until, err)
				}
				if strings.HasPrefix(line, until) {
					break
				}
			}
			if until == "%session-changed" {
				io.WriteString(in, "detach-client\n")
			}
		}
		hung.Stop()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			t.Errorf("%s client on %s: exited before the empty line: %v", client, server, err)
			continue
		case <-time.After(300 * time.Millisecond):
		}
		io.WriteString(in, "\n")
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("%s client on %s: %v", client, server, err)
			}
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Errorf("%s client on %s: did not exit at the empty line", client, server)
		}
	}
}
