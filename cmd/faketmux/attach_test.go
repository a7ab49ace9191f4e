//go:build linux && !faketmux_thin

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
)

// terminal is a client running in a pseudo-terminal, as a person's.
type terminal struct {
	t    *testing.T
	cmd  *exec.Cmd
	pty  *os.File
	mu   sync.Mutex
	out  bytes.Buffer
	done chan struct{}
}

func (w *world) attach(t *testing.T, bin string, args ...string) *terminal {
	t.Helper()
	return w.attachSized(t, bin, 80, 24, args...)
}

// attachSized runs a client in a pseudo-terminal of cols by rows.
func (w *world) attachSized(t *testing.T, bin string, cols, rows uint16, args ...string) *terminal {
	t.Helper()
	return w.attachAs(t, bin, "screen", cols, rows, args...)
}

// attachAs runs a client with TERM termName in a pseudo-terminal of cols
// by rows.
func (w *world) attachAs(t *testing.T, bin, termName string, cols, rows uint16, args ...string) *terminal {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(w.env, "TERM="+termName)
	cmd.Dir = w.dir
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: cols, Rows: rows})
	if err != nil {
		t.Fatal(err)
	}
	term := &terminal{t: t, cmd: cmd, pty: f, done: make(chan struct{})}
	go func() {
		defer close(term.done)
		buf := make([]byte, 4096)
		for {
			n, err := f.Read(buf)
			term.mu.Lock()
			term.out.Write(buf[:n])
			term.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		f.Close()
	})
	return term
}

// await waits for the terminal's output to hold text.
func (term *terminal) await(text string) {
	term.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		term.mu.Lock()
		found := strings.Contains(term.out.String(), text)
		term.mu.Unlock()
		if found {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	term.mu.Lock()
	defer term.mu.Unlock()
	term.t.Fatalf("the terminal never showed %q; it has %q", text, tail(term.out.String(), 2000))
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

func (term *terminal) typeKeys(s string) { term.pty.WriteString(s) }

// TestAttachFromATerminal attaches a terminal to a faketmux server, with
// faketmux's client and with tmux's: the session is drawn, keys go to the
// pane and through the prefix table (a split, a detach), the terminal's
// size sizes the window, and the client ends as tmux's does (issue 27:
// "open terminal failed: not a terminal").
func TestAttachFromATerminal(t *testing.T) {
	clients := []string{fakeBin}
	if tmux, err := exec.LookPath("tmux"); err == nil {
		clients = append(clients, tmux)
	}
	for _, client := range clients {
		t.Run(filepath.Base(filepath.Dir(client)), func(t *testing.T) {
			w := newWorld(t, fakeBin)
			var term *terminal
			if client == fakeBin {
				term = w.attach(t, client, "-f", "/dev/null", "new-session", "-s", "x", "cat")
			} else {
				w.must("", "-f", "/dev/null", "new-session", "-d", "-s", "x", "cat")
				term = w.attach(t, client, "attach", "-t", "x")
			}
			term.await("0:cat*")
			if got := w.must("", "list-clients", "-F", "#{client_termname} #{client_width}x#{client_height} #{session_name}"); got != "screen 80x24 x\n" {
				t.Errorf("list-clients: %q", got)
			}
			if got := w.must("", "display", "-p", "-t", "x", "#{window_width}x#{window_height} #{session_attached}"); got != "80x23 1\n" {
				t.Errorf("the window: %q, want the terminal's size less the status line", got)
			}
			term.typeKeys("typed\r")
			term.await("typed")
			waitFor(t, func() bool { return strings.Count(w.must("", "capture-pane", "-p", "-t", "x"), "typed") == 2 })

			term.typeKeys("\x02\"")
			waitFor(t, func() bool { return w.must("", "display", "-p", "-t", "x", "#{window_panes}") == "2\n" })

			pty.Setsize(term.pty, &pty.Winsize{Cols: 100, Rows: 30})
			term.cmd.Process.Signal(syscall.SIGWINCH)
			waitFor(t, func() bool {
				return w.must("", "display", "-p", "-t", "x", "#{window_width}x#{window_height}") == "100x29\n"
			})

			// suspend-client stops the client (here, a session leader
			// whose stop the kernel drops, it only says so); continued,
			// it is drawn again.
			w.must("", "suspend-client")
			waitFor(t, func() bool {
				return strings.Contains(w.must("", "list-clients", "-F", "#{client_flags}"), "suspended")
			})
			term.mu.Lock()
			term.out.Reset()
			term.mu.Unlock()
			term.cmd.Process.Signal(syscall.SIGCONT)
			term.await("0:cat*")
			if got := w.must("", "list-clients", "-F", "#{client_flags}"); strings.Contains(got, "suspended") {
				t.Errorf("after SIGCONT: %q", got)
			}

			term.typeKeys("\x02d")
			select {
			case <-term.done:
			case <-time.After(10 * time.Second):
				t.Fatal("C-b d did not detach the client")
			}
			term.cmd.Wait()
			term.await("[detached (from session x)]")
			if code := term.cmd.ProcessState.ExitCode(); code != 0 {
				t.Errorf("the client exited %d", code)
			}
			if got := w.must("", "display", "-p", "-t", "x", "#{session_attached}"); got != "0\n" {
				t.Errorf("after the detach: %q clients", got)
			}
		})
	}
}

// waitFor polls cond for ten seconds.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestTerminalsOfDifferentSizes attaches two terminals of different
// sizes to one session, on tmux and on faketmux, and requires the same
// window sizes as window-size and the clients' activity change them.
func TestTerminalsOfDifferentSizes(t *testing.T) {
	tmux := realTmux(t)
	answers := func(bin string) []string {
		w := newWorld(t, bin)
		w.must("", "-f", "/dev/null", "new-session", "-d", "-s", "x", "-n", "w", "cat")
		size := func() string {
			return w.must("", "display", "-p", "-t", "x", "#{window_width}x#{window_height} #{session_attached}")
		}
		var got []string
		settle := func() {
			time.Sleep(300 * time.Millisecond)
			got = append(got, size())
		}
		a := w.attach(t, bin, "attach", "-t", "x")
		a.await("0:w*")
		settle()
		b := w.attachSized(t, bin, 60, 20, "attach", "-t", "x")
		b.await("0:w*")
		settle()
		a.typeKeys("k")
		settle()
		w.must("", "set", "-g", "window-size", "smallest")
		settle()
		w.must("", "set", "-g", "window-size", "largest")
		settle()
		w.must("", "set", "-g", "window-size", "latest")
		b.typeKeys("\x02d")
		settle()
		a.typeKeys("\x02d")
		settle()
		return got
	}
	want, got := answers(tmux), answers(fakeBin)
	t.Logf("tmux: %q", want)
	if strings.Join(got, "") != strings.Join(want, "") {
		t.Errorf("window sizes:\n got %q\nwant %q", got, want)
	}
}
