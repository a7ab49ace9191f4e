package faketmux

import (
	"fmt"
	"regexp"
	"strings"
)

// The differential cases of the pane commands, with real programs in the
// panes.
var _ = differentialCases("pane", []scenario{
	// Pastes and keys reach real programs. "rec" records every byte it is
	// given in raw mode, with bracketed paste on, in a file; "cat" echoes
	// in the terminal's cooked mode, so the screen shows what the line
	// discipline made of the input. Each waits for its program to be ready
	// before typing, and for the marker it ends with before comparing.
	{name: "pastes and keys into programs", ownDirs: true, steps: []step{
		cmd("new-session", "-d", "-s", "p", "-n", "rec", "-x", "40", "-y", "8",
			`sh -c 'printf "\033[?2004h"; stty raw -echo; echo ready; exec cat > out'`),
		cmd("capture-pane", "-p", "-t", "p:rec").waitFor("ready"),
		cmd("set-buffer", "-b", "b", "l1\nl2\n"),
		cmd("paste-buffer", "-b", "b", "-t", "p:rec"),
		cmd("paste-buffer", "-p", "-b", "b", "-t", "p:rec"),
		cmd("paste-buffer", "-p", "-r", "-b", "b", "-t", "p:rec"),
		cmd("paste-buffer", "-s", "XX", "-b", "b", "-t", "p:rec"),
		cmd("paste-buffer", "-p", "-s", "", "-b", "b", "-t", "p:rec"),
		cmd("paste-buffer", "-d", "-b", "b", "-t", "p:rec", ";", "list-buffers"),
		cmd("load-buffer", "-b", "bin", "-").in(binary),
		cmd("paste-buffer", "-p", "-b", "bin", "-t", "p:rec"),
		cmd("set-buffer", "top\n", ";", "paste-buffer", "-t", "p:rec"),
		cmd("send-keys", "-t", "p:rec", "Enter", "C-c", "-l", "C-c", "Tab", "Escape", "Up", "F1", "END", "é", "M-a"),
		cmd("send-keys", "-t", "p:rec", "-l", "Enter", "C-c"),
		// Input off: keys and pastes are dropped, and paste -d still
		// deletes its buffer.
		cmd("select-pane", "-d", "-t", "p:rec", ";", "send-keys", "-t", "p:rec", "-l", "dropped"),
		cmd("set-buffer", "-b", "gone", "pasted while off", ";", "paste-buffer", "-d", "-b", "gone", "-t", "p:rec"),
		cmd("list-buffers", "-F", "#{buffer_name}", ";", "select-pane", "-e", "-t", "p:rec"),
		cmd("send-keys", "-t", "p:rec", "-l", "@@done@@"),
		fileOf("out", "@@done@@"),
		cmd("new-window", "-d", "-t", "p", "-n", "cat", "cat"),
		cmd("send-keys", "-t", "p:cat", "-l", "typed"),
		cmd("capture-pane", "-p", "-t", "p:cat").waitFor("typed"),
		cmd("send-keys", "-t", "p:cat", "Enter"),
		cmd("capture-pane", "-p", "-t", "p:cat").waitFor("typed\ntyped\n"),
		// One line at a time: the terminal echoes a whole paste before
		// cat gets to print any of it back.
		cmd("set-buffer", "-b", "one", "hello world\n"),
		cmd("paste-buffer", "-b", "one", "-t", "p:cat"),
		cmd("capture-pane", "-p", "-t", "p:cat").waitFor("hello world\nhello world\n"),
		cmd("set-buffer", "-b", "two", "hello\nworld\n"),
		cmd("paste-buffer", "-r", "-s", "+", "-b", "two", "-t", "p:cat"),
		cmd("send-keys", "-t", "p:cat", "Enter"),
		cmd("capture-pane", "-p", "-t", "p:cat").waitFor("hello+world+\nhello+world+\n"),
		// cat never asked for bracketed paste: -p adds no markers.
		cmd("paste-buffer", "-p", "-b", "one", "-t", "p:cat"),
		cmd("capture-pane", "-p", "-t", "p:cat").waitFor("hello+world+\nhello+world+\nhello world\nhello world\n"),
		// Pastes without a newline: nothing reaches cat, and so nothing
		// races the echo, until Enter.
		cmd("new-window", "-d", "-t", "p", "-n", "bp", `sh -c 'printf "\033[?2004hon\n"; exec cat'`),
		cmd("capture-pane", "-p", "-t", "p:bp").waitFor("on"),
		cmd("set-buffer", "-b", "word", "pasted"),
		cmd("paste-buffer", "-p", "-b", "word", "-t", "p:bp"),
		cmd("capture-pane", "-p", "-t", "p:bp").waitFor("[201~"),
		cmd("send-keys", "-t", "p:bp", "Enter"),
		cmd("capture-pane", "-p", "-t", "p:bp").waitFor("\npasted\n"),
		cmd("new-window", "-d", "-t", "p", "-n", "env",
			`sh -c 'echo "$TERM $TERM_PROGRAM $TERM_PROGRAM_VERSION $TMUX_PANE"; stty size; exec cat'`),
		cmd("capture-pane", "-p", "-t", "p:env").waitFor("8 40"),
		cmd("send-keys", "-t", "p:cat", "C-c"),
		cmd("list-windows", "-t", "p", "-F", "#{window_name}").waitGone("cat"),
	}},
	// A shell driven as clients drive one: type a command, press Enter,
	// read the screen; interrupt a program with C-c.
	{name: "a shell", steps: []step{
		cmd("new-session", "-d", "-s", "sh", "-x", "40", "-y", "6", "-e", "ENV=shrc", "sh"),
		cmd("capture-pane", "-p", "-t", "sh").waitFor(">"),
		cmd("send-keys", "-t", "sh", "echo hi; printf 'a\\tb\\n'", "Enter"),
		cmd("capture-pane", "-p", "-t", "sh").waitFor("a       b\n>\n"),
		// The child says when it has its own signal dispositions: a C-c
		// sent earlier can reach it between fork and exec, where the
		// shell's handler is still in place, and leave sleep running.
		cmd("send-keys", "-t", "sh", "sh -c 'echo started; exec sleep 100'", "Enter"),
		cmd("capture-pane", "-p", "-t", "sh").waitFor("\nstarted\n"),
		cmd("send-keys", "-t", "sh", "C-c"),
		cmd("capture-pane", "-p", "-t", "sh").waitFor("^C\n>\n"),
		cmd("set-buffer", "-b", "line", "echo pasted\n"),
		cmd("paste-buffer", "-b", "line", "-t", "sh"),
		cmd("capture-pane", "-p", "-t", "sh").waitFor("\npasted\n>\n"),
	}},
	{name: "capture and pane lists", steps: []step{
		cmd("new-session", "-d", "-s", "c", "-n", "w", "-x", "30", "-y", "5", `sh -c 'printf "one\ntwo  \n"; exec cat'`),
		cmd("capture-pane", "-p", "-t", "c").waitFor("two"),
		cmd("capture-pane", "-t", "c", "-b", "cap", ";", "show-buffer", "-b", "cap"),
		cmd("capture-pane", "-t", "c", ";", "list-buffers", "-F", "#{buffer_name} #{buffer_size}"),
		cmd("split-window", "-h", "-d", "-t", "c", "sleep 1000"),
		cmd("capture-pane", "-p", "-t", "c").waitFor("two"),
		cmd("list-panes", "-a", "-F", "#{session_name}:#{window_index}.#{pane_index} #{pane_id}", "-f", "#{pane_active}"),
		cmd("send-keys", "-t", "c:w.9", "x"),
		cmd("capture-pane", "-p", "-t", "nope"),
		cmd("display-message", "-p", "-t", "c:w.1", "#{pane_width} #{pane_left}"),
		cmd("display-message", "-t", "c", "hello"),
	}},
	{name: "selecting panes by direction", steps: func() []step {
		const short = "#{pane_id} #{pane_active}#{pane_last} #{pane_input_off}"
		list := []string{";", "list-panes", "-t", "d", "-F", short}
		sel := func(args ...string) step { return cmd(append(append([]string{"select-pane"}, args...), list...)...) }
		id := []string{";", "display-message", "-p", "-t", "d", "#{pane_id} #{pane_last}"}
		move := func(args ...string) step { return cmd(append(append([]string{"select-pane"}, args...), id...)...) }
		return []step{
			cmd("new-session", "-d", "-s", "d", "-x", "80", "-y", "24", "sleep 1000"),
			// A single pane has no neighbour, so the rest of the command
			// does nothing either.
			sel("-L", "-t", "d"),
			sel("-R", "-d", "-t", "d"),
			sel("-U", "-T", "title", "-t", "d"),
			cmd("select-pane", "-D", "-t", "d", ";", "list-panes", "-t", "d", "-F", "#{pane_id} #{pane_title}"),
			// One pane on the left, two stacked on the right.
			cmd("split-window", "-h", "-t", "d", "sleep 1000", ";", "split-window", "-v", "-t", "d", "sleep 1000",
				";", "list-panes", "-t", "d", "-F", panesFormat),
			// Of the two on the right, the one active last wins.
			sel("-t", "d.0", ";", "select-pane", "-R", "-t", "d"),
			sel("-t", "d.1", ";", "select-pane", "-t", "d.0", ";", "select-pane", "-R", "-t", "d"),
			// Wrapping round at each edge.
			move("-R", "-t", "d"),
			move("-L", "-t", "d"),
			move("-L", "-t", "d"),
			move("-U", "-t", "d"),
			move("-U", "-t", "d"),
			move("-D", "-t", "d"),
			move("-D", "-t", "d"),
			cmd("last-pane", "-t", "d", ";", "list-panes", "-t", "d", "-F", short),
			// The direction picks the pane, then -d, -e or -T apply to it;
			// -T is expanded for the target all the same.
			sel("-t", "d.0", "-R", "-d"),
			sel("-t", "d.0", "-R", "-e"),
			cmd("select-pane", "-t", "d.0", "-R", "-T", "x#{pane_id}", ";", "list-panes", "-t", "d", "-F", "#{pane_id} #{pane_title} #{pane_active}"),
			sel("-t", "d.0", "-R", "-Z"),
			// Finding the active pane changes nothing, not even the last.
			sel("-t", "d.2", ";", "select-pane", "-t", "d.1", ";", "select-pane", "-t", "d.0", "-R"),
			// The first direction of -L -R -U -D counts; -l beats them.
			move("-t", "d.1", "-D", "-L"),
			move("-R", "-U", "-t", "d"),
			move("-R", "-l", "-t", "d"),
			// Rows split at different columns: a pane whose edge meets the
			// border cell beside a pane counts as touching it.
			cmd("new-window", "-t", "d", "sleep 1000", ";", "split-window", "-v", "-t", "d", "sleep 1000",
				";", "select-pane", "-t", "%3", ";", "split-window", "-h", "-l", "40", "-t", "d", "sleep 1000",
				";", "split-window", "-h", "-l", "39", "-t", "%4", "sleep 1000", ";", "list-panes", "-t", "d", "-F", panesFormat),
			move("-t", "%5", ";", "select-pane", "-t", "%4", ";", "select-pane", "-U", "-t", "d"),
			move("-t", "%3", ";", "select-pane", "-t", "%4", ";", "select-pane", "-U", "-t", "d"),
			move("-D", "-t", "d"),
			move("-t", "%5", ";", "select-pane", "-D", "-t", "d"),
			move("-D", "-t", "d"),
			move("-L", "-t", "d"),
			move("-L", "-t", "d"),
			move("-U", "-t", "d"),
			// Panes never active tie, and the first in pane order wins.
			cmd("new-window", "-t", "d", "sleep 1000", ";", "split-window", "-h", "-d", "-t", "d", "sleep 1000",
				";", "split-window", "-h", "-d", "-t", "d", "sleep 1000", ";", "split-window", "-v", "-d", "-t", "d.1", "sleep 1000",
				";", "list-panes", "-t", "d", "-F", panesFormat),
			move("-R", "-t", "d"),
			move("-R", "-t", "d"),
			move("-R", "-t", "d"),
			move("-L", "-t", "d"),
			// A pane that kill-pane makes active has not become active for
			// choosing among neighbours: the other one on the right wins.
			cmd("new-window", "-t", "d", "sleep 1000", ";", "split-window", "-h", "-t", "d", "sleep 1000",
				";", "split-window", "-v", "-t", "d", "sleep 1000", ";", "split-window", "-v", "-t", "d", "sleep 1000",
				";", "split-window", "-v", "-t", "d", "sleep 1000", ";", "list-panes", "-t", "d", "-F", panesFormat),
			sel("-t", "d.1", ";", "select-pane", "-t", "d.4", ";", "select-pane", "-t", "d.3",
				";", "kill-pane", "-t", "d.4", ";", "kill-pane", "-t", "d.3"),
			sel("-t", "d.0", ";", "select-pane", "-R", "-t", "d"),
			// Stacked panes, several below one full-width pane.
			cmd("new-window", "-t", "d", "sleep 1000", ";", "split-window", "-v", "-t", "d", "sleep 1000",
				";", "split-window", "-h", "-t", "d", "sleep 1000", ";", "split-window", "-h", "-t", "d", "sleep 1000",
				";", "list-panes", "-t", "d", "-F", panesFormat),
			sel("-t", "d.1", ";", "select-pane", "-t", "d.0", ";", "select-pane", "-D", "-t", "d"),
			sel("-t", "d.0", ";", "select-pane", "-U", "-t", "d"),
			sel("-R", "-t", "d", ";", "select-pane", "-R", "-t", "d", ";", "select-pane", "-R", "-t", "d"),
			sel("-U", "-t", "d", ";", "select-pane", "-D", "-t", "d"),
		}
	}()},
	{name: "history", steps: historySteps()},
	{name: "capture flags", steps: captureFlagSteps()},
	{name: "shells' argv[0]", ownDirs: true, steps: []step{
		// A shell command runs with the shell's base name as $0, and the
		// shell alone as a login shell, "-sh".
		cmd("new-session", "-d", "-s", "a", "-n", "w", "-x", "40", "-y", "5", `echo "[$0]"; exec sleep 1000`),
		cmd("capture-pane", "-p").waitFor("]"),
		cmd("set-option", "-g", "default-shell", "/bin/sh", ";", "new-window", "-d", "-n", "login"),
		cmd("send-keys", "-t", ":login", `echo "[$0]" > argv0`, "Enter"),
		fileOf("argv0", "]"),
	}},
	// A directory the program cannot enter: -c "~" is a relative path to
	// tmux (the client's directory, then "/~"), like one that is gone.
	// tmux 3.3a's child tests the home directory but never enters it, so
	// the program runs in the server's directory, the first client's,
	// with PWD the home (here <work>, which holds the sides' own
	// directories). awk shows both: $PWD as it got it, and the
	// directory its shell child runs in.
	{name: "a directory a pane cannot enter", ownDirs: true, steps: []step{
		cmd("new-session", "-d", "-s", "c", "-n", "w", "-x", "200", "-y", "5", "sleep 1000"),
		cmd("new-window", "-d", "-n", "tilde", "-c", "~", "awk", `BEGIN { print "[" ENVIRON["PWD"] "]"; system("printf 'cwd '; pwd -P; exec sleep 1000") }`),
		cmd("capture-pane", "-p", "-t", ":tilde").waitFor("cwd /"),
		cmd("new-window", "-d", "-n", "gone", "-c", "/nonexistent/dir", "awk", `BEGIN { print "[" ENVIRON["PWD"] "]"; system("printf 'cwd '; pwd -P; exec sleep 1000") }`),
		cmd("capture-pane", "-p", "-t", ":gone").waitFor("cwd /"),
		cmd("list-panes", "-a", "-F", "#{window_name} #{pane_current_path}"),
	}},
	// Where a new pane starts (pane_start_path), as spawn_pane has it:
	// without -c in the client's directory when the client is attached
	// to no session (a command line's is not), else the session's; a -c
	// that is relative after its formats, from there; new-session's own
	// directory is its -c as given.
	{name: "a new pane's directory", steps: []step{
		cmd("new-session", "-d", "-s", "d", "-n", "w", "-c", "/", "sleep 1000"),
		cmd("split-window", "-d", "-t", "d:w", "sleep 1000"),
		cmd("new-window", "-d", "-t", "d", "-n", "n", "sleep 1000"),
		cmd("split-window", "-d", "-t", "d:w", "-c", ".", "sleep 1000"),
		cmd("new-window", "-d", "-t", "d", "-n", "rel", "-c", "x#{session_name}", "sleep 1000"),
		cmd("respawn-pane", "-k", "-t", "d:w.0", "-c", "..", "sleep 1000"),
		cmd("respawn-pane", "-k", "-t", "d:n.0", "sleep 1000"),
		cmd("new-session", "-d", "-s", "e", "-n", "w", "-c", "rel", "sleep 1000"),
		cmd("new-session", "-d", "-s", "f", "-n", "w", "sleep 1000"),
		cmd("list-panes", "-a", "-F", "#{session_name}:#{window_name}.#{pane_index} [#{pane_start_path}] [#{session_path}]"),
	}},
	// alternate-screen and scroll-on-clear, read as the program's output
	// is drawn: off, a program cannot switch to the alternate screen,
	// and clearing the whole screen (ED 2, or ED 0 from its first cell)
	// scrolls nothing into the history.
	{name: "alternate-screen and scroll-on-clear", steps: []step{
		cmd("new-session", "-d", "-s", "A", "-n", "w", "-x", "30", "-y", "5", "sleep 1000"),
		cmd("set-option", "-w", "-t", "A", "alternate-screen", "off", ";", "set-option", "-w", "-t", "A", "scroll-on-clear", "off", ";",
			"respawn-pane", "-k", "-t", "A", "printf 'one\\ntwo\\nthree\\n\\033[2J\\033[Hx\\n\\033[H\\033[Jy\\033[?1049hz@@a@@'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-S", "-", "-t", "A").waitFor("@@a@@"),
		cmd("display-message", "-p", "-t", "A", "#{alternate_on} #{history_size}"),
		cmd("set-option", "-w", "-t", "A", "-u", "alternate-screen", ";", "set-option", "-p", "-t", "A", "scroll-on-clear", "on", ";",
			"respawn-pane", "-k", "-t", "A", "printf 'one\\ntwo\\nthree\\n\\033[2J\\033[Hx\\n\\033[H\\033[Jy\\033[?1049hz@@b@@'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-S", "-", "-t", "A").waitFor("@@b@@"),
		cmd("display-message", "-p", "-t", "A", "#{alternate_on} #{history_size}"),
		cmd("capture-pane", "-p", "-a", "-t", "A"),
	}},
	{name: "pane facts", steps: []step{
		cmd("new-session", "-d", "-s", "f", "-n", "w", "-x", "40", "-y", "10", "-c", "/",
			`sh -c 'printf "abc\ndefgh"; read x; printf "\033[?1049h\033[HXY\033[3;5H"; read x; printf "\033[?1049l"; exec sleep 1000'`),
		cmd("capture-pane", "-p").waitFor("defgh"),
		cmd("display-message", "-p", "#{cursor_x},#{cursor_y} #{alternate_on} #{pane_start_path} [#{pane_tty}] #{history_bytes}").normalise(normTTY),
		cmd("send-keys", "Enter"),
		cmd("capture-pane", "-p").waitFor("XY"),
		cmd("display-message", "-p", "#{cursor_x},#{cursor_y} #{alternate_on}"),
		cmd("send-keys", "Enter"),
		cmd("capture-pane", "-p").waitFor("defgh"),
		cmd("display-message", "-p", "#{cursor_x},#{cursor_y} #{alternate_on}"),
		// history_bytes counts the cells each line holds: a quarter, half
		// or all of the width.
		cmd("new-window", "-d", "-n", "bytes", `printf '%s\n' 1234567890 12345678901 123456789012345678901 1234567890123456789012345678901234567890; exec sleep 1000`),
		cmd("capture-pane", "-p", "-t", ":bytes").waitFor("1234567890123456789012345678901234567890"),
		cmd("list-panes", "-t", ":bytes", "-F", "#{history_size} #{history_bytes}"),
		cmd("list-panes", "-F", "#{history_size} #{history_bytes}"),
		// resize-pane -T brings back as much history as there are rows
		// below the cursor.
		cmd("new-window", "-d", "-n", "trim", `seq 1 15; printf '\033[H\033[2J'; printf 'top\n'; exec sleep 1000`),
		cmd("capture-pane", "-p", "-t", ":trim").waitFor("top"),
		cmd("resize-pane", "-T", "-t", ":trim", ";", "capture-pane", "-p", "-S", "-", "-t", ":trim", ";",
			"display-message", "-p", "-t", ":trim", "#{history_size} #{cursor_x},#{cursor_y}"),
		cmd("resize-pane", "-T", "-t", ":trim", ";", "display-message", "-p", "-t", ":trim", "#{history_size} #{cursor_x},#{cursor_y}"),
		// Tab stops are every eight columns.
		cmd("split-window", "-h", "-d", "sleep 1000", ";", "list-panes", "-F", "#{pane_width} [#{pane_tabs}]"),
		cmd("new-session", "-d", "-s", "narrow", "-x", "8", "-y", "3", "sleep 1000", ";", "display-message", "-p", "-t", "narrow", "[#{pane_tabs}]"),
	}},
	{name: "marks and pane styles", steps: func() []step {
		const marks = "#{session_name}:#{window_index}.#{pane_index} #{pane_id} #{pane_marked} #{pane_marked_set} #{window_marked_flag} [#{window_flags}] #{session_marked}"
		lsp := cmd("list-panes", "-a", "-F", marks)
		return []step{
			// Programs that print nothing, so that list-panes' history
			// bytes do not depend on how far a shell has drawn its prompt.
			cmd("new-session", "-d", "-s", "m", "-x", "80", "-y", "24", "sleep 1000"),
			cmd("split-window", "-d", "-t", "m", "sleep 1000", ";", "new-window", "-d", "-t", "m", "sleep 1000", ";", "new-session", "-d", "-s", "o", "sleep 1000"),
			cmd("list-panes", "-t", "{marked}"),
			cmd("select-pane", "-M", "-t", "m:0.1"),
			lsp,
			cmd("select-pane", "-m", "-t", "m:0.1"),
			lsp,
			cmd("display-message", "-p", "-t", "{marked}", "#{pane_id}", ";", "display-message", "-p", "-t", "~", "#{session_name}"),
			// -m on the marked pane clears the mark; on another, moves it.
			cmd("select-pane", "-m", "-t", "m:0.1", ";", "list-panes", "-t", "~"),
			cmd("select-pane", "-m", "-t", "m:0.0", ";", "select-pane", "-m", "-t", "m:1"),
			lsp,
			cmd("select-pane", "-M", "-t", "o", ";", "list-panes", "-t", "~"),
			// A pane a zoom hides is not marked.
			cmd("resize-pane", "-Z", "-t", "m:0.0", ";", "select-pane", "-m", "-t", "m:0.1"),
			lsp,
			cmd("select-pane", "-m", "-t", "m:0.0", ";", "resize-pane", "-Z", "-t", "m:0.0"),
			lsp,
			// The marked pane is where join-pane and swap-pane start.
			cmd("join-pane", "-v", "-t", "o"),
			lsp,
			cmd("select-pane", "-m", "-t", "o:0.1", ";", "swap-pane", "-t", "m:1", ";", "display-message", "-p", "-t", "{marked}", "#{pane_id}"),
			lsp,
			cmd("select-pane", "-m", "-t", "m:1", ";", "swap-window", "-t", "m:0", ";", "display-message", "-p", "#{window_flags}"),
			lsp,
			// The mark goes with its window, pane or session.
			cmd("select-pane", "-m", "-t", "m:0", ";", "kill-window", "-t", "m:0", ";", "list-panes", "-t", "~"),
			cmd("select-pane", "-m", "-t", "o:0.1", ";", "kill-pane", "-t", "o:0.1", ";", "list-panes", "-t", "~"),
			cmd("select-pane", "-m", "-t", "o", ";", "kill-session", "-t", "o", ";", "list-panes", "-t", "~"),
			// -P sets both styles as given, unchecked; -g prints one.
			cmd("select-pane", "-g", "-t", "m"),
			cmd("select-pane", "-P", "bg=red", "-t", "m", ";", "show-options", "-p", "-t", "m"),
			cmd("select-pane", "-P", "bogus=1", "-g", "-t", "m", ";", "show-options", "-p", "-t", "m"),
			cmd("select-pane", "-P", "fg=blue", "-m", "-t", "m", ";", "show-options", "-p", "-t", "m", ";", "list-panes", "-t", "~"),
		}
	}()},
	// A character takes the columns the C library's wcwidth gives it, as
	// tmux asks: each is printed in the last column of a row of 8, so a
	// wide one wraps, one of no columns combines with the 7 before it, and
	// one wcwidth knows nothing of (an emoji newer than glibc 2.36, an
	// unassigned code point) is dropped. Formats pad by the same widths.
	// A decoder's hard cases, each on a line of its own (utf8Stress): what
	// tmux draws of them, escaped by capture-pane -C, history included.
	{name: "UTF-8 decoder cases", steps: []step{
		cmd("new-session", "-d", "-s", "u", "-x", "60", "-y", "10",
			"printf '"+printfBytes(utf8Stress()+"@@done@@")+"'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", "u").waitFor("@@done@@"),
		cmd("capture-pane", "-p", "-C", "-S", "-", "-t", "u"),
	}},
	// What a program asks of tmux in string sequences: OSC 0 and 2 and
	// APC set the pane's title (not with text tmux finds invalid, as
	// select-pane -T's), OSC 7 its path, ESC k the window's name with
	// allow-rename on, and OSC 52 with set-clipboard on makes a buffer or
	// answers with the newest one, which the terminal echoes. APC and
	// ESC k strings end only at ST; none of them is drawn.
	{name: "strings from programs", steps: []step{
		cmd("new-session", "-d", "-s", "o", "-n", "w", "-x", "60", "-y", "5", "sleep 1000"),
		cmd("new-window", "-d", "-n", "t", "printf '"+printfBytes("\x1b]2;first\x07a\x1b]0;t\u00e9\x1b\\b\x1b_apc\x07still\x1b\\c"+
			"\x1b]7;file://host/tmp\x07d\x1bkignored\x07\x1b\\e\x1b]2;tab\there\x07@@done@@")+"'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", ":1").waitFor("@@done@@"),
		cmd("display-message", "-p", "-t", ":1", "[#{pane_title}] [#{pane_path}] [#{window_name}] [#{automatic-rename}]"),
		cmd("select-pane", "-t", ":1", "-T", "a\tb", ";", "display-message", "-p", "-t", ":1", "[#{pane_title}]"),
		cmd("select-pane", "-t", ":1", "-T", "z\U0001fae8", ";", "display-message", "-p", "-t", ":1", "[#{pane_title}]"),
		cmd("set-option", "-w", "-t", ":1", "allow-rename", "on", ";",
			"respawn-pane", "-k", "-t", ":1", "printf '"+printfBytes("\x1bknamed\x1b\\@@r@@")+"'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", ":1").waitFor("@@r@@"),
		cmd("display-message", "-p", "-t", ":1", "[#{window_name}] [#{automatic-rename}]"),
		cmd("respawn-pane", "-k", "-t", ":1", "printf '"+printfBytes("\x1b]52;c;aGVsbG8=\x07@@c@@")+"'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", ":1").waitFor("@@c@@"),
		cmd("list-buffers", "-F", "#{buffer_name} #{buffer_size}"),
		cmd("set-option", "-s", "set-clipboard", "on", ";",
			"respawn-pane", "-k", "-t", ":1", "printf '"+printfBytes("\x1b]52;c;d29ybGQ=\x07@@d@@\x1b]52;c;?\x07")+"'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", ":1").waitFor("d29ybGQ="),
		cmd("show-buffer"),
	}},
	// A pane's default colours (pane_fg, pane_bg): window-style, with
	// window-active-style for the active pane, over the palette its
	// program sets with OSC 10 and 11 (tmux's colour forms) and resets
	// with OSC 110 and 111; OSC 11's "?" is answered only with a colour
	// of tmux's own, which the terminal echoes back onto the screen.
	{name: "default colours", steps: []step{
		cmd("new-session", "-d", "-s", "c", "-x", "60", "-y", "5", "sleep 1000"),
		cmd("split-window", "-d", "sleep 1000", ";", "display-message", "-p", "[#{pane_fg}] [#{pane_bg}]"),
		cmd("set-option", "-g", "window-style", "fg=red,bg=#102030", ";", "set-option", "-g", "window-active-style", "bg=colour5", ";",
			"display-message", "-p", "-t", ":.0", "[#{pane_fg}] [#{pane_bg}]", ";", "display-message", "-p", "-t", ":.1", "[#{pane_fg}] [#{pane_bg}]"),
		cmd("set-option", "-gu", "window-style", ";", "set-option", "-gu", "window-active-style", ";",
			"respawn-pane", "-k", "-t", ":.1", "printf '"+printfBytes("\x1b]11;?\x07\x1b]11;DodgerBlue4\x07\x1b]10;16,78,139\x1b\\@@a@@")+"'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", ":.1").waitFor("@@a@@"),
		cmd("display-message", "-p", "-t", ":.1", "[#{pane_fg}] [#{pane_bg}]"),
		cmd("respawn-pane", "-k", "-t", ":.1", "printf '"+printfBytes("\x1b]111\x07\x1b]11;rgb:1000/4E00/8B00\x1b\\\x1b]11;?\x07@@b@@")+"'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", ":.1").waitFor("rgb:"),
		cmd("display-message", "-p", "-t", ":.1", "[#{pane_fg}] [#{pane_bg}]"),
		cmd("respawn-pane", "-k", "-t", ":.1", "printf '"+printfBytes("\x1b]110;\x07\x1b]111;x\x07\x1b]11;  grey22 \x07\x1b]11;cmyk:0.88/0.44/0.00/0.45\x07@@c@@")+"'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", ":.1").waitFor("@@c@@"),
		cmd("display-message", "-p", "-t", ":.1", "[#{pane_fg}] [#{pane_bg}]"),
	}},
	// The palette a program sets with OSC 4 and resets with OSC 104,
	// and the cursor's colour of OSC 12 and 112: a "?" is answered
	// (echoed by the terminal) only for a colour set, by the program or
	// by pane-colours and cursor-colour, and OSC 4's only for indexes 0
	// to 7 and 90 to 97 (8 to 15), after which tmux reads no further;
	// a bad index ends the string too, a bad colour is passed over. A
	// pane made after cursor-colour was set has none until it is set
	// again.
	{name: "palette and cursor colour", steps: []step{
		cmd("new-session", "-d", "-s", "q", "-x", "200", "-y", "8", "sleep 1000"),
		cmd("respawn-pane", "-k", "-t", "q", "printf '"+printfBytes(osc("4;1;red")+osc("4;1;?")+osc("4;9;blue")+osc("4;9;?")+
			osc("4;91;?")+osc("4;97;?")+osc("4;200;?")+"\x1b]4;2;#00ff00;3;?\x1b\\"+osc("4;5;?;2;?")+osc("4;300;red;1;?")+
			osc("4;7;nocolour;1;?")+osc("4;;white;3;rgb:44/55/66")+osc("4;0;?")+osc("4;3;?")+osc("4;6;#0a0a0a")+osc("4;6;?"))+
			"'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", "q").waitFor("0a0a/0a0a/0a0a"),
		cmd("respawn-pane", "-k", "-t", "q", "printf '"+printfBytes(osc("104;1;x")+osc("104;0;3")+osc("4;1;?")+osc("4;0;?")+
			osc("4;3;?")+osc("4;2;?")+osc("12;?")+osc("12;#abcdef")+osc("12;?")+osc("112;x")+"\x1b]12;?\x1b\\"+
			osc("112")+osc("12;?")+osc("4;6;#0b0b0b")+osc("4;6;?"))+"'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", "q").waitFor("0b0b/0b0b/0b0b"),
		cmd("set-option", "-p", "-t", "q", "cursor-colour", "magenta", ";", "set-option", "-w", "-t", "q", "pane-colours[5]", "#010203", ";",
			"respawn-pane", "-k", "-t", "q", "printf '"+printfBytes(osc("12;?")+osc("4;5;?")+osc("12;yellow")+"\x1b]12;?\x1b\\"+
				osc("4;6;#0c0c0c")+osc("4;6;?"))+"'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", "q").waitFor("0c0c/0c0c/0c0c"),
		cmd("split-window", "-d", "-t", "q", "printf '"+printfBytes(osc("12;?")+osc("4;5;?"))+"'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", "q:.1").waitFor("0101/0202/0303"),
		cmd("set-option", "-g", "cursor-colour", "colour100", ";",
			"respawn-pane", "-k", "-t", "q:.1", "printf '"+printfBytes(osc("12;?"))+"'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", "q:.1").waitFor("8787/8787/0000"),
	}},
	// tmux keeps a pane's default colours as window-style made them
	// until something marks its style changed: OSC 10 and 11 do, RIS and
	// OSC 104 (which reset the palette) do not, select-pane -m and
	// send-keys -R do.
	{name: "default colours kept", steps: []step{
		cmd("new-session", "-d", "-s", "k", "-x", "40", "-y", "5", "sleep 1000"),
		cmd("respawn-pane", "-k", "-t", "k", "printf '"+printfBytes(osc("11;red")+osc("10;blue")+"@@a@@")+"'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", "k").waitFor("@@a@@"),
		cmd("display-message", "-p", "-t", "k", "[#{pane_fg}] [#{pane_bg}]"),
		cmd("respawn-pane", "-k", "-t", "k", "printf '"+printfBytes("\x1bc@@b@@")+"'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", "k").waitFor("@@b@@"),
		cmd("display-message", "-p", "-t", "k", "[#{pane_fg}] [#{pane_bg}]"),
		cmd("respawn-pane", "-k", "-t", "k", "printf '"+printfBytes(osc("11;red")+"@@c@@")+"'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", "k").waitFor("@@c@@"),
		cmd("display-message", "-p", "-t", "k", "[#{pane_fg}] [#{pane_bg}]"),
		cmd("respawn-pane", "-k", "-t", "k", "printf '"+printfBytes(osc("104")+"@@d@@")+"'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", "k").waitFor("@@d@@"),
		cmd("display-message", "-p", "-t", "k", "[#{pane_fg}] [#{pane_bg}]"),
		cmd("select-pane", "-m", "-t", "k", ";", "display-message", "-p", "-t", "k", "[#{pane_fg}] [#{pane_bg}]"),
		cmd("respawn-pane", "-k", "-t", "k", "printf '"+printfBytes(osc("11;red")+osc("4;1;red")+"@@e@@")+"'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", "k").waitFor("@@e@@"),
		cmd("send-keys", "-R", "-t", "k", ";", "display-message", "-p", "-t", "k", "[#{pane_fg}] [#{pane_bg}]"),
		cmd("respawn-pane", "-k", "-t", "k", "printf '"+printfBytes(osc("4;1;?")+osc("4;6;#0d0d0d")+osc("4;6;?"))+"'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", "k").waitFor("0d0d/0d0d/0d0d"),
	}},
	// Output that is not UTF-8: tmux drops a bad character whole, an
	// ASCII character or a control abandons one begun (a sequence does
	// not), and the top half's bytes are never C1 controls.
	{name: "bytes that are not UTF-8", steps: []step{
		cmd("new-session", "-d", "-s", "b", "-x", "30", "-y", "5",
			"printf '"+printfBytes("a\xffb\xc3c\xe2\x82d\xf0\x9f\x98e|\xc0\x80f\xed\xa0\x80g\xe0\x80\x80h|\r\n"+
				"\xc3\x1b[1m\xa9|\xc3\x7f\xa9|\x1b[m\r\n\x9bHz\x9c\x90q\x9dw\x1b[1\x9b;4mX\x1b[m@@done@@")+"'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-e", "-t", "b").waitFor("@@done@@"),
	}},
	{name: "character widths", steps: []step{
		cmd("new-session", "-d", "-s", "w", "-x", "8", "-y", "40",
			"printf '"+widthRows(widthSamples)+"@@done@@'; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", "w").waitFor("@@done@@"),
		cmd("set-option", "-g", "@v", "\u0591\u2630\u3248\U0001fae8\u0378\u00ad\u302a"),
		cmd("display-message", "-p", "[#{p12:@v}] [#{=3:@v}] [#{n:@v}]"),
	}},
})

