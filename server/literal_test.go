package server

import (
	"slices"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/internal/tmuxargv"
)

// TestLiteral: a caller's string is one argument of the command it is
// given to, as tmux's client cuts a command line, whatever it ends with.
func TestLiteral(t *testing.T) {
	for _, s := range []string{"", "a", ";", "a;", `a\;`, `a\\;`, "a;b", ";;", " ; "} {
		argv := []string{"rename-window", "-t", "@1", "--", literal(s), ";", "list-panes"}
		want := [][]string{{"rename-window", "-t", "@1", "--", s}, {"list-panes"}}
		if got := tmuxargv.SplitCommands(argv); !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("literal(%q): tmux reads %q, want %q", s, got, want)
		}
	}
	if got := literalArgs("-x", "b;"); !slices.Equal(got, []string{"--", "-x", `b\;`}) {
		t.Errorf("literalArgs: %q", got)
	}
}

// TestNoFormat holds the escaping to what tmux 3.3a's format_expand1
// does with '#' (checked against tmux's select-pane -T: each of these
// comes back as sent): "##" is "#", and a run of '#' before '[' is copied
// as it is.
func TestNoFormat(t *testing.T) {
	for s, want := range map[string]string{
		"plain":        "plain",
		"#":            "##",
		"x#":           "x##",
		"##":           "####",
		"#{pane_id}":   "##{pane_id}",
		"#(echo hi)":   "##(echo hi)",
		"a#[b":         "a#[b",
		"##[y":         "##[y",
		"#[fg=red]x#":  "#[fg=red]x##",
		"#,#}":         "##,##}",
		"é#ü":          "é##ü",
		"a#Hb #D ###[": "a##Hb ##D ###[",
	} {
		if got := noFormat(s); got != want {
			t.Errorf("noFormat(%q) = %q, want %q", s, got, want)
		}
	}
}
