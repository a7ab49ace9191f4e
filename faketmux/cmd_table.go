package faketmux

import "fmt"

// cmdEntry is one tmux command, declared beside its code in its family's
// cmd_<family>.go as tmux's cmd-*.c declare theirs: how it parses, and the
// function that runs it. Every command of tmux 3.3a has an entry, and
// TestTableIsTmuxs checks that each has an exec function.
type cmdEntry struct {
	name, alias string
	template    string // getopt-style: a letter, then ':' if it takes a value
	lower       int
	upper       int // -1: no limit
	usage       string
	startServer bool // tmux's CMD_STARTSERVER: a client may start a server for it
	// readOnly is tmux's CMD_READONLY: a read-only client (server-access
	// -r) may run it from its command line.
	readOnly bool
	// source and target say how the queue resolves -s and -t before exec,
	// as tmux's cmd_entry_flag does; the zero value resolves nothing.
	source, target targetSpec
	// client is the flag that names the command's target client ('c' or
	// 't'), as tmux's CMD_CLIENT_CFLAG and CMD_CLIENT_TFLAG say: the queue
	// finds it, or fails, before any target.
	client byte
	exec   func(c *client, it *cmdItem) error
	// afterHook is the name of the command's after- hook, "" if tmux has
	// none for it: named once, not for every command run.
	afterHook string
	// selfHooked is for the commands that raise their after- hook
	// themselves (the selfHooked list).
	selfHooked bool
}

// targetSpec is one target of a command: what its flag's value names, and
// whether the command runs when it is not found.
type targetSpec struct {
	kind findType
	// canFail is tmux's CMD_FIND_CANFAIL: a target that is not found is no
	// error, and the command gets whatever was found on the way to it.
	canFail bool
	// windowIndex is tmux's CMD_FIND_WINDOW_INDEX: a window target may
	// name an index no window has yet.
	windowIndex bool
	// defaultMarked is tmux's CMD_FIND_DEFAULT_MARKED: while a pane is
	// marked, it is the current target the value starts from.
	defaultMarked bool
}

// tmuxTableOrder is tmux 3.3a's command table by name, in its order. The
// order decides which command an ambiguous prefix lists first, so it is
// kept as tmux has it: alphabetical, but for display-popup before
// display-panes. TestTableIsTmuxs checks the table against tmux's own
// list-commands.
var tmuxTableOrder = []string{
	"attach-session",
	"bind-key",
	"break-pane",
	"capture-pane",
	"choose-buffer",
	"choose-client",
	"choose-tree",
	"clear-history",
	"clear-prompt-history",
	"clock-mode",
	"command-prompt",
	"confirm-before",
	"copy-mode",
	"customize-mode",
	"delete-buffer",
	"detach-client",
	"display-menu",
	"display-message",
	"display-popup",
	"display-panes",
	"find-window",
	"has-session",
	"if-shell",
	"join-pane",
	"kill-pane",
	"kill-server",
	"kill-session",
	"kill-window",
	"last-pane",
	"last-window",
	"link-window",
	"list-buffers",
	"list-clients",
	"list-commands",
	"list-keys",
	"list-panes",
	"list-sessions",
	"list-windows",
	"load-buffer",
	"lock-client",
	"lock-server",
	"lock-session",
	"move-pane",
	"move-window",
	"new-session",
	"new-window",
	"next-layout",
	"next-window",
	"paste-buffer",
	"pipe-pane",
	"previous-layout",
	"previous-window",
	"refresh-client",
	"rename-session",
	"rename-window",
	"resize-pane",
	"resize-window",
	"respawn-pane",
	"respawn-window",
	"rotate-window",
	"run-shell",
	"save-buffer",
	"select-layout",
	"select-pane",
	"select-window",
	"send-keys",
	"send-prefix",
	"server-access",
	"set-buffer",
	"set-environment",
	"set-hook",
	"set-option",
	"set-window-option",
	"show-buffer",
	"show-environment",
	"show-hooks",
	"show-messages",
	"show-options",
	"show-prompt-history",
	"show-window-options",
	"source-file",
	"split-window",
	"start-server",
	"suspend-client",
	"swap-pane",
	"swap-window",
	"switch-client",
	"unbind-key",
	"unlink-window",
	"wait-for",
}

// cmdTable is every family's entries in tmux's table order. It is made by
// init, not by its declaration: commands that parse commands (if-shell,
// run-shell -C) reach the table through their exec functions, which would
// be an initialization cycle.
var cmdTable []*cmdEntry

func init() {
	cmdTable = tableInOrder(tmuxTableOrder,
		bufferCommands, environmentCommands, layoutCommands, optionCommands, paneCommands,
		serverCommands, sessionCommands, windowCommands, clientCommands, scriptCommands, keyCommands, modeCommands)
	cmdExact = exactNames(cmdTable)
	for _, e := range cmdTable {
		if name := "after-" + e.name; optionByName[name] != nil {
			e.afterHook = name
		}
		e.selfHooked = selfHooked[e.name]
	}
}

// tableInOrder puts the families' entries in order; a command missing from
// either side, or declared twice, is a programming error caught as the
// package loads.
func tableInOrder(order []string, families ...[]*cmdEntry) []*cmdEntry {
	byName := make(map[string]*cmdEntry, len(order))
	for _, family := range families {
		for _, e := range family {
			if byName[e.name] != nil {
				panic(fmt.Sprintf("faketmux: command %s declared twice", e.name))
			}
			byName[e.name] = e
		}
	}
	if len(byName) != len(order) {
		panic(fmt.Sprintf("faketmux: %d commands declared, tmux's table has %d", len(byName), len(order)))
	}
	table := make([]*cmdEntry, len(order))
	for i, name := range order {
		if table[i] = byName[name]; table[i] == nil {
			panic("faketmux: no entry for tmux's command " + name)
		}
	}
	return table
}
