package wire

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// ProtocolVersion is tmux 3.3a's: every message carries it in the low byte
// of its peer ID, and a peer that sees another answers MsgVersion.
const ProtocolVersion = 8

// HeaderSize is the size of an imsg header: type (4 bytes), length (2),
// flags (2), peer ID (4) and process ID (4), in the host's byte order.
const HeaderSize = 16

// MaxMessage is the most one message may take, header included.
const MaxMessage = 16384

// MaxData is the most data one message carries.
const MaxData = MaxMessage - HeaderSize

// ChunkSize is the most file data one MsgRead or MsgWrite carries: what
// fits after the message's 4-byte stream number.
const ChunkSize = MaxData - 4

// hasFD is the header flag of a message that came with a file descriptor.
const hasFD = 1

// Message types, as tmux-protocol.h numbers them.
const (
	MsgVersion = 12

	MsgIdentifyFlags     = 100
	MsgIdentifyTerm      = 101
	MsgIdentifyTTYName   = 102
	MsgIdentifyOldCWD    = 103
	MsgIdentifyStdin     = 104
	MsgIdentifyEnviron   = 105
	MsgIdentifyDone      = 106
	MsgIdentifyClientPID = 107
	MsgIdentifyCWD       = 108
	MsgIdentifyFeatures  = 109
	MsgIdentifyStdout    = 110
	MsgIdentifyLongFlags = 111
	MsgIdentifyTerminfo  = 112

	MsgCommand    = 200
	MsgDetach     = 201
	MsgDetachKill = 202
	MsgExit       = 203
	MsgExited     = 204
	MsgExiting    = 205
	MsgLock       = 206
	MsgReady      = 207
	MsgResize     = 208
	MsgShell      = 209
	MsgShutdown   = 210
	MsgOldStderr  = 211
	MsgOldStdin   = 212
	MsgOldStdout  = 213
	MsgSuspend    = 214
	MsgUnlock     = 215
	MsgWakeup     = 216
	MsgExec       = 217
	MsgFlags      = 218

	MsgReadOpen   = 300
	MsgRead       = 301
	MsgReadDone   = 302
	MsgWriteOpen  = 303
	MsgWrite      = 304
	MsgWriteReady = 305
	MsgWriteClose = 306
)

// faketmux's own messages, which tmux's client and server pass over as they
// do every type they do not know. A faketmux server sends msgAccepted as it
// takes a connection on, so that its client can tell a daemon that was
// exiting (and closed the connection unread) from a server that went away
// mid-command. A faketmux client sends msgSocket and msgConfig only to a
// test harness's bridge and to the daemon it has just started: the socket
// path the client named, and each -f file (none but an empty msgConfig for
// tmux's default list), which the server reads only if the command line
// starts it. A bridge sends msgUnreached to a control client when no
// server runs for it: tmux's client finds that out itself, before it is a
// control client, and prints the error to its standard error with no
// %exit; the message carries the exit status and that error.
const (
	msgAccepted  = 0x66740001
	msgSocket    = 0x66740002
	msgConfig    = 0x66740003
	msgUnreached = 0x66740004
)

// Client flags, as tmux.h numbers them; those a client sends of its own.
const (
	ClientLogin           = 0x2
	ClientNoStartServer   = 0x1000
	ClientControl         = 0x2000
	ClientControlControl  = 0x4000
	ClientUTF8            = 0x10000
	ClientDefaultSocket   = 0x8000000
	ClientStartServer     = 0x10000000
	ClientControlWaitExit = 0x200000000
)

// Msg is one message as read.
type Msg struct {
	Type   uint32
	PeerID uint32
	Data   []byte
	// File is the descriptor that came with the message, nil for none;
	// the receiver owns it.
	File *os.File
}

// Version is the protocol version the message's peer ID says.
func (m *Msg) Version() int { return int(m.PeerID & 0xff) }

// ErrVersion is a message of another protocol version.
var ErrVersion = errors.New("protocol version mismatch")

// Conn is one end of a connection between a tmux client and server,
// carrying imsg messages and the file descriptors passed with them. Reads
// are for one goroutine at a time; writes may come from several.
type Conn struct {
	c   io.ReadWriteCloser
	raw syscall.RawConn // c's descriptor, for recvmsg and sendmsg

	rbuf  []byte // read but not yet taken
	rdata []byte // rbuf's backing array
	oob   []byte // room for the descriptors one read brings
	fds   []*os.File

	wmu  sync.Mutex
	wbuf []byte // queued, not yet written
	werr error
}

