package faketmux_test

import (
	"bytes"
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tmuxbuf/tmuxbuf/faketmux"
)

// The fuzz targets here drive faketmux through Server.Run only, as a tmux
// client would, so they hold whatever the emulator's insides become. Their
// seed corpora are in testdata/fuzz/<FuzzName>/.
//
// Fuzzed command lines must never make the emulator start a program or
// write a file: a pane runs what it is given, in a real shell. So the word
// in a command's position is always one of safeCommands, a fuzzed word can
// never end a command, and none holds what would make a later faketmux run
// a program (see fuzzArgv and defang). Behind that, the servers run panes
// with a shell that does nothing and a PATH that finds nothing (newServer).

// safeCommands are the command names a fuzzed command line may use: every
// command of tmux 3.3a (by name, alias or prefix) that starts no program,
// writes no file, reads no file, and stores no command to run later, plus
// names that fail to parse. The choose-* commands, customize-mode and
// display-panes are left out: tmux runs a command when an item is chosen.
// Options can store commands too (hooks, command-alias), which is why
// set-option is built apart (safeOptions).
var safeCommands = []string{
	"set-buffer", "setb", "delete-buffer", "deleteb", "show-buffer", "showb", "list-buffers", "lsb",
	"paste-buffer", "pasteb",
	"start-server", "start", "kill-server", "list-clients", "lsc",
	"has-session", "has", "kill-session", "rename-session", "rename", "list-sessions", "ls",
	"kill-window", "killw", "rename-window", "renamew", "list-windows", "lsw", "select-window", "selectw",
	"next-window", "next", "previous-window", "prev", "last-window", "last",
	"select-pane", "selectp", "last-pane", "lastp", "kill-pane", "killp", "list-panes", "lsp",
	"display-message", "display", "send-keys", "send", "capture-pane", "capturep", "clear-history", "clearhist",
	"set-option", "set", "set-window-option", "setw", "show-options", "show", "show-window-options", "showw",
	"set-environment", "setenv", "show-environment", "showenv",
	"list-commands", "lscm", "list-keys", "lsk", "show-messages", "showmsgs", "info", "server-info", "show-hooks",
	"resize-pane", "resizep", "resize-window", "resizew", "select-layout", "selectl", "next-layout", "previous-layout",
	"rotate-window", "swap-pane", "swap-window", "break-pane", "join-pane", "move-pane", "move-window",
	"link-window", "unlink-window", "clock-mode", "copy-mode", "clear-prompt-history", "show-prompt-history",
	"refresh-client",
	"switch-client", "send-prefix", "server-access", "find-window", "findw",
	"list-b", "display-m", "show-b", "kill-", "list-", "show-", "", "frobnicate",
}

// optionCommands are the safeCommands that set an option.
var optionCommands = map[string]bool{"set-option": true, "set": true, "set-window-option": true, "setw": true}

// safeOptions are the options a fuzzed set-option may set: none holds a
// command.
var safeOptions = []string{
	"@user", "@x", "buffer-limit", "base-index", "pane-base-index", "history-limit", "exit-empty",
	"remain-on-exit", "automatic-rename", "default-size", "status-left", "status-right", "mode-keys",
	"set-clipboard", "escape-time", "aggressive-resize", "window-size", "main-pane-width", "synchronize-panes",
	"word-separators", "display-time", "renumber-windows", "allow-rename", "alternate-screen", "status",
	"status-lef", "bogus-option", "@",
}

var safeCommandSet, safeOptionSet = setOf(safeCommands), setOf(safeOptions)

func setOf(words []string) map[string]bool {
	m := map[string]bool{}
	for _, w := range words {
		m[w] = true
	}
	return m
}

// pick returns word when it is one of choices, else the choice its hash
// selects, so that every fuzzed word lands on a safe one.
func pick(word string, choices []string, set map[string]bool) string {
	if set[word] {
		return word
	}
	h := fnv.New32a()
	h.Write([]byte(word))
	return choices[h.Sum32()%uint32(len(choices))]
}

