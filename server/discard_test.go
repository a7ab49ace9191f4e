package server

import (
	"context"
	"encoding/json"
	"io"
	"slices"
	"sync"
	"testing"
	"time"
)

// tookLoadThenHung is a tmux that takes a load in and then never answers,
// the worst case for a timeout: the buffer exists, the caller hears nothing.
type tookLoadThenHung struct {
	mu   sync.Mutex
	cmds [][]string
}

func (h *tookLoadThenHung) Dial(string) Tmux { return h }

func (h *tookLoadThenHung) Run(ctx context.Context, args []string, stdin io.Reader, _, _ io.Writer) int {
	h.mu.Lock()
	h.cmds = append(h.cmds, slices.Clone(args))
	h.mu.Unlock()
	if args[0] == "load-buffer" {
		io.Copy(io.Discard, stdin)
		<-ctx.Done()
		return 1
	}
	return 0
}

// TestCutShortLoadIsDiscarded times a load out after tmux took it: the
// server must delete the buffer it can no longer hand out.
func TestCutShortLoadIsDiscarded(t *testing.T) {
	tmux := &tookLoadThenHung{}
	s, err := New(Config{Tmux: tmux, Timeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	load := tools[slices.IndexFunc(tools, func(t tool) bool { return t.name == "load_buffer" })]
	if _, _, _, err := s.call(context.Background(), load, json.RawMessage(`{"content":"x"}`)); !cutShort(err) {
		t.Fatalf("load = %v, want a timeout", err)
	}
	if _, err := s.Cleanup(context.Background()); err != nil {
		t.Fatal(err)
	}
	tmux.mu.Lock()
	defer tmux.mu.Unlock()
	if len(tmux.cmds) != 2 || tmux.cmds[0][0] != "load-buffer" ||
		!slices.Equal(tmux.cmds[1], []string{"delete-buffer", "-b", tmux.cmds[0][2]}) {
		t.Errorf("tmux saw %q, want the load and then a delete of the same buffer", tmux.cmds)
	}
}
