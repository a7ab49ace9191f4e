package servertest

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The go-sdk's stdio and in-memory transports pass over a message four
// times before the session sees it: a json.Decoder scans it to find its
// end, an attempt to read it as a batch checks its depth, and
// DecodeMessage checks its depth again and decodes it. Scenarios move
// megabytes of content through them, in both modes, so this harness frames
// its connections itself: one line, or one frame in memory, is one
// message, encoded and decoded by the go-sdk's own EncodeMessage and
// DecodeMessage (a depth check and a decode), so that both ends see
// exactly the messages they would see through the go-sdk's transports.
// Neither end sends batches.

// frameConn is an mcp.Connection over frames, each one encoded message.
type frameConn struct {
	read  func(context.Context) ([]byte, error)
	write func([]byte) error
	close func() error
	mu    sync.Mutex // orders writes
}

func (c *frameConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	frame, err := c.read(ctx)
	if err != nil {
		return nil, err
	}
	return jsonrpc.DecodeMessage(frame)
}

func (c *frameConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	frame, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.write(frame)
}

func (c *frameConn) Close() error      { return c.close() }
func (c *frameConn) SessionID() string { return "" }

// connTransport is an mcp.Transport whose connection is made already.
type connTransport struct{ conn mcp.Connection }

func (t connTransport) Connect(context.Context) (mcp.Connection, error) { return t.conn, nil }

// lineTransport speaks MCP's stdio framing, one message per line, reading
// r and writing w; closing the connection closes both.
func lineTransport(r io.ReadCloser, w io.WriteCloser) mcp.Transport {
	br := bufio.NewReaderSize(r, 64<<10)
	return connTransport{&frameConn{
		read: func(context.Context) ([]byte, error) {
			for {
				line, err := br.ReadBytes('\n')
				if len(bytes.TrimSpace(line)) > 0 {
					return line, nil
				}
				if err != nil {
					return nil, err
				}
			}
		},
		write: func(frame []byte) error {
			if _, err := w.Write(frame); err != nil {
				return err
			}
			_, err := io.WriteString(w, "\n")
			return err
		},
		close: func() error { return errors.Join(w.Close(), r.Close()) },
	}}
}

// memoryTransports are two connected transports, as
// mcp.NewInMemoryTransports returns: connect the server to one, then the
// client to the other. Closing either end ends both. A frame has no size
// limit (the go-sdk's in-memory transports stop at 16 MiB), as -bin's
// stdio had none: a server's own limits are what scenarios test.
func memoryTransports() (mcp.Transport, mcp.Transport) {
	ab, ba := make(chan []byte), make(chan []byte)
	done := make(chan struct{})
	var once sync.Once
	end := func(in <-chan []byte, out chan<- []byte) mcp.Transport {
		return connTransport{&frameConn{
			read: func(ctx context.Context) ([]byte, error) {
				select {
				case frame := <-in:
					return frame, nil
				case <-done:
					return nil, io.EOF
				case <-ctx.Done():
					return nil, ctx.Err()
				}
			},
			write: func(frame []byte) error {
				select {
				case out <- frame:
					return nil
				case <-done:
					return io.ErrClosedPipe
				}
			},
			close: func() error {
				once.Do(func() { close(done) })
				return nil
			},
		}}
	}
	return end(ba, ab), end(ab, ba)
}
