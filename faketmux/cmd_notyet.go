package faketmux

// The commands of tmux 3.3a the emulator does not run yet, by family. They
// parse as in tmux (flags, arity, usage), so that prefixes, aliases and
// errors come out right, and then fail with errUnsupported; each moves to
// its family's cmd_<family>.go, with its exec function and its target
// kinds, once it has code.
var notYetCommands = []*cmdEntry{
	// Clients, and what only an attached client can do or see.
	{name: "show-messages", alias: "showmsgs", template: "JTt:", lower: 0, upper: 0, usage: `[-JT] [-t target-client]`},
	{name: "server-access", alias: "", template: "adlrw", lower: 0, upper: 1, usage: `[-adlrw] [-t target-pane] [user]`},

	// Panes.
	{name: "pipe-pane", alias: "pipep", template: "IOot:", lower: 0, upper: 1, usage: `[-IOo] [-t target-pane] [shell-command]`},
}
