package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A soak runs many calls through one long-running server, in this process
// so that its goroutines can be counted, and compares what the process
// holds once the calls are done with what it held after a warm-up: a leak
// of goroutines, file descriptors or memory per call or per HTTP session
// shows as a difference that grows with the number of calls.
//
// BenchmarkSoak* report the differences for a long run, e.g.
//
//	go test -run '^$' -bench Soak -benchtime 100000x ./cmd/tmuxbuf-mcp
//
// and TestSoakLeavesNothingBehind holds a short run to them.

// soakWorkers is how many clients call at once.
const soakWorkers = 8

// soakTransport starts a server and opens client sessions to it.
type soakTransport struct {
	name    string
	start   func(tb testing.TB) (connect func() *mcp.ClientSession, stop func())
	session int // calls after which a worker ends its session and opens another; 0: never
}

var soakTransports = []soakTransport{
	{name: "stdio", start: startStdioSoak},
	// Each worker's session ends every 250 calls: ended sessions must take
	// their buffers, goroutines and memory with them.
	{name: "http", start: startHTTPSoak, session: 250},
}

// startStdioSoak runs the server over in-process pipes; it has one session.
func startStdioSoak(tb testing.TB) (func() *mcp.ClientSession, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	go func() { done <- run(ctx, []string{"--backend", "fake"}, noEnv, inR, outW, io.Discard) }()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "soak", Version: "0"}, nil).Connect(ctx, &mcp.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		tb.Fatal(err)
	}
	// Its one session serves every worker.
	return func() *mcp.ClientSession { return cs }, func() {
		cs.Close()
		cancel()
		if code := <-done; code != 0 {
			tb.Errorf("the stdio server exited %d", code)
		}
	}
}

func startHTTPSoak(tb testing.TB) (func() *mcp.ClientSession, func()) {
	const token = "soak-token-soak-token-soak-token"
	s := startHTTP(tb, map[string]string{"TMUXBUF_HTTP_TOKEN": token})
	return func() *mcp.ClientSession { return s.connect(tb, token) }, func() { s.stop(tb) }
}

// held is what the process holds.
type held struct {
	goroutines, fds int
	heap, rss       uint64 // bytes
}

func measure(tb testing.TB) held {
	// The HTTP clients' idle keep-alive connections are the test's, not
	// the server's, and how many there are is chance.
	http.DefaultClient.CloseIdleConnections()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		tb.Fatal(err)
	}
	return held{goroutines: runtime.NumGoroutine(), fds: len(fds), heap: m.HeapAlloc, rss: rss(tb)}
}

func rss(tb testing.TB) uint64 {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		tb.Fatal(err)
	}
	for line := range strings.Lines(string(status)) {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				tb.Fatal(err)
			}
			return kb << 10
		}
	}
	tb.Fatal("no VmRSS in /proc/self/status")
	return 0
}

// settled waits for goroutines and descriptors still winding down (an
// ended HTTP session's clean-up, a closed connection) to drop back to at
// most base's, and returns what is held then, or after a generous wait.
func settled(tb testing.TB, base held) held {
	deadline := time.Now().Add(20 * time.Second)
	for {
		now := measure(tb)
		if now.goroutines <= base.goroutines && now.fds <= base.fds || time.Now().After(deadline) {
			return now
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// soak makes about calls tool calls through t, in cycles of load_buffer,
// show_buffer, list_buffers and delete_buffer, from soakWorkers clients.
func soak(tb testing.TB, t soakTransport, connect func() *mcp.ClientSession, calls int) {
	cycles := max(calls/4/soakWorkers, 1)
	perSession := cycles
	if t.session > 0 {
		perSession = max(t.session/4, 1)
	}
	var wg sync.WaitGroup
	for w := range soakWorkers {
		wg.Go(func() {
			var cs *mcp.ClientSession
			for i := range cycles {
				if i%perSession == 0 {
					if cs != nil && t.session > 0 {
						cs.Close()
					}
					cs = connect()
				}
				soakCycle(tb, cs, fmt.Sprintf("worker %d cycle %d", w, i))
			}
			if t.session > 0 {
				cs.Close()
			}
		})
	}
	wg.Wait()
}

func soakCycle(tb testing.TB, cs *mcp.ClientSession, content string) {
	call := func(name string, args map[string]any) map[string]any {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil || res.IsError {
			tb.Errorf("%s: %v %v", name, err, res)
			return nil
		}
		m, _ := res.StructuredContent.(map[string]any)
		return m
	}
	loaded := call("load_buffer", map[string]any{"content": content})
	if loaded == nil {
		return
	}
	name := loaded["buffer_name"]
	if shown := call("show_buffer", map[string]any{"buffer_name": name}); shown != nil && shown["content"] != content {
		tb.Errorf("show_buffer gave %q, want %q", shown["content"], content)
	}
	call("list_buffers", map[string]any{})
	call("delete_buffer", map[string]any{"buffer_name": name})
}

// soakRun warms the server up, measures, soaks, and measures again.
func soakRun(tb testing.TB, t soakTransport, calls int) (base, after held) {
	connect, stop := t.start(tb)
	defer stop()
	soak(tb, t, connect, 4*soakWorkers*max(t.session, 8))
	base = measure(tb)
	soak(tb, t, connect, calls)
	return base, settled(tb, base)
}

func TestSoakLeavesNothingBehind(t *testing.T) {
	for _, tr := range soakTransports {
		t.Run(tr.name, func(t *testing.T) {
			base, after := soakRun(t, tr, 2000)
			if after.goroutines > base.goroutines || after.fds > base.fds {
				t.Errorf("after 2,000 calls the process holds %d goroutines and %d descriptors; after the warm-up, %d and %d",
					after.goroutines, after.fds, base.goroutines, base.fds)
			}
		})
	}
}

func BenchmarkSoak(b *testing.B) {
	for _, tr := range soakTransports {
		b.Run(tr.name, func(b *testing.B) {
			b.ResetTimer()
			base, after := soakRun(b, tr, b.N)
			b.ReportMetric(float64(after.goroutines-base.goroutines), "goroutines-delta")
			b.ReportMetric(float64(after.fds-base.fds), "fds-delta")
			b.ReportMetric(float64(int64(after.heap)-int64(base.heap))/(1<<20), "heap-delta-MiB")
			b.ReportMetric(float64(after.rss)/(1<<20), "rss-MiB")
		})
	}
}
