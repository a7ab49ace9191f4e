package faketmux

import "testing"

// RunT returns a new Server for one test and closes it, ending every pane's
// program, when the test ends. Its socket path is a name under the test's
// temporary directory, so messages that print it are stable per test.
func RunT(t testing.TB) *Server {
	t.Helper()
	s := New(Options{SocketPath: t.TempDir() + "/default"})
	t.Cleanup(func() { s.Close() })
	return s
}
