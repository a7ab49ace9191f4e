package tmuxtest_test

import (
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/tmuxbuf/tmuxbuf/tmuxtest"
)

// This is all another module needs to run its own scenarios against the
// emulator, or against real tmux with TMUXBUF_TMUX=real.

func TestMain(m *testing.M) { tmuxtest.Main(m) }

func TestExample(t *testing.T) {
	testscript.Run(t, tmuxtest.Params("testdata/example"))
}
