package faketmux

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/cmdparse"
)

// A { … } block argument reaches a command as one word: cmdparse.Block,
// then the block's command lines, the words of its own blocks among them.
// As tmux's args_parse takes only some arguments of some commands as
// blocks, parseArgs checks the word against blockArguments, parses its
// commands (so that an unknown command in a block fails the whole
// command, as tmux builds blocks with the commands round them). The
// command's args keep the blocks' commands, for printing them back in
// braces, and the value, as tmux's args_value_as_string gives a block
// when it is asked for: its commands printed, groups (the block's lines)
// separated by ";;". That is only done once the command runs (fire), as
// printing a block prints all the blocks within it: building a block
// costs what its own level holds, whatever its depth.

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

// block is a { … } argument: its word as the parser gave it, its groups
// of commands, and its value once printed.
type block struct {
	word    string
	groups  []blockGroup
	printed *string
}

// value is the block as tmux's args_value_as_string prints it.
func (b *block) value() string {
	if b.printed == nil {
		printed := make([]string, len(b.groups))
		for j, g := range b.groups {
			printed[j] = printCommands(g.cmds, " ; ")
		}
		v := strings.Join(printed, " ;; ")
		b.printed = &v
	}
	return *b.printed
}

// blockGroup is a group of a block's commands: one line of it, as tmux
// groups a file's commands by line.
type blockGroup struct {
	line int
	cmds []command
}

// blockError is a failure inside a block, which tmux reports at the
// line of the block's command that failed, without the command round it.
type blockError struct {
	line int
	err  error
}

func (e *blockError) Error() string { return e.err.Error() }

// buildBlocks parses the blocks among a command's words (after its name)
// into their commands, before the command itself is looked at, as tmux
// builds a command's arguments first.
func buildBlocks(words []string, al *aliasSet) (map[int]*block, error) {
	var blocks map[int]*block
	for i, w := range words {
		text, ok := strings.CutPrefix(w, cmdparse.Block)
		if !ok {
			continue
		}
		groups, err := parseBlock(text, al)
		if err != nil {
			return nil, err
		}
		if blocks == nil {
			blocks = map[int]*block{}
		}
		blocks[i] = &block{word: w, groups: groups}
	}
	return blocks, nil
}

// parseBlock parses a block's command lines into its groups of commands,
// with al's aliases.
func parseBlock(text string, al *aliasSet) ([]blockGroup, error) {
	lines, err := cmdparse.DecodeBlock(text)
	if err != nil {
		return nil, err
	}
	groups := make([]blockGroup, len(lines))
	for i, l := range lines {
		cmds, err := parseCommands(l.Argv, al)
		var be *blockError
		switch {
		case errors.As(err, &be):
			return nil, err
		case err != nil:
			return nil, &blockError{l.Number, err}
		}
		groups[i] = blockGroup{l.Number, cmds}
	}
	return groups, nil
}

// blockValues checks the blocks among a's values, which start at word
// first, against what e takes, and keeps them by the index of their
// value; the value itself is given by printBlockValues.
func blockValues(e *cmdEntry, a *args, first int) error {
	words := a.blocks
	a.blocks = nil
	for i := range a.values {
		b := words[first+i]
		if b == nil {
			continue
		}
		if accepts := blockArguments[e.name]; accepts == nil || !accepts(a, i) {
			return errorf(errArgNotString, i+1)
		}
		if a.blocks == nil {
			a.blocks = map[int]*block{}
			// The values are the words the command was parsed from,
			// which a configuration file keeps for the next server.
			a.values = slices.Clone(a.values)
		}
		a.blocks[i] = b
		a.values[i] = ""
	}
	return nil
}

// printBlockValues gives the values that are blocks their printed
// commands, for a command about to run.
func (a *args) printBlockValues() {
	for i, b := range a.blocks {
		a.values[i] = b.value()
	}
}

// words are a's values from index from as words of a command line again,
// blocks marked as the parser gives them, for a command that parses its
// arguments as commands (bind-key).
func (a *args) words(from int) []string {
	words := slices.Clone(a.values[from:])
	for i := range words {
		if b := a.blocks[from+i]; b != nil {
			words[i] = b.word
		}
	}
	return words
}

// printVerbose prints a line's commands as tmux's source-file -v does
// while it builds them: each group of their blocks first, then the line,
// numbered as tmux's parser has it then, the last line of a block built.
// It returns that number.
func (c *client) printVerbose(path string, number int, cmds []command) int {
	for _, cmd := range cmds {
		for i := range cmd.args.values {
			if b := cmd.args.blocks[i]; b != nil {
				for _, g := range b.groups {
					number = c.printVerbose(path, g.line, g.cmds)
				}
			}
		}
	}
	c.print(fmt.Sprintf("%s:%d: %s", path, number, printCommands(cmds, " ; ")))
	return number
}

// commandGroups are the commands an argument of a command holds: a
// block's groups as they are, or a string (text, which the caller may
// have expanded) parsed into one group, as tmux's args_make_commands
// gives them for a command read at at.
func (c *client) commandGroups(a *args, i int, text string, at origin) ([][]command, error) {
	if b := a.blocks[i]; b != nil {
		groups := make([][]command, len(b.groups))
		for j, g := range b.groups {
			groups[j] = g.cmds
		}
		return groups, nil
	}
	cmds, err := c.parseCommandStringAt(text, at)
	return [][]command{cmds}, err
}

// runGroups runs groups of commands after it, or at once for a command
// whose item is gone (a background job's).
func (c *client) runGroups(it *cmdItem, groups [][]command, now bool) {
	for _, g := range groups {
		if now {
			c.runGroup(g)
		} else {
			it.insertAfter(g)
		}
	}
}

// parseOptions are how the server parses a text (source-file, if-shell's
// commands): $NAME from its global environment, conditions on the formats
// of the current target, and assignments into that environment, as tmux's
// parser makes them.
func (c *client) parseOptions() cmdparse.Options {
	return cmdparse.Options{Lookup: c.st.globalLookup, Expand: func(s string) string {
		t, _ := c.current()
		return c.formatForTarget(t).expand(s)
	}, Assign: c.st.env.set}
}
