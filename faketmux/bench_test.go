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
	"time"
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
// real program, and reports the memory each pane keeps, on the heap and in
// its goroutines' stacks (mem-B/pane), beside the time to make it;
// BenchmarkPaneRealTmux is the same with tmux.
func BenchmarkPaneInProcess(b *testing.B) { paneCostInProcess(b, "sleep 1000", "") }

// BenchmarkPaneRealTmux reports the resident memory tmux's server grows by
// per pane (rss-B/pane).
func BenchmarkPaneRealTmux(b *testing.B) { paneCostRealTmux(b, "sleep 1000", "") }

// fullHistory fills a pane's history (2000 lines, the default limit) with
// short lines; a pane then shows historyFull lines of history, since a
// full history loses its oldest tenth.
const fullHistory, historyFull = "seq 1 2600; exec sleep 1000", "1801"

// BenchmarkPaneFullInProcess and BenchmarkPaneFullRealTmux are the same
// with each pane's history full, for what a pane costs for what it holds;
// their times include waiting for the program.
func BenchmarkPaneFullInProcess(b *testing.B) { paneCostInProcess(b, fullHistory, historyFull) }
func BenchmarkPaneFullRealTmux(b *testing.B)  { paneCostRealTmux(b, fullHistory, historyFull) }

func paneCostInProcess(b *testing.B, program, history string) {
	s := New(Options{SocketPath: "/bench"})
	defer s.Close()
	ctx := context.Background()
	run := func(args ...string) string {
		var out strings.Builder
		if s.Run(ctx, args, nil, &out, io.Discard) != 0 {
			b.Fatal(args, "failed")
		}
		return out.String()
	}
	run(append(append([]string{"new-session", "-d"}, paneCostSize...), "sleep 1000")...)
	before := memInUse()
	for b.Loop() {
		run("new-window", "-d", program)
	}
	waitHistories(b, run, history)
	b.ReportMetric(float64(memInUse()-before)/float64(b.N), "mem-B/pane")
}

// waitHistories waits until every pane but the first shows history lines
// of history, when history is set.
func waitHistories(b *testing.B, run func(args ...string) string, history string) {
	for history != "" && strings.Count(run("list-panes", "-a", "-F", "#{history_size}"), history+"\n") < b.N {
		time.Sleep(10 * time.Millisecond)
	}
}

// memInUse is the heap and the goroutine stacks in use.
func memInUse() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapInuse + m.StackInuse)
}

func paneCostRealTmux(b *testing.B, program, history string) {
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
		return string(out)
	}
	tmuxRun(append(append([]string{"new-session", "-d"}, paneCostSize...), "sleep 1000")...)
	defer exec.Command(tmux, "-S", socket, "kill-server").Run()
	pid := strings.TrimSpace(tmuxRun("display-message", "-p", "#{pid}"))
	before := residentBytes(b, pid)
	for b.Loop() {
		tmuxRun("new-window", "-d", program)
	}
	waitHistories(b, tmuxRun, history)
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
