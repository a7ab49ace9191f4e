// Package lockedbuf is a bytes.Buffer safe for concurrent use, for tests
// that read what a process or server writes while it is still writing
// (its standard error, say).
package lockedbuf

import (
	"bytes"
	"sync"
)

// Buffer is a bytes.Buffer behind a mutex. The zero value is empty and
// ready to use.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *Buffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// String returns what has been written so far.
func (l *Buffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
