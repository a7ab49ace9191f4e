// Package tmuxargv reads a tmux command line given as arguments, as tmux's
// client does, for the emulator (package faketmux) and for the server's
// control-mode backend, which must cut a command line where tmux would.
package tmuxargv

import (
	"slices"
	"strings"
)

// SplitCommands cuts argv into commands at arguments ending in ';', as
// tmux's client does: a trailing "\;" is a literal ';' instead. An argv with
// no separator is returned as the only command without copying.
func SplitCommands(argv []string) [][]string {
	if !Splits(argv) {
		if len(argv) == 0 {
			return nil
		}
		return [][]string{argv}
	}
	var cmds [][]string
	var cur []string
	for _, arg := range argv {
		end := false
		if strings.HasSuffix(arg, ";") {
			arg = arg[:len(arg)-1]
			if strings.HasSuffix(arg, `\`) {
				arg = arg[:len(arg)-1] + ";"
			} else {
				end = true
			}
		}
		if !end || arg != "" {
			cur = append(cur, arg)
		}
		if end && len(cur) > 0 {
			cmds = append(cmds, cur)
		}
		if end {
			cur = nil
		}
	}
	if len(cur) > 0 {
		cmds = append(cmds, cur)
	}
	return cmds
}

// Splits says whether SplitCommands would cut argv: whether any argument
// ends in ';'. Most lines are one command, which needs no split.
func Splits(argv []string) bool {
	return slices.ContainsFunc(argv, func(arg string) bool { return strings.HasSuffix(arg, ";") })
}
