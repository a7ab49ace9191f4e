package wire

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/tmuxbuf/tmuxbuf/internal/unixsock"
)

// Session is the server's side of one connection it has taken on.
type Session struct {
	Req  *Req
	conn *Conn

	exitMu  sync.Mutex
	exitMsg *string // the message the client prints as it exits, if any
	// shellSent: the client was told its shell (MsgShell), which ends it
	shellSent bool

	opened [3]bool // streams 1 and 2 told the client to open
	mu     sync.Mutex
	stream int32 // the last stream number handed out (tmux's start at 3)

	// The client's terminal, when its standard input is one, which the
	// server takes over once the client attaches (Ready).
	tty      *os.File
	attached bool
	resized  chan struct{} // MsgResize came
	woken    chan struct{} // MsgWakeup or MsgUnlock came
	exiting  chan struct{} // closed when MsgExiting came, or the client went
	exitOnce sync.Once
	final    [][]byte // the message ending an attached client, type first
}

// Accept takes conn on, telling a faketmux client so, and reads its
// identification and command. A client that closed before sending them
// gets nothing more; one of another protocol version is told the server's
// (MsgVersion), as tmux's server tells it; a malformed request gets a
// protocol error. Either way conn is closed and the error returned. conn
// is a unix socket's connection (internal/unixsock's *os.File, or a
// *net.UnixConn), whose peer's user Accept reads.
func Accept(conn io.ReadWriteCloser) (*Session, error) {
	c, err := NewConn(conn)
	if err != nil {
		conn.Close()
		return nil, err
	}
	c.Send(msgAccepted)
	req, err := identify(c)
	if err == nil {
		req.UID, err = peerUID(c.c.(syscall.Conn))
		if err != nil {
			req.closeFiles()
		}
	}
	if err != nil {
		var ve versionError
		switch {
		case errors.As(err, &ve):
			c.Send(MsgVersion)
		case !errors.Is(err, io.EOF):
			s := &Session{conn: c}
			s.exit(1, fmt.Sprintf("faketmux: protocol error: %v", err))
		}
		c.Close()
		return nil, err
	}
	return &Session{Req: req, conn: c, resized: make(chan struct{}, 1), woken: make(chan struct{}, 1), exiting: make(chan struct{})}, nil
}

// TTY is the client's terminal, nil when its standard input is none or
// it is a control client. The server reads keys from it and draws on it
// once the client is attached; the session closes it.
func (s *Session) TTY() *os.File {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tty == nil && s.Req.Control == 0 && s.Req.Stdin != nil && isTTY(s.Req.Stdin) {
		s.tty = pollable(s.Req.Stdin)
		s.Req.Stdin = nil
	}
	return s.tty
}

func isTTY(f *os.File) bool {
	_, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	return err == nil
}

// Ready tells the client the server has taken its terminal over
// (MsgReady): it is attached, and answers with MsgResize.
func (s *Session) Ready() {
	s.mu.Lock()
	s.attached = true
	s.mu.Unlock()
	s.conn.Send(MsgReady)
}

// Resized has a value each time the attached client's terminal changed
// size (MsgResize).
func (s *Session) Resized() <-chan struct{} { return s.resized }

// WaitExit tells a control client it has the wait-exit flag (MsgFlags),
// so that after %exit it reads its input to an empty line.
func (s *Session) WaitExit() {
	s.conn.Send(MsgFlags, Uint64(s.Req.flags()|ClientControlWaitExit))
}

// Suspend stops the attached client (MsgSuspend), which says when it is
// back (Woken).
func (s *Session) Suspend() { s.conn.Send(MsgSuspend) }

// Lock has the attached client run command on its terminal (MsgLock),
// and say when it is done (Woken).
func (s *Session) Lock(command string) { s.conn.Send(MsgLock, CString(command)) }

// Woken has a value when a suspended or locked client is back
// (MsgWakeup, MsgUnlock).
func (s *Session) Woken() <-chan struct{} { return s.woken }

// Exiting is closed when the attached client is going (MsgExiting), or
// went.
func (s *Session) Exiting() <-chan struct{} { return s.exiting }

func (s *Session) setExiting() { s.exitOnce.Do(func() { close(s.exiting) }) }

// Detach ends an attached client as detach-client does (MsgDetach, or with
// kill MsgDetachKill: its parent gets SIGHUP), from session.
func (s *Session) Detach(kill bool, session string) {
	typ := uint32(MsgDetach)
	if kill {
		typ = MsgDetachKill
	}
	s.setFinal(typ, CString(session))
}

// Shutdown ends an attached client whose server is exiting (MsgShutdown).
func (s *Session) Shutdown() { s.setFinal(MsgShutdown) }

// Exec ends an attached client by having it run command in shell
// (detach-client -E).
func (s *Session) Exec(command, shell string) {
	s.setFinal(MsgExec, CString(command), CString(shell))
}

