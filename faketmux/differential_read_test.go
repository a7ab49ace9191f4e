package faketmux

// The command lines that the MCP server's read tools (capture_pane,
// capture_since, search_panes, snapshot_pane, display_message) send, and
// the tmux behaviour they build on: line numbers past what capture-pane
// reads, a format that starts with '-' or ends in ';', a line that stops at
// a pane gone, the history trimmed past history-limit, and the paste buffer
// that tmux gives every format.
var _ = differentialCases("pane", []scenario{
	{name: "what the read tools rely on", steps: []step{
		cmd("new-session", "-d", "-s", "r", "-x", "30", "-y", "5", "sh -c 'seq 1 12; exec cat'"),
		cmd("capture-pane", "-p", "-t", "r:").waitFor("12"),
		// capture_pane: -S and -E, in tmux's range and past it.
		cmd("capture-pane", "-p", "-t", "%0", "-S", "-3", "-E", "1"),
		cmd("capture-pane", "-p", "-t", "%0", "-S", "32767"),
		cmd("capture-pane", "-p", "-t", "%0", "-S", "40000"),
		cmd("capture-pane", "-p", "-t", "%0", "-S", "-2147483648", "-E", "-2"),
		cmd("capture-pane", "-p", "-t", "%0", "-S", "-2147483649"),
		// snapshot_pane and capture_since: the state and the rows in one line.
		cmd("has-session", "-t", "=r:", ";", "display-message", "-p", "-t", "=r:",
			"#{pane_id}|#{cursor_y}|#{pane_height}|#{history_size}|#{history_limit}|#{pane_in_mode}|#{pane_mode}|#{scroll_position}|#{alternate_on}|#{pane_dead}",
			";", "capture-pane", "-p", "-t", "=r:", "-S", "-4"),
		cmd("has-session", "-t", "=nope:", ";", "display-message", "-p", "-t", "=nope:", "x"),
		cmd("display-message", "-p", "-t", "%9", "printed for a pane that is not there"),
		// display_message: a format that starts with '-', that ends in ';'.
		cmd("display-message", "-p", "-t", "%0", "--", "-a"),
		cmd("display-message", "-p", "-t", "%0", "--", `#{pane_id}\;`),
		cmd("display-message", "-p", "-t", "%0", "--", `\;`),
		cmd("display-message", "-p", "-t", "%0", "--", "#{pane_id};"),
		cmd("display-message", "-p", "-t", "%0", "--", ""),
		// search_panes: a marker, then a pane's capture with wrapped lines
		// joined; a pane gone stops the line.
		cmd("list-panes", "-s", "-t", "=r:", "-F", "#{pane_id}"),
		cmd("list-panes", "-s", "-t", "=nope:", "-F", "#{pane_id}"),
		cmd("display-message", "-p", "<mark>", ";", "capture-pane", "-p", "-J", "-t", "%0", "-S", "-1", "-E", "1",
			";", "display-message", "-p", "<mark>", ";", "capture-pane", "-p", "-J", "-t", "%9"),
		// Every format gets the most recent paste buffer.
		cmd("set-buffer", "-b", "clip", "hunter2", ";", "display-message", "-p", "#{buffer_name}|#{buffer_size}|#{buffer_sample}"),
		cmd("list-sessions", "-F", "#{session_name} #{buffer_sample}"),
		// The history past history-limit loses a tenth of it at a time.
		cmd("set-option", "-g", "history-limit", "20", ";", "new-window", "-d", "-t", "r", "-n", "t", "sh -c 'seq 1 60; exec cat'"),
		cmd("capture-pane", "-p", "-t", "r:t").waitFor("60"),
		cmd("display-message", "-p", "-t", "r:t", "#{history_size} #{history_limit}", ";", "capture-pane", "-p", "-t", "r:t", "-S", "-"),
	}},
})
