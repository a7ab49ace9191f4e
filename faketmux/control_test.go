package faketmux

import (
	"bufio"
	"context"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"
)

// controlSession is a control client of s running in the test: its input,
// and its output as it comes.
type controlSession struct {
	in    *io.PipeWriter
	lines chan string
	rc    chan int
}

// splitWords stands in for tmuxcli's parser (which imports this package):
// the tests' lines have no quotes.
func splitWords(line string) ([]string, error) { return strings.Fields(line), nil }

func startControl(t *testing.T, s *Server, args ...string) *controlSession {
	t.Helper()
	return startControlPID(t, s, 42, args...)
}

// startControlPID starts a control client of process ID pid.
func startControlPID(t *testing.T, s *Server, pid int, args ...string) *controlSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	cs := &controlSession{in: inW, lines: make(chan string, 100), rc: make(chan int, 1)}
	go func() {
		rc := s.Exec(context.Background(), Call{Args: args, Stdin: inR, Stdout: outW, UTF8: true, Control: 1, ParseLine: splitWords, PID: pid})
		outW.Close()
		cs.rc <- rc
	}()
	go func() {
		r := bufio.NewScanner(outR)
		for r.Scan() {
			cs.lines <- r.Text()
		}
		close(cs.lines)
	}()
	t.Cleanup(func() { inW.Close() })
	return cs
}

// attached starts a control client that attaches (args) and reads its
// answer and its %session-changed.
func attached(t *testing.T, s *Server, args ...string) *controlSession {
	t.Helper()
	cs := startControl(t, s, args...)
	cs.reply(t)
	cs.next(t)
	return cs
}

var guardRE = regexp.MustCompile(`^%(begin|end|error) [0-9]+ ([0-9]+) ([01])$`)

// next returns the client's next output line, failing the test when the
// client has ended.
func (cs *controlSession) next(t *testing.T) string {
	t.Helper()
	line, ok := <-cs.lines
	if !ok {
		t.Fatal("the control client ended")
	}
	return line
}

// reply reads one guarded reply and returns its lines and whether it ended
// with %end; the guards must match.
func (cs *controlSession) reply(t *testing.T) ([]string, bool) {
	t.Helper()
	begin := guardRE.FindStringSubmatch(cs.next(t))
	if begin == nil || begin[1] != "begin" {
		t.Fatalf("want a %%begin guard, got %q", begin)
	}
	var body []string
	for {
		line := cs.next(t)
		if m := guardRE.FindStringSubmatch(line); m != nil && m[2] == begin[2] {
			if m[3] != begin[3] {
				t.Fatalf("guard flags %s, begun with %s", m[3], begin[3])
			}
			return body, m[1] == "end"
		}
		body = append(body, line)
	}
}

func TestControlClient(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "main", "-n", "w", "sleep 1000")
	cs := startControl(t, s, "attach-session", "-f", "no-output")
	if body, ok := cs.reply(t); !ok || len(body) != 0 {
		t.Fatalf("attach: %q %v", body, ok)
	}
	if got := cs.next(t); got != "%session-changed $0 main" {
		t.Fatalf("after attach: %q", got)
	}
	// Another client sees the control client.
	if got := mustRun(t, s, "list-clients", "-F", "#{client_name} #{client_flags} #{session_attached}"); got != "client-42 attached,focused,control-mode,no-output,UTF-8 1\n" {
		t.Errorf("list-clients: %q", got)
	}
	io.WriteString(cs.in, "display-message -p #{client_control_mode}\nbogus\nhas-session -t nope\n")
	if body, ok := cs.reply(t); !ok || strings.Join(body, "|") != "1" {
		t.Errorf("display-message: %q %v", body, ok)
	}
	if body, ok := cs.reply(t); ok || strings.Join(body, "|") != "parse error: unknown command: bogus" {
		t.Errorf("bogus: %q %v", body, ok)
	}
	if body, ok := cs.reply(t); ok || strings.Join(body, "|") != "can't find session: nope" {
		t.Errorf("has-session: %q %v", body, ok)
	}
	// What other clients do reaches the control client as notifications.
	mustRun(t, s, "new-window", "-d", "-n", "second", "sleep 1000")
	if got := cs.next(t); got != "%window-add @1" {
		t.Errorf("after new-window elsewhere: %q", got)
	}
	cs.in.Close()
	if got := cs.next(t); got != "%exit" {
		t.Errorf("at the end of the input: %q", got)
	}
	if rc := <-cs.rc; rc != 1 {
		t.Errorf("exit %d after a failed command, want 1", rc)
	}
	if got := mustRun(t, s, "list-clients"); got != "" {
		t.Errorf("list-clients after the client left: %q", got)
	}
}

