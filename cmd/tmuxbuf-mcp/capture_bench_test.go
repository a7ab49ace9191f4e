package main

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkCaptureLargeHistory measures what capture_pane of a pane's
// 50,000 lines of history (about 10 MiB) costs the built server process,
// over stdio, on the exec and control backends (the fake one holds the
// pane itself): its peak memory above what it held before the call, as a
// multiple of the capture's size (peak-x), with the reply bound raised so
// that the whole capture goes out. The reply carries the capture twice,
// escaped; the server keeps it out of the go-sdk's way and writes it
// straight into the reply, as show_buffer's content. Each iteration is a
// fresh process, e.g.
//
//	go test -run '^$' -bench CaptureLargeHistory -benchtime 3x ./cmd/tmuxbuf-mcp
func BenchmarkCaptureLargeHistory(b *testing.B) {
	const lines = 50000
	for _, backend := range []string{"exec", "control"} {
		b.Run(backend, func(b *testing.B) {
			socket, tmux := privateTmux(b)
			pane := fillHistory(b, tmux, lines)
			size := len(strings.TrimRight(tmux("capture-pane", "-p", "-t", pane, "-S", "-"+strconv.Itoa(lines+100)), "\n"))
			var peak float64
			for b.Loop() {
				b.StopTimer()
				c := startLargeOn(b, "stdio", backend, size, socket)
				base := c.status(b, "VmRSS")
				b.StartTimer()
				got := c.call(b, "capture_pane", map[string]any{"pane_id": pane, "start": -lines - 100, "max_lines": nil})["result"].(string)
				b.StopTimer()
				if len(got) != size {
					b.Fatalf("capture_pane gave %d bytes, want the %d of the whole history", len(got), size)
				}
				peak += float64(c.status(b, "VmHWM")-base) / float64(size)
				c.stop(b)
				b.StartTimer()
			}
			b.ReportMetric(peak/float64(b.N), "peak-x")
			b.ReportMetric(float64(size), "capture-bytes")
		})
	}
}

// fillHistory makes a pane, with history enough, that prints n lines of
// 208 characters and then "done", and waits until it shows them all.
func fillHistory(b *testing.B, tmux func(args ...string) string, n int) (pane string) {
	b.Helper()
	tmux("set-option", "-g", "history-limit", strconv.Itoa(n+100))
	program := fmt.Sprintf(`awk 'BEGIN { s = sprintf("%%200s", ""); gsub(/ /, "x", s); for (i = 1; i <= %d; i++) printf "%%07d %%s\n", i, s; print "done" }'; exec cat >/dev/null`, n)
	pane = strings.TrimSpace(tmux("new-window", "-d", "-P", "-F", "#{pane_id}", program))
	tmux("resize-window", "-t", pane, "-x", "250", "-y", "50")
	deadline := time.Now().Add(2 * time.Minute)
	for {
		hs, _ := strconv.Atoi(strings.TrimSpace(tmux("display-message", "-p", "-t", pane, "#{history_size}")))
		if hs+50 >= n && strings.Contains(tmux("capture-pane", "-p", "-t", pane), "done") {
			return pane
		}
		if time.Now().After(deadline) {
			b.Fatalf("the pane's history holds %d lines, want %d", hs, n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
