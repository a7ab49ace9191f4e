package faketmux

import "strings"

// terminalHas is whether cc's terminal has one of tmux's terminal
// features (clipboard, focus, …), as tmux's tty_term_create adds them from
// terminal-features to the terminal's terminfo: those of each entry whose
// pattern matches the client's TERM (by default, xterm*'s clipboard,
// ccolour, cstyle, focus and title). The terminal's own terminfo and what
// it answers to tmux's queries (a terminal that says it is tmux has most
// features) are not looked at: a terminal has a feature here only when
// terminal-features gives it.
func (st *state) terminalHas(cc *controlClient, feature string) bool {
	for _, entry := range st.options.getArray("terminal-features") {
		pattern, features, ok := strings.Cut(entry, ":")
		if !ok || !fnmatch(pattern, cc.termName, false) {
			continue
		}
		for _, f := range strings.FieldsFunc(features, func(r rune) bool { return r == ':' || r == ',' }) {
			if f == feature {
				return true
			}
		}
	}
	return false
}
