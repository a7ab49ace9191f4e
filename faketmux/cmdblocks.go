package faketmux

import (
	"strings"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/cmdparse"
)

// A { … } block argument reaches a command as one word: cmdparse.Block,
// then a text of the block's commands. As tmux's args_parse takes only
// some arguments of some commands as blocks, parseArgs checks the word
// against blockArguments, parses its commands (so that an unknown command
// in a block fails the whole command, as tmux builds blocks with the
// commands round them), and keeps the value as tmux's
// args_value_as_string gives a block: its commands printed, groups (the
// block's lines) separated by ";;". The command's args remember which
// values were blocks, for printing them back in braces.

// blockArguments are the commands whose arguments may be blocks, and
// which of them, as their tmux 3.3a args_parse callbacks say.
var blockArguments = map[string]func(a *args, idx int) bool{
	"bind-key":          anyArgument,
	"choose-buffer":     anyArgument,
	"choose-client":     anyArgument,
	"choose-tree":       anyArgument,
	"command-prompt":    anyArgument,
	"confirm-before":    anyArgument,
	"display-panes":     anyArgument,
	"display-menu":      menuCommandArgument,
	"if-shell":          func(_ *args, idx int) bool { return idx == 1 || idx == 2 },
	"run-shell":         func(a *args, _ int) bool { return a.has('C') },
	"set-option":        func(_ *args, idx int) bool { return idx == 1 },
	"set-window-option": func(_ *args, idx int) bool { return idx == 1 },
	"set-hook":          func(_ *args, idx int) bool { return idx == 1 },
}

func anyArgument(*args, int) bool { return true }

// menuCommandArgument is display-menu's: the command of each item (name,
// key, command), an empty name being a separator alone.
func menuCommandArgument(a *args, idx int) bool {
	for i := 0; ; {
		if i == idx {
			return false
		}
		name := a.values[i]
		if i++; name == "" {
			continue
		}
		if i == idx {
			return false
		}
		if i++; i == idx {
			return true
		}
		i++
	}
}

// blockValues turns the block words among a's values into their commands'
// printed form, failing on a block where e takes none.
func blockValues(e *cmdEntry, a *args) error {
	values := a.values
	a.values = nil
	for i, v := range values {
		text, ok := strings.CutPrefix(v, cmdparse.Block)
		if !ok {
			a.values = append(a.values, v)
			continue
		}
		if accepts := blockArguments[e.name]; accepts == nil || !accepts(a, i) {
			return errorf(errArgNotString, i+1)
		}
		groups, err := parseBlock(text)
		if err != nil {
			return err
		}
		printed := make([]string, len(groups))
		for j, g := range groups {
			printed[j] = printCommands(g, " ; ")
		}
		if a.blocks == nil {
			a.blocks = map[int]bool{}
		}
		a.blocks[i] = true
		a.values = append(a.values, strings.Join(printed, " ;; "))
	}
	return nil
}

// parseBlock parses a block's text into its groups of commands. Its words
// are quoted already, so nothing in it expands again.
func parseBlock(text string) ([][]command, error) {
	lines, err := cmdparse.Parse([]byte(text), cmdparse.Options{Lookup: func(string) (string, bool) { return "", false }})
	if err != nil {
		return nil, err
	}
	groups := make([][]command, len(lines))
	for i, l := range lines {
		if groups[i], err = parseCommands(l.Argv); err != nil {
			return nil, err
		}
	}
	return groups, nil
}

// parseOptions are how the server parses a text (source-file, if-shell's
// commands): $NAME from its global environment, and conditions on the
// formats of the current target, as tmux's parser finds them.
func (c *client) parseOptions() cmdparse.Options {
	return cmdparse.Options{Lookup: c.globalLookup, Expand: func(s string) string {
		t, _ := c.current()
		return c.formatForTarget(t).expand(s)
	}}
}