// fileOf is a step that compares what a pane's program wrote to a file
// in the side's directory, once it contains until.
func fileOf(name, until string) step { return step{file: name, until: until} }

// historySteps fill panes of 20x5 with more lines than they show, and
// capture them with many -S/-E; each program ends its output with END.
func historySteps() []step {
	const done = "; printf END; exec sleep 1000"
	window := func(name, script string) []step {
		return []step{
			cmd("new-window", "-d", "-t", "h", "-n", name, script+done),
			cmd("capture-pane", "-p", "-t", "h:"+name, "-S", "-").waitFor("END"),
			cmd("display-message", "-p", "-t", "h:"+name, "#{history_size} #{history_limit}"),
		}
	}
	steps := []step{
		cmd("new-session", "-d", "-s", "h", "-n", "base", "-x", "20", "-y", "5", "sleep 1000"),
		// history-limit is read when a pane is made.
		cmd("set-option", "-t", "h", "history-limit", "5"),
	}
	steps = append(steps, window("five", "seq 1 40")...)
	steps = append(steps, cmd("set-option", "-t", "h", "history-limit", "20"))
	steps = append(steps, window("twenty", "seq 1 40")...)
	steps = append(steps, cmd("set-option", "-t", "h", "history-limit", "0"))
	steps = append(steps, window("none", "seq 1 40")...)
	steps = append(steps, cmd("set-option", "-t", "h", "history-limit", "100"))
	steps = append(steps, window("seq", "seq 1 40")...)
	for _, r := range [][]string{
		{}, {"-S", "-3"}, {"-S", "-100"}, {"-E", "2"}, {"-S", "2", "-E", "0"}, {"-S", "-3", "-E", "-1"},
		{"-E", "-2"}, {"-S", "-100", "-E", "-50"}, {"-S", "-35", "-E", "-36"}, {"-S", "10"}, {"-E", "10"},
		{"-S", "x", "-E", "y"}, {"-S", "32767"}, {"-S", "32768"}, {"-S", " +1", "-E", "-2147483649"},
		{"-E", "-2147483648"}, {"-S", "-", "-E", "0"}, {"-S", "0", "-E", "-"}, {"-q", "-S", "-1", "-E", "-1"},
	} {
		steps = append(steps, cmd(append([]string{"capture-pane", "-p", "-t", "h:seq"}, r...)...))
	}
	steps = append(steps,
		cmd("capture-pane", "-t", "h:seq", "-b", "hist", "-S", "-2", "-E", "1", ";", "show-buffer", "-b", "hist"),
		cmd("display-message", "-p", "-t", "h:five", "#{history_limit}"),
	)
	steps = append(steps, window("wrapped", `printf '%050d\n' 0; printf '%045d' 1; seq 1 5`)...)
	steps = append(steps, cmd("capture-pane", "-p", "-t", "h:wrapped", "-S", "-4", "-E", "-2"))
	// ED 2 scrolls the rows down to the last one used into the history,
	// blank ones between included; ED 3 clears the history only.
	steps = append(steps, window("clear", `printf 'a\n\n\nb\n\033[2J'; seq 1 3; printf '\033[H\033[2J'`)...)
	// ED 0 from the first cell is a whole clear, scrolled into the
	// history as ED 2 is; from elsewhere it is not.
	steps = append(steps, window("clear-from-home", `seq 1 5; printf '\033[H\033[J'; seq 6 7; printf '\033[2;1H\033[J'`)...)
	steps = append(steps, window("erase-history", `seq 1 10; printf '\033[3J'; seq 11 12`)...)
	// The alternate screen keeps no history; capture shows the main
	// screen's history above it.
	steps = append(steps, window("alternate", `seq 1 10; printf '\033[?1049h\033[H'; seq 100 120`)...)
	return append(steps,
		cmd("clear-history", "-t", "h:seq", ";", "display-message", "-p", "-t", "h:seq", "#{history_size}"),
		cmd("capture-pane", "-p", "-t", "h:seq", "-S", "-"),
		cmd("clearhist", "-t", "h:nope"),
		cmd("list-panes", "-s", "-t", "h", "-F", "#{window_name} #{history_size}/#{history_limit}"),
	)
}

