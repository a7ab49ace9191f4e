//go:build linux && !faketmux_thin

package main

// The screen cases of find-window, played with the others by
// TestScreensMatchTmux.
func init() {
	screenCases = append(screenCases, chooseScreenCases...)
}

var chooseScreenCases = []screenCase{
	{
		// find-window is choose-tree with a filter made of its flags:
		// the panes whose content (-C), window name (-N) or title (-T)
		// match, all three by default, as a pattern or (-r) a regular
		// expression, ignoring case with -i.
		name:   "find-window",
		target: "a",
		width:  60,
		height: 22,
		inner: [][]string{
			{"new-session", "-d", "-s", "a", "-n", "alpha", "-x", "60", "-y", "21", "printf 'in a\\nzebra here\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-s", "escape-time", "0"},
			{"select-pane", "-t", "a:0", "-T", "first"},
			{"new-window", "-d", "-t", "a:", "-n", "zebras", "printf 'nothing\\n'; cat"},
			{"select-pane", "-t", "a:1", "-T", "second"},
			{"split-window", "-d", "-t", "a:1", "printf 'Zebra\\n'; cat"},
			{"select-pane", "-t", "a:1.1", "-T", "third"},
			{"new-session", "-d", "-s", "b", "-n", "beta", "printf 'in b\\n'; cat"},
			{"select-pane", "-t", "b", "-T", "zebra title"},
		},
		// -r makes the pattern a regular expression, but the pattern
		// of a name or title has * around it, as tmux's has. The keys
		// after those that open a prompt come in a step of their own:
		// tmux runs the binding once it has read them all.
		steps: [][]string{nil, {"C-b", ":"}, {"find-window -Z zebra", "Enter"}, {"Down"}, {"Down"}, {"q"},
			{"C-b", ":"}, {"find-window -C zebra", "Enter"}, {"q"},
			{"C-b", ":"}, {"find-window -Ci zebra", "Enter"}, {"q"},
			{"C-b", ":"}, {"find-window -NT zebra", "Enter"}, {"q"},
			{"C-b", ":"}, {"find-window -Cr '^Z.bra$'", "Enter"}, {"q"},
			{"C-b", ":"}, {"find-window -Tr first", "Enter"}, {"q"},
			{"C-b", ":"}, {"find-window nowhere", "Enter"}, {"Down", "Down", "Down"}, {"Enter"}},
	},
}
