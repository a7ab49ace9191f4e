package faketmux

// Version is the tmux release faketmux emulates, and says it is: tmux -V,
// #{version} and a pane's TERM_PROGRAM_VERSION.
const Version = "3.3a"
