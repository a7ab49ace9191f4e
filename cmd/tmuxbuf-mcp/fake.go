package main

import (
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/tmuxbuf/tmuxbuf/faketmux"
	"github.com/tmuxbuf/tmuxbuf/server"
)

// maxFakeSockets bounds the emulated tmux servers that calls may make by
// naming a socket_name, besides the configured socket's, which is always
// there. Each runs a login shell in a pseudo-terminal for its session, so
// without a bound every distinct name a client sends would cost a process
// and a pty for the rest of the run. Sixteen is more tmux servers than a
// person runs at once, for trying socket_name, and at most sixteen shells.
const maxFakeSockets = 16

// fakeDialer is --backend fake: one in-process emulated tmux server per
// socket name, each started with a detached session when first dialled, so
// that it is running, as a user's tmux would be, before the first tool call.
type fakeDialer struct {
	mu      sync.Mutex
	servers map[string]*faketmux.Server // by socket name, "" the configured one
}

func (d *fakeDialer) Dial(socketName string) server.Tmux {
	d.mu.Lock()
	defer d.mu.Unlock()
	if s, ok := d.servers[socketName]; ok {
		return s
	}
	named := len(d.servers)
	if _, ok := d.servers[""]; ok {
		named--
	}
	if socketName != "" && named >= maxFakeSockets {
		return tooManyFakeSockets{}
	}
	// Started under the lock, so that a concurrent call on the same socket
	// never finds it without its session.
	s := faketmux.New(faketmux.Options{SocketPath: "faketmux:" + socketName})
	s.Run(context.Background(), []string{"new-session", "-d"}, nil, io.Discard, io.Discard)
	if d.servers == nil {
		d.servers = map[string]*faketmux.Server{}
	}
	d.servers[socketName] = s
	return s
}

// Close ends every emulated server and the programs in their panes.
func (d *fakeDialer) Close() {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, s := range d.servers {
		s.Close()
	}
}

// tooManyFakeSockets answers every command on a socket past the bound, as
// tmux answers a failed command, keeping nothing.
type tooManyFakeSockets struct{}

func (tooManyFakeSockets) Run(_ context.Context, _ []string, _ io.Reader, _, stderr io.Writer) int {
	fmt.Fprintf(stderr, "the fake backend emulates at most %d tmux servers named by socket_name, and all are in use: name one of those, or leave socket_name out\n", maxFakeSockets)
	return 1
}
