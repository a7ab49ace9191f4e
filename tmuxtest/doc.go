// Package tmuxtest runs txtar scenarios (github.com/rogpeppe/go-internal/testscript)
// against either the tmux emulator in package faketmux or a real tmux, with
// the same script text in both modes.
//
// The mode comes from TMUXBUF_TMUX: "fake" (the default) needs no tmux at
// all; "real" uses the tmux on PATH and fails loudly when there is none.
//
// In fake mode a script's tmux servers are faketmux.Servers in the test
// process, one per socket path, which the script's own commands use
// directly. Separate processes reach them too: the script's PATH starts
// with cmd/faketmux as `tmux` (built once per test binary without -race, or
// the binary that TMUXBUF_FAKETMUX_BIN names), in bridge mode, sending
// every command line to the script over a unix socket. The script's
// in-process `tmux` command reads its global flags with the same code,
// package tmuxcli.
//
// Every script gets a short private TMUX_TMPDIR, runs with TMUX and
// TMUX_PANE unset, and has every tmux server it made killed when it ends,
// pass or fail. Its commands run tmux command lines, inject faults into
// emulated servers, wait for panes and sockets, and write exact bytes to
// files; see Doc for the full list. It is for any code that drives tmux
// and imports nothing of the tmuxbuf MCP server: package
// server/servertest builds that server's commands on it, through Command,
// Cmds, DocCommands, Setup and the accessors of a script's tmux (SocketPath,
// TmuxAt, FakeSockets, Environ).
//
// Another module uses it in a few lines:
//
//	func TestMain(m *testing.M) { tmuxtest.Main(m) }
//
//	func TestScripts(t *testing.T) { testscript.Run(t, tmuxtest.Params("testdata/scripts")) }
package tmuxtest
