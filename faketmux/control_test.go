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
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	cs := &controlSession{in: inW, lines: make(chan string, 100), rc: make(chan int, 1)}
	go func() {
		rc := s.Exec(context.Background(), Call{Args: args, Stdin: inR, Stdout: outW, UTF8: true, Control: 1, ParseLine: splitWords, PID: 42})
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
	cs := startControl(t, s, "attach-session")
	cs.reply(t)
	cs.next(t)
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