// ttyRE is a terminal's path, as pane_tty gives it.
var ttyRE = regexp.MustCompile(`\[/dev/pts/[0-9]+\]`)

// normTTY replaces a bracketed pane_tty that names a terminal.
func normTTY(s string) string { return ttyRE.ReplaceAllString(s, "[<tty>]") }

// captureFlagSteps draw styles and colours of every kind, a wrapped row, a
// tab, an erase in a colour, a wide character cut in two, a combining one,
// the line-drawing set and an unfinished escape sequence, and capture them
// with each of capture-pane's flags; then the main screen kept behind the
// alternate one (-a), and wrapped rows in the history (-J).
func captureFlagSteps() []step {
	const draw = `printf '\033[1;31mred\033[m \033[4:3mcurly\033[0m\033[38;5;100mx\033[48;2;1;2;3my\033[58;5;9mu\033[m a\\b  \n'; ` +
		`printf '%030d\n' 0; printf 'tab\tx\n'; printf '\033[44mab\033[K\033[m\n'; printf 'wide\344\270\255x\033[2Dy\n'; ` +
		`printf 'e\314\201 \033(0lqk\033(B\033[2;7;9;53mz\033[22;27mw\033[91;103mb\033[m\n'; printf 'END\033[1'; exec sleep 1000`
	capture := func(window string, args ...string) step {
		return cmd(append([]string{"capture-pane", "-p", "-t", "cf:" + window}, args...)...)
	}
	return []step{
		cmd("new-session", "-d", "-s", "cf", "-x", "20", "-y", "8", draw),
		capture("0").waitFor("END"),
		capture("0", "-e"),
		capture("0", "-e", "-C"),
		capture("0", "-C"),
		capture("0", "-N"),
		capture("0", "-J"),
		capture("0", "-J", "-N", "-e", "-S", "1", "-E", "2"),
		capture("0", "-P"),
		capture("0", "-P", "-C"),
		capture("0", "-a"),
		capture("0", "-a", "-q"),
		capture("0", "-M"),
		capture("0", "-T"),
		cmd("display-message", "-p", "-t", "cf:0", "#{history_bytes}"),
		cmd("capture-pane", "-J", "-t", "cf:0", "-b", "joined", ";", "capture-pane", "-P", "-t", "cf:0", "-b", "pending",
			";", "capture-pane", "-a", "-q", "-t", "cf:0", "-b", "none", ";", "list-buffers", "-F", "#{buffer_name} #{buffer_size}"),
		cmd("show-buffer", "-b", "joined"),
		// The alternate screen: -a shows the main screen's rows as they
		// were, with no history of their own.
		cmd("new-window", "-d", "-t", "cf:1", `printf 'main\n\033[32mscreen'; printf '\033[?1049h\033[Halt\033[1mG'; exec sleep 1000`),
		capture("1").waitFor("altG"),
		capture("1", "-a"),
		capture("1", "-a", "-e", "-N"),
		capture("1", "-a", "-S", "-5", "-E", "1"),
		cmd("display-message", "-p", "-t", "cf:1", "#{alternate_on} #{cursor_x},#{cursor_y} #{history_bytes}"),
		// Rows wrapped into the history are joined there too.
		cmd("new-window", "-d", "-t", "cf:2", `printf '%050d\n' 0; seq 1 8; printf END; exec sleep 1000`),
		capture("2", "-S", "-").waitFor("END"),
		capture("2", "-S", "-", "-J"),
		capture("2", "-S", "-8", "-E", "-7", "-J"),
		cmd("display-message", "-p", "-t", "cf:2", "#{history_size} #{history_bytes} #{history_all_bytes}"),
		// The modes a program sets, and the character under the cursor.
		cmd("new-window", "-d", "-t", "cf:3", `printf '\033[?1h\033=\033[?1000h\033[?1006h\033[4h\033[?7l\033[?25l'; printf 'ab\344\270\255\033[3G'; exec sleep 1000`),
		capture("3").waitFor("ab"),
		cmd("display-message", "-p", "-t", "cf:3", "#{cursor_flag}#{insert_flag}#{keypad_cursor_flag}#{keypad_flag}"+
			"#{mouse_all_flag}#{mouse_any_flag}#{mouse_button_flag}#{mouse_sgr_flag}#{mouse_standard_flag}#{mouse_utf8_flag}"+
			"#{origin_flag}#{wrap_flag} [#{cursor_character}]"),
		cmd("display-message", "-p", "-t", "cf:0", "#{cursor_flag}#{insert_flag}#{wrap_flag} [#{cursor_character}]"),
		// A respawned pane keeps its history as it was: styles, wrapped
		// rows and what its lines hold.
		cmd("respawn-pane", "-k", "-t", "cf:0", `printf 'again\n'; exec sleep 1000`),
		capture("0").waitFor("again"),
		cmd("respawn-pane", "-k", "-t", "cf:2", `printf '\033[31mred'; exec sleep 1000`),
		capture("2").waitFor("red"),
		capture("2", "-S", "-", "-J", "-e"),
		cmd("display-message", "-p", "-t", "cf:2", "#{history_size} #{history_bytes} #{cursor_x},#{cursor_y}"),
	}
}

