package faketmux

import (
	"context"
	"io"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestFaults(t *testing.T) {
	s := started(t)
	s.InjectFault(2, Fault{Stderr: "boom\n", Exit: 7})
	if got := s.PendingFaults(); got != 2 {
		t.Fatalf("PendingFaults = %d after injecting 2", got)
	}
	for range 2 {
		if _, errs, rc := run(t, s, "", "list-buffers"); rc != 7 || errs != "boom\n" {
			t.Fatalf("fault: %d %q", rc, errs)
		}
	}
	if got := s.PendingFaults(); got != 0 {
		t.Fatalf("PendingFaults = %d after both were met", got)
	}
	mustRun(t, s, "list-buffers")

	s.InjectFault(1, Fault{Delay: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if rc := s.Run(ctx, []string{"list-buffers"}, nil, io.Discard, io.Discard); rc == 0 {
		t.Fatal("a delayed command ignored its cancelled context")
	}

	s.InjectFault(1, Fault{Crash: true})
	if _, errs, rc := run(t, s, "", "list-buffers"); rc != 1 || errs != "server exited unexpectedly\n" {
		t.Fatalf("crash: %d %q", rc, errs)
	}
	<-s.Done()
	if s.Running() {
		t.Fatal("server runs after a crash")
	}
}

// TestStopHoldsLinesUntilContinue: a line sent while the server is
// stopped runs on Continue even if its caller gave up, as tmux runs a
// killed client's command once it resumes; but its standard input is
// gone with its client, so a load from it makes no buffer.
func TestStopHoldsLinesUntilContinue(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "m")
	s.Stop()
	gaveUp, cancel := context.WithCancel(context.Background())
	cancel()
	var errb strings.Builder
	if rc := s.Run(gaveUp, []string{"set-buffer", "-b", "held", "x"}, nil, io.Discard, &errb); rc != 1 || !strings.Contains(errb.String(), "context canceled") {
		t.Errorf("a line given up on while stopped: exit %d, stderr %q", rc, errb.String())
	}
	if rc := s.Run(gaveUp, []string{"load-buffer", "-b", "loaded", "-"}, strings.NewReader("y"), io.Discard, io.Discard); rc != 1 {
		t.Errorf("a load given up on while stopped: exit %d", rc)
	}
	answered := make(chan int)
	go func() {
		answered <- s.Run(context.Background(), []string{"set-buffer", "-b", "waited", "z"}, nil, io.Discard, io.Discard)
	}()
	for s.HeldLines() < 3 {
		runtime.Gosched()
	}
	if got := s.Buffers(); len(got) != 0 {
		t.Fatalf("a stopped server ran lines: buffers %v", got)
	}
	s.Continue()
	if rc := <-answered; rc != 0 {
		t.Errorf("the line waiting through the stop: exit %d", rc)
	}
	var names []string
	for _, b := range s.Buffers() {
		names = append(names, b.Name)
	}
	if want := []string{"waited", "held"}; !slices.Equal(names, want) {
		t.Errorf("after Continue the buffers are %v, want %v (newest first; no buffer from the load whose client went)", names, want)
	}
}

// TestCloseEndsAStoppedServer: Close kills a stopped server as it would a
// running one; its held lines never run, and a caller still waiting hears
// that the server went.
func TestCloseEndsAStoppedServer(t *testing.T) {
	s := New(Options{})
	mustRun(t, s, "new-session", "-d", "-s", "m")
	s.Stop()
	type answer struct {
		rc     int
		stderr string
	}
	answered := make(chan answer)
	go func() {
		var errb strings.Builder
		rc := s.Run(context.Background(), []string{"set-buffer", "-b", "never", "x"}, nil, io.Discard, &errb)
		answered <- answer{rc, errb.String()}
	}()
	for s.HeldLines() < 1 {
		runtime.Gosched()
	}
	s.Close()
	if got, want := <-answered, (answer{1, "server exited unexpectedly\n"}); got != want {
		t.Errorf("a held line when the server closed: %+v, want %+v", got, want)
	}
}

// TestContinueRunsPastAWaitingLine: a held line that waits once it runs
// (wait-for here; a control client that stays attached is another) does
// not keep Continue, or the lines held after it, waiting: tmux's event
// loop runs them while it waits.
func TestContinueRunsPastAWaitingLine(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "m")
	s.Stop()
	waited := make(chan int)
	go func() {
		waited <- s.Run(context.Background(), []string{"wait-for", "signal"}, nil, io.Discard, io.Discard)
	}()
	for s.HeldLines() < 1 {
		runtime.Gosched()
	}
	after := make(chan int)
	go func() {
		after <- s.Run(context.Background(), []string{"set-buffer", "-b", "after", "x"}, nil, io.Discard, io.Discard)
	}()
	for s.HeldLines() < 2 {
		runtime.Gosched()
	}
	s.Continue()
	if rc := <-after; rc != 0 {
		t.Errorf("the line held after a waiting one: exit %d", rc)
	}
	mustRun(t, s, "wait-for", "-S", "signal")
	if rc := <-waited; rc != 0 {
		t.Errorf("the waiting line, once signalled: exit %d", rc)
	}
}
