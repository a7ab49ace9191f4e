package server_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"weak"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/server"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
	"github.com/tmuxbuf/tmuxbuf/tmuxtest"
)

// controlEnv is newEnv with the control-mode backend, whose client is a
// tmux process of its own: the real tmux, or in fake mode the faketmux
// binary, which then plays tmux for every command of the test. The dialer
// waits closePatience for tmux when it closes; each call has the default
// timeout (onControl changes it).
func controlEnv(t *testing.T, closePatience time.Duration) (*tmuxEnv, *server.ControlDialer) {
	t.Helper()
	bin := "tmux"
	if !realTmux(t) {
		var err error
		if bin, err = tmuxtest.FaketmuxBin(); err != nil {
			t.Fatal(err)
		}
	}
	e := newEnvOn(t, bin)
	d := &server.ControlDialer{Bin: bin, SocketName: e.socket, Timeout: closePatience}
	t.Cleanup(func() { d.Close() })
	onControl(e, d, server.DefaultTimeout)
	return e, d
}

// onControl reconnects e's tmuxbuf server to d with a timeout for each
// call. The tests that stop tmux give only the calls they make to the
// stopped tmux a short one: a loaded machine can take longer than that to
// answer a running tmux.
func onControl(e *tmuxEnv, d *server.ControlDialer, timeout time.Duration) {
	e.t.Helper()
	e.connect(func(c *server.Config) { c.Tmux, c.Timeout = d, timeout })
}

func TestControlRoundTripsByteExact(t *testing.T) {
	e, _ := controlEnv(t, server.DefaultTimeout)
	for label, content := range map[string]string{
		"multi-line":         "one\ntwo\nthree\n",
		"no final newline":   "a\r\nb\tc",
		"control bytes":      "nul\x00esc\x1b[31m\x01\x7f",
		"unicode":            "héllo wörld ✓ 🙂\n",
		"quotes and formats": `it's "#{pane_id}" $HOME ; \n`,
		"1 MiB":              strings.Repeat("0123456789abcdef", 1<<16),
	} {
		name := e.load(content)
		if got, _, err := e.tmux("save-buffer", "-b", name, "-"); err != nil || got != content {
			t.Errorf("%s: tmux holds %d bytes (%v), want %d", label, len(got), err, len(content))
		}
		shown := e.ok("show_buffer", map[string]any{"buffer_name": name, "max_lines": nil})
		if shown["content"] != content {
			t.Errorf("%s: show_buffer gave %d bytes, want %d", label, len(shown["content"].(string)), len(content))
		}
	}
}

func TestControlErrorsAreTmuxs(t *testing.T) {
	e, _ := controlEnv(t, server.DefaultTimeout)
	name := e.load("x")
	e.ok("delete_buffer", map[string]any{"buffer_name": name})
	if got := e.fails("delete_buffer", map[string]any{"buffer_name": name}); !strings.Contains(got, "no such buffer") {
		t.Errorf("deleting twice: %q", got)
	}
	if got := e.fails("show_buffer", map[string]any{"buffer_name": name}); !strings.Contains(got, "no such buffer") {
		t.Errorf("showing a deleted buffer: %q", got)
	}
	other := e.load("y")
	if got := e.fails("paste_buffer", map[string]any{"buffer_name": other, "pane_id": "%999"}); !strings.Contains(got, "pane %999 not found") {
		t.Errorf("pasting into a missing pane: %q", got)
	}
	// A session name with a quote reaches tmux intact.
	e.mustTmux("new-session", "-d", "-s", "it's", "sh")
	e.ok("paste_buffer", map[string]any{"buffer_name": other, "session_name": "it's"})
}

