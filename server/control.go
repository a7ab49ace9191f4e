package server

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/tmuxbuf/tmuxbuf/internal/tmuxargv"
)

// ControlDialer reaches tmux servers through one control-mode client
// (tmux -C) per server, started on first use and kept: a command costs a
// line written to that client and a reply read back, not a process.
// Contents travel through a FIFO in a private directory, or, one byte
// long, through a pipe tmux opens by its /proc path (control_preload.go),
// so they are never on a command line and never at rest on disk.
//
// The client attaches to the session tmux picks for attach-session, with
// no output and no say in window sizes, and shows in list-clients while it
// runs. A server with no session cannot be reached this way. Close stops
// the clients.
type ControlDialer struct {
	Bin        string // tmux binary; "" means "tmux" on PATH
	SocketName string // tmux -L; wins over SocketPath
	SocketPath string // tmux -S
	// Env is the clients' environment, which places the sockets that names
	// select (TMUX_TMPDIR); nil means this process's.
	Env []string
	// Timeout bounds how long Close waits for tmux to answer the commands
	// already sent; 0 means DefaultTimeout.
	Timeout time.Duration
	// Linger is how long a listener (listen.go) that no wait uses any
	// more is kept for the next; 0 means DefaultLinger.
	Linger time.Duration

	mu        sync.Mutex
	clients   map[string]*controlClient // by socket flags
	listeners map[string]*listener      // by socket flags and session (listen.go)
	gates     map[string]*serverGate    // by socket flags (control_gate.go)
	fifoDir   string                    // private, made on first use
	nextFIFO  int
	orphans   []*fifo // see orphan
	closed    bool
}

// orphan keeps f open for tmux, which may still open it though nobody
// will wait for its answer: tmux opens a FIFO blocking, in its event loop,
// and one with nobody at the other end would hang the whole tmux server. A
// feed's writer still waits in open for tmux; a drain keeps reading, into
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

// Close detaches every control client and removes the FIFO directory. A
// client whose tmux server has not answered within Timeout is not ended
// (see controlClient): Close returns an error saying so, and the client
// ends once tmux answers, or with this process.
func (d *ControlDialer) Close() error {
	d.mu.Lock()
	d.closed = true
	clients, listeners, dir, orphans := d.clients, d.listeners, d.fifoDir, d.orphans
	d.clients, d.listeners, d.orphans = nil, nil, nil
	d.mu.Unlock()
	patience := cmp.Or(d.Timeout, DefaultTimeout)
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	for key, c := range clients {
		wg.Go(func() {
			if err := c.close(patience); err != nil {
				mu.Lock()
				defer mu.Unlock()
				errs = append(errs, fmt.Errorf("tmux %s: %w", strings.ReplaceAll(key, "\x00", " "), err))
			}
		})
	}
	for _, l := range listeners {
		l.mu.Lock()
		l.released = true
		if l.idle != nil {
			l.idle.Stop()
		}
		l.mu.Unlock()
		wg.Go(func() {
			if err := l.c.close(patience); err != nil {
				mu.Lock()
				defer mu.Unlock()
				errs = append(errs, fmt.Errorf("tmux listener %s: %w", strings.ReplaceAll(l.key, "\x00", " "), err))
			}
		})
	}
	wg.Wait()
	for _, f := range orphans {
		f.abort()
	}
	if dir != "" {
		errs = append(errs, os.RemoveAll(dir))
	}
	return errors.Join(errs...)
}

var errDialerClosed = errors.New("the control-mode dialer is closed")

