//go:build linux && !faketmux_thin

package main

// The screen cases of client mode (choose-client), find-window, and the
// mode tree's search and filter prompts, played with the others by
// TestScreensMatchTmux. choose-client lists the terminal's own client
// and a control client of session b, which tmux names client-PID (the
// harness writes the names as /dev/pts/N and client-PID): by name the
// terminal's comes first, by size too (60 columns to a control client's
// 80), by creation last, and by activity first, since it types.
func init() {
	screenCases = append(screenCases, chooseScreenCases...)
}

var chooseScreenCases = []screenCase{
	{
		// The default format shows each client's activity, so the
		// clock is pinned.
		name:     "choose-client",
		target:   "a",
		width:    60,
		height:   22,
		clock:    "2026-01-02 13:45:00",
		controls: []string{"b"},
		inner: [][]string{
			{"new-session", "-d", "-s", "a", "-n", "w", "-x", "60", "-y", "21", "printf 'in a\\n\\033[1;31mred\\033[0m\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-s", "escape-time", "0"},
			{"new-session", "-d", "-s", "b", "-n", "x", "printf 'in b\\n'; cat"},
		},
		// A tag typed moves down; D detaches the tagged clients, d the
		// current one.
		steps: [][]string{nil, {"C-b", "D"}, {"Down"}, {"O"}, {"O"}, {"O"}, {"O"}, {"r"}, {"Up"}, {"r"},
			{"t"}, {"C-t"}, {"T"}, {"t"}, {"D"}, {"q"}, {"C-b", "D"}, {"Escape"}},
	},
	{
		// With the status line at the top, tmux draws a client's
		// preview over the line below it.
		name:     "choose-client flags and keys",
		target:   "a",
		width:    60,
		height:   22,
		controls: []string{"b"},
		inner: [][]string{
			{"new-session", "-d", "-s", "a", "-n", "w", "-x", "60", "-y", "21", "printf 'in a\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "status-position", "top"},
			{"set", "-s", "escape-time", "0"},
			{"new-session", "-d", "-s", "b", "-n", "x", "printf 'in b\\n'; cat"},
			{"bind", "C", "choose-client", "-Z", "-O", "size", "-r", "-F", "#{client_width}x#{client_height} #{session_name}",
				"display-message -d 0 'chose [%%]'"},
			{"bind", "K", "choose-client", "-N", "-F", "#{session_name}", "-K", "#{?#{e|<:#{line},1},x,}", "-f", "#{==:#{session_name},b}"},
		},
		// Enter runs the template with the client's terminal, which a
		// control client has none of; a shortcut chooses its line. z
		// suspends a client, which leaves the list: the filter matches
		// none.
		steps: [][]string{nil, {"C-b", "C"}, {"Down"}, {"Enter"}, {"y"}, {"C-b", "C"}, {"Enter"}, {"y"},
			{"C-b", "K"}, {"x"}, {"y"}, {"C-b", "K"}, {"v"}, {"z"}, {"q"}},
	},
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
	{
		// A mode tree's search (C-s, /, ?) looks at every item, those
		// of collapsed ones too, from the current one on and round:
		// sessions and windows by name, panes by their command; n looks
		// again. f asks for a filter, starting from the one there is;
		// a prompt cancelled clears it.
		name:   "mode tree search and filter",
		target: "a",
		width:  60,
		height: 22,
		inner: [][]string{
			{"new-session", "-d", "-s", "a", "-n", "w", "-x", "60", "-y", "21", "printf 'in a\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-s", "escape-time", "0"},
			{"new-window", "-d", "-t", "a:", "-n", "two", "cat"},
			{"new-session", "-d", "-s", "b", "-n", "x", "printf 'in b\\n'; cat"},
			{"split-window", "-t", "b", "sleep 1000"},
		},
		steps: [][]string{nil, {"C-b", "s"}, {"/"}, {"two", "Enter"}, {"n"}, {"C-s"}, {"sleep", "Enter"}, {"n"},
			{"?"}, {"cat", "Enter"}, {"n"}, {"n"}, {"M--"},
			{"f"}, {"#{==:#{session_name},b}", "Enter"}, {"f"}, {"BSpace", "a}", "Enter"}, {"f"}, {"C-c"}, {"q"}},
	},
}
