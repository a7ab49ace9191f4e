package faketmux

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestFormatKeepsAFinalHash: tmux 3.3a prints a '#' that ends a format as
// it is ("a#" gives "a#"), in every command that expands formats.
func TestFormatKeepsAFinalHash(t *testing.T) {
	s := started(t)
	for format, want := range map[string]string{"a#": "a#\n", "#": "#\n", "#{session_name}#": "main#\n", "a##": "a#\n"} {
		if got := mustRun(t, s, "display-message", "-p", format); got != want {
			t.Errorf("display-message -p %q = %q, want %q", format, got, want)
		}
		if got := mustRun(t, s, "list-panes", "-F", format); got != want {
			t.Errorf("list-panes -F %q = %q, want %q", format, got, want)
		}
	}
}

// TestStrftimeMatchesDate compares the emulator's strftime with GNU
// date's (the C library's conversions) at times that reach the edges:
// ISO weeks across a new year, midnight and noon, single-digit days. (With
// the - flag and a width, date and the C library differ: the differential
// format cases check those against tmux.)
func TestStrftimeMatchesDate(t *testing.T) {
	if out, err := exec.Command("date", "--version").Output(); err != nil || !strings.Contains(string(out), "GNU") {
		t.Skip("needs GNU date")
	}
	const format = "%a %A %b %B %C %d %D %e %F %g %G %h %H %I %j %k %l %m %M %p %P %r %R %s %S %T %u %U %V %w %W %y %Y %z %Z %% %_d %-d %05d %^a %#p %10A %_3j %03p %5n"
	for _, epoch := range []int64{0, 951782400, 1104537599, 1230681600, 1700000000, 1709208000, 4102444800} {
		out, err := exec.Command("date", "-d", "@"+strconv.FormatInt(epoch, 10), "+"+format).Output()
		if err != nil {
			t.Fatal(err)
		}
		want := strings.TrimSuffix(string(out), "\n")
		if got := strftime(format, time.Unix(epoch, 0)); got != want {
			t.Errorf("strftime at %d:\n got %q\nwant %q", epoch, got, want)
		}
	}
}

// TestStrftimeTooLong: a result that does not fit tmux's 8192-byte buffer
// is empty, and a huge width is never padded out. Measured on tmux 3.3a
// with display -p: %8191M prints 8191 bytes, %8192M and
// %100000000000M print nothing.
func TestStrftimeTooLong(t *testing.T) {
	at := time.Unix(1700000000, 0)
	for format, want := range map[string]int{"%8191n": 8191, "x%8185My": 8187, "%8192n": 0, "%100000000000M": 0, "%99999999999999999999999n": 0} {
		if got := strftime(format, at); len(got) != want {
			t.Errorf("strftime(%q) is %d bytes, want %d", format, len(got), want)
		}
	}
}

func TestFnmatch(t *testing.T) {
	for _, c := range []struct {
		pattern, name string
		fold, want    bool
	}{
		{"*", "a/b", false, true}, {"*", ".hidden", false, true}, {"a?c", "abc", false, true},
		{"a?c", "ac", false, false}, {"[a-c]x", "bx", false, true}, {"[!a-c]x", "bx", false, false},
		{"[^a-c]x", "dx", false, true}, {"[]]", "]", false, true}, {"[", "[", false, true},
		{`\*`, "*", false, true}, {`\*`, "a", false, false}, {"[[:digit:]]*", "7up", false, true},
		{"MAIN", "main", true, true}, {"MAIN", "main", false, false}, {"é?", "éx", false, true},
	} {
		if got := fnmatch(c.pattern, c.name, c.fold); got != c.want {
			t.Errorf("fnmatch(%q, %q, %v) = %v, want %v", c.pattern, c.name, c.fold, got, c.want)
		}
	}
}

// TestRegsub: tmux's rules for empty matches and anchors, which a plain
// replace-all does not follow.
func TestRegsub(t *testing.T) {
	for _, c := range []struct{ pattern, with, text, want string }{
		{"x*", "-", "abc", "a-b-c-"},
		{"b*", "-", "abc", "a-c-"},
		{"^a", "X", "aaa", "Xaa"},
		{"(a)(b)", `\2\1\0`, "abab", "baabbaab"},
		{"a", `\9\q`, "a", "9q"},
		{"a", "b", "", ""},
		{"(", "b", "a(", "a("},
	} {
		if got := regsub(c.pattern, c.with, c.text, false); got != c.want {
			t.Errorf("regsub(%q, %q, %q) = %q, want %q", c.pattern, c.with, c.text, got, c.want)
		}
	}
}

// TestX11ColoursSorted: x11Colour's binary search needs the table in
// order, each name once.
func TestX11ColoursSorted(t *testing.T) {
	for i := 1; i < len(x11Colours); i++ {
		if x11Colours[i-1].name >= x11Colours[i].name {
			t.Errorf("x11Colours: %q before %q", x11Colours[i-1].name, x11Colours[i].name)
		}
	}
	for _, c := range x11Colours {
		if rgb, ok := x11Colour(c.name); !ok || rgb != int(c.rgb) {
			t.Errorf("x11Colour(%q) = %06x, %v", c.name, rgb, ok)
		}
	}
	if _, ok := x11Colour("no such colour"); ok {
		t.Error("x11Colour found a colour that is not there")
	}
}

// TestFormatTableSorted: findFormatVar's binary search needs the table in
// tmux's order (sorted), each name once; and no variable is also an
// option, which format_find would find first.
func TestFormatTableSorted(t *testing.T) {
	for i := 1; i < len(formatTable); i++ {
		if formatTable[i-1].name >= formatTable[i].name {
			t.Errorf("formatTable: %q before %q", formatTable[i-1].name, formatTable[i].name)
		}
	}
	for i := range formatTable {
		v := &formatTable[i]
		if got := findFormatVar(v.name); got != v {
			t.Errorf("findFormatVar(%q) = %v", v.name, got)
		}
		if optionByName()[v.name] != nil || optionAliases[v.name] != "" {
			t.Errorf("format variable %q is also an option", v.name)
		}
	}
	for _, name := range []string{"", "a", "zzz", "pane_", "pane_idx", "command", "@x"} {
		if v := findFormatVar(name); v != nil {
			t.Errorf("findFormatVar(%q) = %q", name, v.name)
		}
	}
}
