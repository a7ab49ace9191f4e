package terminfo

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ErrNotFound is the error of a terminal no directory of the database
// has (tmux's "missing or unsuitable terminal").
var ErrNotFound = errors.New("terminfo: no such terminal")

// systemDirs are where Debian's ncurses looks after the directories the
// environment names.
var systemDirs = []string{"/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo"}

// defaultDir is what an empty element of TERMINFO_DIRS stands for.
const defaultDir = "/usr/share/terminfo"

// Dirs are the directories ncurses searches for an entry, in its order,
// with getenv for the environment: TERMINFO, ~/.terminfo, each of
// TERMINFO_DIRS, then the system's.
func Dirs(getenv func(string) string) []string {
	var dirs []string
	if d := getenv("TERMINFO"); d != "" {
		dirs = append(dirs, d)
	}
	if home := getenv("HOME"); home != "" {
		dirs = append(dirs, filepath.Join(home, ".terminfo"))
	}
	if list := getenv("TERMINFO_DIRS"); list != "" {
		for _, d := range strings.Split(list, ":") {
			if d == "" {
				d = defaultDir
			}
			dirs = append(dirs, d)
		}
	}
	return append(dirs, systemDirs...)
}

// Load reads the entry of terminal name from the first of dirs that has
// it, under its first letter's directory or, as on macOS, under that
// letter's hex digits. A file that is no entry is passed over, as ncurses
// passes it; its error is the answer when no other file is one.
func Load(name string, dirs []string) (*Entry, error) {
	if name == "" || name == "." || name == ".." || strings.ContainsRune(name, '/') {
		return nil, fmt.Errorf("%w: %q", ErrNotFound, name)
	}
	var bad error
	for _, dir := range dirs {
		for _, sub := range []string{name[:1], fmt.Sprintf("%02x", name[0])} {
			data, err := os.ReadFile(filepath.Join(dir, sub, name))
			if err != nil {
				continue
			}
			e, err := Parse(data)
			if err == nil {
				return e, nil
			}
			if bad == nil {
				bad = fmt.Errorf("%s: %w", filepath.Join(dir, sub, name), err)
			}
		}
	}
	if bad != nil {
		return nil, bad
	}
	return nil, fmt.Errorf("%w: %s", ErrNotFound, name)
}