// NewConn wraps a unix stream socket's connection: anything whose
// SyscallConn reaches its descriptor on the runtime's poller, as
// internal/unixsock's *os.File does (cmd/faketmux links no package net)
// and a *net.UnixConn does.
func NewConn(c io.ReadWriteCloser) (*Conn, error) {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return nil, fmt.Errorf("a %T cannot carry file descriptors", c)
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return nil, err
	}
	return &Conn{c: c, raw: raw, rdata: make([]byte, readSize), oob: make([]byte, unix.CmsgSpace(4*4))}, nil
}

// readSize is how much a connection reads at most at once: room for two
// whole messages.
const readSize = 2 * MaxMessage

// Close closes the connection and every descriptor received and not taken.
// It must not be called while a read is in progress.
func (c *Conn) Close() error {
	for _, f := range c.fds {
		f.Close()
	}
	c.fds = nil
	return c.c.Close()
}

// ReadMsg reads the next message. An io.EOF before a message starts is
// returned as is; a message cut short is io.ErrUnexpectedEOF.
func (c *Conn) ReadMsg() (*Msg, error) {
	for {
		if len(c.rbuf) >= HeaderSize {
			n := int(binary.NativeEndian.Uint16(c.rbuf[4:]))
			if n < HeaderSize || n > MaxMessage {
				return nil, fmt.Errorf("message length %d out of range", n)
			}
			if len(c.rbuf) >= n {
				m := &Msg{
					Type:   binary.NativeEndian.Uint32(c.rbuf),
					PeerID: binary.NativeEndian.Uint32(c.rbuf[8:]),
				}
				if n > HeaderSize {
					m.Data = append([]byte(nil), c.rbuf[HeaderSize:n]...)
				}
				if binary.NativeEndian.Uint16(c.rbuf[6:])&hasFD != 0 && len(c.fds) > 0 {
					m.File, c.fds = c.fds[0], c.fds[1:]
				}
				c.rbuf = c.rbuf[n:]
				return m, nil
			}
		}
		if err := c.fill(); err != nil {
			if err == io.EOF && len(c.rbuf) > 0 {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
	}
}

// fill reads more of the stream, and the descriptors that come with it.
func (c *Conn) fill() error {
	if len(c.rbuf) == 0 {
		c.rbuf = c.rdata[:0]
	} else if cap(c.rbuf)-len(c.rbuf) < MaxMessage {
		c.rbuf = append(c.rdata[:0], c.rbuf...)
	}
	free := c.rbuf[len(c.rbuf):cap(c.rbuf)]
	var n, oobn int
	var rerr error
	err := c.raw.Read(func(fd uintptr) bool {
		for {
			// MSG_CMSG_CLOEXEC, as package net's ReadMsgUnix asks: a
			// passed descriptor must not leak into a pane's program.
			n, oobn, _, _, rerr = unix.Recvmsg(int(fd), free, c.oob, unix.MSG_CMSG_CLOEXEC)
			switch rerr {
			case unix.EINTR:
				continue
			case unix.EAGAIN:
				return false
			}
			return true
		}
	})
	if err == nil && rerr != nil {
		err = os.NewSyscallError("recvmsg", rerr)
	}
	if oobn > 0 {
		c.takeRights(c.oob[:oobn])
	}
	if n > 0 {
		c.rbuf = c.rbuf[:len(c.rbuf)+n]
		return nil
	}
	if err == nil {
		err = io.EOF
	}
	return err
}

func (c *Conn) takeRights(oob []byte) {
	msgs, err := unix.ParseSocketControlMessage(oob)
	if err != nil {
		return
	}
	for _, m := range msgs {
		fds, err := unix.ParseUnixRights(&m)
		if err != nil {
			continue
		}
		for _, fd := range fds {
			c.fds = append(c.fds, os.NewFile(uintptr(fd), "passed"))
		}
	}
}

// appendMsg appends one message to b.
func appendMsg(b []byte, typ uint32, withFD bool, data ...[]byte) ([]byte, error) {
	n := HeaderSize
	for _, d := range data {
		n += len(d)
	}
	if n > MaxMessage {
		return b, fmt.Errorf("message of %d bytes: %w", n, errTooLarge)
	}
	var flags uint16
	if withFD {
		flags = hasFD
	}
	b = binary.NativeEndian.AppendUint32(b, typ)
	b = binary.NativeEndian.AppendUint16(b, uint16(n))
	b = binary.NativeEndian.AppendUint16(b, flags)
	b = binary.NativeEndian.AppendUint32(b, ProtocolVersion)
	b = binary.NativeEndian.AppendUint32(b, ^uint32(0))
	for _, d := range data {
		b = append(b, d...)
	}
	return b, nil
}

var errTooLarge = errors.New("larger than an imsg")

// Queue adds a message to those waiting to be written by Flush; its data is
// the concatenation of data.
func (c *Conn) Queue(typ uint32, data ...[]byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	var err error
	c.wbuf, err = appendMsg(c.wbuf, typ, false, data...)
	return err
}

// Send queues a message and writes everything queued.
func (c *Conn) Send(typ uint32, data ...[]byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	var err error
	if c.wbuf, err = appendMsg(c.wbuf, typ, false, data...); err != nil {
		return err
	}
	return c.flushLocked()
}

// SendFile writes everything queued and then a message carrying a
// duplicate of f's descriptor, in one sendmsg as tmux's imsg does: its
// reader takes one descriptor a read.
func (c *Conn) SendFile(typ uint32, f *os.File, data ...[]byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if c.werr != nil {
		return c.werr
	}
	var err error
	if c.wbuf, err = appendMsg(c.wbuf, typ, true, data...); err != nil {
		return err
	}
	raw, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var oob []byte
	raw.Control(func(fd uintptr) { oob = unix.UnixRights(int(fd)) })
	var n int
	var werr error
	err = c.raw.Write(func(fd uintptr) bool {
		for {
			n, werr = unix.SendmsgN(int(fd), c.wbuf, oob, nil, unix.MSG_NOSIGNAL)
			switch werr {
			case unix.EINTR:
				continue
			case unix.EAGAIN:
				return false
			}
			return true
		}
	})
	if err == nil && werr != nil {
		err = os.NewSyscallError("sendmsg", werr)
	}
	if err == nil && n < len(c.wbuf) {
		_, err = c.c.Write(c.wbuf[n:])
	}
	c.wbuf = c.wbuf[:0]
	if err != nil {
		c.werr = err
	}
	return err
}

// Flush writes every queued message.
func (c *Conn) Flush() error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.flushLocked()
}

func (c *Conn) flushLocked() error {
	if c.werr != nil {
		return c.werr
	}
	if len(c.wbuf) == 0 {
		return nil
	}
	_, err := c.c.Write(c.wbuf)
	c.wbuf = c.wbuf[:0]
	if err != nil {
		c.werr = err
	}
	return err
}

// Int32 is a C int as the messages carry it.
func Int32(v int32) []byte { return binary.NativeEndian.AppendUint32(nil, uint32(v)) }

// Uint64 is a uint64_t as the messages carry it.
func Uint64(v uint64) []byte { return binary.NativeEndian.AppendUint64(nil, v) }

// CString is s with its terminating NUL.
func CString(s string) []byte { return append([]byte(s), 0) }

// ReadInt32 is the C int at the start of p.
func ReadInt32(p []byte) int32 { return int32(binary.NativeEndian.Uint32(p)) }

// cstring is the string of a message that must hold one NUL-terminated
// string, as tmux's checks have it.
func cstring(p []byte) (string, bool) {
	if len(p) == 0 || p[len(p)-1] != 0 {
		return "", false
	}
	return string(p[:len(p)-1]), true
}

// PackArgv packs argv for MsgCommand: argc, then each argument with its
// NUL.
func PackArgv(argv []string) []byte {
	b := Int32(int32(len(argv)))
	for _, a := range argv {
		b = append(b, a...)
		b = append(b, 0)
	}
	return b
}

// UnpackArgv reads MsgCommand's data. tmux's server fails a message whose
// strings run out before argc of them as a command too long.
func UnpackArgv(p []byte) ([]string, error) {
	if len(p) < 4 {
		return nil, errors.New("bad MSG_COMMAND size")
	}
	argc := int(ReadInt32(p))
	rest := p[4:]
	if len(rest) > 0 && rest[len(rest)-1] != 0 {
		return nil, errors.New("bad MSG_COMMAND string")
	}
	if argc < 0 || argc > len(rest) {
		return nil, errCommandTooLong
	}
	argv := make([]string, 0, argc)
	for range argc {
		i := indexNUL(rest)
		if i < 0 {
			return nil, errCommandTooLong
		}
		argv = append(argv, string(rest[:i]))
		rest = rest[i+1:]
	}
	return argv, nil
}

var errCommandTooLong = errors.New("command too long")

func indexNUL(p []byte) int {
	for i, c := range p {
		if c == 0 {
			return i
		}
	}
	return -1
}
