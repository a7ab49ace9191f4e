package faketmux

import "testing"

// TestFormatKeepsAFinalHash: tmux 3.3a prints a '#' that ends a format as
// it is ("a#" gives "a#"), in every command that expands formats.
func TestFormatKeepsAFinalHash(t *testing.T) {
	s := started(t)
	for format, want := range map[string]string{"a#": "a#\n", "#": "#\n", "#{session_name}#": "main#\n", "a##": "a#\n"} {
		if got := mustRun(t, s, "display-message", "-p", format); got != want {
			t.Errorf("display-message -p %q = %q, want %q", format, got, want)
		}
		if got := mustRun(t, s, "list-panes", "-F", format); got != want {
			t.Errorf("list-panes -F %q = %q, want %q", format, got, want)
		}
	}
}
