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

// flaky is a tmux whose first command line meets its server going, as a
// client does that connects while the server exits and another starts.
type flaky struct {
	mu    sync.Mutex
	lines int
}

func (f *flaky) Dial(string) Tmux { return f }

func (f *flaky) Run(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.lines++
	if f.lines == 1 {
		io.WriteString(stderr, "server exited unexpectedly\n")
		return 1
	}
	io.WriteString(stdout, "$0"+fieldMark+"main"+fieldMark+"1"+fieldMark+"0"+fieldMark+"0"+fieldMark+"%0"+recordMark+"\n")
	return 0
}

// TestReadOnlyToolsRetryOnce: a read-only tool whose tmux caught its server
// going tries once more, as libtmux-mcp's do; a tool that changes tmux
// never does, since its first line may have acted.
func TestReadOnlyToolsRetryOnce(t *testing.T) {
	for _, c := range []struct {
		tool      string
		args      string
		lines     int
		succeeded bool
	}{
		{"list_sessions", `{}`, 2, true},
		{"create_session", `{}`, 1, false},
	} {
		f := &flaky{}
		s, err := New(Config{Tmux: f})
		if err != nil {
			t.Fatal(err)
		}
		tl, _ := toolNamed(c.tool)
		_, _, _, err = s.call(context.Background(), tl, json.RawMessage(c.args))
		if f.lines != c.lines || (err == nil) != c.succeeded {
			t.Errorf("%s: %d command lines, error %v; want %d lines, success %v", c.tool, f.lines, err, c.lines, c.succeeded)
		}
	}
}
