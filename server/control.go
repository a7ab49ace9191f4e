package server

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// ControlDialer reaches tmux servers through one control-mode client
// (tmux -C) per server, started on first use and kept: a command costs a
// line written to that client and a reply read back, not a process.
// Contents travel through a FIFO in a private directory, so they are never
// on a command line and never at rest on disk.
//
// The client attaches to the session tmux picks for attach-session, with
// no output and no say in window sizes, and shows in list-clients while it
// runs. A server with no session cannot be reached this way. Close stops
// the clients.
type ControlDialer struct {
	Bin        string // tmux binary; "" means "tmux" on PATH
	SocketName string // tmux -L; wins over SocketPath
	SocketPath string // tmux -S

	mu       sync.Mutex
	clients  map[string]*controlClient // by socket flags
	fifoDir  string                    // private, made on first use
	nextFIFO int
	orphans  []*fifo // see orphan
	closed   bool
}

// orphan keeps f open for tmux, which may still open it after its call
// gave up: tmux opens a FIFO blocking, in its event loop, and one with
// nobody at the other end would hang the whole tmux server. A feed's
// writer still waits in open for tmux; a drain keeps reading, into
// nothing. Close releases them.
func (d *ControlDialer) orphan(f *fifo) {
	if f.dst != nil {
		f.dst.set(io.Discard)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.orphans = append(d.orphans, f)
}

// Dial returns the tmux server on socketName, or on the configured socket
// when socketName is empty.
func (d *ControlDialer) Dial(socketName string) Tmux {
	return controlTmux{d: d, global: socketFlags(socketName, d.SocketName, d.SocketPath)}
}

// Close detaches every control client and removes the FIFO directory.
func (d *ControlDialer) Close() error {
	d.mu.Lock()
	d.closed = true
	clients, dir, orphans := d.clients, d.fifoDir, d.orphans
	d.clients, d.orphans = nil, nil
	d.mu.Unlock()
	for _, c := range clients {
		c.close()
	}
	for _, f := range orphans {
		f.abort()
	}
	if dir == "" {
		return nil
	}
	return os.RemoveAll(dir)
}

var errDialerClosed = errors.New("the control-mode dialer is closed")

// client returns the running control client for global, starting one when
// there is none or the last one has gone (its tmux server exited, say).
func (d *ControlDialer) client(global []string) (*controlClient, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return nil, errDialerClosed
	}
	key := strings.Join(global, "\x00")
	if c := d.clients[key]; c != nil && !c.gone.Load() {
		return c, nil
	}
	c, err := startControlClient(binOrDefault(d.Bin), global)
	if err != nil {
		return nil, err
	}
	if d.clients == nil {
		d.clients = map[string]*controlClient{}
	}
	d.clients[key] = c
	return c, nil
}

// fifoPath makes a new FIFO in the private directory.
func (d *ControlDialer) fifoPath() (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.fifoDir == "" {
		dir, err := os.MkdirTemp("", "tmuxbuf-control-") // mode 0700
		if err != nil {
			return "", err
		}
		d.fifoDir = dir
	}
	d.nextFIFO++
	path := filepath.Join(d.fifoDir, strconv.Itoa(d.nextFIFO))
	return path, syscall.Mkfifo(path, 0o600)
}

type controlTmux struct {
	d      *ControlDialer
	global []string
}

func (t controlTmux) Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	commands := splitCommands(args)
	line, fifos, err := t.d.commandLine(commands, stdin, stdout)
	settled := len(fifos)
	defer func() {
		for i, f := range fifos {
			switch {
			case f == nil:
			case i < settled:
				f.abort()
			default:
				t.d.orphan(f)
			}
		}
	}()
	if err != nil {
		fmt.Fprintf(stderr, "control mode: %v\n", err)
		return 1
	}
	for {
		c, err := t.d.client(t.global)
		switch {
		case errors.Is(err, errDialerClosed):
			fmt.Fprintf(stderr, "%v\n", err)
			return 1
		case err != nil:
			return cannotRun(stderr, binOrDefault(t.d.Bin), err)
		}
		code, sent, answered := c.run(ctx, line, fifos, stdout, stderr)
		if sent {
			settled = answered
			return code
		}
		// Another call's timeout killed the client before this line was
		// sent: nothing ran, and a new client can take it.
	}
}

