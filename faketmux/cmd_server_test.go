package faketmux

import (
	"bytes"
	"context"
	"io"
	"os/user"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestLifecycleMessages(t *testing.T) {
	withFakePrograms(t, false)
	s := New(Options{SocketPath: "/sock"})
	defer s.Close()
	if _, errs, rc := run(t, s, "", "list-buffers"); rc != 1 || errs != "error connecting to /sock (No such file or directory)\n" {
		t.Fatalf("before any server: %d %q", rc, errs)
	}
	mustRun(t, s, "new-session", "-d", "-s", "a")
	done := s.Done()
	mustRun(t, s, "set-buffer", "x", ";", "kill-session", "-t", "a", ";", "list-buffers")
	select {
	case <-done:
	default:
		t.Fatal("server still running after its last session ended")
	}
	if _, errs, rc := run(t, s, "", "list-buffers"); rc != 1 || errs != "no server running on /sock\n" {
		t.Fatalf("after exit: %d %q", rc, errs)
	}
	mustRun(t, s, "new-session", "-d")
	if bufs := s.Buffers(); len(bufs) != 0 {
		t.Fatalf("a new server kept buffers: %+v", bufs)
	}
}

func TestStartServerKeepsNoSession(t *testing.T) {
	s := RunT(t)
	out := mustRun(t, s, "start-server", ";", "set-buffer", "kept", ";", "list-buffers", "-F", "#{buffer_name}")
	if out != "buffer0\n" {
		t.Fatalf("start-server line = %q", out)
	}
	// With no session and exit-empty on, the server leaves once that line
	// is done, taking the buffer with it.
	if s.Running() {
		t.Fatal("a server with no session outlived its command line")
	}
	if _, errs, rc := run(t, s, "", "list-buffers"); rc != 1 || !strings.HasPrefix(errs, "no server running on ") {
		t.Fatalf("after start-server: %d %q", rc, errs)
	}
}

func TestStartServerWithExitEmptyOff(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "start-server", ";", "set-option", "-s", "exit-empty", "off")
	mustRun(t, s, "set-buffer", "x")
	if got := mustRun(t, s, "show-buffer"); got != "x" {
		t.Fatalf("show-buffer = %q", got)
	}
}

func TestKillServerRunsTheRestOfTheLine(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	done := s.Done()
	out := mustRun(t, s, "set-buffer", "last", ";", "kill-server", ";", "show-buffer")
	if out != "last" {
		t.Fatalf("show-buffer after kill-server in the same line = %q", out)
	}
	select {
	case <-done:
	default:
		t.Fatal("kill-server left the server running")
	}
	if _, ok := s.PaneInput("%0"); ok {
		t.Fatal("a pane outlived kill-server")
	}
}

func TestCloseIsFinal(t *testing.T) {
	s := New(Options{SocketPath: "/sock"})
	mustRun(t, s, "new-session", "-d", "cat")
	s.Close()
	s.Close()
	if _, errs, rc := run(t, s, "", "new-session", "-d"); rc != 1 || errs != "no server running on /sock\n" {
		t.Fatalf("after Close: %d %q", rc, errs)
	}
}

func TestStartsServer(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{nil, true}, // tmux's server runs new-session
		{[]string{"new-session", "-d"}, true},
		{[]string{"new"}, true},
		{[]string{"start"}, true},
		{[]string{"attach"}, true},
		{[]string{"list-keys"}, true},
		{[]string{"lscm"}, true},
		{[]string{"list-buffers"}, false},
		{[]string{"kill-server"}, false},
		{[]string{"set-buffer", "x", ";", "start-server"}, true},
		{[]string{"new-session", "-Z"}, false}, // a line that does not parse connects only
		{[]string{"new-session", ";", "bogus"}, false},
		{[]string{";"}, false},
	} {
		if got := StartsServer(tc.args); got != tc.want {
			t.Errorf("StartsServer(%q) = %v, want %v", tc.args, got, tc.want)
		}
		// Exec must decide the same way: on a fresh socket, a line that
		// does not start a server gets the connection error.
		s := New(Options{SocketPath: "/sock"})
		_, errs, _ := run(t, s, "", tc.args...)
		s.Close()
		if started := !strings.HasPrefix(errs, "error connecting"); started != tc.want {
			t.Errorf("Exec(%q) started a server: %v, stderr %q", tc.args, started, errs)
		}
	}
}

