package server_test

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/server"
)

func BenchmarkScratchControl1MiB(b *testing.B) {
	d := &server.ControlDialer{SocketName: benchTmux(b)}
	b.Cleanup(func() { d.Close() })
	content := strings.Repeat("abcdefghijklmnopqrstuvwxyz01234\n", 1<<15)
	tmux := d.Dial("")
	for b.Loop() {
		if tmux.Run(context.Background(), []string{"load-buffer", "-b", "bare", "-"}, strings.NewReader(content), io.Discard, io.Discard) != 0 {
			b.Fatal("load-buffer failed")
		}
	}
}
func BenchmarkScratchExec1MiB(b *testing.B) {
	d := server.ExecDialer{SocketName: benchTmux(b)}
	content := strings.Repeat("abcdefghijklmnopqrstuvwxyz01234\n", 1<<15)
	tmux := d.Dial("")
	for b.Loop() {
		if tmux.Run(context.Background(), []string{"load-buffer", "-b", "bare", "-"}, strings.NewReader(content), io.Discard, io.Discard) != 0 {
			b.Fatal("load-buffer failed")
		}
	}
}
