package faketmux

// modeFormat shows a pane's modes and copy mode's variables.
const modeFormat = "#{pane_in_mode} #{pane_mode} cx=#{copy_cursor_x} cy=#{copy_cursor_y} sp=#{scroll_position} " +
	"sel=#{selection_present} #{selection_start_x},#{selection_start_y}-#{selection_end_x},#{selection_end_y} " +
	"srch=#{search_present} line=[#{copy_cursor_line}] word=[#{copy_cursor_word}]"

// shown is a command line on pane m, then display-message showing its
// modes and copy mode's variables.
func shown(args ...string) step {
	return cmd(append(args, ";", "display-message", "-p", "-t", "m", modeFormat)...)
}

// The differential cases of the pane modes, with no client attached:
// tmux's stack of modes, and copy mode's cursor, selection and copies on
// a screen a program drew (seven lines on six rows: one in the history).
var _ = differentialCases("mode", []scenario{
	{name: "mode stack", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-x", "30", "-y", "6", "printf 'l1 alpha\\nl2 beta-gamma\\nl3\\nl4\\nl5\\nl6\\nl7 last'; sleep 1000"),
		cmd("capture-pane", "-p", "-t", "m").waitFor("l7 last"),
		cmd("display-message", "-p", "-t", "m", modeFormat),
		cmd("send-keys", "-X", "-t", "m", "cancel"),
		cmd("send-keys", "-N", "2", "-X", "-t", "m", "cancel"),
		shown("clock-mode", "-t", "m"),
		cmd("send-keys", "-X", "-t", "m", "cancel"),
		cmd("send-keys", "-N", "2", "-t", "m"),
		shown("copy-mode", "-t", "m"),
		shown("choose-buffer", "-t", "m"),
		shown("set-buffer", "x", ";", "choose-buffer", "-t", "m"),
		shown("choose-tree", "-t", "m"),
		shown("choose-client", "-t", "m"),
		shown("customize-mode", "-t", "m"),
		shown("find-window", "-t", "m", "l3"),
		cmd("send-keys", "-X", "-t", "m", "cancel"),
		shown("copy-mode", "-e", "-t", "m"),
		shown("send-keys", "-X", "-t", "m", "cancel"),
		// Keys: q leaves a chooser at once, the rest of the keys going to
		// the mode below; any key leaves clock mode.
		shown("send-keys", "-t", "m", "q", "x"),
		shown("copy-mode", "-M", "-t", "m"),
		shown("copy-mode", "-H", "-t", "m"),
		cmd("copy-mode", "-s", "nope", "-t", "m"),
		cmd("copy-mode", "-t", "nope"),
		cmd("send-keys", "-X", "-t", "m", "nosuch", ";", "send-keys", "-X", "-t", "m", "cancel", "extra"),
		cmd("display-message", "-p", "-t", "m", modeFormat),
		shown("copy-mode", "-q", "-t", "m"),
		cmd("send-keys", "-X", "-t", "m", "cancel"),
		shown("clock-mode", "-t", "m", ";", "send-keys", "-t", "m", "z"),
		shown("copy-mode", "-t", "m", ";", "send-keys", "-t", "m", "C-c", "x"),
		shown("copy-mode", "-u", "-t", "m"),
		cmd("capture-pane", "-p", "-t", "m"),
		shown("clear-history", "-t", "m"),
	}},
	{name: "copy mode moves and copies", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-x", "30", "-y", "6", "printf 'l1 alpha\\nl2 beta-gamma\\nl3\\nl4\\nl5\\nl6 é中x\\nl7 last'; sleep 1000"),
		cmd("capture-pane", "-p", "-t", "m").waitFor("l7 last"),
		cmd("copy-mode", "-t", "m"),
		shown("send-keys", "-X", "-t", "m", "cursor-up"),
		shown("send-keys", "-X", "-t", "m", "cursor-right"),
		shown("send-keys", "-X", "-t", "m", "start-of-line"),
		shown("send-keys", "-X", "-t", "m", "begin-selection"),
		shown("send-keys", "-X", "-N", "4", "-t", "m", "cursor-right"),
		shown("send-keys", "-X", "-t", "m", "copy-selection"),
		cmd("list-buffers"),
		shown("send-keys", "-X", "-N", "3", "-t", "m", "cursor-up"),
		shown("send-keys", "-X", "-t", "m", "end-of-line"),
		shown("send-keys", "-X", "-t", "m", "begin-selection", ";", "send-keys", "-X", "-t", "m", "cursor-down"),
		shown("send-keys", "-X", "-t", "m", "cursor-left", ";", "send-keys", "-X", "-t", "m", "cursor-left"),
		shown("send-keys", "-X", "-t", "m", "copy-selection-no-clear", "pfx"),
		shown("send-keys", "-X", "-t", "m", "other-end"),
		shown("send-keys", "-X", "-t", "m", "clear-selection"),
		shown("send-keys", "-X", "-t", "m", "page-up"),
		shown("send-keys", "-X", "-t", "m", "history-top"),
		shown("send-keys", "-X", "-t", "m", "cursor-up"),
		shown("send-keys", "-X", "-t", "m", "select-line"),
		shown("send-keys", "-X", "-t", "m", "cursor-down"),
		shown("send-keys", "-X", "-t", "m", "copy-pipe"),
		shown("send-keys", "-X", "-t", "m", "history-bottom"),
		shown("send-keys", "-X", "-t", "m", "halfpage-up"),
		shown("send-keys", "-X", "-t", "m", "scroll-down"),
		shown("send-keys", "-X", "-t", "m", "scroll-up"),
		shown("send-keys", "-X", "-t", "m", "page-down"),
		shown("send-keys", "-X", "-N", "2", "-t", "m", "cursor-up", ";", "send-keys", "-X", "-t", "m", "start-of-line"),
		shown("send-keys", "-t", "m", "C-Space", "C-e", "M-w"),
		cmd("list-buffers", "-F", "#{buffer_name}: #{buffer_sample}"),
		cmd("copy-mode", "-t", "m", ";", "send-keys", "-X", "-t", "m", "start-of-line", ";", "send-keys", "-X", "-t", "m", "begin-selection"),
		shown("send-keys", "-X", "-t", "m", "end-of-line", ";", "send-keys", "-X", "-t", "m", "copy-selection-and-cancel"),
		shown("copy-mode", "-e", "-t", "m", ";", "send-keys", "-X", "-t", "m", "page-up", ";", "send-keys", "-X", "-t", "m", "page-down"),
		cmd("list-buffers", "-F", "#{buffer_name}: #{buffer_sample}"),
	}},
	{name: "copy mode searches", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-x", "30", "-y", "5",
			"printf 'foo one\\nbar Foo\\nbaz foo\\nqux\\nfoo bar foo\\nend a.b\\nlast'; sleep 1000"),
		cmd("capture-pane", "-p", "-t", "m").waitFor("last"),
		cmd("copy-mode", "-t", "m"),
		shown("send-keys", "-X", "-t", "m", "search-backward", "foo"),
		shown("send-keys", "-X", "-t", "m", "search-again"),
		shown("send-keys", "-X", "-t", "m", "search-again"),
		shown("send-keys", "-X", "-t", "m", "search-reverse"),
		shown("send-keys", "-X", "-N", "2", "-t", "m", "search-again"),
		shown("send-keys", "-X", "-t", "m", "search-forward", "Foo"),
		shown("send-keys", "-X", "-t", "m", "search-forward", "Foo"),
		shown("send-keys", "-X", "-t", "m", "search-forward-text", "a.b"),
		shown("send-keys", "-X", "-t", "m", "search-backward", "ba[rz]"),
		shown("send-keys", "-X", "-t", "m", "search-backward", "nothere"),
		shown("send-keys", "-X", "-t", "m", "cursor-left"),
		shown("send-keys", "-X", "-t", "m", "search-forward", ""),
		shown("send-keys", "-FX", "-t", "m", "search-backward", "#{session_name}"),
		shown("send-keys", "-X", "-t", "m", "search-forward-incremental", "+qu"),
		shown("send-keys", "-X", "-t", "m", "search-forward-incremental", "+qux"),
		shown("send-keys", "-X", "-t", "m", "search-backward-incremental", "=one"),
		shown("send-keys", "-X", "-t", "m", "search-backward-incremental", "-x"),
		shown("send-keys", "-X", "-t", "m", "copy-selection-no-clear"),
		shown("send-keys", "-X", "-t", "m", "cancel", ";", "copy-mode", "-t", "m", ";", "send-keys", "-X", "-t", "m", "search-again"),
		shown("send-keys", "-t", "m", "C-g"),
		cmd("list-buffers"),
	}},
})
