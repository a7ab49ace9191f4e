//go:build linux && !faketmux_thin

package main

// The screen cases of copy mode's styles, played with the others by
// TestScreensMatchTmux: the selection in mode-style, the search's
// matches, the current one and the mark, and the position indicator.
func init() {
	screenCases = append(screenCases, copyStyleScreenCases...)
}

var copyStyleScreenCases = []screenCase{
	{
		name: "copy mode's search matches and selections",
		inner: [][]string{
			{"new-session", "-d", "-s", "c", "-n", "w", "-x", "40", "-y", "7",
				"printf 'ab one ab.\\nx ab ab ab.\\nnothing here.\\nlast ab.\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "mode-keys", "vi"},
			{"bind", "a", "run-shell", "printf 'ab in view.\\nno.\\nab ab.\\n'"},
		},
		// A search marks every match on the view in
		// copy-mode-match-style and the one at the cursor in
		// copy-mode-current-match-style, and counts them in the position
		// indicator; with vi keys a move keeps the marks. A selection,
		// and a rectangle one, take mode-style over the marks. View mode
		// marks its matches too. Lines end in a dot: which blanks after
		// a line's end tmux writes, and which it clears, is not modelled.
		steps: [][]string{nil, {"C-b", "["}, {"?"}, {"-l", "ab"}, {"Enter"}, {"n"}, {"n"}, {"N"},
			{"Space"}, {"j"}, {"l"}, {"v"}, {"k"}, {"q"},
			{"C-b", "a"}, {"?"}, {"-l", "ab"}, {"Enter"}, {"q"}},
	},
	{
		name: "copy mode's mark and styles",
		inner: [][]string{
			{"new-session", "-d", "-s", "k", "-n", "w", "-x", "40", "-y", "7",
				"printf 'first ab.\\nsecond ab.\\nthird.\\nfourth ab.\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "mode-keys", "emacs"},
			{"set", "-g", "mode-style", "bg=blue,fg=white,bold"},
			{"set", "-g", "copy-mode-match-style", "bg=green,underscore"},
			{"set", "-g", "copy-mode-current-match-style", "fg=red,reverse"},
			{"set", "-g", "copy-mode-mark-style", "bg=colour130,fg=yellow"},
		},
		// set-mark shows the mark's line in copy-mode-mark-style, its
		// cell with the colours swapped; a selection over it is in
		// mode-style. A match on the mark's line is in the match's
		// style; searching down with emacs keys leaves the cursor after
		// the current match. An emacs move clears a search's marks, not
		// the mark. Lines end in a dot: which blanks after a line's end
		// tmux writes, and which it clears, is not modelled.
		steps: [][]string{nil, {"C-b", "["}, {"Up"}, {"Up"}, {"Right"}, {"X"}, {"Up"}, {"C-Space"}, {"Down"}, {"C-e"},
			{"C-g"}, {"C-b", ":"}, {"-l", "send -X search-forward ab"}, {"Enter"}, {"C-b", ":"}, {"-l", "send -X search-again"}, {"Enter"},
			{"Left"}, {"q"}},
	},
	{
		name: "copy mode's incremental search",
		inner: [][]string{
			{"new-session", "-d", "-s", "i", "-n", "w", "-x", "40", "-y", "7",
				"printf 'a ab abc.\\nbab ac.\\nnone.\\nabab.\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "mode-keys", "emacs"},
		},
		// C-r and C-s search as the line is typed, the window drawn as
		// it changes: each change searches again from where the search
		// started, C-r and C-s at the prompt go on to the next match,
		// and in an empty line bring the last search back. Enter keeps
		// what the search found.
		steps: [][]string{nil, {"C-b", "["}, {"C-r"}, {"-l", "a"}, {"-l", "b"}, {"C-r"}, {"C-r"}, {"BSpace"}, {"Enter"},
			{"C-s"}, {"C-s"}, {"C-s"}, {"Enter"}, {"q"}},
	},
	{
		name: "copy mode keeps the text's styles",
		inner: [][]string{
			{"new-session", "-d", "-s", "t", "-n", "w", "-x", "40", "-y", "7",
				"printf 'plain \\033[31mred \\033[1;44mbold on blue\\033[0m tail.\\n\\033[7mreverse\\033[0m on.\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "mode-keys", "vi"},
		},
		// The copy keeps the styles of the pane's text; a match or the
		// selection takes the cells it covers in its own style alone.
		steps: [][]string{nil, {"C-b", "["}, {"?"}, {"-l", "on"}, {"Enter"}, {"k"}, {"0"}, {"Space"}, {"w"}, {"w"}, {"q"}},
	},
}
