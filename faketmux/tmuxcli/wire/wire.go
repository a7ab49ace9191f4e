// Package wire is tmux 3.3a's client-server protocol, which cmd/faketmux's
// client and daemon speak, and a test harness's bridge (see cmd/faketmux's
// README), so that tmux's own client is a client of a faketmux server and
// faketmux's client a client of a tmux server.
//
// A connection carries imsg messages (tmux's compat/imsg.c): a 16-byte
// header in the host's byte order (type, length, flags, peer ID holding the
// protocol version, process ID), then at most 16368 bytes of data; a
// message may bring a file descriptor with it. The client identifies
// itself (MsgIdentify*: its flags, TERM, tty, directory, standard input and
// output as descriptors, process ID, environment, then MsgIdentifyDone),
// then sends MsgCommand with its argv, or MsgShell for -c. The server asks
// for the client's standard input only for a command that reads it
// (MsgReadOpen, answered by MsgRead and MsgReadDone), writes its output
// through MsgWriteOpen and MsgWrite on streams 1 and 2, and ends with
// MsgExit: its exit status, and a message for the client to print. A
// control client's input and output go straight through the descriptors
// it passed, as with tmux. Accept and Session are the serving side, Client
// the other.
package wire

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
)

// Req is what a client tells the server before its command runs.
type Req struct {
	// NoStartServer is tmux's -N (CLIENT_NOSTARTSERVER): a daemon that
	// runs no server must answer as if nobody listened, even for a
	// command that starts one.
	NoStartServer bool
	// UTF8 is CLIENT_UTF8: -u, a UTF-8 locale or $TMUX.
	UTF8 bool
	// Control is tmux's -C (1) or -CC (2): the command line is a control
	// client's, whose standard input the server reads at once, line by
	// line, and whose output goes out as it is written.
	Control int
	// Flags are the client's flags as it sent them (tmux's client_flags),
	// of which the fields above are part.
	Flags uint64
	// PID is the client's process ID, which names a client with no tty.
	PID int
	// Socket is the socket path the client's global flags name, as given;
	// a bridge serves many sockets, a daemon the one it listens on. Only
	// a faketmux client sends it, and only to a bridge.
	Socket string
	Args   []string // the tmux command line after the global flags
	// Shell is a client of -c, which asks for the default shell
	// (MsgShell) instead of running a command line.
	Shell bool
	Dir   string   // the client's working directory
	Env   []string // the client's whole environment, as tmux sends it
	// Configs are the files the client's -f flags name, as given; none
	// means tmux's default list. A faketmux client sends them only to
	// the daemon it started and to a bridge; the server reads them
	// (package serve) only when the request starts a server.
	Configs []string
	// Term is the client's TERM ("unknown" when it had none), TTYName its
	// standard input's terminal ("" for none), Features its -T and -2
	// features, and Terminfo the capabilities its terminal's terminfo
	// entry has, as tmux's client reads them ("name=value").
	Term     string
	TTYName  string
	Features int32
	Terminfo []string
	// Stdin and Stdout are the client's standard input and output, as it
	// passed them; nil when it passed none. The server closes them as
	// tmux's does, when the client needs neither (neither a terminal nor
	// control mode).
	Stdin, Stdout *os.File
	// UID is the user the client runs as, which Accept reads off the
	// socket (SO_PEERCRED). It is never sent, so that no client can claim
	// to be another user; nil for a request that came by no socket.
	UID *int
}

// flags is r's flags word, as tmux's client builds it.
func (r *Req) flags() uint64 {
	f := r.Flags
	if r.NoStartServer {
		f |= ClientNoStartServer
	}
	if r.UTF8 {
		f |= ClientUTF8
	}
	switch r.Control {
	case 1:
		f |= ClientControl
	case 2:
		f |= ClientControl | ClientControlControl
	}
	return f
}

