package faketmux

import (
	"context"
	"fmt"
	"io"
	"time"
)

// Fault is what an injected failure does to one command line, before it is
// parsed.
type Fault struct {
	// Delay holds the command back this long, or until its context is
	// done, whichever comes first; with no other field set the command
	// then runs normally.
	Delay time.Duration
	// Stderr and Exit, when Exit is not zero, replace the command: it
	// prints Stderr (as given, add the newline yourself) and returns Exit.
	Stderr string
	Exit   int
	// Crash kills the server as the command arrives, as if tmux had died:
	// the client prints "server exited unexpectedly", every pane's program
	// is ended, buffers are lost, Done is closed, and later clients find
	// a stale socket.
	Crash bool
}

// InjectFault makes the next n command lines (Run or Exec calls) meet f.
// Faults queue: a later call applies after the earlier ones are used up.
func (s *Server) InjectFault(n int, f Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.faults = append(s.faults, f)
	}
}

// PendingFaults is how many injected faults no command has met yet: a test
// can tell from it that a command it started has reached the server.
func (s *Server) PendingFaults() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.faults)
}

// Crash kills the running server now, as Fault.Crash does.
func (s *Server) Crash() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stop()
}

func (s *Server) nextFault() (Fault, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.faults) == 0 {
		return Fault{}, false
	}
	f := s.faults[0]
	s.faults = s.faults[1:]
	return f, true
}

// applyFault carries out f; done reports that the command line is over,
// with exit status rc.
func (s *Server) applyFault(ctx context.Context, f Fault, stderr io.Writer) (rc int, done bool) {
	if f.Delay > 0 {
		t := time.NewTimer(f.Delay)
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
			fmt.Fprintf(stderr, errContextCancelled+"\n", ctx.Err())
			return 1, true
		}
	}
	if f.Crash {
		s.Crash()
		fmt.Fprintln(stderr, errServerExited)
		return 1, true
	}
	if f.Exit != 0 {
		io.WriteString(stderr, f.Stderr)
		return f.Exit, true
	}
	return 0, false
}
