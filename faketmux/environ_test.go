package faketmux

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestEnvironKeepsNamesInOrder(t *testing.T) {
	// A later entry wins; one without '=' is no variable.
	e := newEnviron([]string{"B=1", "A=x", "NOEQ", "B=2", "C="})
	e.set("AA", "h", true)
	e.clear("A")
	var names []string
	for _, v := range e.vars {
		names = append(names, v.name)
	}
	if want := []string{"A", "AA", "B", "C"}; !slices.Equal(names, want) {
		t.Errorf("names %q, want %q", names, want)
	}
	if v, ok := e.find("A"); !ok || !v.removed {
		t.Errorf("find(A) = %+v, %v; want removed", v, ok)
	}
	if got, want := e.pushed(), []string{"B=2", "C="}; !slices.Equal(got, want) {
		t.Errorf("pushed = %q, want %q", got, want)
	}
	e.unset("B")
	if _, ok := e.find("B"); ok {
		t.Error("B found after unset")
	}
}

func TestEnvironClearKeepsHidden(t *testing.T) {
	var e environ
	e.set("H", "v", true)
	e.clear("H")
	if v, _ := e.find("H"); !v.removed || !v.hidden || v.value != "" {
		t.Errorf("H = %+v, want removed and hidden", v)
	}
}

// TestEnvironCopy checks tmux's environ_copy: values and hidden flags
// replace, removed variables remove.
func TestEnvironCopy(t *testing.T) {
	dst := newEnviron([]string{"A=1", "B=2", "C=3"})
	var src environ
	src.set("A", "new", true)
	src.clear("B")
	src.set("D", "4", false)
	dst.copy(&src)
	want := []envVar{{name: "A", value: "new", hidden: true}, {name: "B", removed: true}, {name: "C", value: "3"}, {name: "D", value: "4"}}
	if !slices.Equal(dst.vars, want) {
		t.Errorf("after copy %+v, want %+v", dst.vars, want)
	}
}

func TestEnvironUpdate(t *testing.T) {
	e := newEnviron([]string{"DISPLAY=:old", "OTHER=1"})
	e.update([]string{"DISPLAY=:1", "SSH_AUTH_SOCK=/s", "HOME=/h"}, optionByName()["update-environment"].defArr)
	got := map[string]envVar{}
	for _, v := range e.vars {
		got[v.name] = v
	}
	if got["DISPLAY"].value != ":1" || got["SSH_AUTH_SOCK"].value != "/s" || got["OTHER"].value != "1" {
		t.Errorf("updated values: %+v", e.vars)
	}
	if _, ok := got["HOME"]; ok {
		t.Error("HOME is not in update-environment")
	}
	if !got["XAUTHORITY"].removed || !got["WINDOWID"].removed {
		t.Errorf("variables the client lacks are not removed: %+v", e.vars)
	}
	// A pattern takes the first variable it matches by name, or removes
	// the name it is.
	e = environ{}
	e.update([]string{"LC_B=2", "LC_A=1", "X=3"}, []string{"LC_*", "Y*"})
	if want := []envVar{{name: "LC_A", value: "1"}, {name: "Y*", removed: true}}; !slices.Equal(e.vars, want) {
		t.Errorf("patterns: %+v, want %+v", e.vars, want)
	}
}

// TestFindCwd checks tmux's find_cwd: the physical directory, unless $PWD
// names the same one through a symbolic link.
func TestFindCwd(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	real, link := filepath.Join(dir, "a", "real"), filepath.Join(dir, "link")
	if err := os.MkdirAll(real, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ dir, pwd, want string }{
		{link, "", real},
		{link, "PWD=" + link, link},
		{link, "PWD=" + real, real},
		{link, "PWD=" + dir, real},
		{link, "PWD=/nonexistent", real},
		{real, "PWD=" + link, link},
		{real, "PWD=.", "."}, // relative to the client's directory
		// ".." goes up from where the link leads, not back to dir.
		{link + "/..", "PWD=" + dir + "/a", dir + "/a"},
		{dir + "/a", "PWD=" + link + "/..", link + "/.."},
	} {
		if got, ok := findCwd([]string{tc.pwd}, tc.dir); !ok || got != tc.want {
			t.Errorf("findCwd(%q, %q) = %q, %v; want %q", tc.pwd, tc.dir, got, ok, tc.want)
		}
	}
	if _, ok := findCwd(nil, filepath.Join(dir, "missing")); ok {
		t.Error("findCwd found a missing directory")
	}
}