// widthSamples are characters whose widths other tables give otherwise
// than glibc 2.36's wcwidth, with a few they agree on.
var widthSamples = []rune{
	0x301, 0x591, 0x70f, 0x93e, 0xad, 0x2630, 0x3248, 0x302a, 0x31e4,
	0x1d165, 0x4e00, 0x1f600, 0x1fae8, 0x378,
}

// widthRows is a printf format that prints each of rs in the last column
// of a row of eight, then a bar, each on its own line.
func widthRows(rs []rune) string {
	var b strings.Builder
	for _, r := range rs {
		b.WriteString(printfBytes("1234567" + string(r) + "|\r\n"))
	}
	return b.String()
}

// printfBytes is s as a format for printf(1) in single quotes: every byte
// but printable ASCII written in octal.
func printfBytes(s string) string {
	var b strings.Builder
	for _, c := range []byte(s) {
		if c < ' ' || c >= 0x7f || c == '%' || c == '\\' || c == '\'' {
			fmt.Fprintf(&b, "\\%03o", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// osc is an OSC string of body ended with BEL.
func osc(body string) string { return "\x1b]" + body + "\a" }

// utf8Stress is a line for each kind of input a UTF-8 decoder must get
// right: the first and last character of each length, sequences longer
// than four bytes, stray continuation bytes, start bytes alone or cut
// short, bytes UTF-8 never has, overlong forms, surrogates and
// noncharacters.
func utf8Stress() string {
	cases := [][]byte{
		{0xc2, 0x80}, {0xe0, 0xa0, 0x80}, {0xf0, 0x90, 0x80, 0x80},
		{0xdf, 0xbf}, {0xef, 0xbf, 0xbf}, {0xf4, 0x8f, 0xbf, 0xbf},
		{0xf4, 0x90, 0x80, 0x80}, {0xf8, 0x88, 0x80, 0x80, 0x80}, {0xfc, 0x84, 0x80, 0x80, 0x80, 0x80},
		{0x80}, {0xbf}, {0x80, 0xbf}, {0x80, 0xbf, 0x80, 0xbf},
		{0xc0, ' ', 0xdf, ' ', 0xe0, ' ', 0xef, ' ', 0xf0, ' ', 0xf7, ' ', 0xf8, ' ', 0xfc, ' '},
		{0xc2}, {0xe0, 0x80}, {0xf0, 0x80, 0x80}, {0xdf, 0xef, 0xbf, 0xf7, 0xbf, 0xbf},
		{0xfe}, {0xff}, {0xfe, 0xfe, 0xff, 0xff},
		{0xc0, 0xaf}, {0xe0, 0x80, 0xaf}, {0xf0, 0x80, 0x80, 0xaf}, {0xc1, 0xbf}, {0xe0, 0x9f, 0xbf},
		{0xc0, 0x80}, {0xe0, 0x80, 0x80},
		{0xed, 0xa0, 0x80}, {0xed, 0xbf, 0xbf}, {0xed, 0xa0, 0x80, 0xed, 0xb0, 0x80},
		{0xef, 0xbf, 0xbe}, {0xef, 0xb7, 0x90}, {0xf0, 0x9f, 0xbf, 0xbf},
	}
	var b strings.Builder
	for i, c := range cases {
		fmt.Fprintf(&b, "%02d [", i)
		b.Write(c)
		b.WriteString("]\r\n")
	}
	return b.String()
}
