package faketmux

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// run runs one command line on s and returns its output and status.
func run(t *testing.T, s *Server, stdin string, args ...string) (stdout, stderr string, rc int) {
	t.Helper()
	var out, errb bytes.Buffer
	rc = s.Run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), rc
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
