package wire

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"syscall"

	"github.com/tmuxbuf/tmuxbuf/internal/unixsock"
)

// Session is the server's side of one connection it has taken on.
type Session struct {
	Req  *Req
	conn io.ReadWriteCloser
	r    *bufio.Reader
	out  *output
}

// Accept takes conn on, telling the client so, and reads its request. A
// client that closed before sending one gets nothing more, and a malformed
// request gets a protocol error; either way conn is closed and the error
// returned. conn is a unix socket's connection (a *net.UnixConn, or
// internal/unixsock's *os.File), whose peer's user Accept reads.
func Accept(conn io.ReadWriteCloser) (*Session, error) {
	r := bufio.NewReader(conn)
	out := newOutput(conn)
	out.frame(Accepted, nil)
	out.flush()
	req, err := readRequest(r)
	if err == nil {
		req.UID, err = peerUID(conn)
	}
	if err != nil {
		if !errors.Is(err, io.EOF) {
			out.frame(Stderr, fmt.Appendf(nil, "faketmux: protocol error: %v\n", err))
			out.exit(1)
		}
		conn.Close()
		return nil, err
	}
	// A control client reads its replies while it writes its next lines.
	out.eager = req.Control != 0
	return &Session{Req: req, conn: conn, r: r, out: out}, nil
}

// peerUID is the user of the process at the other end of conn, as tmux's
// server asks the kernel (getpeereid). A connection whose user cannot be
// told is refused, as tmux refuses it.
func peerUID(conn io.ReadWriteCloser) (*int, error) {
	sc, ok := conn.(syscall.Conn)
	if !ok {
		return nil, fmt.Errorf("a %T has no peer credentials", conn)
	}
	uid, err := unixsock.PeerUID(sc)
	if err != nil {
		return nil, fmt.Errorf("peer credentials: %w", err)
	}
	return &uid, nil
}

func readRequest(r *bufio.Reader) (*Req, error) {
	typ, p, err := ReadFrame(r)
	if err != nil {
		return nil, err
	}
	if typ != Request {
		return nil, fmt.Errorf("expected a request frame, got %q", typ)
	}
	return DecodeReq(p)
}

// Fail ends the session without running the request: msg goes to the
// client's standard error and the exit status is 1.
func (s *Session) Fail(msg string) {
	s.out.frame(Stderr, []byte(msg+"\n"))
	s.out.exit(1)
	s.conn.Close()
}

// Run runs the request with run, sends its exit status and closes the
// connection. The first read of stdin asks the client for its standard
// input, as tmux's server does only for a command that reads it. ctx is
// cancelled when the connection fails, so that a client that dies
// mid-command cannot leave its command waiting.
func (s *Session) Run(ctx context.Context, run func(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) int) {
	defer s.conn.Close()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	pr, pw := io.Pipe()
	defer pr.Close()
	in := &stdinReader{pr: pr, ask: func() {
		s.out.frame(ReadStdin, nil)
		s.out.flush()
	}}
	go readInput(s.r, pw, in, cancel)
	s.out.exit(run(ctx, in, stream{s.out, Stdout}, stream{s.out, Stderr}))
}

// readInput feeds Stdin frames to the command. Anything but the input that
// was asked for fails the command's read with a protocol error; the
// connection failing also cancels the command.
func readInput(r *bufio.Reader, pw *io.PipeWriter, in *stdinReader, cancel context.CancelFunc) {
	for {
		typ, p, err := ReadFrame(r)
		switch {
		case err != nil:
			// Input cut short must fail the command, not end it.
			pw.CloseWithError(fmt.Errorf("the client went away: %w", err))
			cancel()
			return
		case typ != Stdin:
			pw.CloseWithError(fmt.Errorf("protocol error: unexpected frame %q", typ))
			return
		case !in.asked.Load():
			pw.CloseWithError(errors.New("protocol error: standard input that was not asked for"))
			return
		case len(p) == 0:
			pw.Close()
		default:
			if _, err := pw.Write(p); err != nil {
				return
			}
		}
	}
}

// stdinReader asks the client for its standard input on the first Read.
type stdinReader struct {
	pr    *io.PipeReader
	ask   func()
	once  sync.Once
	asked atomic.Bool
}

func (s *stdinReader) Read(p []byte) (int, error) {
	s.once.Do(func() {
		s.asked.Store(true)
		s.ask()
	})
	return s.pr.Read(p)
}

// output is a connection's outgoing frames, buffered until the command
// ends or waits for input. The first write error is kept and later frames
// dropped: a client that went away must not fail the command.
type output struct {
	mu    sync.Mutex
	w     *bufio.Writer
	err   error
	eager bool // flush every output frame
}

func newOutput(conn io.Writer) *output {
	return &output{w: bufio.NewWriterSize(conn, 32<<10)}
}

func (o *output) frame(typ byte, p []byte) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err == nil {
		o.err = WriteFrame(o.w, typ, p)
	}
}

func (o *output) flush() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err == nil {
		o.err = o.w.Flush()
	}
}

func (o *output) exit(status int) {
	o.frame(Exit, ExitPayload(status))
	o.flush()
}

// stream is the command's view of one of the client's output streams.
type stream struct {
	o   *output
	typ byte
}

func (s stream) Write(p []byte) (int, error) {
	for rest := p; len(rest) > 0; {
		n := min(len(rest), ChunkSize)
		s.o.frame(s.typ, rest[:n])
		rest = rest[n:]
	}
	if s.o.eager {
		s.o.flush()
	}
	return len(p), nil
}