// splitCommands cuts a command line at its ";" arguments, as tmux does.
func splitCommands(args []string) [][]string {
	var out [][]string
	start := 0
	for i, a := range args {
		if a == ";" {
			out = append(out, args[start:i])
			start = i + 1
		}
	}
	return append(out, args[start:])
}

// commandLine turns commands into one line of tmux's command language.
// Those that use the client's standard streams, which a control client
// does not have, read or write a FIFO instead: load-buffer - reads stdin
// from one, show-buffer and save-buffer - write stdout to one. fifos has
// an entry, maybe nil, for each command.
func (d *ControlDialer) commandLine(commands [][]string, stdin io.Reader, stdout io.Writer) (string, []*fifo, error) {
	var line strings.Builder
	fifos := make([]*fifo, len(commands))
	for i, cmd := range commands {
		if len(cmd) == 0 {
			return "", fifos, errors.New("empty command")
		}
		cmd = slices.Clone(cmd)
		var err error
		switch last := len(cmd) - 1; {
		case cmd[0] == "load-buffer" && cmd[last] == "-":
			fifos[i], err = d.feed(stdin)
			if err == nil {
				cmd[last] = fifos[i].path
			}
		case cmd[0] == "show-buffer" || cmd[0] == "save-buffer" && cmd[last] == "-":
			fifos[i], err = d.drain(stdout)
			if err == nil {
				if cmd[0] == "show-buffer" {
					cmd = append([]string{"save-buffer"}, cmd[1:]...)
				} else {
					cmd = cmd[:last]
				}
				cmd = append(cmd, fifos[i].path)
			}
		}
		if err != nil {
			return "", fifos, err
		}
		if i > 0 {
			line.WriteString(" ; ")
		}
		for j, a := range cmd {
			if strings.ContainsAny(a, "\r\n") {
				return "", fifos, fmt.Errorf("an argument of %s holds a line break, which a control-mode command line cannot carry", cmd[0])
			}
			if j > 0 {
				line.WriteByte(' ')
			}
			// Single quotes keep everything literal but a single quote,
			// which goes in double quotes: 'it'"'"'s'.
			line.WriteString("'" + strings.ReplaceAll(a, "'", `'"'"'`) + "'")
		}
	}
	return line.String(), fifos, nil
}

// fifo carries one command's data between this process and the tmux
// server, which opens it by path while it runs the command.
type fifo struct {
	path string
	done chan error // the copying goroutine's result
	once sync.Once
	err  error

	mu  sync.Mutex
	end *os.File      // this side's end, once open
	dst *switchWriter // drain only: where the data goes
	// spare, for drain only, is a writer of this side's that keeps the
	// reader from seeing the end of the data before tmux has answered.
	spare *os.File
}

// feed makes a FIFO that tmux will read src from. src must not block, and
// may be read after Run has returned, if tmux is late (see orphan).
func (d *ControlDialer) feed(src io.Reader) (*fifo, error) {
	path, err := d.fifoPath()
	if err != nil {
		return nil, err
	}
	f := &fifo{path: path, done: make(chan error, 1)}
	go func() {
		// Opening waits for tmux to open the other end, which it does when
		// it runs the command. Writing and closing before that would leave
		// tmux's own open waiting for a writer that has gone.
		w, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			f.done <- err
			return
		}
		f.mu.Lock()
		f.end = w
		f.mu.Unlock()
		_, err = io.Copy(w, src)
		w.Close() // tmux's read ends here
		f.done <- err
	}()
	return f, nil
}

// drain makes a FIFO whose contents, once tmux has written them, go to dst.
func (d *ControlDialer) drain(dst io.Writer) (*fifo, error) {
	path, err := d.fifoPath()
	if err != nil {
		return nil, err
	}
	// A non-blocking open of the read end succeeds at once; with it there,
	// so does the spare writer's, and tmux's open for writing later.
	r, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		os.Remove(path)
		return nil, err
	}
	spare, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		r.Close()
		os.Remove(path)
		return nil, err
	}
	f := &fifo{path: path, done: make(chan error, 1), end: r, spare: spare, dst: &switchWriter{w: dst}}
	go func() {
		_, err := io.Copy(f.dst, r)
		f.done <- err
	}()
	return f, nil
}

// switchWriter is a writer whose destination can be swapped: an orphaned
// drain must stop writing to its caller's writer.
type switchWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *switchWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

func (s *switchWriter) set(w io.Writer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.w = w
}

// finish waits for the data to have moved, once tmux has answered.
func (f *fifo) finish() error {
	if f.spare != nil {
		f.spare.Close() // the reader now sees the end of what tmux wrote
	}
	return f.wait()
}

// abort stops the transfer, whatever state it is in, waits until the
// copying goroutine is done with the caller's reader or writer, and
// removes the FIFO.
func (f *fifo) abort() {
	var unblock *os.File
	if f.spare != nil {
		f.spare.Close()
	} else {
		// A feed may wait in open for tmux: a reader of this side's lets it
		// through, and once closed makes its writes fail. Removing the path
		// fails an open not yet begun.
		unblock, _ = os.OpenFile(f.path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	}
	os.Remove(f.path)
	f.mu.Lock()
	if f.end != nil {
		f.end.Close()
	}
	f.mu.Unlock()
	if unblock != nil {
		unblock.Close()
	}
	f.wait()
}

func (f *fifo) wait() error {
	f.once.Do(func() { f.err = <-f.done })
	return f.err
}

// controlClient is one tmux -C process and the goroutine reading it.
type controlClient struct {
	turn    chan struct{} // held by the one command line under way
	cmd     *exec.Cmd
	in      io.WriteCloser
	replies chan controlReply // closed when the client has gone
	gone    atomic.Bool       // set on %exit or end of output: start a new one
	// failure says why the client went, once replies is closed.
	failure string
	// killed is closed when the client is killed mid-command, after which
	// nobody takes its replies.
	killed   chan struct{}
	killOnce sync.Once
	// attached is closed once the client has attached, or has gone. tmux
	// runs lines read before then without a session, where load-buffer
	// and save-buffer would use the client's files, not the server's.
	attached chan struct{}
}

type controlReply struct {
	output []byte
	ok     bool // %end rather than %error
}

// startControlClient attaches a control client. Whether that worked shows
// in the first reply: a client that could not attach (no server, no
// session) has gone by then, with tmux's message in failure.
func startControlClient(bin string, global []string) (*controlClient, error) {
	args := append(slices.Clone(global), "-N", "-C", "attach-session", "-f", "no-output,ignore-size")
	cmd := exec.Command(bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	c := &controlClient{cmd: cmd, in: in, turn: make(chan struct{}, 1), replies: make(chan controlReply, 1), killed: make(chan struct{}),
		attached: make(chan struct{}),
	}
	go c.read(bufio.NewReader(out), &stderr)
	return c, nil
}

// read parses the client's output for as long as it runs: the blocks that
// answer this process's commands (flag 1) go to replies; notifications and
// the block of the attach command are read and dropped, so that tmux never
// waits on a full pipe.
func (c *controlClient) read(out *bufio.Reader, stderr *bytes.Buffer) {
	var attachError []byte
	attached := sync.OnceFunc(func() { close(c.attached) })
	defer attached()
	for {
		line, err := out.ReadString('\n')
		if err != nil {
			break
		}
		if line == "%exit\n" || strings.HasPrefix(line, "%exit ") {
			c.gone.Store(true)
			continue
		}
		guard, ok := strings.CutPrefix(strings.TrimSuffix(line, "\n"), "%begin ")
		if !ok {
			continue
		}
		reply, err := readBlock(out, guard)
		if err != nil {
			break
		}
		switch {
		case strings.HasSuffix(guard, " 1"):
			select {
			case c.replies <- reply:
			case <-c.killed:
			}
		case !reply.ok:
			attachError = reply.output
		default:
			attached()
		}
	}
	c.gone.Store(true)
	c.cmd.Wait() // only now: Wait closes the pipe being read
	switch {
	case len(attachError) > 0:
		c.failure = string(attachError)
	case stderr.Len() > 0:
		c.failure = stderr.String()
	default:
		c.failure = "server exited unexpectedly\n" // as tmux's own client says
	}
	close(c.replies)
}

// readBlock reads the lines of one reply up to its %end or %error, whose
// guard (time, number, flags) repeats its %begin's: an output line that
// merely starts with "%end" does not end it.
func readBlock(out *bufio.Reader, guard string) (controlReply, error) {
	var reply controlReply
	for {
		line, err := out.ReadString('\n')
		if err != nil {
			return reply, err
		}
		switch strings.TrimSuffix(line, "\n") {
		case "%end " + guard:
			reply.ok = true
			return reply, nil
		case "%error " + guard:
			return reply, nil
		}
		reply.output = append(reply.output, line...)
	}
}

// controlCloseWait bounds how long close waits for a detached client to
// exit before killing it.
const controlCloseWait = 2 * time.Second

func (c *controlClient) close() {
	c.turn <- struct{}{} // after any command under way
	defer func() { <-c.turn }()
	c.in.Close() // end of input: the client detaches and exits
	timer := time.AfterFunc(controlCloseWait, c.kill)
	defer timer.Stop()
	for range c.replies {
	}
}

// kill ends the client whatever it is doing; its replies are dropped.
func (c *controlClient) kill() {
	c.killOnce.Do(func() {
		c.gone.Store(true)
		close(c.killed)
		c.cmd.Process.Kill()
	})
}

// run sends one command line and collects a reply for each of its
// commands, stopping at the first that fails, as tmux does. It sends
// nothing, and reports so (sent false), when it finds the client killed by
// the timeout of the call before. settled counts the leading commands
// whose fate is known; tmux may still run the others, and open their
// FIFOs, after a timeout or the client's death.
func (c *controlClient) run(ctx context.Context, line string, fifos []*fifo, stdout, stderr io.Writer) (exit int, sent bool, settled int) {
	// Waiting for the turn counts against ctx, but a call whose time runs
	// out before it sends anything leaves the client to the others.
	select {
	case c.turn <- struct{}{}:
	case <-ctx.Done():
		fmt.Fprintf(stderr, "tmux: %v\n", ctx.Err())
		return 1, true, len(fifos)
	}
	defer func() { <-c.turn }()
	select {
	case <-c.killed:
		return 0, false, len(fifos)
	default:
	}
	select {
	case <-c.attached:
	case <-ctx.Done():
		c.kill()
		fmt.Fprintf(stderr, "tmux: %v\n", ctx.Err())
		return 1, true, len(fifos)
	}
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		c.kill() // it has gone already; its failure says why
	}
	for i, f := range fifos {
		select {
		case reply, ok := <-c.replies:
			if !ok {
				io.WriteString(stderr, c.failure)
				return 1, true, i
			}
			if !reply.ok {
				stderr.Write(reply.output) // tmux runs none of the rest
				return 1, true, len(fifos)
			}
			if f == nil {
				stdout.Write(reply.output)
			} else if err := f.finish(); err != nil {
				fmt.Fprintf(stderr, "control mode: moving data through %s: %v\n", f.path, err)
				return 1, true, len(fifos)
			}
		case <-ctx.Done():
			// Nobody can tell what the client is still doing: it goes,
			// and the next command starts another.
			c.kill()
			fmt.Fprintf(stderr, "tmux: %v\n", ctx.Err())
			return 1, true, i
		}
	}
	return 0, true, len(fifos)
}
