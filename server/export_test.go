package server

import (
	"context"
	"io"
)

// SetProcDir moves where the control backend tells tmux this process's
// descriptors are (see control_preload.go), as a tmux that cannot see them
// would have it, and returns the function that puts it back.
func SetProcDir(dir string) (restore func()) {
	old := procDir
	procDir = dir
	return func() { procDir = old }
}

// Gate is the command line that the server runs for args, a line that
// changes tmux, and the permit it reads first (see gateCommands).
func Gate(ctx context.Context, args []string) ([]string, io.Reader) {
	line, p, err := gateCommands(ctx, args, nil)
	if err != nil || p == nil {
		panic("Gate: not a line that changes tmux")
	}
	return line, p
}
