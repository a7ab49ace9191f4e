package faketmux

import (
	"bytes"
	"slices"
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

// NotifyOutput tells wake each time the program of pane id (such as "%0")
// writes, once the pane's screen has taken the output in, as tmux tells
// its control clients (%output): a send that would block is dropped, so a
// channel with room for one says "something came since you last looked".
// It is how a test, or this module's MCP server on its fake backend, waits
// for a pane without polling it. Stop ends it; ok is false when no server
// runs or it has no such pane. A server that exits, or a pane that goes,
// tells nothing more.
func (s *Server) NotifyOutput(id string, wake chan<- struct{}) (stop func(), ok bool) {
	s.mu.Lock()
	st := s.st
	var p *paneState
	if st != nil {
		p = st.lookupPaneID(id)
	}
	s.mu.Unlock()
	if p == nil {
		return nil, false
	}
	st.outMu.Lock()
	defer st.outMu.Unlock()
	if st.outWatchers == nil {
		st.outWatchers = map[int][]chan<- struct{}{}
	}
	st.outWatchers[p.id] = append(st.outWatchers[p.id], wake)
	return func() {
		st.outMu.Lock()
		defer st.outMu.Unlock()
		watchers := slices.DeleteFunc(st.outWatchers[p.id], func(w chan<- struct{}) bool { return w == wake })
		if len(watchers) == 0 {
			delete(st.outWatchers, p.id)
		} else {
			st.outWatchers[p.id] = watchers
		}
	}, true
}
