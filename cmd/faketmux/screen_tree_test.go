//go:build linux && !faketmux_thin

package main

// The screen cases of tree mode (choose-tree), played with the others by
// TestScreensMatchTmux.
func init() {
	screenCases = append(screenCases, treeScreenCases...)
}

var treeScreenCases = []screenCase{
	{
		name:   "choose-tree -s and -w",
		target: "a",
		inner: [][]string{
			{"new-session", "-d", "-s", "a", "-n", "w", "-x", "40", "-y", "7", "printf 'in a\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-s", "escape-time", "0"},
			{"new-window", "-d", "-t", "a", "-n", "two", "cat"},
			{"new-session", "-d", "-s", "b", "-n", "x", "printf 'in b\\n'; cat"},
			{"split-window", "-t", "b", "cat"},
		},
		steps: [][]string{nil, {"C-b", "s"}, {"Down"}, {"Right"}, {"j"}, {"j"}, {"Down"}, {"Up"}, {"-"}, {"k"}, {"Left"}, {"+"},
			{"q"}, {"C-b", "w"}, {"Down"}, {"Enter"}, {"C-b", "w"}, {"Escape"}},
	},
	{
		name:   "choose-tree previews",
		target: "a",
		width:  60,
		height: 22,
		inner: [][]string{
			{"new-session", "-d", "-s", "a", "-n", "w", "-x", "60", "-y", "21", "printf 'in a\\n\\033[1;31mred\\033[0m\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"new-window", "-d", "-t", "a", "-n", "two", "printf 'two\\n'; cat"},
			{"new-session", "-d", "-s", "b", "-n", "x", "printf 'in b\\n'; cat"},
			{"split-window", "-h", "-t", "b", "printf 'right\\n'; cat"},
		},
		steps: [][]string{nil, {"C-b", "w"}, {"Up"}, {"Down"}, {"Down"}, {"Down"}, {"Down"}, {"Right"}, {"Down"}, {"Down"}, {"Enter"}},
	},
}
