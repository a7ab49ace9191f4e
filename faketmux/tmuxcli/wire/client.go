package wire

import (
	"errors"
	"io"
	"os"
	"strings"
	"sync"
	"syscall"
)

// Exit reasons a client prints, as tmux's client_exit_message words them.
const (
	ReasonLostServer = "server exited unexpectedly"
	ReasonExited     = "exited"
	ReasonServerExit = "server exited"
	ReasonLostTTY    = "lost tty"
	ReasonTerminated = "terminated"
)

// Client is the client's side of a connection, as tmux's client_dispatch
// serves it: the server's requests to open, read and write files and the
// client's own streams, and the messages that end it.
type Client struct {
	Conn   *Conn
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Control is a control client's (CLIENT_CONTROL), whose streams may
	// be opened more than once; tmux's client closes another's standard
	// streams once it has handed them to a file.
	Control bool
	// CanAttach is a client whose terminal the server may take over
	// (MsgReady): its standard input is a terminal. Attached then runs
	// once it has, and Suspend and Lock do what MsgSuspend and MsgLock
	// ask (tmux's client stops itself, and runs the lock command).
	CanAttach bool
	Attached  func()
	Suspend   func()
	Lock      func(command string)

	files map[int32]*clientFile
	used  [3]bool
	// leaving is why an attached client is going of its own accord
	// (Leave), which its exit message says whatever the server's.
	leaveMu sync.Mutex
	leaving string
	wmu     sync.Mutex // serialises writes to the streams
	result  Result
}

// Result is how a client's exchange ended.
type Result struct {
	// Status is the exit status the server sent, or 1 for a server
	// that went away.
	Status int
	// Accepted: a faketmux server took the connection on, or a server
	// sent anything at all. A connection closed before that is a daemon
	// that was exiting, and the client may start over.
	Accepted bool
	// Message is what the client prints as it exits ("" for nothing):
	// the server's exit message, or tmux's words for why it exited.
	Message string
	// Unreached is the error of a control client that found no server
	// (msgUnreached), which it prints to its standard error in place of
	// any control-mode output.
	Unreached string
	// Attached is a client that was attached (MsgReady), which prints its
	// message as [message].
	Attached bool
	// Version is the server's protocol version when it refused ours.
	Version int
	// ExitType is MsgDetachKill for a client detached with -P, MsgExec
	// for one that must run ExecCommand in ExecShell.
	ExitType               uint32
	ExecCommand, ExecShell string
	// Shell is the shell a client of -c runs its command in, set when
	// the server answered MsgShell.
	Shell string
	// TooOld: the server sent a message of before tmux 3.2.
	TooOld bool
	// Flags are the client's flags as the server last set them
	// (MsgFlags), 0 when it set none.
	Flags uint64
}

type clientFile struct {
	w      io.Writer
	closer io.Closer
}

// Run serves the connection until the server ends it.
func (c *Client) Run() Result {
	c.files = map[int32]*clientFile{}
	for {
		m, err := c.Conn.ReadMsg()
		if err != nil {
			c.result.Status, c.result.Message = 1, ReasonLostServer
			return c.result
		}
		// Any message means a server took the connection on.
		c.result.Accepted = true
		if m.File != nil {
			m.File.Close()
		}
		if m.Type != MsgVersion && m.Version() != ProtocolVersion {
			// tmux's peer answers with its version and stops.
			c.Conn.Send(MsgVersion)
			c.result.Status, c.result.Message = 1, ReasonLostServer
			return c.result
		}
		if c.result.Attached {
			if c.dispatchAttached(m) {
				c.leaveMu.Lock()
				if c.leaving != "" {
					c.result.Status, c.result.Message = 1, c.leaving
				}
				c.leaveMu.Unlock()
				return c.result
			}
			continue
		}
		if c.dispatchWait(m) {
			return c.result
		}
	}
}

