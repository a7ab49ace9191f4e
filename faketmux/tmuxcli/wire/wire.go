// Package wire is the protocol between a faketmux client and the server
// that answers it: cmd/faketmux's daemon, or a test harness's bridge (see
// cmd/faketmux's README). A connection carries frames: one type byte, a
// big-endian uint32 payload length, then the payload. Accept and Session
// are the serving side of a connection.
//
// The client sends one Request frame, then Stdin frames only after the
// server asked for them with a ReadStdin frame; this mirrors tmux, whose
// server asks the client for its standard input only when a command such as
// `load-buffer -` wants it, or a control-mode client (Req.Control), whose
// input the server reads from the start. The server answers Accepted as
// soon as it takes the connection on, then Stdout and Stderr frames in the
// order they were written (a control client's as soon as they are), and
// finally one Exit frame.
package wire

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// Frame types.
const (
	Request   byte = 'R' // client: the encoded Request, always first
	Stdin     byte = 'i' // client: a chunk of standard input; empty means end of input
	Accepted  byte = 'A' // server: the connection will be served
	Stdout    byte = 'o' // server: bytes for the client's standard output
	Stderr    byte = 'e' // server: bytes for the client's standard error
	ReadStdin byte = 'r' // server: start sending standard input
	Exit      byte = 'x' // server: 4-byte exit status, last frame
)

// Version changes whenever a frame or the Request encoding does, so that a
// client talking to a server from another build fails clearly.
const Version = 5

// MaxPayload bounds one frame; larger input is sent in several Stdin frames.
// It keeps a corrupt length from making the daemon allocate gigabytes.
const MaxPayload = 16 << 20

// ChunkSize is the most data one Stdin, Stdout or Stderr frame carries.
const ChunkSize = 64 << 10

// The request's flags word.
const (
	flagNoStartServer  = 1 << iota // Req.NoStartServer
	flagUTF8                       // Req.UTF8
	flagControl                    // Req.Control 1
	flagControlControl             // Req.Control 2
)

// ErrTooLarge is returned for a frame whose length exceeds MaxPayload.
var ErrTooLarge = errors.New("frame larger than the limit")

// ReadFrame reads one frame. An io.EOF before the first byte is returned as
// is; a frame cut short is io.ErrUnexpectedEOF.
func ReadFrame(r *bufio.Reader) (typ byte, payload []byte, err error) {
	var hdr [5]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return 0, nil, err
	}
	n := binary.BigEndian.Uint32(hdr[1:])
	if n > MaxPayload {
		return 0, nil, fmt.Errorf("%w: %d bytes", ErrTooLarge, n)
	}
	payload = make([]byte, n)
	if _, err := io.ReadFull(r, payload); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return 0, nil, err
	}
	return hdr[0], payload, nil
}

// WriteFrame writes one frame: to a *bufio.Writer header and payload as
// they are, to anything else in one write, so that an unbuffered frame is
// one syscall.
func WriteFrame(w io.Writer, typ byte, payload []byte) error {
	if len(payload) > MaxPayload {
		return fmt.Errorf("%w: %d bytes", ErrTooLarge, len(payload))
	}
	var hdr [5]byte
	hdr[0] = typ
	binary.BigEndian.PutUint32(hdr[1:], uint32(len(payload)))
	if bw, ok := w.(*bufio.Writer); ok {
		bw.Write(hdr[:])
		_, err := bw.Write(payload)
		return err
	}
	_, err := w.Write(append(hdr[:], payload...))
	return err
}

// ExitPayload encodes an exit status for an Exit frame.
func ExitPayload(status int) []byte {
	return binary.BigEndian.AppendUint32(nil, uint32(int32(status)))
}

// ParseExit decodes an Exit frame's payload.
func ParseExit(p []byte) (int, error) {
	if len(p) != 4 {
		return 0, fmt.Errorf("exit frame of %d bytes, want 4", len(p))
	}
	return int(int32(binary.BigEndian.Uint32(p))), nil
}

