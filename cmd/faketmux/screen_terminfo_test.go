//go:build linux && !faketmux_thin

package main

// The screen cases of the client's terminal, played with the others by
// TestScreensMatchTmux: what is drawn follows the terminal's terminfo
// entry, its features and terminal-overrides.
func init() {
	screenCases = append(screenCases, terminfoScreenCases...)
}

// colourSamples is a program's output in colours of every kind: the
// eight, their bright forms as foreground and background, bold, the 256
// and RGB.
const colourSamples = `printf '\033[31mred\033[0m \033[91mbright\033[0m \033[1;92mbold\033[0m \033[101mbg\033[0m\n` +
	`\033[38;5;196m196\033[0m \033[38;5;27m27\033[0m \033[48;5;226m226\033[0m \033[38;5;244m244\033[0m\n` +
	`\033[38;2;255;128;0morange\033[0m \033[48;2;0;95;135mteal\033[0m \033[38;2;130;130;130mgrey\033[0m\n'; cat`

// attributeSamples is a program's output in every attribute tmux draws,
// and underscores with colours of their own.
const attributeSamples = `printf '\033[3mital\033[0m \033[9mstrike\033[0m \033[53mover\033[0m \033[4:3mcurly\033[0m ` +
	`\033[2mdim\033[0m \033[5mblink\033[0m \033[8mhid\033[0m \033[7mrev\033[0m \033[1mbold\033[0m\n` +
	`\033[4;58;5;196mred\033[0m \033[4;58;2;0;128;255mblue\033[0m\n'; cat`

