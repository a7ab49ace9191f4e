package tmuxcli

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

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
		g    Globals
		env  map[string]string
		want string
	}{
		{Globals{}, map[string]string{"TMUX_TMPDIR": tmp}, uidDir + "/default"},
		{Globals{Label: "x", HasLabel: true}, map[string]string{"TMUX_TMPDIR": tmp}, uidDir + "/x"},
		{Globals{Path: "rel", HasPath: true}, nil, "rel"},
		{Globals{}, map[string]string{"TMUX": "/s/sock,123,0", "TMUX_TMPDIR": tmp}, "/s/sock"},
		// -L wins over $TMUX, which only replaces the default socket.
		{Globals{Label: "y", HasLabel: true}, map[string]string{"TMUX": "/s/sock,1,0", "TMUX_TMPDIR": tmp}, uidDir + "/y"},
		// A directory that does not resolve is skipped for /tmp.
		{Globals{}, map[string]string{"TMUX_TMPDIR": tmp + "/missing"}, "/tmp/tmux-" + uid + "/default"},
		// The directory is made canonical, as by realpath(3).
		{Globals{}, map[string]string{"TMUX_TMPDIR": tmp + "/../" + filepath.Base(tmp)}, uidDir + "/default"},
		{Globals{}, map[string]string{"TMUX_TMPDIR": link}, uidDir + "/default"},
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
	if _, err := SocketDir(lookup); err == nil || err.Error() != "directory "+dir+" has unsafe permissions" {
		t.Errorf("others may enter: %v", err)
	}
	// tmux looks only at the bits for others.
	os.Chmod(dir, 0o770)
	if _, err := SocketDir(lookup); err != nil {
		t.Errorf("group bits refused: %v", err)
	}
	os.Remove(dir)
	os.WriteFile(dir, nil, 0o600)
	if _, err := SocketDir(lookup); err == nil || err.Error() != dir+" is not a directory" {
		t.Errorf("a file in the way: %v", err)
	}
}
