package server

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"strconv"
	"sync"

	"golang.org/x/sys/unix"
)

// A gated line (permit.go) through a FIFO costs a handshake: tmux opens the
// FIFO in its event loop and then waits, in fread, for this process's
// writer to wake, write the permit and close it. That is two thread
// wake-ups (about 60 µs on the machines measured), with the user's whole
// tmux server blocked meanwhile, and for as long as this process is
// stopped. A permit of one byte needs no writer when tmux comes to read it:
// it waits in an anonymous pipe, written, its write end closed, and tmux
// opens that pipe by its /proc path. Linux opens a pipe by path without
// waiting for a writer, and a reader with no writer left reads what the
// pipe holds and then its end, so tmux never waits for this process.
//
// To withdraw the permit, the call reads the byte back itself. A pipe hands
// a byte to one reader: either tmux has it, and the line is under way, or
// the call has, and tmux reads nothing, whenever it comes. The read end
// stays open until tmux has answered the line (fifo.abort), since a
// descriptor closed before could be reused, by another call's pipe, under
// the path that tmux holds.
//
// tmux must see this process's /proc as it is: a tmux server in another PID
// namespace would open another process's descriptor. So each control
// client asks its tmux server once (preloads) whether a pipe's content comes
// back through its path; with any other answer, the backend uses FIFOs.

// preloadMax is the largest permit a pipe carries: one byte, which one read
// takes whole or not at all, so that tmux can never load part of a permit
// that the call takes back.
const preloadMax = 1

// preloadedPipe is the pipe of a staged permit, read by tmux by its path.
type preloadedPipe struct {
	mu        sync.Mutex
	r         *os.File // its read end; nil once closed
	reclaimed bool     // the call read the permit back: tmux never had it
}

var (
	errPermitEnded = errors.New("the call ended before its command line was sent")
	errPreloadLost = errors.New("control mode: the control client went before the command line was sent, and the next one could not confirm that its tmux server reads this process's pipes; nothing was run; try again")
)

// preloadable reports whether stdin is a permit that a pipe can carry.
func preloadable(stdin io.Reader) bool {
	p, ok := stdin.(*permit)
	return ok && p.Len() > 0 && p.Len() <= preloadMax
}

// preloadPermit stages p in a new pipe (see permit.stage), and returns it as a
// fifo whose path tmux opens.
func preloadPermit(p *permit) (*fifo, error) {
	pp := &preloadedPipe{}
	data, ok := p.stage(pp.takeBack)
	if !ok {
		return nil, errPermitEnded
	}
	return pp.fill(data)
}

// fill puts data in a new pipe, and closes its write end: tmux, opening it
// by the path of the fifo returned, reads data and then the end.
func (pp *preloadedPipe) fill(data []byte) (*fifo, error) {
	r, w, err := os.Pipe()
	if err == nil {
		_, err = w.Write(data) // never blocks: a pipe holds far more
		w.Close()
		if err != nil {
			r.Close()
		}
	}
	pp.mu.Lock()
	defer pp.mu.Unlock()
	if err != nil {
		pp.reclaimed = true // tmux can never read it
		return nil, err
	}
	pp.r = r
	return &fifo{path: procPath(r), preload: pp}, nil
}

// procDir is where this process's descriptors are, for tmux to open; a test
// moves it to see FIFOs taken instead.
var procDir = "/proc/" + strconv.Itoa(os.Getpid()) + "/fd/"

// procPath is the path by which another process of this machine's PID
// namespace opens f.
func procPath(f *os.File) string {
	return procDir + strconv.FormatUint(uint64(f.Fd()), 10)
}

// takeBack reads the permit back unless tmux has read it, and reports
// whether the call has it.
func (pp *preloadedPipe) takeBack() bool {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	if pp.r != nil && !pp.reclaimed {
		// With no writer left, the read never blocks: it returns the
		// byte, or the pipe's end.
		var b [preloadMax]byte
		n, _ := pp.r.Read(b[:])
		pp.reclaimed = n > 0
	}
	return pp.reclaimed
}

// untouched reports whether the pipe still holds its permit: tmux has not
// read it.
func (pp *preloadedPipe) untouched() bool {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	if pp.r == nil {
		return pp.reclaimed
	}
	held, err := unix.IoctlGetInt(int(pp.r.Fd()), unix.TIOCINQ)
	return err == nil && held > 0
}

// close ends the pipe, once tmux can no longer open it; a permit still in
// it is taken back first, so that withdraw, later, knows tmux never had it.
func (pp *preloadedPipe) close() {
	pp.takeBack()
	pp.mu.Lock()
	defer pp.mu.Unlock()
	if pp.r != nil {
		pp.r.Close()
		pp.r = nil
	}
}

// preloads reports whether c's tmux server reads this process's pipes by
// their /proc paths, asking it the first time: a line that loads a probe's
// random content from a pipe and shows it back. An answer that is not the
// content (another /proc, no /proc, a server that may not open it) means
// no. A probe that could not finish (ctx ended, the client went) decides
// nothing. While one call asks, the others go without rather than wait (a
// tmux that does not answer must hold up no more than the call that
// asked), unless they must know: a line already made with a preloaded
// permit, to go to this client in place of one that went.
func (c *controlClient) preloads(ctx context.Context, mustKnow bool) bool {
	c.preloadMu.Lock()
	if asking := c.preloadAsking; asking != nil && mustKnow {
		c.preloadMu.Unlock()
		select {
		case <-asking:
		case <-ctx.Done():
			return false
		}
		c.preloadMu.Lock()
	}
	if c.preloadKnown || c.preloadAsking != nil {
		ok := c.preloadOK
		c.preloadMu.Unlock()
		return ok
	}
	asking := make(chan struct{})
	c.preloadAsking = asking
	c.preloadMu.Unlock()
	ok, known := c.probePreload(ctx)
	c.preloadMu.Lock()
	defer c.preloadMu.Unlock()
	c.preloadAsking = nil
	c.preloadKnown, c.preloadOK = known, ok
	close(asking)
	return ok
}

// probePreload asks tmux whether it reads a pipe by its /proc path, and
// reports the answer, if it came.
func (c *controlClient) probePreload(ctx context.Context) (ok, known bool) {
	nonce := newNonce()
	probe, err := (&preloadedPipe{}).fill([]byte(nonce))
	if err != nil {
		return false, false
	}
	name := "tmuxbuf_probe_" + nonce
	l := &controlLine{
		text:     "load-buffer -b " + name + " " + quoteArg(probe.path) + " ; show-buffer -b " + name + " ; delete-buffer -b " + name,
		commands: 3,
		fifos:    []*fifo{probe, nil, nil},
	}
	var stdout, stderr bytes.Buffer
	code, retry, err := c.run(ctx, l, &stdout, &stderr)
	if retry {
		probe.abort() // never written: no answer will release it
	}
	if err != nil || retry {
		return false, false
	}
	return code == 0 && stdout.String() == nonce+"\n", true
}