// Leave makes an attached client go, as tmux's does when its terminal
// is lost (SIGHUP) or it is told to (SIGTERM): reason is its exit message.
func (c *Client) Leave(reason string) {
	c.leaveMu.Lock()
	c.leaving = reason
	c.leaveMu.Unlock()
	c.Conn.Send(MsgExiting)
}

// dispatchWait is tmux's client_dispatch_wait, before MsgReady. It
// reports whether the client is done.
func (c *Client) dispatchWait(m *Msg) bool {
	switch m.Type {
	case MsgExit, MsgShutdown:
		c.exitMessage(m.Data)
		return true
	case msgUnreached:
		if len(m.Data) < 4 {
			c.result.Status, c.result.Message = 1, "bad faketmux unreached message"
			return true
		}
		c.result.Status, c.result.Unreached = int(ReadInt32(m.Data)), string(m.Data[4:])
		return true
	case MsgReady:
		if !c.CanAttach {
			c.result.Status, c.result.Message = 1, "faketmux: this client cannot attach"
			return true
		}
		c.result.Attached = true
		c.Conn.Send(MsgResize)
		if c.Attached != nil {
			c.Attached()
		}
	case MsgVersion:
		c.result.Status, c.result.Version = 1, m.Version()
		return true
	case MsgShell:
		s, ok := cstring(m.Data)
		if !ok {
			c.result.Status, c.result.Message = 1, "bad MSG_SHELL string"
			return true
		}
		c.result.Shell = s
		return true
	case MsgDetach, MsgDetachKill:
		c.Conn.Send(MsgExiting)
	case MsgExited:
		return true
	case MsgFlags:
		if len(m.Data) == 8 {
			c.result.Flags = readUint64(m.Data)
		}
	case MsgReadOpen:
		c.readOpen(m.Data)
	case MsgWriteOpen:
		c.writeOpen(m.Data)
	case MsgWrite:
		c.write(m.Data)
	case MsgWriteClose:
		c.writeClose(m.Data)
	case MsgOldStderr, MsgOldStdin, MsgOldStdout:
		c.result.TooOld = true
		return true
	}
	return false
}

// exitMessage takes MsgExit's status and message.
func (c *Client) exitMessage(p []byte) {
	if len(p) >= 4 {
		c.result.Status = int(ReadInt32(p))
	}
	if len(p) > 4 {
		msg := p[4 : len(p)-1]
		if i := indexNUL(msg); i >= 0 {
			msg = msg[:i]
		}
		c.result.Message = string(msg)
	}
}

// dispatchAttached is tmux's client_dispatch_attached, once the server
// has the client's terminal. It reports whether the client is done.
func (c *Client) dispatchAttached(m *Msg) bool {
	switch m.Type {
	case MsgFlags:
		if len(m.Data) == 8 {
			c.result.Flags = readUint64(m.Data)
		}
	case MsgDetach, MsgDetachKill:
		s, ok := cstring(m.Data)
		if !ok {
			c.result.Status, c.result.Message = 1, "bad MSG_DETACH string"
			return true
		}
		c.result.ExitType = m.Type
		if m.Type == MsgDetachKill {
			c.result.Message = "detached and SIGHUP (from session " + s + ")"
		} else {
			c.result.Message = "detached (from session " + s + ")"
		}
		c.Conn.Send(MsgExiting)
	case MsgExec:
		cmd, rest, ok := strings.Cut(string(m.Data), "\x00")
		shell, _, ok2 := strings.Cut(rest, "\x00")
		if !ok || !ok2 {
			c.result.Status, c.result.Message = 1, "bad MSG_EXEC string"
			return true
		}
		c.result.ExitType, c.result.ExecCommand, c.result.ExecShell = MsgExec, cmd, shell
		c.Conn.Send(MsgExiting)
	case MsgExit:
		c.exitMessage(m.Data)
		if c.result.Message == "" {
			c.result.Message = ReasonExited
		}
		c.Conn.Send(MsgExiting)
	case MsgExited:
		return true
	case MsgShutdown:
		c.Conn.Send(MsgExiting)
		c.result.Status, c.result.Message = 1, ReasonServerExit
	case MsgSuspend:
		if c.Suspend != nil {
			c.Suspend()
		}
	case MsgLock:
		cmd, ok := cstring(m.Data)
		if ok && c.Lock != nil {
			c.Lock(cmd)
		}
		c.Conn.Send(MsgUnlock)
	}
	return false
}

