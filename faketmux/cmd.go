package faketmux

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tmuxbuf/tmuxbuf/internal/tmuxargv"
)

// errUsageRequested is "-?", which tmux answers with the bare usage line.
var errUsageRequested = errors.New("usage requested")

func exactNames(table []*cmdEntry) map[string]*cmdEntry {
	m := make(map[string]*cmdEntry, 2*len(table))
	for _, e := range table {
		m[e.name] = e
		if e.alias != "" {
			m[e.alias] = e
		}
	}
	return m
}

// cmdFind looks a command up as tmux does: an alias wins outright, then a
// unique prefix of a name (an exact name also ends the scan).
func cmdFind(name string) (*cmdEntry, error) {
	if e, ok := cmdExact(name); ok {
		return e, nil
	}
	var found *cmdEntry
	ambiguous := false
	for _, e := range cmdTable() {
		if !strings.HasPrefix(e.name, name) {
			continue
		}
		if found != nil {
			ambiguous = true
		}
		found = e
	}
	if found == nil {
		return nil, fmt.Errorf(errUnknownCommand, name)
	}
	if ambiguous {
		var names []string
		for _, e := range cmdTable() {
			if strings.HasPrefix(e.name, name) {
				names = append(names, e.name)
			}
		}
		return nil, fmt.Errorf(errAmbiguousCommand, name, strings.Join(names, ", "))
	}
	return found, nil
}

// args is one parsed command: its flags in the order given and its
// positional arguments.
type args struct {
	flags  []flag
	values []string
	// blocks are the { … } blocks among the words (while parsing, by
	// their index after the command's name) and then among the values,
	// each its groups of commands (cmdblocks.go).
	blocks map[int]*block
}

type flag struct {
	letter   byte
	value    string
	hasValue bool
}

func (a *args) has(letter byte) bool {
	for i := range a.flags {
		if a.flags[i].letter == letter {
			return true
		}
	}
	return false
}

// get returns the last value given for a flag, as tmux's args_get does;
// a flag given without a value has none.
func (a *args) get(letter byte) (string, bool) {
	for i := len(a.flags) - 1; i >= 0; i-- {
		if a.flags[i].letter == letter {
			return a.flags[i].value, a.flags[i].hasValue
		}
	}
	return "", false
}

// command is one parsed command of a command list, and the item the queue
// runs it as (kept here, so that a command costs no allocation more).
type command struct {
	entry *cmdEntry
	args  args
	item  cmdItem
	// file is the file the command was read from, tmux's current_file
	// format of its state; "" for none.
	file string
	// origin is where the command was read (see origin).
	origin origin
	// pane is the pane a key binding's command runs for, the current
	// target of its state in tmux; nil for the client's.
	pane *paneState
}

// origin is where a command was read, as tmux's cmd_get_source gives it:
// the file, and the line in it, of a file's command, of a command in one
// of its blocks, or of one in the string of such a command (the string's
// lines counted on from the line of that command); none for a client's
// command line. Errors in a command string of the command's carry it.
type origin struct {
	file string
	line int
}

// setOrigin gives cmds, and the commands of their blocks, their origin in
// file, cmds at line and those of each group of a block at its line.
func setOrigin(cmds []command, file string, line int) {
	for i := range cmds {
		cmds[i].origin = origin{file, line}
		for _, b := range cmds[i].args.blocks {
			for _, g := range b.groups {
				setOrigin(g.cmds, file, g.line)
			}
		}
	}
}

// parseCommands parses a whole command line, with al's aliases; one bad
// command fails it all, so nothing runs, as in tmux.
func parseCommands(argv []string, al *aliasSet) ([]command, error) {
	parts := [][]string{argv}
	if tmuxargv.Splits(argv) {
		parts = tmuxargv.SplitCommands(argv)
	}
	cmds := make([]command, 0, len(parts))
	for _, words := range parts {
		expanded, isAlias, err := al.expand(words)
		if err != nil {
			return nil, err
		}
		if !isAlias {
			if cmds, err = appendCommand(cmds, words, al); err != nil {
				return nil, err
			}
			continue
		}
		// An alias's commands are not expanded again, as tmux builds them
		// with aliases off.
		for _, words := range expanded {
			if cmds, err = appendCommand(cmds, words, nil); err != nil {
				return nil, err
			}
		}
	}
	return cmds, nil
}

func appendCommand(cmds []command, words []string, al *aliasSet) ([]command, error) {
	cmds = append(cmds, command{})
	return cmds, parseCommand(words, &cmds[len(cmds)-1], al)
}

func parseCommand(words []string, cmd *command, al *aliasSet) error {
	if len(words) == 0 {
		return errorf(errNoCommand)
	}
	blocks, err := buildBlocks(words[1:], al)
	if err != nil {
		return err
	}
	e, err := cmdFind(words[0])
	if err != nil {
		return err
	}
	cmd.entry = e
	cmd.args.blocks = blocks
	switch err := parseArgs(e, words[1:], &cmd.args); {
	case err == errUsageRequested:
		return errorf(errUsage, e.name, e.usage)
	case err != nil:
		return errorf(errCommand, e.name, err.Error())
	}
	return nil
}

// parseArgs parses flags the way tmux's args_parse does: flags may be
// grouped, a value may be attached or the next word, and "--" or the first
// word not starting with '-' ends them.
func parseArgs(e *cmdEntry, words []string, a *args) error {
	i := 0
	for i < len(words) {
		w := words[i]
		if len(w) < 2 || w[0] != '-' {
			break
		}
		i++
		if w == "--" {
			break
		}
		for j := 1; j < len(w); j++ {
			letter := w[j]
			if letter == '?' {
				return errUsageRequested
			}
			if !isAlnum(letter) {
				return errorf(errInvalidFlag, letter)
			}
			k := strings.IndexByte(e.template, letter)
			if k < 0 {
				return errorf(errUnknownFlag, letter)
			}
			if k+1 >= len(e.template) || e.template[k+1] != ':' {
				a.flags = append(a.flags, flag{letter: letter})
				continue
			}
			switch {
			case j+1 < len(w):
				a.flags = append(a.flags, flag{letter: letter, value: w[j+1:], hasValue: true})
			case i < len(words) && a.blocks[i] != nil:
				return errorf(errFlagNotString, letter)
			case i < len(words):
				a.flags = append(a.flags, flag{letter: letter, value: words[i], hasValue: true})
				i++
			default:
				// tmux 3.3a sets a flag whose value is missing at the end
				// of the command as present with no value, silently.
				a.flags = append(a.flags, flag{letter: letter})
			}
			break
		}
	}
	a.values = words[i:]
	if err := blockValues(e, a, i); err != nil {
		return err
	}
	if len(a.values) < e.lower {
		return errorf(errTooFewArgs, e.lower)
	}
	if e.upper >= 0 && len(a.values) > e.upper {
		return errorf(errTooManyArgs, e.upper)
	}
	return nil
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
