//go:build !faketmux_thin

package main

import (
	"os"

	"github.com/tmuxbuf/tmuxbuf/faketmux"
)

// daemonBinary is the program spawnDaemon starts: this one, which has the
// emulator.
func daemonBinary() (string, error) { return os.Executable() }

// startsServer reports whether a command line starts a server when none
// runs, as tmux's client decides before it connects: a client that finds
// no server for one that does not (has-session, say) says so without a
// daemon's start and exit.
func startsServer(args []string) bool { return faketmux.StartsServer(args) }
