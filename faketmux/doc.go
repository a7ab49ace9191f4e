// Package faketmux emulates a tmux 3.3a server in process, at tmux's own
// interface: the command line. A Server is one tmux socket; Run takes the
// argv a tmux client would send (after the global -L/-S/-f flags) and gives
// the same standard output, standard error and exit status as real tmux.
//
// It exists so that code which drives tmux (the MCP server in this module,
// shell scripts, client libraries) can be tested on machines without tmux,
// and fast enough that such tests can make millions of calls. The package
// models the server-global paste buffers exactly, and sessions, windows and
// panes as far as tmux's clients use them; panes run real programs in a
// pseudo-terminal (see internal/pane).
//
// README.md says what it models and where it differs from tmux, and
// COMMANDS.md, generated from the command table, what each command does
// differently. Behaviour is checked against the real tmux by
// differential_test.go.
package faketmux
