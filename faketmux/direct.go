package faketmux

import (
	"bytes"
	"time"
)

// Buffer is a paste buffer as the direct helpers report it.
type Buffer struct {
	Name      string
	Data      []byte
	Automatic bool // named bufferN by tmux, evicted beyond buffer-limit
	Created   time.Time
}

// Buffers returns the running server's paste buffers, most recent first,
// without going through a command; nil when no server runs.
func (s *Server) Buffers() []Buffer {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.st == nil {
		return nil
	}
	var out []Buffer
	s.st.buffers.newestFirst(func(pb *buffer) {
		out = append(out, Buffer{Name: pb.name, Data: bytes.Clone(pb.data), Automatic: pb.automatic, Created: pb.created})
	})
	return out
}

// PaneInput returns every byte written to a pane (pastes and keys), by its
// id such as "%0"; ok is false when there is no such pane.
func (s *Server) PaneInput(id string) (in []byte, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.st == nil {
		return nil, false
	}
	p := s.st.lookupPaneID(id)
	if p == nil {
		return nil, false
	}
	return p.prog.Input(), true
}

// Running reports whether a tmux server is running on the socket.
func (s *Server) Running() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.st != nil
}
