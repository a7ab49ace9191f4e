package server_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/internal/config"
	"github.com/tmuxbuf/tmuxbuf/server"
)

// The benchmarks below measure what tmuxbuf adds to an MCP call. Compare
// them in one run, e.g.
//
//	go test -run XXX -bench 'EmptySDKTool|LoadBuffer' -count 10 ./server | benchstat -
//
// BenchmarkEmptySDKTool is the floor: the go-sdk's own round trip, in memory,
// for a tool that takes nothing and does nothing.
func BenchmarkEmptySDKTool(b *testing.B) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "empty", Version: "0"}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "empty"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, struct{}, error) {
		return nil, struct{}{}, nil
	})
	cs := benchClient(b, srv)
	params := &mcp.CallToolParams{Name: "empty", Arguments: map[string]any{}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := cs.CallTool(context.Background(), params); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadBufferOverhead is load_buffer with tmux taken out: its Tmux
// accepts every command at once. The difference from BenchmarkEmptySDKTool
// is the server's own cost per call: argument checks, naming, the audit
// record, the registry.
func BenchmarkLoadBufferOverhead(b *testing.B) {
	srv, err := server.New(server.Config{Tmux: instantTmux{}, Audit: server.NewAuditLogger(io.Discard)})
	if err != nil {
		b.Fatal(err)
	}
	cs := benchClient(b, srv.MCP())
	params := &mcp.CallToolParams{Name: "load_buffer", Arguments: map[string]any{"content": "echo hello\n", "logical_name": "bench"}}
	b.ReportAllocs()
	for b.Loop() {
		res, err := cs.CallTool(context.Background(), params)
		if err != nil || res.IsError {
			b.Fatal(err, res)
		}
	}
}

func benchClient(b *testing.B, srv *mcp.Server) *mcp.ClientSession {
	ct, st := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(context.Background(), st, nil)
	if err != nil {
		b.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs
}

// instantTmux is a tmux that succeeds at everything and keeps nothing, so
// that a benchmark sees only the server's cost. Its list-buffers reports
// the size of what the same command line read, as load_buffer's check of
// its load expects.
type instantTmux struct{}

func (instantTmux) Dial(string) server.Tmux { return instantTmux{} }

func (instantTmux) Run(_ context.Context, args []string, stdin io.Reader, stdout, _ io.Writer) int {
	var read int64
	if stdin != nil {
		read, _ = io.Copy(io.Discard, stdin)
	}
	if slices.Contains(args, "list-buffers") {
		fmt.Fprintln(stdout, read)
	}
	return 0
}

// BenchmarkLoadBufferExec is a whole load_buffer call against a real tmux,
// and BenchmarkBareTmuxLoadBuffer the tmux process it runs, alone: their
// ratio is what the server costs on top of tmux itself.
func BenchmarkLoadBufferExec(b *testing.B) {
	benchLoadBuffer(b, server.ExecDialer{SocketName: benchTmux(b)})
}

// BenchmarkLoadBufferControl is the same call through the control-mode
// backend: against BenchmarkLoadBufferExec, what a persistent tmux -C
// client saves over a process per command.
func BenchmarkLoadBufferControl(b *testing.B) {
	d := &server.ControlDialer{SocketName: benchTmux(b)}
	b.Cleanup(func() { d.Close() })
	benchLoadBuffer(b, d)
}

// BenchmarkLoadBufferFake is the same call on the fake backend, which runs
// no tmux at all: the floor that BenchmarkLoadBufferControl is held to.
func BenchmarkLoadBufferFake(b *testing.B) {
	fake := config.NewFakeBackend()
	b.Cleanup(func() { fake.Sockets.Close() })
	benchLoadBuffer(b, fake)
}

// benchLoadBuffer times load_buffer calls and, untimed, deletes each
// buffer made: tmux's list-buffers, which the load's check runs, costs
// more with every buffer there is, and so would a benchmark that kept
// them.
func benchLoadBuffer(b *testing.B, tmux server.Dialer) {
	srv, err := server.New(server.Config{Tmux: tmux, Audit: server.NewAuditLogger(io.Discard)})
	if err != nil {
		b.Fatal(err)
	}
	cs := benchClient(b, srv.MCP())
	params := &mcp.CallToolParams{Name: "load_buffer", Arguments: map[string]any{"content": "echo hello\n"}}
	t := tmux.Dial("")
	for b.Loop() {
		res, err := cs.CallTool(context.Background(), params)
		if err != nil || res.IsError {
			b.Fatal(err, res)
		}
		b.StopTimer()
		name := res.StructuredContent.(map[string]any)["buffer_name"].(string)
		if t.Run(context.Background(), []string{"delete-buffer", "-b", name}, nil, io.Discard, io.Discard) != 0 {
			b.Fatal("delete-buffer failed")
		}
		b.StartTimer()
	}
}

func BenchmarkBareTmuxLoadBuffer(b *testing.B) {
	benchBareLoadBuffer(b, server.ExecDialer{SocketName: benchTmux(b)})
}

// BenchmarkBareControlLoadBuffer is the same load-buffer through the
// control-mode backend alone, without MCP: against
// BenchmarkBareTmuxLoadBuffer, the backend's own gain.
func BenchmarkBareControlLoadBuffer(b *testing.B) {
	d := &server.ControlDialer{SocketName: benchTmux(b)}
	b.Cleanup(func() { d.Close() })
	benchBareLoadBuffer(b, d)
}

// BenchmarkBareControlGate is a line that changes tmux, with its gate
// (permit.go), through the control backend alone: its permit in a pipe
// that tmux opens by its /proc path, or in a FIFO, as for a tmux that
// cannot see this process's /proc (control_preload.go).
func BenchmarkBareControlGate(b *testing.B) {
	for _, carrier := range []string{"pipe", "fifo"} {
		b.Run("carrier="+carrier, func(b *testing.B) {
			if carrier == "fifo" {
				b.Cleanup(server.SetProcDir(filepath.Join(b.TempDir(), "elsewhere") + "/"))
			}
			d := &server.ControlDialer{SocketName: benchTmux(b)}
			b.Cleanup(func() { d.Close() })
			tmux := d.Dial("")
			for b.Loop() {
				line, permit := server.Gate(context.Background(), []string{"set-option", "-s", "@bench", "1"})
				if tmux.Run(context.Background(), line, permit, io.Discard, io.Discard) != 0 {
					b.Fatal("the gated set-option failed")
				}
			}
		})
	}
}

func benchBareLoadBuffer(b *testing.B, d server.Dialer) {
	tmux := d.Dial("")
	for b.Loop() {
		if tmux.Run(context.Background(), []string{"load-buffer", "-b", "bare", "-"}, strings.NewReader("echo hello\n"), io.Discard, io.Discard) != 0 {
			b.Fatal("load-buffer failed")
		}
	}
}

func benchTmux(b *testing.B) string {
	if _, err := exec.LookPath("tmux"); err != nil {
		b.Skip("tmux is not on PATH")
	}
	socketSeq.Lock()
	socketSeq.n++
	socket := fmt.Sprintf("bench%d-%d", os.Getpid(), socketSeq.n)
	socketSeq.Unlock()
	if out, err := exec.Command("tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d").CombinedOutput(); err != nil {
		b.Fatalf("%v: %s", err, out)
	}
	b.Cleanup(func() { exec.Command("tmux", "-L", socket, "kill-server").Run() })
	return socket
}
