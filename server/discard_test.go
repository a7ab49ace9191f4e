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

// tookLoadThenHung is a tmux that takes its first command line's input in
// and then never answers it, the worst case for a timeout: the buffer
// exists, the caller hears nothing. It answers later lines at once.
type tookLoadThenHung struct {
	mu   sync.Mutex
	cmds [][]string
}

func (h *tookLoadThenHung) Dial(string) Tmux { return h }

func (h *tookLoadThenHung) Run(ctx context.Context, args []string, stdin io.Reader, _, _ io.Writer) int {
	h.mu.Lock()
	h.cmds = append(h.cmds, slices.Clone(args))
	first := len(h.cmds) == 1
	h.mu.Unlock()
	if stdin != nil {
		io.Copy(io.Discard, stdin)
	}
	if first {
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
	if len(tmux.cmds) < 2 || tmux.cmds[0][0] != "load-buffer" ||
		!slices.ContainsFunc(tmux.cmds[1:], func(line []string) bool {
			return slices.Equal(line[len(line)-3:], []string{"delete-buffer", "-b", tmux.cmds[0][2]})
		}) {
		t.Errorf("tmux saw %q, want the load and then a delete of the same buffer", tmux.cmds)
	}
}
