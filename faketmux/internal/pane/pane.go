// Package pane runs a program in a pseudo-terminal and keeps its screen, as
// a tmux pane does: bytes written to the pane reach the program exactly as
// tmux writes pastes and keys, and Lines renders the history and the visible
// screen as `tmux capture-pane -p` prints them.
//
// The screen is kept by github.com/charmbracelet/x/vt; README.md in this
// directory says why that library was chosen over the alternatives.
package pane

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"slices"
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
	// History is the history the pane starts with, oldest line first, as
	// Lines returns it: a respawned tmux pane keeps its history.
	History [][]byte
	// Output, if set, gets each chunk of the program's output once the
	// screen has taken it in, as tmux hands a pane's output to its
	// control clients. It must not block; the chunk is its own.
	Output func([]byte)
}

// Pane is one program in a pseudo-terminal and the screen it draws.
// Its methods are safe for concurrent use.
type Pane struct {
	cmd *exec.Cmd
	// ptm is the master side, non-blocking so that Close and the exit
	// check can interrupt a read that would otherwise wait forever.
	ptm *os.File
	tty string // the terminal's path

	wmu sync.Mutex // orders writes to ptm: input and the emulator's replies

	output func([]byte) // Options.Output

	mu        sync.Mutex
	emu       *vt.Emulator
	input     []byte
	bracketed bool
	reaped    bool
	drained   bool
	// history holds the lines scrolled off the top of the main screen,
	// oldest first, each rendered as capture-pane prints it.
	history      [][]byte
	historyLimit int
	// rendered is what Lines returns until the screen or the history
	// changes (nil then): clients such as libtmux ask for formats that
	// read the whole grid (history_bytes) many times between changes, and
	// rendering a large pane cell by cell dominates their calls.
	rendered [][]byte

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
	go p.reply()
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
	_, _ = p.emu.Write([]byte("\x1b[20h"))
	return p
}

func newPane(cols, rows int, o Options) *Pane {
	p := &Pane{
		output:       o.Output,
		emu:          vt.NewEmulator(cols, rows),
		historyLimit: max(o.HistoryLimit, 0),
		history:      o.History,
		exited:       make(chan struct{}),
		reapedCh:     make(chan struct{}),
		readerDone:   make(chan struct{}),
		replyDone:    make(chan struct{}),
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
	// x/vt's own scrollback is only a feed: collect moves each line it
	// takes into history as tmux would. It must never drop a line itself
	// between two collections.
	p.emu.SetScrollbackSize(math.MaxInt)
	p.emu.RegisterCsiHandler('J', p.eraseDisplay)
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
			p.collect()
			p.rendered = nil
			reaped := p.reaped
			p.mu.Unlock()
			if p.output != nil {
				p.output(bytes.Clone(buf[:n]))
			}
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

// BracketedPaste reports whether the program has turned bracketed paste
// mode on (ESC[?2004h) and not since turned it off or reset the terminal.
func (p *Pane) BracketedPaste() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.bracketed
}

// Lines returns every line of the pane as `tmux capture-pane -p` prints
// it, without the newline: the history, oldest first, then each row of the
// visible screen; and how many of them are history. With the alternate
// screen on, the rows are the alternate screen's, after the main screen's
// history, as in tmux.
func (p *Pane) Lines() (lines [][]byte, history int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.rendered == nil {
		p.rendered = make([][]byte, 0, len(p.history)+p.emu.Height())
		p.rendered = append(p.rendered, p.history...)
		for y := range p.emu.Height() {
			p.rendered = append(p.rendered, p.row(y))
		}
	}
	// The lines themselves are never changed in place, so only the
	// slice that holds them is the caller's own.
	return slices.Clone(p.rendered), len(p.history)
}

// HistorySize is how many lines the history holds (tmux's history_size).
func (p *Pane) HistorySize() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.history)
}

// ClearHistory empties the history, as tmux's clear-history does.
func (p *Pane) ClearHistory() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.collect()
	p.history = nil
	p.rendered = nil
}

// row renders row y of the visible screen.
func (p *Pane) row(y int) []byte {
	return render(p.emu.Width(), func(x int) (string, int) {
		if c := p.emu.CellAt(x, y); c != nil {
			return c.Content, c.Width
		}
		return "", 0
	})
}

// render makes a line of w cells what capture-pane prints: a wide
// character once (its second cell has width 0), an empty cell as a space,
// trailing spaces trimmed, written or cleared alike.
func render(w int, cell func(x int) (content string, width int)) []byte {
	var out []byte
	for x := range w {
		switch content, width := cell(x); {
		case width == 0:
		case content == "":
			out = append(out, ' ')
		default:
			out = append(out, content...)
		}
	}
	return bytes.TrimRight(out, " ")
}

