package faketmux

// COMMANDS.md, the command reference, is made from the table and the
// differential cases by a test.
//
//go:generate go test -run TestCommandsReference -update .

import (
	"slices"
	"strings"
	"sync"
)

// cmdEntry is one tmux command, declared beside its code in its family's
// cmd_<family>.go as tmux's cmd-*.c declare theirs: how it parses, the
// function that runs it, and what it does not do as tmux does. Every
// command of tmux 3.3a has an entry (TestTableIsTmuxs), each with its exec
// function and a differential case, or a noCase saying why it has none
// (TestEveryCommandHasCodeAndACase); COMMANDS.md is made from them
// (TestCommandsReference).
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
	// differs says, in short sentences, what the command does not do as
	// tmux 3.3a does; COMMANDS.md shows it. Differences that are not one
	// command's are in README.md.
	differs string
	// noCase says why no differential case runs the command, for one
	// that cannot have one; a command without it must have a case.
	noCase string
	// family is the family whose cmd_<family>.go declares the entry, set
	// as the table is made.
	family string
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

// tmuxOutOfOrder are the entries of tmux's command table (cmd_table in
// cmd.c) that are not where alphabetical order would put them, each with
// the command it comes before there. The order decides which command an
// ambiguous prefix lists first, and what list-commands prints;
// TestTableIsTmuxs checks it against tmux's own list-commands.
var tmuxOutOfOrder = []struct{ name, before string }{
	{"display-popup", "display-panes"},
}

// table is every family's entries in tmux's table order, and the entries
// by full name and alias, made on first use (cmdTable()): a client process
// that finds its server running never needs them, and the table is not
// made by its declaration since commands that parse commands (if-shell,
// run-shell -C) reach it through their exec functions, which would be an
// initialization cycle.
var table struct {
	once    sync.Once
	entries []*cmdEntry
	exact   map[string]*cmdEntry
}

// cmdTable is every command's entry in tmux's table order.
func cmdTable() []*cmdEntry {
	table.once.Do(makeTable)
	return table.entries
}

// cmdExact finds a command by its full name or alias without the prefix
// scan; cmdFind falls back to the scan, which decides ambiguity.
func cmdExact(name string) (*cmdEntry, bool) {
	table.once.Do(makeTable)
	e, ok := table.exact[name]
	return e, ok
}

// families are the entries of each cmd_<name>.go. init sets them, cheaply,
// so that makeTable, which exec functions reach, does not refer to them.
var families [12]struct {
	name    string
	entries []*cmdEntry
}

func init() {
	families = [...]struct {
		name    string
		entries []*cmdEntry
	}{
		{"buffer", bufferCommands}, {"client", clientCommands}, {"environment", environmentCommands},
		{"key", keyCommands}, {"layout", layoutCommands}, {"mode", modeCommands},
		{"option", optionCommands}, {"pane", paneCommands}, {"script", scriptCommands},
		{"server", serverCommands}, {"session", sessionCommands}, {"window", windowCommands},
	}
}

func makeTable() {
	var all [][]*cmdEntry
	for _, f := range families {
		all = append(all, family(f.name, f.entries))
	}
	table.entries = tmuxOrder(all...)
	table.exact = exactNames(table.entries)
	for _, e := range table.entries {
		if name := "after-" + e.name; optionByName()[name] != nil {
			e.afterHook = name
		}
		e.selfHooked = selfHooked[e.name]
	}
}

// family marks entries as declared in cmd_<name>.go.
func family(name string, entries []*cmdEntry) []*cmdEntry {
	for _, e := range entries {
		e.family = name
	}
	return entries
}

// tmuxOrder puts the families' entries in tmux's table order: by name,
// then each of tmuxOutOfOrder moved before the command it precedes in
// tmux.
func tmuxOrder(families ...[]*cmdEntry) []*cmdEntry {
	table := slices.Concat(families...)
	slices.SortFunc(table, func(a, b *cmdEntry) int { return strings.Compare(a.name, b.name) })
	index := func(name string) int {
		return slices.IndexFunc(table, func(e *cmdEntry) bool { return e.name == name })
	}
	for _, move := range tmuxOutOfOrder {
		from, to := index(move.name), index(move.before)
		if from < 0 || to < 0 {
			continue
		}
		e := table[from]
		table = slices.Delete(table, from, from+1)
		if to > from {
			to--
		}
		table = slices.Insert(table, to, e)
	}
	return table
}
