package server_test

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/internal/config"
	"github.com/tmuxbuf/tmuxbuf/server"
)

// The latency of a wait: from a pane's output reaching tmux to
// wait_for_text's answer, on each backend (latency-ms, the mean per
// wait). The control backend and the emulator are told of the output;
// exec polls, every 50 ms by default. For example:
//
//	go test -run '^$' -bench WaitLatency -count 6 ./server
//
// Each wait starts on a pane running cat, and once it is under way (its
// first progress notification, then 20 ms for its first look to be over)
// the benchmark types a line there through a control client of its own,
// whose answer says the line has reached the pane's terminal, which
// echoes it at once.

func BenchmarkWaitLatencyControl(b *testing.B) {
	socket := benchTmux(b)
	d := &server.ControlDialer{SocketName: socket}
	trigger := &server.ControlDialer{SocketName: socket}
	b.Cleanup(func() { d.Close(); trigger.Close() })
	benchWaitLatency(b, d, trigger.Dial(""))
}

func BenchmarkWaitLatencyExec(b *testing.B) {
	socket := benchTmux(b)
	trigger := &server.ControlDialer{SocketName: socket}
	b.Cleanup(func() { trigger.Close() })
	benchWaitLatency(b, server.ExecDialer{SocketName: socket}, trigger.Dial(""))
}

func BenchmarkWaitLatencyFake(b *testing.B) {
	fake := config.NewFakeBackend()
	b.Cleanup(func() { fake.Sockets.Close() })
	benchWaitLatency(b, fake, fake.Dial(""))
}

func benchWaitLatency(b *testing.B, d server.Dialer, trigger server.Tmux) {
	var out strings.Builder
	if trigger.Run(context.Background(), []string{"new-window", "-d", "-P", "-F", "#{pane_id}", "cat"}, nil, &out, io.Discard) != 0 {
		b.Fatal("new-window failed")
	}
	pane := strings.TrimSpace(out.String())
	srv, err := server.New(server.Config{Tmux: d, Audit: server.NewAuditLogger(io.Discard)})
	if err != nil {
		b.Fatal(err)
	}
	var (
		mu      sync.Mutex
		started chan struct{}
	)
	ct, st := mcp.NewInMemoryTransports()
	ss, err := srv.MCP().Connect(context.Background(), st, nil)
	if err != nil {
		b.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "0"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(context.Context, *mcp.ProgressNotificationClientRequest) {
			mu.Lock()
			defer mu.Unlock()
			if started != nil {
				close(started)
				started = nil
			}
		},
	}).Connect(context.Background(), ct, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { cs.Close(); ss.Wait() })

	var latency time.Duration
	for b.Loop() {
		mu.Lock()
		ready := make(chan struct{})
		started = ready
		mu.Unlock()
		params := &mcp.CallToolParams{Name: "wait_for_text", Arguments: map[string]any{"patterns": []string{"hit"}, "pane_id": pane, "timeout": 10}}
		params.SetProgressToken("bench")
		answered := make(chan time.Time, 1)
		go func() {
			res, err := cs.CallTool(context.Background(), params)
			if err != nil || res.IsError || res.StructuredContent.(map[string]any)["outcome"] != "matched" {
				b.Error(err, res)
			}
			answered <- time.Now()
		}()
		<-ready
		time.Sleep(20 * time.Millisecond)
		if trigger.Run(context.Background(), []string{"send-keys", "-t", pane, "hit", "Enter"}, nil, io.Discard, io.Discard) != 0 {
			b.Fatal("send-keys failed")
		}
		sent := time.Now()
		latency += max((<-answered).Sub(sent), 0)
	}
	b.ReportMetric(float64(latency.Microseconds())/1000/float64(b.N), "latency-ms")
}