// setFlags sets the fields that the flags word says.
func (r *Req) setFlags(f uint64) {
	r.Flags = f
	r.NoStartServer = f&ClientNoStartServer != 0
	r.UTF8 = f&ClientUTF8 != 0
	switch {
	case f&ClientControlControl != 0:
		r.Control = 2
	case f&ClientControl != 0:
		r.Control = 1
	default:
		r.Control = 0
	}
}

// SendOptions say what a client sends beyond tmux's own messages.
type SendOptions struct {
	// Private adds faketmux's messages: the socket path and the
	// configuration files, for a bridge or a daemon just started.
	Private bool
}

// Send sends r as tmux's client does: the identify messages, then the
// command (or MsgShell). stdin and stdout are passed as descriptors unless
// nil. tmux's client passes them always, and its server keeps them only for
// a terminal (stdin a tty) or a control client; a client that is neither
// may leave them out, which saves the server a read a descriptor.
func (r *Req) Send(c *Conn, stdin, stdout *os.File, opts SendOptions) error {
	if opts.Private {
		c.Queue(msgSocket, CString(r.Socket))
		for _, f := range r.Configs {
			c.Queue(msgConfig, CString(f))
		}
	}
	flags := r.flags()
	c.Queue(MsgIdentifyFlags, Int32(int32(flags)))
	c.Queue(MsgIdentifyLongFlags, Uint64(flags))
	c.Queue(MsgIdentifyTerm, CString(r.Term))
	c.Queue(MsgIdentifyFeatures, Int32(r.Features))
	c.Queue(MsgIdentifyTTYName, CString(r.TTYName))
	c.Queue(MsgIdentifyCWD, CString(r.Dir))
	for _, cap := range r.Terminfo {
		if len(cap)+1 <= MaxData {
			c.Queue(MsgIdentifyTerminfo, CString(cap))
		}
	}
	if stdin != nil {
		if err := c.SendFile(MsgIdentifyStdin, stdin); err != nil {
			return err
		}
	}
	if stdout != nil {
		if err := c.SendFile(MsgIdentifyStdout, stdout); err != nil {
			return err
		}
	}
	c.Queue(MsgIdentifyClientPID, Int32(int32(r.PID)))
	for _, kv := range r.Env {
		// tmux's client skips a variable too long for a message.
		if len(kv)+1 <= MaxData {
			c.Queue(MsgIdentifyEnviron, CString(kv))
		}
	}
	c.Queue(MsgIdentifyDone)
	if r.Shell {
		return c.Send(MsgShell)
	}
	if err := c.Queue(MsgCommand, PackArgv(r.Args)); err != nil {
		c.Flush()
		return ErrCommandTooLong
	}
	return c.Flush()
}

// ErrCommandTooLong is a command line that does not fit one message.
var ErrCommandTooLong = errors.New("failed to send command")

// CheckLength returns tmux's message for a command line too long to send.
// tmux's client checks the packed argv (each argument and its NUL) against
// the limit less the 4-byte argc, and then the send itself fails once the
// 16-byte header does not fit either.
func CheckLength(args []string) string {
	n := 0
	for _, a := range args {
		n += len(a) + 1
	}
	switch {
	case n > MaxMessage-4:
		return "command too long"
	case n > MaxData-4:
		return "failed to send command"
	}
	return ""
}