// The configuration runs at each server start, silently: a failing command
// skips the rest of its line, later lines still run.
func TestConfigRunsAtEachStart(t *testing.T) {
	withFakePrograms(t, false)
	config := [][]string{
		{"set-buffer", "-b", "conf", "c"},
		{"set-option", "-g", "nosuch", "1", ";", "set-option", "-g", "base-index", "5"},
		{"set-option", "-g", "history-limit", "99"},
	}
	s := New(Options{SocketPath: "/sock"})
	defer s.Close()
	for range 2 {
		out := startWith(t, s, config, "new-session", "-d", ";", "list-buffers", "-F", "#{buffer_name}", ";",
			"show-options", "-gv", "base-index", ";", "show-options", "-gv", "history-limit")
		if out != "conf\n0\n99\n" {
			t.Fatalf("first line after a start: %q", out)
		}
		mustRun(t, s, "kill-server")
	}
}

// The configuration belongs to the call that starts the server: a call
// made while one runs changes nothing with its own.
func TestConfigOfTheStartingCall(t *testing.T) {
	withFakePrograms(t, false)
	s := New(Options{SocketPath: "/sock"})
	defer s.Close()
	startWith(t, s, [][]string{{"set-buffer", "-b", "first", "1"}}, "new-session", "-d")
	if out := startWith(t, s, [][]string{{"set-buffer", "-b", "second", "2"}}, "list-buffers", "-F", "#{buffer_name}"); out != "first\n" {
		t.Fatalf("got %q, want only the starting call's configuration applied", out)
	}
}

// Each file is parsed on its own: one that does not parse, or that its
// client could not read, runs nothing, and the others still run.
func TestConfigFilesFailAlone(t *testing.T) {
	withFakePrograms(t, false)
	s := New(Options{SocketPath: "/sock"})
	defer s.Close()
	var out bytes.Buffer
	rc := s.Exec(context.Background(), Call{
		Args:   []string{"new-session", "-d", ";", "list-buffers", "-F", "#{buffer_name}", ";", "display-message", "-p", "#{pane_in_mode}"},
		Stdout: &out,
		Config: []ConfigFile{
			{Lines: [][]string{{"set-buffer", "-b", "a", "1"}}},
			{Lines: [][]string{{"set-buffer", "-b", "b", "1"}, {"bogus"}}},
			{Failed: true},
			{Lines: [][]string{{"set-buffer", "-b", "c", "1"}}},
		},
	})
	if rc != 0 || out.String() != "c\na\n1\n" {
		t.Fatalf("exit %d, %q: want the buffers of the good files and the pane in view mode", rc, out.String())
	}
}

// -N: with no server running, even a command that would start one fails.
func TestNoStartServer(t *testing.T) {
	s := New(Options{SocketPath: "/sock"})
	defer s.Close()
	for _, want := range []string{"error connecting to /sock (No such file or directory)\n", "no server running on /sock\n"} {
		var errb bytes.Buffer
		if rc := s.Exec(context.Background(), Call{Args: []string{"start-server"}, Stderr: &errb, NoStartServer: true}); rc != 1 || errb.String() != want {
			t.Errorf("exit %d, %q; want 1, %q", rc, errb.String(), want)
		}
		mustRun(t, s, "start-server", ";", "kill-server")
	}
}

func TestConfigThatDoesNotParseRunsNothing(t *testing.T) {
	withFakePrograms(t, false)
	s := New(Options{SocketPath: "/sock"})
	defer s.Close()
	if out := startWith(t, s, [][]string{{"set-buffer", "x"}, {"bogus"}}, "new-session", "-d", ";", "list-buffers", ";", "display-message", "-p", "#{pane_in_mode}"); out != "1\n" {
		t.Fatalf("got %q, want no buffer and the pane in view mode", out)
	}
}

// A failed configuration puts a pane in view mode: the first session by
// name when the configuration made sessions, else the next one made.
func TestConfigErrorsShowOnAPane(t *testing.T) {
	withFakePrograms(t, false)
	for _, tc := range []struct {
		config [][]string
		want   string
	}{
		{[][]string{{"has-session", "-t", "nope"}}, "a 0\nm 1\n"},
		{[][]string{{"new-session", "-d", "-s", "z"}, {"new-session", "-d", "-s", "y"}, {"has-session", "-t", "nope"}}, "a 0\nm 0\ny 1\nz 0\n"},
		{[][]string{{"set-option", "-g", "base-index", "1"}}, "a 0\nm 0\n"},
	} {
		s := New(Options{SocketPath: "/sock"})
		startWith(t, s, tc.config, "new-session", "-d", "-s", "m", ";", "new-session", "-d", "-s", "a")
		if got := mustRun(t, s, "list-panes", "-a", "-F", "#{session_name} #{pane_in_mode}"); got != tc.want {
			t.Errorf("config %q: %q, want %q", tc.config, got, tc.want)
		}
		s.Close()
	}
}

func TestListClientsListsNone(t *testing.T) {
	s := started(t)
	if got := mustRun(t, s, "list-clients", ";", "lsc", "-t", "main", "-F", "#{client_name}"); got != "" {
		t.Errorf("list-clients = %q, want nothing", got)
	}
	mustFail(t, s, "can't find session: nope", "list-clients", "-t", "nope")
	mustFail(t, s, errNoCurrentTarget, "kill-server", ";", "kill-session", ";", "list-clients", "-t", "main")
}

