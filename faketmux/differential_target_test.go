package faketmux

import "slices"

// The differential cases of sessions, windows and panes made and found:
// targets, as the queue resolves them.
var _ = differentialCases("target", []scenario{
	// A client with no session that runs in a pane (its TMUX_PANE names
	// one) acts in the session that has the pane's window, at that
	// session's current window: not in the session used last. A pane
	// id of no pane, or not of tmux's shape (a number as C's strtoll
	// reads it), counts for nothing.
	{name: "a client in a pane acts in its session", steps: []step{
		cmd("new-session", "-d", "-s", "a", "sleep 1000"),
		cmd("new-window", "-d", "-t", "a", "sleep 1000"),
		cmd("new-session", "-d", "-s", "b", "sleep 1000"),
		cmd("display-message", "-p", "#{session_name} #{window_index} #{pane_id}"),
		cmd("display-message", "-p", "#{session_name} #{window_index} #{pane_id}").withEnv("TMUX_PANE=%0"),
		cmd("display-message", "-p", "#{session_name} #{window_index} #{pane_id}").withEnv("TMUX_PANE=%1"),
		cmd("display-message", "-p", "#{session_name} #{window_index} #{pane_id}").withEnv("TMUX_PANE=%9"),
		cmd("display-message", "-p", "#{session_name} #{window_index} #{pane_id}").withEnv("TMUX_PANE=1"),
		cmd("display-message", "-p", "#{session_name} #{window_index} #{pane_id}").withEnv("TMUX_PANE=%+1"),
		cmd("display-message", "-p", "#{session_name} #{window_index} #{pane_id}").withEnv("TMUX_PANE=% 1"),
		cmd("display-message", "-p", "#{session_name} #{window_index} #{pane_id}").withEnv("TMUX_PANE=%-0"),
		cmd("display-message", "-p", "#{session_name} #{window_index} #{pane_id}").withEnv("TMUX_PANE=%1x"),
		cmd("new-window", "-d", "-P", "-F", "#{session_name}:#{window_index}", "sleep 1000").withEnv("TMUX_PANE=%1"),
		cmd("link-window", "-d", "-s", "a:1", "-t", "b:5"),
		cmd("display-message", "-p", "#{session_name} #{window_index} #{pane_id}").withEnv("TMUX_PANE=%1"),
		cmd("select-window", "-t", "a:0", ";", "display-message", "-p", "#{session_name} #{window_index} #{pane_id}").withEnv("TMUX_PANE=%1"),
	}},
	// A pane offset steps through the panes in order, from the current
	// pane's window into the target's, going round; a count of many
	// rounds lands where its remainder does.
	{name: "pane offsets past the panes", steps: []step{
		cmd("new-session", "-d", "-s", "s", "-n", "w", "sleep 1000"),
		cmd("split-window", "-d", "sleep 1000", ";", "split-window", "-d", "sleep 1000"),
		cmd("new-window", "-d", "-n", "x", "sleep 1000", ";", "split-window", "-d", "-t", ":1", "sleep 1000"),
		cmd("display-message", "-p", "-t", ".+7", "#{pane_id}", ";", "display-message", "-p", "-t", ".-5", "#{pane_id}"),
		cmd("display-message", "-p", "-t", ":1.+7", "#{pane_id}", ";", "display-message", "-p", "-t", ":1.-5", "#{pane_id}"),
		cmd("display-message", "-p", "-t", ".+100000003", "#{pane_id}", ";", "display-message", "-p", "-t", ":1.-100000001", "#{pane_id}"),
		cmd("display-message", "-p", "-t", "+100000000", "#{pane_id}"),
	}},
	// A name that matches several windows fails, and a command that may
	// fail to find its target goes on with the first of them, as tmux's
	// lookup leaves it (with no session when the name was tried as one).
	{name: "a name several windows have", steps: []step{
		cmd("new-session", "-d", "-s", "s0", "-n", "w0", "sleep 1000"),
		cmd("new-window", "-d", "-n", "w1", "sleep 1000", ";", "link-window", "-d", "-s", ":0", "-t", ":5"),
		cmd("new-window", "-d", "-n", "wx", "sleep 1000", ";", "select-window", "-t", ":1"),
		cmd("display-message", "-p", "-t", "s0:w0", "[#{window_index}] [#{session_name}] [#{pane_id}]"),
		cmd("display-message", "-p", "-t", ":w0", "[#{window_index}] [#{session_name}] [#{pane_id}]"),
		cmd("display-message", "-p", "-t", "w0", "[#{window_index}] [#{session_name}] [#{pane_id}]"),
		cmd("display-message", "-p", "-t", "w0.0", "[#{window_index}] [#{session_name}] [#{pane_id}]"),
		cmd("display-message", "-p", "-t", "s0:w", "[#{window_index}] [#{session_name}] [#{pane_id}]"),
		cmd("display-message", "-p", "-t", "s0:w*", "[#{window_index}] [#{session_name}] [#{pane_id}]"),
		cmd("display-message", "-p", "-t", "s0:nosuch", "[#{window_index}] [#{session_name}] [#{pane_id}]"),
		cmd("set-option", "-w", "-t", "s0:w0", "@o", "1", ";", "set-option", "-w", "-t", "w0", "@p", "2"),
		cmd("show-options", "-w", "-t", ":5", ";", "show-options", "-w", "-t", ":1"),
		cmd("select-window", "-t", "s0:w0"),
	}},
	{name: "sessions windows panes and targets", steps: []step{
		cmd("new-session", "-s", "nodetach"),
		cmd("new-session", "-d", "-n", "main", "-s", "a", "-P", "sleep 1000"),
		cmd("new-session", "-d", "-n", "main", "-s", "a", "sleep 1000"),
		cmd("new-session", "-d", "-n", "main", "-P", "-F", "#{session_id} #{window_id} #{pane_id} #{window_name}", "sleep 1000"),
		cmd("new-session", "-d", "-n", "main", "-s", "x.y:z", "sleep 1000"),
		cmd("new-session", "-d", "-n", "main", "-s", "", "sleep 1000"),
		cmd("new-session", "-d", "-n", "main", "-x", "0", "sleep 1000"),
		cmd("new-session", "-d", "-n", "main", "-y", "abc", "sleep 1000"),
		cmd("new-session", "-d", "-n", "main", "-t", "a", "cmd"),
		cmd("list-sessions", "-F", "#{session_name} #{session_id}"),
		cmd("list-windows", "-a"),
		cmd("list-windows", "-t", "a"),
		cmd("list-panes", "-a"),
		cmd("list-panes", "-s", "-t", "a"),
		cmd("new-window", "-d", "-t", "a", "-n", "second", "-P", "sleep 1000"),
		cmd("new-window", "-t", "a:1", "sleep 1000"),
		cmd("new-window", "-d", "-t", "a:5", "-n", "five", "-P", "-F", "#{window_index} #{window_name}", "sleep 1000"),
		cmd("list-windows", "-t", "a", "-F", "#{window_index} #{window_name} #{window_flags} #{window_active} #{window_panes}"),
		cmd("split-window", "-d", "-t", "a:0", "-P", "sleep 1000"),
		cmd("list-panes", "-t", "a:0", "-F", "#{pane_index} #{pane_width}x#{pane_height} #{pane_top} #{pane_active} #{window_layout}"),
		cmd("list-panes", "-t", "a:0"),
		cmd("has-session", "-t", "a"),
		cmd("has-session", "-t", "nope"),
		cmd("has-session", "-t", "=x"),
		cmd("has-session", "-t", "x"),
		cmd("has-session", "-t", "$0"),
		cmd("has-session", "-t", "$99"),
		cmd("display-message", "-p", "-t", "a:second", "#{window_index}"),
		cmd("display-message", "-p", "-t", "a:sec", "#{window_index}"),
		cmd("display-message", "-p", "-t", "a:=sec", "#{window_index}"),
		cmd("display-message", "-p", "-t", "a:0.1", "#{pane_index}"),
		cmd("display-message", "-p", "-t", "a:0.9", "#{pane_index}"),
		cmd("display-message", "-p", "-t", "a:9", "#{pane_index}"),
		cmd("display-message", "-p", "-t", "nope:0", "#{pane_index}"),
		cmd("display-message", "-p", "-t", "%0", "#{session_name}:#{window_index}.#{pane_index}"),
		cmd("display-message", "-p", "-t", "%99", "x"),
		cmd("display-message", "-p", "-t", "@0", "#{session_name}:#{window_index}"),
		cmd("display-message", "-p", "-t", "@99", "x"),
		cmd("display-message", "-p", "-t", "a", "#{session_name}:#{window_index}.#{pane_index}"),
		cmd("rename-session", "-t", "a", "b"),
		cmd("rename-session", "-t", "b", "x_y_z"),
		cmd("rename-session", "-t", "nope", "c"),
		cmd("rename-window", "-t", "b:second", "renamed"),
		cmd("list-windows", "-t", "b", "-F", "#{window_index} #{window_name}"),
		cmd("kill-pane", "-t", "b:0.1"),
		cmd("list-panes", "-t", "b:0", "-F", "#{pane_index} #{pane_height} #{window_layout}"),
		cmd("kill-window", "-t", "b:renamed"),
		cmd("kill-window", "-t", "b:renamed"),
		cmd("kill-pane", "-t", "%99"),
		cmd("kill-session", "-t", "nope"),
		cmd("kill-session", "-t", "b"),
		cmd("list-sessions", "-F", "#{session_name}"),
		cmd("kill-session", "-a", "-t", "x_y_z"),
		cmd("list-sessions", "-F", "#{session_name}"),
		cmd("kill-session"),
		cmd("list-sessions"),
	}},
	{name: "targets found before the command runs", steps: []step{
		// tmux finds a command's targets as its entry says before the
		// command runs, even where the command then has no use for them
		// (list-panes -a, list-windows -a, choose-buffer).
		cmd("start-server", ";", "list-panes", "-a"),
		cmd("start-server", ";", "list-windows", "-a", "-t", "nope"),
		cmd("start-server", ";", "choose-buffer"),
		cmd("new-session", "-d", "-s", "a", "-n", "w", "sleep 1000"),
		cmd("list-panes", "-a", "-t", "nope"),
		cmd("list-panes", "-s", "-t", "nope"),
		cmd("list-panes", "-s", "-t", "w"),
		cmd("list-windows", "-a", "-t", "nope"),
		cmd("choose-buffer", "-t", "nope"),
		cmd("kill-server"),
	}},
	{name: "relative and special targets", steps: slices.Concat([]step{
		cmd("new-session", "-d", "-s", "main", "-n", "zero", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("new-window", "-d", "-n", "one", "sleep 1000"),
		cmd("new-window", "-d", "-n", "two", "sleep 1000"),
		cmd("new-window", "-d", "-t", "5", "-n", "five", "sleep 1000"),
		cmd("split-window", "-d", "-h", "-t", "main:0", "sleep 1000"),
		cmd("split-window", "-d", "-v", "-t", "main:0.1", "sleep 1000"),
		cmd("split-window", "-d", "-v", "-t", "main:0.0", "sleep 1000"),
		cmd("new-session", "-d", "-s", "other", "-n", "x", "sleep 1000"),
		cmd("new-session", "-d", "-s", "maintenance", "-n", "y", "sleep 1000"),
		cmd("select-window", "-t", "main:1"),
		cmd("select-window", "-t", "main:0"),
		cmd("select-pane", "-t", "main:0.2"),
		cmd("select-pane", "-t", "main:0.0"),
		cmd("list-panes", "-t", "main:0", "-F", "#{pane_index} #{pane_left},#{pane_top} #{pane_width}x#{pane_height} #{pane_active}#{pane_last}"),
	}, targetProbes(
		"main:+", "main:-", "main:+2", "main:-2", "main:+9", "main:+x", "main:{next}", "main:{previous}", "main:{start}", "main:{end}", "main:{last}",
		"main:!", "main:^", "main:$", "main:=one", "main:=on", "main:on", "main:t*", "main:*o", "main:[oz]*", "main:=+",
		":+", ":-", "+", "-", "{next}", "{previous}", "!", "{last}", "{start}", "{end}", "^", "$",
		".+", ".-", ".+2", ".{next}", ".{previous}", ".!", ".{last}", "main:0.+", "main:0.-", "main:0.!", "main:.+",
		"{up-of}", "{down-of}", "{left-of}", "{right-of}", ".{up-of}", ".{down-of}", ".{left-of}", ".{right-of}",
		"{top}", "{bottom}", "{left}", "{right}", "{top-left}", "{top-right}", "{bottom-left}", "{bottom-right}", ".top", ".BOTTOM-right", ".middle",
		"{marked}", "~", "{mouse}", "=", "=main", "=mai", "mai", "ma*", "m*e", "oth", "main:", "main:.", ".", ":", "%1", "@1", "$1", "$1:1", "zero", "on",
	), []step{
		// As an index that may be free (new-window), an offset does not
		// wrap round.
		cmd("new-window", "-d", "-t", "main:+", "-n", "new", "-P", "-F", "#{window_index}", "sleep 1000"),
		cmd("new-window", "-d", "-t", "main:+3", "-n", "new", "-P", "-F", "#{window_index}", "sleep 1000"),
		cmd("new-window", "-d", "-t", "main:+3", "-n", "new", "-P", "-F", "#{window_index}", "sleep 1000"),
		cmd("new-window", "-d", "-t", "main:-", "-n", "new", "-P", "-F", "#{window_index}", "sleep 1000"),
		cmd("new-window", "-d", "-t", "main:-2", "-n", "new", "-P", "-F", "#{window_index}", "sleep 1000"),
		cmd("new-window", "-d", "-t", "main:+x", "-n", "new", "-P", "-F", "#{window_index}", "sleep 1000"),
		cmd("select-window", "-t", "main:2"),
		cmd("new-window", "-d", "-t", "main:-1", "-n", "new", "-P", "-F", "#{window_index}", "sleep 1000"),
		cmd("new-window", "-d", "-t", "main:-2", "-n", "new", "-P", "-F", "#{window_index}", "sleep 1000"),
		cmd("list-windows", "-t", "main", "-F", "#{window_index} #{window_name}"),
	})},
	// A window or pane id finds its window in the session used most
	// recently of those holding it (not the first by name), and there at
	// the current window if it is that one, else at its lowest index, as
	// tmux's cmd_find_best_session_with_window and
	// cmd_find_best_winlink_with_window have it.
	{name: "linked windows by id", steps: func() []step {
		where := "#{session_name}:#{window_index} #{pane_id}"
		return []step{
			cmd("new-session", "-d", "-s", "aaa-old", "-n", "w", "sleep 1000"),
			cmd("new-session", "-d", "-s", "zzz-recent", "-n", "other", "sleep 1000"),
			cmd("link-window", "-d", "-s", "aaa-old:0", "-t", "zzz-recent:5"),
			cmd("display-message", "-p", "-t", "@0", where),
			cmd("display-message", "-p", "-t", "%0", where),
			cmd("link-window", "-d", "-s", "zzz-recent:5", "-t", "zzz-recent:9"),
			cmd("select-window", "-t", "zzz-recent:9", ";", "display-message", "-p", "-t", "@0", where),
			cmd("display-message", "-p", "-t", "zzz-recent:@0", where),
			cmd("select-window", "-t", "zzz-recent:0", ";", "display-message", "-p", "-t", "@0", where),
			cmd("display-message", "-p", "-t", "zzz-recent:@0", where),
			cmd("unlink-window", "-t", "@0", ";", "list-windows", "-a", "-F", "#{session_name}:#{window_index} #{window_id}"),
		}
	}()},
})

// targetProbes finds each target as a pane, a window and a session.
func targetProbes(targets ...string) []step {
	var steps []step
	for _, t := range targets {
		steps = append(steps,
			cmd("display-message", "-p", "-t", t, "#{session_name}:#{window_index}.#{pane_index}"),
			cmd("list-panes", "-t", t, "-F", "#{session_name}:#{window_index}.#{pane_index}"),
			cmd("has-session", "-t", t))
	}
	return steps
}
