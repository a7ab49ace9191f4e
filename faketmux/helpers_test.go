package faketmux

import (
	"bytes"
	"context"
	"os"
	"slices"
	"strings"
	"testing"
)

// The servers the tests start take their environment from the process's,
// where $VISUAL or $EDITOR would choose vi keys for copy mode, as tmux
// does; the tests expect tmux's default keys.
func init() {
	os.Unsetenv("VISUAL")
	os.Unsetenv("EDITOR")
}

// run runs one command line on s and returns its output and status. The
// client has UTF-8 (tmux's -u), so that what it prints does not depend on
// the locale the tests run in.
func run(t *testing.T, s *Server, stdin string, args ...string) (stdout, stderr string, rc int) {
	t.Helper()
	var out, errb bytes.Buffer
	rc = s.Exec(context.Background(), Call{Args: args, Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb, UTF8: true})
	return out.String(), errb.String(), rc
}

// startWith runs a command line that starts the server with config, as a
// client whose configuration files held those lines, and fails the test
// unless it succeeds.
func startWith(t *testing.T, s *Server, config [][]string, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if rc := s.Exec(context.Background(), Call{Args: args, Stdout: &out, Stderr: &errb, UTF8: true, Config: []ConfigFile{{Lines: config}}}); rc != 0 {
		t.Fatalf("%q: exit %d, stderr %q", args, rc, errb.String())
	}
	return out.String()
}

// mustRun fails the test unless the command line succeeds.
func mustRun(t *testing.T, s *Server, args ...string) string {
	t.Helper()
	out, errs, rc := run(t, s, "", args...)
	if rc != 0 {
		t.Fatalf("%q: exit %d, stderr %q", args, rc, errs)
	}
	return out
}

// started is a server with one detached session running cat.
func started(t *testing.T) *Server {
	t.Helper()
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "main", "cat")
	return s
}

// mustFail checks that a command line fails as tmux does: exit status 1
// and want as the one line on standard error.
func mustFail(t *testing.T, s *Server, want string, args ...string) {
	t.Helper()
	if _, errs, rc := run(t, s, "", args...); rc != 1 || errs != want+"\n" {
		t.Errorf("%q: exit %d, stderr %q; want 1, %q", args, rc, errs, want)
	}
}

// checkPlaces fails t when a session's tree of window indexes, which
// decides the order of a destroyed session's notifications, has other
// indexes than its windows.
func checkPlaces(t *testing.T, s *Server) {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.st == nil {
		return
	}
	for _, sess := range s.st.sessions {
		var want []int
		for _, w := range sess.winlinks {
			want = append(want, w.index)
		}
		if got := sess.places.Keys(); !slices.Equal(got, want) {
			t.Errorf("session %s: its tree has indexes %v, its windows %v", sess.name, got, want)
		}
	}
}