func errno(err error) int32 {
	var e syscall.Errno
	if errors.As(err, &e) {
		return int32(e)
	}
	if err != nil {
		return int32(syscall.EIO)
	}
	return 0
}

// writeOpen opens a file or stream the server will write to, answering
// MsgWriteReady as tmux's file_write_open does.
func (c *Client) writeOpen(p []byte) {
	if len(p) < 12 {
		return
	}
	st, fd, flags := ReadInt32(p), ReadInt32(p[4:]), ReadInt32(p[8:])
	path := "-"
	if len(p) > 12 {
		path, _ = cstring(p[12:])
	}
	var err error
	switch {
	case c.files[st] != nil:
		err = syscall.EBADF
	case fd == -1:
		var f *os.File
		f, err = os.OpenFile(path, int(flags)|os.O_WRONLY|os.O_CREATE, 0o644)
		if err == nil {
			c.files[st] = &clientFile{w: f, closer: f}
		}
	case fd == 1 || fd == 2:
		if c.used[fd] {
			err = syscall.EBADF
			break
		}
		if !c.Control {
			c.used[fd] = true
		}
		w := c.Stdout
		if fd == 2 {
			w = c.Stderr
		}
		c.files[st] = &clientFile{w: w}
	default:
		err = syscall.EBADF
	}
	c.Conn.Send(MsgWriteReady, Int32(st), Int32(errno(err)))
}

func (c *Client) write(p []byte) {
	if len(p) < 4 {
		return
	}
	if f := c.files[ReadInt32(p)]; f != nil {
		c.wmu.Lock()
		f.w.Write(p[4:])
		c.wmu.Unlock()
	}
}

func (c *Client) writeClose(p []byte) {
	if len(p) != 4 {
		return
	}
	st := ReadInt32(p)
	if f := c.files[st]; f != nil {
		if f.closer != nil {
			f.closer.Close()
		}
		delete(c.files, st)
	}
}

// readOpen opens a file or standard input for the server to read, and
// sends what it holds (MsgRead, then MsgReadDone), as tmux's
// file_read_open does.
func (c *Client) readOpen(p []byte) {
	if len(p) < 8 {
		return
	}
	st, fd := ReadInt32(p), ReadInt32(p[4:])
	path := "-"
	if len(p) > 8 {
		path, _ = cstring(p[8:])
	}
	done := func(err error) { c.Conn.Send(MsgReadDone, Int32(st), Int32(errno(err))) }
	var r io.Reader
	switch {
	case fd == -1:
		f, err := os.Open(path)
		if err != nil {
			done(err)
			return
		}
		r = f
		go func() {
			defer f.Close()
			c.sendInput(st, r)
		}()
		return
	case fd == 0 && !c.used[0]:
		if !c.Control {
			c.used[0] = true
		}
		r = c.Stdin
		if r == nil {
			r = eofReader{}
		}
	default:
		done(syscall.EBADF)
		return
	}
	go c.sendInput(st, r)
}

// sendInput sends r to the server as stream st, to its end; a read error
// ends it as the end does, as with tmux.
func (c *Client) sendInput(st int32, r io.Reader) {
	buf := make([]byte, ChunkSize)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			if c.Conn.Send(MsgRead, Int32(st), buf[:n]) != nil {
				return
			}
		}
		if err != nil {
			c.Conn.Send(MsgReadDone, Int32(st), Int32(0))
			return
		}
	}
}

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }
