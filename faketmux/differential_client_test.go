package faketmux

import (
	"slices"
)

// The differential cases of what a client sees before and around any
// command: parse errors, and output shown to a client without a UTF-8
// locale.
var _ = differentialCases("client", []scenario{
	{name: "locale", steps: []step{
		// tmux shows controls and non-ASCII characters in output lines
		// and errors as '_' to a client without a UTF-8 locale (one '_'
		// per column), and passes raw data through.
		cmd("new-session", "-d", "-s", "loc", "sleep 1000"),
		cmd("set-buffer", "-b", "n\té", "v\té中\x01"),
		cmd("list-buffers").withEnv(noUTF8...),
		cmd("list-buffers").withEnv("LC_ALL=C.UTF-8"),
		cmd("list-buffers", "-F", "#{buffer_name}\t#{buffer_size}").withEnv(noUTF8...),
		cmd("list-buffers", "-F", "#{buffer_name}\t#{buffer_size}").withEnv("LC_ALL=C.UTF-8"),
		cmd("list-buffers", "-F", "#{buffer_name}\t").withEnv("LC_ALL=C", "LANG=C.UTF-8"),
		cmd("list-buffers", "-F", "#{buffer_name}\t").withEnv("LC_ALL=", "LC_CTYPE=en_US.utf8", "LANG=C"),
		cmd("list-buffers", "-F", "#{buffer_name}\t").withEnv("LC_ALL=", "LC_CTYPE=", "LANG=C"),
		cmd("list-buffers", "-F", "#{buffer_name}\t").withEnv(noUTF8...).withU(),
		cmd("list-buffers", "-F", "#{buffer_name}\t").withEnv(slices.Concat(noUTF8, []string{"TMUX=/elsewhere,1,0"})...),
		cmd("show-buffer", "-b", "n\té").withEnv(noUTF8...),
		cmd("save-buffer", "-b", "n\té", "-").withEnv(noUTF8...),
		cmd("display-message", "-p", "a\tb é中 \xc3( \xe2\x82 \x7f~").withEnv(noUTF8...),
		cmd("display-message", "-p", "a\tb é中 \xc3( \xe2\x82 \x7f~").withEnv("LC_ALL=C.UTF-8"),
		cmd("display-message", "-p", "e\u0301|\xff\xc2\x85!|\u00a0|\u00ad|😀|\u200b|\uffff").withEnv(noUTF8...),
		cmd("has-session", "-t", "x\té").withEnv(noUTF8...),
		cmd("bogusé").withEnv(noUTF8...),
		cmd("set-option", "-g", "default-command", "é\t"),
		cmd("show-options", "-g", "default-command").withEnv(noUTF8...),
		cmd("new-window", "-d", "-n", "w", "-P", "-F", "#{window_name}\t#{window_index}").withEnv(noUTF8...),
	}},
	{name: "parse errors", steps: []step{
		cmd("new-session", "-d", "-s", "p", "sleep 1000"),
		cmd("foo"),
		cmd("s"),
		cmd("set-buffer", "-Z"),
		cmd("set-buffer", "a", "b"),
		cmd("set-buffer", "-b"),
		cmd("load-buffer"),
		cmd("set-buffer", "-?"),
		cmd("set-buffer", "-!"),
		cmd("list-buffers", "extra"),
		cmd("set-buffer", "x", ";", "foo"),
		cmd("list-buffers"),
		cmd(";"),
		cmd("set-buffer", "a;", "list-buffers"),
		cmd("set-buffer", "-b", "q", `a\;`, ";", "show-buffer", "-b", "q"),
		cmd("set-buffer", "--", "-x", ";", "show-buffer"),
		cmd("set-buffer", "-", ";", "show-buffer"),
		cmd("setb", "alias", ";", "showb"),
		cmd("set-buf", "prefix", ";", "show-buffer"),
		cmd("set-buffer", "-bname", "attached", ";", "show-buffer", "-b", "name"),
	}},
})

// noUTF8 is a client environment without a UTF-8 locale, whatever the
// test's own environment has.
var noUTF8 = []string{"LC_ALL=C", "LC_CTYPE=", "LANG="}

// The client commands, from a client with no terminal: the emulator's
// only clients are control-mode ones, which cmd/faketmux's differential
// test covers.
var _ = differentialCases("clients", []scenario{
	{name: "without a terminal", steps: []step{
		cmd("attach-session"),
		cmd("new-session", "-d", "-s", "c", "-n", "w", "sleep 1000"),
		cmd("attach-session"),
		cmd("attach", "-t", "nope"),
		cmd("attach", "-t", "c"),
		cmd("new-session", "-s", "x"),
		cmd("new-session", "-A", "-s", "c"),
		cmd("detach-client"),
		cmd("detach", "-s", "c"),
		cmd("detach", "-s", "nope"),
		cmd("detach", "-a"),
		cmd("detach", "-t", "nope"),
		cmd("refresh-client"),
		cmd("refresh", "-t", "nope"),
		cmd("refresh", "-f", "no-output"),
		cmd("list-clients"),
		cmd("list-sessions", "-F", "#{session_name} #{session_attached} #{session_many_attached}"),
	}},
	// A target with a window or pane in it selects them before tmux
	// finds the client has no terminal (issue 27).
	{name: "attach selects its target without a terminal", steps: []step{
		cmd("new-session", "-d", "-s", "m", "sleep 1000"),
		cmd("new-window", "-d", "-t", "m", "sleep 1000"),
		cmd("new-window", "-d", "-t", "m", "sleep 1000"),
		cmd("split-window", "-d", "-t", "m:1", "sleep 1000"),
		cmd("attach", "-t", "m:2"),
		cmd("list-windows", "-t", "m", "-F", "#{window_index} #{window_active} #{window_flags} #{window_last_flag}"),
		cmd("attach", "-t", "m:1.1"),
		cmd("list-panes", "-s", "-t", "m", "-F", "#{window_index}.#{pane_index} #{window_active} #{window_flags} #{pane_active} #{pane_last}"),
		cmd("attach", "-t", "m"),
		cmd("attach", "-t", "m:0.9"),
		cmd("list-windows", "-t", "m", "-F", "#{window_index} #{window_active} #{window_flags}"),
	}},
})

