package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
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
		want           globals
		stdout, stderr string
		exit           int
		done           bool
	}{
		{argv: []string{"ls"}, want: globals{args: []string{"ls"}}},
		{argv: []string{"-L", "x", "-f", "a", "-fb", "new", "-d"},
			want: globals{label: "x", hasLabel: true, configs: []string{"a", "b"}, args: []string{"new", "-d"}}},
		{argv: []string{"-uNLsock", "ls"}, want: globals{label: "sock", hasLabel: true, noStartServer: true, args: []string{"ls"}}},
		{argv: []string{"-S", "/p", "-L", "ignored"}, want: globals{path: "/p", hasPath: true, label: "ignored", hasLabel: true, args: []string{}}},
		{argv: []string{"-L", "-u"}, want: globals{label: "-u", hasLabel: true, args: []string{}}},
		{argv: []string{"-2", "-q", "-v", "-T", "256", "-l", "--", "-x"}, want: globals{login: true, args: []string{"-x"}}},
		{argv: []string{"-", "x"}, want: globals{args: []string{"-", "x"}}},
		{argv: []string{"-c", "echo hi"}, want: globals{shellCommand: "echo hi", hasShell: true, args: []string{}}},
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

func TestSocketPath(t *testing.T) {
	tmp := t.TempDir()
	env := func(kv map[string]string) func(string) (string, bool) {
		return func(k string) (string, bool) { v, ok := kv[k]; return v, ok }
	}
	uid := strconv.Itoa(os.Getuid())
	uidDir := tmp + "/tmux-" + uid
	link := t.TempDir() + "/link"
	if err := os.Symlink(tmp, link); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		g    globals
		env  map[string]string
		want string
	}{
		{globals{}, map[string]string{"TMUX_TMPDIR": tmp}, uidDir + "/default"},
		{globals{label: "x", hasLabel: true}, map[string]string{"TMUX_TMPDIR": tmp}, uidDir + "/x"},
		{globals{path: "rel", hasPath: true}, nil, "rel"},
		{globals{}, map[string]string{"TMUX": "/s/sock,123,0", "TMUX_TMPDIR": tmp}, "/s/sock"},
		// -L wins over $TMUX, which only replaces the default socket.
		{globals{label: "y", hasLabel: true}, map[string]string{"TMUX": "/s/sock,1,0", "TMUX_TMPDIR": tmp}, uidDir + "/y"},
		// A directory that does not resolve is skipped for /tmp.
		{globals{}, map[string]string{"TMUX_TMPDIR": tmp + "/missing"}, "/tmp/tmux-" + uid + "/default"},
		// The directory is made canonical, as by realpath(3).
		{globals{}, map[string]string{"TMUX_TMPDIR": tmp + "/../" + filepath.Base(tmp)}, uidDir + "/default"},
		{globals{}, map[string]string{"TMUX_TMPDIR": link}, uidDir + "/default"},
	} {
		got, _, err := socketPath(&tc.g, env(tc.env))
		if err != nil || got != tc.want {
			t.Errorf("%+v with %v: %q, %v; want %q", tc.g, tc.env, got, err, tc.want)
		}
	}
}

func TestSocketDirChecks(t *testing.T) {
	tmp := t.TempDir()
	dir := tmp + "/tmux-" + strconv.Itoa(os.Getuid())
	lookup := func(k string) (string, bool) { return tmp, k == "TMUX_TMPDIR" }
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	os.Chmod(dir, 0o701)
	if _, err := socketDir(lookup); err == nil || err.Error() != "directory "+dir+" has unsafe permissions" {
		t.Errorf("others may enter: %v", err)
	}
	// tmux looks only at the bits for others.
	os.Chmod(dir, 0o770)
	if _, err := socketDir(lookup); err != nil {
		t.Errorf("group bits refused: %v", err)
	}
	os.Remove(dir)
	os.WriteFile(dir, nil, 0o600)
	if _, err := socketDir(lookup); err == nil || err.Error() != dir+" is not a directory" {
		t.Errorf("a file in the way: %v", err)
	}
}
