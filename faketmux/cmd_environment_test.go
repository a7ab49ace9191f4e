package faketmux

import "testing"

func TestSetAndShowEnvironment(t *testing.T) {
	withFakePrograms(t, false)
	s := RunT(t)
	// -E: no update-environment variables to list.
	mustRun(t, s, "new-session", "-d", "-E", "-s", "main", "cat")
	mustRun(t, s, "set-environment", "B", "b", ";", "setenv", "-h", "H", "h", ";", "setenv", "-r", "A")
	mustRun(t, s, "set-environment", "-F", "F", "#{session_name}")
	if got, want := mustRun(t, s, "show-environment"), "-A\nB=b\nF=main\n"; got != want {
		t.Errorf("show-environment = %q, want %q", got, want)
	}
	if got, want := mustRun(t, s, "show-environment", "-h"), "H=h\n"; got != want {
		t.Errorf("show-environment -h = %q, want %q", got, want)
	}
	if got, want := mustRun(t, s, "show-environment", "-s"), "unset A;\nB=\"b\"; export B;\nF=\"main\"; export F;\n"; got != want {
		t.Errorf("show-environment -s = %q, want %q", got, want)
	}
	// A hidden variable named without -h prints nothing, and succeeds.
	if got := mustRun(t, s, "show-environment", "H"); got != "" {
		t.Errorf("show-environment H = %q, want nothing", got)
	}
	// -r keeps a hidden variable hidden; -u forgets it.
	mustRun(t, s, "set-environment", "-r", "H")
	if got := mustRun(t, s, "show-environment", "-h", "H"); got != "-H\n" {
		t.Errorf("show-environment -h H after -r = %q", got)
	}
	mustRun(t, s, "set-environment", "-u", "H")
	mustFail(t, s, "unknown variable: H", "show-environment", "-h", "H")
}

func TestShowEnvironmentQuotesForTheShell(t *testing.T) {
	s := started(t)
	mustRun(t, s, "set-environment", "-g", "V", "a \"b\" $c `d` e\\f\ng")
	want := "V=\"a \\\"b\\\" \\$c \\`d\\` e\\\\f\ng\"; export V;\n"
	if got := mustRun(t, s, "show-environment", "-gs", "V"); got != want {
		t.Errorf("show-environment -gs V = %q, want %q", got, want)
	}
}

func TestEnvironmentErrors(t *testing.T) {
	s := started(t)
	mustFail(t, s, errEmptyVariableName, "set-environment", "")
	mustFail(t, s, errVariableNameHasEq, "set-environment", "A=B", "c")
	mustFail(t, s, "no such session: nope", "set-environment", "-t", "nope", "A", "b")
	mustFail(t, s, "no such session: nope", "show-environment", "-g", "-t", "nope")
	mustFail(t, s, errValueWithUnset, "set-environment", "-u", "A", "b")
	mustFail(t, s, errValueWithRemove, "set-environment", "-r", "A", "b")
	mustFail(t, s, errNoValueSpecified, "set-environment", "A")
	mustFail(t, s, "unknown variable: NOPE", "show-environment", "NOPE")
	// -g needs no session, even when -t names none.
	mustRun(t, s, "set-environment", "-g", "-t", "nope", "A", "b")
	mustFail(t, s, errNoCurrentSession, "kill-session", ";", "show-environment")
}

// TestSetEnvironmentReachesNewPanes checks tmux's spawn rules: the session's
// variables win over the global ones, and removed and hidden variables stay
// out of the pane.
func TestSetEnvironmentReachesNewPanes(t *testing.T) {
	got := lastPaneOptions(t)
	s := started(t)
	mustRun(t, s, "set-environment", "-g", "G", "g", ";", "setenv", "-g", "GONE", "x", ";", "setenv", "-gh", "HID", "h")
	mustRun(t, s, "set-environment", "G", "session", ";", "setenv", "-r", "GONE", ";", "setenv", "-g", "-r", "HOME")
	mustRun(t, s, "new-window", "-d")
	if v := lookupEnv(got.Env, "G"); v != "session" {
		t.Errorf("G=%q, want the session's value", v)
	}
	for _, name := range []string{"GONE", "HID", "HOME"} {
		if _, ok := lookupEnvOK(got.Env, name); ok {
			t.Errorf("%s reached the pane: %q", name, got.Env)
		}
	}
}

// lastPaneOptions records what the last pane started was given.
func lastPaneOptions(t *testing.T) *paneOptions {
	var got paneOptions
	old := startProgram
	startProgram = func(o paneOptions) (program, error) {
		got = o
		return newFakeProgram(o, false, 0), nil
	}
	t.Cleanup(func() { startProgram = old })
	return &got
}

// TestNewSessionUpdatesEnvironment checks update-environment at
// new-session: the client's values, the variables it lacks removed, -e
// after them, nothing with -E, and nothing for a session the configuration
// makes, which has no client.
func TestNewSessionUpdatesEnvironment(t *testing.T) {
	withFakePrograms(t, false)
	s := RunT(t)
	config := []ConfigFile{{Lines: [][]string{{"new-session", "-d", "-s", "cfg"}}}}
	if rc := s.Exec(t.Context(), Call{
		Args: []string{"new-session", "-d", "-s", "a", "-e", "WINDOWID=e"},
		Env:  []string{"DISPLAY=:1", "WINDOWID=7", "HOME=/h"}, Config: config,
	}); rc != 0 {
		t.Fatalf("new-session: exit %d", rc)
	}
	want := "DISPLAY=:1\n-KRB5CCNAME\n-SSH_AGENT_PID\n-SSH_ASKPASS\n-SSH_AUTH_SOCK\n-SSH_CONNECTION\nWINDOWID=e\n-XAUTHORITY\n"
	if got := mustRun(t, s, "show-environment", "-t", "a"); got != want {
		t.Errorf("show-environment -t a = %q, want %q", got, want)
	}
	if got := mustRun(t, s, "show-environment", "-t", "cfg"); got != "" {
		t.Errorf("the configuration's session has %q", got)
	}
	mustRun(t, s, "new-session", "-d", "-E", "-s", "e")
	if got := mustRun(t, s, "show-environment", "-t", "e"); got != "" {
		t.Errorf("new-session -E has %q", got)
	}
}

// TestFormatSeesRemovedVariable checks tmux's format_find: a variable
// removed from the session is found there, and gives nothing.
func TestFormatSeesRemovedVariable(t *testing.T) {
	s := started(t)
	mustRun(t, s, "set-environment", "-g", "V", "global", ";", "set-environment", "-g", "W", "global")
	mustRun(t, s, "set-environment", "-r", "V", ";", "set-environment", "-h", "W", "hidden")
	if got := mustRun(t, s, "display-message", "-p", "[#{V}] [#{W}]"); got != "[] [hidden]\n" {
		t.Errorf("formats = %q", got)
	}
}
