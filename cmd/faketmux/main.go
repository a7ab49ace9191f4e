// Command faketmux is a drop-in tmux for machines without one: put it on
// PATH as `tmux` and scripts, client libraries and the tmuxbuf MCP server's
// exec backend drive it unchanged.
//
// Each invocation is a client, as with tmux. Commands that start a server
// start a daemon: this binary re-executed, detached, listening on the same
// socket tmux would use and serving every client over one in-process
// emulator (package faketmux). Built with -tags faketmux_thin, it is a
// client only, which links no emulator and starts a full faketmux as its
// daemon (thin.go). See README.md for what is emulated.
package main

import "os"

func main() {
	if spec, ok := os.LookupEnv(daemonEnv); ok {
		os.Exit(runDaemon(spec))
	}
	os.Exit(runClient(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