func (s *Session) setFinal(typ uint32, data ...[]byte) {
	s.exitMu.Lock()
	defer s.exitMu.Unlock()
	s.final = append([][]byte{Int32(int32(typ))}, data...)
}

// peerUID is the user of the process at the other end of conn, as tmux's
// server asks the kernel (getpeereid). A connection whose user cannot be
// told is refused, as tmux refuses it.
func peerUID(conn syscall.Conn) (*int, error) {
	uid, err := unixsock.PeerUID(conn)
	if err != nil {
		return nil, fmt.Errorf("peer credentials: %w", err)
	}
	return &uid, nil
}

// Fail ends the session without running the request: the client prints msg
// as its exit message (to its standard error) and exits 1.
func (s *Session) Fail(msg string) {
	s.Req.closeFiles()
	s.exit(1, msg)
	s.conn.Close()
}

// ExitMessage sets the message the client prints as it exits: a control
// client's %exit line says it, another client prints it to its standard
// error. tmux's server sends it with the exit status.
func (s *Session) ExitMessage(msg string) {
	s.exitMu.Lock()
	defer s.exitMu.Unlock()
	s.exitMsg = &msg
}

func (s *Session) exit(status int, msg string) {
	data := [][]byte{Int32(int32(status))}
	if msg != "" {
		data = append(data, CString(msg))
	}
	s.conn.Send(MsgExit, data...)
}

// Shell answers a client of -c (Req.Shell) with the shell to run its
// command in, as tmux's server does; the session then ends without an exit
// status, since the client becomes the shell.
func (s *Session) Shell(shell string) {
	s.exitMu.Lock()
	defer s.exitMu.Unlock()
	s.shellSent = true
	s.conn.Send(MsgShell, CString(shell))
}

// Run runs the request with run, sends its exit status and, once the
// client has closed its end, closes the connection. The first read of stdin asks the client for its standard
// input, as tmux's server does only for a command that reads it; stdout
// and stderr go to the client's streams 1 and 2. A control client's
// input and output are the descriptors it passed, read and written
// directly, as tmux's server does. ctx is cancelled when the connection
// fails, so that a client that dies mid-command cannot leave its command
// waiting.
func (s *Session) Run(ctx context.Context, run func(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) int) {
	defer s.conn.Close()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		stdin          io.Reader
		stdout, stderr io.Writer
	)
	in := &stdinReader{s: s}
	in.pr, in.pw = io.Pipe()
	defer in.pr.Close()
	var closeControl func()
	// What the emulator writes to a control client's standard error is
	// what tmux's client says when it reaches no server (the emulator
	// writes nothing else there): see msgUnreached.
	var unreached bytes.Buffer
	if r := s.Req; r.Control != 0 && r.Stdin != nil {
		f, out := s.controlFiles()
		// Closed as soon as the client is done with: a read still
		// waiting on its input must not take what the client reads
		// next (wait-exit's empty line), as tmux's server stops reading.
		var once sync.Once
		closeControl = func() {
			once.Do(func() {
				f.Close()
				if out != f {
					out.Close()
				}
			})
		}
		defer closeControl()
		stdin, stdout, stderr = f, out, &unreached
	} else {
		s.TTY()
		s.Req.closeFiles()
		stdin, stdout, stderr = in, stream{s, 1}, stream{s, 2}
	}
	gone := make(chan struct{})
	go func() {
		defer close(gone)
		s.readInput(in, cancel)
	}()
	status := run(ctx, stdin, stdout, stderr)
	if closeControl != nil {
		closeControl()
	}
	s.exitMu.Lock()
	msg, shell, final := s.exitMsg, s.shellSent, s.final
	s.exitMu.Unlock()
	s.mu.Lock()
	attached, tty := s.attached, s.tty
	s.mu.Unlock()
	if tty != nil {
		if !attached {
			// The terminal is the shell's again once the client
			// exits, and a shell such as dash complains of one left
			// non-blocking.
			unix.SetNonblock(int(tty.Fd()), false)
		}
		defer tty.Close()
	}
	switch {
	case unreached.Len() > 0:
		s.conn.Send(msgUnreached, Int32(int32(status)), unreached.Bytes())
	case attached:
		// tmux's attached client answers its last message with
		// MsgExiting, and exits at MsgExited.
		if final == nil {
			final = [][]byte{Int32(MsgExit), Int32(int32(status))}
			if msg != nil && *msg != "" {
				final = append(final, CString(*msg))
			}
		}
		s.conn.Send(uint32(ReadInt32(final[0])), final[1:]...)
		<-s.exiting
		s.conn.Send(MsgExited)
	case shell:
	case msg != nil:
		s.exit(status, *msg)
	default:
		s.exit(status, "")
	}
	// tmux's client exits once its output is written, which it may still
	// be doing: the connection stays until the client closes it, as with
	// tmux's server, which a closed connection would make it give up.
	<-gone
}