// identify reads a client's messages up to its command, as tmux's
// server_client_dispatch_identify takes them. It fails as tmux's server
// would crash, on a message out of order or of the wrong size.
func identify(c *Conn) (*Req, error) {
	r := &Req{}
	done := false
	fail := func(what string) (*Req, error) {
		r.closeFiles()
		return nil, errors.New(what)
	}
	for {
		m, err := c.ReadMsg()
		if err != nil {
			r.closeFiles()
			return nil, err
		}
		if m.Type != MsgVersion && m.Version() != ProtocolVersion {
			if m.File != nil {
				m.File.Close()
			}
			r.closeFiles()
			return nil, versionError{m.Version()}
		}
		d := m.Data
		str := func(string) (string, bool) { return cstring(d) }
		if m.Type >= MsgIdentifyFlags && m.Type <= MsgIdentifyTerminfo && done {
			return fail("out-of-order identify message")
		}
		switch m.Type {
		case msgSocket:
			r.Socket, _ = str("socket")
		case msgConfig:
			s, _ := str("config")
			r.Configs = append(r.Configs, s)
		case MsgIdentifyFlags:
			if len(d) != 4 {
				return fail("bad MSG_IDENTIFY_FLAGS size")
			}
			r.setFlags(r.Flags | uint64(uint32(ReadInt32(d))))
		case MsgIdentifyLongFlags:
			if len(d) != 8 {
				return fail("bad MSG_IDENTIFY_LONGFLAGS size")
			}
			r.setFlags(r.Flags | readUint64(d))
		case MsgIdentifyTerm:
			s, ok := str("term")
			if !ok {
				return fail("bad MSG_IDENTIFY_TERM string")
			}
			if s == "" {
				s = "unknown"
			}
			r.Term = s
		case MsgIdentifyTerminfo:
			s, ok := str("terminfo")
			if !ok {
				return fail("bad MSG_IDENTIFY_TERMINFO string")
			}
			r.Terminfo = append(r.Terminfo, s)
		case MsgIdentifyTTYName:
			s, ok := str("ttyname")
			if !ok {
				return fail("bad MSG_IDENTIFY_TTYNAME string")
			}
			r.TTYName = s
		case MsgIdentifyCWD:
			s, ok := str("cwd")
			if !ok {
				return fail("bad MSG_IDENTIFY_CWD string")
			}
			r.Dir = s
		case MsgIdentifyFeatures:
			if len(d) != 4 {
				return fail("bad MSG_IDENTIFY_FEATURES size")
			}
			r.Features |= ReadInt32(d)
		case MsgIdentifyStdin, MsgIdentifyStdout:
			if len(d) != 0 {
				if m.File != nil {
					m.File.Close()
				}
				return fail("bad MSG_IDENTIFY_STDIN size")
			}
			if m.Type == MsgIdentifyStdin {
				r.Stdin = m.File
			} else {
				r.Stdout = m.File
			}
			m.File = nil
		case MsgIdentifyEnviron:
			s, ok := str("environ")
			if !ok {
				return fail("bad MSG_IDENTIFY_ENVIRON string")
			}
			if indexByte(s, '=') >= 0 {
				r.Env = append(r.Env, s)
			}
		case MsgIdentifyClientPID:
			if len(d) != 4 {
				return fail("bad MSG_IDENTIFY_CLIENTPID size")
			}
			r.PID = int(ReadInt32(d))
		case MsgIdentifyDone:
			done = true
		case MsgCommand:
			if !done {
				return fail("command before the client identified itself")
			}
			args, err := UnpackArgv(d)
			if err != nil {
				r.closeFiles()
				return nil, err
			}
			r.Args = args
			return r, nil
		case MsgShell:
			if len(d) != 0 {
				return fail("bad MSG_SHELL size")
			}
			if !done {
				return fail("shell before the client identified itself")
			}
			r.Shell = true
			return r, nil
		}
		if m.File != nil {
			m.File.Close()
		}
	}
}

// closeFiles closes the descriptors the client passed.
func (r *Req) closeFiles() {
	if r.Stdin != nil {
		r.Stdin.Close()
		r.Stdin = nil
	}
	if r.Stdout != nil {
		r.Stdout.Close()
		r.Stdout = nil
	}
}

type versionError struct{ v int }

func (e versionError) Error() string {
	return fmt.Sprintf("protocol version mismatch (client %d, server %d)", e.v, ProtocolVersion)
}

func readUint64(p []byte) uint64 { return binary.NativeEndian.Uint64(p) }

func indexByte(s string, b byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return i
		}
	}
	return -1
}
