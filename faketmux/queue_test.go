package faketmux

import (
	"context"
	"io"
	"strings"
	"testing"
)

// heldInput is a client's standard input that gives nothing until it is
// released, and says when its reader has started to wait for it.
type heldInput struct {
	reading chan struct{}
	release chan struct{}
	data    *strings.Reader
}

func newHeldInput(data string) *heldInput {
	return &heldInput{reading: make(chan struct{}), release: make(chan struct{}), data: strings.NewReader(data)}
}

func (h *heldInput) Read(p []byte) (int, error) {
	select {
	case <-h.reading:
	default:
		close(h.reading)
	}
	<-h.release
	return h.data.Read(p)
}

// A command that waits (load-buffer - for its client's input) lets the
// server's lock go: another client's list-buffers on the same server is
// answered while the input is held, and the load finishes once it comes.
// Were the lock held, list-buffers would never return.
func TestWaitingCommandLetsOtherClientsRun(t *testing.T) {
	s := started(t)
	mustRun(t, s, "set-buffer", "-b", "before", "x")
	in := newHeldInput("late input")
	loaded := make(chan int)
	go func() {
		loaded <- s.Run(context.Background(), []string{"load-buffer", "-b", "waited", "-"}, in, io.Discard, io.Discard)
	}()
	<-in.reading
	if got := mustRun(t, s, "list-buffers", "-F", "#{buffer_name}"); got != "before\n" {
		t.Errorf("list-buffers while the load waits: %q, want %q", got, "before\n")
	}
	close(in.release)
	if rc := <-loaded; rc != 0 {
		t.Fatalf("load-buffer: exit %d", rc)
	}
	if got := mustRun(t, s, "show-buffer", "-b", "waited"); got != "late input" {
		t.Errorf("the waited-for load gave %q", got)
	}
}

// A server that goes away while a command waits fails that command as
// tmux's client sees a server that exited, and the rest of its line does
// not run.
func TestWaitingCommandOutlivedByServer(t *testing.T) {
	s := started(t)
	in := newHeldInput("never stored")
	type result struct {
		stderr string
		rc     int
	}
	done := make(chan result)
	go func() {
		var errb strings.Builder
		rc := s.Run(context.Background(), []string{"load-buffer", "-b", "lost", "-", ";", "set-buffer", "-b", "after", "x"}, in, io.Discard, &errb)
		done <- result{errb.String(), rc}
	}()
	<-in.reading
	s.Crash()
	close(in.release)
	if got := <-done; got.rc != 1 || got.stderr != errServerExited+"\n" {
		t.Errorf("load-buffer across a crash: exit %d, stderr %q; want 1, %q", got.rc, got.stderr, errServerExited+"\n")
	}
}
