package server

import (
	"strings"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
	"github.com/tmuxbuf/tmuxbuf/internal/tmuxargv"
)

// FuzzQuoteArg: every argument without a NUL, quoted for a control
// client's line, is read back by tmux's parser (faketmux's, which the
// differential tests hold to tmux 3.3a's) as the one word it was.
func FuzzQuoteArg(f *testing.F) {
	for _, seed := range []string{"", "plain", "it's", "a\nb", "~root", "$HOME", "\\\"", "\x1b[1m", "\xff\xfe", "é\x7f", "#{x}", "a;", "{", "%if"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, arg string) {
		if strings.Contains(arg, "\x00") {
			return
		}
		words, err := tmuxcli.ParseControlLine("set-buffer "+quoteArg(arg), "/", func(string) (string, bool) { return "", false })
		// The parser gives argv as tmux's client would send it, where a
		// word's final ';' is written \;.
		commands := tmuxargv.SplitCommands(words)
		if err != nil || len(commands) != 1 || len(commands[0]) != 2 || commands[0][1] != arg {
			t.Fatalf("%q quoted as %s read back as %q, %v", arg, quoteArg(arg), words, err)
		}
	})
}
