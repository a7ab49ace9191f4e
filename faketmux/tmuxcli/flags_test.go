package tmuxcli

import (
	"bytes"
	"reflect"
	"testing"
)

// The messages and exit statuses here are tmux 3.3a's, checked by hand
// against the real binary; the differential test checks a subset of them
// against tmux on every run where it is installed.
func TestParseGlobals(t *testing.T) {
	const usage = "usage: tmux [-2CDlNuvV] [-c shell-command] [-f file] [-L socket-name]\n" +
		"            [-S socket-path] [-T features] [command [flags]]\n"
	for _, tc := range []struct {
		argv           []string
		want           Globals
		stdout, stderr string
		exit           int
		done           bool
	}{
		{argv: []string{"ls"}, want: Globals{Args: []string{"ls"}}},
		{argv: []string{"-L", "x", "-f", "a", "-fb", "new", "-d"},
			want: Globals{Label: "x", HasLabel: true, Configs: []string{"a", "b"}, Args: []string{"new", "-d"}}},
		{argv: []string{"-uNLsock", "ls"}, want: Globals{Label: "sock", HasLabel: true, NoStartServer: true, UTF8: true, Args: []string{"ls"}}},
		{argv: []string{"-S", "/p", "-L", "ignored"}, want: Globals{Path: "/p", HasPath: true, Label: "ignored", HasLabel: true, Args: []string{}}},
		{argv: []string{"-L", "-u"}, want: Globals{Label: "-u", HasLabel: true, Args: []string{}}},
		{argv: []string{"-2", "-q", "-v", "-T", "256", "-l", "--", "-x"}, want: Globals{Login: true, Features: 1, Args: []string{"-x"}}},
		// -T's features add up, parted by commas or colons.
		{argv: []string{"-Tsync", "-T", "title:RGB", "ls"}, want: Globals{Features: 1<<14 | 1<<15 | 1<<12, Args: []string{"ls"}}},
		{argv: []string{"-", "x"}, want: Globals{Args: []string{"-", "x"}}},
		{argv: []string{"-c", "echo hi"}, want: Globals{ShellCommand: "echo hi", HasShell: true, Args: []string{}}},
		{argv: []string{"-V", "-Z"}, stdout: "tmux 3.3a\n", done: true},
		{argv: []string{"-Z", "-V"}, stderr: "tmux: unknown option -- Z\n" + usage, exit: 1, done: true},
		{argv: []string{"-uZ"}, stderr: "tmux: unknown option -- Z\n" + usage, exit: 1, done: true},
		{argv: []string{"-:"}, stderr: "tmux: unknown option -- :\n" + usage, exit: 1, done: true},
		{argv: []string{"-L"}, stderr: "tmux: option requires an argument -- L\n" + usage, exit: 1, done: true},
		{argv: []string{"--x"}, stderr: usage, exit: 1, done: true},
		{argv: []string{"-d"}, stderr: usage, exit: 1, done: true},
		{argv: []string{"-U"}, stderr: usage, exit: 1, done: true},
		{argv: []string{"-c", "x", "ls"}, stderr: usage, exit: 1, done: true},
		{argv: []string{"-D", "ls"}, stderr: usage, exit: 1, done: true},
	} {
		var stdout, stderr bytes.Buffer
		g, exit, done := parseGlobals("tmux", tc.argv, &stdout, &stderr)
		if stdout.String() != tc.stdout || stderr.String() != tc.stderr || exit != tc.exit || done != tc.done {
			t.Errorf("%q: stdout %q stderr %q exit %d done %v; want %q %q %d %v",
				tc.argv, stdout.String(), stderr.String(), exit, done, tc.stdout, tc.stderr, tc.exit, tc.done)
			continue
		}
		if !done && !reflect.DeepEqual(g, tc.want) {
			t.Errorf("%q: got %+v, want %+v", tc.argv, g, tc.want)
		}
	}
}

func TestClientUTF8(t *testing.T) {
	for _, tc := range []struct {
		env  []string
		want bool
	}{
		{nil, false},
		{[]string{"TMUX="}, true}, // set, even empty, as tmux's getenv sees it
		{[]string{"LANG=en_US.utf8"}, true},
		{[]string{"LC_ALL=C", "LANG=C.UTF-8"}, false}, // the first set one decides
		{[]string{"LC_ALL=", "LC_CTYPE=de_DE.UTF-8"}, true},
		{[]string{"LANG=C"}, false},
	} {
		if got := ClientUTF8(LookupIn(tc.env)); got != tc.want {
			t.Errorf("%q: %v, want %v", tc.env, got, tc.want)
		}
	}
}