// fuzzArgv turns fuzzed words into a command line that can only run safe
// commands. A word ";" separates commands, as in tmux's argv, and the word
// after it names a command; any other word is defanged, and written so
// that it cannot end a command (argWord).
func fuzzArgv(words []string) []string {
	var argv, cmd []string
	flush := func() {
		if len(cmd) > 0 && optionCommands[cmd[0]] {
			cmd = optionCommand(cmd)
		}
		argv = append(argv, cmd...)
		cmd = nil
	}
	for _, w := range words {
		switch {
		case len(cmd) == 0:
			cmd = append(cmd, pick(w, safeCommands, safeCommandSet))
		case w == ";":
			flush()
			argv = append(argv, ";")
		default:
			cmd = append(cmd, argWord(defang(tameCount(cmd[len(cmd)-1], w))))
		}
	}
	flush()
	return argv
}

// defang takes out of a fuzzed word what tmux would run as a program, for
// the day faketmux runs them too: "#(", a format's shell command, and
// "pipe", which names copy mode's copy-pipe commands. Each pass shortens
// the word, so the loop ends.
func defang(w string) string {
	for strings.Contains(w, "#(") || strings.Contains(w, "pipe") {
		w = strings.ReplaceAll(strings.ReplaceAll(w, "#(", "("), "pipe", "pip")
	}
	return w
}

// maxRepeat bounds a fuzzed -N count. tmux, like the emulator, runs a
// command to its end, and a count of billions keeps either busy for hours
// or fills its memory (send-keys types each key, a key in copy mode queues
// its binding, a copy-mode command takes each step): such an input only
// stalls fuzzing.
const maxRepeat = 100

// tameCount cuts the count w gives -N to maxRepeat: w is the count when
// prev, the word before it, is a flag cluster ending in N, or w is a
// cluster with the count attached.
func tameCount(prev, w string) string {
	flags, count := "", w
	if !strings.HasPrefix(prev, "-") || !strings.HasSuffix(prev, "N") {
		i := strings.IndexByte(w, 'N')
		if !strings.HasPrefix(w, "-") || i < 0 {
			return w
		}
		flags, count = w[:i+1], w[i+1:]
	}
	// tmux reads it with strtoll, which passes over leading white space;
	// a count beyond its bound fails at once.
	if n, err := strconv.ParseInt(strings.TrimLeft(count, " \t\n\v\f\r"), 10, 64); err == nil && n > maxRepeat && n <= math.MaxUint32 {
		return flags + strconv.Itoa(maxRepeat)
	}
	return w
}

// newServer is RunT's server with an environment where a program that
// reached a pane anyway could do nothing: the default shell is /bin/false,
// PATH finds nothing and HOME is not there. Its client takes UTF-8, so
// output does not depend on the locale the tests run in.
func newServer(tb testing.TB) *faketmux.Server {
	s := faketmux.New(faketmux.Options{
		SocketPath: tb.TempDir() + "/default",
		Shell:      "/bin/false",
		Env:        []string{"PATH=/nonexistent", "HOME=/nonexistent", "LANG=C.UTF-8"},
	})
	tb.Cleanup(func() { s.Close() })
	return s
}

// paneProgram is what the fuzzed servers' panes run: cat, which only
// echoes what is pasted or typed. Two words, so that it runs without the
// shell.
var paneProgram = []string{"/bin/cat", "-u"}

// optionCommand rebuilds a set-option command so that the option it sets
// is a safe one: the fuzzed flags, then "--", the option and a value. A
// flag left wanting a value takes the "--"; then the option still comes
// first among the arguments.
func optionCommand(cmd []string) []string {
	out := []string{cmd[0]}
	var rest []string
	for _, w := range cmd[1:] {
		if strings.HasPrefix(w, "-") {
			out = append(out, w)
		} else {
			rest = append(rest, w)
		}
	}
	out = append(out, "--")
	if len(rest) == 0 {
		return out
	}
	out = append(out, pick(rest[0], safeOptions, safeOptionSet))
	return append(out, rest[1:min(2, len(rest))]...)
}

