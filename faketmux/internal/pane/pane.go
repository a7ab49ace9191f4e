// Package pane runs a program in a pseudo-terminal and keeps its screen, as
// a tmux pane does: bytes written to the pane reach the program exactly as
// tmux writes pastes and keys, and Lines renders the history and the visible
// screen as `tmux capture-pane -p` prints them.
//
// The screen is the package's own (Screen), kept as tmux's grid keeps a
// pane's: README.md in this directory says why.
package pane

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"
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
	// Arg0, when set, is the argv[0] the program sees instead of Argv[0],
	// as tmux gives a shell its base name, or "-" and it for a login
	// shell.
	Arg0 string
	// Dir is the working directory; empty means the caller's.
	Dir string
	// Env is the program's whole environment, as for exec.Cmd (nil means
	// the caller's). The caller sets TERM, TMUX, TMUX_PANE, TERM_PROGRAM
	// and TERM_PROGRAM_VERSION as tmux would; the pane adds nothing.
	Env []string
	// Cols and Rows size the terminal; zero means 80x24.
	Cols, Rows int
	// HistoryLimit is how many lines scrolled off the top are kept, as
	// tmux's history-limit read when the pane is made; zero keeps none.
	HistoryLimit int
	// Keep, when set, is the pane (or screen) whose screen this one takes
	// over, reset for a new program as tmux resets a respawned pane's: its
	// history stays as it was, and HistoryLimit is its own.
	Keep Keeper
	// Settings are the pane's options that change how its output is
	// drawn, as they are when it starts; Screen.Apply changes them.
	Settings Settings
	// Output, if set, gets each chunk of the program's output once the
	// screen has taken it in, as tmux hands a pane's output to its
	// control clients. It must not block; the chunk is its own.
	Output func([]byte)
	// NoReflow keeps a resize from rewrapping the lines: they are cut
	// or padded, as tmux resizes a popup's screen.
	NoReflow bool
}

// Pane is one program in a pseudo-terminal and the screen it draws.
// Its methods are safe for concurrent use.
type Pane struct {
	// Screen is what the program drew; Display draws on it as the
	// program's output does.
	*Screen

	cmd *exec.Cmd
	// ptm is the master side, non-blocking so that Close and the exit
	// check can interrupt a read that would otherwise wait forever.
	ptm *os.File
	tty string // the terminal's path

	wmu sync.Mutex // orders writes to ptm: input and the screen's replies
	// rmu is held from a read of ptm to the end of what is done with its
	// bytes, so that the reader and Sync take output in order.
	rmu sync.Mutex

	output   func([]byte) // Options.Output
	noReflow bool         // Options.NoReflow

	mu      sync.Mutex
	input   []byte
	reaped  bool
	drained bool
	closed  bool // Close has closed the terminal

	exited     chan struct{} // closed once reaped and drained
	exitOnce   sync.Once
	reapedCh   chan struct{} // closed once Wait returned
	readerDone chan struct{}
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
	if o.Arg0 != "" {
		cmd.Args[0] = o.Arg0
	}
	cmd.Dir = o.Dir
	cmd.Env = o.Env
	// pty.StartWithSize makes the program a session leader with the pty as
	// its controlling terminal, as tmux's fork does.
	blocking, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: uint16(cols), Rows: uint16(rows)})
	if err != nil {
		return nil, err
	}
	// pty gave the program the terminal as its standard input.
	tty := cmd.Stdin.(*os.File).Name()
	ptm, err := pollable(blocking)
	if err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil, err
	}
	p := newPane(cols, rows, o)
	p.cmd, p.ptm, p.tty = cmd, ptm, tty
	go p.read()
	go p.wait()
	return p, nil
}

// StartEmpty makes a pane with no program, as tmux's split-window makes
// one for -I or an empty command: nothing runs in it, it never exits, keys
// written to it go nowhere, and Display draws on it.
func StartEmpty(o Options) *Pane {
	cols, rows := o.Cols, o.Rows
	if cols <= 0 {
		cols = defaultCols
	}
	if rows <= 0 {
		rows = defaultRows
	}
	p := newPane(cols, rows, o)
	// tmux's MODE_CRLF: what is drawn on an empty pane starts each line
	// at its first column.
	p.mode |= modeCRLF
	return p
}

