package faketmux

import (
	"context"
	"io"
	"os/exec"
	"testing"
)

// BenchmarkSetBufferInProcess is one buffer operation through Run, as the
// MCP server's fake backend calls it.
func BenchmarkSetBufferInProcess(b *testing.B) {
	withFakePrograms(b, false)
	s := New(Options{SocketPath: "/bench"})
	defer s.Close()
	ctx := context.Background()
	s.Run(ctx, []string{"new-session", "-d"}, nil, io.Discard, io.Discard)
	args := []string{"set-buffer", "-b", "bench", "some content"}
	b.ReportAllocs()
	for b.Loop() {
		if s.Run(ctx, args, nil, io.Discard, io.Discard) != 0 {
			b.Fatal("set-buffer failed")
		}
	}
}

// BenchmarkSetBufferRealTmux is the same operation as a real tmux client
// process, for the ratio; it is skipped without tmux.
func BenchmarkSetBufferRealTmux(b *testing.B) {
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		b.Skip("tmux is not on PATH")
	}
	socket := b.TempDir() + "/s"
	if err := exec.Command(tmux, "-S", socket, "-f", "/dev/null", "new-session", "-d", "sleep 1000").Run(); err != nil {
		b.Fatal(err)
	}
	defer exec.Command(tmux, "-S", socket, "kill-server").Run()
	for b.Loop() {
		if err := exec.Command(tmux, "-S", socket, "set-buffer", "-b", "bench", "some content").Run(); err != nil {
			b.Fatal(err)
		}
	}
}