// runBounded runs one command line with a deadline. Run must return
// promptly once its context is done while a command waits (for its
// input, a channel, a job: it is server.Tmux); the watchdog,
// far beyond that deadline, turns a Run that does not into a failure with
// the command line named instead of a fuzzing run that stalls.
func runBounded(t *testing.T, s *faketmux.Server, argv ...string) (stdout, stderr string, rc int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var out, errb bytes.Buffer
	done := make(chan int, 1)
	// A panic in Run's goroutine would end the fuzzing process with no
	// input to show for it; caught here, it fails the input instead.
	panicked := make(chan string, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				panicked <- fmt.Sprintf("%v\n%s", r, debug.Stack())
			}
		}()
		done <- s.Run(ctx, argv, strings.NewReader("fuzzed stdin\n"), &out, &errb)
	}()
	select {
	case rc = <-done:
	case msg := <-panicked:
		t.Fatalf("%q panicked: %s", argv, msg)
	case <-time.After(time.Minute):
		t.Fatalf("%q did not return within a minute, its context ended after 5 s", argv)
	}
	return out.String(), errb.String(), rc
}

// checkExit checks what every tmux command line ends with: exit status 0
// or 1, and an error on standard error, as whole lines, when it is 1.
func checkExit(t *testing.T, argv []string, stderr string, rc int) {
	t.Helper()
	switch {
	case rc != 0 && rc != 1:
		t.Fatalf("%q: exit status %d, want 0 or 1", argv, rc)
	case rc == 1 && (stderr == "" || !strings.HasSuffix(stderr, "\n")):
		t.Fatalf("%q: exit status 1 with standard error %q, want an error line", argv, stderr)
	}
}

// crashDirEnv names a directory where each fuzzing process of this
// package writes its fatal errors (debug.SetCrashOutput). go test's fuzz
// coordinator discards its workers' output, so a worker that dies, where
// an input would fail, otherwise says only that it hung or terminated.
const crashDirEnv = "FAKETMUX_CRASH_DIR"

func init() {
	dir := os.Getenv(crashDirEnv)
	if dir == "" {
		return
	}
	f, err := os.Create(filepath.Join(dir, fmt.Sprintf("crash-%d.txt", os.Getpid())))
	if err != nil {
		return
	}
	debug.SetCrashOutput(f, debug.CrashOptions{})
	f.Close() // SetCrashOutput keeps its own duplicate
}

