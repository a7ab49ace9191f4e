package faketmux

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// heap is the heap in use after a collection, and what the process holds
// of the system's memory for its heap.
func heap() (inUse, held int64) {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc), int64(m.HeapSys - m.HeapReleased)
}

// waitHeap collects until the heap in use is at most limit: a pane's
// watcher lets go of its program once it has seen it exit, which may be
// just after the command that killed it.
func waitHeap(t *testing.T, limit int64) (inUse, held int64) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for {
		inUse, held = heap()
		if inUse <= limit || time.Now().After(deadline) {
			return inUse, held
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestDeletedBufferIsReleased loads a 50 MB buffer and deletes it: the
// heap goes back to what it was, and the memory goes back to the system
// rather than staying with a daemon that holds nothing.
func TestDeletedBufferIsReleased(t *testing.T) {
	const size = 50 << 20
	s := started(t)
	inUse0, held0 := heap()
	if _, errs, rc := run(t, s, strings.Repeat("x", size), "load-buffer", "-b", "big", "-"); rc != 0 {
		t.Fatalf("load-buffer: exit %d, %q", rc, errs)
	}
	if inUse, _ := heap(); inUse < inUse0+size*9/10 {
		t.Fatalf("the heap grew by %d bytes with a %d-byte buffer", inUse-inUse0, size)
	}
	mustRun(t, s, "delete-buffer", "-b", "big")
	inUse, held := waitHeap(t, inUse0+size/10)
	if inUse > inUse0+size/10 {
		t.Errorf("after delete-buffer the heap is %d bytes over what it was", inUse-inUse0)
	}
	if held > held0+size/2 {
		t.Errorf("after delete-buffer the process holds %d bytes more for its heap", held-held0)
	}
}

// TestKilledWindowsAreReleased fills the history of ten 800x600 panes and
// kills their windows: what their screens held is freed.
func TestKilledWindowsAreReleased(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-x", "800", "-y", "600", "sleep 1000")
	inUse0, _ := heap()
	for range 10 {
		mustRun(t, s, "new-window", "-d", "seq 1 2000; exec sleep 1000")
	}
	// The 2000 lines and the cursor's row after them, on 600 rows.
	want := "0\n" + strings.Repeat(strconv.Itoa(2000+1-600)+"\n", 10)
	deadline := time.Now().Add(patience)
	for got := ""; got != want; got = mustRun(t, s, "list-windows", "-F", "#{history_size}") {
		if time.Now().After(deadline) {
			t.Fatalf("histories never filled: %q", got)
		}
		time.Sleep(10 * time.Millisecond)
	}
	full, _ := heap()
	mustRun(t, s, "kill-window", "-a")
	grown := full - inUse0
	if inUse, _ := waitHeap(t, inUse0+grown/10); inUse > inUse0+grown/10 {
		t.Errorf("the windows took %d bytes; after kill-window -a, %d are still in use", grown, inUse-inUse0)
	}
}
