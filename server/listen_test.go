package server_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tmuxbuf/tmuxbuf/server"
)

// TestControlListens: the control backend tells a watcher of its pane's
// output through a listener attached to the pane's session, of no other
// session's, read-only and leaving the session's environment as it was;
// the listener goes once unwatched for its linger, and a watcher learns
// when it goes with its session.
func TestControlListens(t *testing.T) {
	e, d := controlEnv(t, server.DefaultTimeout)
	d.Linger = 50 * time.Millisecond
	d.Env = append(os.Environ(), "DISPLAY=:tmuxbuf-listener") // update-environment would copy it
	e.mustTmux("new-session", "-d", "-s", "other", "sh")
	// A pane that says nothing until it is typed into.
	ids := strings.Fields(e.mustTmux("new-window", "-d", "-t", "main:", "-P", "-F", "#{pane_id} #{session_id}", "cat"))
	pane, session := ids[0], ids[1]
	other := strings.TrimSpace(e.mustTmux("display-message", "-p", "-t", "other:", "#{pane_id}"))
	envBefore := e.mustTmux("show-environment", "-t", "main")

	n, ok := d.Dial("").(server.OutputNotifier)
	if !ok {
		t.Fatal("the control backend does not tell of output")
	}
	wake := make(chan struct{}, 1)
	stop, lost, err := n.NotifyOutput(t.Context(), pane, session, wake)
	if err != nil {
		t.Fatal(err)
	}
	clients := e.mustTmux("list-clients", "-F", "#{session_name} #{client_flags}")
	if !strings.Contains(clients, "main attached,focused,control-mode,ignore-size,read-only") {
		t.Errorf("no read-only listener on main among the clients:\n%s", clients)
	}
	if after := e.mustTmux("show-environment", "-t", "main"); after != envBefore {
		t.Errorf("the listener changed the session's environment:\n%s\nthen\n%s", envBefore, after)
	}

	e.mustTmux("send-keys", "-t", other, "echo elsewhere", "Enter")
	waitFor(t, "the other session's echo", func() (bool, string) {
		screen := e.mustTmux("capture-pane", "-p", "-t", other)
		return strings.Count(screen, "elsewhere") == 2, screen
	})
	select {
	case <-wake:
		t.Error("told of another session's output")
	default:
	}
	e.mustTmux("send-keys", "-t", pane, "echo here", "Enter")
	select {
	case <-wake:
	case <-time.After(20 * time.Second):
		t.Fatal("not told of the pane's output")
	}

	stop()
	waitFor(t, "the unwatched listener to go", func() (bool, string) {
		clients := e.mustTmux("list-clients", "-F", "#{client_flags}")
		return !strings.Contains(clients, "read-only"), clients
	})

	// Its session's end ends it.
	_, lost, err = n.NotifyOutput(t.Context(), other, strings.TrimSpace(e.mustTmux("display-message", "-p", "-t", "other:", "#{session_id}")), make(chan struct{}, 1))
	if err != nil {
		t.Fatal(err)
	}
	e.mustTmux("kill-session", "-t", "other")
	select {
	case <-lost:
	case <-time.After(20 * time.Second):
		t.Fatal("the listener's end was not told")
	}

	// A session that is not there: an error, for the wait to poll.
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	if _, _, err := n.NotifyOutput(ctx, pane, "$99", make(chan struct{}, 1)); err == nil {
		t.Error("listening on a session that is not there")
	}
}
