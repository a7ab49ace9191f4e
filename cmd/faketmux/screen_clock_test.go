//go:build linux && !faketmux_thin

package main

// The screen cases of clock mode, played with the others by
// TestScreensMatchTmux. Their inner server's clock is pinned (clock).
func init() {
	screenCases = append(screenCases, clockScreenCases...)
}

var clockScreenCases = []screenCase{
	{
		name:   "clock-mode",
		width:  60,
		height: 10,
		clock:  "2026-01-02 13:45:00",
		inner: [][]string{
			{"new-session", "-d", "-s", "c", "-n", "w", "-x", "60", "-y", "9", "printf 'text\\n'; cat"},
			{"set", "-g", "status-right", "R"},
		},
		// Any key leaves clock mode, and goes no further. An option set
		// shows at the next drawing of the clock (the next clock-mode, a
		// resize), not at once. Too narrow for its big characters, a
		// pane shows the time as text.
		steps: [][]string{nil, {"C-b", "t"}, {"x"},
			{"C-b", ":"}, {"-l", "set -g clock-mode-style 12"}, {"Enter"},
			{"C-b", ":"}, {"-l", "set -g clock-mode-colour red"}, {"Enter"},
			{"C-b", "t"}, {"q"},
			{"C-b", ":"}, {"-l", "splitw -h cat"}, {"Enter"}, {"C-b", "t"},
			{"C-b", ":"}, {"-l", "set -g clock-mode-style 24"}, {"Enter"},
			{"C-b", ":"}, {"-l", "resize-pane -L 10"}, {"Enter"}, {"y"}},
	},
}
