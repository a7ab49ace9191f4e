package faketmux

// The commands of tmux 3.3a the emulator does not run yet, by family. They
// parse as in tmux (flags, arity, usage), so that prefixes, aliases and
// errors come out right, and then fail with errUnsupported; each moves to
// its family's cmd_<family>.go, with its exec function and its target
// kinds, once it has code.
var notYetCommands = []*cmdEntry{
	// Clients, and what only an attached client can do or see.
	{name: "switch-client", alias: "switchc", template: "lc:EFnpt:rT:Z", lower: 0, upper: 0, usage: `[-ElnprZ] [-c target-client] [-t target-session] [-T key-table]`},
	{name: "suspend-client", alias: "suspendc", template: "t:", lower: 0, upper: 0, usage: `[-t target-client]`},
	{name: "lock-client", alias: "lockc", template: "t:", lower: 0, upper: 0, usage: `[-t target-client]`},
	{name: "show-messages", alias: "showmsgs", template: "JTt:", lower: 0, upper: 0, usage: `[-JT] [-t target-client]`},
	{name: "server-access", alias: "", template: "adlrw", lower: 0, upper: 1, usage: `[-adlrw] [-t target-pane] [user]`},

	// Key bindings.
	{name: "bind-key", alias: "bind", template: "nrN:T:", lower: 1, upper: -1, usage: `[-nr] [-T key-table] [-N note] key [command [arguments]]`},
	{name: "unbind-key", alias: "unbind", template: "anqT:", lower: 0, upper: 1, usage: `[-anq] [-T key-table] key`},
	{name: "list-keys", alias: "lsk", template: "1aNP:T:", lower: 0, upper: 1, usage: `[-1aN] [-P prefix-string] [-T key-table] [key]`, startServer: true},
	{name: "send-prefix", alias: "", template: "2t:", lower: 0, upper: 0, usage: `[-2] [-t target-pane]`},

	// Commands that run commands or shell commands.
	{name: "confirm-before", alias: "confirm", template: "bp:t:", lower: 1, upper: 1, usage: `[-b] [-p prompt] [-t target-client] command`},
	{name: "command-prompt", alias: "", template: "1bFkiI:Np:t:T:", lower: 0, upper: 1, usage: `[-1bFkiN] [-I inputs] [-p prompts] [-t target-client] [-T type] [template]`},

	// Modes, menus and prompts.
	{name: "choose-client", alias: "", template: "F:f:K:NO:rt:Z", lower: 0, upper: 1, usage: `[-NrZ] [-F format] [-f filter] [-K key-format] [-O sort-order] [-t target-pane] [template]`},
	{name: "choose-tree", alias: "", template: "F:f:GK:NO:rst:wZ", lower: 0, upper: 1, usage: `[-GNrswZ] [-F format] [-f filter] [-K key-format] [-O sort-order] [-t target-pane] [template]`},
	{name: "clock-mode", alias: "", template: "t:", lower: 0, upper: 0, usage: `[-t target-pane]`},
	{name: "copy-mode", alias: "", template: "eHMs:t:uq", lower: 0, upper: 0, usage: `[-eHMuq] [-s src-pane] [-t target-pane]`},
	{name: "customize-mode", alias: "", template: "F:f:Nt:Z", lower: 0, upper: 0, usage: `[-NZ] [-F format] [-f filter] [-t target-pane]`},
	{name: "display-menu", alias: "menu", template: "c:t:OT:x:y:", lower: 1, upper: -1, usage: `[-O] [-c target-client] [-t target-pane] [-T title] [-x position] [-y position] name key command ...`},
	{name: "display-popup", alias: "popup", template: "Bb:Cc:d:e:Eh:s:S:t:T:w:x:y:", lower: 0, upper: -1, usage: `[-BCE] [-b border-lines] [-c target-client] [-d start-directory] [-e environment] [-h height] [-s style] [-S border-style] [-t target-pane][-T title] [-w width] [-x position] [-y position] [shell-command]`},
	{name: "display-panes", alias: "displayp", template: "bd:Nt:", lower: 0, upper: 1, usage: `[-bN] [-d duration] [-t target-client] [template]`},
	{name: "find-window", alias: "findw", template: "CiNrt:TZ", lower: 1, upper: 1, usage: `[-CiNrTZ] [-t target-pane] match-string`},

	// Panes.
	{name: "pipe-pane", alias: "pipep", template: "IOot:", lower: 0, upper: 1, usage: `[-IOo] [-t target-pane] [shell-command]`},
}
