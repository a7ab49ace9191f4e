package faketmux

import (
	"slices"
	"strconv"
	"time"
)

// buffer is one paste buffer.
type buffer struct {
	name      string
	data      []byte
	automatic bool // named bufferN by tmux; only these are evicted
	order     uint64
	created   time.Time
}

// bufferStore is tmux's server-global paste buffer namespace. byTime runs
// oldest first, so the newest buffer is last and adding one appends.
type bufferStore struct {
	byName    map[string]*buffer
	byTime    []*buffer
	nextOrder uint64
	nextIndex uint64
	automatic int
	// freed counts the bytes of the buffers removed since the server last
	// handed memory back (state.releaseMemory).
	freed int
}

func (b *bufferStore) get(name string) *buffer {
	if name == "" {
		return nil
	}
	return b.byName[name]
}

// top is the most recent buffer, automatic or not (tmux's paste_get_top).
func (b *bufferStore) top() *buffer {
	if len(b.byTime) == 0 {
		return nil
	}
	return b.byTime[len(b.byTime)-1]
}

// newestFirst calls f for each buffer, most recent first.
func (b *bufferStore) newestFirst(f func(*buffer)) {
	for i := len(b.byTime) - 1; i >= 0; i-- {
		f(b.byTime[i])
	}
}

func (b *bufferStore) remove(pb *buffer) {
	b.freed += len(pb.data)
	delete(b.byName, pb.name)
	i, found := slices.BinarySearchFunc(b.byTime, pb.order, func(x *buffer, order uint64) int {
		switch {
		case x.order < order:
			return -1
		case x.order > order:
			return 1
		}
		return 0
	})
	if found {
		b.byTime = slices.Delete(b.byTime, i, i+1)
	}
	if pb.automatic {
		b.automatic--
	}
}

func (b *bufferStore) insert(pb *buffer) {
	if b.byName == nil {
		b.byName = make(map[string]*buffer)
	}
	pb.order = b.nextOrder
	b.nextOrder++
	b.byName[pb.name] = pb
	b.byTime = append(b.byTime, pb)
	if pb.automatic {
		b.automatic++
	}
}

// add stores data as a new automatic buffer, first evicting the oldest
// automatic buffers until it fits within limit. Empty data adds nothing.
func (b *bufferStore) add(data []byte, limit int, now time.Time) {
	b.addAs("buffer", data, limit, now)
}

// addAs is add with another prefix than "buffer" for the name, as copy
// mode's copy commands take one.
func (b *bufferStore) addAs(prefix string, data []byte, limit int, now time.Time) {
	if len(data) == 0 {
		return
	}
	for i := 0; i < len(b.byTime) && b.automatic >= limit; {
		if pb := b.byTime[i]; pb.automatic {
			b.remove(pb)
			continue
		}
		i++
	}
	pb := &buffer{data: data, automatic: true, created: now}
	for {
		pb.name = prefix + strconv.FormatUint(b.nextIndex, 10)
		b.nextIndex++
		if b.get(pb.name) == nil {
			break
		}
	}
	b.insert(pb)
}

// set stores data under a non-empty name, replacing (and moving to the
// top) any buffer of that name. Empty data stores nothing.
func (b *bufferStore) set(name string, data []byte, now time.Time) {
	if len(data) == 0 {
		return
	}
	if old := b.get(name); old != nil {
		b.remove(old)
	}
	b.insert(&buffer{name: name, data: data, created: now})
}

// rename gives pb a new name, which also makes it a named buffer that is no
// longer evicted; its place in the order is kept.
func (b *bufferStore) rename(pb *buffer, name string) {
	delete(b.byName, pb.name)
	pb.name = name
	if pb.automatic {
		pb.automatic = false
		b.automatic--
	}
	b.byName[name] = pb
}
