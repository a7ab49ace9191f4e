package faketmux

import (
	"slices"
	"testing"
)

// TestPromptHistoryAdd keeps the history as tmux's
// status_prompt_add_history does: the newest not twice, the oldest
// dropped beyond the limit, nothing kept with a limit of 0.
func TestPromptHistoryAdd(t *testing.T) {
	var h promptHistory
	for _, line := range []string{"a", "b", "b", "c"} {
		h.add("command", line, 100)
	}
	if got := h["command"]; !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Fatalf("history %q", got)
	}
	h.add("command", "c", 2)
	if got := h["command"]; !slices.Equal(got, []string{"b", "c"}) {
		t.Fatalf("a lower limit: history %q", got)
	}
	h.add("search", "x", 0)
	if got := h["search"]; len(got) != 0 {
		t.Fatalf("limit 0: history %q", got)
	}
}

// TestPromptEdit moves and deletes with emacs keys as tmux's
// status_prompt_key does; a word is a run of separators or of other
// characters.
func TestPromptEdit(t *testing.T) {
	const seps = "!\"#$%&'()*+,-./:;<=>?@[\\]^`{|}~"
	for _, tc := range []struct {
		input string
		index int
		keys  []string
		want  string
		at    int
	}{
		{"set -g status-left", 18, []string{"C-w"}, "set -g status-", 14},
		{"set -g status-left", 18, []string{"M-b", "M-b"}, "set -g status-left", 13},
		{"set -g status-left", 18, []string{"C-a", "M-f", "M-f"}, "set -g status-left", 5},
		{"set -g  x", 8, []string{"C-w"}, "set -x", 5},
		{"abc", 1, []string{"C-k"}, "a", 1},
		{"abc", 3, []string{"C-t"}, "acb", 3},
		{"abc", 0, []string{"C-t"}, "abc", 0},
		{"abc", 1, []string{"C-t"}, "bac", 2},
		{"abc", 1, []string{"Left", "Left", "DC", "End", "BSpace"}, "b", 1},
	} {
		p := &statusPrompt{input: []rune(tc.input), index: tc.index}
		for _, k := range tc.keys {
			if edited, _ := p.edit(k, seps); !edited {
				t.Fatalf("%q: %s is no editing key", tc.input, k)
			}
		}
		if string(p.input) != tc.want || p.index != tc.at {
			t.Errorf("%q at %d %v: %q at %d, want %q at %d", tc.input, tc.index, tc.keys, string(p.input), p.index, tc.want, tc.at)
		}
	}
}

// TestPromptWord finds the word Tab completes: the one the cursor is in
// or just after; after a space there is none.
func TestPromptWord(t *testing.T) {
	for _, tc := range []struct {
		input       string
		index       int
		first, last int
		ok          bool
	}{
		{"set -g", 6, 4, 6, true},
		{"set -g", 0, 0, 3, true},
		{"set -g", 2, 0, 3, true},
		{"set ", 4, 4, 3, false},
		{"", 0, 0, 0, true},
	} {
		p := &statusPrompt{input: []rune(tc.input), index: tc.index}
		first, last, ok := p.word()
		if first != tc.first || last != tc.last || ok != tc.ok {
			t.Errorf("%q at %d: word [%d:%d] %v, want [%d:%d] %v", tc.input, tc.index, first, last, ok, tc.first, tc.last, tc.ok)
		}
	}
	if got := commonPrefix([]string{"kill-server", "kill-session"}); got != "kill-se" {
		t.Errorf("common prefix %q", got)
	}
}

// TestNextKeyModifiers reads the xterm sequences of cursor and editing
// keys with modifiers, which the prompt's C-Left and C-Right take.
func TestNextKeyModifiers(t *testing.T) {
	for seq, want := range map[string]string{
		"\x1b[D": "Left", "\x1b[1;5D": "C-Left", "\x1b[1;3C": "M-Right", "\x1b[1;2A": "S-Up",
		"\x1b[1;8H": "C-M-S-Home", "\x1b[3;5~": "C-DC", "\x1b[3~": "DC",
	} {
		k, n := nextKey([]byte(seq))
		if k.String() != want || n != len(seq) {
			t.Errorf("%q: %s (%d bytes), want %s", seq, k, n, want)
		}
	}
}

// TestPromptViKeys translates vi's keys as tmux's
// status_prompt_translate_key does: typed ones put in, Escape to command
// mode, whose keys move and edit, and back to typing.
func TestPromptViKeys(t *testing.T) {
	const seps = "!\"#$%&'()*+,-./:;<=>?@[\\]^`{|}~"
	p := &statusPrompt{}
	for _, tc := range []struct {
		key, input string
		at         int
	}{
		{"a", "a", 1}, {"b", "ab", 2}, {"Escape", "ab", 2}, {"0", "ab", 0}, {"x", "b", 0}, {"a", "b", 1},
		{"c", "bc", 2}, {"Escape", "bc", 2}, {"BSpace", "bc", 1}, {"I", "bc", 0}, {"-", "-bc", 1},
		{"Escape", "-bc", 1}, {"0", "-bc", 0}, {"w", "-bc", 1}, {"e", "-bc", 2}, {"S", "", 0}, {"z", "z", 1},
	} {
		name, insert, ok := p.viKey(tc.key)
		switch {
		case !ok:
		case insert:
			p.insert([]byte(tc.key))
		default:
			if edited, _ := p.edit(name, seps); !edited {
				t.Fatalf("%s became %q, no editing key", tc.key, name)
			}
		}
		if string(p.input) != tc.input || p.index != tc.at {
			t.Fatalf("after %s: %q at %d, want %q at %d", tc.key, string(p.input), p.index, tc.input, tc.at)
		}
	}
}
