package faketmux

import (
	"os"
	"os/exec"
	"sync"
)

// A pane's pipe (pipe-pane): a shell command whose standard input gets
// what the pane's program writes from then on (-O, the default), and
// whose standard output is typed into the pane (-I). tmux keeps one
// socket for both ends and closes the pipe when a write to it fails or,
// with -I, when reading it ends; it never kills the command, which sees
// the end of its input when the pipe is closed. Each pane has at most
// one.
type panePipe struct {
	toChild   *os.File // nil without -O
	fromChild *os.File // nil without -I

	mu      sync.Mutex
	pending [][]byte // pane output not yet written to the command
	more    *sync.Cond
	closed  bool
}

// openPipe starts shellCmd as p's pipe, replacing none: the caller has
// closed the old one. The command runs as tmux's server forks it: /bin/sh
// named sh, in the server's own directory and environment, standard error
// thrown away.
func (c *client) openPipe(p *paneState, shellCmd string, in, out bool) error {
	st := c.st
	cmd := exec.Command("/bin/sh", "-c", shellCmd)
	cmd.Args[0] = "sh"
	cmd.Dir, cmd.Env = st.procDir, st.procEnv
	pp := &panePipe{}
	pp.more = sync.NewCond(&pp.mu)
	var childEnds []*os.File
	if out {
		r, w, err := os.Pipe()
		if err != nil {
			return err
		}
		cmd.Stdin, pp.toChild = r, w
		childEnds = append(childEnds, r)
	}
	if in {
		r, w, err := os.Pipe()
		if err != nil {
			pp.closeFiles()
			return err
		}
		cmd.Stdout, pp.fromChild = w, r
		childEnds = append(childEnds, w)
	}
	err := cmd.Start()
	for _, f := range childEnds {
		f.Close()
	}
	if err != nil {
		pp.closeFiles()
		return err
	}
	go cmd.Wait() // reaps it; nothing waits for the command
	st.outMu.Lock()
	if st.pipes == nil {
		st.pipes = map[int]*panePipe{}
	}
	st.pipes[p.id] = pp
	st.outMu.Unlock()
	if out {
		go c.s.feedPipe(st, p, pp)
	}
	if in {
		go c.s.drainPipe(st, p, pp)
	}
	return nil
}

func (pp *panePipe) closeFiles() {
	for _, f := range []*os.File{pp.toChild, pp.fromChild} {
		if f != nil {
			f.Close()
		}
	}
}

// feedPipe writes the pane's output to the command as it comes, until
// the pipe is closed or a write fails, which closes it.
func (s *Server) feedPipe(st *state, p *paneState, pp *panePipe) {
	for {
		pp.mu.Lock()
		for len(pp.pending) == 0 && !pp.closed {
			pp.more.Wait()
		}
		if pp.closed {
			pp.mu.Unlock()
			return
		}
		data := pp.pending[0]
		pp.pending = pp.pending[1:]
		pp.mu.Unlock()
		if _, err := pp.toChild.Write(data); err != nil {
			s.pipeEnded(st, p, pp)
			return
		}
	}
}

// drainPipe types what the command writes into the pane, until it stops
// writing, which closes the pipe.
func (s *Server) drainPipe(st *state, p *paneState, pp *panePipe) {
	buf := make([]byte, 32<<10)
	for {
		n, err := pp.fromChild.Read(buf)
		if n > 0 {
			s.mu.Lock()
			current := s.st == st && st.pipeOf(p) == pp
			prog := p.prog
			s.mu.Unlock()
			if !current {
				return
			}
			prog.Write(append([]byte(nil), buf[:n]...))
		}
		if err != nil {
			s.pipeEnded(st, p, pp)
			return
		}
	}
}

// pipeEnded closes p's pipe pp after a failed write or the end of its
// output, unless it was closed or replaced meanwhile.
func (s *Server) pipeEnded(st *state, p *paneState, pp *panePipe) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st.pipeOf(p) == pp {
		st.closePipe(p)
	}
}

// pipeOf is p's open pipe, or nil.
func (st *state) pipeOf(p *paneState) *panePipe {
	st.outMu.Lock()
	defer st.outMu.Unlock()
	return st.pipes[p.id]
}

// closePipe closes p's pipe, if it has one; what the pane wrote that the
// command has not taken is lost, as in tmux.
func (st *state) closePipe(p *paneState) {
	st.outMu.Lock()
	pp := st.pipes[p.id]
	delete(st.pipes, p.id)
	st.outMu.Unlock()
	if pp == nil {
		return
	}
	pp.mu.Lock()
	pp.closed, pp.pending = true, nil
	pp.more.Broadcast()
	pp.mu.Unlock()
	pp.closeFiles()
}

// closePipes closes every pane's pipe: the server is going away.
func (st *state) closePipes() {
	for _, p := range st.panes {
		st.closePipe(p)
	}
}

// pipeOutput hands a chunk of pane output to the pane's pipe, if it has
// one that takes it. st.outMu is held.
func (st *state) pipeOutput(pane int, data []byte) {
	pp := st.pipes[pane]
	if pp == nil || pp.toChild == nil {
		return
	}
	pp.mu.Lock()
	if !pp.closed {
		pp.pending = append(pp.pending, data)
		pp.more.Signal()
	}
	pp.mu.Unlock()
}

// forgetPane takes a pane out of the server: its program ends, what its
// screen held counts as freed, and its pipe is closed.
func (st *state) forgetPane(p *paneState) {
	delete(st.panes, p.id)
	st.freed += p.prog.HistoryBytes()
	p.prog.Close()
	st.closePipe(p)
}
