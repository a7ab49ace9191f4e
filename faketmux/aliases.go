package faketmux

import (
	"strings"
	"sync"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/cmdparse"
	"github.com/tmuxbuf/tmuxbuf/internal/tmuxargv"
)

// aliasSet is the command-alias option as tmux's cmd_get_alias reads it
// when a command is parsed: NAME=VALUE items in index order, the first of
// a name winning, an item with no '=' ignored. An alias comes before the
// command table, so it may take the name of a command or of a command's
// own alias. A nil set expands nothing.
type aliasSet struct {
	byName map[string]string
	// parse is how a value is parsed: $NAME from the global environment,
	// as the server's parser reads it.
	parse cmdparse.Options
}

func newAliasSet(items []string, parse cmdparse.Options) *aliasSet {
	al := &aliasSet{byName: make(map[string]string, len(items)), parse: parse}
	for _, item := range items {
		name, value, ok := strings.Cut(item, "=")
		if _, seen := al.byName[name]; ok && !seen {
			al.byName[name] = value
		}
	}
	return al
}

// defaultAliases is the set of the option's default, which a client has
// when it parses a line to decide whether to start a server.
var defaultAliases = sync.OnceValue(func() *aliasSet {
	noEnvironment := func(string) (string, bool) { return "", false }
	return newAliasSet(optionByName()["command-alias"].defArr, cmdparse.Options{Lookup: noEnvironment})
})

// aliases is the set in force on this server: the default until the
// option is changed, so that most lines share one.
func (st *state) aliases() *aliasSet {
	if _, changed := st.options.arrays["command-alias"]; !changed {
		return defaultAliases()
	}
	return newAliasSet(st.options.getArray("command-alias"), cmdparse.Options{Lookup: st.globalLookup})
}

// expand is what tmux's cmd_parse_expand_alias makes of a command's words:
// nil, false when its name is no alias; else the commands of the alias's
// value, parsed as a command string, with the words after the name added
// to the last of them. An empty value gives no command at all.
func (al *aliasSet) expand(words []string) ([][]string, bool, error) {
	if al == nil || len(words) == 0 {
		return nil, false, nil
	}
	value, ok := al.byName[words[0]]
	if !ok {
		return nil, false, nil
	}
	lines, err := cmdparse.Parse([]byte(value), al.parse)
	if err != nil {
		return nil, true, err
	}
	var cmds [][]string
	for _, l := range lines {
		cmds = append(cmds, tmuxargv.SplitCommands(l.Argv)...)
	}
	if len(cmds) == 0 {
		return nil, true, nil
	}
	last := len(cmds) - 1
	cmds[last] = append(cmds[last], words[1:]...)
	return cmds, true, nil
}