func TestControlCleanupChainsAndSurvivesAVanishedBuffer(t *testing.T) {
	e, d := controlEnv(t, server.DefaultTimeout)
	mine := loadMany(e, 30)
	e.mustTmux("delete-buffer", "-b", mine[7])
	n, err := e.srv.Cleanup(t.Context())
	if err != nil || n != len(mine)-1 {
		t.Fatalf("Cleanup = %d, %v; want %d and no error", n, err, len(mine)-1)
	}
	checkOnlyClipboardLeft(t, e)
	// Closing the dialer detaches its client: nothing of it stays on the
	// user's tmux server.
	if out := e.mustTmux("list-clients", "-F", "#{client_flags}"); !strings.Contains(out, "control-mode") {
		t.Errorf("list-clients = %q, want the control client while the dialer is open", out)
	}
	d.Close()
	waitFor(t, "the control client to detach", func() (bool, string) {
		out := e.mustTmux("list-clients")
		return out == "", out
	})
}

func TestControlFollowsTheServer(t *testing.T) {
	e, _ := controlEnv(t, server.DefaultTimeout)
	e.load("before")
	e.killServer()
	if got := e.fails("load_buffer", map[string]any{"content": "x"}); !strings.Contains(got, "no tmux server is running") {
		t.Errorf("after kill-server: %q", got)
	}
	// A new server on the same socket is reached by a new client.
	if out, err := exec.Command(e.bin, "-L", e.socket, "-f", "/dev/null", "new-session", "-d", "sh").CombinedOutput(); err != nil {
		t.Fatalf("restarting tmux: %v\n%s", err, out)
	}
	e.load("after")
}

func TestControlNoSession(t *testing.T) {
	e, _ := controlEnv(t, server.DefaultTimeout)
	e.mustTmux("set-option", "-g", "exit-empty", "off", ";", "kill-session", "-t", "main")
	if got := e.fails("load_buffer", map[string]any{"content": "x"}); !strings.Contains(got, "no sessions") {
		t.Errorf("with no session to attach to: %q", got)
	}
}

// TestControlHungAndMissingTmux needs no tmux: a binary that never answers,
// and one that does not exist.
func TestControlHungAndMissingTmux(t *testing.T) {
	e := newEnv(t)
	hung := t.TempDir() + "/tmux"
	if err := writeExecutable(hung, "#!/bin/sh\nexec sleep 60\n"); err != nil {
		t.Fatal(err)
	}
	d := &server.ControlDialer{Bin: hung, SocketName: e.socket, Timeout: 100 * time.Millisecond}
	t.Cleanup(func() { d.Close() })
	e.connect(func(c *server.Config) { c.Tmux = d; c.Timeout = 100 * time.Millisecond })
	for range 2 { // and again, through the same client
		if got := e.fails("load_buffer", map[string]any{"content": "x"}); !strings.Contains(got, "did not answer within 100ms") {
			t.Errorf("hung tmux: %q", got)
		}
	}
	missing := &server.ControlDialer{Bin: "/nonexistent/tmux"}
	t.Cleanup(func() { missing.Close() }) // it made a FIFO directory for the load
	e.connect(func(c *server.Config) { c.Tmux = missing })
	if got := e.fails("load_buffer", map[string]any{"content": "x"}); !strings.Contains(got, "tmux could not be run") {
		t.Errorf("missing tmux: %q", got)
	}
}

// TestControlLateTmuxStillGetsItsData plays a tmux that opens a FIFO only
// after the call has timed out: it must still find the data there, not a
// FIFO with nobody at the other end, on which a real tmux server would
// wait forever in its event loop.
func TestControlLateTmuxStillGetsItsData(t *testing.T) {
	dir := t.TempDir()
	got := dir + "/read-late"
	script := "#!/bin/sh\n" +
		"echo '%begin 1 1 0'; echo '%end 1 1 0'\n" + // attached
		"read line\n" +
		"path=$(printf '%s\\n' \"$line\" | sed \"s/.*'\\(\\/[^']*\\)'$/\\1/\")\n" +
		// The server's side outlives the client, which the timeout kills.
		"(sleep 1; cat \"$path\" > " + got + ".tmp && mv " + got + ".tmp " + got + ") &\n" +
		"exec sleep 60\n"
	if err := writeExecutable(dir+"/tmux", script); err != nil {
		t.Fatal(err)
	}
	d := &server.ControlDialer{Bin: dir + "/tmux", Timeout: 100 * time.Millisecond}
	t.Cleanup(func() { d.Close() })
	ctx, cancel := context.WithTimeout(t.Context(), 200*time.Millisecond)
	defer cancel()
	var stderr bytes.Buffer
	if code := d.Dial("late").Run(ctx, []string{"load-buffer", "-b", "b", "-"}, strings.NewReader("late content"), io.Discard, &stderr); code == 0 {
		t.Fatal("the call did not time out")
	}
	waitFor(t, "the late reader to get the content", func() (bool, string) {
		b, err := os.ReadFile(got)
		return err == nil && string(b) == "late content", fmt.Sprintf("%q %v", b, err)
	})
}

