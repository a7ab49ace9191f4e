package faketmux

import (
	"strings"
	"testing"
)

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
		{[]string{"-p", "-t", "main:0.7", "remain-on-exit", "on"}, "no such pane: main:0.7"},
		{[]string{"-g", "stat", "on"}, "ambiguous option: stat"},
		{[]string{"-g", "status-format[x]", "a"}, "ambiguous option: status-format[x]"},
		{[]string{"-g", "base-index[0]", "1"}, "not an array: base-index[0]"},
		{[]string{"-g", "@u[0]", "1"}, "not an array: @u[0]"},
		{[]string{"-g", "@u"}, "empty value"},
		{[]string{"-g", "prefix", "x-y"}, "bad key: x-y"},
		{[]string{"-g", "status-bg", "colour256"}, "bad colour: colour256"},
		{[]string{"-g", "status-style", "fg=red,blinky"}, "invalid style: fg=red,blinky"},
		{[]string{"-g", "pane-colours[1]", "nope"}, "bad colour: nope"},
		{[]string{"-og", "update-environment[0]", "X"}, "already set: update-environment[0]"},
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
	if got := mustRun(t, s, "show-options", "-s", "exit-empty", ";", "show-options", "-s", "terminal-features"); got != "exit-empty on\nterminal-features[0] xterm*:clipboard:ccolour:cstyle:focus:title\nterminal-features[1] screen*:title\n" {
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

// The values below are tmux 3.3a's answers (the differential cases check
// them against tmux itself).
func TestOptionValueForms(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	for _, tc := range []struct{ option, value, want string }{
		{"prefix", "C-a", "C-a"},
		{"prefix", "^B", "C-b"},
		{"prefix", "M-C-x", "M-C-x"},
		{"prefix", "C-Space", "C-Space"},
		{"prefix", "PgUp", "PPage"},
		{"prefix", "C-?", "C-?"},
		{"prefix", "C-1", "C-1"},
		{"prefix", "none", "None"},
		{"prefix", "é", "é"},
		{"prefix", "C-Tab", "C-Tab"},
		{"status-bg", "#AbCdEf", "#abcdef"},
		{"status-bg", "color7", "colour7"},
		{"status-bg", "94", "brightblue"},
		{"status-bg", "RED", "red"},
		{"status-bg", "AliceBlue", "#f0f8ff"},
		{"status-bg", "grey50", "#7f7f7f"},
		{"status-style", "range=foo align=left", "range=foo align=left"},
		{"status-style", "nobold,noblink|dim", "nobold,noblink|dim"},
		{"status-style", "#{?x,fg=red,zz}", "#{?x,fg=red,zz}"},
	} {
		mustRun(t, s, "set-option", "-g", tc.option, tc.value)
		if got := mustRun(t, s, "show-options", "-gv", tc.option); got != tc.want+"\n" {
			t.Errorf("%s %q shows as %q, want %q", tc.option, tc.value, got, tc.want)
		}
	}
	for _, bad := range [][2]string{{"prefix", "F13"}, {"prefix", "C-"}, {"prefix", "x-y"}, {"status-bg", "colour300"},
		{"status-bg", "none"}, {"status-bg", "grey101"}, {"status-style", "range=window|x"}, {"status-style", "bold|"}, {"status-style", "fg="}} {
		if _, _, rc := run(t, s, "", "set-option", "-g", bad[0], bad[1]); rc != 1 {
			t.Errorf("%s %q was taken", bad[0], bad[1])
		}
	}
}

func TestOptionInheritance(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "split-window", "-d", "-t", "main:0")
	mustRun(t, s, "set-option", "-w", "-t", "main:0", "remain-on-exit", "on")
	mustRun(t, s, "set-option", "-p", "-t", "main:0.1", "remain-on-exit", "failed")
	for args, want := range map[string]string{
		"-p -t main:0.1 -A remain-on-exit": "remain-on-exit failed\n",
		"-p -t main:0.0 -A remain-on-exit": "remain-on-exit* on\n",
		"-p -t main:0.0 remain-on-exit":    "",
		"-A -t main base-index":            "base-index* 0\n",
		"-t main @u":                       "",
	} {
		argv := append([]string{"show-options", "-q"}, strings.Fields(args)...)
		if got := mustRun(t, s, argv...); got != want {
			t.Errorf("show-options %s = %q, want %q", args, got, want)
		}
	}
	// -U unsets the option in the window's panes too.
	mustRun(t, s, "set-option", "-U", "-w", "-t", "main:0", "remain-on-exit")
	if got := mustRun(t, s, "show-options", "-p", "-t", "main:0.1", ";", "show-options", "-w", "-t", "main:0"); got != "" {
		t.Errorf("after -U: %q", got)
	}
}

func TestArrayOptions(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "set-option", "-g", "update-environment[2]", "FOO")
	mustRun(t, s, "set-option", "-ga", "update-environment", "A B,C")
	mustRun(t, s, "set-option", "-gu", "update-environment[1]")
	want := "DISPLAY\nFOO\nSSH_AUTH_SOCK\nSSH_AGENT_PID\nSSH_CONNECTION\nWINDOWID\nXAUTHORITY\nA\nB\nC\n"
	if got := mustRun(t, s, "show-options", "-gv", "update-environment"); got != want {
		t.Errorf("update-environment = %q, want %q", got, want)
	}
	if got := mustRun(t, s, "show-options", "-g", "update-environment[9]"); got != "update-environment[9] B\n" {
		t.Errorf("update-environment[9] = %q", got)
	}
	// -u on a global array brings the defaults back.
	mustRun(t, s, "set-option", "-gu", "update-environment")
	if got := mustRun(t, s, "show-options", "-gv", "update-environment[1]"); got != "KRB5CCNAME\n" {
		t.Errorf("after -u: %q", got)
	}
	// A session's own array, emptied, is still set.
	mustRun(t, s, "set-option", "-t", "main", "update-environment", "X")
	mustRun(t, s, "set-option", "-u", "-t", "main", "update-environment[0]")
	if got := mustRun(t, s, "show-options", "-t", "main"); got != "update-environment\n" {
		t.Errorf("emptied array = %q", got)
	}
}

