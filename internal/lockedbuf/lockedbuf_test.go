package lockedbuf

import (
	"strings"
	"sync"
	"testing"
)

// TestConcurrentWrites writes from many goroutines while reading: nothing
// is lost, and go test -race finds no race.
func TestConcurrentWrites(t *testing.T) {
	var b Buffer
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 100 {
				b.Write([]byte("line\n"))
				_ = b.String()
			}
		})
	}
	wg.Wait()
	if got := strings.Count(b.String(), "line\n"); got != 800 {
		t.Errorf("%d lines written, want 800", got)
	}
}
