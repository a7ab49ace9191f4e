package server

import "sync"

// registry remembers the buffers this process made, per owner and socket, so
// that list_buffers and the clean-ups touch those and nothing else: tmux's
// buffer namespace is shared with the user and with other agents. An owner is
// an MCP session's id with Config.OwnerPerSession, else "" for the whole
// process.
type registry struct {
	mu      sync.Mutex
	ownerOf map[ownedBuffer]string
	byOwner map[string]map[ownedBuffer]bool
	peak    int // the most owners known at once since the maps were last rebuilt
}

type ownedBuffer struct{ socket, name string }

// join makes owner known, reporting whether it was new.
func (r *registry) join(owner string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, known := r.byOwner[owner]; known {
		return false
	}
	if r.byOwner == nil {
		r.byOwner, r.ownerOf = map[string]map[ownedBuffer]bool{}, map[ownedBuffer]string{}
	}
	r.byOwner[owner] = map[ownedBuffer]bool{}
	r.peak = max(r.peak, len(r.byOwner))
	return true
}

func (r *registry) add(owner, socket, name string) {
	r.join(owner)
	r.mu.Lock()
	defer r.mu.Unlock()
	b := ownedBuffer{socket, name}
	r.byOwner[owner][b] = true
	r.ownerOf[b] = owner
}

// remove forgets a buffer, whoever owns it: a buffer's name is a
// capability, and any session that holds it may delete the buffer.
func (r *registry) remove(socket, name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	b := ownedBuffer{socket, name}
	if owner, ok := r.ownerOf[b]; ok {
		delete(r.byOwner[owner], b)
		delete(r.ownerOf, b)
	}
}

func (r *registry) has(owner, socket, name string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.byOwner[owner][ownedBuffer{socket, name}]
}

// ofOwner returns socket -> names of owner's buffers, safe to use while calls
// go on.
func (r *registry) ofOwner(owner string) map[string][]string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return bySocket(r.byOwner[owner])
}

// snapshot returns socket -> names of every owner's buffers.
func (r *registry) snapshot() map[string][]string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return bySocket(r.ownerOf)
}

// leave forgets owner and every buffer it still has.
func (r *registry) leave(owner string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for b := range r.byOwner[owner] {
		delete(r.ownerOf, b)
	}
	delete(r.byOwner, owner)
	// A Go map keeps its size when entries go: rebuild the maps once most
	// owners have left, so that the memory of ended sessions goes back.
	if len(r.byOwner) < r.peak/4 {
		r.byOwner, r.ownerOf, r.peak = rebuilt(r.byOwner), rebuilt(r.ownerOf), len(r.byOwner)
	}
}

func rebuilt[K comparable, V any](m map[K]V) map[K]V {
	out := make(map[K]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func bySocket[V any](buffers map[ownedBuffer]V) map[string][]string {
	out := map[string][]string{}
	for b := range buffers {
		out[b.socket] = append(out[b.socket], b.name)
	}
	return out
}
