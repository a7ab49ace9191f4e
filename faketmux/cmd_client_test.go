package faketmux

import (
	"io"
	"reflect"
	"strings"
	"testing"
)

// Every command that needs a terminal client looks for it before its
// targets: without one, or with -c/-t naming none, it fails so.
func TestTerminalCommandsNeedAClient(t *testing.T) {
	s := started(t)
	for _, args := range [][]string{
		{"display-menu", "-t", "nope", "x"}, {"display-popup", "-t", "nope"}, {"display-panes"},
		{"command-prompt"}, {"confirm-before", "ls"}, {"lock-client"}, {"suspend-client"},
		{"switch-client", "-t", "nope"}, {"refresh-client", "-C", "bad"}, {"detach-client"},
	} {
		mustFail(t, s, "no current client", args...)
	}
	mustFail(t, s, "can't find client: c9", "display-menu", "-c", "c9", "x")
	mustFail(t, s, "can't find client: c9", "confirm-before", "-t", "c9", "ls")
}

// A control client is the target of another client's switch-client -c,
// and goes back with -l.
func TestSwitchClientFromAnotherClient(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "a", "sleep 1000")
	mustRun(t, s, "new-session", "-d", "-s", "b", "sleep 1000")
	cs := startControl(t, s, "attach-session", "-t", "a")
	cs.reply(t)
	cs.next(t) // %session-changed
	mustRun(t, s, "switch-client", "-c", "client-42", "-t", "b")
	if got := mustRun(t, s, "list-clients", "-F", "#{client_session} #{client_key_table}"); got != "b root\n" {
		t.Errorf("after switch-client -t b: %q", got)
	}
	mustRun(t, s, "switch-client", "-c", "client-42", "-T", "prefix")
	mustRun(t, s, "switch-client", "-c", "client-42", "-l")
	if got := mustRun(t, s, "list-clients", "-F", "#{client_session} #{client_key_table}"); got != "a root\n" {
		t.Errorf("after switch-client -l: %q", got)
	}
	mustRun(t, s, "kill-session", "-t", "b")
	mustFail(t, s, "can't find last session", "switch-client", "-c", "client-42", "-l")
	mustFail(t, s, "can't find next session", "switch-client", "-c", "client-42", "-n")
}

// A prompt, menu or popup holds a control client's queue: nothing more of
// its input runs, and it leaves at the end of it; with -b the prompt does
// not wait.
func TestControlClientHeldByAPrompt(t *testing.T) {
	for _, tc := range []struct {
		line string
		held bool
	}{
		{"command-prompt", true}, {"command-prompt -b", false}, {"confirm-before ls", true},
		{"display-panes -b", false}, {"display-menu x y z", true}, {"display-popup", true},
	} {
		s := RunT(t)
		mustRun(t, s, "new-session", "-d", "-s", "a", "sleep 1000")
		cs := startControl(t, s, "attach-session")
		cs.reply(t)
		cs.next(t) // %session-changed
		io.WriteString(cs.in, tc.line+"\ndisplay-message -p after\n")
		cs.reply(t)
		if !tc.held {
			if body, _ := cs.reply(t); strings.Join(body, "|") != "after" {
				t.Errorf("%s: the next line printed %q", tc.line, body)
			}
		}
		cs.in.Close()
		if got := cs.next(t); got != "%exit" {
			t.Errorf("%s: %q, want %%exit", tc.line, got)
		}
		s.Close()
	}
}

func TestSetClientSize(t *testing.T) {
	for v, want := range map[string]string{
		"80x24": "", "80,24": "", " 80x 24": "", "10000x1": "", "80x24junk": "", "@1:80x24": "", "@1:": "", "@1:5,5x": "",
		"0x24": errSizeRange, "10001x5": errSizeRange, "@1:0x5": errSizeRange,
		"bad": errBadSize, "80": errBadSize, "x24": errBadSize, "@x:": errBadSize, "80x": errBadSize,
	} {
		got := ""
		if _, err := (&controlClient{}).setSize(v); err != nil {
			got = err.Error()
		}
		if got != want {
			t.Errorf("setSize(%q) = %q, want %q", v, got, want)
		}
	}
	// Forgetting a window's size keeps it as none, as tmux keeps its
	// client_window; forgetting one never given changes nothing.
	cc := &controlClient{size: clientSize{sx: 80, sy: 24}}
	for _, step := range []struct {
		v       string
		changed bool
	}{{"100,50", true}, {"@3:60x20", true}, {"@4:70x30", true}, {"@4:", true}, {"@4:", true}, {"@5:", false}} {
		changed, err := cc.setSize(step.v)
		if err != nil || changed != step.changed {
			t.Fatalf("setSize(%q) = %v, %v; want %v, nil", step.v, changed, err, step.changed)
		}
	}
	if want := (clientSize{sx: 100, sy: 50, sized: true, windows: map[int]size{3: {60, 20}, 4: {}}}); !reflect.DeepEqual(cc.size, want) {
		t.Errorf("size %+v, want %+v", cc.size, want)
	}
}

// A client attached to a session of a group formats as that session, though
// its current window is the group's and linked into the other session too:
// as real tmux 3.3a lists it.
func TestListClientsInAGroupedSession(t *testing.T) {
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "a", "sleep 1000")
	mustRun(t, s, "new-session", "-d", "-t", "a", "-s", "b")
	cs := startControl(t, s, "attach-session", "-t", "b")
	cs.reply(t)
	cs.next(t) // %session-changed
	io.WriteString(cs.in, "list-clients -F #{session_name}\n")
	if body, ok := cs.reply(t); !ok || strings.Join(body, "|") != "b" {
		t.Errorf("list-clients in session b: %q (ok %v)", body, ok)
	}
}
