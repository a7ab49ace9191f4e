package faketmux

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
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

// Stop holds every command line from now on, as SIGSTOP holds tmux's
// server, until Continue. A caller whose context ends meanwhile gets its
// answer then, but its command line stays with the server and runs on
// Continue, in the order the lines came: measured on tmux 3.3a, a client
// killed while its server is stopped has already sent its command, which
// the server runs once it resumes. Its client is gone by then, so a read
// of its standard input fails and its output goes nowhere.
func (s *Server) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped == nil {
		s.stopped = &stoppedQueue{cont: make(chan struct{})}
		s.isStopped.Store(true)
	}
}

// Continue runs the command lines held since Stop, in order, those that
// come meanwhile after them, and then lets the server go on, as SIGCONT
// does. As in tmux's event loop, a line that waits (a control client that
// stays attached, wait-for, run-shell) lets the next one run: each is
// started once the one before holds the server.
func (s *Server) Continue() {
	for {
		s.mu.Lock()
		q := s.stopped
		if q == nil {
			s.mu.Unlock()
			return
		}
		q.mu.Lock()
		held := q.held
		q.held = nil
		if len(held) == 0 {
			s.stopped = nil
			s.isStopped.Store(false)
			close(q.cont)
		}
		q.mu.Unlock()
		s.mu.Unlock()
		for _, h := range held {
			go h.run()
			<-h.serving
		}
	}
}

// waitRunning waits, while the server is stopped, until it goes on or ctx
// is done: a control client's input waits there, as it would in its
// socket. s.mu is not held.
func (s *Server) waitRunning(ctx context.Context) {
	s.mu.Lock()
	q := s.stopped
	s.mu.Unlock()
	if q != nil {
		select {
		case <-q.cont:
		case <-ctx.Done():
		}
	}
}

// dropHeld ends a stopped server's held lines without running them, as
// the server dies (Close): each caller still waiting hears that it went.
// s.mu is held.
func (s *Server) dropHeld() {
	q := s.stopped
	if q == nil {
		return
	}
	s.stopped = nil
	s.isStopped.Store(false)
	q.mu.Lock()
	held := q.held
	q.held = nil
	q.mu.Unlock()
	for _, h := range held {
		h.mu.Lock()
		if !h.abandoned {
			io.WriteString(h.call.Stderr, errServerExited+"\n")
		}
		h.mu.Unlock()
		h.rc = 1
		close(h.done)
	}
	close(q.cont)
}

// HeldLines is how many command lines the stopped server holds: a test
// can tell from it that a call it started has reached the server.
func (s *Server) HeldLines() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped == nil {
		return 0
	}
	s.stopped.mu.Lock()
	defer s.stopped.mu.Unlock()
	return len(s.stopped.held)
}

// stoppedQueue is the command lines that came while the server was
// stopped, not yet run. Its lock comes after the server's.
type stoppedQueue struct {
	cont chan struct{} // closed once the server goes on
	mu   sync.Mutex
	held []*heldLine
}

// heldLine is one command line held by Stop.
type heldLine struct {
	mu        sync.Mutex
	abandoned bool // its caller's context ended: nobody waits for it
	call      Call
	exec      func(Call) int
	rc        int
	done      chan struct{}
	serving   chan struct{} // closed once the line holds the server, or is done
}

// run runs the line for its caller, or for nobody.
func (h *heldLine) run() {
	h.mu.Lock()
	call := h.call
	if h.abandoned {
		call.Stdin, call.Stdout, call.Stderr = clientGone{}, io.Discard, io.Discard
	}
	h.mu.Unlock()
	serving := sync.OnceFunc(func() { close(h.serving) })
	call.serving = serving
	h.rc = h.exec(call)
	serving()
	close(h.done)
}

// hold waits, for a server that is stopped, until Continue has run the
// line; it reports false when the server is not stopped. A caller that
// gives up first is told so, and the line stays held.
func (s *Server) hold(ctx context.Context, call Call, exec func(Call) int) (rc int, held bool) {
	if !s.isStopped.Load() {
		return 0, false // a line that races Stop runs, as one sent just before SIGSTOP
	}
	h := &heldLine{call: call, exec: exec, done: make(chan struct{}), serving: make(chan struct{})}
	s.mu.Lock()
	q := s.stopped
	if q != nil {
		q.mu.Lock()
		q.held = append(q.held, h)
		q.mu.Unlock()
	}
	s.mu.Unlock()
	if q == nil {
		return 0, false
	}
	select {
	case <-h.done:
		return h.rc, true
	case <-ctx.Done():
		h.mu.Lock()
		h.abandoned = true
		h.mu.Unlock()
		fmt.Fprintf(call.Stderr, errContextCancelled+"\n", ctx.Err())
		return 1, true
	}
}

// clientGone is the standard input of a client that has gone.
type clientGone struct{}

func (clientGone) Read([]byte) (int, error) { return 0, errors.New("the client has gone") }
