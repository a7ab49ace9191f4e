package server_test

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tmuxbuf/tmuxbuf/faketmux"
	"github.com/tmuxbuf/tmuxbuf/server"
)

// hookedDialer runs before with each command line the server sends to
// tmux, then sends it.
type hookedDialer struct {
	server.Dialer
	mu     sync.Mutex
	before func(args []string)
}

func (d *hookedDialer) Dial(socket string) server.Tmux {
	return hookedTmux{d, d.Dialer.Dial(socket)}
}

func (d *hookedDialer) setBefore(f func(args []string)) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.before = f
}

type hookedTmux struct {
	d *hookedDialer
	server.Tmux
}

func (t hookedTmux) Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	t.d.mu.Lock()
	before := t.d.before
	t.d.mu.Unlock()
	if before != nil {
		before(afterGate(args))
	}
	return t.Tmux.Run(ctx, args, stdin, stdout, stderr)
}

// afterGate is a command line without the permit's gate that the server
// puts before the commands of a line that changes tmux (server/permit.go):
// the commands the caller asked for.
func afterGate(args []string) []string {
	if len(args) > 9 && args[0] == "load-buffer" && strings.HasPrefix(args[2], "tmuxbuf_gate_") {
		return args[9:]
	}
	return args
}

// loadMany makes n buffers through the server, and a user's buffer beside
// them that clean-up must spare.
func loadMany(e *tmuxEnv, n int) []string {
	e.mustTmux("set-buffer", "-b", "clipboard", "user")
	var mine []string
	for i := range n {
		mine = append(mine, e.load(fmt.Sprint("content ", i)))
	}
	return mine
}

func checkOnlyClipboardLeft(t *testing.T, e *tmuxEnv) {
	t.Helper()
	if left := e.bufferNames(); !slices.Equal(left, []string{"clipboard"}) {
		t.Errorf("after Cleanup the buffers are %d: %.3q..., want only the user's clipboard", len(left), left)
	}
}

// TestCleanupChainsDeletes checks that a server with many buffers deletes
// them in a few tmux command lines, not one process per buffer.
func TestCleanupChainsDeletes(t *testing.T) {
	e := newEnv(t)
	hook := &hookedDialer{Dialer: e.dialer()}
	e.connect(func(c *server.Config) { c.Tmux = hook })
	mine := loadMany(e, 200)

	var commandLines int
	hook.setBefore(func([]string) { commandLines++ })
	n, err := e.srv.Cleanup(t.Context())
	if err != nil || n != len(mine) {
		t.Fatalf("Cleanup = %d, %v; want %d deleted and no error", n, err, len(mine))
	}
	// One list-buffers, then 200 names of about 50 bytes in 8 KiB chains.
	if commandLines > 4 {
		t.Errorf("Cleanup sent %d tmux command lines for %d buffers, want at most 4", commandLines, len(mine))
	}
	checkOnlyClipboardLeft(t, e)
}

// TestCleanupSurvivesABufferVanishing deletes one of the server's buffers
// behind its back after clean-up has listed them: tmux then skips the rest
// of that chained command line, and clean-up must still delete the others
// and count only what it deleted.
func TestCleanupSurvivesABufferVanishing(t *testing.T) {
	e := newEnv(t)
	hook := &hookedDialer{Dialer: e.dialer()}
	e.connect(func(c *server.Config) { c.Tmux = hook })
	mine := loadMany(e, 20)

	var once sync.Once
	hook.setBefore(func(args []string) {
		if len(args) > 3 && args[3] == ";" { // the first chained delete
			once.Do(func() { e.mustTmux("delete-buffer", "-b", mine[0]) })
		}
	})
	n, err := e.srv.Cleanup(t.Context())
	if err != nil || n != len(mine)-1 {
		t.Fatalf("Cleanup = %d, %v; want %d deleted and no error", n, err, len(mine)-1)
	}
	checkOnlyClipboardLeft(t, e)
}

// TestCleanupAfterTmuxExited checks that buffers whose tmux server has gone
// are forgotten without an error: they went with it.
func TestCleanupAfterTmuxExited(t *testing.T) {
	e := newEnv(t)
	loadMany(e, 3)
	e.killServer()
	if n, err := e.srv.Cleanup(t.Context()); n != 0 || err != nil {
		t.Fatalf("Cleanup = %d, %v; want 0 deleted and no error", n, err)
	}
}

// TestCleanupWorksOnEverySocketAtOnce owns buffers on three tmux servers
// and holds each list-buffers of the clean-up until every socket's has
// started: a clean-up that went socket after socket would wait out a hung
// tmux once per socket, and the process would exit after many timeouts.
// (A held list-buffers gives up after 30 s, so that the old way fails
// rather than hangs.)
func TestCleanupWorksOnEverySocketAtOnce(t *testing.T) {
	e := newEnv(t)
	hook := &hookedDialer{Dialer: e.dialer()}
	e.connect(func(c *server.Config) { c.Tmux = hook })
	sockets := []string{e.socket, e.socket + "b", e.socket + "c"}
	start := []string{"new-session", "-d"}
	if realTmux(t) {
		start = append([]string{"-f", "/dev/null"}, start...)
	}
	for _, socket := range sockets[1:] {
		if _, stderr, err := e.tmuxOn(socket, start...); err != nil {
			t.Fatalf("starting tmux on %s: %v %s", socket, err, stderr)
		}
		t.Cleanup(func() { e.tmuxOn(socket, "kill-server") })
	}
	for _, socket := range sockets {
		e.ok("load_buffer", map[string]any{"content": "x", "socket_name": socket})
	}

	var listing sync.WaitGroup
	listing.Add(len(sockets))
	allListing := make(chan struct{})
	go func() { listing.Wait(); close(allListing) }()
	hook.setBefore(func(args []string) {
		if args[0] != "list-buffers" {
			return
		}
		listing.Done()
		select {
		case <-allListing:
		case <-time.After(30 * time.Second):
			t.Errorf("clean-up listed the buffers of one socket at a time")
		}
	})
	if n, err := e.srv.Cleanup(t.Context()); n != len(sockets) || err != nil {
		t.Fatalf("Cleanup = %d, %v; want %d deleted and no error", n, err, len(sockets))
	}
}

// TestCleanupReportsWhatIsNotGone: clean-up takes a failed list-buffers for
// "nothing left to delete" only when tmux says that its server is gone; any
// other failure is reported, as the buffers may well still be there.
func TestCleanupReportsWhatIsNotGone(t *testing.T) {
	e := newEnv(t)
	if e.fake == nil {
		t.Skip("injects a fault into the emulator; real tmux fails this way only by accident")
	}
	e.load("kept")
	e.fakeServer(e.socket).InjectFault(1, faketmux.Fault{Exit: 1, Stderr: "out of memory\n"})
	if _, err := e.srv.Cleanup(context.Background()); err == nil || !strings.Contains(err.Error(), "out of memory") {
		t.Errorf("Cleanup with list-buffers failing: %v, want its error", err)
	}
}
