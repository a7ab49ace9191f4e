//go:build linux && !faketmux_thin

package main

// The screen cases of display-popup, played with the others by
// TestScreensMatchTmux.
func init() {
	screenCases = append(screenCases, popupScreenCases...)
}

var popupScreenCases = []screenCase{
	{
		name:   "display-popup",
		width:  50,
		height: 12,
		inner: [][]string{
			{"new-session", "-d", "-s", "p", "-n", "w", "-x", "50", "-y", "11", "printf 'under the popup\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"bind", "p", "display-popup", "-T", "#[align=centre]T #{session_name}", "printf 'fixed text\\n'; cat"},
			{"bind", "P", "display-popup", "-E", "-b", "double", "-S", "fg=red", "-x", "2", "-y", "8", "-w", "20", "-h", "6",
				"printf 'inside\\n'; cat"},
			{"bind", "o", "display-popup", "-B", "-w", "10", "-h", "3", "printf done"},
			{"bind", "r", "display-popup", "-b", "rounded", "-w", "12", "-h", "4", "-T", "a long title cut", "printf 'r\\n'; cat"},
		},
		// Keys go to the popup's program, the prefix and q too; C-c
		// closes a popup without -E, and goes to the program of one with
		// -E, which closes as it exits. Once the program has exited, a
		// popup without -E stays until Escape or C-c.
		steps: [][]string{nil, {"C-b", "p"}, {"abc"}, {"q", "C-b"}, {"C-c"}, {"z"},
			{"C-b", "P"}, {"x"}, {"C-c"}, {"y"},
			{"C-b", "o"}, {"k"}, {"C-c"},
			{"C-b", "r"}, {"C-c"}},
	},
}
