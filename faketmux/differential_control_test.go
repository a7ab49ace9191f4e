package faketmux

import (
	"regexp"
	"slices"
	"strings"
)

// The differential cases of control mode (tmux -C): each control step's
// input is sent once the client has answered its argv (see package
// internal/controlrun), and its output has the guards' times and the
// client's process ID normalised. Guards and their numbers (tmux's count
// of its queue's items), notifications, the client in list-clients and
// session_attached, show-buffer's escaping, and each way out.
var _ = differentialCases("control", []scenario{
	// detach-on-destroy: a control client whose session goes moves to
	// the session used longest ago (off), to the one of those no client
	// is attached to (no-detached), or leaves (on). tmux orders the
	// notifications and the command output by chance, so the lines are
	// compared sorted.
	{name: "detach-on-destroy", steps: []step{
		cmd("new-session", "-d", "-s", "a", "-n", "w", "sleep 1000"),
		cmd("new-session", "-d", "-s", "b", "-n", "w", "sleep 1000"),
		cmd("new-session", "-d", "-s", "c", "-n", "w", "sleep 1000"),
		cmd("new-session", "-d", "-s", "d", "-n", "w", "sleep 1000"),
		cmd("set-option", "-g", "detach-on-destroy", "off"),
		cmd("attach", "-t", "c").controlIn("kill-session\ndisplay -p '[#{client_session}] [#{client_last_session}]'\n" +
			"list-sessions -F '#{session_name} #{session_attached}'\n").normalise(sortedControl),
		cmd("set-option", "-g", "detach-on-destroy", "no-detached"),
		cmd("attach", "-t", "d").controlIn("kill-session\ndisplay -p '[#{client_session}]'\n").normalise(sortedControl),
		cmd("set-option", "-g", "detach-on-destroy", "on"),
		cmd("attach", "-t", "b").controlIn("kill-session\ndisplay -p '[#{client_session}]'\n").normalise(sortedControl),
		cmd("list-sessions", "-F", "#{session_name}"),
	}},
	{name: "attach and commands", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("attach-session", "-f", "no-output,ignore-size").controlIn(
			"list-sessions -F '#{session_name} #{session_attached} #{session_many_attached}'\n" +
				"bogus\n" +
				"display -p '#{client_flags} #{client_control_mode} #{session_name}'\n" +
				"list-clients -F '#{client_flags} #{client_session} #{client_readonly}'\n" +
				"new-window -d -n w2 'sleep 1000'\n" +
				"rename-window -t :1 foo\n" +
				"kill-window -t :1\n" +
				"set-buffer x ; show-buffer ; bogus2\n" +
				"set-buffer -b b1 'a b' ; show-buffer -b b1 ; has-session -t nope ; list-buffers\n" +
				// show-buffer escapes for a control client, line by line.
				"set-buffer -b esc \"tab\\there\\\\ back\\e[1m \u00e9\\001\\r\\nline2\\n\\n\\x7f\"\n" +
				"show-buffer -b esc\n" +
				"new-session -d -s two -n w 'sleep 1000'\n" +
				"rename-session -t two three\n" +
				"kill-session -t three\n" +
				"refresh-client -f pause-after=2,wait-exit,read-only,active-pane\n" +
				"list-clients -F '#{client_flags}'\n" +
				"refresh-client -f '!pause-after,!read-only,!wait-exit,bogus'\n" +
				"list-clients -F '#{client_flags}'\n" +
				"list-sessions -F '#{session_name} #{session_attached}'\n"),
		cmd("list-sessions", "-F", "#{session_name} #{session_attached}"),
		cmd("list-clients"),
		cmd("attach").controlIn("list-clients -F '#{client_name}: #{session_name} [#{client_width}x#{client_height} #{client_termname}]'\n\nlist-sessions\n"),
		cmd("attach").controlIn("detach-client\nlist-sessions -F '#{session_name}'\n"),
		cmd("attach").controlIn("list-sessions -F '#{session_name}'\n"),
		cmd("attach", "-t", "nope").controlIn("list-sessions\n"),
		cmd("list-buffers", "-F", "#{buffer_name}").controlIn("list-sessions\n"),
		cmd("attach").controlIn("kill-session\n"),
	}},
	{name: "current windows", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("new-session", "-d", "-s", "o", "-n", "w", "sleep 1000"),
		cmd("attach", "-t", "m").controlIn(
			"new-window -n a 'sleep 1000'\n" +
				"new-window -d -n b 'sleep 1000'\n" +
				"select-window -t :0\n" +
				"next-window\n" +
				"last-window\n" +
				"select-window -t o:0\n" +
				"new-window -t o -n c 'sleep 1000'\n" +
				"kill-window -t :1\n" +
				"kill-window -t :0\n" +
				"list-sessions -F '#{session_name}'\n"),
		cmd("attach", "-t", "m").controlIn("list-windows -F '#{window_id}'\n"),
	}},
	{name: "panes and layouts", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("new-session", "-d", "-s", "o", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("attach", "-t", "m").controlIn(
			"split-window -d 'sleep 1000'\n" +
				"split-window -h -t o 'sleep 1000'\n" +
				"kill-pane -t %1\n" +
				"new-window -d 'sleep 1000'\n" +
				"split-window -d -t :1 'sleep 1000'\n" +
				"kill-pane -t :1.0\n" +
				"kill-pane -t :1\n" +
				"select-pane -t :0.1\n" +
				"split-window -h 'sleep 1000'\n" +
				"kill-pane\n" +
				"list-sessions -F '#{session_name}'\n"),
		cmd("kill-server"),
	}},
	// Subscriptions are checked a second after the first: the client
	// stays until the check has written them all (by name, in one go).
	{name: "subscriptions and pane flow", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("split-window", "-d", "-t", "m", "sleep 1000", ";", "new-window", "-d", "-t", "m", "-n", "v", "sleep 1000"),
		cmd("attach", "-t", "m").controlIn(
			"refresh-client -B 'a::#{session_name}'\n" +
				"refresh-client -B 'w:@0:#{window_name}'\n" +
				"refresh-client -B 'p:%1:#{pane_id} #{pane_index}'\n" +
				"refresh-client -B 'all:%*:#{pane_index}'\n" +
				"refresh-client -B 'allw:@*:#{window_index}'\n" +
				"refresh-client -B 'gone::x'\n" +
				"refresh-client -B gone\n" +
				"refresh-client -B 'bad:%-1:y'\n" +
				"refresh-client -B nop\n" +
				"refresh-client -B 'only:one'\n" +
				"refresh-client -B 'z:@9:#{window_name}'\n" +
				"refresh-client -B 'q:%9:#{window_name}'\n" +
				"refresh-client -A '%0:pause' -A '%0:pause' -A '%1:continue' -A '%0:continue' -A '%9:pause' -A x -A '%1:off'\n" +
				"refresh-client -A '%1:on' -A '%2:pause' -B 'ignored::x'\n" +
				"refresh-client -F no-output -A '%2:continue'\n" +
				"list-clients -F '#{client_flags}'\n").stayUntil("%subscription-changed w "),
		cmd("refresh-client", "-B", "x:y:z"),
		cmd("refresh-client", "-A", "%0:pause"),
	}},
	// More of what other clients do, seen by a client in the background.
	{name: "other clients' panes and windows", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("new-session", "-d", "-s", "o", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("attach", "-t", "m").controlIn("").stayUntil("%client-detached").normalise(normGuardNumbers).inBackground(),
		cmd("list-clients", "-F", "#{client_session}").waitFor("m"),
		cmd("split-window", "-d", "-t", "m:0", "sleep 1000"),
		cmd("next-layout", "-t", "m:0"),
		cmd("rotate-window", "-t", "m:0"),
		cmd("resize-pane", "-Z", "-t", "m:0.0"),
		cmd("resize-pane", "-Z", "-t", "m:0.0"),
		// Named, so that no automatic rename races the notifications.
		cmd("break-pane", "-d", "-n", "b", "-s", "m:0.1"),
		cmd("join-pane", "-d", "-s", "m:1", "-t", "m:0"),
		cmd("swap-window", "-s", "o:0", "-t", "m:0"),
		cmd("swap-window", "-d", "-s", "o:0", "-t", "m:0"),
		cmd("new-window", "-d", "-t", "m:3", "sleep 1000", ";", "kill-window", "-t", "m:3"),
		cmd("respawn-pane", "-k", "-t", "m:0.1", "sleep 1000"),
		cmd("rename-session", "-t", "o", "p"),
		cmd("new-session", "-d", "-s", "q", "-x", "80", "-y", "24", "sleep 1000", ";", "kill-session", "-t", "q"),
		cmd("attach", "-t", "p").controlIn("detach\n").normalise(normGuardNumbers),
		joinBackground(),
	}},
	// attach -d detaches the session's other clients, as new-session -A
	// -D does; each attaching client stays until it is told the other
	// has gone.
	{name: "attach -d detaches the others", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("new-session", "-d", "-s", "o", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("attach", "-t", "o").controlIn("").stayUntil("%exit").normalise(normGuardNumbers).inBackground(),
		cmd("list-clients", "-F", "#{client_session}").waitFor("o"),
		cmd("attach", "-d", "-t", "o").controlIn("").stayUntil("%client-detached").normalise(normGuardNumbers),
		joinBackground(),
		cmd("attach", "-t", "m").controlIn("").stayUntil("%exit").normalise(normGuardNumbers).inBackground(),
		cmd("list-clients", "-F", "#{client_session}").waitFor("m"),
		cmd("new-session", "-A", "-D", "-s", "m").controlIn("").stayUntil("%client-detached").normalise(normGuardNumbers),
		joinBackground(),
		cmd("list-clients", "-F", "#{client_session}"),
	}},
	// break-pane -n of a pane alone in its window moves the window and
	// names it in between, where tmux tells of the name.
	{name: "break-pane names a lone pane's window", steps: slices.Concat([]step{
		cmd("new-session", "-d", "-s", "s0", "-n", "w0", "-x", "80", "-y", "24", "sleep 1000"),
	}, watchedBy("s0"), []step{
		cmd("new-window", "-d", "-n", "w1", "sleep 1000", ";", "break-pane", "-d", "-n", "b1", "-s", ":w1", "-t", ":3"),
		cmd("break-pane", "-n", "b2", "-s", ":3", "-t", ":4"),
		cmd("split-window", "-d", "-t", ":4", "sleep 1000", ";", "break-pane", "-d", "-n", "b3", "-s", ":4.1"),
		cmd("list-windows", "-F", "#{window_index} #{window_name}"),
		cmd("kill-server"),
		joinBackground(),
	})},
	// A pane that goes leaves its modes, a notification each (and the
	// pane-mode-changed hook): a pane taken from a window that stays, at
	// once, after the window's notifications; the panes of a window that
	// goes, once the notifications that hold the window have run, as
	// tmux frees a window with its last reference. A killed session's
	// current window hands over to none.
	{name: "panes leave their modes as they go", ownDirs: true, steps: slices.Concat([]step{
		cmd("new-session", "-d", "-s", "s0", "-n", "w0", "-x", "80", "-y", "24", "sleep 1000"),
	}, watchedBy("s0"), []step{
		cmd("set-hook", "-g", "pane-mode-changed", "set -gaF @h '#{hook_pane},'"),
		cmd("split-window", "-d", "sleep 1000", ";", "copy-mode", "-t", "%1", ";", "kill-pane", "-t", "%1"),
		cmd("new-window", "-d", "-n", "x", "sleep 1000", ";", "copy-mode", "-t", ":x", ";", "kill-pane", "-t", ":x"),
		cmd("new-session", "-d", "-s", "s1", "-n", "y", "sleep 1000", ";", "link-window", "-d", "-s", "s0:0", "-t", "s1:5", ";",
			"copy-mode", "-t", "s1:y", ";", "copy-mode", "-t", "s0:0"),
		cmd("kill-session", "-t", "s1"),
		cmd("split-window", "-d", "-t", "s0:0", "sleep 1000", ";", "copy-mode", "-t", "s0:0.1", ";",
			"respawn-window", "-k", "-t", "s0:0", "sleep 1000"),
		cmd("copy-mode", "-t", "s0:0", ";", "respawn-pane", "-k", "-t", "s0:0", "sleep 1000"),
		// A program that exits: tmux takes its lone pane out before the
		// window goes.
		cmd("new-window", "-d", "-n", "e", "while [ ! -e go ]; do sleep 0.05; done", ";", "copy-mode", "-t", ":e", ";", "run-shell", "touch go"),
		cmd("list-windows", "-F", "#{window_name}").waitGone("e"),
		cmd("copy-mode", "-t", "s0:0", ";", "new-session", "-d", "-s", "a", "-n", "a", "sleep 1000", ";", "copy-mode", "-t", "a"),
		cmd("show-options", "-gv", "@h"),
		cmd("kill-server"),
		joinBackground(),
	})},
	// new-window -k and link-window -k unlink the window at the index
	// (window-unlinked, told and hooked). A new window that takes the
	// place of the current one is current at once, without
	// session-window-changed. resize-pane -Z of a window of one pane
	// zooms nothing and tells of no layout; kill-pane in a zoomed window
	// tells of the unzoomed layout, then of the layout without the pane.
	{name: "a window put in another's place", steps: slices.Concat([]step{
		cmd("new-session", "-d", "-s", "s0", "-n", "w0", "-x", "80", "-y", "24", "sleep 1000"),
	}, watchedBy("s0"), []step{
		cmd("set-hook", "-g", "window-unlinked", "set -gaF @u '#{hook_window_name} '"),
		cmd("new-window", "-d", "-k", "-t", ":0", "-n", "w1", "sleep 1000"),
		cmd("new-window", "-d", "-t", ":1", "-n", "w2", "sleep 1000", ";", "new-window", "-k", "-t", ":1", "-n", "w3", "sleep 1000"),
		cmd("new-session", "-d", "-s", "s1", "-n", "x", "sleep 1000", ";", "link-window", "-k", "-d", "-s", "s1:0", "-t", "s0:1"),
		cmd("list-windows", "-t", "s0", "-F", "#{window_index} #{window_name} #{window_flags}"),
		cmd("show-options", "-gv", "@u"),
		cmd("resize-pane", "-Z", "-t", "s0:0", ";", "split-window", "-d", "-t", "s0:0", "sleep 1000", ";",
			"resize-pane", "-Z", "-t", "s0:0", ";", "resize-pane", "-Z", "-t", "s0:0"),
		cmd("resize-pane", "-Z", "-t", "s0:0.1", ";", "kill-pane", "-t", "s0:0.1"),
		cmd("kill-server"),
		joinBackground(),
	})},
	// A client whose session went is told, until it exits, of other
	// sessions' current windows and names, as tmux tells every control
	// client of those.
	{name: "a client detached with its session", steps: slices.Concat([]step{
		cmd("new-session", "-d", "-s", "s0", "-n", "w0", "sleep 1000"),
		cmd("new-session", "-d", "-s", "s1", "-n", "a", "sleep 1000", ";", "new-window", "-d", "-t", "s1:1", "-n", "b", "sleep 1000"),
	}, watchedBy("s0"), []step{
		cmd("link-window", "-s", "s0:0", "-t", "s1:5"),
		cmd("kill-window", "-t", "s0:0", ";", "rename-session", "-t", "s1", "r"),
		joinBackground(),
	})},
	// With a control client attached, formats have a client: from a
	// target (set-option -F, -P, rename-*), the command's target client,
	// the current one, whose session stands in for a target not found;
	// in display-message, the best client of the target's session. The
	// list commands give theirs none, the control client's own included.
	{name: "formats with the current client", steps: []step{
		cmd("new-session", "-d", "-s", "s0", "-n", "w0", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("attach", "-t", "s0", "-f", "no-output").controlIn(
			"list-windows -F 'lw[#{client_name}]'\ndisplay -p 'dm[#{client_name}]'\nlist-panes -F 'lp[#{client_name}]'\n").
			stayUntil("%exit").normalise(normGuardNumbers).inBackground(),
		cmd("list-clients", "-F", "#{client_session}").waitFor("s0"),
		cmd("new-session", "-d", "-s", "s1", "-n", "x", "sleep 1000"),
		cmd("display-message", "-p", "dm[#{client_name}] [#{session_name}]").normalise(normControl),
		cmd("display-message", "-p", "-t", "nosuch:", "dm[#{client_name}] [#{session_name}]"),
		cmd("set", "-g", "-F", "@b", "[#{session_name}] [#{client_name}]", ";", "show", "-gv", "@b").normalise(normControl),
		cmd("set", "-g", "-t", "$9", "-F", "@c", "[#{session_name}] [#{window_name}] [#{client_session}]", ";", "show", "-gv", "@c"),
		cmd("list-windows", "-F", "lw[#{client_name}]", ";", "list-sessions", "-F", "ls[#{client_name}]", ";",
			"list-panes", "-F", "lp[#{client_name}]", ";", "set-buffer", "x", ";", "list-buffers", "-F", "lb[#{client_name}]"),
		cmd("new-window", "-d", "-n", "nw", "-P", "-F", "nw[#{client_name}] [#{session_name}]", "sleep 1000").normalise(normControl),
		cmd("rename-window", "-t", "s1:0", "#{client_session}", ";", "rename-session", "-t", "s1", "r#{client_session}", ";",
			"list-windows", "-a", "-F", "#{session_name} #{window_name}"),
		cmd("kill-server"),
		joinBackground(),
	}},
	// Commands that unzoom a window for a while (window_push_zoom) tell
	// of the unzoomed layout, and with -Z of the zoom again
	// (window_pop_zoom).
	{name: "zooms undone and done again", steps: slices.Concat([]step{
		cmd("new-session", "-d", "-s", "s0", "-n", "w0", "-x", "80", "-y", "24", "sleep 1000"),
	}, watchedBy("s0"), []step{
		cmd("split-window", "-d", "sleep 1000", ";", "resize-pane", "-Z", ";", "rotate-window", ";", "rotate-window", "-Z"),
		cmd("split-window", "-d", "sleep 1000", ";", "resize-pane", "-Z", ";", "split-window", "-Z", "-d", "sleep 1000"),
		cmd("select-pane", "-t", ":.+", ";", "resize-pane", "-Z", ";", "select-pane", "-Z", "-t", ":.+"),
		cmd("swap-pane", "-s", ":.0", "-t", ":.1", ";", "resize-pane", "-Z", ";", "swap-pane", "-Z", "-s", ":.0", "-t", ":.2"),
		cmd("select-pane", "-L", ";", "resize-pane", "-Z", "-t", ":.1", ";", "select-layout", "tiled"),
		cmd("display-message", "-p", "#{window_zoomed_flag} #{window_layout}"),
		cmd("kill-server"),
		joinBackground(),
	})},
	// kill-window takes a window's places in session name order, each
	// session's from the lowest index, a current one handing over first;
	// swap-window -d selects the -t place, and tells of it.
	{name: "current windows as places go and swap", steps: slices.Concat([]step{
		cmd("new-session", "-d", "-s", "s0", "-n", "w0", "-x", "80", "-y", "24", "sleep 1000"),
	}, watchedBy("s0"), []step{
		cmd("new-window", "-d", "-n", "w1", "sleep 1000", ";", "new-session", "-d", "-s", "a", "-n", "x", "sleep 1000"),
		cmd("link-window", "-s", "s0:0", "-t", "s0:5", ";", "link-window", "-d", "-s", "s0:0", "-t", "a:3", ";", "select-window", "-t", "s0:1", ";", "select-window", "-t", "s0:5"),
		cmd("kill-window", "-t", "s0:5"),
		cmd("new-window", "-d", "-t", "s0:2", "-n", "w2", "sleep 1000", ";", "swap-window", "-d", "-s", "s0:1", "-t", "s0:2"),
		cmd("swap-window", "-d", "-s", "s0:1", "-t", "a:0", ";", "list-windows", "-a", "-F", "#{session_name}:#{window_index} #{window_name} #{window_flags}"),
		cmd("kill-server"),
		joinBackground(),
	})},
	// A control client's size resizes the windows in the order of their
	// ids, as tmux walks its tree of windows, whatever their indexes.
	{name: "windows resized in the order of their ids", steps: slices.Concat([]step{
		cmd("new-session", "-d", "-s", "s0", "-n", "w0", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("new-window", "-d", "-b", "-t", "s0:0", "-n", "w1", "sleep 1000", ";", "new-session", "-d", "-s", "a", "-n", "x", "sleep 1000"),
	}, watchedBy("s0"), []step{
		cmd("refresh-client", "-C", "100x30"),
		cmd("refresh-client", "-C", "@0:60x20", ";", "list-windows", "-a", "-F", "#{window_id} #{window_width}x#{window_height}"),
		cmd("kill-server"),
		joinBackground(),
	})},
	// A size given for a window id before the window is made holds for
	// the window made with that id only once tmux sizes windows again
	// (select-window here): making a window does not.
	{name: "a window's size given before it is made", steps: slices.Concat([]step{
		cmd("new-session", "-d", "-s", "s0", "-n", "w0", "-x", "80", "-y", "24", "sleep 1000"),
	}, watchedBy("s0"), []step{
		cmd("refresh-client", "-C", "@1:80x15", ";", "new-window", "-d", "-n", "w1", "sleep 1000"),
		cmd("list-windows", "-F", "#{window_id} #{window_width}x#{window_height}"),
		cmd("new-window", "-n", "w2", "sleep 1000"),
		cmd("list-windows", "-F", "#{window_id} #{window_width}x#{window_height}"),
		cmd("select-window", "-t", ":1"),
		cmd("list-windows", "-F", "#{window_id} #{window_width}x#{window_height}"),
		cmd("kill-server"),
		joinBackground(),
	})},
	// refresh-client -C @ID: sizes the windows again only when the client
	// gave that window a size, which tmux keeps, as none, after; a zoomed
	// window resized tells of its unzoom and zoom too.
	{name: "window sizes forgotten and zoomed windows resized", steps: slices.Concat([]step{
		cmd("new-session", "-d", "-s", "s0", "-n", "w0", "-x", "80", "-y", "24", "sleep 1000"),
	}, watchedBy("s0"), []step{
		cmd("refresh-client", "-C", "@0:"),
		cmd("refresh-client", "-C", "@0:50x20", ";", "refresh-client", "-C", "@0:", ";", "refresh-client", "-C", "@0:"),
		cmd("list-windows", "-F", "#{window_id} #{window_width}x#{window_height}"),
		cmd("split-window", "-d", "sleep 1000", ";", "resize-pane", "-Z", ";", "resize-window", "-x", "60", "-y", "20"),
		cmd("list-windows", "-F", "#{window_id} #{window_width}x#{window_height} #{window_zoomed_flag}"),
		cmd("kill-server"),
		joinBackground(),
	})},
	// Commands of other clients that need a client find the control
	// client as tmux's current client.
	{name: "the current client", steps: []step{
		cmd("new-session", "-d", "-s", "a", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("new-session", "-d", "-s", "b", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("show-messages", "-J"),
		cmd("attach", "-t", "a").controlIn("").stayUntil("%exit").normalise(normGuardNumbers).inBackground(),
		cmd("list-clients", "-F", "#{client_session}").waitFor("a"),
		cmd("show-messages", "-J", ";", "show-messages", "-t", "nope"),
		cmd("refresh-client", "-A", "%0:pause"),
		cmd("detach-client", "-s", "b"),
		cmd("detach-client"),
		joinBackground(),
	}},
	// With pause-after, output comes as %extended-output with its age.
	{name: "pause-after", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "-x", "80", "-y", "24", "stty -echo; printf ready; read x; printf done; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", "m").waitFor("ready"),
		cmd("attach", "-t", "m").controlIn("refresh-client -f pause-after=100\nsend-keys -t m go Enter\n").stayUntil("done").normalise(normOutputAge),
	}},
	// A second control client, attached in the background, sees what
	// other clients do, one command line at a time.
	{name: "other clients", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("new-session", "-d", "-s", "o", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		// Its own guard's number depends on how many of the polls after
		// it ran first.
		cmd("attach", "-t", "m").controlIn("").stayUntil("%client-detached").normalise(normGuardNumbers).inBackground(),
		cmd("list-clients", "-F", "#{client_session}").waitFor("m"),
		cmd("new-window", "-d", "-t", "m", "-n", "x", "sleep 1000"),
		cmd("link-window", "-d", "-s", "m:1", "-t", "o:5"),
		cmd("unlink-window", "-t", "o:5"),
		cmd("link-window", "-d", "-s", "o:0", "-t", "m:7"),
		cmd("unlink-window", "-t", "m:7"),
		cmd("new-window", "-d", "-t", "o", "-n", "y", "sleep 1000"),
		cmd("kill-window", "-t", "o:y"),
		cmd("select-layout", "-t", "m:0", "tiled"),
		cmd("split-window", "-d", "-t", "m:0", "sleep 1000"),
		cmd("resize-pane", "-t", "m:0.0", "-x", "20"),
		cmd("select-layout", "-t", "m:0", "even-vertical"),
		cmd("swap-pane", "-d", "-s", "m:0.0", "-t", "m:0.1"),
		cmd("select-pane", "-t", "m:0.1"),
		cmd("kill-pane", "-t", "m:0.1"),
		cmd("split-window", "-d", "-t", "o:0", "sleep 1000"),
		cmd("select-window", "-t", "m:1"),
		cmd("select-window", "-t", "o:1"),
		cmd("swap-window", "-s", "m:0", "-t", "m:1"),
		cmd("move-window", "-s", "m:1", "-t", "o:3"),
		cmd("move-window", "-s", "o:3", "-t", "m:4"),
		cmd("resize-window", "-t", "m:0", "-x", "60"),
		cmd("rename-window", "-t", "m:0", "r"),
		cmd("attach", "-t", "m").controlIn("attach -t o\n").normalise(normGuardNumbers),
		joinBackground(),
	}},
	// display-popup on a control client runs its command: the command
	// that opened the popup waits until it closes (-E: when the job exits,
	// whose status its client exits with; -EE: when it succeeds), another
	// popup does nothing while one is open, and -C closes it.
	{name: "popups on a control client", ownDirs: true, steps: []step{
		cmd("new-session", "-d", "-s", "p", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("attach", "-t", "p").controlIn("").stayUntil("%exit").normalise(normGuardNumbers).inBackground(),
		cmd("list-clients", "-F", "#{client_session}").waitFor("p"),
		cmd("display-popup", "-E", "-e", "X=set", `echo "$X" > env; exit 2`),
		fileOf("env", "set"),
		cmd("display-popup", "-EE", "echo ok > ok"),
		fileOf("ok", "ok"),
		cmd("display-popup", "echo first > first; exec sleep 1000").inBackground(),
		fileOf("first", "first"),
		cmd("display-popup", "-E", "echo second > second"),
		cmd("display-popup", "-C"),
		cmd("display-popup", "-E", "ls > listing"),
		fileOf("listing", "shrc"),
		cmd("detach-client"),
		joinBackground(),
		// Closed before its job ended, a popup leaves tmux's initial
		// status, 128+SIGHUP.
		joinBackground(),
	}},
	// A control client's size (refresh-client -C) sizes the windows of
	// its session at once, even to the size they have (a layout change
	// each), and a size for one window (@ID:WxH) bounds that window; the
	// windows keep their sizes when the client goes. A control client's
	// new-session -x -y makes the session's size until it gives its own
	// (tmux's regress control-client-size.sh).
	{name: "control client size", steps: []step{
		cmd("new-session", "-d", "-s", "c", "-n", "w0", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("new-window", "-d", "-t", "c", "-n", "w1", "sleep 1000"),
		cmd("attach-session", "-t", "c").controlIn("refresh-client -C 100,50\n" +
			"display -p '#{window_width}x#{window_height} #{client_width}'\n" +
			"refresh -C 100x50\nrefresh -C @1:60x20\n" +
			"list-windows -F '#{window_id} #{window_width}x#{window_height}'\nrefresh -C @1:\n" +
			"new-window -d -n w3 'sleep 1000'\nresize-window -A -t :w3\n" +
			"list-windows -F '#{window_id} #{window_width}x#{window_height} #{window-size}'\n"),
		cmd("list-windows", "-a", "-F", "#{window_id} #{window_width}x#{window_height}"),
		cmd("new-session", "-x", "100", "-y", "50", "-s", "n", "-n", "w2", "sleep 1000").controlIn(
			"list-windows -F '#{window_width}x#{window_height}'\nrefresh -C 80,24\n"),
		cmd("list-windows", "-t", "n", "-F", "#{window_width}x#{window_height}"),
	}},
})

// watchedBy are the steps that attach a control client to session in
// the background, asking for no pane output, and wait until it is
// attached: it sees what the steps after it do until the server exits,
// and a later joinBackground compares all it saw.
func watchedBy(session string) []step {
	return []step{
		cmd("attach", "-t", session, "-f", "no-output").controlIn("").stayUntil("%exit").normalise(normGuardNumbers).inBackground(),
		cmd("list-clients", "-F", "#{client_session}").waitFor(session),
	}
}

var outputAgeRE = regexp.MustCompile(`(?m)^%extended-output (%[0-9]+) [0-9]+ : `)

// normOutputAge is normGuardNumbers, and %extended-output's age in
// milliseconds.
func normOutputAge(s string) string {
	return outputAgeRE.ReplaceAllString(normGuardNumbers(s), "%extended-output $1 AGE : ")
}

var guardNumberRE = regexp.MustCompile(`(?m)^(%begin|%end|%error) TIME [0-9]+ `)

// normGuardNumbers is normControl, and the guards' numbers, for a client
// that comes after steps that poll (each poll is an item of tmux's
// queue).
func normGuardNumbers(s string) string {
	return guardNumberRE.ReplaceAllString(normControl(s), "$1 TIME N ")
}

// sortedControl is normControl with the lines sorted, for control output
// whose notifications tmux interleaves with command output by chance.
func sortedControl(s string) string {
	lines := strings.SplitAfter(normControl(s), "\n")
	slices.Sort(lines)
	return strings.Join(lines, "")
}
