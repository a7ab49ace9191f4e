//go:build !faketmux_thin

package main

import "os"

// daemonBinary is the program spawnDaemon starts: this one, which has the
// emulator.
func daemonBinary() (string, error) { return os.Executable() }
