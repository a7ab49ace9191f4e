package lift

import (
	"sync"
	"unicode/utf8"
)

// A Redaction is the audit log's redaction of a string that a Reader
// decodes in pieces, made from the pieces as they come, on a goroutine of
// its own: for a payload of a few MiB the hashing and counting cost about
// what decoding it does, and are then done when the decoding is.
type Redaction struct {
	pieces chan []byte
	done   chan Digest
	stop   sync.Once
}

// StartRedaction starts a Redaction.
func (p *Table) StartRedaction() *Redaction {
	r := &Redaction{pieces: make(chan []byte, 16), done: make(chan Digest, 1)}
	go func() {
		h := p.digest()
		runes := 0
		for piece := range r.pieces {
			h.Write(piece)
			runes += utf8.RuneCount(piece)
		}
		r.done <- Digest{Runes: runes, Sum: h.Sum(nil)}
	}()
	return r
}

// Add hands over the string's next piece, whole runes, which must not
// change afterwards.
func (r *Redaction) Add(piece []byte) {
	if len(piece) > 0 {
		r.pieces <- piece
	}
}

// End ends the string, whose redaction Lift then takes; for a string that
// will not be lifted, it stops the work. It may be called more than once.
func (r *Redaction) End() {
	if r != nil {
		r.stop.Do(func() { close(r.pieces) })
	}
}

// A Digest is what the audit log keeps of a lifted string: its length in
// runes, and the sum of the table's hash (see NewTable) over its bytes.
type Digest struct {
	Runes int
	Sum   []byte
}
