package server

import "sync"

// registry remembers the buffers this process made, per socket, so that
// list_buffers and the clean-up on exit touch those and nothing else: tmux's
// buffer namespace is shared with the user and with other agents.
type registry struct {
	mu       sync.Mutex
	bySocket map[string]map[string]bool
}

func (r *registry) add(socket, name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.bySocket == nil {
		r.bySocket = map[string]map[string]bool{}
	}
	if r.bySocket[socket] == nil {
		r.bySocket[socket] = map[string]bool{}
	}
	r.bySocket[socket][name] = true
}

func (r *registry) remove(socket, name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.bySocket[socket], name)
}

func (r *registry) has(socket, name string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.bySocket[socket][name]
}

// snapshot returns socket -> names, safe to use while calls go on.
func (r *registry) snapshot() map[string][]string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make(map[string][]string, len(r.bySocket))
	for socket, names := range r.bySocket {
		for name := range names {
			out[socket] = append(out[socket], name)
		}
	}
	return out
}
