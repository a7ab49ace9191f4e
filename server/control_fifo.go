package server

import (
	"bytes"
	"io"
	"os"
	"sync"
	"syscall"
)

// fifo carries one command's data between this process and the tmux
// server, which opens it by path while it runs the command: a FIFO that
// this process feeds or drains, or a preloaded permit's pipe.
type fifo struct {
	path    string
	preload *preloadedPipe // for a preloaded permit only (control_preload.go)

	done chan error // the copying goroutine's result
	once sync.Once
	err  error

	mu  sync.Mutex
	end *os.File      // this side's end, once open
	dst *switchWriter // drain only: where the data goes
	// spare, for drain only, is a writer of this side's that keeps the
	// reader from seeing the end of the data before tmux has answered.
	spare *os.File
	// held, for a held drain only, keeps the data until finish writes it
	// to heldFor.
	held    *bytes.Buffer
	heldFor io.Writer
	// moved is set by finish, once the data has moved: abort then has
	// only a drain's read end to close and the path to remove. Only
	// finish's caller reads it.
	moved bool
}

// feed makes a FIFO that tmux will read src from. src must not block, and
// may be read after Run has returned, if tmux is late (see giveUp).
func (d *ControlDialer) feed(src io.Reader) (*fifo, error) {
	path, err := d.fifoPath()
	if err != nil {
		return nil, err
	}
	f := &fifo{path: path, done: make(chan error, 1)}
	go func() {
		// Opening waits for tmux to open the other end, which it does when
		// it runs the command. Writing and closing before that would leave
		// tmux's own open waiting for a writer that has gone.
		w, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			f.done <- err
			return
		}
		f.mu.Lock()
		f.end = w
		f.mu.Unlock()
		_, err = io.Copy(w, src)
		w.Close() // tmux's read ends here
		f.done <- err
	}()
	return f, nil
}

// opened reports whether tmux has opened a feed, or read a preloaded
// permit.
func (f *fifo) opened() bool {
	if f.preload != nil {
		return !f.preload.untouched()
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.end != nil
}

// drain makes a FIFO whose contents, once tmux has written them, go to dst.
// A held drain keeps them until finish: tmux writes a command's FIFO
// before the replies of the commands ahead of it on the line are read, and
// their output must reach dst first.
func (d *ControlDialer) drain(dst io.Writer, held bool) (*fifo, error) {
	path, err := d.fifoPath()
	if err != nil {
		return nil, err
	}
	// A non-blocking open of the read end succeeds at once; with it there,
	// so does the spare writer's, and tmux's open for writing later.
	r, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		os.Remove(path)
		return nil, err
	}
	spare, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		r.Close()
		os.Remove(path)
		return nil, err
	}
	f := &fifo{path: path, done: make(chan error, 1), end: r, spare: spare, dst: &switchWriter{w: dst}}
	if held {
		f.held, f.heldFor = &bytes.Buffer{}, dst
		f.dst.w = f.held
	}
	go func() {
		_, err := io.Copy(f.dst, r)
		f.done <- err
	}()
	return f, nil
}

// switchWriter is a writer whose destination can be swapped: an orphaned
// drain must stop writing to its caller's writer.
type switchWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *switchWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

func (s *switchWriter) set(w io.Writer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.w = w
}

// finish waits for the data to have moved, once tmux has answered.
func (f *fifo) finish() error {
	if f.preload != nil {
		return nil // abort closes it
	}
	if f.spare != nil {
		f.spare.Close() // the reader now sees the end of what tmux wrote
	}
	err := f.wait()
	f.moved = err == nil
	if err != nil || f.held == nil {
		return err
	}
	_, err = f.heldFor.Write(f.held.Bytes())
	return err
}

// abort stops the transfer, whatever state it is in, waits until the
// copying goroutine is done with the caller's reader or writer, and
// removes the FIFO.
func (f *fifo) abort() {
	if f.preload != nil {
		f.preload.close()
		return
	}
	if f.moved {
		// tmux is done with it, and so is the copy, which closed a feed's
		// end; a drain's is still open.
		if f.spare != nil {
			f.end.Close()
		}
		os.Remove(f.path)
		return
	}
	var unblock *os.File
	if f.spare != nil {
		f.spare.Close()
	} else {
		// A feed may wait in open for tmux: a reader of this side's lets it
		// through, and once closed makes its writes fail. Removing the path
		// fails an open not yet begun.
		unblock, _ = os.OpenFile(f.path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	}
	os.Remove(f.path)
	f.mu.Lock()
	if f.end != nil {
		f.end.Close()
	}
	f.mu.Unlock()
	if unblock != nil {
		unblock.Close()
	}
	f.wait()
}

func (f *fifo) wait() error {
	f.once.Do(func() { f.err = <-f.done })
	return f.err
}