func newPane(cols, rows int, o Options) *Pane {
	p := &Pane{
		output:     o.Output,
		noReflow:   o.NoReflow,
		exited:     make(chan struct{}),
		reapedCh:   make(chan struct{}),
		readerDone: make(chan struct{}),
	}
	if o.Keep != nil {
		p.Screen = o.Keep.screen()
		p.reinit(cols, rows)
	} else {
		p.Screen = NewScreen(cols, rows, o.HistoryLimit)
	}
	p.Apply(o.Settings)
	return p
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

// readSize is how much of the program's output one read takes; the
// terminal holds no more than a few kB anyway.
const readSize = 4096

// readBufs are the readers' buffers, taken only while output is there: a
// pane whose program is quiet holds none, and its reader's stack stays
// small.
var readBufs = sync.Pool{New: func() any { return new([readSize]byte) }}

// read feeds the program's output to the screen until the pty closes. It
// is the only reader of the master, so only it can tell that everything the
// program wrote before exiting has been taken in.
func (p *Pane) read() {
	defer close(p.readerDone)
	rc, err := p.ptm.SyscallConn()
	if err != nil {
		p.markDrained()
		return
	}
	for {
		var buf *[readSize]byte
		var n int
		var rerr error
		// The read itself is done here, on the descriptor, so that no
		// buffer is held while the poller waits for output. rmu is held
		// from the read that finds bytes to the end of their handling.
		err := rc.Read(func(fd uintptr) bool {
			p.rmu.Lock()
			b := readBufs.Get().(*[readSize]byte)
			n, rerr = readOnce(int(fd), b[:])
			if rerr == syscall.EAGAIN {
				readBufs.Put(b)
				p.rmu.Unlock()
				return false
			}
			buf = b
			return true
		})
		if buf != nil {
			if n > 0 {
				p.take(buf[:n])
				p.mu.Lock()
				reaped := p.reaped
				p.mu.Unlock()
				if reaped {
					_ = p.ptm.SetReadDeadline(time.Now().Add(drainQuiet))
				}
			}
			readBufs.Put(buf)
			p.rmu.Unlock()
		}
		switch {
		case err == nil && n > 0:
		case errors.Is(err, os.ErrDeadlineExceeded):
			// The program is reaped and the terminal has been quiet for
			// drainQuiet: what it wrote before exiting is on screen.
			_ = p.ptm.SetReadDeadline(time.Time{})
			p.markDrained()
		default:
			// EIO (or the end of file) once no process holds the
			// terminal, or the master closed.
			p.markDrained()
			return
		}
	}
}

// readOnce is one read(2), retried when a signal interrupts it.
func readOnce(fd int, b []byte) (int, error) {
	for {
		n, err := syscall.Read(fd, b)
		if err != syscall.EINTR {
			return n, err
		}
	}
}

// take draws output on the screen, answers what it asked, and hands it
// on. rmu is held.
func (p *Pane) take(b []byte) {
	p.Display(b)
	if r := p.takeReplies(); r != nil {
		p.wmu.Lock()
		_, _ = p.ptm.Write(r)
		p.wmu.Unlock()
	}
	if p.output != nil {
		p.output(bytes.Clone(b))
	}
}

// Rehome hands the pane to a new owner, as tmux moves a popup's job into
// a pane: what the program writes goes to output from now on, and a
// resize rewraps the lines. The caller orders it with Resize.
func (p *Pane) Rehome(output func([]byte)) {
	p.rmu.Lock()
	p.output = output
	p.rmu.Unlock()
	p.noReflow = false
}

// Sync takes in the output the program has written that the reader has
// not yet: what is in the terminal now, read without waiting. tmux's
// event loop reads a pane's output as it comes, before it answers a
// client that connects later; the reader is a goroutine that the
// scheduler may run only after such a client's command, so the server
// calls Sync before it runs one. The end of the terminal is left for the
// reader to find.
func (p *Pane) Sync() {
	if p.ptm == nil {
		return
	}
	rc, err := p.ptm.SyscallConn()
	if err != nil {
		return
	}
	p.rmu.Lock()
	defer p.rmu.Unlock()
	buf := readBufs.Get().(*[readSize]byte)
	defer readBufs.Put(buf)
	_ = rc.Control(func(fd uintptr) {
		for {
			n, err := readOnce(int(fd), buf[:])
			if n <= 0 || err != nil {
				return
			}
			p.take(buf[:n])
		}
	})
}

// drainQuiet is how long the terminal must stay quiet after the program is
// reaped, when a background process still holds it open so that no end of
// file comes, before its output counts as complete. The kernel moves a
// program's last writes to the master side in a worker of its own, so bytes
// may still be on their way after the exit; FIONREAD cannot see them.
const drainQuiet = 200 * time.Millisecond

func (p *Pane) wait() {
	waitExit(p.cmd.Process.Pid)
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

// waitExit returns once the process pid, a child, has exited, and leaves
// it to be reaped. It parks on the runtime's poller, since a pidfd becomes
// readable when its process ends, where cmd.Wait's waitid would block an
// OS thread, with 48 kB of the runtime's stacks, for every pane. Where
// pidfds are not to be had it returns at once, and cmd.Wait blocks.
func waitExit(pid int) {
	fd, err := unix.PidfdOpen(pid, unix.PIDFD_NONBLOCK)
	if err != nil {
		return
	}
	f := os.NewFile(uintptr(fd), "pidfd")
	defer f.Close()
	rc, err := f.SyscallConn()
	if err != nil {
		return
	}
	_ = rc.Read(func(fd uintptr) bool {
		var info unix.Siginfo
		err := unix.Waitid(unix.P_PIDFD, int(fd), &info, unix.WEXITED|unix.WNOHANG|unix.WNOWAIT, nil)
		return err != nil || info.Signo != 0
	})
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
	if p.ptm == nil {
		return nil
	}
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

// ExitStatus is how the program ended once Exited is closed: its exit
// status, or -1 and the signal that killed it.
func (p *Pane) ExitStatus() (status, signal int) {
	if p.cmd == nil {
		return 0, 0
	}
	ws := p.cmd.ProcessState.Sys().(syscall.WaitStatus)
	if ws.Signaled() {
		return -1, int(ws.Signal())
	}
	return ws.ExitStatus(), 0
}

// TTY is the path of the terminal the program runs in (tmux's pane_tty).
func (p *Pane) TTY() string { return p.tty }

// PID returns the program's process id.
func (p *Pane) PID() int {
	if p.cmd == nil {
		return 0
	}
	return p.cmd.Process.Pid
}

// Foreground is the terminal's foreground process group (tcgetpgrp on the
// master) and its session leader, which tmux reads a pane's current
// command and directory from; ok is false once the terminal is closed or
// for a pane with no program.
func (p *Pane) Foreground() (pgrp, sid int, ok bool) {
	p.mu.Lock()
	closed := p.closed
	p.mu.Unlock()
	if p.ptm == nil || closed {
		return 0, 0, false
	}
	var g, s int32
	if p.ioctl(syscall.TIOCGPGRP, unsafe.Pointer(&g)) != nil {
		return 0, 0, false
	}
	if p.ioctl(syscall.TIOCGSID, unsafe.Pointer(&s)) != nil {
		s = -1
	}
	return int(g), int(s), true
}

// Resize changes the terminal size, which also sends the program SIGWINCH.
func (p *Pane) Resize(cols, rows int) error {
	if cols <= 0 || rows <= 0 {
		return errors.New("pane: size must be positive")
	}
	ws := pty.Winsize{Cols: uint16(cols), Rows: uint16(rows)}
	// The screen changes size whether or not a program still holds the
	// terminal, as a dead tmux pane's does.
	if p.noReflow {
		p.Screen.resizeCut(cols, rows)
	} else {
		p.Screen.Resize(cols, rows)
	}
	p.mu.Lock()
	closed := p.closed
	p.mu.Unlock()
	if p.ptm == nil || closed {
		return nil
	}
	return p.ioctl(syscall.TIOCSWINSZ, unsafe.Pointer(&ws))
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
		if p.ptm == nil {
			return
		}
		p.mu.Lock()
		p.closed = true
		p.mu.Unlock()
		_ = p.ptm.Close()
		select {
		case <-p.reapedCh:
		case <-time.After(killGrace):
			_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
			_ = p.cmd.Process.Kill()
			<-p.reapedCh
		}
		<-p.readerDone
	})
	return nil
}
