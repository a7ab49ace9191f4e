package faketmux

// The differential cases of panes that remain after their program exits
// (remain-on-exit), and of respawning them.
//
// tmux 3.3a draws a pane dead only when it has the program's exit status
// before the terminal closes; a pane whose terminal closes first stays
// undrawn, with no status, for good. Each program here leaves a process
// holding the terminal for a moment, so that tmux's answers are settled.
var _ = differentialCases("dead", []scenario{
	{name: "remain-on-exit and respawn", steps: []step{
		cmd("new-session", "-d", "-s", "d", "-n", "w", "-x", "80", "-y", "30", "sleep 1000"),
		cmd("set-option", "-w", "remain-on-exit", "on"),
		// tmux closes a pane's terminal as soon as it learns its program
		// exited, dropping output it has not read yet: this program waits
		// for a key, sent once its output is on the screen.
		cmd("split-window", "-d", "printf 'hello\\nworld\\n'; read x; "+linger+"exit 3"),
		cmd("capture-pane", "-p", "-t", "%1").waitFor("world"),
		cmd("send-keys", "-t", "%1", "Enter"),
		cmd("display-message", "-p", "-t", "%1", "#{pane_dead} [#{pane_dead_status}]").waitFor("1 [3]"),
		cmd("capture-pane", "-p", "-t", "%1").waitFor("Pane is dead").normalise(normTimes),
		cmd("list-panes", "-F", "#{pane_id} #{pane_dead} [#{pane_dead_status}] [#{pane_dead_signal}] #{?pane_dead_time,time,}"),
		cmd("list-panes", "-F", "#{pane_index}: [#{pane_width}x#{pane_height}] #{pane_id}#{?pane_active, (active),}#{?pane_dead, (dead),}"),
		// (Split another pane: a dead pane's screen resized moves rows
		// into its history in tmux, which the emulator does not model.)
		// (The lingering process leaves the process group kill -9 0
		// kills first.)
		cmd("split-window", "-d", "-t", "%0", "trap '' HUP; setsid sleep 0.5 & sleep 0.2; kill -9 0"),
		cmd("display-message", "-p", "-t", "%2", "#{pane_dead} [#{pane_dead_signal}]").waitFor("1 [9]"),
		cmd("capture-pane", "-p", "-t", "%2").waitFor("Pane is dead").normalise(normTimes),
		// (Keys or a paste to a dead pane crash tmux 3.3a's server.)
		// A running pane respawns only with -k; a dead one keeps its
		// history and runs its command, or the one given.
		cmd("respawn-pane", "-t", "%0"),
		cmd("respawnp", "-t", "%1", "echo again; sleep 1000"),
		cmd("capture-pane", "-p", "-S", "-", "-t", "%1").waitFor("again"),
		cmd("list-panes", "-F", "#{pane_id} #{pane_dead} [#{pane_dead_status}] #{pane_start_command} #{history_size}"),
		cmd("respawn-pane", "-t", "%2", "-c", "/", "-e", "X=1", "echo \"[$X] $PWD\"; "+linger+"exit 5"),
		// (Without the history: what a respawned program wrote just
		// before it died sometimes never reaches tmux's screen.)
		cmd("capture-pane", "-p", "-t", "%2").waitFor("Pane is dead").normalise(normTimes),
		cmd("display-message", "-p", "-t", "%2", "#{pane_dead} [#{pane_dead_status}] #{pane_start_command}"),
		cmd("set-option", "-w", "remain-on-exit-format", "gone #{pane_dead_status}#{pane_dead_signal} #{pane_id}"),
		cmd("respawn-pane", "-t", "%2"),
		cmd("capture-pane", "-p", "-t", "%2").waitFor("gone"),
		cmd("respawn-pane", "-k", "-t", "%0", linger+"exit 4"),
		cmd("display-message", "-p", "-t", "%0", "#{pane_dead} [#{pane_dead_status}]").waitFor("1 [4]"),
		cmd("capture-pane", "-p", "-t", "%0").waitFor("gone"),
		// respawn-window needs every pane dead, or -k.
		cmd("respawn-window"),
		cmd("kill-pane", "-t", "%1", ";", "respawn-window", "-t", ":w", "sleep 999"),
		cmd("list-panes", "-F", "#{pane_id} #{pane_dead} #{pane_start_command} #{pane_width}x#{pane_height} #{window_layout}"),
		cmd("split-window", "-d", "sleep 1000", ";", "respawn-window", "-k", ";",
			"list-panes", "-F", "#{pane_id} #{pane_dead} #{pane_start_command} #{pane_width}x#{pane_height}"),
		cmd("respawn-window", "-k", "-t", "nope"),
		// failed: a program that fails leaves its pane. (One that
		// succeeds races in tmux: its pane may stay, never drawn dead.)
		cmd("set-option", "-w", "remain-on-exit", "failed", ";", "split-window", "-d", linger+"exit 2"),
		cmd("list-panes", "-F", "#{pane_id} #{pane_dead} [#{pane_dead_status}] #{pane_start_command}").waitFor(`1 [2]`),
		cmd("kill-pane", "-t", ":w.1", ";", "list-panes", "-F", "#{pane_id} #{pane_dead}"),
	}},
	{name: "empty panes", steps: []step{
		cmd("new-session", "-d", "-s", "e", "-n", "w", "-x", "40", "-y", "40", "sleep 1000"),
		// split-window -I draws the client's input on an empty pane,
		// which has no program and counts as dead; so does an empty
		// command.
		cmd("split-window", "-I").in("hello\nthere"),
		cmd("list-panes", "-F", emptyPaneFormat),
		cmd("capture-pane", "-p", "-t", "%1"),
		cmd("split-window", "-d", "-t", "%0", ""),
		cmd("split-window", "-I", "-d", "-P", "-F", "#{pane_id}", "-t", "%0").in("x\n"),
		cmd("list-panes", "-F", emptyPaneFormat),
		cmd("capture-pane", "-p", "-t", "%3"),
		// -I with a command is an ordinary split.
		cmd("split-window", "-I", "-d", "-t", "%0", "sleep 1000").in("ignored"),
		cmd("respawn-pane", "-t", "%1", "echo respawned; exec sleep 1000"),
		cmd("capture-pane", "-p", "-t", "%1").waitFor("respawned"),
		cmd("kill-pane", "-t", "%2", ";", "list-panes", "-F", emptyPaneFormat),
	}},
})

// linger keeps the terminal of a program about to end open for a moment:
// a background process, immune to the hang-up its session leader's exit
// sends it.
const linger = "trap '' HUP; sleep 0.5 & "

// emptyPaneFormat shows what makes a pane empty, or dead.
const emptyPaneFormat = "#{pane_id} dead=#{pane_dead} pid=#{?#{==:#{pane_pid},0},0,pid} " +
	"[#{pane_start_command}] [#{pane_dead_status}#{pane_dead_signal}#{pane_dead_time}] #{cursor_x},#{cursor_y} #{pane_active}"
