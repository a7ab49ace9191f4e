package faketmux

import (
	"context"
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
	if _, l := waiters(s, "l"); l != 0 {
		t.Errorf("%d lockers left behind", l)
	}
}

func TestWaitForNeedsAClient(t *testing.T) {
	s := RunT(t)
	startWith(t, s, [][]string{{"wait-for", "c"}, {"set-buffer", "-b", "after", "ran"}}, "new-session", "-d", "-s", "main", "cat")
	if got := mustRun(t, s, "show-buffer", "-b", "after", ";", "display", "-p", " #{pane_in_mode}"); got != "ran 1\n" {
		t.Errorf("a configuration's wait-for: %q; want it to fail and the next line to run", got)
	}
}
