//go:build faketmux_thin

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
)

// daemonBinary is, for a client built with -tags faketmux_thin, which
// links no emulator, the full faketmux binary it starts as its daemon: the
// one daemonBinEnv names, else a faketmux in the client's own directory
// (its links resolved), else the faketmux on PATH.
func daemonBinary() (string, error) {
	if p := os.Getenv(daemonBinEnv); p != "" {
		if !isProgram(p) {
			return "", fmt.Errorf("%w: %s=%s is not an executable file", errNoDaemon, daemonBinEnv, p)
		}
		return p, nil
	}
	if exe, err := os.Executable(); err == nil {
		if exe, err = filepath.EvalSymlinks(exe); err == nil {
			if p := filepath.Join(filepath.Dir(exe), "faketmux"); isProgram(p) {
				return p, nil
			}
		}
	}
	if p, err := exec.LookPath("faketmux"); err == nil {
		return p, nil
	}
	return "", fmt.Errorf("%w: this client has no emulator (built with -tags faketmux_thin); put faketmux beside it or on PATH, or set %s", errNoDaemon, daemonBinEnv)
}

func isProgram(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0
}

// startsServer is, in a client that links no command table, whether the
// line may start a server: when it may, the daemon this client starts
// decides, and exits at once with tmux's message if it starts none.
func startsServer(args []string) bool { return tmuxcli.MayStartServer(args) }

// runDaemon refuses: only a full build can serve.
func runDaemon(string) int {
	fmt.Fprintln(os.Stderr, "faketmux: a client built with -tags faketmux_thin cannot be the server")
	return 1
}
