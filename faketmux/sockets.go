package faketmux

import (
	"slices"
	"sync"
)

// Sockets is a machine's tmux socket directory in miniature: one Server per
// socket path, made on first use with the options that Options gives for
// that path. Like a socket file with nobody listening yet, a new Server runs
// no tmux server until a command starts one.
type Sockets struct {
	// Options gives the options of the Server made for a socket path; nil
	// means Options{SocketPath: path}.
	Options func(path string) Options

	mu      sync.Mutex
	servers map[string]*Server
}

// Server returns the Server for path, and whether this call made it.
func (s *Sockets) Server(path string) (srv *Server, made bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if srv, ok := s.servers[path]; ok {
		return srv, false
	}
	opts := Options{SocketPath: path}
	if s.Options != nil {
		opts = s.Options(path)
	}
	srv = New(opts)
	if s.servers == nil {
		s.servers = map[string]*Server{}
	}
	s.servers[path] = srv
	return srv, true
}

// Close closes every Server made, ending the programs in their panes.
func (s *Sockets) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, srv := range s.servers {
		srv.Close()
	}
}

// Lookup is the Server made for path, if there is one; it makes none.
func (s *Sockets) Lookup(path string) (*Server, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	srv, ok := s.servers[path]
	return srv, ok
}

// Running are the socket paths whose server runs, sorted: what a scan of
// the directory for sockets that answer would find.
func (s *Sockets) Running() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var paths []string
	for path, srv := range s.servers {
		if srv.Running() {
			paths = append(paths, path)
		}
	}
	slices.Sort(paths)
	return paths
}
