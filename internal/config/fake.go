package config

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"sync"

	"github.com/tmuxbuf/tmuxbuf/faketmux"
	"github.com/tmuxbuf/tmuxbuf/server"
)

// FakeDialer is a server.Dialer over emulated tmux servers in this
// process: the Server of Sockets at the path SocketPath gives for a socket
// name. It is --backend fake, and how tests run the MCP server against the
// emulator.
type FakeDialer struct {
	Sockets *faketmux.Sockets
	// SocketPath is the path in Sockets of the server on socketName, ""
	// being the configured socket.
	SocketPath func(socketName string) string
	// MaxNamed, when positive, bounds the servers that calls may reach by
	// naming a socket, the configured one aside: past it, a new name gets
	// a failed command.
	MaxNamed int
	// StartSession starts each server this dialer makes with a detached
	// session, so that it is running, as a user's tmux would be, before
	// the first tool call.
	StartSession bool

	mu     sync.Mutex
	named  map[string]bool   // socket names dialled, when MaxNamed bounds them
	dialed map[string]string // socket path of each name dialled
}

// maxFakeSockets bounds the emulated tmux servers that calls may make by
// naming a socket_name with --backend fake. Each runs a login shell in a
// pseudo-terminal for its session, so without a bound every distinct name
// a client sends would cost a process and a pty for the rest of the run.
// Sixteen is more tmux servers than a person runs at once, for trying
// socket_name, and at most sixteen shells.
const maxFakeSockets = 16

// NewFakeBackend is --backend fake: emulated servers of its own, one per
// socket name, each started with a session. Close its Sockets when done.
func NewFakeBackend() *FakeDialer {
	return &FakeDialer{
		Sockets: &faketmux.Sockets{},
		SocketPath: func(socketName string) string {
			if socketName == "" {
				socketName = "default" // as tmux names the socket of no -L
			}
			return "faketmux:" + socketName
		},
		MaxNamed:     maxFakeSockets,
		StartSession: true,
	}
}

// Dial returns the emulated server on socketName.
func (d *FakeDialer) Dial(socketName string) server.Tmux {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.MaxNamed > 0 && socketName != "" && !d.named[socketName] {
		if len(d.named) >= d.MaxNamed {
			return tooManyFakeSockets{d.MaxNamed}
		}
		if d.named == nil {
			d.named = map[string]bool{}
		}
		d.named[socketName] = true
	}
	// Made and started under the lock, so that a concurrent call on the
	// same socket never finds it without its session.
	path := d.SocketPath(socketName)
	if d.dialed == nil {
		d.dialed = map[string]string{}
	}
	d.dialed[socketName] = path
	s, made := d.Sockets.Server(path)
	if made && d.StartSession {
		s.Run(context.Background(), []string{"new-session", "-d"}, nil, io.Discard, io.Discard)
	}
	return utf8Client{s}
}

// utf8Client runs commands on an emulated server as a client that takes
// UTF-8 (tmux -u), as the exec and control backends are: tmux prints what
// it holds as it is, whatever this process's locale.
type utf8Client struct{ *faketmux.Server }

func (c utf8Client) Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return c.Exec(ctx, faketmux.Call{Args: args, Stdin: stdin, Stdout: stdout, Stderr: stderr, UTF8: true})
}

// NotifyOutput listens to the emulator: its panes tell of their output
// as tmux tells its control clients, so the server's waits need not poll.
func (c utf8Client) NotifyOutput(_ context.Context, pane, _ string, wake chan<- struct{}) (func(), <-chan struct{}, error) {
	stop, ok := c.Server.NotifyOutput(pane, wake)
	if !ok {
		return nil, nil, fmt.Errorf("the emulator has no pane %s", pane)
	}
	return stop, nil, nil
}

// tooManyFakeSockets fails every command on a socket past the bound,
// keeping nothing: a failure of the backend's own, not of tmux.
type tooManyFakeSockets struct{ max int }

func (t tooManyFakeSockets) Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	exit, err := t.RunBackend(ctx, args, stdin, stdout, stderr)
	return server.ReportFailure(stderr, exit, err)
}

func (t tooManyFakeSockets) RunBackend(context.Context, []string, io.Reader, io.Writer, io.Writer) (int, error) {
	return 0, &server.BackendError{Err: fmt.Errorf("the fake backend emulates at most %d tmux servers named by socket_name, and all are in use: name one of those, or leave socket_name out", t.max)}
}

// LiveSockets are the names dialled whose emulated server runs, the
// configured socket as "default" (see server.ServerFinder).
func (d *FakeDialer) LiveSockets() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	live := map[string]bool{}
	for name, path := range d.dialed {
		if s, ok := d.Sockets.Lookup(path); ok && s.Running() {
			if name == "" {
				name = "default"
			}
			live[name] = true
		}
	}
	return slices.Sorted(maps.Keys(live))
}

// DialPath is the emulated server made for path, if it runs.
func (d *FakeDialer) DialPath(path string) (server.Tmux, bool) {
	s, ok := d.Sockets.Lookup(path)
	if !ok || !s.Running() {
		return nil, false
	}
	return utf8Client{s}, true
}
