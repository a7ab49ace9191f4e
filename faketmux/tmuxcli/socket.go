package tmuxcli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// SunPathMax is the size of sockaddr_un's sun_path on Linux; tmux refuses a
// socket path that does not fit with its terminating NUL.
const SunPathMax = 108

// socketPath finds the socket as tmux 3.3a's main does: -S, else -L under
// the socket directory, else the path in $TMUX (up to its first comma),
// else "default" under the socket directory. inDir reports a socket in the
// socket directory, which tmux lets the group use.
func socketPath(g *Globals, lookupEnv func(string) (string, bool)) (path string, inDir bool, err error) {
	if g.HasPath {
		return g.Path, false, nil
	}
	if !g.HasLabel {
		if s, _ := lookupEnv("TMUX"); s != "" && s[0] != ',' {
			return s[:strings.IndexByte(s+",", ',')], false, nil
		}
	}
	label := "default"
	if g.HasLabel {
		label = g.Label
	}
	dir, err := SocketDir(lookupEnv)
	if err != nil {
		return "", false, err
	}
	return dir + "/" + label, true, nil
}

// SocketDir is tmux's make_label: the first of $TMUX_TMPDIR and /tmp that
// resolves, then a tmux-UID directory in it that this user owns and others
// cannot enter.
func SocketDir(lookupEnv func(string) (string, bool)) (string, error) {
	var roots []string
	// An unset TMUX_TMPDIR is skipped; an empty one is tried and fails to
	// resolve, as realpath("") does.
	if v, ok := lookupEnv("TMUX_TMPDIR"); ok {
		roots = append(roots, v)
	}
	roots = append(roots, "/tmp")
	root := ""
	for _, r := range roots {
		if p, err := realpath(r); err == nil {
			root = p
			break
		}
	}
	if root == "" {
		return "", errors.New("no suitable socket path")
	}
	uid := os.Getuid()
	base := fmt.Sprintf("%s/tmux-%d", root, uid)
	if err := os.Mkdir(base, 0o700); err != nil && !errors.Is(err, os.ErrExist) {
		return "", fmt.Errorf("couldn't create directory %s (%s)", base, Strerror(err))
	}
	fi, err := os.Lstat(base)
	if err != nil {
		return "", fmt.Errorf("couldn't read directory %s (%s)", base, Strerror(err))
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("%s is not a directory", base)
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || int(st.Uid) != uid || fi.Mode().Perm()&0o007 != 0 {
		return "", fmt.Errorf("directory %s has unsafe permissions", base)
	}
	return base, nil
}

// realpath resolves p to an absolute path without symbolic links and fails
// when it does not exist, as realpath(3) does.
func realpath(p string) (string, error) {
	if p == "" {
		return "", os.ErrNotExist
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}