// messageLog is the server's message log, oldest first.
func messageLog(s *Server) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var texts []string
	for _, m := range s.st.messageLog() {
		texts = append(texts, m.String())
	}
	return texts
}

func TestMessageLogKeepsTheNewest(t *testing.T) {
	s := RunT(t)
	startWith(t, s, [][]string{{"set-buffer", "-b", "cfg", "x"}, {"has-session", "-t", "nope"}}, "new-session", "-d", "sleep 1000")
	// The configuration's commands and errors are not logged.
	if got := messageLog(s); len(got) != 1 || got[0] != "client-0 command: new-session -d \"sleep 1000\"" {
		t.Fatalf("log after start: %q", got)
	}
	const limit = 1000 // tmux's default message-limit
	for i := range limit + 500 {
		mustRun(t, s, "set-buffer", "-b", "b", strconv.Itoa(i))
	}
	got := messageLog(s)
	if len(got) != limit || got[0] != "client-0 command: set-buffer -b b 500" || got[len(got)-1] != "client-0 command: set-buffer -b b 1499" {
		t.Fatalf("log of %d: first %q, last %q", len(got), got[0], got[len(got)-1])
	}
}

func TestShowMessagesForAControlClient(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "main", "sleep 1000")
	mustRun(t, s, "run", "-b", "exec sleep 100", ";", "run", "-b", "exec sleep 101")
	until(t, "two jobs", func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return len(s.st.jobs) == 2
	})
	cs := startControl(t, s, "attach-session")
	cs.reply(t)
	cs.next(t) // %session-changed
	io.WriteString(cs.in, "show-messages -J\nshow-messages -T\nshow-messages\n")
	jobs, _ := cs.reply(t)
	// Both jobs, numbered from the newest; which started first is up to
	// the goroutines that start them.
	jobRE := regexp.MustCompile(`^Job ([01]): exec sleep (10[01]) \[fd=[0-9]+, pid=[0-9]+, status=0\]$`)
	if len(jobs) != 2 || !jobRE.MatchString(jobs[0]) || !jobRE.MatchString(jobs[1]) {
		t.Fatalf("jobs: %q", jobs)
	}
	if terminals, _ := cs.reply(t); len(terminals) != 0 {
		t.Fatalf("terminals: %q", terminals)
	}
	log, _ := cs.reply(t)
	want := []string{
		"client-42 command: show-messages",
		"client-42 command: show-messages -T",
		"client-42 command: show-messages -J",
		"client-42 command: attach-session",
		"client-0 command: run-shell -b \"exec sleep 101\"",
		"client-0 command: run-shell -b \"exec sleep 100\"",
		"client-0 command: new-session -d -s main \"sleep 1000\"",
	}
	if len(log) != len(want) {
		t.Fatalf("log: %q", log)
	}
	for i, line := range log {
		if _, text, _ := strings.Cut(line, ": "); text != want[i] {
			t.Errorf("log line %d: %q, want %q", i, line, want[i])
		}
	}
}

func TestServerAccessListBelongsToTheServerRun(t *testing.T) {
	if _, err := user.Lookup("nobody"); err != nil {
		t.Skip("no user nobody here")
	}
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "a", "sleep 1000")
	mustRun(t, s, "server-access", "-r", "nobody")
	if got := mustRun(t, s, "server-access", "-l"); !strings.Contains(got, "nobody (R)\n") {
		t.Fatalf("list: %q", got)
	}
	mustRun(t, s, "kill-server")
	mustRun(t, s, "new-session", "-d", "-s", "b", "sleep 1000")
	if got := mustRun(t, s, "server-access", "-l"); strings.Contains(got, "nobody") {
		t.Fatalf("a new server kept the old list: %q", got)
	}
	mustFail(t, s, "user nobody not found", "server-access", "-d", "nobody")
}

func TestOtherClientsReachTheCurrentControlClient(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "a", "sleep 1000")
	mustRun(t, s, "new-session", "-d", "-s", "b", "sleep 1000")
	cs := attached(t, s, "attach-session", "-t", "a")
	// b is the current session but has no client: the best client is
	// any attached one.
	mustRun(t, s, "display", "hello")
	got := messageLog(s)
	if last := got[len(got)-1]; last != "client-42 message: hello" {
		t.Fatalf("the log ends with %q", last)
	}
	if out := mustRun(t, s, "show-messages"); !strings.Contains(out, ": client-0 command: display-message hello\n") {
		t.Fatalf("show-messages from another client: %q", out)
	}
	mustRun(t, s, "detach-client")
	for line := range cs.lines {
		if line == "%exit" {
			return
		}
	}
	t.Fatal("the control client did not leave")
}
