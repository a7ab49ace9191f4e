package faketmux

import "regexp"

// nobodyUID is Debian's nobody, the other user of the access cases.
const nobodyUID = 65534

// The differential cases of the server and its clients: starting and
// exiting, configuration files, list-clients, show-messages,
// server-access.
var _ = differentialCases("server", []scenario{
	{name: "server-access", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("server-access", "-l"),
		cmd("server-access"),
		cmd("server-access", "-a"),
		cmd("server-access", "-a", "nobody", ";", "server-access", "-l"),
		cmd("server-access", "-a", "nobody"),
		// -r and -w add a user not listed yet.
		cmd("server-access", "-r", "daemon", ";", "server-access", "-l"),
		cmd("server-access", "-w", "daemon", ";", "server-access", "-l"),
		cmd("server-access", "-d", "daemon", ";", "server-access", "-d", "daemon"),
		cmd("server-access", "-ad", "bin"),
		cmd("server-access", "-rw", "bin"),
		cmd("server-access", "-adrw", "bin"),
		cmd("server-access", "-l", "root"),
		cmd("server-access", "-a", "root"),
		cmd("server-access", "-a", "no_such_user"),
		cmd("server-access", "-a", ""),
		cmd("server-access", "-w", "sys", ";", "server-access", "-a", "#{session_name}"),
		cmd("server-access", "-r", "nobody", ";", "server-access", "-a", "-r", "bin", ";", "server-access", "-l"),
		cmd("server-access", "-t", "m"),
		cmd("server-access", "a", "b"),
		cmd("attach", "-t", "m").controlIn("server-access -l\nserver-access -d nobody\nserver-access -l\n"),
	}},
	// Who may connect (issue 29): a user not on the access list runs
	// nothing and is told so, whatever the socket's mode lets in; one
	// added with -r runs only the commands tmux marks read-only from its
	// command line, though tmux 3.3a runs a control client's input lines
	// unchecked; -d and -r reach the clients already connected.
	{name: "access of another user", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("set-buffer", "-b", "secret", "hush"),
		// # not on the list
		cmd("show-buffer", "-b", "secret").asUser(nobodyUID),
		cmd("set-buffer", "-b", "planted", "x").asUser(nobodyUID),
		cmd("bogus").asUser(nobodyUID),
		cmd("attach").controlIn("list-sessions\n").asUser(nobodyUID),
		cmd("list-buffers", "-F", "#{buffer_name}"),
		// # let in
		cmd("server-access", "-a", "nobody"),
		cmd("show-buffer", "-b", "secret").asUser(nobodyUID),
		// # read-only
		cmd("server-access", "-r", "nobody"),
		cmd("show-buffer", "-b", "secret").asUser(nobodyUID),
		cmd("list-clients").asUser(nobodyUID),
		cmd("list-clients", ";", "show-buffer").asUser(nobodyUID),
		cmd("bogus").asUser(nobodyUID),
		cmd("new-session", "-d").controlIn("").asUser(nobodyUID),
		// As a line that does not parse, for any user's control client.
		cmd("bogus").controlIn(""),
		cmd("attach").controlIn("set-buffer -b from-control y\n" +
			"list-clients -F '#{client_flags} #{client_readonly} #{client_uid} #{client_user}'\n").asUser(nobodyUID),
		cmd("list-buffers", "-F", "#{buffer_name}"),
		// # clients already connected
		// When it attaches depends on the wait below.
		cmd("attach").controlIn("").stayUntil("%exit").asUser(nobodyUID).normalise(normGuardNumbers).inBackground(),
		cmd("list-clients", "-F", "#{client_uid} #{client_flags}").waitFor("65534"),
		cmd("server-access", "-w", "nobody", ";", "list-clients", "-F", "#{client_uid} #{client_flags}"),
		cmd("server-access", "-r", "nobody", ";", "list-clients", "-F", "#{client_uid} #{client_flags}"),
		cmd("server-access", "-d", "nobody", ";", "list-clients", "-F", "#{client_uid} #{client_flags}"),
		joinBackground(),
		cmd("list-clients", "-F", "#{client_uid}").asUser(nobodyUID),
		cmd("server-access", "-w", "nobody"),
		cmd("show-buffer", "-b", "secret").asUser(nobodyUID),
	}},
	// No configuration: tmux's count of items varies when its file has
	// commands (TestMessageLogKeepsTheNewest shows they are not logged).
	{name: "show-messages", ownDirs: true, steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "-x", "20", "-y", "5", "sleep 1000"),
		// A client with no terminal has no messages to see.
		cmd("show-messages"),
		cmd("showmsgs", "-J"),
		cmd("showmsgs", "-T"),
		cmd("showmsgs", "-JT"),
		cmd("showmsgs", "-t", "nope"),
		cmd("showmsgs", "-J", "-t", "nope"),
		cmd("bogus"),
		cmd("display", "hello"),
		cmd("set-buffer", "-b", "a b", "x y", ";", "if", "true", "display -p \"in if\"", ";", "has", "-t", "nope"),
		cmd("run", "-b", "echo > started.txt; exec sleep 5"),
		fileOf("started.txt", "\n"),
		// The log holds every command since the configuration and every
		// message a client was shown, newest first; -J the jobs.
		cmd("attach", "-t", "m").controlIn("show-messages -J\n" +
			"show-messages -T\n" +
			"show-messages -JT\n" +
			"show-messages -t nope\n" +
			"bogus2\n" +
			"display 'to the status line'\n" +
			"display -p printed\n" +
			"show-messages\n").normalise(normMessages),
	}},
	// message-limit keeps the newest so many, counted after each message
	// is added: at 0 not even the show-messages that asks.
	{name: "message-limit", ownDirs: true, steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "-x", "20", "-y", "5", "sleep 1000"),
		cmd("attach", "-t", "m").controlIn("set -s message-limit 3\n" +
			"display -p x\n" +
			"list-sessions -F '#{session_name}'\n" +
			"show-messages\n" +
			"set -s message-limit 0\n" +
			"show-messages\n" +
			"set -s message-limit 2\n" +
			"show-messages\n" +
			"show-messages\n").normalise(normMessages),
	}},
	{name: "lifecycle", steps: []step{
		cmd("list-buffers"),
		cmd("load-buffer", "-").in("x").leftUnread(),
		cmd("set-buffer", "x"),
		cmd("bogus"),
		cmd("start-server"),
		cmd("list-buffers"),
		cmd("start-server", ";", "set-buffer", "kept", ";", "list-buffers"),
		cmd("new-session", "-d", "-s", "s1", "sleep 1000"),
		cmd("set-buffer", "x"),
		cmd("list-buffers"),
		cmd("kill-server", ";", "list-buffers"),
		cmd("list-buffers"),
		cmd("load-buffer", "-").in("x").leftUnread(),
		cmd(),
		cmd("start-server", ";", "load-buffer", "-", ";", "list-buffers").in("started").leftUnread(),
		cmd("new-session", "-d", "sleep 1000", ";", "kill-session", ";", "set-buffer", "y", ";", "list-buffers"),
		cmd("list-buffers"),
		cmd("new-session", "-d", "-s", "again", "sleep 1000", ";", "list-buffers"),
		cmd("kill-session", "-t", "again"),
		cmd("has-session"),
	}},
	{name: "configuration with failing commands", config: [][]string{
		{"set-option", "-g", "buffer-limit", "7"},
		{"set-option", "-g", "nosuch", "1"},
		{"set-buffer", "-b", "fromconf", "hello"},
		{"set-option", "-g", "base-index", "2", ";", "set-option", "-g", "nosuch2", "x", ";", "set-option", "-g", "history-limit", "99"},
		{"set-option", "-g", "escape-time", "3"},
	}, steps: []step{
		// Nothing of the configuration reaches a client; a failing
		// command skips the rest of its line only.
		cmd("start-server", ";", "list-buffers", ";", "show-options", "-g", "buffer-limit"),
		cmd("new-session", "-d", "-s", "b", "-x", "40", "-y", "5", "cat"),
		cmd("new-session", "-d", "-s", "a", "-x", "40", "-y", "5", "cat"),
		cmd("show-options", "-g", "base-index", ";", "show-options", "-g", "history-limit", ";", "show-options", "-g", "escape-time"),
		// The errors wait for the next session made, whose pane enters
		// view mode: it takes the keys of a whole send-keys, q leaves it
		// after the command.
		cmd("list-panes", "-a", "-F", "#{session_name} #{window_index} #{pane_in_mode} [#{pane_mode}]"),
		cmd("send-keys", "-t", "b:", "hello", "Enter"),
		cmd("send-keys", "-t", "b:", "-l", "xqy"),
		cmd("list-panes", "-a", "-F", "#{session_name} #{pane_in_mode} [#{pane_mode}]"),
		cmd("set-buffer", "-b", "p", "pasted"),
		cmd("paste-buffer", "-b", "p", "-t", "b:", ";", "send-keys", "-t", "b:", "-l", "typed"),
		cmd("capture-pane", "-p", "-t", "b:").waitFor("typed"),
		// Each server start runs the configuration again.
		cmd("kill-server"),
		cmd("new-session", "-d", "-s", "c", "sleep 1000", ";", "list-buffers", "-F", "#{buffer_name}", ";", "display-message", "-p", "#{pane_in_mode}"),
	}},
	{name: "configuration making sessions", config: [][]string{
		{"new-session", "-d", "-s", "z", "sleep 1000"},
		{"new-session", "-d", "-s", "y", "sleep 1000"},
		{"has-session", "-t", "nope"},
	}, steps: []step{
		// Errors go to the first session by name once the file is done.
		cmd("new-session", "-d", "-s", "x", "sleep 1000"),
		cmd("list-panes", "-a", "-F", "#{session_name} #{pane_in_mode}"),
	}},
	// With no client, a new-session without -d makes its session
	// detached (tmux's regress new-session-base-index.sh): the
	// configuration's sessions outlive start-server.
	{name: "configuration new-session without -d", config: [][]string{
		{"set", "-g", "base-index", "100"},
		{"new", "sleep 1000"},
		{"set", "base-index", "200"},
		{"neww", "sleep 1000"},
	}, steps: []step{
		cmd("start-server"),
		cmd("list-windows", "-F", "#{window_index}", ";", "list-sessions", "-F", "#{session_name} #{session_attached}"),
		cmd("display-message", "-p", "#{pane_in_mode}"),
	}},
	{name: "configuration session environment", config: [][]string{
		{"new-session", "-d", "-s", "cfg", "sleep 1000"},
	}, steps: []step{
		// The configuration runs with no client: its session gets nothing
		// of update-environment, the client's session does.
		cmd("new-session", "-d", "-s", "client", "sleep 1000").withEnv("DISPLAY=:5"),
		cmd("show-environment", "-t", "cfg", ";", "show-environment", "-t", "client"),
	}},
	{name: "configuration that does not parse", config: [][]string{
		{"set-buffer", "-b", "fromconf", "hello"},
		{"bogus-command"},
	}, steps: []step{
		cmd("new-session", "-d", "-s", "s", "sleep 1000", ";", "list-buffers", ";", "display-message", "-p", "#{pane_in_mode}"),
	}},
	{name: "list-clients", steps: []step{
		// No client is ever attached: nothing to list, but the target is
		// still resolved, with -t or without.
		cmd("start-server", ";", "list-clients"),
		// With no session, tmux has no current state to start from, so even
		// a target that names a session fails so.
		cmd("start-server", ";", "list-clients", "-t", "main"),
		cmd("start-server", ";", "has-session", "-t", "main"),
		cmd("new-session", "-d", "-s", "main", "sleep 1000"),
		cmd("list-clients"),
		cmd("lsc", "-F", "#{client_name}", "-t", "main"),
		cmd("list-clients", "-t", "nope"),
		cmd("list-clients", "-t", "main:9"),
		cmd("list-clients", "-t", "%99"),
		cmd("list-clients", "main"),
		cmd("kill-session", "-t", "main"),
	}},
})

var (
	messageTimeRE = regexp.MustCompile(`(?m)^[0-9]{2}:[0-9]{2}: `)
	jobRE         = regexp.MustCompile(`fd=[0-9]+, pid=[0-9]+`)
)

// normMessages is normControl, and show-messages' times of day and its
// jobs' descriptors and process IDs.
func normMessages(s string) string {
	return jobRE.ReplaceAllString(messageTimeRE.ReplaceAllString(normControl(s), "HH:MM: "), "fd=FD, pid=PID")
}
