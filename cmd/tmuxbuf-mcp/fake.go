package main

import (
	"context"
	"io"
	"sync"

	"github.com/tmuxbuf/tmuxbuf/faketmux"
	"github.com/tmuxbuf/tmuxbuf/server"
)

// fakeDialer is --backend fake: one in-process emulated tmux server per
// socket name, each started with a detached session so that it is running,
// as a user's tmux would be, before the first tool call.
type fakeDialer struct {
	mu      sync.Mutex
	servers map[string]*faketmux.Server
}

func newFakeDialer() *fakeDialer {
	return &fakeDialer{servers: map[string]*faketmux.Server{}}
}

func (d *fakeDialer) Dial(socketName string) server.Tmux {
	d.mu.Lock()
	defer d.mu.Unlock()
	if s, ok := d.servers[socketName]; ok {
		return s
	}
	s := faketmux.New(faketmux.Options{SocketPath: "faketmux:" + socketName})
	s.Run(context.Background(), []string{"new-session", "-d"}, nil, io.Discard, io.Discard)
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