// TestControlOutput: a pane's output reaches a control client of its
// session as %output, escaped, while the client waits for input.
func TestControlOutput(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "main", "-n", "w", "sleep 1000")
	cs := startControl(t, s, "attach-session")
	cs.reply(t)
	cs.next(t) // %session-changed
	// cat's terminal echoes what it is sent.
	io.WriteString(cs.in, "split-window -d cat\nsend-keys -t %1 -l a\\b\n")
	cs.reply(t)
	cs.reply(t)
	// The terminal may hand the echo over in pieces, each its own
	// %output line, escaped byte by byte: their texts join.
	const want = `a\134b`
	var seen []string
	var got string
	deadline := time.After(20 * time.Second)
	for len(got) < len(want) {
		select {
		case line := <-cs.lines:
			seen = append(seen, line)
			if out, ok := strings.CutPrefix(line, "%output %1 "); ok {
				got += out
			}
		case <-deadline:
			t.Fatalf("not all of the %%output after %q", seen)
		}
	}
	if got != want {
		t.Errorf("output %q in lines %q, want %q", got, seen, want)
	}
}

// TestControlClientGoesWithTheServer: kill-server from another client
// ends the control client with %exit.
func TestControlClientGoesWithTheServer(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "main", "sleep 1000")
	cs := attached(t, s, "attach-session")
	mustRun(t, s, "kill-server")
	var rest []string
	for line := range cs.lines {
		rest = append(rest, line)
	}
	if got := strings.Join(rest, "|"); got != "%sessions-changed|%exit" {
		t.Errorf("after kill-server: %q", got)
	}
	if rc := <-cs.rc; rc != 0 {
		t.Errorf("exit %d", rc)
	}
}

func TestControlClientsSeeEachOther(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "a", "sleep 1000")
	mustRun(t, s, "new-session", "-d", "-s", "b", "sleep 1000")
	watcher := startControlPID(t, s, 7, "attach-session", "-t", "a")
	watcher.reply(t)
	watcher.next(t) // %session-changed
	other := startControlPID(t, s, 8, "attach-session", "-t", "a")
	other.reply(t)
	if got := watcher.next(t); got != "%client-session-changed client-8 $0 a" {
		t.Fatalf("another client attaching: %q", got)
	}
	io.WriteString(other.in, "attach-session -t b\n")
	if got := watcher.next(t); got != "%client-session-changed client-8 $1 b" {
		t.Fatalf("another client switching: %q", got)
	}
	other.in.Close()
	if got := watcher.next(t); got != "%client-detached client-8" {
		t.Fatalf("another client leaving: %q", got)
	}
}

func TestControlLayoutChanges(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "a", "-x", "80", "-y", "24", "sleep 1000")
	mustRun(t, s, "new-session", "-d", "-s", "b", "-x", "80", "-y", "24", "sleep 1000")
	cs := attached(t, s, "attach-session", "-t", "a")
	// change is the notification of a:0's layout as it is now, as its
	// place in session a shows it (display-message runs strftime: %%
	// is a %).
	change := func() string {
		return strings.TrimSuffix(mustRun(t, s, "display", "-p", "-t", "a:0",
			"%%layout-change #{window_id} #{window_layout} #{window_visible_layout} #{window_raw_flags}"), "\n")
	}
	// One pane: tmux's preset leaves it alone, and only the command
	// tells; two panes: both do.
	mustRun(t, s, "select-layout", "-t", "a:0", "tiled")
	want := []string{change()}
	mustRun(t, s, "split-window", "-d", "-t", "a:0", "sleep 1000")
	want = append(want, change())
	mustRun(t, s, "select-layout", "-t", "a:0", "even-vertical")
	want = append(want, change(), change())
	// A window linked into another session is told of as its place in
	// the client's session (no longer the current window there),
	// whichever session's place raised it.
	mustRun(t, s, "link-window", "-d", "-s", "a:0", "-t", "b:5", ";", "new-window", "-t", "a", "sleep 1000")
	want = append(want, "%window-add @0", "%session-window-changed $0 @2", "%window-add @2")
	mustRun(t, s, "resize-pane", "-t", "b:5.0", "-y", "10")
	want = append(want, change())
	if !strings.HasSuffix(want[len(want)-1], " -") {
		t.Fatalf("a:0 is not the last window: %q", want[len(want)-1])
	}
	// No container to resize in: nothing to tell.
	mustRun(t, s, "resize-pane", "-t", "a:1", "-x", "10", ";", "rename-window", "-t", "a:1", "r")
	want = append(want, "%window-renamed @2 r")
	for i, w := range want {
		if got := cs.next(t); got != w {
			t.Fatalf("notification %d: %q, want %q", i, got, w)
		}
	}
}

// checkNow runs cs's subscription check, as its timer would, for the
// control client attached to session.
func checkNow(t *testing.T, s *Server, session string) {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, cc := range s.st.controls {
		if cc.session != nil && cc.session.name == session {
			c := &client{ctx: context.Background(), s: s, st: s.st, stdout: cc.out, control: cc, utf8: true}
			c.checkSubscriptions()
			return
		}
	}
	t.Fatalf("no control client on %s", session)
}

