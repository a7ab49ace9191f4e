// Package terminfo reads a terminal's entry from the compiled terminfo
// database as ncurses does: where ncurses looks for it, in either of its
// formats (the legacy one with 16-bit numbers and the one with 32-bit
// numbers), with the extended capabilities that follow the standard ones
// (tmux's own among them: Tc, RGB, Ms, Ss, Smulx, Sync).
package terminfo

//go:generate go run gen.go
