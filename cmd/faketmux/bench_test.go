//go:build linux

package main

import (
	"bytes"
	"net"
	"os/exec"
	"testing"
	"time"

	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli/wire"
)

// BenchmarkRoundTrip is one set-buffer and one show-buffer, each a client
// process, against a running server, through the faketmux binary and
// through real tmux. The two alternate within every iteration, so that the
// faketmux/tmux ratio it reports is not skewed by a machine whose load
// changes during the run.
func BenchmarkRoundTrip(b *testing.B) {
	fake := newWorld(b, fakeBin)
	worlds := []*world{fake}
	if bin, err := exec.LookPath("tmux"); err == nil {
		worlds = append(worlds, newWorld(b, bin))
	}
	for _, w := range worlds {
		w.must("", "-f", "/dev/null", "new-session", "-d", "sleep 1000")
	}
	spent := make([]time.Duration, len(worlds))
	for b.Loop() {
		for i, w := range worlds {
			start := time.Now()
			w.must("", "set-buffer", "-b", "k", "value")
			if got := w.must("", "show-buffer", "-b", "k"); got != "value" {
				b.Fatalf("show-buffer: %q", got)
			}
			spent[i] += time.Since(start)
		}
	}
	b.ReportMetric(float64(spent[0].Nanoseconds())/float64(b.N), "faketmux-ns/op")
	if len(worlds) > 1 {
		b.ReportMetric(float64(spent[1].Nanoseconds())/float64(b.N), "tmux-ns/op")
		b.ReportMetric(float64(spent[0])/float64(spent[1]), "faketmux/tmux")
	}
}

// BenchmarkRoundTripSocket sends the same two requests to the daemon from
// this process: the part of a round trip that is not process start-up.
func BenchmarkRoundTripSocket(b *testing.B) {
	w := newWorld(b, fakeBin)
	w.must("", "-f", "/dev/null", "new-session", "-d", "sleep 1000")
	send := func(args ...string) string {
		conn, err := net.Dial("unix", w.socket())
		if err != nil {
			b.Fatal(err)
		}
		defer conn.Close()
		var out, errb bytes.Buffer
		if st, _ := exchange(conn, &wire.Req{Args: args, Env: w.env}, nil, &out, &errb); st != 0 {
			b.Fatalf("%q: exit %d, %s", args, st, errb.String())
		}
		return out.String()
	}
	for b.Loop() {
		send("set-buffer", "-b", "k", "value")
		if got := send("show-buffer", "-b", "k"); got != "value" {
			b.Fatalf("show-buffer: %q", got)
		}
	}
}
