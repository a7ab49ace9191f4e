package faketmux

// The commands of tmux 3.3a the emulator does not run yet, by family. They
// parse as in tmux (flags, arity, usage), so that prefixes, aliases and
// errors come out right, and then fail with errUnsupported; each moves to
// its family's cmd_<family>.go, with its exec function and its target
// kinds, once it has code.
var notYetCommands = []*cmdEntry{
	// Clients, and what only an attached client can do or see.
	{name: "lock-server", alias: "lock", template: "", lower: 0, upper: 0, usage: ``},
	{name: "lock-session", alias: "locks", template: "t:", lower: 0, upper: 0, usage: `[-t target-session]`},
	{name: "show-messages", alias: "showmsgs", template: "JTt:", lower: 0, upper: 0, usage: `[-JT] [-t target-client]`},
	{name: "server-access", alias: "", template: "adlrw", lower: 0, upper: 1, usage: `[-adlrw] [-t target-pane] [user]`},

	// Commands that run commands or shell commands.
	{name: "list-commands", alias: "lscm", template: "F:", lower: 0, upper: 1, usage: `[-F format] [command]`, startServer: true},
	{name: "source-file", alias: "source", template: "Fnqv", lower: 1, upper: -1, usage: `[-Fnqv] path ...`},
	{name: "if-shell", alias: "if", template: "bFt:", lower: 2, upper: 3, usage: `[-bF] [-t target-pane] shell-command command [command]`},
	{name: "run-shell", alias: "run", template: "bd:Ct:", lower: 0, upper: 1, usage: `[-bC] [-d delay] [-t target-pane] [shell-command]`},
	{name: "wait-for", alias: "wait", template: "LSU", lower: 1, upper: 1, usage: `[-L|-S|-U] channel`},

	// Modes, menus and prompts.
	{name: "clear-prompt-history", alias: "clearphist", template: "T:", lower: 0, upper: 0, usage: `[-T type]`},
	{name: "show-prompt-history", alias: "showphist", template: "T:", lower: 0, upper: 0, usage: `[-T type]`},

	// Panes.
	{name: "pipe-pane", alias: "pipep", template: "IOot:", lower: 0, upper: 1, usage: `[-IOo] [-t target-pane] [shell-command]`},

	// Options and hooks.
	{name: "set-hook", alias: "", template: "agpRt:uw", lower: 1, upper: 2, usage: `[-agpRuw] [-t target-pane] hook [command]`},
	{name: "show-hooks", alias: "", template: "gpt:w", lower: 0, upper: 1, usage: `[-gpw] [-t target-pane]`},
}
