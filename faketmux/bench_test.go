package faketmux

import (
	"context"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
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

// paneCostSize is the size tmuxp and libtmux give detached sessions, at
// which issue 10 measured a pane's cost.
var paneCostSize = []string{"-x", "800", "-y", "600"}

// BenchmarkPaneInProcess makes 800x600 windows, each one pane running a
// real program, and reports the heap each pane keeps (heap-B/pane) beside
// the time to make it; BenchmarkPaneRealTmux is the same with tmux.
func BenchmarkPaneInProcess(b *testing.B) {
	s := New(Options{SocketPath: "/bench"})
	defer s.Close()
	ctx := context.Background()
	if s.Run(ctx, append([]string{"new-session", "-d"}, append(paneCostSize, "sleep 1000")...), nil, io.Discard, io.Discard) != 0 {
		b.Fatal("new-session failed")
	}
	before := heapInUse()
	for b.Loop() {
		if s.Run(ctx, []string{"new-window", "-d", "sleep 1000"}, nil, io.Discard, io.Discard) != 0 {
			b.Fatal("new-window failed")
		}
	}
	b.ReportMetric(float64(heapInUse()-before)/float64(b.N), "heap-B/pane")
}

func heapInUse() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapInuse)
}

// BenchmarkPaneRealTmux reports the resident memory tmux's server grows by
// per pane (rss-B/pane).
func BenchmarkPaneRealTmux(b *testing.B) {
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		b.Skip("tmux is not on PATH")
	}
	socket := b.TempDir() + "/s"
	tmuxRun := func(args ...string) string {
		out, err := exec.Command(tmux, append([]string{"-S", socket, "-f", "/dev/null"}, args...)...).Output()
		if err != nil {
			b.Fatal(args, err)
		}
		return strings.TrimSpace(string(out))
	}
	tmuxRun(append(append([]string{"new-session", "-d"}, paneCostSize...), "sleep 1000")...)
	defer exec.Command(tmux, "-S", socket, "kill-server").Run()
	pid := tmuxRun("display-message", "-p", "#{pid}")
	before := residentBytes(b, pid)
	for b.Loop() {
		tmuxRun("new-window", "-d", "sleep 1000")
	}
	b.ReportMetric(float64(residentBytes(b, pid)-before)/float64(b.N), "rss-B/pane")
}

// residentBytes is a process's resident set size.
func residentBytes(b *testing.B, pid string) int64 {
	status, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		b.Skip("no /proc: ", err)
	}
	for line := range strings.Lines(string(status)) {
		if kb, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(kb), "kB")), 10, 64)
			return n * 1024
		}
	}
	b.Skip("no VmRSS")
	return 0
}

// BenchmarkFormat expands a list-panes style format, with conditionals,
// comparisons, truncation and a substitution, on one pane.
func BenchmarkFormat(b *testing.B) {
	withFakePrograms(b, false)
	s := New(Options{SocketPath: "/bench"})
	defer s.Close()
	ctx := context.Background()
	s.Run(ctx, []string{"new-session", "-d", "-s", "main", "-n", "win"}, nil, io.Discard, io.Discard)
	c := &client{ctx: ctx, s: s, st: s.st, stdout: io.Discard, stderr: io.Discard, utf8: true}
	f := c.formatFor(s.st.sessions[0].current.active)
	const format = "#{session_name}:#{window_index}.#{pane_index} #{?pane_active,(active),} [#{=10:pane_title}] " +
		"#{s/i/I/:window_name} #{==:#{pane_index},0} #{pane_width}x#{pane_height} #{?#{==:#{window_name},win},w,-}"
	b.ReportAllocs()
	for b.Loop() {
		if f.expand(format) == "" {
			b.Fatal("empty expansion")
		}
	}
}