// client returns the control client for global, starting one when there is
// none or the last one has gone (its tmux server exited, say) or is ending
// (its session did). While a client runs, even one whose tmux is not
// answering, it is the only one. A new one starts only once that cannot
// crash tmux (see serverGate), which the call waits for up to the dialer's
// Timeout; past it, the call fails unrun.
func (d *ControlDialer) client(ctx context.Context, global []string) (*controlClient, error) {
	key := strings.Join(global, "\x00")
	usable := func() *controlClient {
		if c := d.clients[key]; c != nil && !c.hasGone() {
			return c
		}
		return nil
	}
	for {
		d.mu.Lock()
		if d.closed {
			d.mu.Unlock()
			return nil, &BackendError{Err: errDialerClosed}
		}
		if c := usable(); c != nil {
			d.mu.Unlock()
			return c, nil
		}
		g := d.gateLocked(key)
		d.mu.Unlock()
		c, err := d.startOn(ctx, g, global, func() bool {
			d.mu.Lock()
			defer d.mu.Unlock()
			return usable() == nil
		}, func() (*controlClient, error) {
			d.mu.Lock()
			defer d.mu.Unlock()
			if d.closed {
				return nil, &BackendError{Err: errDialerClosed}
			}
			c, err := startControlClient(binOrDefault(d.Bin), d.Env, global, g, d.orphan)
			if err != nil {
				return nil, cannotRun(binOrDefault(d.Bin), err)
			}
			if d.clients == nil {
				d.clients = map[string]*controlClient{}
			}
			d.clients[key] = c
			return c, nil
		})
		if err != nil || c != nil {
			return c, err
		}
		// Another call started one meanwhile.
	}
}

// fifoPath makes a new FIFO in the private directory.
func (d *ControlDialer) fifoPath() (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.fifoDir == "" {
		dir, err := makeFIFODir()
		if err != nil {
			return "", err
		}
		d.fifoDir = dir
	}
	d.nextFIFO++
	path := filepath.Join(d.fifoDir, strconv.Itoa(d.nextFIFO))
	return path, syscall.Mkfifo(path, 0o600)
}

// makeFIFODir makes the private directory (mode 0700) for the FIFOs, in
// memory where there is a place for it: every call that moves content
// makes a FIFO, and on a disk's file system that is a journalled write
// that the call waits for (measured here: 0.7 to 3 ms on an ext4 /tmp,
// against 5 µs on a tmpfs). The runtime directory is what the XDG base
// directory specification provides for a user's named pipes.
func makeFIFODir() (string, error) {
	for _, parent := range []string{os.Getenv("XDG_RUNTIME_DIR"), "/dev/shm"} {
		if parent == "" {
			continue
		}
		if dir, err := os.MkdirTemp(parent, "tmuxbuf-control-"); err == nil {
			return dir, nil
		}
	}
	return os.MkdirTemp("", "tmuxbuf-control-")
}

type controlTmux struct {
	d      *ControlDialer
	global []string
}

func (t controlTmux) Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	exit, err := t.RunBackend(ctx, args, stdin, stdout, stderr)
	return ReportFailure(stderr, exit, err)
}

func (t controlTmux) RunBackend(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	commands := tmuxargv.SplitCommands(args)
	probed := slices.ContainsFunc(commands, mayEndSession)
	if probed {
		commands = append(commands, sessionProbe)
	}
	var l *controlLine
	canPreload := preloadable(stdin) // not once the line has staged it
	for {
		c, err := t.d.client(ctx, t.global)
		if err != nil {
			if l != nil {
				abortAll(l.fifos)
			}
			return 0, err
		}
		preloaded := canPreload && c.preloads(ctx, l != nil && l.preloaded)
		if l == nil {
			line, fifos, err := t.d.commandLine(commands, stdin, stdout, preloaded)
			if err != nil {
				abortAll(fifos)
				return 0, &BackendError{Err: fmt.Errorf("control mode: %v", err)}
			}
			l = &controlLine{text: line, commands: len(commands), fifos: fifos, probed: probed, preloaded: preloaded}
			if marked(commands, probed) {
				l.nonce = newNonce()
			}
		} else if l.preloaded && !preloaded {
			abortAll(l.fifos)
			return 0, &BackendError{Err: errPreloadLost}
		}
		if code, retry, err := c.run(ctx, l, stdout, stderr); !retry {
			return code, err
		}
		// The client went (its tmux server exited, say) before the line
		// was written, or with its tmux server before the line began:
		// nothing ran, and a new client can take it.
	}
}

