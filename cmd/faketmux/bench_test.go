//go:build linux && !faketmux_thin

package main

import (
	"bytes"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli/wire"
)

// benchWorlds are the clients the benchmarks compare, each on a server of
// its own: the faketmux binary, the thin client (whose daemon is the
// faketmux binary) and, where installed, real tmux. Their names label the
// metrics.
func benchWorlds(b *testing.B) (worlds []*world, names []string) {
	worlds, names = []*world{newWorld(b, fakeBin), newWorld(b, thinBin)}, []string{"faketmux", "thin"}
	if bin, err := exec.LookPath("tmux"); err == nil {
		worlds, names = append(worlds, newWorld(b, bin)), append(names, "tmux")
	}
	return worlds, names
}

// reportWorlds reports each world's time per iteration and, with tmux
// among them, each one's ratio to tmux's.
func reportWorlds(b *testing.B, names []string, spent []time.Duration) {
	for i, name := range names {
		b.ReportMetric(float64(spent[i].Nanoseconds())/float64(b.N), name+"-ns/op")
		if last := len(names) - 1; names[last] == "tmux" && i != last {
			b.ReportMetric(float64(spent[i])/float64(spent[last]), name+"/tmux")
		}
	}
}

// BenchmarkRoundTrip is one set-buffer and one show-buffer, each a client
// process, against a running server, through each of benchWorlds. They
// alternate within every iteration, so that the ratios it reports are not
// skewed by a machine whose load changes during the run.
func BenchmarkRoundTrip(b *testing.B) {
	worlds, names := benchWorlds(b)
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
	reportWorlds(b, names, spent)
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
		if res := exchange(conn, &wire.Req{Args: args, Env: w.env}, nil, &out, &errb, false); res.Status != 0 {
			b.Fatalf("%q: exit %d, %s", args, res.Status, errb.String())
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

// BenchmarkTmuxpLoad replays the tmux command lines that tmuxp 1.27 (with
// libtmux 0.21) runs for `tmuxp load -d` of a workspace of two windows and
// three panes (testdata/tmuxp_load.json, recorded against tmux 3.3a with
// the -L flag taken out), each a client process, through each of
// benchWorlds, alternating as BenchmarkRoundTrip does.
// It includes starting the server; the kill-server after each replay is
// not timed. Every command line must end with the same exit status in
// every world.
func BenchmarkTmuxpLoad(b *testing.B) {
	data, err := os.ReadFile("testdata/tmuxp_load.json")
	if err != nil {
		b.Fatal(err)
	}
	var calls [][]string
	if err := json.Unmarshal(data, &calls); err != nil {
		b.Fatal(err)
	}
	worlds, names := benchWorlds(b)
	spent := make([]time.Duration, len(worlds))
	results := make([][]result, len(worlds))
	for b.Loop() {
		for i, w := range worlds {
			results[i] = results[i][:0]
			start := time.Now()
			for _, args := range calls {
				results[i] = append(results[i], w.run("", args...))
			}
			spent[i] += time.Since(start)
			b.StopTimer()
			w.run("", "kill-server")
			b.StartTimer()
		}
		// The thin client's daemon is the faketmux binary: it answers
		// as faketmux does.
		for j, fake := range results[0] {
			for _, other := range results[1:] {
				if fake.code != other[j].code {
					b.Fatalf("tmux %q: faketmux %v; tmux %v", calls[j], fake, other[j])
				}
			}
		}
	}
	reportWorlds(b, names, spent)
}
