//go:build linux && !faketmux_thin

package main

// The screen cases of the mouse, played with the others by
// TestScreensMatchTmux. The outer pane's program is the inner client, so
// the mouse's sequences typed into it with send-keys -l reach the inner
// server as a terminal's mouse would send them.
func init() {
	screenCases = append(screenCases, mouseScreenCases...)
}

// mouseFlags shows the mouse modes the inner client put its terminal in.
const mouseFlags = "mouse: standard #{mouse_standard_flag} button #{mouse_button_flag} all #{mouse_all_flag} sgr #{mouse_sgr_flag} utf8 #{mouse_utf8_flag}"

var mouseScreenCases = []screenCase{
	{
		// On a window larger than the client, the mouse is where the
		// client's view of the window is: panned right, a click at the
		// terminal's left lands in the window's middle.
		name: "the mouse on a panned window",
		inner: [][]string{
			{"new-session", "-d", "-s", "o", "-n", "w", "-x", "60", "-y", "12", "printf 'left\\n'; cat"},
			{"set", "-g", "window-size", "manual"},
			{"set", "-g", "status-right", "R"},
			{"split-window", "-h", "-t", "o", "-l", "29", "printf 'right\\n'; cat"},
			{"select-pane", "-t", "o:0.0"},
			{"bind", "l", "refresh-client", "-R", "100"},
			{"set", "-g", "mouse", "on"},
		},
		steps: [][]string{nil, {"C-b", "l"}, {"-l", "\x1b[<0;15;3M\x1b[<0;15;3m"}, {"-l", "\x1b[<0;2;3M\x1b[<0;2;3m"}},
	},
	{
		name: "the mouse",
		inner: [][]string{
			{"new-session", "-d", "-s", "m", "-n", "w", "-x", "40", "-y", "7", "printf 'left\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"split-window", "-h", "-t", "m", "printf 'right\\n'; cat"},
			{"new-window", "-d", "-n", "two", "printf 'second\\n'; cat"},
			{"set", "-g", "mouse", "on"},
		},
		flags: mouseFlags,
		steps: [][]string{nil,
			// A click selects the pane under it (SGR form), the release
			// does nothing.
			{"-l", "\x1b[<0;5;3M"}, {"-l", "\x1b[<0;5;3m"},
			// A click on a window in the status line selects it; on
			// status-left, nothing.
			{"-l", "\x1b[<0;12;8M"}, {"-l", "\x1b[<0;12;8m"}, {"-l", "\x1b[<0;2;8M\x1b[<0;2;8m"},
			{"-l", "\x1b[<0;6;8M\x1b[<0;6;8m"},
			// Dragging the border resizes the panes.
			{"-l", "\x1b[<0;21;3M"}, {"-l", "\x1b[<32;18;3M"}, {"-l", "\x1b[<32;16;4M"}, {"-l", "\x1b[<0;16;4m"},
			// The X10 form: a click and its release in the right pane.
			{"-l", "\x1b[M 8#\x1b[M#8#"},
			// The wheel up over a pane puts it in copy mode, and then
			// scrolls it; a click in the other pane selects that one.
			{"-l", "\x1b[<64;5;3M"}, {"-l", "\x1b[<64;5;3M"}, {"-l", "\x1b[<0;30;5M\x1b[<0;30;5m"},
			// The wheel down over a window in the status line is
			// next-window; over no window, nothing.
			{"-l", "\x1b[<65;6;8M"}, {"-l", "\x1b[<65;30;8M"},
			// With the mouse off, the terminal's modes go off.
			{"C-b", ":"}, {"-l", "set -g mouse off"}, {"Enter"},
		},
	},
	{
		name: "the mouse with a program that asks for it",
		inner: [][]string{
			{"new-session", "-d", "-s", "p", "-n", "w", "-x", "40", "-y", "7", "printf '\\033[?1000h\\033[?1006hready\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"split-window", "-h", "-t", "p", "printf 'plain\\n'; cat"},
		},
		flags: mouseFlags,
		// With the mouse off, the terminal takes the modes of the active
		// pane's program, and the events go to the program under the
		// mouse in the form it asked for (the terminal echoes them); a
		// program that did not ask gets none. With the mouse on, a click
		// still reaches the program (send-keys -M), in the X10 form when
		// it came so.
		steps: [][]string{nil,
			{"C-b", "o"}, {"-l", "\x1b[<0;5;3M\x1b[<0;5;3m"}, {"-l", "\x1b[<0;30;3M"},
			{"C-b", ":"}, {"-l", "set -g mouse on"}, {"Enter"},
			{"-l", "\x1b[<0;5;3M"}, {"-l", "\x1b[<0;5;3m"}, {"-l", "\x1b[M &$"},
		},
	},
	{
		name: "double and triple clicks",
		inner: [][]string{
			{"new-session", "-d", "-s", "c", "-n", "w", "-x", "40", "-y", "7", "cat"},
			{"set", "-g", "status-right", ""},
			{"set", "-g", "mouse", "on"},
			{"bind", "-n", "MouseDown1Pane", "set", "-ga", "status-right", "D"},
			{"bind", "-n", "SecondClick1Pane", "set", "-ga", "status-right", "S"},
			{"bind", "-n", "DoubleClick1Pane", "set", "-ga", "status-right", "2"},
			{"bind", "-n", "TripleClick1Pane", "set", "-ga", "status-right", "3"},
		},
		// A press within 300 milliseconds of the last is a second click,
		// and one more a triple; a second click no third followed is a
		// double click when that time is over. A press of another button
		// within it is none.
		steps: [][]string{nil,
			{"-l", "\x1b[<0;5;3M\x1b[<0;5;3m"},
			{"-l", "\x1b[<0;5;3M\x1b[<0;5;3m\x1b[<0;5;3M\x1b[<0;5;3m"},
			{"-l", "\x1b[<0;5;3M\x1b[<0;5;3m\x1b[<0;5;3M\x1b[<0;5;3m\x1b[<0;5;3M\x1b[<0;5;3m"},
			{"-l", "\x1b[<0;5;3M\x1b[<0;5;3m\x1b[<1;5;3M\x1b[<1;5;3m"},
		},
	},
	{
		name: "selecting with the mouse",
		inner: [][]string{
			{"new-session", "-d", "-s", "d", "-n", "w", "-x", "40", "-y", "7", "printf 'hello world\\nsecond line\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "mouse", "on"},
			{"set", "-g", "mode-keys", "emacs"},
		},
		// A drag in a pane puts it in copy mode and selects from where
		// the drag started to where the mouse is; the release copies the
		// selection and leaves the mode, and C-b ] pastes it. In copy
		// mode a new drag starts a new selection.
		steps: [][]string{nil,
			{"-l", "\x1b[<0;3;1M"}, {"-l", "\x1b[<32;5;1M"}, {"-l", "\x1b[<32;4;2M"}, {"-l", "\x1b[<0;4;2m"},
			{"C-b", "]"},
			{"-l", "\x1b[<64;3;1M"}, {"-l", "\x1b[<0;7;1M\x1b[<32;9;1M"}, {"-l", "\x1b[<32;11;1M"}, {"-l", "\x1b[<0;11;1m"},
			{"C-b", "]"},
		},
	},
	{
		name: "the mouse in the modes",
		inner: [][]string{
			{"new-session", "-d", "-s", "a", "-n", "w", "-x", "40", "-y", "7", "printf 'in a\\n'; cat"},
			{"new-session", "-d", "-s", "b", "-n", "v", "printf 'in b\\n'; cat"},
			{"new-session", "-d", "-s", "c", "-n", "u", "printf 'in c\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "mouse", "on"},
		},
		target: "a",
		clock:  "2026-03-04 10:20:00",
		// A click in choose-tree's list makes its line the current one,
		// and a double click chooses it; a click leaves the clock, on
		// the status line too, where no binding takes the press and it
		// goes to the active pane.
		steps: [][]string{nil,
			{"C-b", "s"}, {"-l", "\x1b[<0;5;3M\x1b[<0;5;3m"}, {"-l", "\x1b[<0;5;2M\x1b[<0;5;2m\x1b[<0;5;2M\x1b[<0;5;2m"},
			{"C-b", "t"}, {"-l", "\x1b[<0;5;3M\x1b[<0;5;3m"},
			{"C-b", "t"}, {"-l", "\x1b[<0;30;8M"},
		},
	},
	{
		name: "the mouse on a menu",
		inner: [][]string{
			{"new-session", "-d", "-s", "m", "-n", "w", "-x", "40", "-y", "7", "printf 'under the menu\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "mouse", "on"},
			{"bind", "m", "display-menu", "-x", "3", "-y", "6", "First", "f", "set -g status-right first", "Second", "s", "set -g status-right second"},
			{"bind", "-n", "MouseDown3Pane", "display-menu", "-x", "3", "-y", "6", "First", "f", "set -g status-right first", "Second", "s", "set -g status-right second"},
		},
		flags: mouseFlags,
		// A menu the keyboard opened leaves the first button's press
		// alone and closes at its release. One the mouse opened takes the
		// mouse: the item under the mouse is chosen as it moves, and run
		// at the release; a release outside the items closes it.
		steps: [][]string{nil,
			{"C-b", "m"}, {"-l", "\x1b[<0;8;5M"}, {"-l", "\x1b[<0;8;5m"},
			{"-l", "\x1b[<2;20;2M"}, {"-l", "\x1b[<34;8;5M"}, {"-l", "\x1b[<2;8;5m"},
			{"-l", "\x1b[<2;20;2M"}, {"-l", "\x1b[<34;8;4M"}, {"-l", "\x1b[<34;30;4M"}, {"-l", "\x1b[<2;30;4m"},
		},
	},
}
