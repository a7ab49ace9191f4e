package tmuxargv

import (
	"reflect"
	"testing"
)

// TestSplitCommands holds the rules as tmux 3.3a's client applies them
// (checked with tmux -L scratch: `set-buffer -b x 'hello;' show-buffer -b x`
// prints hello; 'hi\;' sets "hi;"; an empty command is skipped).
func TestSplitCommands(t *testing.T) {
	for _, tc := range []struct {
		argv []string
		want [][]string
	}{
		{nil, nil},
		{[]string{"list-buffers"}, [][]string{{"list-buffers"}}},
		{[]string{"delete-buffer", "-b", "a", ";", "delete-buffer", "-b", "b"}, [][]string{{"delete-buffer", "-b", "a"}, {"delete-buffer", "-b", "b"}}},
		{[]string{"set-buffer", "-b", "x", "hello;", "show-buffer", "-b", "x"}, [][]string{{"set-buffer", "-b", "x", "hello"}, {"show-buffer", "-b", "x"}}},
		{[]string{"set-buffer", "-b", "y", `hi\;`}, [][]string{{"set-buffer", "-b", "y", "hi;"}}},
		{[]string{"set-buffer", "a", ";", ";", "show-buffer"}, [][]string{{"set-buffer", "a"}, {"show-buffer"}}},
		{[]string{"list-buffers", ";"}, [][]string{{"list-buffers"}}},
	} {
		if got := SplitCommands(tc.argv); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("SplitCommands(%q) = %q, want %q", tc.argv, got, tc.want)
		}
	}
}
