package faketmux

import (
	"context"
	"io"
	"testing"
	"time"
)

func TestLifecycleMessages(t *testing.T) {
	withFakePrograms(t, false)
	s := New(Options{SocketPath: "/sock"})
	defer s.Close()
	if _, errs, rc := run(t, s, "", "list-buffers"); rc != 1 || errs != "error connecting to /sock (No such file or directory)\n" {
		t.Fatalf("before any server: %d %q", rc, errs)
	}
	mustRun(t, s, "new-session", "-d", "-s", "a")
	done := s.Done()
	mustRun(t, s, "set-buffer", "x", ";", "kill-session", "-t", "a", ";", "list-buffers")
	select {
	case <-done:
	default:
		t.Fatal("server still running after its last session ended")
	}
	if _, errs, rc := run(t, s, "", "list-buffers"); rc != 1 || errs != "no server running on /sock\n" {
		t.Fatalf("after exit: %d %q", rc, errs)
	}
	mustRun(t, s, "new-session", "-d")
	if bufs := s.Buffers(); len(bufs) != 0 {
		t.Fatalf("a new server kept buffers: %+v", bufs)
	}
}

func TestFaults(t *testing.T) {
	s := started(t)
	s.InjectFault(2, Fault{Stderr: "boom\n", Exit: 7})
	for range 2 {
		if _, errs, rc := run(t, s, "", "list-buffers"); rc != 7 || errs != "boom\n" {
			t.Fatalf("fault: %d %q", rc, errs)
		}
	}
	mustRun(t, s, "list-buffers")

	s.InjectFault(1, Fault{Delay: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if rc := s.Run(ctx, []string{"list-buffers"}, nil, io.Discard, io.Discard); rc == 0 {
		t.Fatal("a delayed command ignored its cancelled context")
	}

	s.InjectFault(1, Fault{Crash: true})
	if _, errs, rc := run(t, s, "", "list-buffers"); rc != 1 || errs != "server exited unexpectedly\n" {
		t.Fatalf("crash: %d %q", rc, errs)
	}
	<-s.Done()
	if s.Running() {
		t.Fatal("server runs after a crash")
	}
}

func TestCommandLookup(t *testing.T) {
	// The map shortcut must agree with tmux's scan for every full name.
	for _, e := range cmdTable {
		got, err := cmdFind(e.name)
		if err != nil || got != e {
			t.Errorf("cmdFind(%q) = %v, %v", e.name, got, err)
		}
	}
	if _, err := cmdFind("list-b"); err != nil {
		t.Errorf("unique prefix: %v", err)
	}
	if _, err := cmdFind("li"); err == nil {
		t.Error("ambiguous prefix accepted")
	}
}

func TestSessionTargets(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "new-window", "-d", "-t", "main:3", "-n", "three")
	for target, want := range map[string]string{
		"main":         "main:0.0",
		"main:three":   "main:3.0",
		"main:thr":     "main:3.0",
		"=main:=three": "main:3.0",
		"%1":           "main:3.0",
		"@1":           "main:3.0",
		"$0":           "main:0.0",
		"ma":           "main:0.0",
	} {
		out := mustRun(t, s, "display-message", "-p", "-t", target, "#{session_name}:#{window_index}.#{pane_index}")
		if out != want+"\n" {
			t.Errorf("-t %s = %q, want %q", target, out, want)
		}
	}
	if _, errs, _ := run(t, s, "", "kill-window", "-t", "main:nope"); errs != "can't find window: nope\n" {
		t.Errorf("missing window: %q", errs)
	}
}
