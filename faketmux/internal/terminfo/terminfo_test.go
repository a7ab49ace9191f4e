package terminfo

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// machineTerms are the entries the tests read from this machine's
// database, those of them that it has: between them both formats, with
// and without extended capabilities.
var machineTerms = []string{"screen", "xterm", "xterm-256color", "tmux-256color", "linux", "dumb"}

// systemEntry loads name from the system's database, skipping the test
// when the machine has none of it.
func systemEntry(t *testing.T, name string) *Entry {
	t.Helper()
	e, err := Load(name, systemDirs)
	if errors.Is(err, ErrNotFound) {
		t.Skipf("no %s in this machine's terminfo", name)
	}
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// infocmpLine is a line of infocmp -E's tables: an index, a name, a value.
var infocmpLine = regexp.MustCompile(`^\s*/\*\s+\d+: (\S+)\s+\*/\s+(.*),$`)

// infocmpEntry is what ncurses' infocmp -E -x reads from name's entry.
func infocmpEntry(t *testing.T, name string) (bools map[string]bool, numbers map[string]int, strs map[string]string) {
	t.Helper()
	out, err := exec.Command("infocmp", "-E", "-x", name).Output()
	if err != nil {
		t.Skipf("infocmp -E -x %s: %v", name, err)
	}
	bools, numbers, strs = map[string]bool{}, map[string]int{}, map[string]string{}
	variables := map[string]string{} // the static strings, by their C name
	definition := regexp.MustCompile(`^static char (\S+)\s*\[\] = (".*");$`)
	section := ""
	for sc := bufio.NewScanner(bytes.NewReader(out)); sc.Scan(); {
		line := sc.Text()
		if m := definition.FindStringSubmatch(line); m != nil {
			v, err := strconv.Unquote(m[2])
			if err != nil {
				t.Fatalf("infocmp's %s: %v", line, err)
			}
			variables[m[1]] = v
			continue
		}
		switch {
		case strings.Contains(line, "_bool_data[]"):
			section = "bool"
		case strings.Contains(line, "_number_data[]"):
			section = "number"
		case strings.Contains(line, "_string_data[]"):
			section = "string"
		case strings.HasPrefix(line, "}"):
			section = ""
		}
		m := infocmpLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		switch section {
		case "bool":
			bools[m[1]] = m[2] == "TRUE"
		case "number":
			if n, err := strconv.Atoi(m[2]); err == nil {
				numbers[m[1]] = n
			}
		case "string":
			if v, ok := variables[m[2]]; ok {
				strs[m[1]] = v
			}
		}
	}
	return bools, numbers, strs
}

// TestEntriesMatchNcurses reads the machine's entries and requires every
// capability ncurses' own infocmp reads from them, and no other.
func TestEntriesMatchNcurses(t *testing.T) {
	for _, name := range machineTerms {
		t.Run(name, func(t *testing.T) {
			e := systemEntry(t, name)
			bools, numbers, strs := infocmpEntry(t, name)
			if e.Names[0] != name {
				t.Errorf("names %q, not starting with %s", e.Names, name)
			}
			for cap, want := range bools {
				if got, known := e.Flag(cap); got != want || !known {
					t.Errorf("flag %s: %v (known %v), want %v", cap, got, known, want)
				}
			}
			for cap, got := range e.bools {
				if _, ok := bools[cap]; !ok && got {
					t.Errorf("flag %s set, not in infocmp's", cap)
				}
			}
			for cap, want := range numbers {
				if got, ok := e.Number(cap); got != want || !ok {
					t.Errorf("number %s: %d (%v), want %d", cap, got, ok, want)
				}
			}
			for cap, want := range strs {
				if got, ok := e.String(cap); got != want || !ok {
					t.Errorf("string %s: %q (%v), want %q", cap, got, ok, want)
				}
			}
			if len(e.numbers) != len(numbers) || len(e.strs) != len(strs) {
				t.Errorf("%d numbers and %d strings, infocmp %d and %d", len(e.numbers), len(e.strs), len(numbers), len(strs))
			}
		})
	}
}

// TestWhatTmuxAsksFor checks values tmux's client reads, in both formats:
// standard numbers and flags, and the extended capabilities tmux adds.
func TestWhatTmuxAsksFor(t *testing.T) {
	for _, c := range []struct {
		term, flag string
		colors     int
		ext        string
		extValue   string
	}{
		{"xterm", "am", 8, "Ms", "\x1b]52;%p1%s;%p2%s\a"},
		{"xterm-256color", "bce", 256, "Se", "\x1b[2 q"},
		{"tmux-256color", "am", 256, "Smulx", "\x1b[4:%p1%dm"},
		{"screen", "am", 8, "", ""},
	} {
		e := systemEntry(t, c.term)
		if v, known := e.Flag(c.flag); !v || !known {
			t.Errorf("%s: flag %s %v (known %v)", c.term, c.flag, v, known)
		}
		if n, _ := e.Number("colors"); n != c.colors {
			t.Errorf("%s: colors %d, want %d", c.term, n, c.colors)
		}
		if c.ext != "" {
			if v, _ := e.String(c.ext); v != c.extValue {
				t.Errorf("%s: %s %q, want %q", c.term, c.ext, v, c.extValue)
			}
		}
		if _, known := e.Flag("Tc"); known {
			t.Errorf("%s: an extended flag it lacks is known", c.term)
		}
	}
	dumb := systemEntry(t, "dumb")
	if _, ok := dumb.String("clear"); ok {
		t.Error("dumb has clear")
	}
	if v, known := dumb.Flag("bce"); v || !known {
		t.Errorf("dumb: a standard flag it lacks: %v (known %v)", v, known)
	}
}

// TestLoadLooksWhereNcursesLooks puts entries in directories of both
// layouts and checks which one is found.
func TestLoadLooksWhereNcursesLooks(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("/lib/terminfo", "x", "xterm"))
	if err != nil {
		t.Skip(err)
	}
	other, err := os.ReadFile(filepath.Join("/lib/terminfo", "d", "dumb"))
	if err != nil {
		t.Skip(err)
	}
	put := func(dir, sub string, data []byte) string {
		os.MkdirAll(filepath.Join(dir, sub), 0o755)
		if err := os.WriteFile(filepath.Join(dir, sub, "myterm"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	root := t.TempDir()
	letters := put(filepath.Join(root, "letters"), "m", data)
	hex := put(filepath.Join(root, "hex"), "6d", other)
	bad := put(filepath.Join(root, "bad"), "m", []byte("not an entry"))
	for _, c := range []struct {
		name string
		dirs []string
		want string // the entry's first name, "" for an error
	}{
		{"letter layout", []string{letters}, "xterm"},
		{"hex layout", []string{hex}, "dumb"},
		{"first directory first", []string{hex, letters}, "dumb"},
		{"a bad file passed over", []string{bad, letters}, "xterm"},
		{"only a bad file", []string{bad}, ""},
		{"none", []string{root}, ""},
	} {
		e, err := Load("myterm", c.dirs)
		switch {
		case c.want == "" && err == nil:
			t.Errorf("%s: found %q", c.name, e.Names)
		case c.want != "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && e.Names[0] != c.want:
			t.Errorf("%s: found %q, want %s", c.name, e.Names, c.want)
		}
	}
	if _, err := Load("myterm", []string{bad}); !errors.Is(err, ErrFormat) {
		t.Errorf("a bad file: %v, want ErrFormat", err)
	}
	for _, name := range []string{"", ".", "..", "m/myterm"} {
		if _, err := Load(name, []string{letters}); !errors.Is(err, ErrNotFound) {
			t.Errorf("Load(%q): %v, want ErrNotFound", name, err)
		}
	}
}

func TestDirs(t *testing.T) {
	env := map[string]string{"TERMINFO": "/ti", "HOME": "/home/u", "TERMINFO_DIRS": "/a::/b"}
	got := Dirs(func(k string) string { return env[k] })
	want := []string{"/ti", "/home/u/.terminfo", "/a", "/usr/share/terminfo", "/b", "/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Dirs: %q, want %q", got, want)
	}
	if got := Dirs(func(string) string { return "" }); strings.Join(got, " ") != strings.Join(systemDirs, " ") {
		t.Errorf("Dirs with no environment: %q", got)
	}
}

// TestBadEntries are entries cut short or pointing outside themselves:
// each is ErrFormat, none a panic.
func TestBadEntries(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("/lib/terminfo", "x", "xterm-256color"))
	if err != nil {
		t.Skip(err)
	}
	for _, n := range []int{0, 1, 11, 12, 40, len(data) / 2, len(data) - 1} {
		if _, err := Parse(data[:n]); !errors.Is(err, ErrFormat) {
			t.Errorf("cut at %d: %v, want ErrFormat", n, err)
		}
	}
	bad := bytes.Clone(data)
	bad[0] = 0
	if _, err := Parse(bad); err == nil || !strings.Contains(err.Error(), "magic") {
		t.Errorf("bad magic: %v", err)
	}
	if _, err := Parse(data); err != nil {
		t.Errorf("the whole entry: %v", err)
	}
}