// The FIFOs' private directory goes in the runtime directory, which is in
// memory, holds no FIFO between calls and goes with the dialer.
func TestControlFIFOsInRuntimeDir(t *testing.T) {
	runtimeDir := t.TempDir()
	t.Setenv("XDG_RUNTIME_DIR", runtimeDir)
	e, d := controlEnv(t, server.DefaultTimeout)
	e.load("more than the one byte that a pipe carries without a FIFO")
	dirs, err := filepath.Glob(filepath.Join(runtimeDir, "tmuxbuf-control-*"))
	if err != nil || len(dirs) != 1 {
		t.Fatalf("FIFO directories in XDG_RUNTIME_DIR: %q (%v), want one", dirs, err)
	}
	fi, err := os.Stat(dirs[0])
	if err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("%s: %v (%v), want a directory of mode 0700", dirs[0], fi.Mode(), err)
	}
	if left, err := os.ReadDir(dirs[0]); err != nil || len(left) != 0 {
		t.Errorf("after the call, %s holds %d entries (%v), want none", dirs[0], len(left), err)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dirs[0]); !os.IsNotExist(err) {
		t.Errorf("after Close, %s: %v, want it gone", dirs[0], err)
	}
}

// TestControlClosesItsFIFOs checks that the calls that move content
// through FIFOs, loads and shows alike, leave no file of this process
// open: a long-running server must not run out of descriptors.
func TestControlClosesItsFIFOs(t *testing.T) {
	e, _ := controlEnv(t, server.DefaultTimeout)
	e.ok("delete_buffer", map[string]any{"buffer_name": e.load("warm-up")}) // the client and its pipes are made once
	before := openFiles(t)
	for range 20 {
		name := e.load("content\n")
		e.ok("show_buffer", map[string]any{"buffer_name": name})
		e.ok("delete_buffer", map[string]any{"buffer_name": name})
	}
	if after := openFiles(t); after > before {
		t.Errorf("%d files open after 20 loads and shows, %d before", after, before)
	}
}

// openFiles counts this process's open file descriptors.
func openFiles(t *testing.T) int {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("cannot count open files: %v", err)
	}
	return len(fds)
}

// controlProcesses are the pids of the tmux -C processes on the test's
// socket.
func controlProcesses(t *testing.T, socket string) []int {
	t.Helper()
	cmdlines, err := filepath.Glob("/proc/[0-9]*/cmdline")
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, path := range cmdlines {
		b, err := os.ReadFile(path)
		if err != nil {
			continue // the process has gone
		}
		argv := strings.Split(string(b), "\x00")
		if slices.Contains(argv, "-C") && slices.Contains(argv, socket) {
			pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(path)))
			pids = append(pids, pid)
		}
	}
	return pids
}

// TestControlClientHasItsOwnProcessGroup checks that the signals a
// terminal sends its foreground process group (SIGHUP when it closes,
// SIGINT and SIGQUIT from keys) cannot reach the control client: measured
// on tmux 3.3a, a control client ends on SIGHUP, which while tmux is
// stopped puts the user's server at risk. The server ends the client
// itself, once tmux answers.
func TestControlClientHasItsOwnProcessGroup(t *testing.T) {
	e, _ := controlEnv(t, server.DefaultTimeout)
	e.load("x")
	pids := controlProcesses(t, e.socket)
	if len(pids) != 1 {
		t.Fatalf("%d control clients, want 1", len(pids))
	}
	pgid, err := syscall.Getpgid(pids[0])
	if err != nil {
		t.Fatal(err)
	}
	if pgid == syscall.Getpgrp() || pgid != pids[0] {
		t.Errorf("the control client (pid %d) is in process group %d, this process in %d: want a group of its own", pids[0], pgid, syscall.Getpgrp())
	}
}

