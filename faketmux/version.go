package faketmux

import "github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"

// Version is the tmux release faketmux emulates, and says it is: tmux -V,
// #{version} and a pane's TERM_PROGRAM_VERSION. It is declared with the
// client, which links no emulator.
const Version = tmuxcli.Version