// Req is what a client invocation tells the daemon.
type Req struct {
	// NoStartServer is tmux's -N: a daemon that runs no server must
	// answer as if nobody listened, even for a command that starts one.
	NoStartServer bool
	// UTF8 is tmux's -u: the client's terminal takes UTF-8 whatever its
	// locale says.
	UTF8 bool
	// Control is tmux's -C (1) or -CC (2): the command line is a control
	// client's, whose standard input the server reads at once, line by
	// line, and whose output goes out as it is written.
	Control int
	// PID is the client's process ID, which names a control client.
	PID int
	// Socket is the socket path the client's global flags name, as given;
	// a bridge serves many sockets, a daemon the one it listens on.
	Socket string
	Args   []string // the tmux command line after the global flags
	Dir    string   // the client's working directory
	Env    []string // the client's whole environment, as tmux sends it
	// Configs are the files the client's -f flags name, as given; none
	// means tmux's default list. The server reads them (package serve)
	// only when the request starts a server, so the client need not know
	// which command lines do.
	Configs []string
	// UID is the user the client runs as, which Accept reads off the
	// socket (SO_PEERCRED). It is never sent, so that no client can claim
	// to be another user; nil for a request that came by no socket.
	UID *int
}

// Encode returns r's payload. Strings are length-prefixed bytes, not JSON,
// because tmux arguments may be any bytes, not only UTF-8.
func (r *Req) Encode() []byte {
	b := binary.BigEndian.AppendUint32(nil, Version)
	var flags uint32
	if r.NoStartServer {
		flags |= flagNoStartServer
	}
	if r.UTF8 {
		flags |= flagUTF8
	}
	switch r.Control {
	case 1:
		flags |= flagControl
	case 2:
		flags |= flagControlControl
	}
	b = binary.BigEndian.AppendUint32(b, flags)
	b = binary.BigEndian.AppendUint32(b, uint32(r.PID))
	b = appendString(b, r.Socket)
	b = appendString(b, r.Dir)
	b = appendStrings(b, r.Args)
	b = appendStrings(b, r.Env)
	b = appendStrings(b, r.Configs)
	return b
}

func appendString(b []byte, s string) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(s)))
	return append(b, s...)
}

func appendStrings(b []byte, ss []string) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(ss)))
	for _, s := range ss {
		b = appendString(b, s)
	}
	return b
}

// DecodeReq parses a Request payload, refusing anything malformed or from
// another protocol version.
func DecodeReq(p []byte) (*Req, error) {
	d := decoder{p: p}
	if v := d.uint32(); d.err == nil && v != Version {
		return nil, fmt.Errorf("protocol version %d, this server speaks %d", v, Version)
	}
	flags := d.uint32()
	if d.err == nil && flags&^(flagNoStartServer|flagUTF8|flagControl|flagControlControl) != 0 {
		d.err = fmt.Errorf("unknown flags %#x", flags)
	}
	control := 0
	switch {
	case flags&flagControlControl != 0:
		control = 2
	case flags&flagControl != 0:
		control = 1
	}
	pid := int(d.uint32())
	r := &Req{NoStartServer: flags&flagNoStartServer != 0, UTF8: flags&flagUTF8 != 0, Control: control, PID: pid, Socket: d.string(), Dir: d.string(), Args: d.strings(), Env: d.strings()}
	if configs := d.strings(); len(configs) > 0 {
		r.Configs = configs
	}
	if d.err == nil && len(d.p) != 0 {
		d.err = fmt.Errorf("%d bytes after the request", len(d.p))
	}
	if d.err != nil {
		return nil, fmt.Errorf("malformed request: %w", d.err)
	}
	return r, nil
}

// decoder reads fields until the first error, which it keeps.
type decoder struct {
	p   []byte
	err error
}

func (d *decoder) uint32() uint32 {
	if d.err != nil {
		return 0
	}
	if len(d.p) < 4 {
		d.err = io.ErrUnexpectedEOF
		return 0
	}
	v := binary.BigEndian.Uint32(d.p)
	d.p = d.p[4:]
	return v
}

// count reads a length and checks it against what is left, so that a bad
// count cannot make the decoder allocate more than the payload holds: every
// element takes at least 4 bytes.
func (d *decoder) count() int {
	n := d.uint32()
	if d.err == nil && uint64(n)*4 > uint64(len(d.p)) {
		d.err = fmt.Errorf("count %d exceeds the payload", n)
		return 0
	}
	return int(n)
}

func (d *decoder) string() string {
	n := d.uint32()
	if d.err != nil {
		return ""
	}
	if uint64(n) > uint64(len(d.p)) {
		d.err = fmt.Errorf("string of %d bytes exceeds the payload", n)
		return ""
	}
	s := string(d.p[:n])
	d.p = d.p[n:]
	return s
}

func (d *decoder) strings() []string {
	n := d.count()
	if d.err != nil {
		return nil
	}
	ss := make([]string, 0, n)
	for i := 0; i < n && d.err == nil; i++ {
		ss = append(ss, d.string())
	}
	return ss
}
