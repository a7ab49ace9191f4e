package server_test

import (
	"strings"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/server"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
)

// TestInstructionsReachTheClient: the client gets the instructions when it
// connects, with the tier and, inside tmux, the server's own pane.
func TestInstructionsReachTheClient(t *testing.T) {
	srv, err := server.New(server.Config{Safety: server.TierDestructive, Caller: server.ParseCaller("/tmp/tmux-1000/work,123,0", "%4")})
	if err != nil {
		t.Fatal(err)
	}
	got := servertest.Connect(t, srv).InitializeResult().Instructions
	for _, want := range []string{"Safety tier: destructive", "HOOKS ARE READ-ONLY", "tmux pane %4 (socket work)"} {
		if !strings.Contains(got, want) {
			t.Errorf("instructions lack %q: %q", want, got)
		}
	}
}
