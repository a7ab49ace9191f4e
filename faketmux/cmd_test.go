package faketmux

import "testing"

func TestCommandLookup(t *testing.T) {
	// The map shortcut must agree with tmux's scan for every full name.
	for _, e := range cmdTable() {
		got, err := cmdFind(e.name)
		if err != nil || got != e {
			t.Errorf("cmdFind(%q) = %v, %v", e.name, got, err)
		}
	}
	if _, err := cmdFind("list-b"); err != nil {
		t.Errorf("unique prefix: %v", err)
	}
	if _, err := cmdFind("li"); err == nil {
		t.Error("ambiguous prefix accepted")
	}
}
