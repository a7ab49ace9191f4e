package tmuxcli

import (
	"os"
	"strings"
)

// defaultConfigs is the configuration search list of Debian's tmux 3.3a
// build, used when no -f is given.
var defaultConfigs = []string{"/etc/tmux.conf", "~/.tmux.conf", "$XDG_CONFIG_HOME/tmux/tmux.conf", "~/.config/tmux/tmux.conf"}

// ConfigFiles returns the files a server started by this client would load:
// those given with -f, else the default list with the entries that cannot be
// expanded left out.
func ConfigFiles(g *Globals, lookupEnv func(string) (string, bool)) []string {
	if g.Configs != nil {
		return g.Configs
	}
	var files []string
	for _, f := range defaultConfigs {
		switch {
		case strings.HasPrefix(f, "~/"):
			home, _ := lookupEnv("HOME")
			if home == "" {
				continue
			}
			f = home + f[1:]
		case strings.HasPrefix(f, "$"):
			name, rest, _ := strings.Cut(f[1:], "/")
			v, ok := lookupEnv(name)
			if !ok {
				continue
			}
			f = v + "/" + rest
		}
		files = append(files, f)
	}
	return files
}

// LoadConfig returns the set-option commands of the files. faketmux only
// models options, so other commands are left out; a file that cannot be read
// is skipped, as tmux reports nothing about it to a client that is not
// attached.
func LoadConfig(files []string) [][]string {
	var cmds [][]string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, cmd := range parseConfig(string(b)) {
			if cmd[0] == "set" || cmd[0] == "set-option" {
				cmds = append(cmds, cmd)
			}
		}
	}
	return cmds
}

// parseConfig splits a configuration file into commands: words separated by
// blanks, '…' and "…" quoting, backslash escapes, '#' comments at the start
// of a word, a backslash before a newline joining lines, and ';' or a newline
// ending a command. tmux's %if, {…} blocks and variable expansion are not
// modelled.
func parseConfig(text string) [][]string {
	var (
		cmds   [][]string
		words  []string
		word   strings.Builder
		inWord bool
		quote  byte
	)
	endWord := func() {
		if inWord {
			words = append(words, word.String())
			word.Reset()
			inWord = false
		}
	}
	endCmd := func() {
		endWord()
		if len(words) > 0 {
			cmds = append(cmds, words)
			words = nil
		}
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			} else {
				word.WriteByte(c)
			}
		case c == '\\' && i+1 < len(text):
			i++
			if text[i] != '\n' {
				word.WriteByte(text[i])
				inWord = true
			}
		case quote == '"':
			if c == '"' {
				quote = 0
			} else {
				word.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, inWord = c, true
		case c == '#' && !inWord:
			for i+1 < len(text) && text[i+1] != '\n' {
				i++
			}
		case c == '\n' || c == ';':
			endCmd()
		case c == ' ' || c == '\t' || c == '\r':
			endWord()
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	endCmd()
	return cmds
}
