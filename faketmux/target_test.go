package faketmux

import "testing"

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
