package server_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/server"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
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

// TestControlListenerOutlivesItsSession: a wait on a pane of session A
// leaves a listener attached to A; killing A makes tmux end that
// listener, and a wait on a pane of session B, made meanwhile, starts
// another. tmux 3.3a crashes (a segfault, every session of the user with
// it) when a control client connects while another is ending, so the new
// listener must wait for the old one to have gone. Each round kills
// several sessions that have listeners while waits start on as many new
// sessions, all at once, as an agent's parallel calls do; every other
// round the command client is on one of the killed sessions too. Every
// call succeeds, and tmux is still there at the end.
func TestControlListenerOutlivesItsSession(t *testing.T) {
	e, d := controlEnv(t, server.DefaultTimeout)
	e.connect(func(c *server.Config) { c.Tmux, c.Safety = d, server.TierDestructive })
	e.load("attach") // the command client attaches to main, the only session
	const width, rounds = 3, 15
	n := 0
	// Sessions whose pane says "ready" again and again, for a wait to see
	// whenever it starts.
	newSessions := func() (panes, sessions []string) {
		for range width {
			n++
			ids := strings.Fields(e.mustTmux("new-session", "-d", "-s", fmt.Sprint("s", n), "-P", "-F", "#{pane_id} #{session_id}", "while :; do echo ready; sleep 0.1; done"))
			panes, sessions = append(panes, ids[0]), append(sessions, ids[1])
		}
		return panes, sessions
	}
	check := func(what string, res *mcp.CallToolResult, field string) {
		t.Helper()
		if res.IsError || field != "" && structured(res)[field] != true {
			t.Fatalf("%s: %s", what, servertest.ResultText(res))
		}
	}
	waitOn := func(pane string) <-chan *mcp.CallToolResult {
		return e.callAsync(t.Context(), "wait_for_text", map[string]any{"patterns": []string{"ready"}, "pane_id": pane, "timeout": 20})
	}
	panes, sessions := newSessions()
	for _, p := range panes {
		check("waiting on "+p, <-waitOn(p), "found")
	}
	for round := range rounds {
		nextPanes, nextSessions := newSessions()
		if round%2 == 1 {
			// The command client goes to a session about to be killed,
			// to end with its listener: the next calls start a command
			// client, and listeners, while both are ending.
			for _, c := range strings.Split(strings.TrimSpace(e.mustTmux("list-clients", "-F", "#{client_name} #{client_flags}")), "\n") {
				if name, flags, _ := strings.Cut(c, " "); strings.Contains(flags, "no-output") {
					e.mustTmux("switch-client", "-c", name, "-t", sessions[0])
				}
			}
		}
		var kills, waits []<-chan *mcp.CallToolResult
		for i := range width {
			kills = append(kills, e.callAsync(t.Context(), "kill_session", map[string]any{"session_id": sessions[i]}))
			waits = append(waits, waitOn(nextPanes[i]))
		}
		for i := range width {
			check("killing "+sessions[i], <-kills[i], "")
			check("waiting on "+nextPanes[i], <-waits[i], "found")
		}
		// Each wait had its listener, rather than polling for want of one.
		clients := e.mustTmux("list-clients", "-F", "#{session_id} #{client_flags}")
		for _, s := range nextSessions {
			if !strings.Contains(clients, s+" attached,focused,control-mode,ignore-size,read-only") {
				t.Fatalf("no listener on %s among the clients:\n%s", s, clients)
			}
		}
		sessions = nextSessions
	}
	e.mustTmux("has-session", "-t", sessions[0])
	e.mustTmux("has-session", "-t", "main")
}

// TestControlListenerStartsAmidRenames: tmux 3.3a also crashes when a
// control client connects while tmux tells every control client that a
// session was renamed (or made, or ended, or a window or pane selected),
// with no client ending at all. A listener's start waits for the lines
// of ours in flight and holds the others until it has attached, so that
// calls renaming a session while waits start on new sessions are safe.
func TestControlListenerStartsAmidRenames(t *testing.T) {
	e, d := controlEnv(t, server.DefaultTimeout)
	onControl(e, d, server.DefaultTimeout)
	e.load("attach")
	stop := make(chan struct{})
	renamed := make(chan error, 1)
	go func() {
		for i := 0; ; i++ {
			select {
			case <-stop:
				renamed <- nil
				return
			default:
			}
			names := []string{"main", "main-renamed"}
			res, err := e.client.CallTool(t.Context(), &mcp.CallToolParams{Name: "rename_session", Arguments: map[string]any{"session_id": "$0", "new_name": names[(i+1)%2]}})
			if err == nil && res.IsError {
				err = fmt.Errorf("%s", servertest.ResultText(res))
			}
			if err != nil {
				renamed <- err
				return
			}
		}
	}()
	for i := range 15 {
		ids := strings.Fields(e.mustTmux("new-session", "-d", "-s", fmt.Sprint("s", i), "-P", "-F", "#{pane_id}", "while :; do echo ready; sleep 0.1; done"))
		res := <-e.callAsync(t.Context(), "wait_for_text", map[string]any{"patterns": []string{"ready"}, "pane_id": ids[0], "timeout": 20})
		if res.IsError || structured(res)["found"] != true {
			t.Fatalf("waiting on %s: %s", ids[0], servertest.ResultText(res))
		}
	}
	close(stop)
	if err := <-renamed; err != nil {
		t.Fatalf("renaming: %v", err)
	}
	e.mustTmux("has-session", "-t", "$0")
}
