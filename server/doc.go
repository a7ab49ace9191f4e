// Package server is the tmuxbuf MCP server: the paste-buffer tools, their
// naming and ownership rules, limits, safety tiers and audit log, and the
// backends that reach tmux: exec, which runs the tmux binary for each
// command, and control, which keeps one control-mode client per server.
//
// It talks to tmux only through the Tmux interface, so the in-process
// emulator in package faketmux can stand in for tmux without any change here.
package server
