package faketmux

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// waiters is how many clients wait on channel name, as waiters or
// lockers.
func waiters(s *Server, name string) (waiting, locking int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if wc := s.st.channels[name]; wc != nil {
		return len(wc.waiters), len(wc.lockers)
	}
	return 0, 0
}

// background runs a command line in its own goroutine; its output comes
// on the channel once it is done.
func background(t *testing.T, s *Server, args ...string) <-chan string {
	ch := make(chan string, 1)
	go func() {
		out, errs, rc := run(t, s, "", args...)
		if rc != 0 {
			out += "error: " + errs
		}
		ch <- out
	}()
	return ch
}

// until polls cond, for a state another goroutine reaches in its own time.
func until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for range 2000 {
		if cond() {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("never: %s", what)
}

func TestWaitForBlocksWithoutTheLock(t *testing.T) {
	s := started(t)
	done := background(t, s, "wait-for", "c", ";", "display", "-p", "woke")
	until(t, "a waiter on c", func() bool { w, _ := waiters(s, "c"); return w == 1 })
	// The server serves others meanwhile.
	if got := mustRun(t, s, "display", "-p", "free"); got != "free\n" {
		t.Fatalf("display: %q", got)
	}
	select {
	case out := <-done:
		t.Fatalf("wait-for returned before the signal: %q", out)
	default:
	}
	mustRun(t, s, "wait-for", "-S", "c")
	if out := <-done; out != "woke\n" {
		t.Errorf("after the signal: %q", out)
	}
	// The signal found a waiter, so it is not kept for the next one.
	if _, ok := s.st.channels["c"]; ok && s.st.channels["c"].woken {
		t.Error("a signal that woke a waiter was kept")
	}
}

func TestWaitForLockPassesInOrder(t *testing.T) {
	s := started(t)
	mustRun(t, s, "wait-for", "-L", "l")
	first := background(t, s, "wait-for", "-L", "l", ";", "display", "-p", "first")
	until(t, "one locker", func() bool { _, l := waiters(s, "l"); return l == 1 })
	second := background(t, s, "wait-for", "-L", "l", ";", "display", "-p", "second")
	until(t, "two lockers", func() bool { _, l := waiters(s, "l"); return l == 2 })
	mustRun(t, s, "wait-for", "-U", "l")
	if out := <-first; out != "first\n" {
		t.Errorf("first locker: %q", out)
	}
	if _, l := waiters(s, "l"); l != 1 {
		t.Errorf("after one unlock, %d lockers wait; want 1", l)
	}
	mustRun(t, s, "wait-for", "-U", "l")
	if out := <-second; out != "second\n" {
		t.Errorf("second locker: %q", out)
	}
	mustRun(t, s, "wait-for", "-U", "l")
	mustFail(t, s, "channel l not locked", "wait-for", "-U", "l")
}

func TestWaitForEndsWithTheServer(t *testing.T) {
	s := started(t)
	waiter := background(t, s, "wait-for", "c", ";", "display", "-p", "went on")
	locker := background(t, s, "wait-for", "-L", "l", ";", "wait-for", "-L", "l")
	until(t, "a waiter and a locker", func() bool {
		w, _ := waiters(s, "c")
		_, l := waiters(s, "l")
		return w == 1 && l == 1
	})
	mustRun(t, s, "kill-server")
	if out := <-waiter; out != "went on\n" {
		t.Errorf("waiter: %q", out)
	}
	if out := <-locker; out != "" {
		t.Errorf("locker: %q", out)
	}
	<-s.Done()

	// A crash ends a waiter as a server that went away.
	s = started(t)
	waiter = background(t, s, "wait-for", "c")
	until(t, "a waiter", func() bool { w, _ := waiters(s, "c"); return w == 1 })
	s.Crash()
	if out := <-waiter; out != "error: server exited unexpectedly\n" {
		t.Errorf("after a crash: %q", out)
	}
}

func TestWaitForGivesUpWithItsContext(t *testing.T) {
	s := started(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() { done <- s.Exec(ctx, Call{Args: []string{"wait-for", "-L", "l", ";", "wait-for", "-L", "l"}}) }()
	until(t, "a locker", func() bool { _, l := waiters(s, "l"); return l == 1 })
	cancel()
	if rc := <-done; rc != 1 {
		t.Errorf("exit %d; want 1", rc)
	}
	// As in tmux, whose waiting item stays until the channel wakes it
	// (the "wait-for" differential case).
	if _, l := waiters(s, "l"); l != 1 {
		t.Errorf("%d lockers left behind; want the one that gave up, as tmux keeps it", l)
	}
}

func TestWaitForNeedsAClient(t *testing.T) {
	s := RunT(t)
	startWith(t, s, [][]string{{"wait-for", "c"}, {"set-buffer", "-b", "after", "ran"}}, "new-session", "-d", "-s", "main", "cat")
	if got := mustRun(t, s, "show-buffer", "-b", "after", ";", "display", "-p", " #{pane_in_mode}"); got != "ran 1\n" {
		t.Errorf("a configuration's wait-for: %q; want it to fail and the next line to run", got)
	}
}

func TestIfShellInsertsAfterItself(t *testing.T) {
	s := started(t)
	out, errs, rc := run(t, s, "", "if", "true", "display -p a ; has -t nope ; display -p skipped", ";", "display", "-p", "b")
	if out != "a\nb\n" || errs != "can't find session: nope\n" || rc != 1 {
		t.Errorf("got %q %q %d", out, errs, rc)
	}
	// -F: a parse error fails if-shell itself, so the line stops.
	out, errs, rc = run(t, s, "", "if", "-F", "1", "bogus", ";", "display", "-p", "b")
	if out != "" || errs != "unknown command: bogus\n" || rc != 1 {
		t.Errorf("-F: got %q %q %d", out, errs, rc)
	}
	if got := mustRun(t, s, "if", "-F", "#{==:#{session_name},main}", "display -p yes", "display -p no"); got != "yes\n" {
		t.Errorf("-F with a format: %q", got)
	}
}

func TestIfShellInBackgroundKeepsTheServer(t *testing.T) {
	s := started(t)
	// The server exits once the job is done (it would hang here if not).
	mustRun(t, s, "if", "-b", "true", "set-buffer -b bg ran", ";", "kill-server")
	<-s.Done()
	s = started(t)
	mustRun(t, s, "if", "-b", "true", "set-buffer -b bg ran")
	until(t, "the background commands", func() bool {
		out, _, rc := run(t, s, "", "show-buffer", "-b", "bg")
		return rc == 0 && out == "ran"
	})
	s.mu.Lock()
	pending := s.st.pendingJobs
	s.mu.Unlock()
	if pending != 0 {
		t.Errorf("%d jobs pending after they ran", pending)
	}
}

func TestRunShellStatusAndViewMode(t *testing.T) {
	s := started(t)
	_, _, rc := run(t, s, "", "run", "exit 3")
	if rc != 3 {
		t.Errorf("exit 3: status %d", rc)
	}
	if got := mustRun(t, s, "display", "-p", "#{pane_in_mode}"); got != "1\n" {
		t.Errorf("a failing job's message is not in view mode: %q", got)
	}
	mustRun(t, s, "send-keys", "q")
	if _, _, rc := run(t, s, "", "run", "kill -TERM $$"); rc != 128+15 {
		t.Errorf("a job killed by SIGTERM: status %d", rc)
	}
	mustRun(t, s, "send-keys", "q")
	mustRun(t, s, "run", "true")
	if got := mustRun(t, s, "display", "-p", "#{pane_in_mode}"); got != "0\n" {
		t.Errorf("a quiet job put the pane in view mode: %q", got)
	}
	mustFail(t, s, "invalid delay time: 1s", "run", "-d", "1s", "true")
	for _, d := range []string{"", " 0", "0.0", "-1", "1e-9"} {
		if _, ok := parseDelay(d); !ok {
			t.Errorf("parseDelay(%q) refused", d)
		}
	}
}

func TestRunShellJobEndsWithTheServer(t *testing.T) {
	s := started(t)
	mustRun(t, s, "run", "-b", "sleep 1000")
	var j *job
	until(t, "the job", func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		if len(s.st.jobs) > 0 {
			j = s.st.jobs[0]
		}
		return j != nil
	})
	mustRun(t, s, "kill-server")
	<-s.Done()
	// The job was told to end.
	until(t, "the job's end", func() bool { return j.cmd.Process.Signal(syscall.Signal(0)) != nil })
}

func TestSourceFile(t *testing.T) {
	s := started(t)
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("a.conf", "set-buffer -b a 1 ; set -g -u bogus ; set-buffer -b skipped 1\nset-buffer -b b 2\n")
	write("bad.conf", "set-buffer -b x 1\nnope\n")
	out, errs, rc := run(t, s, "", "source", "-v", filepath.Join(dir, "*.conf"))
	wantOut := dir + "/a.conf:1: set-buffer -b a 1 ; set-option -gu bogus ; set-buffer -b skipped 1\n" +
		dir + "/a.conf:2: set-buffer -b b 2\n" +
		dir + "/bad.conf:1: set-buffer -b x 1\n" +
		dir + "/bad.conf:2: unknown command: nope\n"
	if out != wantOut || rc != 1 || errs == "" {
		t.Errorf("got %q %q %d\nwant stdout %q", out, errs, rc, wantOut)
	}
	if got := mustRun(t, s, "list-buffers", "-F", "#{buffer_name}"); got != "b\na\n" {
		t.Errorf("buffers: %q", got)
	}
	// A file that does not parse runs none of its lines.
	if _, _, rc := run(t, s, "", "show-buffer", "-b", "x"); rc == 0 {
		t.Error("bad.conf ran a line")
	}
}

func TestPrintCommand(t *testing.T) {
	for _, tc := range []struct {
		argv []string
		want string
	}{
		{[]string{"display", "-p", "a b"}, `display-message -p "a b"`},
		{[]string{"set", "-t", "x", "-gq", "-F", "@v", "1"}, "set-option -Fgq -t x @v 1"},
		{[]string{"neww", "-d", "-n", "w", ";", "selectw", "-t", ":1"}, "new-window -d -n w ; select-window -t :1"},
	} {
		cmds, err := parseCommands(tc.argv, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := printCommands(cmds, " ; "); got != tc.want {
			t.Errorf("%q: %q; want %q", tc.argv, got, tc.want)
		}
	}
}

func TestListCommands(t *testing.T) {
	s := started(t)
	all := mustRun(t, s, "list-commands", "-F", "#{command_list_name}")
	if n := len(strings.Split(strings.TrimSuffix(all, "\n"), "\n")); n != len(cmdTable()) {
		t.Errorf("%d commands listed; the table has %d", n, len(cmdTable()))
	}
	if got := mustRun(t, s, "lscm", "run"); got != "run-shell (run) [-bC] [-d delay] [-t target-pane] [shell-command]\n" {
		t.Errorf("by alias: %q", got)
	}
	if got := mustRun(t, s, "lscm", "lock-server"); got != "lock-server (lock) \n" {
		t.Errorf("no usage: %q", got)
	}
	if got := mustRun(t, s, "lscm", "run-"); got != "" {
		t.Errorf("a prefix listed %q", got)
	}
}

func TestPromptHistories(t *testing.T) {
	s := started(t)
	if got := mustRun(t, s, "showphist", "-T", "search"); got != "History for search:\n\n\n" {
		t.Errorf("one type: %q", got)
	}
	if got := mustRun(t, s, "showphist"); strings.Count(got, "History for ") != len(promptTypes) {
		t.Errorf("all types: %q", got)
	}
	mustFail(t, s, "invalid type: x", "clearphist", "-T", "x")
	mustFail(t, s, "invalid type: x", "showphist", "-T", "x")
}

// fileHas waits until the file holds want.
func fileHas(t *testing.T, name, want string) {
	t.Helper()
	until(t, name+" holding "+want, func() bool {
		b, _ := os.ReadFile(name)
		return strings.Contains(string(b), want)
	})
}

func TestPipePaneStopsFeedingOnceClosed(t *testing.T) {
	s := started(t)
	out := filepath.Join(t.TempDir(), "out")
	mustRun(t, s, "pipe-pane", "cat > "+out+"; echo closed >> "+out)
	mustRun(t, s, "send-keys", "one", "Enter")
	fileHas(t, out, "one\r\none\r\n")
	mustRun(t, s, "pipe-pane")
	// The command saw the end of its input: it has gone, so nothing
	// the pane writes afterwards can reach the file.
	fileHas(t, out, "closed\n")
	mustRun(t, s, "send-keys", "two", "Enter")
	until(t, "two on the screen", func() bool {
		return strings.Contains(mustRun(t, s, "capture-pane", "-p"), "two\ntwo")
	})
	if b, _ := os.ReadFile(out); string(b) != "one\r\none\r\nclosed\n" {
		t.Fatalf("pipe got %q", b)
	}
	if got := mustRun(t, s, "display", "-p", "#{pane_pipe}"); got != "0\n" {
		t.Fatalf("pane_pipe after closing: %q", got)
	}
}

func TestPipePaneClosedWithTheServer(t *testing.T) {
	s := started(t)
	out := filepath.Join(t.TempDir(), "out")
	mustRun(t, s, "pipe-pane", "-o", "cat > /dev/null; echo end > "+out)
	mustRun(t, s, "kill-server")
	fileHas(t, out, "end\n")
}

func TestPipePaneInputIsPaneInput(t *testing.T) {
	s := started(t)
	mustRun(t, s, "pipe-pane", "-I", "printf 'abc\\n'")
	until(t, "the pipe closed", func() bool { return mustRun(t, s, "display", "-p", "#{pane_pipe}") == "0\n" })
	in, _ := s.PaneInput("%0")
	if string(in) != "abc\n" {
		t.Fatalf("pane input %q", in)
	}
}

func TestPipePaneReplacesThePipe(t *testing.T) {
	s := started(t)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	mustRun(t, s, "pipe-pane", "cat > "+a+"; echo a-closed >> "+a)
	// Without -o, a second pipe replaces the first.
	mustRun(t, s, "pipe-pane", "cat > "+b)
	fileHas(t, a, "a-closed\n")
	mustRun(t, s, "send-keys", "x", "Enter")
	fileHas(t, b, "x\r\nx\r\n")
	if got, _ := os.ReadFile(a); string(got) != "a-closed\n" {
		t.Fatalf("the old pipe got %q", got)
	}
}
