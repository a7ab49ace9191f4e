package faketmux

// Tester is the part of testing.TB that RunT uses. Taking it rather than
// testing.TB keeps the testing package out of the binaries that link this
// package (cmd/faketmux, cmd/tmuxbuf-mcp), as miniredis's RunT does;
// *testing.T, *testing.B and *testing.F satisfy it.
type Tester interface {
	Helper()
	TempDir() string
	Cleanup(func())
}

// RunT returns a new Server for one test and closes it, ending every pane's
// program, when the test ends. Its socket path is a name under the test's
// temporary directory, so messages that print it are stable per test.
func RunT(t Tester) *Server {
	t.Helper()
	s := New(Options{SocketPath: t.TempDir() + "/default"})
	t.Cleanup(func() { s.Close() })
	return s
}