// controlFiles are a control client's input and output: its standard
// input and output, or for -CC its terminal both ways, with tmux's DCS
// sequence written first. They are made non-blocking, as tmux's server
// makes them, so that closing them ends a read in progress.
func (s *Session) controlFiles() (in, out *os.File) {
	r := s.Req
	in = pollable(r.Stdin)
	r.Stdin = nil
	if r.Control == 2 || r.Stdout == nil {
		if r.Stdout != nil {
			r.Stdout.Close()
			r.Stdout = nil
		}
		if r.Control == 2 {
			io.WriteString(in, "\033P1000p")
		}
		return in, in
	}
	out = pollable(r.Stdout)
	r.Stdout = nil
	return in, out
}

// pollable is f made non-blocking, so that Go's poller serves it and a
// Close ends a Read in progress. f is closed; a file of the same
// descriptor's duplicate takes its place.
func pollable(f *os.File) *os.File {
	fd, err := unix.FcntlInt(f.Fd(), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return f
	}
	name := f.Name()
	f.Close()
	unix.SetNonblock(fd, true)
	return os.NewFile(uintptr(fd), name)
}

// readInput serves the client's messages while its command runs: its
// standard input when asked for (MsgRead, MsgReadDone), the answers to
// MsgWriteOpen. The connection failing fails the input and cancels the
// command.
func (s *Session) readInput(in *stdinReader, cancel context.CancelFunc) {
	for {
		m, err := s.conn.ReadMsg()
		if err != nil {
			// Input cut short must fail the command, not end it.
			in.pw.CloseWithError(fmt.Errorf("the client went away: %w", err))
			s.setExiting()
			cancel()
			return
		}
		if m.File != nil {
			m.File.Close()
		}
		if m.Type != MsgVersion && m.Version() != ProtocolVersion {
			in.pw.CloseWithError(versionError{m.Version()})
			continue
		}
		switch m.Type {
		case MsgRead:
			if len(m.Data) < 4 {
				in.pw.CloseWithError(errors.New("protocol error: bad MSG_READ size"))
				continue
			}
			if !in.asked.Load() || ReadInt32(m.Data) != in.stream.Load() {
				continue
			}
			if _, err := in.pw.Write(m.Data[4:]); err != nil {
				continue
			}
		case MsgReadDone:
			if len(m.Data) != 8 {
				in.pw.CloseWithError(errors.New("protocol error: bad MSG_READ_DONE size"))
				continue
			}
			if !in.asked.Load() || ReadInt32(m.Data) != in.stream.Load() {
				continue
			}
			if e := ReadInt32(m.Data[4:]); e != 0 {
				in.pw.CloseWithError(syscall.Errno(e))
			} else {
				in.pw.Close()
			}
		case MsgResize:
			select {
			case s.resized <- struct{}{}:
			default:
			}
		case MsgExiting:
			s.setExiting()
		case MsgWakeup, MsgUnlock:
			select {
			case s.woken <- struct{}{}:
			default:
			}
		case MsgWriteReady:
		default:
			in.pw.CloseWithError(fmt.Errorf("protocol error: unexpected message %d", m.Type))
		}
	}
}

// stdinReader asks the client for its standard input on the first Read.
type stdinReader struct {
	s      *Session
	pr     *io.PipeReader
	pw     *io.PipeWriter
	once   sync.Once
	asked  atomic.Bool
	stream atomic.Int32
}

func (r *stdinReader) Read(p []byte) (int, error) {
	r.once.Do(func() {
		r.stream.Store(r.s.nextStream())
		r.asked.Store(true)
		r.s.conn.Send(MsgReadOpen, Int32(r.stream.Load()), Int32(0), CString("-"))
	})
	return r.pr.Read(p)
}

func (s *Session) nextStream() int32 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stream < 3 {
		s.stream = 3
	} else {
		s.stream++
	}
	return s.stream
}

// flushAt is how much output is queued before it is written.
const flushAt = 64 << 10

// stream is the command's view of one of the client's output streams:
// 1 (standard output) or 2 (standard error), opened with the first write.
type stream struct {
	s  *Session
	fd int32
}

func (w stream) Write(p []byte) (int, error) {
	s := w.s
	s.mu.Lock()
	if !s.opened[w.fd] {
		s.opened[w.fd] = true
		s.conn.Queue(MsgWriteOpen, Int32(w.fd), Int32(w.fd), Int32(0))
	}
	s.mu.Unlock()
	for rest := p; len(rest) > 0; {
		n := min(len(rest), ChunkSize)
		s.conn.Queue(MsgWrite, Int32(w.fd), rest[:n])
		rest = rest[n:]
		if s.conn.queued() >= flushAt {
			s.conn.Flush()
		}
	}
	if s.Req.Control != 0 {
		// A control client reads its replies while it writes its next
		// lines (one that passed no descriptors to be served directly).
		s.conn.Flush()
	}
	return len(p), nil
}

// queued is how much is waiting to be written.
func (c *Conn) queued() int {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return len(c.wbuf)
}
