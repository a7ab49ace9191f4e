//go:build linux && !faketmux_thin

package main

// The screen cases of what a terminal tells of its focus and of the
// clipboard, played with the others by TestScreensMatchTmux.
func init() {
	screenCases = append(screenCases, focusScreenCases...)
}

// focusOut and focusIn are send-keys -H's bytes of the focus reports a
// terminal sends: ESC [ O and ESC [ I.
var (
	focusOut = []string{"-H", "1b", "5b", "4f"}
	focusIn  = []string{"-H", "1b", "5b", "49"}
)

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
}
