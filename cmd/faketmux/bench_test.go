//go:build linux

package main

import "testing"

// BenchmarkRoundTrip is one set-buffer and one show-buffer, each a client
// process, against a running server: the faketmux binary and real tmux in
// one run, so that their ratio is not skewed by a noisy machine.
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
}