// FuzzRun runs fuzzed command lines (one a line, words split by tabs, ';'
// words chaining commands) on a server with one session running cat.
// Each must return, exit 0 or 1, print its error as a line when it fails,
// and leave the socket answering list-sessions as tmux does: with exit 0
// and a line per session, or with exit 1 and a line saying no server runs.
func FuzzRun(f *testing.F) {
	for _, seed := range []string{
		"list-sessions",
		"set-buffer\t-b\tb1\thello\nshow-buffer\t-b\tb1\npaste-buffer\t-b\tb1\t-t\tmain",
		"set-buffer\tx\t;\tlist-buffers\t-F\t#{buffer_name}:#{buffer_size}",
		"display-message\t-p\t-t\tmain:0.0\t#{session_name}#{?pane_active,A,}",
		"send-keys\t-t\t%0\t-l\thello;\nsend-keys\t-N\t3\tEnter",
		"set-option\t-g\tbuffer-limit\t1\nset-buffer\ta\nset-buffer\tb\nlist-buffers",
		"set\t-s\t@user\tx\t;\tshow\t-s\t@user",
		"kill-session\t-t\tmain\nlist-sessions",
		"kill-server\t;\tlist-buffers",
		"break-pane\t-d\nlist-windows\t-a",
		"resize-pane\t-x\t10\t-y\t5\nselect-layout\ttiled\ncapture-pane\t-p",
		"rename-session\t-t\tmain\tnew:name\nhas-session\t-t\tnew",
		"select-pane\t-t\t:.+\nlast-pane",
		"copy-mode\nsend-keys\t-X\tcancel",
		"copy-mode\nsend-keys\t-N\t4000000000\tx\nsend-keys\t-XN99999999999\tcursor-down",
		"show-options\t-gv\tstatus-left\nshow-window-options\t-g",
		"list-keys\t-T\tprefix\nlist-commands\t-F\t#{command_list_name}",
		"frobnicate\nlist-\n\t-?\nshow-buffer\t-b",
		"setenv\t-g\tFOO\tbar\nshowenv\t-g\tFOO",
		"set\t-s\tcommand-alias[10]\tzz=display -p a ; zz\nzz\tb\nset\t-s\tcommand-alias[11]\tls=ls\nls",
		"set\t-w\tsynchronize-panes\ton\nsplit-window\t-Z\t-d\nsend-keys\tx\tEnter\nrename-window\ta\\b\tc",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, script string) {
		s := newServer(t)
		if _, stderr, rc := runBounded(t, s, append([]string{"new-session", "-d", "-s", "main", "-x", "80", "-y", "24"}, paneProgram...)...); rc != 0 {
			t.Fatalf("new-session: exit %d: %s", rc, stderr)
		}
		lines := strings.Split(script, "\n")
		for _, line := range lines[:min(len(lines), 8)] {
			words := strings.Split(line, "\t")
			argv := fuzzArgv(words[:min(len(words), 24)])
			_, stderr, rc := runBounded(t, s, argv...)
			checkExit(t, argv, stderr, rc)
		}
		stdout, stderr, rc := runBounded(t, s, "list-sessions")
		checkExit(t, []string{"list-sessions"}, stderr, rc)
		if rc == 1 && !strings.HasPrefix(stderr, "no server running on ") && !strings.HasPrefix(stderr, "error connecting to ") {
			t.Fatalf("list-sessions after the script failed with %q", stderr)
		}
		if stdout != "" && !strings.HasSuffix(stdout, "\n") {
			t.Fatalf("list-sessions printed %q, not whole lines", stdout)
		}
	})
}

// fixedState is a server, shared by every input of one fuzz target, whose
// sessions, windows and panes are chosen to make targets ambiguous: a
// session whose name prefixes another's, a session named as a number, a
// window named as another's index, two panes in a window.
func fixedState(f *testing.F) *faketmux.Server {
	s := newServer(f)
	for _, argv := range [][]string{
		append([]string{"new-session", "-d", "-s", "main", "-x", "80", "-y", "24"}, paneProgram...),
		append([]string{"new-window", "-d", "-t", "main:3", "-n", "three"}, paneProgram...),
		append([]string{"split-window", "-d", "-t", "main:3"}, paneProgram...),
		append([]string{"new-window", "-d", "-t", "main:5", "-n", "3"}, paneProgram...),
		append([]string{"new-session", "-d", "-s", "main2", "-n", "w"}, paneProgram...),
		append([]string{"new-session", "-d", "-s", "7"}, paneProgram...),
		{"set-buffer", "-b", "b0", "zero"},
	} {
		var stderr bytes.Buffer
		if rc := s.Run(context.Background(), argv, nil, &bytes.Buffer{}, &stderr); rc != 0 {
			f.Fatalf("%q: exit %d: %s", argv, rc, stderr.String())
		}
	}
	return s
}

