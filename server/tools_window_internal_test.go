package server

import (
	"path/filepath"
	"testing"
)

// TestCheckLayout: what select_layout passes to tmux 3.3a, and what it
// keeps from it (tmux crashes, or reads past the string, on the rest).
func TestCheckLayout(t *testing.T) {
	for _, ok := range []string{"tiled", "ti", "t", "even-horizontal", "even-h", "main-v", "b25d,80x24,0,0,0", "BEEF,80x24,0,0{40x24,0,0,1,39x24,41,0,2}"} {
		if err := checkLayout(ok); err != nil {
			t.Errorf("checkLayout(%q): %v", ok, err)
		}
	}
	for _, bad := range []string{"", "x", "-n", ",", "-", "e", "even", "main", "1", "b25d", "b25d,", "b25d,80x24;", "tiled;", "tiled ", "b25d80x24,0,0"} {
		if err := checkLayout(bad); err == nil {
			t.Errorf("checkLayout(%q) passed", bad)
		}
	}
}

// TestExpandHome: start_directory's ~, as libtmux expands it.
func TestExpandHome(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	for dir, want := range map[string]string{
		"~":          home,
		"~/src":      filepath.Join(home, "src"),
		"/tmp":       "/tmp",
		"rel/~":      "rel/~",
		"~nosuchusr": "~nosuchusr",
	} {
		if got := expandHome(dir); got != want {
			t.Errorf("expandHome(%q) = %q, want %q", dir, got, want)
		}
	}
}
