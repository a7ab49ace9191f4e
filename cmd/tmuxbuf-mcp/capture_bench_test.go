package main

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkCapturePaneLargeHistory is capture_pane of a pane's history of
// 50,000 lines of 208 characters (10.4 MiB) through the built server, over
// stdio, on the backends that reach a tmux server (tmux in real mode,
// faketmux's binary otherwise): its time, and the server process's peak
// memory above what it held before the call (VmHWM), as a multiple of the
// capture's size (peak-x; the goal is at most 4). The reply bound
// is set past the history, so that the whole of it comes back. e.g.
//
//	go test -run '^$' -bench CapturePaneLargeHistory -benchtime 3x ./cmd/tmuxbuf-mcp
func BenchmarkCapturePaneLargeHistory(b *testing.B) {
	const lines = 50000
	for _, backend := range []string{"exec", "control"} {
		b.Run(backend, func(b *testing.B) {
			socket, tmux := privateTmux(b)
			tmux("set-option", "-g", "history-limit", strconv.Itoa(lines+1000))
			program := fmt.Sprintf(`awk 'BEGIN { s = sprintf("%%200s", ""); gsub(/ /, "x", s); for (i = 1; i <= %d; i++) printf "%%07d %%s\n", i, s; print "done" }'; exec cat >/dev/null`, lines)
			pane := strings.TrimSpace(tmux("new-window", "-d", "-P", "-F", "#{pane_id}", program))
			tmux("resize-window", "-t", pane, "-x", "250", "-y", "50")
			for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(50 * time.Millisecond) {
				size, _ := strconv.Atoi(strings.TrimSpace(tmux("display-message", "-p", "-t", pane, "#{history_size}")))
				if size+50 >= lines && strings.Contains(tmux("capture-pane", "-p", "-t", pane), "done") {
					break
				}
				if time.Now().After(deadline) {
					b.Fatalf("the pane's history holds %d lines, want %d", size, lines)
				}
			}
			history := len(tmux("capture-pane", "-p", "-t", pane, "-S", "-"))
			args := map[string]any{"pane_id": pane, "start": -(lines + 1000), "max_lines": nil}
			var peak float64
			for b.Loop() {
				b.StopTimer()
				c := startLargeOn(b, "stdio", backend, history, socket)
				base := c.status(b, "VmRSS")
				b.StartTimer()
				got := c.call(b, "capture_pane", args)
				b.StopTimer()
				if text, _ := got["result"].(string); len(text) < history*9/10 {
					b.Fatalf("capture_pane gave %d bytes of the history's %d", len(text), history)
				}
				peak += float64(c.status(b, "VmHWM")-base) / float64(history)
				c.stop(b)
				b.StartTimer()
			}
			b.ReportMetric(peak/float64(b.N), "peak-x")
		})
	}
}