// snapshot is everything about the fixed state that a read-only command
// must leave as it was, the current session and buffers included.
func snapshot(t *testing.T, s *faketmux.Server) string {
	t.Helper()
	var b strings.Builder
	for _, argv := range [][]string{
		{"list-panes", "-a", "-F", "#{session_name}:#{window_index}.#{pane_index} #{window_name} #{pane_id} #{window_active} #{pane_active} #{pane_width}x#{pane_height}"},
		{"display-message", "-p", "#{session_name} #{window_id} #{pane_id}"},
		{"list-buffers", "-F", "#{buffer_name} #{buffer_size}"},
	} {
		stdout, stderr, rc := runBounded(t, s, argv...)
		if rc != 0 {
			t.Fatalf("%q: exit %d: %s", argv, rc, stderr)
		}
		b.WriteString(stdout)
	}
	return b.String()
}

// FuzzTarget resolves fuzzed -t values on a fixed state, as a pane (display-
// message), a window (list-panes) and a session (has-session). Properties:
// each exits 0 or 1 with its error as a line; resolution changes nothing;
// a pane found is a pane that exists, and naming it by its id finds it
// again; a window found lists the panes of exactly one window.
func FuzzTarget(f *testing.F) {
	for _, seed := range []string{
		"", "main", "ma", "mai", "=main", "=ma", "main2", "7", "$0", "$2", "$99", "@1", "@99", "%0", "%2", "%99",
		":", ":.", "::", "main:", "main:3", "main:three", "main:thr", "main:=three", "main:3.1", "main:3.%2",
		"main:.+", "main:+", "main:-", "main:!", "main:^", "main:$", "main:{end}", "main:{start}", "main:{last}",
		"main:{next}", ":{marked}", "{mouse}", "{last}", "{up-of}", "main:3.{bottom}", "main:3.{right-of}",
		".1", ".-1", ":3", "3", "three", "main:3.", "main:*", "mai*", "main:t*e", "main:[t]hree", "@1.1",
		"%1.0", "=7:", "7:0", "main:5", "main:=3", "main:3.+1", "main:3.-9", "main:999999999999", "\x00", "main:\n",
	} {
		f.Add(seed)
	}
	s := fixedState(f)
	f.Fuzz(func(t *testing.T, target string) {
		before := snapshot(t, s)
		target = argWord(target)
		paneArgv := []string{"display-message", "-p", "-t", target, "#{pane_id}"}
		pane, stderr, rc := runBounded(t, s, paneArgv...)
		checkExit(t, paneArgv, stderr, rc)
		if rc == 0 && pane != "\n" {
			again, _, _ := runBounded(t, s, "display-message", "-p", "-t", strings.TrimSuffix(pane, "\n"), "#{pane_id}")
			if again != pane {
				t.Fatalf("-t %q found pane %q, and -t %q finds %q", target, pane, strings.TrimSuffix(pane, "\n"), again)
			}
		}

		windowArgv := []string{"list-panes", "-t", target, "-F", "#{window_id}"}
		windows, stderr, rc := runBounded(t, s, windowArgv...)
		checkExit(t, windowArgv, stderr, rc)
		if rc == 0 {
			first, _, _ := strings.Cut(windows, "\n")
			all, _, _ := runBounded(t, s, "list-panes", "-t", first, "-F", "#{window_id}")
			if first == "" || windows != all {
				t.Fatalf("-t %q as a window lists the panes of %q; that window has %q", target, windows, all)
			}
		}

		sessionArgv := []string{"has-session", "-t", target}
		_, stderr, rc = runBounded(t, s, sessionArgv...)
		checkExit(t, sessionArgv, stderr, rc)

		if after := snapshot(t, s); after != before {
			t.Fatalf("resolving -t %q changed the state:\n%s\nto:\n%s", target, before, after)
		}
	})
}

