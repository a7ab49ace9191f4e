package faketmux

// The commands of tmux 3.3a the emulator does not run yet, by family. They
// parse as in tmux (flags, arity, usage), so that prefixes, aliases and
// errors come out right, and then fail with errUnsupported; each moves to
// its family's cmd_<family>.go, with its exec function and its target
// kinds, once it has code.
var notYetCommands = []*cmdEntry{}
