package faketmux

// The differential cases of sessions: groups (new-session -t), and how a
// session goes.
var _ = differentialCases("session", []scenario{
	// A killed session unlinks its windows in the order of tmux's
	// red-black tree of their indexes, its root each time, which follows
	// every index made and taken away: new and killed windows, the room
	// -a and -b make, renumbering and a group's copies.
	{name: "a killed session unlinks its windows root first", steps: []step{
		cmd("new-session", "-d", "-s", "s0", "-n", "w0", "sleep 1000"),
		cmd("new-session", "-d", "-s", "s1", "-n", "a", "sleep 1000", ";",
			"new-window", "-d", "-t", "s1:1", "-n", "b", "sleep 1000", ";",
			"new-window", "-d", "-t", "s1:2", "-n", "c", "sleep 1000", ";",
			"new-window", "-d", "-t", "s1:3", "-n", "d", "sleep 1000", ";",
			"new-window", "-d", "-t", "s1:4", "-n", "e", "sleep 1000", ";",
			"new-window", "-d", "-t", "s1:7", "-n", "f", "sleep 1000"),
		cmd("new-window", "-d", "-a", "-t", "s1:1", "-n", "g", "sleep 1000", ";",
			"new-window", "-d", "-b", "-t", "s1:0", "-n", "h", "sleep 1000", ";", "kill-window", "-t", "s1:e"),
		cmd("set-option", "-t", "s1", "renumber-windows", "on", ";", "kill-window", "-t", "s1:b", ";",
			"new-window", "-d", "-t", "s1:9", "-n", "i", "sleep 1000"),
		cmd("new-session", "-d", "-s", "s2", "-t", "s1", ";", "new-window", "-d", "-t", "s1:12", "-n", "j", "sleep 1000"),
		cmd("set-hook", "-g", "window-unlinked", "set -gaF @o '#{hook_window_name} '"),
		cmd("kill-session", "-t", "s2", ";", "kill-session", "-t", "s1"),
		cmd("show-options", "-gv", "@o"),
	}},
	{name: "session groups", steps: func() []step {
		const groups = "#{session_name} #{session_id} #{session_grouped} [#{session_group}] [#{session_group_list}] " +
			"#{session_group_size} #{session_group_attached} #{session_group_many_attached} #{session_windows}"
		ls := cmd("list-sessions", "-F", groups)
		lsw := cmd("list-windows", "-a", "-F", "#{session_name}:#{window_index} #{window_id} #{window_linked} [#{window_flags}]")
		return []step{
			cmd("new-session", "-d", "-s", "a", "-x", "80", "-y", "24"),
			cmd("new-window", "-d", "-t", "a:3", ";", "new-session", "-d", "-s", "b", "-t", "a"),
			ls,
			lsw,
			// Unnamed, a group's session is named for the group; the
			// window it was made with goes, ids and all.
			cmd("new-session", "-d", "-t", "b", "-P", "-F", "#{session_name} #{window_id} #{pane_id}"),
			ls,
			cmd("list-panes", "-a", "-F", "#{session_name} #{pane_id}"),
			// A window made, renamed or killed in one is in all.
			cmd("new-window", "-d", "-t", "b:5", "-n", "five", ";", "select-window", "-t", "a:3"),
			lsw,
			cmd("kill-window", "-t", "a-2:0"),
			lsw,
			cmd("link-window", "-s", "a:3", "-t", "b:7"),
			cmd("move-window", "-s", "a:3", "-t", "b:8"),
			cmd("swap-window", "-s", "a:3", "-t", "b:5"),
			cmd("swap-window", "-s", "a:3", "-t", "a:5", ";", "list-windows", "-t", "b", "-F", "#{window_index} #{window_name}"),
			// A session outside the group may link a group's window.
			cmd("new-session", "-d", "-s", "out", ";", "link-window", "-d", "-s", "a:3", "-t", "out:4"),
			lsw,
			// -t names a group when it names no session.
			cmd("new-session", "-d", "-t", "g:x"),
			cmd("new-session", "-d", "-t", "g:x", "-s", "gx2"),
			cmd("new-session", "-d", "-t", ""),
			cmd("new-session", "-d", "-t", "a", "-n", "name"),
			cmd("new-session", "-d", "-t", "a", "-s", "b"),
			ls,
			// Killing one session leaves the others their windows; a
			// group's last window takes every session of the group.
			cmd("kill-session", "-t", "a"),
			ls,
			lsw,
			cmd("kill-window", "-t", "b:3", ";", "kill-window", "-t", "b:5"),
			ls,
			cmd("list-panes", "-a", "-F", "#{session_name} #{pane_id}"),
		}
	}()},
})