// The fault that crashed users' tmux: calls timing out while tmux is
// stopped used to kill their control client and start another each time,
// and tmux 3.3a segfaults when it resumes after several control clients
// started while it was stopped have ended. Now one client stays, whatever
// the calls do, and tmux comes back with every session.
func TestControlStoppedTmuxSurvivesTimeouts(t *testing.T) {
	for _, attachedFirst := range []bool{true, false} {
		t.Run(fmt.Sprintf("attached first %v", attachedFirst), func(t *testing.T) {
			e, d := controlEnv(t, 200*time.Millisecond)
			if attachedFirst {
				e.load("before")
			}
			onControl(e, d, 200*time.Millisecond)
			resume := stoppedTmux(t, e)
			for range 4 {
				if got := e.fails("load_buffer", map[string]any{"content": "stuck"}); !strings.Contains(got, "did not answer within 200ms") {
					t.Fatalf("with tmux stopped: %q", got)
				}
			}
			if n := len(controlProcesses(t, e.socket)); n != 1 {
				t.Errorf("%d control clients while tmux is stopped, want 1", n)
			}
			resume()
			waitFor(t, "tmux to answer again", func() (bool, string) {
				_, stderr, err := e.tmux("has-session", "-t", "main")
				return err == nil, stderr
			})
			onControl(e, d, server.DefaultTimeout)
			e.load("after")
			if out := e.mustTmux("list-clients", "-F", "#{client_flags}"); strings.Count(out, "control-mode") != 1 {
				t.Errorf("list-clients = %q, want one control client", out)
			}
		})
	}
}

// Closing the dialer while tmux is stopped gives up after its Timeout and
// says so, rather than waiting for tmux for ever; the client it leaves
// detaches once tmux answers.
func TestControlCloseGivesUpOnStoppedTmux(t *testing.T) {
	// Whether or not a line is pending: a client that tmux answered last
	// before it was stopped is idle, and must be left attached all the same.
	for _, pending := range []bool{true, false} {
		t.Run(fmt.Sprintf("pending=%v", pending), func(t *testing.T) {
			closeWithStoppedTmux(t, pending)
		})
	}
}

