//go:build linux && !faketmux_thin

package main

// The screen cases of display-popup's styles, its mouse and its
// resizing, played with the others by TestScreensMatchTmux.
func init() {
	screenCases = append(screenCases, popupMouseScreenCases...)
}

// popupMouseProgram is a popup's program that asks for the mouse (button
// presses, in the SGR form) and echoes what it gets.
const popupMouseProgram = "printf '\\033[?1000h\\033[?1006hready\\n'; cat"

var popupMouseScreenCases = []screenCase{
	{
		name:   "display-popup styles and borders",
		width:  50,
		height: 12,
		inner: [][]string{
			{"new-session", "-d", "-s", "s", "-n", "w", "-x", "50", "-y", "11", "printf 'under the popup\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "popup-style", "bg=blue"},
			{"set", "-g", "popup-border-style", "fg=red,bold"},
			{"set", "-g", "popup-border-lines", "heavy"},
			{"bind", "a", "display-popup", "-w", "20", "-h", "5", "-x", "1", "-y", "6", "printf 'default \\033[31mred\\033[0m\\n'; cat"},
			{"bind", "b", "display-popup", "-s", "bg=green,fg=black", "-S", "fg=yellow,bg=magenta", "-b", "simple", "-T", "#[fg=white]t",
				"-w", "40%", "-h", "50%", "-x", "C", "-y", "C", "printf 'b\\n'; cat"},
			{"bind", "c", "display-popup", "-B", "-s", "bg=red", "-w", "8", "-h", "3", "-x", "R", "-y", "S", "printf 'c\\n'; cat"},
			{"bind", "d", "display-popup", "-b", "double", "-S", "bg=cyan", "-w", "12", "-h", "4", "-x", "0", "-y", "3", "cat"},
			{"bind", "e", "display-popup", "-b", "rounded", "-w", "12", "-h", "4", "-x", "30", "-y", "10", "cat"},
			{"bind", "f", "display-popup", "-b", "padded", "-S", "bg=yellow", "-w", "12", "-h", "4", "cat"},
			{"bind", "g", "display-popup", "-b", "none", "-s", "fg=green", "-w", "12", "-h", "4", "printf 'none\\n'; cat"},
			{"bind", "h", "display-popup", "-B", "-b", "bogus", "-w", "12", "-h", "4", "cat"},
		},
		// popup-style and -s colour what the program leaves in the
		// default colours, the border's default colours too;
		// popup-border-style and -S the border (-S its colours only,
		// no attributes). Each -b and -B draws its lines; -B takes no
		// look at -b.
		steps: [][]string{nil, {"C-b", "a"}, {"C-c"}, {"C-b", "b"}, {"C-c"}, {"C-b", "c"}, {"C-c"},
			{"C-b", "d"}, {"C-c"}, {"C-b", "e"}, {"C-c"}, {"C-b", "f"}, {"C-c"}, {"C-b", "g"}, {"C-c"},
			{"C-b", "h"}, {"C-c"}},
	},
	{
		name:   "the mouse in a popup",
		width:  50,
		height: 12,
		inner: [][]string{
			{"new-session", "-d", "-s", "m", "-n", "w", "-x", "50", "-y", "11", "printf 'under the popup\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "mouse", "on"},
			{"bind", "p", "display-popup", "-x", "4", "-y", "7", "-w", "20", "-h", "6", popupMouseProgram},
			{"bind", "q", "display-popup", "-x", "4", "-y", "7", "-w", "20", "-h", "6", "printf 'deaf\\n'; cat"},
		},
		flags: "mouse: button #{mouse_button_flag} all #{mouse_all_flag} sgr #{mouse_sgr_flag}",
		// A click inside goes to the program, at its own cells, in the
		// form it asked for; one outside does nothing and the popup
		// stays. A drag of the border (its first move still on the
		// border) moves the popup, inside the terminal; a drag with
		// Meta moves it from anywhere inside. A drag with the third
		// button on the right or bottom border resizes it, its
		// program's terminal too. A program that asked for no mouse
		// gets none.
		steps: [][]string{nil, {"C-b", "p"},
			{"-l", "\x1b[<0;8;4M\x1b[<0;8;4m"},
			{"-l", "\x1b[<0;40;2M\x1b[<0;40;2m"},
			{"-l", "\x1b[<0;9;2M"}, {"-l", "\x1b[<32;10;2M"}, {"-l", "\x1b[<32;20;4M"}, {"-l", "\x1b[<0;20;4m"},
			{"-l", "\x1b[<8;22;6M"}, {"-l", "\x1b[<40;21;6M"}, {"-l", "\x1b[<40;3;3M"}, {"-l", "\x1b[<3;3;3m"},
			{"-l", "\x1b[<40;1;1M"}, {"-l", "\x1b[<40;60;30M"}, {"-l", "\x1b[<0;60;30m"},
			{"-l", "\x1b[<8;10;8M"}, {"-l", "\x1b[<40;9;7M"}, {"-l", "\x1b[<40;1;1M"}, {"-l", "\x1b[<0;1;1m"},
			{"-l", "\x1b[<2;20;5M"}, {"-l", "\x1b[<34;20;4M"}, {"-l", "\x1b[<34;15;4M"}, {"-l", "\x1b[<3;15;4m"},
			{"-l", "\x1b[<0;5;3M\x1b[<0;5;3m"},
			{"C-c"}, {"C-b", "q"}, {"-l", "\x1b[<0;8;4M\x1b[<0;8;4m"}, {"C-c"}},
	},
	{
		name:   "the popup's menu",
		width:  50,
		height: 12,
		inner: [][]string{
			{"new-session", "-d", "-s", "u", "-n", "w", "-x", "50", "-y", "11", "printf 'under the popup\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "mouse", "on"},
			{"set-buffer", "-b", "buf", "pasted"},
			{"bind", "p", "display-popup", "-x", "4", "-y", "7", "-w", "20", "-h", "6", "printf 'menu\\n'; cat"},
		},
		// The third button outside the popup, or on its left or top
		// border (not its right one), opens its menu across the
		// mouse; the item under the release is chosen: Centre centres
		// the popup, Paste pastes the newest buffer into its program.
		// A key chooses too: Fill Space makes the popup as large as
		// the terminal (its program's terminal keeping its size), and
		// Close closes it.
		steps: [][]string{nil, {"C-b", "p"},
			{"-l", "\x1b[<2;31;3M"}, {"-l", "\x1b[<34;31;8M"}, {"-l", "\x1b[<2;31;8m"},
			{"-l", "\x1b[<2;46;1M"}, {"-l", "\x1b[<34;45;3M"}, {"-l", "\x1b[<2;45;3m"},
			{"-l", "\x1b[<2;35;6M\x1b[<2;35;6m"},
			{"-l", "\x1b[<2;16;6M"}, {"F"},
			{"-l", "\x1b[<2;21;1M"}, {"q"}},
	},
	{
		name:   "a popup as the client resizes",
		width:  50,
		height: 12,
		inner: [][]string{
			{"new-session", "-d", "-s", "r", "-n", "w", "-x", "50", "-y", "11", "printf 'under the popup\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"bind", "p", "display-popup", "-x", "20", "-y", "8", "-w", "24", "-h", "7", "printf 'resized\\n'; cat"},
			{"bind", "m", "display-menu", "-x", "0", "-y", "5", "Item", "i", "set -g status-right I"},
		},
		// A popup keeps its size and place while they fit, and is
		// shrunk and moved to fit a smaller terminal; back at the
		// larger size it is as it was. A menu closes at a resize.
		steps: [][]string{nil, {"C-b", "p"},
			{outerStep, "resize-window", "-t", "outer", "-x", "40", "-y", "10"},
			{outerStep, "resize-window", "-t", "outer", "-x", "20", "-y", "5"},
			{outerStep, "resize-window", "-t", "outer", "-x", "50", "-y", "12"},
			{"C-c"}, {"C-b", "m"}, {outerStep, "resize-window", "-t", "outer", "-x", "48", "-y", "12"}, {"i"}},
	},
	{
		name:   "popups placed by the mouse and the status line",
		width:  50,
		height: 12,
		inner: [][]string{
			{"new-session", "-d", "-s", "w", "-n", "one", "-x", "50", "-y", "11", "printf 'under the popup\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "mouse", "on"},
			{"new-window", "-d", "-n", "two", "cat"},
			{"bind", "-n", "MouseDown3Pane", "display-popup", "-x", "M", "-y", "M", "-w", "10", "-h", "4", "printf 'M\\n'; cat"},
			{"bind", "-n", "MouseDown2Pane", "display-popup", "-x", "#{popup_mouse_x}", "-y", "#{popup_mouse_bottom}",
				"-w", "8", "-h", "3", "printf 'B2\\n'; cat"},
			{"bind", "a", "display-popup", "-x", "W", "-y", "W", "-w", "12", "-h", "3", "printf 'a\\n'; cat"},
			{"bind", "A", "display-popup", "-t", ":1", "-x", "W", "-y", "W", "-w", "12", "-h", "3", "printf 'A\\n'; cat"},
			{"bind", "b", "display-popup", "-x", "M", "-y", "M", "-w", "12", "-h", "3", "printf 'b\\n'; cat"},
			{"bind", "c", "set", "status-position", "top"},
		},
		// M centres a popup across the mouse of the binding's event,
		// its top at the mouse; the popup_mouse_ variables are the
		// mouse's (a row above the top wraps round, as tmux takes it
		// unsigned). W puts it above (or below) the window on the status
		// line. From a key, M is the top left.
		steps: [][]string{nil,
			{"-l", "\x1b[<2;20;3M"}, {"C-c"}, {"-l", "\x1b[<2;45;10M"}, {"C-c"},
			{"-l", "\x1b[<1;30;2M"}, {"C-c"}, {"-l", "\x1b[<1;30;9M"}, {"C-c"},
			{"C-b", "a"}, {"C-c"}, {"C-b", "A"}, {"C-c"}, {"C-b", "b"}, {"C-c"},
			{"C-b", "c"}, {"C-b", "A"}, {"C-c"}},
	},
	{
		name:   "a popup made a pane",
		width:  50,
		height: 12,
		inner: [][]string{
			{"new-session", "-d", "-s", "h", "-n", "w", "-x", "50", "-y", "11", "printf 'under the popup\\n'; cat"},
			{"set", "-g", "status-right", "#{window_panes} #{pane_width}x#{pane_height} #{history_limit}"},
			{"set", "-g", "mouse", "on"},
			{"bind", "p", "display-popup", "-x", "4", "-y", "7", "-w", "20", "-h", "6", "printf 'popped\\n'; cat"},
		},
		// The popup's menu makes its program a pane split off the
		// active one, below it (To Vertical Pane) or beside it (To
		// Horizontal Pane): the new pane has the popup's screen, and
		// none of its history limit, and is the active one.
		steps: [][]string{nil, {"C-b", "p"}, {"-l", "moved"},
			{"-l", "\x1b[<2;31;3M"}, {"-l", "\x1b[<34;31;10M"}, {"-l", "\x1b[<2;31;10m"},
			{"-l", "x"}, {"C-b", "o"}, {"C-b", "o"}, {"C-b", "p"},
			{"-l", "\x1b[<2;31;3M"}, {"-l", "\x1b[<34;31;9M"}, {"-l", "\x1b[<2;31;9m"}, {"-l", "y"}},
	},
	{
		name:   "a popup holds its binding",
		width:  50,
		height: 12,
		inner: [][]string{
			{"new-session", "-d", "-s", "b", "-n", "w", "-x", "50", "-y", "11", "printf 'under the popup\\n'; cat"},
			{"set", "-g", "status-right", "#{@after}"},
			{"bind", "p", "display-popup", "-w", "20", "-h", "5", "cat", `\;`, "set", "-ga", "@after", "A"},
			{"bind", "e", "display-popup", "-E", "-w", "20", "-h", "5", "read x", `\;`, "set", "-ga", "@after", "E"},
		},
		// The rest of a binding waits for its popup to close, by a key
		// or as its program exits with -E.
		steps: [][]string{nil, {"C-b", "p"}, {"C-c"}, {"C-b", "e"}, {"x"}, {"Enter"}},
	},
}