func TestHooks(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "set-hook", "-g", "after-new-window", `display -p "#{hook} [#{hook_arguments}] #{hook_flag_n} #{window_name}"`)
	mustRun(t, s, "set-hook", "-ga", "after-new-window", "selectp -t:0 -d -e;; neww -n 'x y' # comment")
	if got := mustRun(t, s, "show-hooks", "-g", "after-new-window"); got != `after-new-window[0] display-message -p "#{hook} [#{hook_arguments}] #{hook_flag_n} #{window_name}"`+"\n"+
		`after-new-window[1] select-pane -de -t :0 ; new-window -n "x y"`+"\n" {
		t.Errorf("show-hooks = %q", got)
	}
	mustRun(t, s, "set-hook", "-gu", "after-new-window[1]")
	// The hook runs after its command, before the rest of the line, with
	// the new window as its current target; its commands run no hooks.
	if got := mustRun(t, s, "new-window", "-d", "-n", "w", ";", "display-message", "-p", "next"); got != "after-new-window [-d -n w] w w\nnext\n" {
		t.Errorf("hook output = %q", got)
	}
	// A failing hook command fails the client but not the rest of the line.
	mustRun(t, s, "set-hook", "-g", "after-list-sessions", "kill-session -t nosuch ; display -p skipped")
	out, errOut, rc := run(t, s, "", "list-sessions", "-F", "#{session_name}", ";", "display-message", "-p", "after")
	if out != "main\nafter\n" || errOut != "can't find session: nosuch\n" || rc != 1 {
		t.Errorf("failing hook: %q %q %d", out, errOut, rc)
	}
	mustFail(t, s, "unknown command: nosuch", "set-hook", "-g", "after-new-window", "nosuch")
	mustFail(t, s, "command display-message: unknown flag -x", "set-hook", "-g", "after-new-window", "display -x")
	mustFail(t, s, "invalid option: after-nope", "set-hook", "-g", "after-nope", "x")
	mustFail(t, s, "ambiguous option: after-new", "set-hook", "-g", "after-new", "x")
	// -R runs a hook at once.
	mustRun(t, s, "set-hook", "-g", "after-show-options", `display -p "#{hook}"`)
	if got := mustRun(t, s, "set-hook", "-R", "after-show-options"); got != "after-show-options\n" {
		t.Errorf("set-hook -R = %q", got)
	}
}

// TestOptionPatterns checks fnmatch as options use it: default-size's
// pattern and update-environment's items.
func TestOptionPatterns(t *testing.T) {
	for _, tc := range []struct {
		pattern, name string
		fold, want    bool
	}{
		{"[0-9]*x[0-9]*", "80x24", false, true},
		{"[0-9]*x[0-9]*", "8/0x2", false, true},
		{"[0-9]*x[0-9]*", "x24", false, false},
		{"LC_*", "LC_ALL", false, true},
		{"lc_*", "LC_ALL", true, true},
		{"lc_*", "LC_ALL", false, false},
		{"A?C", "ABC", false, true},
		{"[!a]b", "ab", false, false},
		{"[!a]b", "cb", false, true},
		{`a\*`, "a*", false, true},
		{`a\*`, "ab", false, false},
		{"[x", "[x", false, true},
		{"a[", "a[", false, true},
		{"[]a]", "]", false, true},
	} {
		if got := fnmatch(tc.pattern, tc.name, tc.fold); got != tc.want {
			t.Errorf("fnmatch(%q, %q, %v) = %v", tc.pattern, tc.name, tc.fold, got)
		}
	}
}

func TestEventHooks(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	for hook, record := range map[string]string{
		"session-created": "#{hook}:#{hook_session_name}:#{session_name}",
		"session-closed":  "#{hook}:#{hook_session_name}:#{session_name}",
		"window-linked":   "#{hook}:#{hook_session_name}:#{hook_window_name}",
		"window-renamed":  "#{hook}:[#{hook_session_name}]:#{hook_window_name}:#{session_name}",
		// A hook's commands raise no notifications: this rename runs no
		// session-renamed hook.
		"session-renamed": "#{hook}",
	} {
		mustRun(t, s, "set-hook", "-g", hook, `set -gaF @h " `+record+`"`)
	}
	mustRun(t, s, "set-hook", "-ga", "window-renamed", "rename-session -t other renamed")
	mustRun(t, s, "new-session", "-d", "-s", "other", "-n", "w")
	mustRun(t, s, "rename-window", "-t", "other:w", "x")
	mustRun(t, s, "kill-session", "-t", "renamed")
	want := " window-linked:other:w session-created:other:other window-renamed:[]:x:other session-closed:renamed:main\n"
	if got := mustRun(t, s, "show-options", "-gv", "@h"); got != want {
		t.Errorf("hooks ran as %q, want %q", got, want)
	}
}
