package faketmux

import "github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"

// Strerror is tmuxcli.Strerror: the emulator renders errors as its client
// does, which links no emulator.
func Strerror(err error) string { return tmuxcli.Strerror(err) }
