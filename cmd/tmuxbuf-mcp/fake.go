package main

import (
	"context"
	"io"

	"github.com/tmuxbuf/tmuxbuf/faketmux"
	"github.com/tmuxbuf/tmuxbuf/server"
)

// fakeDialer is --backend fake: one in-process emulated tmux server per
// socket name, each started with a detached session when first dialled, so
// that it is running, as a user's tmux would be, before the first tool call.
type fakeDialer struct {
	sockets faketmux.Sockets
}

func (d *fakeDialer) Dial(socketName string) server.Tmux {
	s, made := d.sockets.Server("faketmux:" + socketName)
	if made {
		s.Run(context.Background(), []string{"new-session", "-d"}, nil, io.Discard, io.Discard)
	}
	return s
}

// Close ends every emulated server and the programs in their panes.
func (d *fakeDialer) Close() { d.sockets.Close() }