var terminfoScreenCases = []screenCase{
	{
		// Attributes go through the terminal's capabilities: this
		// xterm-256color, asked nothing and with Smulx taken away, has
		// no Smol (an overline is not drawn), no Smulx (a curly
		// underline is a plain one) and no Setulc (an underscore has the
		// text's colour).
		name:  "attributes by the terminal's capabilities",
		term:  "xterm-256color",
		width: 60, height: 6,
		inner: [][]string{
			{"new-session", "-d", "-s", "a", "-n", "w", "-x", "60", "-y", "5", attributeSamples},
			{"set", "-g", "status-right", ""},
			{"set", "-g", "terminal-overrides", `xterm-256color:XT@:clear=\E7\E[H\E[2J:Smulx@`},
		},
		steps: [][]string{nil},
	},
	{
		// Once the outer tmux has said what it is, the terminal has
		// Smol, Smulx and Setulc: the window shown next has an
		// overline, a curly underline and coloured underscores.
		name:  "attributes once the terminal is known",
		term:  "xterm-256color",
		width: 60, height: 6,
		inner: [][]string{
			{"new-session", "-d", "-s", "a", "-n", "w", "-x", "60", "-y", "5", "cat"},
			{"new-window", "-d", "-n", "x", attributeSamples},
			{"set", "-g", "status-right", ""},
		},
		steps: [][]string{nil, {"C-b", "n"}},
	},
	{
		// xterm has 8 colours. Taken as no VT100 (no XT, a clear that is
		// no CSI), tmux asks it nothing and gives it no more: the 256
		// and RGB colours are the nearest of the 8, a bright
		// foreground is bold. Without am, the last cell is left alone.
		name:  "an 8-colour terminal",
		term:  "xterm",
		width: 60, height: 6,
		inner: [][]string{
			{"new-session", "-d", "-s", "e", "-n", "w", "-x", "60", "-y", "5", colourSamples},
			{"set", "-g", "terminal-overrides", `xterm:XT@:clear=\E7\E[H\E[2J:am@`},
			{"set", "-g", "display-time", "0"},
			{"set", "-g", "status-style", "bg=colour22,fg=brightwhite"},
			{"set", "-g", "status-right", "#[fg=#ff8000]rgb #[bg=colour201]256 #[fg=brightred]bright"},
			{"bind", "f", "display-message", "#{client_termname}|#{client_termtype}|#{client_termfeatures}"},
		},
		steps: [][]string{nil, {"C-b", "f"}},
	},
	{
		// xterm-256color has 256 colours and tmux learns from the outer
		// tmux's replies that it has RGB too; the window shown once the
		// replies came is drawn with them.
		name:  "a 256-colour terminal",
		term:  "xterm-256color",
		width: 60, height: 6,
		inner: [][]string{
			{"new-session", "-d", "-s", "e", "-n", "w", "-x", "60", "-y", "5", "printf '\\033[38;5;196m196\\033[0m \\033[91mbright\\033[0m \\033[38;5;9mnine\\033[0m\\n'; cat"},
			{"new-window", "-d", "-n", "rgb", colourSamples},
			{"set", "-g", "status-right", "#[fg=colour201]256 #[fg=brightred]bright"},
			{"set", "-g", "display-time", "0"},
			{"bind", "f", "display-message", "#{client_termname}|#{client_termtype}|#{client_termfeatures}"},
		},
		steps: [][]string{nil, {"C-b", "n"}, {"C-b", "f"}},
	},
	{
		// show-messages -T lists the client's terminal, every capability
		// of tmux's table, in view mode; its first line, which names the
		// client's terminal device, is paged out of the view at once.
		name:  "show-messages -T",
		term:  "xterm-256color",
		width: 80, height: 12,
		inner: [][]string{
			{"new-session", "-d", "-s", "t", "-n", "w", "-x", "80", "-y", "11", "cat"},
			{"set", "-g", "mode-keys", "emacs"},
			{"set", "-g", "terminal-overrides", `xterm*:smacs@:colors=88:Ss=\E[%p1%d q\E[?12h`},
			{"set", "-g", "status-right", ""},
			{"bind", "t", "show-messages", "-T", `\;`, "send-keys", "-X", "page-down"},
		},
		steps: [][]string{{"C-b", "t"}, {"C-v"}, {"C-v"}, {"C-v"}, {"M-v"}, {"M->"}, {"M-v"}},
	},
	{
		// With bce, tmux clears to the right edge in a pane's own
		// background; without it (the window styles case, on screen),
		// it writes spaces there.
		name:  "a terminal with bce",
		term:  "xterm-256color",
		width: 40, height: 6,
		inner: [][]string{
			{"new-session", "-d", "-s", "b", "-n", "w", "-x", "40", "-y", "5", "printf 'left\\n'; cat"},
			{"set", "-g", "status-right", ""},
			{"set", "-g", "window-style", "bg=red"},
			{"split-window", "-h", "-t", "b", "printf 'right\\n'; cat"},
		},
		steps: [][]string{nil, {"C-b", "o"}},
	},
	{
		// A terminal whose U8 is 0 cannot take UTF-8 and its line
		// drawing set together: tmux draws the borders from that set,
		// between smacs and rmacs.
		name:  "borders in the line-drawing set",
		term:  "xterm-256color",
		width: 40, height: 6,
		inner: splitWindowWithOverrides(`xterm*:U8=0`),
		steps: [][]string{nil},
	},
	{
		// Without smacs the line-drawing set's keys go as they are, or
		// as acsc maps them.
		name:  "borders with no smacs",
		term:  "xterm-256color",
		width: 40, height: 6,
		inner: splitWindowWithOverrides(`xterm*:U8=0:smacs@:acsc=x|q-`),
		steps: [][]string{nil},
	},
	{
		// The client's -2 and -T add features, whatever the terminal
		// says: they show in client_termfeatures and in what tmux keeps
		// of the terminal (Smulx and Sync at the end of the list).
		name:    "features from the client's flags",
		term:    "xterm",
		globals: []string{"-2", "-T", "sync:usstyle"},
		width:   80, height: 12,
		inner: [][]string{
			{"new-session", "-d", "-s", "f", "-n", "w", "-x", "80", "-y", "11", "cat"},
			{"set", "-g", "status-right", ""},
			{"set", "-g", "display-time", "0"},
			{"set", "-g", "terminal-overrides", `xterm:XT@:clear=\E7\E[H\E[2J`},
			{"bind", "f", "display-message", "#{client_termfeatures}"},
			{"bind", "t", "show-messages", "-T", `\;`, "send-keys", "-X", "history-bottom"},
		},
		steps: [][]string{nil, {"C-b", "f"}, {"z"}, {"C-b", "t"}},
	},
	{
		// A menu's box and a popup's single lines are the line-drawing
		// set's too; a popup's rounded lines are not.
		name:  "menus and popups in the line-drawing set",
		term:  "xterm-256color",
		width: 40, height: 10,
		inner: [][]string{
			{"new-session", "-d", "-s", "m", "-n", "w", "-x", "40", "-y", "9", "cat"},
			{"set", "-g", "status-right", ""},
			{"set", "-g", "terminal-overrides", `xterm*:U8=0`},
			{"bind", "m", "display-menu", "-x", "1", "-y", "7", "-T", "menu", "One", "1", "", "", "", "", "Two", "2", ""},
			{"bind", "p", "display-popup", "-x", "2", "-y", "7", "-w", "12", "-h", "4", "printf 'in\\n'; cat"},
			{"bind", "r", "display-popup", "-b", "rounded", "-x", "2", "-y", "7", "-w", "12", "-h", "4", "printf 'r\\n'; cat"},
		},
		steps: [][]string{nil, {"C-b", "m"}, {"q"}, {"C-b", "p"}, {"C-c"}, {"C-b", "r"}, {"C-c"}},
	},
}

// splitWindowWithOverrides makes a window of three panes, whose borders
// meet, with terminal-overrides set to overrides.
func splitWindowWithOverrides(overrides string) [][]string {
	return [][]string{
		{"new-session", "-d", "-s", "a", "-n", "w", "-x", "40", "-y", "5", "cat"},
		{"set", "-g", "status-right", ""},
		{"set", "-g", "terminal-overrides", overrides},
		{"split-window", "-h", "-t", "a", "cat"},
		{"split-window", "-v", "-t", "a", "cat"},
	}
}
