package faketmux

import (
	"bufio"
	"os"
	"slices"
	"strings"
)

// The prompt history kept in history-file, as tmux 3.3a keeps it: loaded
// once the configuration has run when the server starts, and written when
// the server exits (not when it crashes).

// historyFile is where history-file says the history is kept, as tmux's
// status_prompt_find_history_file finds it: an absolute path, or one
// under the home directory after "~/"; none for another value.
func (st *state) historyFile() (string, bool) {
	name := st.options.get("history-file")
	switch {
	case strings.HasPrefix(name, "/"):
		return name, true
	case strings.HasPrefix(name, "~/"):
		if home, ok := st.serverHome(); ok {
			return home + name[1:], true
		}
	}
	return "", false
}

// loadPromptHistory adds each line of the history file to the history of
// the type it starts with ("search:..."), a line with no type's name
// before its first colon to the commands', as tmux's
// status_prompt_load_history does. A file that cannot be read is passed
// over.
func (st *state) loadPromptHistory() {
	path, ok := st.historyFile()
	if !ok {
		return
	}
	f, err := os.Open(path)
	if err != nil {
		return
	}
	defer f.Close()
	limit := st.options.number("prompt-history-limit")
	r := bufio.NewReader(f)
	for {
		line, err := r.ReadString('\n')
		if line = strings.TrimSuffix(line, "\n"); line != "" || err == nil {
			kind, rest, typed := strings.Cut(line, ":")
			if !typed || !slices.Contains(promptTypes, kind) {
				kind, rest = "command", line
			}
			st.promptHistory.add(kind, rest, limit)
		}
		if err != nil {
			return
		}
	}
}

// savePromptHistory writes the history file, each type's history in
// tmux's order of the types, oldest first, as tmux's
// status_prompt_save_history does; a file that cannot be written is
// passed over.
func (st *state) savePromptHistory() {
	path, ok := st.historyFile()
	if !ok {
		return
	}
	var b strings.Builder
	for _, kind := range promptTypes {
		for _, line := range st.promptHistory[kind] {
			b.WriteString(kind + ":" + line + "\n")
		}
	}
	os.WriteFile(path, []byte(b.String()), 0o666)
}
