package faketmux

import (
	"context"
	"io"
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
