package main

import (
	"io"
	"sync"
	"time"
)

// The go-sdk stops writing the moment its reader returns end of file, so a
// client that writes its calls and closes standard input at once (a shell
// pipe, a test) would get no answer to the calls still under way. The
// stdio transport therefore reads through answerBeforeEOF, which holds the
// end of file back until every call read so far has been answered, as
// counted on standard output, or until patience runs out.

// calls counts the JSON-RPC calls read and the responses written.
type calls struct {
	mu       sync.Mutex
	changed  *sync.Cond
	read     int
	answered int
}

func newCalls() *calls {
	c := &calls{}
	c.changed = sync.NewCond(&c.mu)
	return c
}

func (c *calls) add(read, answered int) {
	if read == 0 && answered == 0 {
		return
	}
	c.mu.Lock()
	c.read += read
	c.answered += answered
	c.mu.Unlock()
	c.changed.Broadcast()
}

// waitAnswered waits until every call read has been answered, or patience
// has passed, or giveUp is called.
func (c *calls) waitAnswered(patience time.Duration) {
	timer := time.AfterFunc(patience, c.giveUp)
	defer timer.Stop()
	c.mu.Lock()
	defer c.mu.Unlock()
	for c.answered < c.read {
		c.changed.Wait()
	}
}

// giveUp counts every call read as answered, ending waitAnswered.
func (c *calls) giveUp() {
	c.mu.Lock()
	c.answered = max(c.answered, c.read)
	c.mu.Unlock()
	c.changed.Broadcast()
}

// answerBeforeEOF is standard input, counting the calls in it and holding
// back its end of file.
type answerBeforeEOF struct {
	io.ReadCloser
	calls    *calls
	scan     messageScanner
	patience time.Duration
}

// Close, when the server stops for another reason (a signal), ends the
// wait for answers.
func (r *answerBeforeEOF) Close() error {
	r.calls.giveUp()
	return r.ReadCloser.Close()
}

func (r *answerBeforeEOF) Read(p []byte) (int, error) {
	n, err := r.ReadCloser.Read(p)
	r.calls.add(r.scan.feed(p[:n]).calls, 0)
	if err == io.EOF {
		r.calls.waitAnswered(r.patience)
	}
	return n, err
}

// countAnswers is standard output, counting the responses written to it.
type countAnswers struct {
	io.WriteCloser
	calls *calls
	scan  messageScanner
}

func (w *countAnswers) Write(p []byte) (int, error) {
	n, err := w.WriteCloser.Write(p)
	w.calls.add(0, w.scan.feed(p[:n]).responses)
	return n, err
}

// messageScanner follows a stream of JSON-RPC messages (objects, or
// batches of them in arrays) and tells calls (a method and an id) from
// responses (an id and no method) by their top-level keys alone. It keeps
// no message and allocates nothing, whatever their size: a load_buffer
// call may carry many megabytes.
type messageScanner struct {
	depth      int
	batch      bool // the value at depth 0 is an array
	inString   bool
	escaped    bool
	wantKey    bool // at a message's top level, where a key comes next
	inKey      bool // reading such a key
	key        [keyCap]byte
	keyLen     int  // of the key read, up to keyCap bytes
	afterID    bool // the key "id" is read, and its value has not started
	id, method bool
}

const keyCap = 8

type scanned struct{ calls, responses int }

func (s *messageScanner) feed(p []byte) scanned {
	var out scanned
	top := 1 // a message's own depth, inside its braces
	if s.batch {
		top = 2
	}
	for _, b := range p {
		if s.inString {
			switch {
			case s.escaped:
				s.escaped = false
			case b == '\\':
				s.escaped = true
			case b == '"':
				s.inString = false
				if s.inKey {
					s.inKey = false
					s.noteKey()
				}
			case s.inKey && s.keyLen < keyCap:
				s.key[s.keyLen] = b
				s.keyLen++
			}
			continue
		}
		if s.afterID && s.depth == top && b != ':' && b != ' ' && b != '\t' && b != '\r' && b != '\n' {
			s.id = s.id || b != 'n' // "id": null is no id
			s.afterID = false
		}
		switch b {
		case '"':
			s.inString = true
			if s.wantKey && s.depth == top {
				s.wantKey, s.inKey, s.keyLen = false, true, 0
			}
		case '[':
			if s.depth == 0 {
				s.batch, top = true, 2
			}
			s.depth++
		case '{':
			s.depth++
			if s.depth == top {
				s.wantKey, s.id, s.method = true, false, false
			}
		case '}', ']':
			if s.depth == top && b == '}' {
				switch {
				case s.id && s.method:
					out.calls++
				case s.id:
					out.responses++
				}
			}
			s.depth--
			if s.depth == 0 {
				s.batch, top = false, 1
			}
		case ',':
			if s.depth == top {
				s.wantKey = true
			}
		}
	}
	return out
}

func (s *messageScanner) noteKey() {
	switch string(s.key[:s.keyLen]) {
	case "id":
		s.afterID = true
	case "method":
		s.method = true
	}
}