func closeWithStoppedTmux(t *testing.T, pending bool) {
	e, d := controlEnv(t, 200*time.Millisecond)
	e.load("x")
	onControl(e, d, 200*time.Millisecond)
	resume := stoppedTmux(t, e)
	if pending {
		e.fails("load_buffer", map[string]any{"content": "stuck"})
	}
	closed := make(chan error, 1)
	go func() { closed <- d.Close() }()
	select {
	case err := <-closed:
		if err == nil || !strings.Contains(err.Error(), "did not answer within 200ms") {
			t.Errorf("Close = %v, want it to say tmux did not answer", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Close still waits for a stopped tmux after 30s")
	}
	resume()
	waitFor(t, "the control client to detach", func() (bool, string) {
		out, stderr, err := e.tmux("list-clients")
		return err == nil && out == "", out + stderr
	})
	e.mustTmux("has-session", "-t", "main")
}

// TestControlPasteText: through the control client, paste_text's whole
// line (load from a FIFO, check, paste -d) reaches the program, and a
// paste into a missing pane leaves nothing behind.
func TestControlPasteText(t *testing.T) {
	e, _ := controlEnv(t, server.DefaultTimeout)
	pane, out := catPane(t, e)
	text := "it's \"#{pane_id}\" ; \\\nnext line\n"
	if got := e.call("paste_text", map[string]any{"text": text, "pane_id": pane}); got.IsError {
		t.Fatalf("paste_text: %s", got.Content)
	}
	waitFor(t, "the paste to reach cat", func() (bool, string) {
		b, _ := readFile(out)
		return b == text, fmt.Sprintf("%q", b)
	})
	if got := e.fails("paste_text", map[string]any{"text": text, "pane_id": "%999"}); !strings.Contains(got, "pane %999 not found") {
		t.Errorf("pasting into a missing pane: %q", got)
	}
	if names := e.bufferNames(); len(names) != 0 {
		t.Errorf("tmux holds %v after paste_text", names)
	}
}

// A command's output comes out in line order even when a later command's
// data comes through a FIFO, which tmux writes before the replies ahead of
// it are read.
func TestControlOutputKeepsLineOrder(t *testing.T) {
	e, d := controlEnv(t, server.DefaultTimeout)
	e.mustTmux("set-buffer", "-b", "x", "second")
	for range 20 {
		var stdout, stderr bytes.Buffer
		code := d.Dial("").Run(t.Context(), []string{"display-message", "-p", "first", ";", "show-buffer", "-b", "x", ";", "display-message", "-p", "third"}, nil, &stdout, &stderr)
		if code != 0 || stdout.String() != "first\nsecondthird\n" {
			t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
		}
	}
}

// TestControlKeepsNoOutput checks that once a command has been answered the
// control client holds nothing of it: not the writer its output went to,
// which for a show_buffer holds the whole buffer, for as long as the
// server is idle.
func TestControlKeepsNoOutput(t *testing.T) {
	_, d := controlEnv(t, server.DefaultTimeout)
	tmux := d.Dial("")
	if code := tmux.Run(context.Background(), []string{"set-buffer", "-b", "kept", "content"}, nil, io.Discard, io.Discard); code != 0 {
		t.Fatalf("set-buffer exited %d", code)
	}
	stdout := &bytes.Buffer{}
	if code := tmux.Run(context.Background(), []string{"show-buffer", "-b", "kept"}, nil, stdout, io.Discard); code != 0 || stdout.String() != "content" {
		t.Fatalf("show-buffer exited %d with %q", code, stdout)
	}
	output := weak.Make(stdout)
	stdout = nil
	runtime.GC()
	if output.Value() != nil {
		t.Error("the control client still holds a command's output after its answer")
	}
}

// TestControlOutlivesItsSession: killing the session the control client is
// attached to makes tmux end that client, and a line written to it in the
// moment before it has gone may never run. The line that kills carries
// the backend's probe of the client's session, so the next call goes to
// a new client, every time; and that client waits for the last to have
// exited, without which tmux 3.3a crashes (measured: a segfault within a
// few rounds), taking the user's sessions with it. The probe holds when
// another client is attached elsewhere (a listener, here), for whom tmux
// runs the commands of a client without a session.
func TestControlOutlivesItsSession(t *testing.T) {
	for _, beside := range []bool{false, true} {
		t.Run(fmt.Sprintf("beside a listener %v", beside), func(t *testing.T) {
			e, d := controlEnv(t, server.DefaultTimeout)
			e.connect(func(c *server.Config) { c.Tmux, c.Safety = d, server.TierDestructive })
			e.load("attach")
			if beside {
				ids := strings.Fields(e.mustTmux("new-session", "-d", "-s", "kept", "-P", "-F", "#{pane_id} #{session_id}", "cat"))
				stop, _, err := d.Dial("").(server.OutputNotifier).NotifyOutput(t.Context(), ids[0], ids[1], make(chan struct{}, 1))
				if err != nil {
					t.Fatal(err)
				}
				defer stop()
			}
			for i := range 10 {
				e.mustTmux("new-session", "-d", "-s", fmt.Sprint("next", i), "sh")
				attachedTo := strings.TrimSpace(e.mustTmux("list-clients", "-F", "#{client_session} #{client_flags}"))
				for _, c := range strings.Split(attachedTo, "\n") {
					if session, flags, _ := strings.Cut(c, " "); strings.Contains(flags, "no-output") {
						attachedTo = session
					}
				}
				e.ok("kill_session", map[string]any{"session_name": attachedTo})
				e.load(fmt.Sprint("after", i))
			}
			e.mustTmux("has-session", "-t", "next9")
		})
	}
}

// TestControlCallsBehindAKillOfItsSession: calls made while a call kills
// the session the command client is attached to must not go to that
// client, which tmux is ending and which may never run them: each must
// run once, on the next client. Their lines wait for the kill's answer.
func TestControlCallsBehindAKillOfItsSession(t *testing.T) {
	e, d := controlEnv(t, server.DefaultTimeout)
	e.connect(func(c *server.Config) { c.Tmux, c.Safety = d, server.TierDestructive })
	e.load("attach")
	for i := range 15 {
		e.mustTmux("new-session", "-d", "-s", fmt.Sprint("next", i), "sh")
		e.load(fmt.Sprint("before ", i)) // a command client, attached
		clients := strings.Fields(e.mustTmux("list-clients", "-F", "#{client_session}"))
		if len(clients) != 1 {
			t.Fatalf("clients on sessions %q, want the command client alone", clients)
		}
		kill := e.callAsync(t.Context(), "kill_session", map[string]any{"session_name": clients[0]})
		var loads []<-chan *mcp.CallToolResult
		for j := range 4 {
			loads = append(loads, e.callAsync(t.Context(), "load_buffer", map[string]any{"content": fmt.Sprint(i, j)}))
		}
		if res := <-kill; res.IsError {
			t.Fatalf("kill_session: %s", servertest.ResultText(res))
		}
		for _, load := range loads {
			if res := <-load; res.IsError {
				t.Fatalf("a call made as the command client's session was killed: %s", servertest.ResultText(res))
			}
		}
	}
	if n := len(e.bufferNames()); n != 1+15*5 {
		t.Errorf("%d buffers, want %d: each call's once", n, 1+15*5)
	}
}

// A line that changes tmux has its permit (server/permit.go) wait in a
// pipe that tmux opens by its /proc path, rather than in a FIFO whose
// handshake holds tmux up; where tmux cannot open it so, the client's
// first line finds out and FIFOs carry it. Either way, a call cut short
// while tmux is stopped takes its permit back: its line never runs.
func TestControlGatePermits(t *testing.T) {
	for _, procVisible := range []bool{true, false} {
		t.Run(fmt.Sprintf("proc visible %v", procVisible), func(t *testing.T) {
			if !procVisible {
				t.Cleanup(server.SetProcDir(filepath.Join(t.TempDir(), "elsewhere") + "/"))
			}
			runtimeDir := t.TempDir()
			t.Setenv("XDG_RUNTIME_DIR", runtimeDir)
			e, d := controlEnv(t, 200*time.Millisecond)
			setMark := func(value string) map[string]any {
				return map[string]any{"option": "@mark", "value": value, "scope": "server"}
			}
			if res := e.call("set_option", setMark("set")); res.IsError {
				t.Fatalf("set_option: %s", servertest.ResultText(res))
			}
			if got := strings.TrimSpace(e.mustTmux("show-options", "-sv", "@mark")); got != "set" {
				t.Fatalf("@mark = %q after set_option, want set", got)
			}
			dirs, _ := filepath.Glob(filepath.Join(runtimeDir, "tmuxbuf-control-*"))
			if fifos := len(dirs) > 0; fifos == procVisible {
				t.Errorf("FIFO directories %q with /proc visible to tmux %v", dirs, procVisible)
			}

			onControl(e, d, 200*time.Millisecond)
			resume := stoppedTmux(t, e)
			if got := e.fails("set_option", setMark("late")); !strings.Contains(got, "it had not begun, and will not run") {
				t.Fatalf("with tmux stopped: %q", got)
			}
			resume()
			onControl(e, d, server.DefaultTimeout)
			// The control client's next line is answered after the
			// withdrawn one, which has had its turn by then.
			if res := e.call("set_option", map[string]any{"option": "@after", "value": "1", "scope": "server"}); res.IsError {
				t.Fatalf("set_option after tmux resumed: %s", servertest.ResultText(res))
			}
			if got := strings.TrimSpace(e.mustTmux("show-options", "-sv", "@mark")); got != "set" {
				t.Errorf("@mark = %q once tmux resumed: the withdrawn line ran", got)
			}
		})
	}
}
