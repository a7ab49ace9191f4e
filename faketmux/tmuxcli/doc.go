// Package tmuxcli reads a tmux command line as tmux 3.3a's client does
// before it connects: the global flags, the socket they name, the
// configuration files a server it starts would read, and the messages of a
// client that finds no server.
//
// cmd/faketmux's client is built on it, and so is any test harness that
// runs faketmux servers in its own process and answers tmux command lines
// itself (see cmd/faketmux's README, "Bridge mode"): both then read a
// command line exactly as the drop-in binary does.
package tmuxcli
