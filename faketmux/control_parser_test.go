package faketmux_test

import (
	"os"

	"github.com/tmuxbuf/tmuxbuf/faketmux"
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
)

// The differential test's control clients parse their lines as
// cmd/faketmux's do.
func init() {
	faketmux.ControlParser = func(line string) ([]string, error) {
		return tmuxcli.ParseControlLine(line, "", os.LookupEnv)
	}
}
