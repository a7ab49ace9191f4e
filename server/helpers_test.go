package server_test

import (
	"bytes"
	"context"
	"io"
	"os"
	"slices"
	"sync"

	"github.com/tmuxbuf/tmuxbuf/server"
)

func readFile(path string) (string, error) {
	b, err := os.ReadFile(path)
	return string(b), err
}

func writeExecutable(path, script string) error {
	return os.WriteFile(path, []byte(script), 0o755)
}

// recordingDialer records the command lines its tmux runs and, with
// keepStdin, what each read.
type recordingDialer struct {
	server.Dialer
	keepStdin bool // reads a line's input before tmux does, which a permit would notice

	mu   sync.Mutex
	runs []recordedRun
}

type recordedRun struct {
	args  []string
	stdin []byte // with keepStdin; nil for a line that reads none
}

func (d *recordingDialer) Dial(socket string) server.Tmux {
	return recordingTmux{d.Dialer.Dial(socket), d}
}

// recorded is what ran so far.
func (d *recordingDialer) recorded() []recordedRun {
	d.mu.Lock()
	defer d.mu.Unlock()
	return slices.Clone(d.runs)
}

func (d *recordingDialer) lines() [][]string {
	var lines [][]string
	for _, r := range d.recorded() {
		lines = append(lines, r.args)
	}
	return lines
}

type recordingTmux struct {
	server.Tmux
	d *recordingDialer
}

func (t recordingTmux) Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	run := recordedRun{args: slices.Clone(args)}
	if t.d.keepStdin && stdin != nil {
		run.stdin, _ = io.ReadAll(stdin)
		stdin = bytes.NewReader(run.stdin)
	}
	t.d.mu.Lock()
	t.d.runs = append(t.d.runs, run)
	t.d.mu.Unlock()
	return t.Tmux.Run(ctx, args, stdin, stdout, stderr)
}
