//go:build linux && !faketmux_thin

package main

// The screen cases of what a terminal tells of its focus, of the
// clipboard, and of command-prompt's -F and -i and status-keys vi, played
// with the others by TestScreensMatchTmux.
func init() {
	screenCases = append(screenCases, focusScreenCases...)
}

// focusOut and focusIn are send-keys -H's bytes of the focus reports a
// terminal sends: ESC [ O and ESC [ I.
var (
	focusOut = []string{"-H", "1b", "5b", "4f"}
	focusIn  = []string{"-H", "1b", "5b", "49"}
)

// clipboardProgram puts each line it reads in the clipboard, with OSC 52,
// and says so.
const clipboardProgram = `printf 'copy me\n'; while read x; do printf '\033]52;c;%s\007got %s\n' "$(printf %s "$x" | base64)" "$x"; done`

// outerPaste pastes the outer server's newest buffer into the inner
// client, as typed: what the inner client put in its terminal's clipboard
// (the outer server takes OSC 52 once set-clipboard is on there).
var outerPaste = []string{outerStep, "paste-buffer", "-t", "outer"}

// focusProgram asks for focus reports and echoes them (the terminal's
// echo shows ESC as ^[).
const focusProgram = "printf '\\033[?1004h'; cat"

var focusScreenCases = []screenCase{
	{
		// With focus-events on, a program that asked for focus reports
		// is told as soon as it asks (out: no client yet), then of each
		// change: the client attaching, the terminal's reports, the
		// active pane or the current window changing. The hooks keep
		// their order in @f, shown at the right of the status line.
		// With focus-events off, a change of pane tells nothing, but
		// the terminal's reports still do.
		name: "focus events",
		inner: [][]string{
			{"new-session", "-d", "-s", "f", "-n", "w", "-x", "40", "-y", "7", focusProgram, ";",
				"set", "-g", "focus-events", "on", ";",
				"split-window", "-d", "-h", "-t", "f", focusProgram, ";",
				"new-window", "-d", "-n", "x", "-t", "f", focusProgram},
			{"set", "-g", "status-right", "#{=-18:@f}"},
			{"set", "-g", "status-left", ""},
			{"set-hook", "-g", "pane-focus-in", "set -gaF @f 'i#{pane_id}'"},
			{"set-hook", "-g", "pane-focus-out", "set -gaF @f 'o#{pane_id}'"},
			{"set-hook", "-g", "client-focus-in", "set -ga @f C"},
			{"set-hook", "-g", "client-focus-out", "set -ga @f c"},
		},
		steps: [][]string{nil, focusOut, focusIn, {"C-b", "o"}, {"C-b", "o"}, {"C-b", "n"}, {"C-b", "n"},
			{"C-b", ":"}, {"-l", "set -g @f ''"}, {"Enter"}, {"C-b", ":"}, {"-l", "set -g focus-events off"}, {"Enter"},
			{"C-b", "o"}, focusOut, {"C-b", "o"}, focusIn},
	},
	{
		// A client that switches sessions takes the focus from the pane
		// it showed (no other client shows it) and gives it to the new
		// one, whatever focus-events says.
		name: "focus moving with the session",
		inner: [][]string{
			{"new-session", "-d", "-s", "f1", "-n", "w", "-x", "40", "-y", "7", focusProgram, ";",
				"new-session", "-d", "-s", "f2", "-n", "w", "-x", "40", "-y", "7", focusProgram},
			{"set", "-g", "status-right", "#{=-18:@f}"},
			{"set", "-g", "status-left", "#{session_name} "},
			{"set-hook", "-g", "pane-focus-in", "set -gaF @f 'i#{pane_id}'"},
			{"set-hook", "-g", "pane-focus-out", "set -gaF @f 'o#{pane_id}'"},
		},
		target: "f1",
		steps:  [][]string{nil, {"C-b", ")"}, {"C-b", "("}},
	},
	{
		// The clipboard through OSC 52: a program's (with set-clipboard
		// on) and copy mode's copies (on or external) go to the terminal,
		// as set-buffer -w's buffer does; refresh-client -l asks the
		// terminal for its clipboard, into a buffer or to a pane. tmux
		// learns that the outer pane takes OSC 52 from its answer to the
		// query of what terminal it is, the emulator from
		// terminal-features only: the case gives it there.
		name: "the clipboard",
		inner: [][]string{
			{"new-session", "-d", "-s", "k", "-n", "w", "-x", "40", "-y", "7", clipboardProgram},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "set-clipboard", "on"},
			{"set", "-as", "terminal-features", "tmux*:clipboard"},
			{"bind", "E", "set", "-g", "set-clipboard", "external"},
			{"bind", "F", "set", "-g", "set-clipboard", "off"},
			{"bind", "W", "set-buffer", "-w", "viaw"},
			// Copy mode copies the line above the cursor. Not in the
			// command list that enters it: tmux sends nothing to a client
			// whose window waits to be drawn whole.
			{"bind", "C", "send -X cursor-up ; send -X start-of-line ; send -X begin-selection ; " +
				"send -X end-of-line ; send -X copy-pipe-and-cancel"},
			{"bind", "L", "refresh-client", "-l"},
			{"bind", "P", "refresh-client", "-l%0"},
		},
		steps: [][]string{nil, {outerStep, "set", "-g", "set-clipboard", "on"},
			{"-l", "one"}, {"Enter"}, outerPaste, {"C-u"},
			{"C-b", "["}, {"C-b", "C"}, outerPaste, {"C-u"},
			{"C-b", "E"}, {"-l", "two"}, {"Enter"}, outerPaste, {"C-u"},
			{"C-b", "["}, {"C-b", "C"}, outerPaste, {"C-u"},
			{"C-b", "F"}, {"-l", "three"}, {"Enter"}, {"C-b", "["}, {"C-b", "C"}, outerPaste, {"C-u"},
			{"C-b", "W"}, outerPaste, {"C-u"},
			{outerStep, "set-buffer", "fromouter"}, {"C-b", "L"}, {"C-b", "]"}, {"C-u"},
			{outerStep, "set-buffer", "second"}, {"C-b", "P"}, {"C-u"}},
	},
	{
		// -F expands the template as a format when the prompt opens,
		// before the answer goes in; the prompt without -p is its first
		// word, up to a space or a comma.
		name: "command-prompt -F",
		inner: [][]string{
			{"new-session", "-d", "-s", "pf", "-n", "w", "-x", "40", "-y", "7", "cat"},
			{"set", "-g", "status-right", "#{@v}"},
			{"set", "-g", "display-time", "0"},
			{"bind", "F", "command-prompt", "-F", "#{?1,set,x} -g @v '#{session_name}:%1'"},
			{"bind", "G", "command-prompt", "#{?1,set,x} -g @v '#{session_name}:%1'"},
		},
		steps: [][]string{nil, {"C-b", "F"}, {"-l", "abc"}, {"Enter"}, {"C-b", "G"}, {"-l", "d"}, {"Enter"}},
	},
	{
		// -i runs the template at each change, with = (or - and + for
		// C-r and C-s) before the input, and once with = alone when the
		// prompt opens; C-r or C-s on an empty line brings -I's input
		// back. Moves change nothing; Enter and C-c run nothing. An
		// error shows over the prompt until a key.
		name: "command-prompt -i",
		inner: [][]string{
			{"new-session", "-d", "-s", "pi", "-n", "w", "-x", "40", "-y", "7", "cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "display-time", "0"},
			{"bind", "I", "command-prompt", "-i", "-I", "prev", "-p", "name", "rename-window '%%'"},
		},
		steps: [][]string{nil, {"C-b", "I"}, {"a"}, {"b"}, {"BSpace"}, {"Left"}, {"C-r"}, {"C-s"}, {"C-u"}, {"C-r"},
			{"x"}, {"Enter"}, {"C-b", "I"}, {"y"}, {"C-c"}},
	},
	{
		// status-keys vi: Escape goes to vi's command mode (in
		// message-command-style), whose keys move, delete and go back
		// to typing as tmux's status_prompt_translate_key has them.
		// escape-time 0 takes a lone Escape at once.
		name: "status-keys vi",
		inner: [][]string{
			{"new-session", "-d", "-s", "pv", "-n", "w", "-x", "40", "-y", "7", "cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "display-time", "0"},
			{"set", "-g", "status-keys", "vi"},
			{"set", "-s", "escape-time", "0"},
			{"set", "-g", "message-command-style", "bg=red"},
			{"set-buffer", "PASTE"},
		},
		steps: [][]string{nil, {"C-b", ":"}, {"-l", "display one two-three four"}, {"C-b"}, {"Escape"},
			{"0"}, {"w"}, {"e"}, {"w"}, {"w"}, {"W"}, {"b"}, {"B"}, {"E"}, {"$"}, {"x"}, {"X"}, {"h"}, {"D"},
			{"I"}, {"-l", "AT"}, {"Escape"}, {"A"}, {"-l", "z"}, {"Escape"}, {"p"}, {"k"}, {"j"}, {"S"}, {"-l", "display x"},
			{"Escape"}, {"Enter"}, {"z"}, {"C-b", ":"}, {"Escape"}, {"q"}},
	},
}
