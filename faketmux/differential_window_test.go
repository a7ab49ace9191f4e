package faketmux

// The differential cases of the window commands and layouts.
var _ = differentialCases("window", []scenario{
	// A session's first window is kept within tmux's limits, whatever
	// size -x, -y or default-size give the session, which keeps them.
	{name: "a new session's window within the limits", steps: []step{
		cmd("new-session", "-d", "-s", "s0", "-n", "w0", "-x", "20000", "-y", "5", "sleep 1000"),
		cmd("set-option", "-g", "default-size", "80x24100", ";", "new-session", "-d", "-s", "s1", "-n", "w1", "sleep 1000"),
		cmd("new-window", "-d", "-t", "s1", "-n", "w2", "sleep 1000"),
		cmd("list-windows", "-a", "-F", "#{session_name} #{window_name} #{window_width}x#{window_height}"),
		cmd("show-options", "-t", "s0", "default-size"),
	}},
	// A window target of the session alone (":" for the current one)
	// is its next free index, for each command that takes one.
	{name: "a session's next free index", steps: []step{
		cmd("new-session", "-d", "-s", "main", "-n", "w", "sleep 1000"),
		cmd("new-window", "-d", "-t", ":", "-n", "a", "sleep 1000"),
		cmd("link-window", "-t", ":"),
		cmd("link-window", "-s", ":a", "-t", "main:"),
		cmd("move-window", "-s", ":1", "-t", ":"),
		cmd("new-window", "-d", "-t", "=main:", "-n", "b", "sleep 1000"),
		cmd("list-windows", "-F", "#{window_index} #{window_name} #{window_linked}"),
	}},
	// A window index target (new-window, link-window, move-window and
	// break-pane's -t) resolves {tokens}, @ids and offsets as other
	// window targets do; an offset leaves the current window for -a and
	// -b, an index not in use none; a pane in it is refused.
	{name: "window index targets", steps: []step{
		cmd("new-session", "-d", "-s", "s0", "-n", "w0", "sleep 1000"),
		cmd("new-window", "-d", "-t", "{last}", "-n", "a", "sleep 1000"),
		cmd("new-window", "-d", "-t", "{next}", "-b", "-n", "b", "sleep 1000", ";", "list-windows", "-F", windowsFormat),
		cmd("new-window", "-d", "-t", "@0", "-b", "-n", "c", "sleep 1000", ";", "list-windows", "-F", windowsFormat),
		cmd("new-window", "-d", "-t", "{end}", "-a", "-n", "d", "sleep 1000", ";", "list-windows", "-F", windowsFormat),
		cmd("new-window", "-d", "-t", "{start}", "-n", "e", "sleep 1000"),
		cmd("new-window", "-d", "-t", "{previous}", "-k", "-n", "f", "sleep 1000", ";", "list-windows", "-F", windowsFormat),
		cmd("new-window", "-d", "-t", "s0:9", "-a", "-n", "g", "sleep 1000", ";", "list-windows", "-F", windowsFormat),
		cmd("new-window", "-d", "-t", "s0:1.1", "-n", "h", "sleep 1000"),
		cmd("new-window", "-d", "-t", "%0", "-n", "h", "sleep 1000"),
		cmd("new-window", "-d", "-t", "{marked}", "-n", "h", "sleep 1000"),
		cmd("link-window", "-s", "{end}", "-t", "@0"),
		cmd("link-window", "-s", "{end}", "-t", "{start}", "-b", ";", "list-windows", "-F", windowsFormat),
		cmd("move-window", "-s", ":9", "-t", "+1", "-a", ";", "list-windows", "-F", windowsFormat),
		cmd("select-pane", "-m", "-t", ":d", ";", "new-window", "-d", "-t", "{marked}", "-n", "i", "sleep 1000"),
		cmd("break-pane", "-d", "-s", ":w0", "-t", "{end}", "-b", "-n", "j", ";", "list-windows", "-F", windowsFormat),
	}},
	// The other forms a window index target takes: the mouse (none), a
	// session by id, exact matches, an exact name that looks like an
	// offset, an offset below 0, an empty pane part and a window id with
	// a pane.
	{name: "window index target forms", steps: []step{
		cmd("new-session", "-d", "-s", "s0", "-n", "w0", "sleep 1000"),
		cmd("new-window", "-d", "-t", "=", "-n", "a", "sleep 1000"),
		cmd("new-window", "-d", "-t", "$0", "-n", "b", "sleep 1000"),
		cmd("new-window", "-d", "-t", "$0:7", "-n", "c", "sleep 1000"),
		cmd("new-window", "-d", "-t", "=s0:=7", "-n", "c", "sleep 1000"),
		cmd("new-window", "-d", "-t", "s0:=+1", "-n", "d", "sleep 1000"),
		cmd("new-window", "-d", "-t", ":-9", "-n", "f", "sleep 1000"),
		cmd("new-window", "-d", "-t", "s0:1.", "-n", "g", "sleep 1000"),
		cmd("new-window", "-d", "-t", "@0.1", "-n", "g", "sleep 1000"),
		cmd("new-window", "-d", "-t", "nosuch", "-n", "g", "sleep 1000"),
		cmd("list-windows", "-F", windowsFormat),
	}},
	// A window linked twice is one window in both places: swapping its
	// panes across the places makes the -t pane active, as in one place,
	// and swapping the places with each other does nothing.
	{name: "one window in two places", steps: []step{
		cmd("new-session", "-d", "-s", "s", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("split-window", "-d", "sleep 1000", ";", "split-window", "-d", "sleep 1000"),
		cmd("link-window", "-d", "-s", ":0", "-t", ":1"),
		cmd("swap-pane", "-s", ":0.0", "-t", ":1.2", ";", "list-panes", "-F", panesFormat),
		cmd("swap-pane", "-d", "-s", ":1.0", "-t", ":0.1", ";", "list-panes", "-F", panesFormat),
		cmd("swap-window", "-s", ":0", "-t", ":1", ";", "list-windows", "-F", windowsFormat),
	}},
	// The mark stays with its window's place (tmux's winlink) when -a or
	// -b move the place up, and goes when renumbering makes new places.
	{name: "a marked pane's place moved", steps: []step{
		cmd("new-session", "-d", "-s", "s", "-n", "a", "sleep 1000"),
		cmd("new-window", "-d", "-n", "b", "sleep 1000"),
		cmd("select-pane", "-m", "-t", ":b", ";", "move-window", "-r"),
		cmd("display-message", "-p", "-t", ":b", "#{pane_marked} #{window_index}"),
		cmd("select-pane", "-m", "-t", ":b", ";", "new-window", "-d", "-b", "-t", ":b", "-n", "c", "sleep 1000"),
		cmd("new-window", "-d", "-a", "-t", ":a", "-n", "d", "sleep 1000"),
		cmd("list-windows", "-F", "#{window_index}:#{window_name}#{window_flags} #{pane_marked}"),
	}},
	// Renumbering makes new places and finds the last window's by its
	// window: a window linked twice is found at its first place, which
	// may be the current one, flagged both * and -.
	{name: "renumbering a window linked twice", steps: []step{
		cmd("new-session", "-d", "-s", "s", "-n", "w", "sleep 1000"),
		cmd("new-window", "-d", "-n", "x", "sleep 1000", ";", "link-window", "-d", "-s", ":0", "-t", ":5"),
		cmd("select-window", "-t", ":5", ";", "select-window", "-t", ":0", ";", "move-window", "-r"),
		cmd("list-windows", "-F", windowsFormat),
		cmd("last-window"),
		cmd("select-window", "-l", ";", "list-windows", "-F", windowsFormat),
	}},
	// respawn-window selects the window it respawned, as tmux's
	// spawn_window selects what it spawns.
	{name: "respawn-window selects its window", steps: []step{
		cmd("new-session", "-d", "-s", "s", "-n", "a", "sleep 1000"),
		cmd("new-window", "-n", "b", "sleep 1000", ";", "split-window", "-t", ":a", "sleep 1000"),
		cmd("respawn-window", "-k", "-t", ":a", "sleep 1000", ";", "list-windows", "-F", windowsFormat),
		cmd("attach", "-t", "s").controlIn("select-window -t :b\nrespawn-window -k -t :a 'sleep 1000'\n" +
			"respawn-window -t :a 'sleep 1000'\n"),
	}},
	{name: "layouts", steps: []step{
		cmd("new-session", "-d", "-s", "L", "-n", "w", "-x", "81", "-y", "25", "sleep 1000"),
		cmd("split-window", "-h", "-d", "-P", "-F", "#{pane_id}", "sleep 1000"),
		cmd("list-panes", "-F", panesFormat),
		cmd("split-window", "-v", "-t", "%1", "sleep 1000", ";", "list-panes", "-F", panesFormat),
		cmd("split-window", "-h", "-b", "-t", "%0", "sleep 1000", ";", "list-panes", "-F", panesFormat),
		cmd("split-window", "-t", "%2", "-l", "5", "sleep 1000", ";", "list-panes", "-F", panesFormat),
		cmd("split-window", "-h", "-t", "%0", "-l", "30%", "sleep 1000", ";", "list-panes", "-F", panesFormat),
		cmd("split-window", "-b", "-t", "%1", "-p", "25", "sleep 1000", ";", "list-panes", "-F", panesFormat),
		cmd("list-panes"),
		cmd("list-windows"),
		cmd("split-window", "-l", "abc", "sleep 1000"),
		cmd("split-window", "-l", "-1", "sleep 1000"),
		cmd("split-window", "-l", "x%", "sleep 1000"),
		cmd("split-window", "-p", "abc", "sleep 1000"),
		cmd("split-window", "-p", "-5", "sleep 1000"),
		cmd("kill-pane", "-t", "%4", ";", "list-panes", "-F", panesFormat),
		cmd("kill-pane", "-t", "%3", ";", "list-panes", "-F", panesFormat),
		cmd("kill-pane", "-t", "%0", ";", "list-panes", "-F", panesFormat),
		cmd("kill-pane", ";", "list-panes", "-F", panesFormat),
		cmd("kill-pane", "-a", "-t", "%2", ";", "list-panes", "-F", panesFormat),
		cmd("new-session", "-d", "-s", "T", "-n", "tiny", "-x", "7", "-y", "5", "sleep 1000"),
		cmd("split-window", "-h", "-t", "T:tiny", "sleep 1000", ";", "split-window", "-h", "-t", "T:tiny", "sleep 1000"),
		cmd("split-window", "-h", "-t", "T:tiny", "sleep 1000"),
		cmd("split-window", "-v", "-t", "T:tiny", "sleep 1000", ";", "split-window", "-v", "-t", "T:tiny", "sleep 1000"),
		cmd("list-panes", "-t", "T:tiny", "-F", panesFormat),
	}},
	{name: "selecting windows and panes", steps: []step{
		cmd("new-session", "-d", "-s", "s", "-n", "zero", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("new-window", "-d", "-n", "one", "sleep 1000", ";", "new-window", "-d", "-n", "two", "sleep 1000"),
		// Killing the current window with no window used before it moves
		// to the previous index, wrapping round to the highest.
		cmd("kill-window", "-t", ":zero", ";", "list-windows", "-F", windowsFormat),
		cmd("new-window", "-t", ":5", "-n", "five", "sleep 1000", ";", "new-window", "-n", "six", "sleep 1000"),
		cmd("list-windows", "-F", windowsFormat),
		cmd("select-window", "-t", ":one", ";", "select-window", "-t", ":five", ";", "list-windows", "-F", windowsFormat),
		cmd("select-window", "-t", ":five"),
		cmd("last-window", ";", "list-windows", "-F", windowsFormat),
		cmd("select-window", "-l", ";", "display-message", "-p", windowsFormat),
		cmd("next-window", ";", "display-message", "-p", windowsFormat),
		cmd("next-window", "-t", "s", ";", "next-window", ";", "display-message", "-p", windowsFormat),
		cmd("previous-window", ";", "display-message", "-p", windowsFormat),
		cmd("select-window", "-p", "-t", ":five", ";", "display-message", "-p", windowsFormat),
		cmd("select-window", "-n", ";", "display-message", "-p", windowsFormat),
		cmd("next-window", "-a"),
		cmd("previous-window", "-a"),
		cmd("select-window", "-T", "-t", ":six", ";", "display-message", "-p", windowsFormat),
		cmd("select-window", "-T", "-t", ":six", ";", "display-message", "-p", windowsFormat),
		cmd("select-window", "-t", ":nope"),
		cmd("next-window", "-t", "nope"),
		cmd("selectw", "-t", "!", ";", "display-message", "-p", windowsFormat),
		// The window stack: killing the current window goes back to the
		// one used before it, then the one before that.
		cmd("select-window", "-t", ":two", ";", "select-window", "-t", ":six", ";", "select-window", "-t", ":one"),
		cmd("kill-window", ";", "list-windows", "-F", windowsFormat),
		cmd("kill-window", ";", "list-windows", "-F", windowsFormat),
		cmd("kill-window", "-t", ":five", ";", "last-window"),
		cmd("new-session", "-d", "-s", "single", "sleep 1000"),
		cmd("next-window", "-t", "single"),
		cmd("previous-window", "-t", "single"),
		cmd("last-window", "-t", "single"),
		cmd("select-window", "-T", "-t", "single"),

		cmd("new-session", "-d", "-s", "p", "-n", "panes", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("last-pane", "-t", "p"),
		cmd("select-pane", "-l", "-t", "p"),
		cmd("split-window", "-d", "-t", "p", "sleep 1000", ";", "list-panes", "-t", "p", "-F", panesFormat),
		// Two panes and none active before: the other one is the last.
		cmd("last-pane", "-t", "p", ";", "list-panes", "-t", "p", "-F", panesFormat),
		cmd("split-window", "-h", "-t", "p", "sleep 1000", ";", "list-panes", "-t", "p", "-F", panesFormat),
		cmd("select-pane", "-t", "p.0", ";", "list-panes", "-t", "p", "-F", panesFormat),
		cmd("select-pane", "-t", "p.0", ";", "list-panes", "-t", "p", "-F", panesFormat),
		cmd("lastp", "-t", "p", ";", "list-panes", "-t", "p", "-F", panesFormat),
		cmd("select-pane", "-l", "-Z", "-t", "p", ";", "list-panes", "-t", "p", "-F", panesFormat),
		cmd("select-pane", "-t", "p:0.1", "-T", "title of #{pane_index}", ";", "list-panes", "-t", "p", "-F", "#{pane_id} #{pane_title} #{pane_active}"),
		cmd("select-pane", "-t", "%99"),
		// A pane with its input off takes no keys and no pastes; -d still
		// deletes the buffer.
		cmd("select-pane", "-d", "-t", "p.0", ";", "display-message", "-p", "-t", "p.0", "#{pane_input_off} #{pane_active}"),
		cmd("last-pane", "-e", "-t", "p", ";", "list-panes", "-t", "p", "-F", "#{pane_id} #{pane_input_off} #{pane_active}"),
		cmd("last-pane", "-d", "-t", "p", ";", "list-panes", "-t", "p", "-F", "#{pane_id} #{pane_input_off} #{pane_active}"),
		cmd("select-pane", "-e", "-t", "p.0", ";", "display-message", "-p", "-t", "p.0", "#{pane_input_off}"),
		// Selecting a pane in another window leaves the session's window.
		cmd("new-window", "-d", "-t", "p", "sleep 1000", ";", "split-window", "-d", "-t", "p:1", "sleep 1000"),
		cmd("select-pane", "-t", "p:1.1", ";", "display-message", "-p", "-t", "p", windowsFormat+" #{pane_index}"),
		cmd("list-panes", "-s", "-t", "p", "-F", "#{window_index}.#{pane_index} #{pane_active} #{pane_last}"),
	}},
	{name: "linked windows", steps: []step{
		cmd("new-session", "-d", "-s", "a", "-n", "a0", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("new-window", "-d", "-t", "a:", "-n", "a1", "sleep 1000", ";", "new-session", "-d", "-s", "b", "-n", "b0", "sleep 1000"),
		cmd("new-session", "-d", "-s", "keep", "-n", "k", "sleep 1000"),
		cmd("link-window", "-s", "a:a1", "-t", "b:"),
		cmd("list-windows", "-a", "-F", linkedFormat),
		cmd("link-window", "-d", "-s", "a:a0", "-t", "b:5"),
		cmd("list-windows", "-a", "-F", linkedFormat),
		cmd("link-window", "-s", "a:a0", "-t", "b:5"),
		cmd("link-window", "-s", "a:a0", "-t", "b:1"),
		// -k unlinks the window at the index, which goes with its last
		// place; a window may have two places in one session.
		cmd("link-window", "-k", "-s", "a:a1", "-t", "b:0"),
		cmd("list-windows", "-a", "-F", linkedFormat),
		cmd("linkw", "-a", "-s", "a:0", "-t", "b:0"),
		cmd("list-windows", "-a", "-F", linkedFormat),
		cmd("list-panes", "-a", "-F", "#{session_name}:#{window_index}.#{pane_index} #{pane_id} #{window_linked}"),
		cmd("unlink-window", "-t", "a:1"),
		cmd("list-windows", "-a", "-F", linkedFormat),
		cmd("unlink-window", "-t", "b:6"),
		cmd("unlink-window", "-k", "-t", "b:0"),
		cmd("list-windows", "-a", "-F", linkedFormat),
		cmd("unlink-window", "-t", "b:2"),
		// A linked window's panes are the same in every place.
		cmd("split-window", "-d", "-t", "b:5", "sleep 1000", ";", "list-panes", "-a", "-F", "#{session_name}:#{window_index}.#{pane_index} #{pane_id}"),
		cmd("select-layout", "-t", "a:0", "even-horizontal", ";", "list-windows", "-a", "-F", "#{session_name}:#{window_index} #{window_layout}"),
		// kill-window kills it in every session; kill-window -a every other
		// window the session has, from every session.
		cmd("link-window", "-d", "-s", "b:2", "-t", "a:7", ";", "kill-window", "-a", "-t", "a:0"),
		cmd("list-windows", "-a", "-F", linkedFormat),
		cmd("kill-window", "-t", "a:0"),
		cmd("list-windows", "-a", "-F", linkedFormat),
		// unlink-window -k of a window's last place kills it, and its
		// session with it.
		cmd("new-session", "-d", "-s", "d", "-n", "d0", "sleep 1000", ";", "unlink-window", "-k", "-t", "d:d0"),
		cmd("list-sessions", "-F", "#{session_name}"),
		// new-window -k unlinks only the place it takes, and becomes
		// current in it even with -d.
		cmd("new-session", "-d", "-s", "c", "-n", "c0", "sleep 1000", ";", "link-window", "-d", "-s", "c:0", "-t", "keep:3"),
		cmd("new-window", "-k", "-d", "-t", "c:0", "-n", "fresh", "sleep 1000"),
		cmd("list-windows", "-a", "-F", linkedFormat),
		cmd("move-window", "-s", "keep:3", "-t", "c:4"),
		cmd("list-windows", "-a", "-F", linkedFormat),
	}},
	{name: "new-window places and names", steps: []step{
		cmd("new-session", "-d", "-s", "s", "-n", "a", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("new-window", "-d", "-n", "b", "sleep 1000", ";", "new-window", "-d", "-n", "c", "sleep 1000"),
		// -a and -b make room after or before the target window, moving
		// the windows up to the next free index.
		cmd("new-window", "-a", "-d", "-n", "x", "sleep 1000", ";", "list-windows", "-F", windowsFormat),
		cmd("new-window", "-b", "-d", "-n", "y", "sleep 1000", ";", "list-windows", "-F", windowsFormat),
		cmd("new-window", "-a", "-t", "s:", "-d", "-n", "z", "sleep 1000", ";", "list-windows", "-F", windowsFormat),
		cmd("new-window", "-a", "-t", ":7", "-d", "-n", "q", "sleep 1000", ";", "list-windows", "-F", windowsFormat),
		cmd("new-window", "-b", "-t", ":c", "-n", "r", "sleep 1000", ";", "list-windows", "-F", windowsFormat),
		cmd("new-window", "-a", "-t", ":7", "-d", "-n", "p", "sleep 1000", ";", "list-windows", "-F", windowsFormat),
		// -S selects the one window of that name instead of making one.
		cmd("new-window", "-S", "-n", "b", "-d", ";", "list-windows", "-F", windowsFormat),
		cmd("new-window", "-S", "-n", "b", ";", "list-windows", "-F", windowsFormat),
		cmd("new-window", "-S", "-n", "new", "-d", "sleep 1000", ";", "list-windows", "-F", windowsFormat),
		cmd("new-window", "-d", "-n", "new", "sleep 1000", ";", "new-window", "-S", "-n", "new"),
		cmd("new-window", "-S", "-n", "a", "-t", ":20", "-d", "sleep 1000", ";", "list-windows", "-F", windowsFormat),
		cmd("new-window", "-S", "-d", "-n", "last", "sleep 1000", ";", "list-windows", "-F", windowsFormat),
		// pane_start_command escapes each word as tmux's args_escape.
		cmd("new-window", "-d", "-n", "esc", "sleep 1000 || echo $$x ${y} $_z $1 `b` a\\b \"q\" '#'"),
		cmd("new-window", "-d", "-n", "words", "sh", "-c", "exec sleep 1000", "a b", "it's", `say "hi"`, "~user", "~", "#", "", "tab\there"),
		cmd("list-windows", "-F", "#{window_name} #{pane_start_command}", "-f", "#{m:esc,#{window_name}}"),
		cmd("list-windows", "-F", "#{window_name} #{pane_start_command}", "-f", "#{m:words,#{window_name}}"),
		// -e adds to the pane's environment.
		cmd("new-window", "-d", "-n", "env", "-e", "FOO=bar", "-e", "BAZ=", "-e", "NOEQUALS",
			`sh -c 'echo "[$FOO][$BAZ][${NOEQUALS-unset}]"; exec sleep 1000'`),
		cmd("capture-pane", "-p", "-t", ":env").waitFor("]["),
	}},
	{name: "moving and swapping windows", steps: []step{
		cmd("new-session", "-d", "-s", "s", "-n", "a", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("new-window", "-d", "-n", "b", "sleep 1000", ";", "new-window", "-d", "-n", "c", "sleep 1000"),
		cmd("new-session", "-d", "-s", "t", "-n", "ta", "sleep 1000"),
		cmd("move-window", "-s", ":a", "-t", ":5"),
		cmd("move-window", "-s", "s:b", "-t", "s:5", ";", "list-windows", "-t", "s", "-F", windowsFormat),
		cmd("move-window", "-s", "s:b", "-t", "s:b"),
		cmd("move-window", "-d", "-s", "s:c", "-t", "s:7", ";", "list-windows", "-t", "s", "-F", windowsFormat),
		cmd("move-window", "-s", "s:c", "-t", "s:5"),
		cmd("move-window", "-k", "-s", "s:7", "-t", "s:5", ";", "list-windows", "-t", "s", "-F", windowsFormat),
		cmd("move-window", "-r", "-t", "s", ";", "list-windows", "-t", "s", "-F", windowsFormat),
		// -r looks its session up quietly: a failure skips the rest of
		// the line with no message.
		cmd("move-window", "-r", "-t", "nope", ";", "display-message", "-p", "not reached"),
		cmd("move-window", "-s", "s:1", "-t", "t", ";", "list-windows", "-a", "-F", "#{session_name} "+windowsFormat),
		cmd("move-window", "-s", "s:1", "-t", "t:", ";", "list-windows", "-a", "-F", "#{session_name} "+windowsFormat),
		cmd("move-window", "-d", "-s", "t:0", "-t", "s:0"),
		cmd("move-window", "-d", "-s", "t:0", "-t", "s:", ";", "list-windows", "-a", "-F", "#{session_name} "+windowsFormat),
		cmd("move-window", "-a", "-s", "s:0", "-t", "s:0", ";", "list-windows", "-t", "s", "-F", windowsFormat),
		cmd("move-window", "-b", "-s", "s:1", "-t", "s:0", ";", "list-windows", "-t", "s", "-F", windowsFormat),
		cmd("move-window", "-s", "nope", "-t", "s"),
		cmd("move-window", "-s", "s:0", "-t", "t:"),
		cmd("move-window", "-s", "s:9", "-t", "nope:"),
		// The current window moves within its session; without a window
		// used before, the previous index takes over with -d.
		cmd("new-session", "-d", "-s", "u", "-n", "u0", "sleep 1000", ";", "new-window", "-d", "-t", "u:", "-n", "u1", "sleep 1000"),
		cmd("move-window", "-d", "-s", "u:0", "-t", "u:4", ";", "list-windows", "-t", "u", "-F", windowsFormat),
		cmd("move-window", "-s", "u:1", "-t", "u:", ";", "list-windows", "-t", "u", "-F", windowsFormat),
		// Moving the last window of a session ends the session.
		cmd("move-window", "-s", "t:0", "-t", "u:", ";", "list-sessions", "-F", "#{session_name} #{session_windows}"),
		// renumber-windows: after a move without -s, and after kill-window.
		cmd("set-option", "-t", "u", "renumber-windows", "on", ";", "move-window", "-t", "u:9", ";", "list-windows", "-t", "u", "-F", windowsFormat),
		cmd("move-window", "-s", "u:0", "-t", "u:10", ";", "list-windows", "-t", "u", "-F", windowsFormat),
		cmd("kill-window", "-t", "u:1", ";", "list-windows", "-t", "u", "-F", windowsFormat),
		cmd("new-window", "-d", "-t", "u:20", "-n", "u20", "sleep 1000", ";", "kill-window", "-a", "-t", "u:20", ";", "list-windows", "-t", "u", "-F", windowsFormat),
		cmd("movew", "-k", "-s", "u:0", "-t", "u:0"),
		// swap-window: the windows trade places; each session's current
		// window stays with its place, and -d moves it to the -t place.
		cmd("new-session", "-d", "-s", "w", "-n", "a", "sleep 1000"),
		cmd("new-window", "-d", "-t", "w:", "-n", "b", "sleep 1000", ";", "new-window", "-d", "-t", "w:", "-n", "c", "sleep 1000"),
		cmd("select-window", "-t", "w:b", ";", "select-window", "-t", "w:a", ";", "list-windows", "-t", "w", "-F", windowsFormat),
		cmd("swap-window", "-s", "w:a", "-t", "w:c", ";", "list-windows", "-t", "w", "-F", windowsFormat),
		cmd("swap-window", "-d", "-s", "w:a", "-t", "w:b", ";", "list-windows", "-t", "w", "-F", windowsFormat),
		cmd("swap-window", "-s", "w:c", "-t", "w:c", ";", "list-windows", "-t", "w", "-F", windowsFormat),
		cmd("swap-window", "-t", "w:9"),
		cmd("swap-window", "-s", "w:9", "-t", "w:0"),
		cmd("swapw", "-t", "w:0", ";", "list-windows", "-t", "w", "-F", windowsFormat),
		cmd("new-session", "-d", "-s", "x", "-n", "xa", "sleep 1000", ";", "new-window", "-d", "-t", "x:", "-n", "xb", "sleep 1000"),
		cmd("swap-window", "-s", "w:a", "-t", "x:xb", ";", "list-windows", "-a", "-F", "#{session_name} "+windowsFormat),
		cmd("swap-window", "-d", "-s", "w:xb", "-t", "x:a", ";", "list-windows", "-a", "-F", "#{session_name} "+windowsFormat),
		cmd("swap-window", "-d", "-s", "w:2", "-t", "x:0", ";", "list-windows", "-a", "-F", "#{session_name} "+windowsFormat),
	}},
	// automatic-rename follows the active pane's foreground process once
	// the pane shows output (or a mode, or the option is set); tmux looks
	// on a timer, so each step waits for the name it checks.
	{name: "automatic rename", steps: []step{
		cmd("new-session", "-d", "-s", "r", "-n", "fixed", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("new-window", "-d", "exec sleep 1000"),
		// (tmux looks at a new window's name at once, racing its program:
		// setting the option makes it look again.)
		cmd("display-message", "-p", "-t", ":1", "#{pane_current_command}").waitFor("sleep"),
		cmd("set-option", "-w", "-t", ":1", "automatic-rename", "on"),
		cmd("list-windows", "-F", autoRenameFormat).waitFor("1:sleep"),
		// (exec: the shell itself leads the terminal's process group.)
		cmd("new-window", "-d", "-c", "/", "exec sh"),
		cmd("send-keys", "-t", ":2", "cd /usr", "Enter"),
		cmd("display-message", "-p", "-t", ":2", "#{pane_current_command} #{pane_current_path}").waitFor("sh /usr"),
		cmd("send-keys", "-t", ":2", "exec cat", "Enter", "hello", "Enter"),
		cmd("list-windows", "-F", autoRenameFormat).waitFor("2:cat"),
		cmd("copy-mode", "-t", ":2"),
		cmd("list-windows", "-F", autoRenameFormat).waitFor("2:[tmux]"),
		cmd("send-keys", "-t", ":2", "-X", "cancel"),
		cmd("list-windows", "-F", autoRenameFormat).waitFor("2:cat"),
		// A window named by hand keeps its name until the option is set
		// again.
		cmd("rename-window", "-t", ":2", "mine", ";", "send-keys", "-t", ":2", "again", "Enter"),
		// (The cursor, not the screen: where the shell's prompts fell
		// among the keys typed ahead varies.)
		cmd("display-message", "-p", "-t", ":2", "#{cursor_y}").waitFor("6"),
		cmd("list-windows", "-F", autoRenameFormat),
		cmd("set-option", "-w", "-t", ":2", "automatic-rename", "on"),
		cmd("list-windows", "-F", autoRenameFormat).waitFor("2:cat"),
		cmd("set-option", "-w", "-t", ":2", "automatic-rename-format", "#{pane_current_command}-#{window_index}-#{window_id}"),
		cmd("send-keys", "-t", ":2", "more", "Enter"),
		cmd("list-windows", "-F", autoRenameFormat).waitFor("2:cat--@"),
	}},
	// A new window takes the session's default-size (no client sizes
	// it), which new-session's -x and -y set for the session; not the
	// current window's size. tmuxp sets default-size after making a
	// session, and a main-horizontal layout then leaves no room to split.
	{name: "new windows' size", steps: []step{
		cmd("new-session", "-d", "-s", "a", "-x", "800", "-y", "600", "sleep 1000"),
		cmd("show-options", "-t", "a", "default-size"),
		cmd("new-session", "-d", "-s", "b", "-x", "100", "sleep 1000", ";", "show-options", "-t", "b", "default-size"),
		cmd("new-session", "-d", "-s", "c", "sleep 1000", ";", "show-options", "-t", "c", "default-size"),
		cmd("new-window", "-d", "-t", "b", "-n", "n", "sleep 1000"),
		cmd("set-option", "-t", "a", "default-size", "80x24"),
		cmd("new-window", "-d", "-t", "a:1", "-n", "n", "sleep 1000"),
		cmd("resize-window", "-t", "a:0", "-x", "50", "-y", "10", ";", "new-window", "-d", "-t", "a:2", "-n", "m", "sleep 1000"),
		cmd("list-windows", "-a", "-F", "#{session_name}:#{window_index} #{window_width}x#{window_height}"),
		cmd("select-layout", "-t", "a:1", "main-horizontal", ";", "split-window", "-d", "-t", "a:1", "sleep 1000", ";",
			"select-layout", "-t", "a:1", "main-horizontal"),
		cmd("list-panes", "-t", "a:1", "-F", "#{pane_index} #{pane_width}x#{pane_height}"),
		cmd("split-window", "-d", "-t", "a:1.1", "sleep 1000"),
	}},
	// rename-window and break-pane name a window as tmux's window_set_name
	// does, escaped as strvis escapes (a backslash doubled, a tab as \t);
	// new-window -n keeps the name as it is.
	{name: "escaped names", steps: []step{
		cmd("new-session", "-d", "-s", "e", "-n", `new \ name`, "-x", "80", "-y", "24", "sleep 1000"),
		cmd("rename-window", "-t", "e:0", "hello \\ wazzup\t0 $HOME \"q\""),
		cmd("split-window", "-d", "-t", "e:0", "sleep 1000", ";", "break-pane", "-d", "-s", "e:0.1", "-n", `broken \ off`),
		cmd("new-window", "-d", "-t", "e", "-n", `kept \ as is`, "sleep 1000"),
		cmd("list-windows", "-t", "e", "-F", "#{window_index} [#{window_name}]"),
	}},
	// A program that rings the bell flags its window's places ('!',
	// window_bell_flag, session_alerts) with monitor-bell on, the current
	// window too while no client is attached, and raises alert-bell;
	// selecting the window clears the flag, and next-window -a goes to a
	// flagged one.
	{name: "bells", ownDirs: true, steps: []step{
		cmd("new-session", "-d", "-s", "b", "-n", "w0", "-x", "40", "-y", "5", "sleep 1000"),
		cmd("set-hook", "-g", "alert-bell", "run-shell 'echo bell-#{window_name} >> bells'"),
		cmd("new-window", "-d", "-n", "w1", "printf '\\a'; echo rang; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", ":w1").waitFor("rang"),
		cmd("list-windows", "-F", "#{window_index} #{window_name} [#{window_flags}] #{window_bell_flag}").waitFor("!"),
		cmd("display-message", "-p", "#{session_alerts}"),
		fileOf("bells", "bell-w1"),
		cmd("respawn-pane", "-k", "-t", ":w0", "printf '\\a'; echo rang; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", ":w0").waitFor("rang"),
		cmd("list-windows", "-F", "#{window_index} #{window_name} [#{window_flags}] #{window_bell_flag}").waitFor("!*"),
		cmd("display-message", "-p", "#{session_alerts}"),
		cmd("next-window", "-a", ";", "list-windows", "-F", "#{window_index} [#{window_flags}]"),
		cmd("next-window", "-a", ";", "list-windows", "-F", "#{window_index} [#{window_flags}]"),
		cmd("next-window", "-a"),
		cmd("set-option", "-w", "-t", ":w1", "monitor-bell", "off", ";", "respawn-pane", "-k", "-t", ":w1", "printf '\\a'; echo again; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", ":w1").waitFor("again"),
		cmd("list-windows", "-F", "#{window_index} [#{window_flags}] #{window_bell_flag}"),
	}},
	// With monitor-activity on, a window whose program writes is flagged
	// ('#', doubled in window_flags; window_activity_flag; session_alerts)
	// and raises alert-activity once; selecting a window clears its flags
	// and, with no client attached, flags it again (tmux's
	// window_update_activity queues activity for it).
	{name: "activity", ownDirs: true, steps: []step{
		cmd("new-session", "-d", "-s", "a", "-n", "w0", "-x", "40", "-y", "5", "sleep 1000"),
		cmd("set-option", "-g", "monitor-activity", "on"),
		cmd("set-hook", "-g", "alert-activity", "run-shell 'echo activity-#{window_name} >> acts'"),
		cmd("new-window", "-d", "-n", "w1", "echo out; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", ":w1").waitFor("out"),
		cmd("list-windows", "-F", "#{window_index} [#{window_flags}] [#{window_raw_flags}] #{window_activity_flag}").waitFor("#]"),
		cmd("display-message", "-p", "#{session_alerts}"),
		fileOf("acts", "activity-w1"),
		cmd("select-window", "-t", ":w1", ";", "list-windows", "-F", "#{window_index} [#{window_flags}] #{window_activity_flag}"),
		cmd("list-windows", "-F", "#{window_index} [#{window_flags}] #{window_activity_flag}"),
		cmd("select-window", "-t", ":w0", ";", "display-message", "-p", "#{session_alerts}"),
		cmd("display-message", "-p", "#{session_alerts}"),
		cmd("previous-window", "-a", ";", "display-message", "-p", "#{window_index} #{session_alerts}"),
	}},
	// window_activity moves to a window's latest output and its
	// selection, as tmux's window_update_activity does (a second later
	// than the session's creation: the run-shell waits for it).
	{name: "window activity", steps: []step{
		cmd("new-session", "-d", "-s", "a", "-n", "w0", "sleep 1000", ";", "new-window", "-d", "-n", "w1", "sleep 1000"),
		cmd("display-message", "-p", "-t", ":w0", "#{e|>:#{window_activity},#{session_created}}"),
		cmd("run-shell", "sleep 1.1", ";", "respawn-pane", "-k", "-t", ":w0", "echo out; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", ":w0").waitFor("out"),
		cmd("display-message", "-p", "-t", ":w0", "#{e|>:#{window_activity},#{session_created}}"),
		cmd("select-window", "-t", ":w1", ";", "display-message", "-p", "-t", ":w1", "#{e|>:#{window_activity},#{session_created}}"),
	}},
	// With monitor-silence set, a window whose programs write nothing for
	// that many seconds is flagged ('~', window_silence_flag,
	// session_alerts), the current one too while no client is attached,
	// and raises alert-silence where silence-action says (other, then
	// any); a window that keeps writing never is. Setting the option
	// starts every window's timer, making a window or selecting it starts
	// its own again, and selecting clears its flags.
	{name: "silence", ownDirs: true, steps: []step{
		cmd("new-session", "-d", "-s", "q", "-n", "w0", "-x", "40", "-y", "5", "sleep 1000"),
		cmd("new-window", "-d", "-n", "w1", "sleep 1000"),
		cmd("new-window", "-d", "-n", "w2", "while :; do echo tick; sleep 0.2; done"),
		cmd("set-hook", "-g", "alert-silence", "run-shell 'echo silence-#{window_name} >> quiet'"),
		cmd("set-option", "-g", "monitor-silence", "1", ";", "list-windows", "-F", silenceFormat),
		cmd("list-windows", "-F", silenceFormat).waitFor("0 [~*] 1\n1 [~] 1\n2 [] 0"),
		cmd("display-message", "-p", "#{session_alerts}"),
		fileOf("quiet", "silence-w1"),
		cmd("next-window", "-a", ";", "list-windows", "-F", silenceFormat),
		cmd("list-windows", "-F", silenceFormat).waitFor("1 [~*] 1"),
		cmd("set-option", "-g", "silence-action", "any", ";", "new-window", "-d", "-n", "w3", "sleep 1000"),
		cmd("list-windows", "-F", silenceFormat).waitFor("3 [~] 1"),
		fileOf("quiet", "silence-w3"),
		cmd("select-window", "-t", ":w0", ";", "list-windows", "-F", silenceFormat),
		cmd("list-windows", "-F", silenceFormat).waitFor("0 [~*] 1"),
		fileOf("quiet", "silence-w0"),
		cmd("set-option", "-g", "monitor-silence", "0", ";", "select-window", "-t", ":w1", ";", "list-windows", "-F", silenceFormat),
	}},
})

// windowsFormat and panesFormat are what clients ask list-windows and
// list-panes for to see a layout.
const windowsFormat = "#{window_index}:#{window_name}#{window_flags} #{window_active}#{window_last_flag} " +
	"active=#{active_window_index} last=#{last_window_index}"

// linkedFormat shows which sessions a window is linked into.
const linkedFormat = "#{session_name}:#{window_index}:#{window_name}#{window_flags} #{window_id} " +
	"#{window_linked} #{window_linked_sessions} [#{window_linked_sessions_list}]"

const panesFormat = "#{pane_id} #{pane_index} #{pane_width}x#{pane_height} #{pane_left},#{pane_top} " +
	"#{pane_right},#{pane_bottom} #{pane_at_left}#{pane_at_top}#{pane_at_right}#{pane_at_bottom} " +
	"#{pane_active}#{pane_last} #{window_layout}"

const silenceFormat = "#{window_index} [#{window_flags}] #{window_silence_flag}"

const autoRenameFormat = "#{window_index}:#{window_name} #{automatic-rename}"
