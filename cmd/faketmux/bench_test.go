//go:build linux

package main

import (
	"bytes"
	"net"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/cmd/faketmux/internal/wire"
)

// BenchmarkRoundTrip is one set-buffer and one show-buffer, each a client
// process, against a running server: the faketmux binary and real tmux in
// one run, so that their ratio is not skewed by a noisy machine. The
// faketmux-socket case sends the same two requests to the daemon from this
// process, which shows how much of a round trip is process start-up.
func BenchmarkRoundTrip(b *testing.B) {
	for _, side := range []struct{ name, bin string }{
		{"faketmux", fakeBin},
		{"tmux", ""},
	} {
		b.Run(side.name, func(b *testing.B) {
			bin := side.bin
			if bin == "" {
				bin = realTmux(b)
			}
			w := newWorld(b, bin)
			w.must("", "-f", "/dev/null", "new-session", "-d", "sleep 1000")
			for b.Loop() {
				w.must("", "set-buffer", "-b", "k", "value")
				if got := w.must("", "show-buffer", "-b", "k"); got != "value" {
					b.Fatalf("show-buffer: %q", got)
				}
			}
		})
	}
	b.Run("faketmux-socket", func(b *testing.B) {
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
	})
}