func TestControlSubscriptionsTellOfChanges(t *testing.T) {
	// The test checks them itself, when it wants.
	defer func(d time.Duration) { subscriptionPeriod = d }(subscriptionPeriod)
	subscriptionPeriod = time.Hour
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "main", "-n", "w", "sleep 1000")
	cs := attached(t, s, "attach-session")
	io.WriteString(cs.in, "refresh-client -B name::#{window_name}\nrefresh-client -B p:%0:#{pane_dead}\n")
	cs.reply(t)
	cs.reply(t)
	checkNow(t, s, "main")
	for _, want := range []string{"%subscription-changed name $0 - - - : w", "%subscription-changed p $0 @0 0 %0 : 0"} {
		if got := cs.next(t); got != want {
			t.Fatalf("first check: %q, want %q", got, want)
		}
	}
	// Nothing changed: nothing is written, the next line is a reply.
	checkNow(t, s, "main")
	mustRun(t, s, "rename-window", "-t", "main:0", "renamed")
	if got := cs.next(t); got != "%window-renamed @0 renamed" {
		t.Fatalf("after an unchanged check: %q", got)
	}
	checkNow(t, s, "main")
	if got := cs.next(t); got != "%subscription-changed name $0 - - - : renamed" {
		t.Fatalf("after a change: %q", got)
	}
	// A name alone removes the subscription.
	io.WriteString(cs.in, "refresh-client -B name\n")
	cs.reply(t)
	mustRun(t, s, "rename-window", "-t", "main:0", "again")
	checkNow(t, s, "main")
	mustRun(t, s, "rename-window", "-t", "main:0", "last")
	for _, want := range []string{"%window-renamed @0 again", "%window-renamed @0 last"} {
		if got := cs.next(t); got != want {
			t.Fatalf("after removing: %q, want %q", got, want)
		}
	}
}

func TestControlPausedPaneOutputIsDropped(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "main", "sleep 1000")
	cs := attached(t, s, "attach-session")
	io.WriteString(cs.in, "refresh-client -A %0:pause\n")
	if body, _ := cs.reply(t); strings.Join(body, "|") != "%pause %0" {
		t.Fatalf("pause: %q", body)
	}
	// What the pane's reader hands over while it is paused is dropped.
	s.st.paneOutput(0, []byte("hidden"))
	io.WriteString(cs.in, "refresh-client -A %0:continue\n")
	if body, _ := cs.reply(t); strings.Join(body, "|") != "%continue %0" {
		t.Fatalf("continue: %q", body)
	}
	s.st.paneOutput(0, []byte("shown"))
	if got := cs.next(t); got != "%output %0 shown" {
		t.Fatalf("after continue: %q", got)
	}
}

func TestControlPauseAfterPausesOldOutput(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "main", "sleep 1000")
	cs := attached(t, s, "attach-session", "-f", "pause-after=2")
	s.st.paneOutput(0, []byte("fresh"))
	if got := cs.next(t); !regexp.MustCompile(`^%extended-output %0 [0-9]+ : fresh$`).MatchString(got) {
		t.Fatalf("fresh output: %q", got)
	}
	// Output that waited two seconds for the client, as if it had been
	// slow to read, pauses the pane instead; what follows is dropped.
	s.st.outMu.Lock()
	for _, cc := range s.st.outClients {
		cc.output = append(cc.output, paneChunk{0, []byte("old"), time.Now().Add(-2 * time.Second)}, paneChunk{0, []byte("new"), time.Now()})
		cc.poke()
	}
	s.st.outMu.Unlock()
	if got := cs.next(t); got != "%pause %0" {
		t.Fatalf("old output: %q", got)
	}
	io.WriteString(cs.in, "refresh-client -A %0:continue\n")
	if body, _ := cs.reply(t); strings.Join(body, "|") != "%continue %0" {
		t.Fatalf("continue: %q", body)
	}
}

func TestControlBreakAndJoinPaneNotifications(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "a", "-n", "w", "-x", "80", "-y", "24", "sleep 1000")
	mustRun(t, s, "split-window", "-t", "a:0", "sleep 1000")
	cs := attached(t, s, "attach-session", "-t", "a")
	// As in TestControlLayoutChanges.
	layout := func(target string) string {
		return strings.TrimSuffix(mustRun(t, s, "display", "-p", "-t", target,
			"%%layout-change #{window_id} #{window_layout} #{window_visible_layout} #{window_raw_flags}"), "\n")
	}
	// The active pane leaves: its window hands over, tells of its
	// layout, then the new window of its name, place and selection.
	mustRun(t, s, "break-pane", "-n", "b", "-s", "a:0.1")
	want := []string{"%window-pane-changed @0 %0", layout("a:0"), "%window-renamed @1 b", "%window-add @1", "%session-window-changed $0 @1"}
	// Joining it back empties its window, which goes (unlinked from
	// the client's session by the time it is told); the target window
	// tells of its layout.
	mustRun(t, s, "join-pane", "-d", "-s", "a:1", "-t", "a:0")
	want = append(want, "%session-window-changed $0 @0", "%unlinked-window-close @1", layout("a:0"))
	for i, w := range want {
		if got := cs.next(t); got != w {
			t.Fatalf("notification %d: %q, want %q", i, got, w)
		}
	}
}
