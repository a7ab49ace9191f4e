package faketmux

// The differential cases of the scripting commands: wait-for's channels
// and locks (a background step waits while the steps after it signal or
// unlock; a waiter signals "ready" first, so that it is known to wait),
// run-shell, if-shell, source-file and pipe-pane.
var _ = differentialCases("script", []scenario{
	{name: "wait-for", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "sleep 1000"),
		// A signal with nobody waiting is kept for the next wait; a
		// second one forgets it.
		cmd("wait-for", "-S", "c", ";", "wait-for", "c", ";", "display", "-p", "woken"),
		cmd("wait-for", "-S", "d", ";", "wait-for", "-S", "d"),
		cmd("wait-for", "-S", "ready", ";", "wait-for", "d", ";", "display", "-p", "waited").inBackground(),
		cmd("wait-for", "ready"),
		cmd("wait-for", "-S", "d", ";", "display", "-p", "signalled"),
		joinBackground(),
		// Locks: a second locker waits for the unlock, which hands the
		// lock over.
		cmd("wait-for", "-U", "l"),
		cmd("wait-for", "-L", "l", ";", "wait-for", "-U", "l", ";", "wait-for", "-L", "l"),
		cmd("wait-for", "-S", "ready", ";", "wait-for", "-L", "l", ";", "display", "-p", "locked").inBackground(),
		cmd("wait-for", "ready"),
		cmd("wait-for", "-U", "l"),
		joinBackground(),
		cmd("wait-for", "-U", "l", ";", "wait-for", "-U", "l"),
		cmd("wait-for", "-LS", "x", ";", "wait-for", "-SU", "x"),
		cmd("wait-for"),
		cmd("wait-for", "a", "b"),
		// A client killed while it waits keeps its place among the
		// channel's waiters, as tmux frees a waiting item only when the
		// channel wakes it: the next signal wakes that place, and is not
		// kept for the next wait, which waits on.
		cmd("wait-for", "-S", "ready", ";", "wait-for", "k").inBackground(),
		cmd("wait-for", "ready"),
		cutBackground(),
		cmd("wait-for", "-S", "k", ";", "display", "-p", "signalled"),
		cmd("wait-for", "-S", "ready", ";", "wait-for", "k", ";", "display", "-p", "kept").inBackground(),
		cmd("wait-for", "ready"),
		cutBackground(),
		// So does a killed locker: the unlock hands it the lock, which
		// nobody can then release.
		cmd("wait-for", "-L", "m"),
		cmd("wait-for", "-S", "ready", ";", "wait-for", "-L", "m").inBackground(),
		cmd("wait-for", "ready"),
		cutBackground(),
		cmd("wait-for", "-U", "m"),
		cmd("wait-for", "-S", "ready", ";", "wait-for", "-L", "m", ";", "display", "-p", "locked").inBackground(),
		cmd("wait-for", "ready"),
		cutBackground(),
		// The server wakes its waiters as it exits.
		cmd("wait-for", "-S", "ready", ";", "wait-for", "never", ";", "display", "-p", "after").inBackground(),
		cmd("wait-for", "ready"),
		cmd("kill-server"),
		joinBackground(),
	}},
	{name: "run-shell", steps: []step{
		// With no pane, output goes nowhere; the status is the client's.
		cmd("start-server", ";", "run-shell", "echo hi; exit 2"),
		cmd("new-session", "-d", "-s", "m", "-n", "w", "sleep 1000"),
		cmd("new-window", "-d", "-n", "x", "sleep 1000"),
		// A command that printed nothing and did well leaves the pane be.
		cmd("run-shell", "true", ";", "display", "-p", "#{pane_in_mode}"),
		cmd("run-shell", "-t", ":x", "echo to x", ";", "display", "-p", "-t", ":x", "#{pane_in_mode} #{pane_mode}", ";", "display", "-p", "#{pane_in_mode}"),
		cmd("run", "exit 4", ";", "display", "-p", "after"),
		cmd("run", "exit 4", ";", "run", "true"),
		cmd("run", "exit 4", ";", "has", "-t", "nope"),
		cmd("run", "kill -9 $$"),
		cmd("run", "-b", "exit 4"),
		cmd("run", "-t", "nope", "true"),
		cmd("run", "-d", "1x", "true"),
		cmd("run", "-d", "0"),
		cmd("run", ";", "display", "-p", "nothing to run"),
		// -C runs tmux commands, after the format is expanded, before the
		// rest of the line; a failure among them leaves the rest be.
		cmd("run", "-C", "display -p 1 ; display -p #{session_name}", ";", "display", "-p", "3"),
		cmd("run", "-C", "has -t nope ; display -p 2", ";", "display", "-p", "3"),
		cmd("run", "-C", "bogus", ";", "display", "-p", "3"),
		cmd("run", "-C", "", ";", "display", "-p", "3"),
		cmd("run", "-d", "0", "-C", "display -p delayed"),
		cmd("run", "-C", "display -p '#{pane_id}'"),
		// Its environment and directory.
		cmd("run", "printf '%s %s %s' \"$TMUX_PANE\" \"$TERM\" \"$(pwd)\" > job.txt; echo $TMUX | cut -d, -f3 >> job.txt"),
		step{file: "job.txt"}.waitFor("\n"),
		cmd("run", "-b", "-C", "set-buffer -b bg done"),
		cmd("show-buffer", "-b", "bg").waitFor("done"),
		cmd("run", "-bd", "0", "-C", "set-buffer -b bgd done"),
		cmd("show-buffer", "-b", "bgd").waitFor("done"),
	}},
	{name: "if-shell", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "sleep 1000"),
		cmd("if", "true", "display -p yes", "display -p no", ";", "display", "-p", "after"),
		cmd("if-shell", "false", "display -p yes", "display -p no"),
		cmd("if-shell", "false", "display -p yes"),
		cmd("if", "exit 5", "display -p y", ";", "display", "-p", "after"),
		cmd("if", "kill -9 $$", "display -p y", "display -p killed"),
		cmd("if", "true", "bogus2", ";", "display", "-p", "after"),
		cmd("if", "true", "display -p a; bogus-cmd x", ";", "display", "-p", "after"),
		cmd("if", "true", "has -t nope ; display -p a2", ";", "display", "-p", "after"),
		cmd("if", "true", "", ";", "display", "-p", "after"),
		cmd("if", "true", "display -p 1 ; display -p 2", ";", "display", "-p", "3"),
		cmd("if", "true", "if true \"display -p nested\" ; display -p n2", ";", "display", "-p", "3"),
		cmd("if", "true", "display -p '#{session_name}' $HOME"),
		cmd("if", "[ #{window_name} = w ]", "display -p formatted"),
		cmd("if", "-t", "nope", "true", "display -p t"),
		// -F decides on the format alone; a command that does not parse
		// fails if-shell itself.
		cmd("if", "-F", "1", "display -p F1"),
		cmd("if", "-F", "", "display -p F1", "display -p F0"),
		cmd("if", "-F", "0x", "display -p F1", "display -p F0"),
		cmd("if", "-F", "#{==:a,b}", "x", "display -p eq"),
		cmd("if", "-F", "1", "bogus", ";", "display", "-p", "after"),
		cmd("if", "-F", "1", "has -t nope; display -p x", ";", "display", "-p", "after"),
		cmd("if", "-b", "true", "set-buffer -b bg done", ";", "display", "-p", "after"),
		cmd("show-buffer", "-b", "bg").waitFor("done"),
		cmd("if"),
		cmd("if", "a", "b", "c", "d"),
	}},
	{name: "source-file", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "sleep 1000"),
		cmd("run", "printf 'display -p one ; display -p \"a b#\"\\nbogus\\n' > a.conf; "+
			"printf 'display -p x ;;\\n' > s.conf; printf 'display -z\\n' > f.conf; "+
			"printf 'display -p in-e\\nsource e2.conf\\ndisplay -p after-e2\\n' > e.conf; "+
			"printf 'display -p in-e2 ; has -t nope ; display -p no\\ndisplay -p yes\\n' > e2.conf; "+
			": > empty.conf; printf 'set-buffer -b d1 x\\n' > d1.conf; printf 'display -p c2\\n' > d2.conf; "+
			"printf 'display -p \"\\n' > u.conf; printf 'display -p }\\n}\\n' > syntax.conf; "+
			"printf 'display -p hidden\\n' > .hidden.conf"),
		cmd("source", "-v", "a.conf"),
		cmd("source", "s.conf"),
		cmd("source", "f.conf"),
		cmd("source", "u.conf"),
		cmd("source", "syntax.conf"),
		cmd("source", "-v", "e.conf", ";", "display", "-p", "end"),
		cmd("source", "nofile.conf", "e2.conf", ";", "display", "-p", "end"),
		cmd("source", "nofile.conf", ";", "display", "-p", "end"),
		cmd("source", "-q", "nofile.conf", ";", "display", "-p", "end"),
		cmd("source", "empty.conf", "a.conf", ";", "display", "-p", "end"),
		cmd("source", "-Fv", "#{session_name}2.conf", "e2.conf"),
		cmd("source", "-n", "f.conf"),
		cmd("source", "-nv", "a.conf", "e2.conf"),
		cmd("source", "-v", "d*.conf", "*hidden.conf"),
		cmd("source", "-", ";", "display", "-p", "end").in("display -p from-stdin\n"),
		cmd("source", "."),
		cmd("source", "[", ";", "display", "-p", "end"),
		cmd("source"),
	}},
	{name: "pipe-pane", ownDirs: true, steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "-x", "80", "-y", "24", "cat"),
		cmd("display", "-p", "#{pane_pipe}"),
		// The pane's output from now on goes to the command, which runs
		// in the server's directory.
		cmd("pipe-pane", "cat > out.txt", ";", "display", "-p", "#{pane_pipe}"),
		cmd("send-keys", "hello", "Enter"),
		fileOf("out.txt", "hello\r\nhello\r\n"),
		// -o opens one only if none was open: it toggles.
		cmd("pipe-pane", "-o", "cat > no.txt", ";", "display", "-p", "#{pane_pipe}"),
		cmd("pipep", "-o", "cat > o.txt", ";", "display", "-p", "#{pane_pipe}"),
		cmd("pipep", "", ";", "display", "-p", "#{pane_pipe}"),
		cmd("pipep", "-o", "cat > o.txt", ";", "pipep", ";", "display", "-p", "#{pane_pipe}"),
		cmd("run", "ls > ls.txt"),
		fileOf("ls.txt", "out.txt"),
		// -I types the command's output into the pane; the pipe closes
		// when it ends.
		cmd("pipe-pane", "-I", "echo typed"),
		cmd("capture-pane", "-p").waitFor("typed\ntyped"),
		cmd("display", "-p", "-t", "%0", "#{pane_pipe}").waitFor("0"),
		// With -O only, tmux sees that the command has gone only when a
		// write to it fails. The command closes its input before it writes
		// its file, so that the key typed once the file is there is
		// written to a pipe nobody reads (CI once typed it before the
		// command had gone, and no write ever failed).
		cmd("pipe-pane", "exec 0<&-; echo gone > gone.txt", ";", "display", "-p", "#{pane_pipe}"),
		fileOf("gone.txt", "gone"),
		cmd("display", "-p", "#{pane_pipe}"),
		cmd("send-keys", "x", "Enter"),
		cmd("capture-pane", "-p").waitFor("x\nx\n"),
		cmd("display", "-p", "#{pane_pipe}").waitFor("0"),
		cmd("pipe-pane", "-IO", "echo both; cat > io.txt"),
		fileOf("io.txt", "both\r\nboth\r\n"),
		// The command is a format, run by sh, in the server's
		// environment.
		cmd("pipe-pane", "-I", "echo \"#{pane_id} #{session_name} $0 [$TMUX] $(pwd)\" > fmt.txt"),
		fileOf("fmt.txt", "\n"),
		// Closing the pane closes the pipe.
		cmd("new-window", "-d", "-n", "k", "cat"),
		cmd("pipe-pane", "-t", ":k", "cat > k.txt; echo end >> k.txt"),
		cmd("kill-window", "-t", ":k"),
		fileOf("k.txt", "end"),
		// Errors: dead and empty panes have exited.
		cmd("set", "-g", "remain-on-exit", "on", ";", "new-window", "-d", "-n", "d", "true"),
		cmd("display", "-p", "-t", ":d", "#{pane_dead}").waitFor("1"),
		cmd("pipe-pane", "-t", ":d", "cat", ";", "display", "-p", "no"),
		cmd("pipe-pane", "-t", ":d"),
		cmd("split-window", "-I", "-d", "-t", ":w", ";", "pipe-pane", "-t", ":w.1", "cat"),
		cmd("pipe-pane", "-t", "nope", "cat"),
		cmd("pipe-pane", "a", "b"),
	}},
	{name: "display-message -I", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "-x", "20", "-y", "12", "cat"),
		cmd("display", "-I").in("abc"),
		// Input is drawn on an empty pane only, and nothing is printed.
		cmd("split-window", "-I", "-d").in("one\ntwo"),
		cmd("display", "-I", "-t", "%1", ";", "display", "-p", "after").in("three\n"),
		cmd("capture-pane", "-p", "-t", "%1"),
		cmd("display", "-I", "-p", "-t", "%1", "hello").in("x"),
		cmd("display", "-I", "-t", "nope").in("zzz"),
		cmd("capture-pane", "-p", "-t", "%1"),
		// A pane stays empty when respawned.
		cmd("split-window", "-d", "", ";", "respawn-pane", "-k", "-t", "%2", "cat"),
		cmd("display", "-I", "-t", "%2").in("hi\n"),
		cmd("capture-pane", "-p", "-t", "%2"),
		// A control client attached to a session has no input to give.
		cmd("attach", "-t", "m").controlIn("display -I -t %1\n"),
		cmd("capture-pane", "-p", "-t", "%1"),
		cmd("set", "-g", "remain-on-exit", "on", ";", "new-window", "-d", "-n", "d", "true"),
		cmd("display", "-p", "-t", ":d", "#{pane_dead}").waitFor("1"),
		cmd("display", "-I", "-t", ":d").in("x"),
	}},
	// The history file is read once the configuration has run: here the
	// configuration writes it first (a run-shell waits).
	{name: "history-file", config: [][]string{
		{"run-shell", `printf "command:a\nsearch:b\nplain:line\n" > ~/hist`},
		{"set", "-g", "history-file", "~/hist"},
	}, steps: []step{
		cmd("start-server", ";", "show-prompt-history"),
	}},
	{name: "list-commands and prompt histories", steps: []step{
		cmd("list-commands"),
		cmd("lscm", "-F", "#{command_list_name}|#{command_list_alias}|#{command_list_usage}", "wait-for"),
		cmd("lscm", "wait"),
		cmd("lscm", "wai"),
		cmd("lscm", "-F", "#{session_name}:#{command_list_name}", "new-session", ";", "new-session", "-d", "-s", "m", ";", "lscm", "-F", "#{session_name}:#{command_list_name}", "neww"),
		cmd("show-prompt-history"),
		cmd("showphist", "-T", "window-target"),
		cmd("showphist", "-T", "command").withEnv("LC_ALL=C"),
		cmd("showphist", "-T", "bogus"),
		cmd("clear-prompt-history", "-T", "bogus"),
		cmd("clear-prompt-history", ";", "clearphist", "-T", "search"),
		// With no terminal client there is nothing to lock.
		cmd("lock-server", ";", "lock-session", ";", "locks", "-t", "m"),
		cmd("lock-session", "-t", "nope"),
	}},
})