// FuzzFormat expands fuzzed formats with display-message -p and
// list-panes -F. Properties: expansion never fails and prints one
// expansion and a newline; it changes nothing; and a printable text with
// every '#' doubled comes back as it was (tmux's "##" is a '#'; '%' is
// left out, since display-message also runs strftime).
func FuzzFormat(f *testing.F) {
	for _, seed := range []string{
		"plain text", "##", "#", "#{", "#{}", "#}", "#,", "#{session_name}", "#{pane_id} #{window_index}",
		"#{?pane_active,yes,no}", "#{?#{==:#{session_name},main},m,o}", "#{=5:session_name}", "#{=-3:session_name}",
		"#{=/2/...:session_name}", "#{p10:session_name}|", "#{p-10:session_name}|", "#{s/a/b/:session_name}",
		"#{s/(a)(i)/\\2\\1/i:session_name}", "#{S:#{session_name} }", "#{W:#{window_index} }", "#{P:#{pane_id} }",
		"#{S:#{W:#{P:x}}}", "#{l:#{session_name}}", "#{E:status-left}", "#{T:status-right}", "#{t:session_created}",
		"#{t/p:session_created}", "#{t/f/%%H:session_created}", "#{m:*ma*,main}", "#{m/r:^m.*n$,main}",
		"#{C:cat}", "#{||:1,0}", "#{&&:1,0}", "#{e|+|:1,2}", "#{e|/|f|4:10,3}", "#{e|%|:7,0}", "#{n:session_name}",
		"#{w:session_name}", "#{b:pane_current_path}", "#{d:pane_current_path}", "#{q:session_name}", "#{q/h:x}",
		"#{a:65}", "#{!=:a,b}", "#{<:a,b}", "#{>=:2,10}", "#{R:ab,3}", "#{N/s:main}", "#{N/w:three}",
		"#{@x}", "#{buffer_name}", "#{client_name}", "#{pane_start_command}", "##[fg=red]",
		"#[fg=red]x", "#{session_name", "#{?,}", "#{?}", "#{=:}", "#{s/x:}", "#{e|+:}", "#{p999:}", "#{=-999999:x}",
		"#{version}", "#{pid}", "#{host_short}", "#{socket_path}", "#{window_layout}", "#{pane_tabs}",
	} {
		f.Add(seed)
	}
	s := fixedState(f)
	f.Fuzz(func(t *testing.T, format string) {
		format = defang(format)
		before := snapshot(t, s)
		for _, argv := range [][]string{
			{"display-message", "-p", "-t", "main:3.1", "--", argWord(format)},
			{"list-panes", "-t", "main:0", "-F", argWord(format)},
		} {
			stdout, stderr, rc := runBounded(t, s, argv...)
			if rc != 0 || stderr != "" || !strings.HasSuffix(stdout, "\n") {
				t.Fatalf("%q: exit %d, stdout %q, stderr %q; want exit 0 and a line", argv, rc, stdout, stderr)
			}
		}
		if literal(format) {
			escaped := strings.ReplaceAll(format, "#", "##")
			stdout, _, _ := runBounded(t, s, "display-message", "-p", "--", argWord(escaped))
			if stdout != format+"\n" {
				t.Fatalf("display-message -p %q printed %q, want %q", escaped, stdout, format+"\n")
			}
		}
		if after := snapshot(t, s); after != before {
			t.Fatalf("expanding %q changed the state:\n%s\nto:\n%s", format, before, after)
		}
	})
}

// argWord is s as one word of a tmux argv: a final ';' would end the
// command, so it is escaped as "\;", which tmux reads as a ';'.
func argWord(s string) string {
	if strings.HasSuffix(s, ";") {
		return s[:len(s)-1] + `\;`
	}
	return s
}

// literal reports whether a format with its '#' doubled must expand to
// itself: printable ASCII (so the client's locale does not matter), no
// '%' (strftime), and no "#[" (tmux keeps "##[" as a style).
func literal(format string) bool {
	for i := range len(format) {
		if format[i] < 0x20 || format[i] >= 0x7f {
			return false
		}
	}
	return !strings.Contains(format, "%") && !strings.Contains(format, "#[")
}
