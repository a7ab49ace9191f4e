package faketmux

import (
	"strings"
	"testing"
	"time"
)

// TestNotifyOutput: a watcher is told of each output of its pane once the
// screen shows it, of no other pane's, and of nothing once stopped.
func TestNotifyOutput(t *testing.T) {
	s := started(t)
	mustRun(t, s, "split-window", "-d", "cat")
	if _, ok := s.NotifyOutput("%9", make(chan struct{}, 1)); ok {
		t.Error("a watch of a pane that does not exist")
	}
	wake := make(chan struct{}, 1)
	stop, ok := s.NotifyOutput("%0", wake)
	if !ok {
		t.Fatal("no watch of %0")
	}
	mustRun(t, s, "send-keys", "-t", "%1", "elsewhere", "Enter")
	until(t, "the other pane's echo", func() bool {
		return strings.Contains(mustRun(t, s, "capture-pane", "-p", "-t", "%1"), "elsewhere")
	})
	select {
	case <-wake:
		t.Fatal("told of another pane's output")
	default:
	}
	mustRun(t, s, "send-keys", "-t", "%0", "hello", "Enter")
	select {
	case <-wake:
	case <-time.After(10 * time.Second):
		t.Fatal("not told of the pane's output")
	}
	// By then the screen shows what was written, or some of it.
	if got := mustRun(t, s, "capture-pane", "-p", "-t", "%0"); !strings.Contains(got, "h") {
		t.Errorf("told before the screen took the output in: %q", got)
	}
	stop()
	until(t, "the echo", func() bool {
		return strings.Count(mustRun(t, s, "capture-pane", "-p", "-t", "%0"), "hello") == 2
	})
	for len(wake) > 0 {
		<-wake // what came before the stop
	}
	mustRun(t, s, "send-keys", "-t", "%0", "again", "Enter")
	until(t, "the second echo", func() bool {
		return strings.Count(mustRun(t, s, "capture-pane", "-p", "-t", "%0"), "again") == 2
	})
	select {
	case <-wake:
		t.Error("told after the watch stopped")
	default:
	}
}