// collect moves the lines x/vt scrolled off the main screen since the last
// call into the history. x/vt keeps no history for the alternate screen,
// as tmux keeps none. Callers hold p.mu.
func (p *Pane) collect() {
	sb := p.emu.Scrollback()
	for i := range sb.Len() {
		line := sb.Line(i)
		p.pushHistory(render(len(line), func(x int) (string, int) { return line[x].Content, line[x].Width }))
	}
	sb.Clear()
}

// pushHistory adds a line to the history as tmux's grid does: a full
// history first loses its oldest tenth (at least one line), so its size
// stays between nine tenths of the limit and the limit.
func (p *Pane) pushHistory(line []byte) {
	if p.historyLimit == 0 {
		return
	}
	if len(p.history) >= p.historyLimit {
		drop := min(max(p.historyLimit/10, 1), len(p.history))
		p.history = append(p.history[:0:0], p.history[drop:]...)
	}
	p.history = append(p.history, line)
}

// eraseDisplay handles ED where x/vt differs from tmux; the other forms
// fall through to x/vt. Runs inside emu.Write, so p.mu is held.
func (p *Pane) eraseDisplay(params ansi.Params) bool {
	n, _, _ := params.Param(0, 0)
	// Clearing to the end of the screen from its first cell clears the
	// whole screen, which tmux scrolls into the history as it does ED 2.
	if cur := p.emu.CursorPosition(); n == 0 && cur.X == 0 && cur.Y == 0 {
		n = 2
	}
	switch {
	case n == 1:
		// x/vt erases the cursor's whole row; tmux stops at the cursor.
		cur := p.emu.CursorPosition()
		p.clearRows(cur.Y, cur.X+1)
	case n == 2 && !p.emu.IsAltScreen():
		// tmux (scroll-on-clear) scrolls every row down to the last one
		// in use into the history, blank rows between included; x/vt
		// keeps only the rows with text.
		p.collect()
		last := 0
		for y := range p.emu.Height() {
			if len(p.row(y)) > 0 {
				last = y + 1
			}
		}
		for y := range last {
			p.pushHistory(p.row(y))
		}
		p.clearRows(p.emu.Height()-1, p.emu.Width())
	case n == 3:
		// tmux clears the history only; x/vt clears the screen too.
		p.collect()
		p.history = nil
	default:
		return false
	}
	return true
}

// clearRows empties every row above row y, and row y up to column end.
func (p *Pane) clearRows(y, end int) {
	for r := 0; r <= y; r++ {
		w := p.emu.Width()
		if r == y {
			w = min(end, w)
		}
		for x := range w {
			p.emu.SetCell(x, r, nil)
		}
	}
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

// Display draws b on the screen as if the program had written it, as
// tmux draws on a pane itself (the message of a pane that remains after
// its program exits).
func (p *Pane) Display(b []byte) {
	p.mu.Lock()
	defer p.mu.Unlock()
	_, _ = p.emu.Write(b)
	p.collect()
	p.rendered = nil
}

// Trim brings back as many of the newest history lines as there are
// rows below the cursor, moving the screen and the cursor down and losing
// its last rows, as tmux's resize-pane -T does.
func (p *Pane) Trim() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.collect()
	p.rendered = nil
	cur := p.emu.CursorPosition()
	n := min(p.emu.Height()-1-cur.Y, len(p.history))
	if n <= 0 {
		return
	}
	back := p.history[len(p.history)-n:]
	p.history = p.history[:len(p.history)-n]
	var b bytes.Buffer
	fmt.Fprintf(&b, "\x1b[H\x1b[%dL", n)
	for i, line := range back {
		fmt.Fprintf(&b, "\x1b[%d;1H%s", i+1, line)
	}
	fmt.Fprintf(&b, "\x1b[%d;%dH", cur.Y+n+1, cur.X+1)
	_, _ = p.emu.Write(b.Bytes())
}

// Cursor is the cursor's column and row on the screen.
func (p *Pane) Cursor() (x, y int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	pos := p.emu.CursorPosition()
	return pos.X, pos.Y
}

// AltScreen reports whether the program has the alternate screen on.
func (p *Pane) AltScreen() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.emu.IsAltScreen()
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

// Resize changes the terminal size, which also sends the program SIGWINCH.
func (p *Pane) Resize(cols, rows int) error {
	if cols <= 0 || rows <= 0 {
		return errors.New("pane: size must be positive")
	}
	ws := pty.Winsize{Cols: uint16(cols), Rows: uint16(rows)}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ptm != nil {
		if err := p.ioctl(syscall.TIOCSWINSZ, unsafe.Pointer(&ws)); err != nil {
			return err
		}
	}
	p.emu.Resize(cols, rows)
	p.rendered = nil
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
		if p.ptm == nil {
			return
		}
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