// sessionProbe ends a line that may have ended the session the control
// client is attached to. tmux then detaches the client, which exits, and a
// line written to it meanwhile may or may not run (measured on tmux 3.3a:
// one written after the kill's reply got none). tmux empties the client's
// session at once, in the command that ends it, so the probe, on the same
// line, tells the backend to send no more lines to that client. It asks
// for the pid of the client it runs for, not its session: a command of a
// client without a session runs for the best other client there is (a
// listener, the user's terminal), whose session it would name (measured on
// tmux 3.3a: the client_session of a control client whose session was
// just killed is a listener's session). Until its answer is read the
// client writes no line after it (calls made meanwhile would otherwise go
// to tmux in that moment): an answer that is not the client's pid hands
// those lines back, unwritten, to go to the next client.
var sessionProbe = []string{"display-message", "-p", "#{client_pid}"}

// mayEndSession reports whether command can end a session: by killing it,
// or by taking away its last window or pane.
func mayEndSession(command []string) bool {
	return len(command) > 0 && slices.Contains([]string{"kill-session", "kill-window", "kill-pane", "unlink-window", "move-window", "join-pane"}, command[0])
}

// commandLine turns commands into one line of tmux's command language.
// Those that use the client's standard streams, which a control client
// does not have, read or write a FIFO instead: load-buffer - reads stdin
// from one (or, preloaded, from a pipe: see control_preload.go),
// show-buffer and save-buffer - write stdout to one. fifos has an entry,
// maybe nil, for each command.
func (d *ControlDialer) commandLine(commands [][]string, stdin io.Reader, stdout io.Writer, preloaded bool) (string, []*fifo, error) {
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
			if preloaded {
				fifos[i], err = preloadPermit(stdin.(*permit))
			} else {
				fifos[i], err = d.feed(stdin)
			}
			if err == nil {
				cmd[last] = fifos[i].path
			}
		case cmd[0] == "show-buffer" || cmd[0] == "save-buffer" && cmd[last] == "-":
			fifos[i], err = d.drain(stdout, i > 0)
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
			if strings.Contains(a, "\x00") {
				return "", fifos, fmt.Errorf("an argument of %s holds a NUL, which no tmux command line can carry", cmd[0])
			}
			if j > 0 {
				line.WriteByte(' ')
			}
			line.WriteString(quoteArg(a))
		}
	}
	return line.String(), fifos, nil
}

// LiveSockets are the sockets of tmux's socket directory a server answers
// on (see ServerFinder).
func (d *ControlDialer) LiveSockets() []string { return liveSockets(d.Env) }

// DialPath is the tmux server at the socket path, if one answers there,
// through a control client of its own.
func (d *ControlDialer) DialPath(path string) (Tmux, bool) {
	if !answers(path) {
		return nil, false
	}
	return controlTmux{d: d, global: []string{"-u", "-S", path}}, true
}

// quoteArg is a as one word of tmux's command language. Single quotes keep
// everything literal but a single quote, which goes in double quotes:
// 'it'"'"'s'. An argument with a control character (a line break would end
// the control client's line) or a byte that is not UTF-8 (tmux 3.3a's
// parser takes a 0xff byte for the end of its input, and splits the word
// there) goes in double quotes instead, where tmux's parser reads an octal
// escape as its byte; there \, ", $ and ~ are escaped, since $ and a
// leading ~ expand.
func quoteArg(a string) string {
	if utf8.ValidString(a) && !strings.ContainsFunc(a, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return "'" + strings.ReplaceAll(a, "'", `'"'"'`) + "'"
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(a); {
		r, size := utf8.DecodeRuneInString(a[i:])
		switch {
		case r == '\\' || r == '"' || r == '$' || r == '~':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < ' ' || r == 0x7f || r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, "\\%03o", a[i])
		default:
			b.WriteString(a[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
	return b.String()
}
