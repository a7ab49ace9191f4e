package faketmux

import "testing"

func TestSetOptionValidates(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-g", "nope", "1"}, "invalid option: nope"},
		{[]string{"-g", "base-index"}, "empty value"},
		{[]string{"-g", "base-index", "x"}, "value is invalid: x"},
		{[]string{"-g", "base-index", "-1"}, "value is too small: -1"},
		{[]string{"-g", "buffer-limit", "2147483648"}, "value is too large: 2147483648"},
		{[]string{"-g", "exit-empty", "maybe"}, "bad value: maybe"},
		{[]string{"-g", "remain-on-exit", "sometimes"}, "unknown value: sometimes"},
		{[]string{"-g", "default-size", "big"}, "value is invalid: big"},
		{[]string{"-g", "default-shell", "sh"}, "not a suitable shell: sh"},
		{[]string{"-g", "default-shell", "/usr/local/bin/tmux"}, "not a suitable shell: /usr/local/bin/tmux"},
		{[]string{"-t", "nope", "base-index", "1"}, "no such session: nope"},
		{[]string{"-w", "-t", "main:9", "pane-base-index", "1"}, "no such window: main:9"},
		{[]string{"-og", "base-index", "1"}, "already set: base-index"},
		{[]string{"-p", "remain-on-exit", "on"}, "faketmux: pane options (-p) is not supported"},
	} {
		args := append([]string{"set-option"}, tc.args...)
		mustFail(t, s, tc.want, args...)
	}
	// -q hides what is not found, and -o on a value already set.
	mustRun(t, s, "set-option", "-q", "nope", "1")
	mustRun(t, s, "set-option", "-qog", "base-index", "1")
	mustRun(t, s, "set-option", "-qt", "nope", "base-index", "1")
}

func TestSetOptionValues(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	for _, tc := range []struct {
		set  []string
		show string
		want string
	}{
		{[]string{"-g", "escape-time", " +7"}, "escape-time", "7"},
		{[]string{"-g", "exit-empty", "NO"}, "exit-empty", "off"},
		{[]string{"-g", "exit-empty"}, "exit-empty", "on"},
		{[]string{"-g", "remain-on-exit", "failed"}, "remain-on-exit", "failed"},
		// Only the first two choices toggle.
		{[]string{"-g", "remain-on-exit"}, "remain-on-exit", "failed"},
		{[]string{"-g", "remain-on-exit", "on"}, "remain-on-exit", "on"},
		{[]string{"-g", "remain-on-exit"}, "remain-on-exit", "off"},
		{[]string{"-g", "default-command", "a"}, "default-command", "a"},
		{[]string{"-ag", "default-command", "b"}, "default-command", "ab"},
		{[]string{"-Fg", "default-command", "#{session_name}"}, "default-command", "main"},
		{[]string{"-ug", "default-command"}, "default-command", ""},
		{[]string{"-g", "#{?session_name,base-index,x}", "4"}, "base-index", "4"},
	} {
		mustRun(t, s, append([]string{"set-option"}, tc.set...)...)
		if got := mustRun(t, s, "show-options", "-gv", tc.show); got != tc.want+"\n" {
			t.Errorf("after set-option %q: %s is %q, want %q", tc.set, tc.show, got, tc.want)
		}
	}
}

func TestShowOptionsQuotesStrings(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	for value, want := range map[string]string{
		"":       "''",
		"plain":  "plain",
		"a b":    `"a b"`,
		`x"y`:    `'x"y'`,
		"~":      `\~`,
		"#":      `\#`,
		"~/x":    `\~/x`,
		"~/x y":  `"\~/x y"`,
		"a\tb\n": `a\tb\n`,
		"$x y":   `"\$x y"`,
		`a"b c`:  `"a\"b c"`,
		`a\b`:    `a\\b`,
		"é\x01":  `é\001`,
	} {
		mustRun(t, s, "set-option", "-g", "default-command", value)
		if got := mustRun(t, s, "show-options", "-g", "default-command"); got != "default-command "+want+"\n" {
			t.Errorf("default-command %q shows as %q, want %q", value, got, want)
		}
	}
}

func TestOptionScopes(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "new-session", "-d", "-s", "other")
	mustRun(t, s, "set-option", "-t", "main", "base-index", "5")
	mustRun(t, s, "set-option", "-w", "-t", "main:0", "pane-base-index", "1")
	// A session's own set shows only what was set there; the globals
	// show every option of their scope.
	if got := mustRun(t, s, "show-options", "-t", "main"); got != "base-index 5\n" {
		t.Errorf("show-options -t main = %q", got)
	}
	if got := mustRun(t, s, "show-options", "-t", "other"); got != "" {
		t.Errorf("show-options -t other = %q", got)
	}
	if got := mustRun(t, s, "show-options", "-w", "-t", "main:0"); got != "pane-base-index 1\n" {
		t.Errorf("show-options -w -t main:0 = %q", got)
	}
	if got := mustRun(t, s, "show-options", "-s"); got != "buffer-limit 50\ncopy-command ''\ndefault-terminal tmux-256color\nescape-time 500\nexit-empty on\nexit-unattached off\n" {
		t.Errorf("show-options -s = %q", got)
	}
	if got := mustRun(t, s, "show-options", "-t", "main", "base-index", ";", "show-options", "-gv", "base-index"); got != "base-index 5\n0\n" {
		t.Errorf("session and global base-index = %q", got)
	}
	if got := mustRun(t, s, "new-window", "-d", "-t", "main", "-P", "-F", "#{window_index}.#{pane_index}"); got != "5.0\n" {
		t.Errorf("new window in main = %q", got)
	}
	if got := mustRun(t, s, "display-message", "-p", "-t", "main:0", "#{pane_index}"); got != "1\n" {
		t.Errorf("pane index with pane-base-index 1 = %q", got)
	}
	mustRun(t, s, "set-option", "-u", "-t", "main", "base-index")
	if got := mustRun(t, s, "show-options", "-t", "main"); got != "" {
		t.Errorf("after -u: %q", got)
	}
}

func TestExitUnattachedEndsTheServer(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "set-option", "-s", "exit-unattached", "on", ";", "list-sessions")
	if s.Running() {
		t.Fatal("no client is attached, yet the server kept running with exit-unattached on")
	}
	s = started(t)
	mustRun(t, s, "set-option", "-s", "exit-empty", "off", ";", "set-option", "-s", "exit-unattached", "on")
	if !s.Running() {
		t.Fatal("exit-empty off should keep the server")
	}
}