// The commands that need a terminal client, from a client that has
// none: tmux looks for the client before any target.
var _ = differentialCases("clients", []scenario{
	{name: "terminal commands without a client", steps: []step{
		cmd("start-server", ";", "set-option", "-g", "exit-empty", "off"),
		cmd("display-menu", "x", "y", "z"),
		cmd("switch-client", "-t", "nope"),
		cmd("new-session", "-d", "-s", "c", "-n", "w", "sleep 1000"),
		cmd("display-menu", "x", "y", "z"),
		cmd("display-menu", "-c", "nope", "x", "y", "z"),
		cmd("display-menu", "-t", "nope", "x"),
		cmd("menu", "x", "y"),
		cmd("display-popup"),
		cmd("popup", "-c", "nope"),
		cmd("display-popup", "-t", "nope", "-E", "true"),
		cmd("display-panes"),
		cmd("displayp", "-t", "nope"),
		cmd("command-prompt"),
		cmd("command-prompt", "-t", "nope"),
		cmd("confirm-before", "ls"),
		cmd("confirm", "-t", "nope", "ls"),
		cmd("lock-client"),
		cmd("lockc", "-t", "nope"),
		cmd("suspend-client"),
		cmd("suspendc", "-t", "nope"),
		cmd("switch-client"),
		cmd("switch-client", "-t", "c"),
		cmd("switchc", "-c", "nope"),
		cmd("switch-client", "-n"),
		cmd("switch-client", "-T", "nope"),
		cmd("refresh-client", "-C", "10x10"),
		cmd("refresh-client", "-S"),
	}},
	// refresh-client's panning takes an adjustment of 1 or more, which it
	// checks before anything else.
	{name: "refresh-client pans", steps: []step{
		cmd("new-session", "-d", "-s", "p", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("attach", "-t", "p").controlIn("refresh-client -L x\nrefresh-client -R 0\nrefresh-client -U 99999999999\n" +
			"refresh-client -D 3\nrefresh-client -c 2\nrefresh-client -l -L\nrefresh-client -R -C 10x10\n" +
			"list-clients -F '#{client_width}x#{client_height}'\n"),
		cmd("refresh-client", "-L", "x"),
	}},
	// A control client has no terminal to draw on: what it can and cannot
	// do of these.
	{name: "terminal commands from a control client", steps: []step{
		cmd("new-session", "-d", "-s", "k", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("new-session", "-d", "-s", "j", "-n", "v", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("attach", "-t", "k").controlIn("confirm-before -p 'sure?' 'display -p yes'\ndisplay -p after\n"),
		cmd("attach", "-t", "k").controlIn("display-menu x y z\ndisplay -p after\n"),
		cmd("attach", "-t", "k").controlIn("display-popup\ndisplay -p after\n"),
		cmd("attach", "-t", "k").controlIn("display-panes\ndisplay -p after\n"),
		cmd("attach", "-t", "k").controlIn("display-panes -b\ndisplay -p after\n"),
		cmd("attach", "-t", "k").controlIn("command-prompt\ndisplay -p after\n"),
		cmd("attach", "-t", "k").controlIn("command-prompt -b\ndisplay -p after\n"),
		// Last: the focus changes of its switches take items of tmux's
		// queue that the emulator does not count alike (see README.md).
		cmd("attach", "-t", "k").controlIn(
			"suspend-client\n" +
				"lock-client\n" +
				"switch-client -t j\n" +
				"display -p '#{client_session} #{client_key_table}'\n" +
				"switch-client -l\n" +
				"switch-client -n\n" +
				"switch-client -p\n" +
				"switch-client -t nope\n" +
				"switch-client -T prefix\n" +
				"display -p '#{client_session} #{client_key_table}'\n" +
				"switch-client -T nope\n" +
				"refresh-client -C bad\n" +
				"refresh-client -C 0x5\n" +
				"refresh-client -C @x:\n" +
				"refresh-client -F no-output\n" +
				"list-clients -F '#{client_flags}'\n" +
				"refresh-client -S\n" +
				"refresh-client\n" +
				"list-clients -F '#{client_session}'\n"),
		cmd("list-sessions", "-F", "#{session_name} #{session_attached}"),
	}},
})
