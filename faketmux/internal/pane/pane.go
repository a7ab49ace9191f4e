// Package pane runs a program in a pseudo-terminal and keeps its screen, as
// a tmux pane does: bytes written to the pane reach the program exactly as
// tmux writes pastes and keys, and Capture renders the visible screen as
// `tmux capture-pane -p` prints it.
//
// The screen is kept by github.com/charmbracelet/x/vt; README.md in this
// directory says why that library was chosen over the alternatives.
package pane

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
	"github.com/creack/pty"
)

// tmux sizes a detached session's first pane 80x24 unless told otherwise.
const defaultCols, defaultRows = 80, 24

// killGrace is how long Close lets a program react to the hang-up before it
// kills it. tmux itself never kills; the emulator cannot leave strays.
const killGrace = time.Second

// Options describe the program a pane runs and the size of its terminal.
type Options struct {
	// Argv is the program and its arguments; Argv[0] is looked up in PATH.
	// tmux runs a command given as one string through `$SHELL -c`; that
	// choice is the caller's.
	Argv []string
	// Dir is the working directory; empty means the caller's.
	Dir string
	// Env is the program's whole environment, as for exec.Cmd (nil means
	// the caller's). The caller sets TERM, TMUX, TMUX_PANE, TERM_PROGRAM
	// and TERM_PROGRAM_VERSION as tmux would; the pane adds nothing.
	Env []string
	// Cols and Rows size the terminal; zero means 80x24.
	Cols, Rows int
}

// Pane is one program in a pseudo-terminal and the screen it draws.
// Its methods are safe for concurrent use.
type Pane struct {
	cmd *exec.Cmd
	// ptm is the master side, non-blocking so that Close and the exit
	// check can interrupt a read that would otherwise wait forever.
	ptm *os.File

	wmu sync.Mutex // orders writes to ptm: input and the emulator's replies

	mu        sync.Mutex
	emu       *vt.Emulator
	input     []byte
	bracketed bool
	reaped    bool
	drained   bool

	exited     chan struct{} // closed once reaped and drained
	exitOnce   sync.Once
	reapedCh   chan struct{} // closed once Wait returned
	readerDone chan struct{}
	replyDone  chan struct{}
	closeOnce  sync.Once
}

// Start runs o.Argv in a new pseudo-terminal and begins reading its output
// into the screen.
func Start(o Options) (*Pane, error) {
	if len(o.Argv) == 0 {
		return nil, errors.New("pane: empty command")
	}
	cols, rows := o.Cols, o.Rows
	if cols <= 0 {
		cols = defaultCols
	}
	if rows <= 0 {
		rows = defaultRows
	}
	cmd := exec.Command(o.Argv[0], o.Argv[1:]...)
	cmd.Dir = o.Dir
	cmd.Env = o.Env
	// pty.StartWithSize makes the program a session leader with the pty as
	// its controlling terminal, as tmux's fork does.
	blocking, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: uint16(cols), Rows: uint16(rows)})
	if err != nil {
		return nil, err
	}
	ptm, err := pollable(blocking)
	if err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil, err
	}
	p := &Pane{
		cmd:        cmd,
		ptm:        ptm,
		emu:        vt.NewEmulator(cols, rows),
		exited:     make(chan struct{}),
		reapedCh:   make(chan struct{}),
		readerDone: make(chan struct{}),
		replyDone:  make(chan struct{}),
	}
	p.emu.SetCallbacks(vt.Callbacks{
		EnableMode: func(m ansi.Mode) {
			if m == ansi.ModeBracketedPaste {
				p.bracketed = true
			}
		},
		DisableMode: func(m ansi.Mode) {
			if m == ansi.ModeBracketedPaste {
				p.bracketed = false
			}
		},
	})
	// x/vt v0.1.0 erases the cursor's whole row for ED 1 (erase above);
	// xterm and tmux stop at the cursor. Other ED forms fall through.
	p.emu.RegisterCsiHandler('J', func(params ansi.Params) bool {
		if n, _, _ := params.Param(0, 0); n != 1 {
			return false
		}
		cur := p.emu.CursorPosition()
		for y := 0; y <= cur.Y; y++ {
			end := p.emu.Width()
			if y == cur.Y {
				end = min(cur.X+1, end)
			}
			for x := range end {
				p.emu.SetCell(x, y, nil)
			}
		}
		return true
	})
	go p.read()
	go p.reply()
	go p.wait()
	return p, nil
}

// pollable swaps pty's blocking master for a non-blocking duplicate that
// the runtime poller manages. pty's own ioctls call Fd, which switches a
// file back to blocking mode, so the duplicate is never handed to them.
func pollable(f *os.File) (*os.File, error) {
	defer f.Close()
	fd, _, errno := syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), syscall.F_DUPFD_CLOEXEC, 0)
	if errno != 0 {
		return nil, errno
	}
	if err := syscall.SetNonblock(int(fd), true); err != nil {
		syscall.Close(int(fd))
		return nil, err
	}
	return os.NewFile(fd, f.Name()), nil
}

// ioctl runs a terminal ioctl on the master without taking it out of
// non-blocking mode.
func (p *Pane) ioctl(req uintptr, arg unsafe.Pointer) error {
	rc, err := p.ptm.SyscallConn()
	if err != nil {
		return err
	}
	var errno syscall.Errno
	if err := rc.Control(func(fd uintptr) {
		_, _, errno = syscall.Syscall(syscall.SYS_IOCTL, fd, req, uintptr(arg))
	}); err != nil {
		return err
	}
	if errno != 0 {
		return errno
	}
	return nil
}

