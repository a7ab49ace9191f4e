//go:build linux && !faketmux_thin

package main

// The screen cases of the command prompt's history, completion and
// editing, played with the others by TestScreensMatchTmux.
func init() {
	screenCases = append(screenCases, promptScreenCases...)
}

var promptScreenCases = []screenCase{
	{
		name: "prompt history",
		inner: [][]string{
			{"new-session", "-d", "-s", "h", "-n", "w", "-x", "40", "-y", "7", "cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "display-time", "0"},
			{"bind", "S", "command-prompt", "-T", "search", "-p", "find", "display %%"},
		},
		// Up goes back and stops at the oldest; Down past the newest, or
		// on a new line, empties it. An answer the same as the newest is
		// not kept twice, and each type has its own history.
		steps: [][]string{nil, {"C-b", ":"}, {"-l", "display one"}, {"Enter"},
			{"C-b", ":"}, {"-l", "display two"}, {"Enter"},
			{"C-b", ":"}, {"Up"}, {"Up"}, {"Up"}, {"Down"}, {"Down"}, {"-l", "typed"}, {"Down"},
			{"Up"}, {"Enter"}, {"C-b", ":"}, {"Up"}, {"Up"}, {"C-c"},
			{"C-b", "S"}, {"Up"}, {"-l", "abc"}, {"Enter"}, {"C-b", "S"}, {"Up"}, {"C-c"},
			{"C-b", ":"}, {"-l", "set -g prompt-history-limit 1"}, {"Enter"},
			{"C-b", ":"}, {"Up"}, {"Up"}, {"C-c"},
			{"C-b", ":"}, {"-l", "command-prompt -T bogus"}, {"Enter"}},
	},
	{
		name: "prompt completion",
		inner: [][]string{
			{"new-session", "-d", "-s", "c", "-n", "w", "-x", "40", "-y", "7", "cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "display-time", "0"},
			{"new-session", "-d", "-s", "cb", "cat"},
		},
		target: "c",
		// Tab puts in a command, an option or a session whole with a space
		// after it, or what the candidates start with; when that adds
		// nothing, a menu of them opens, the last of them, where Tab moves
		// down (and closes it from the last item), BSpace closes it, and
		// Enter or an item's key puts the item in. The word completed is
		// the one at the cursor.
		steps: [][]string{nil, {"C-b", ":"}, {"-l", "sel"}, {"Tab"}, {"Tab"}, {"Down"}, {"Enter"},
			{"C-u"}, {"-l", "set -g status-p"}, {"Tab"}, {"C-u"}, {"-l", "kill-s"}, {"Tab"}, {"Tab"}, {"Tab"}, {"Tab"},
			{"Tab"}, {"BSpace"}, {"Tab"}, {"1"},
			{"C-u"}, {"-l", "switchc -tc"}, {"Tab"}, {"Tab"}, {"0"},
			{"C-u"}, {"-l", "set -g main-p"}, {"C-a", "Tab"}, {"BSpace"}, {"C-e", "Tab"}, {"Tab"}, {"0"}, {"C-c"}},
	},
	{
		name: "a prompt longer than the status line",
		inner: [][]string{
			{"new-session", "-d", "-s", "l", "-n", "w", "-x", "40", "-y", "7", "cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "display-time", "0"},
		},
		// The input scrolls to keep the cursor on the line, at its right
		// edge, and back only as far as the cursor goes; the emacs keys
		// move the cursor and delete, a word being a run of
		// word-separators or of other characters.
		steps: [][]string{nil, {"C-b", ":"}, {"-l", "display-message one two three four five six seven"},
			{"Left", "Left", "Left"}, {"M-b"}, {"M-b", "M-b"}, {"Home"}, {"End"}, {"C-a"}, {"M-f"}, {"M-f", "M-f"},
			{"C-k"}, {"C-e"}, {"-l", " 日本語の文字 eight-nine"}, {"C-w"}, {"C-w"}, {"M-b", "M-b"}, {"Right"}, {"C-a", "Right"},
			{"C-f", "C-b"}, {"C-d"}, {"C-e", "C-t"}, {"C-u"}, {"-l", "display done"}, {"Enter"}},
	},
	{
		name: "a prompt waits for its answer",
		inner: [][]string{
			// T is the server's own binary, which a shell in its pane runs
			// as its tmux.
			{"new-session", "-d", "-s", "q", "-n", "w", "-x", "40", "-y", "7", "export T=$(readlink /proc/$PPID/exe) PS1='$ '; exec sh"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "display-time", "0"},
			{"bind", "W", "confirm-before", "display a", `\;`, "display", "b"},
			{"bind", "V", "command-prompt", "display %%", `\;`, "display", "after"},
		},
		// Without -b, confirm-before and command-prompt run from the
		// pane do not return until the prompt is answered, and then run
		// what it says; confirm-before exits 1 unless the answer was y.
		// With -b they return at once; the pane, frozen while a prompt
		// or a message shows, shows it only when they close. From a key
		// binding, the rest of the binding waits for the answer, and runs
		// after what it runs, or after a cancel.
		awaits: promptShown(2, 5, 8, 11, 15), // the steps that start a $T
		steps: [][]string{nil, {"-l", "$T confirm 'display x';echo rc=$?"}, {"Enter"}, {"n"},
			{"-l", "$T confirm 'display y';echo rc=$?"}, {"Enter"}, {"y"},
			{"-l", "$T confirm -b 'display z';echo rc=$?"}, {"Enter"}, {"y"},
			{"-l", "$T command-prompt 'display %%';echo rc=$?"}, {"Enter"}, {"-l", "hi"}, {"Enter"},
			{"-l", "clear;$T command-prompt;echo rc=$?"}, {"Enter"}, {"C-c"},
			{"C-b", "W"}, {"y"}, {"C-b", "V"}, {"C-c"}},
	},
	{
		name: "prompt paste",
		inner: [][]string{
			{"new-session", "-d", "-s", "y", "-n", "w", "-x", "40", "-y", "7", "cat"},
			{"set", "-g", "status-right", "R"},
			{"set-buffer", "pasted\ttab"},
		},
		// C-y puts in what C-w cut last, or before any the top buffer
		// up to its first control character. A prompt that takes one
		// key (confirm-before) takes the editing keys as the others do,
		// and Enter answers it with what is in it.
		steps: [][]string{nil, {"C-b", ":"}, {"C-y"}, {"-l", " one two"}, {"C-w"}, {"C-a", "C-y"}, {"C-w"}, {"C-y"}, {"C-c"},
			{"C-b", "&"}, {"Left", "C-y"}, {"Enter"}, {"C-b", ":"}, {"-l", "confirm -p ok? 'display yes'"}, {"Enter"}, {"Y"}},
	},
	{
		name: "prompts for a key or a number",
		inner: [][]string{
			{"new-session", "-d", "-s", "k", "-n", "w", "-x", "40", "-y", "7", "cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "display-time", "0"},
			{"bind", "K", "command-prompt", "-k", "-p", "key", "display 'got %%'"},
			{"bind", "N", "command-prompt", "-N", "-p", "count", "display 'n=%%'"},
			{"bind", "O", "command-prompt", "-1", "-p", "one", "display 'o=%%'"},
			{"bind", "M", "command-prompt", "-p", "a,b", "-I", "#S,x", "display '%1-%2'"},
		},
		// -k is answered by the name of any key; -N takes digits, and
		// the first other key answers and goes on to the pane; -1 by the
		// first character. With several prompts each asks in turn, its
		// input expanded; an empty answer is an answer.
		steps: [][]string{nil, {"C-b", "K"}, {"x"}, {"C-b", "K"}, {"C-Left"}, {"C-b", "K"}, {"Enter"},
			{"C-b", "N"}, {"1", "2"}, {"Left"}, {"3"}, {"z"}, {"q"},
			{"C-b", "O"}, {"Left"}, {"é"}, {"C-b", "N"}, {"C-u"},
			{"C-b", "M"}, {"Enter"}, {"-l", "y"}, {"Enter"}, {"C-b", ","}, {"C-c"}},
	},
	{
		name: "prompt completion of targets",
		inner: [][]string{
			{"new-session", "-d", "-s", "t", "-n", "w", "-x", "40", "-y", "7", "cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "display-time", "0"},
			{"new-window", "-d", "-n", "x", "cat"},
			{"new-window", "-d", "-n", "y", "cat"},
			{"new-session", "-d", "-s", "t2", "cat"},
		},
		target: "t",
		// At a prompt for a window Tab opens a menu of the session's
		// windows, whose choice is the whole input; after -t a session
		// completes, and after a session and a colon a menu of its
		// windows opens; at a prompt for a target even nothing completes.
		steps: [][]string{nil, {"C-b", "'"}, {"Tab"}, {"Down"}, {"Enter"}, {"Enter"},
			{"C-b", ":"}, {"-l", "selectw -tt:"}, {"Tab"}, {"2"}, {"C-w", "C-w"}, {"Tab"}, {"1"},
			{"C-u"}, {"-l", "selectw -t:1"}, {"Tab"}, {"C-c"},
			{"C-b", "."}, {"Tab"}, {"Tab"}, {"C-c"}, {"C-c"}},
	},
}

// promptShown awaits, at each of steps, the prompt's cursor on the status
// line, in the message style's default colours.
func promptShown(steps ...int) map[int]string {
	awaits := map[int]string{}
	for _, step := range steps {
		awaits[step] = "\x1b[7m \x1b[0m\x1b[30m\x1b[43m"
	}
	return awaits
}
