package server_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/server"
	"time"
)

// TestExecOutputHeldOpenAfterExit plays a tmux client whose standard
// output outlives it, as tmux's does when its server holds a copy: the
// command still succeeds, with all of its output, without waiting for the
// end of file.
func TestExecOutputHeldOpenAfterExit(t *testing.T) {
	bin := t.TempDir() + "/tmux"
	// 200 KiB, more than a pipe holds, then a grandchild keeps both
	// streams open for a minute.
	script := "#!/bin/sh\nhead -c 204800 /dev/zero | tr '\\0' x\nprintf warn >&2\nsleep 60 &\nexit 0\n"
	if err := writeExecutable(bin, script); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := server.ExecDialer{Bin: bin}.Dial("").Run(context.Background(), []string{"show-buffer"}, nil, &stdout, &stderr)
	if code != 0 || stdout.String() != strings.Repeat("x", 204800) || stderr.String() != "warn" {
		t.Fatalf("exit %d, %d bytes of output, stderr %q; want 0, 204800 and \"warn\"", code, stdout.Len(), stderr.String())
	}
}

// TestExecOneWriterForBoth passes one writer as standard output and error,
// as a caller collecting a combined log might: writes never interleave
// within a chunk, and nothing is lost.
func TestExecOneWriterForBoth(t *testing.T) {
	bin := t.TempDir() + "/tmux"
	if err := writeExecutable(bin, "#!/bin/sh\nprintf out\nprintf err >&2\n"); err != nil {
		t.Fatal(err)
	}
	var both bytes.Buffer
	if code := (server.ExecDialer{Bin: bin}).Dial("").Run(context.Background(), []string{"x"}, nil, &both, &both); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if got := both.String(); got != "outerr" && got != "errout" {
		t.Errorf("combined output %q, want out and err", got)
	}
}

// tmux survives calls that time out while it is stopped: each kills its
// own tmux client, which tmux 3.3a survives (unlike control clients; see
// controlClient).
func TestExecStoppedTmuxSurvivesTimeouts(t *testing.T) {
	if !realTmux(t) {
		t.Skip("stops a real tmux server with SIGSTOP")
	}
	e := newEnv(t)
	e.load("before")
	// Only the calls to the stopped tmux get a short timeout: a loaded
	// machine can take longer than that to answer a running tmux.
	e.connect(func(c *server.Config) { c.Timeout = 200 * time.Millisecond })
	resume := stoppedTmux(t, e)
	for range 10 {
		if got := e.fails("load_buffer", map[string]any{"content": "stuck"}); !strings.Contains(got, "did not answer within 200ms") {
			t.Fatalf("with tmux stopped: %q", got)
		}
	}
	resume()
	waitFor(t, "tmux to answer again", func() (bool, string) {
		_, stderr, err := e.tmux("has-session", "-t", "main")
		return err == nil, stderr
	})
	e.connect()
	e.load("after")
}