// read feeds the program's output to the screen until the pty closes. It
// is the only reader of the master, so only it can tell that everything the
// program wrote before exiting has been taken in.
func (p *Pane) read() {
	defer close(p.readerDone)
	buf := make([]byte, 32*1024)
	for {
		n, err := p.ptm.Read(buf)
		if n > 0 {
			p.mu.Lock()
			_, _ = p.emu.Write(buf[:n])
			reaped := p.reaped
			p.mu.Unlock()
			if reaped {
				_ = p.ptm.SetReadDeadline(time.Now().Add(drainQuiet))
			}
		}
		switch {
		case err == nil:
		case errors.Is(err, os.ErrDeadlineExceeded):
			// The program is reaped and the terminal has been quiet for
			// drainQuiet: what it wrote before exiting is on screen.
			_ = p.ptm.SetReadDeadline(time.Time{})
			p.markDrained()
		default:
			// EIO once no process holds the terminal, or ErrClosed.
			p.markDrained()
			return
		}
	}
}

// drainQuiet is how long the terminal must stay quiet after the program is
// reaped, when a background process still holds it open so that no end of
// file comes, before its output counts as complete. The kernel moves a
// program's last writes to the master side in a worker of its own, so bytes
// may still be on their way after the exit; FIONREAD cannot see them.
const drainQuiet = 200 * time.Millisecond

// reply sends the emulator's answers to the program's queries (device
// attributes, cursor position, …) back to it, as tmux answers them.
func (p *Pane) reply() {
	defer close(p.replyDone)
	buf := make([]byte, 4096)
	for {
		n, err := p.emu.Read(buf)
		if n > 0 {
			p.wmu.Lock()
			_, _ = p.ptm.Write(buf[:n])
			p.wmu.Unlock()
		}
		if err != nil {
			return
		}
	}
}

func (p *Pane) wait() {
	_ = p.cmd.Wait()
	p.mu.Lock()
	p.reaped = true
	p.mu.Unlock()
	close(p.reapedCh)
	// A background process may keep the terminal open, so the reader may
	// never see EOF; have it give up once the terminal stays quiet.
	if p.ptm.SetReadDeadline(time.Now().Add(drainQuiet)) != nil {
		p.markDrained()
	}
	p.maybeExited()
}

func (p *Pane) markDrained() {
	p.mu.Lock()
	p.drained = true
	p.mu.Unlock()
	p.maybeExited()
}

func (p *Pane) maybeExited() {
	p.mu.Lock()
	done := p.reaped && p.drained
	p.mu.Unlock()
	if done {
		p.exitOnce.Do(func() { close(p.exited) })
	}
}

// Write sends b to the program through the terminal, as tmux writes a
// paste or send-keys to the pane's pty, and records it for Input.
func (p *Pane) Write(b []byte) error {
	p.mu.Lock()
	p.input = append(p.input, b...)
	p.mu.Unlock()
	p.wmu.Lock()
	defer p.wmu.Unlock()
	_, err := p.ptm.Write(b)
	return err
}

// Input returns a copy of every byte given to Write so far. The emulator's
// replies to the program's queries are not part of it.
func (p *Pane) Input() []byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	return bytes.Clone(p.input)
}

// BracketedPaste reports whether the program has turned bracketed paste
// mode on (ESC[?2004h) and not since turned it off or reset the terminal.
func (p *Pane) BracketedPaste() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.bracketed
}

// Capture returns what `tmux capture-pane -p` prints for the visible
// screen: one line per row, every row included, each ending in "\n", with
// trailing spaces trimmed and no escape sequences. When the program uses
// the alternate screen, that is the screen captured, as in tmux.
func (p *Pane) Capture() []byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []byte
	w, h := p.emu.Width(), p.emu.Height()
	for y := range h {
		start := len(out)
		for x := range w {
			c := p.emu.CellAt(x, y)
			switch {
			case c == nil || c.Width == 0:
				// The second column of a wide character.
			case c.Content == "":
				out = append(out, ' ')
			default:
				out = append(out, c.Content...)
			}
		}
		kept := bytes.TrimRight(out[start:], " ")
		out = append(out[:start+len(kept)], '\n')
	}
	return out
}

// PID returns the program's process id.
func (p *Pane) PID() int { return p.cmd.Process.Pid }

// Resize changes the terminal size, which also sends the program SIGWINCH.
func (p *Pane) Resize(cols, rows int) error {
	if cols <= 0 || rows <= 0 {
		return errors.New("pane: size must be positive")
	}
	ws := pty.Winsize{Cols: uint16(cols), Rows: uint16(rows)}
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.ioctl(syscall.TIOCSWINSZ, unsafe.Pointer(&ws)); err != nil {
		return err
	}
	p.emu.Resize(cols, rows)
	return nil
}

// Exited is closed once the program has exited, been reaped, and all it
// wrote before exiting is on the screen.
func (p *Pane) Exited() <-chan struct{} { return p.exited }

// Close ends the pane as tmux does: it closes the terminal, so the kernel
// hangs up the program (SIGHUP). A program still running a second later is
// killed with its process group. Close reaps it, stops the pane's
// goroutines and is safe to call more than once.
func (p *Pane) Close() error {
	p.closeOnce.Do(func() {
		_ = p.ptm.Close()
		select {
		case <-p.reapedCh:
		case <-time.After(killGrace):
			_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
			_ = p.cmd.Process.Kill()
			<-p.reapedCh
		}
		<-p.readerDone
		// Closing the reply pipe, not the emulator, ends reply: the
		// emulator's Close flips a flag its Read checks without a lock.
		_ = p.emu.InputPipe().(io.Closer).Close()
		<-p.replyDone
	})
	return nil
}
