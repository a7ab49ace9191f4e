package server

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

func TestLimitLines(t *testing.T) {
	many := make([]string, 30)
	for i := range many {
		many[i] = strings.Repeat("x", i)
	}
	for _, tc := range []struct {
		lines              []string
		maxLines, maxBytes int
		want               []string
	}{
		{nil, 20, 2000, []string{}},
		{[]string{"a", "b"}, 20, 2000, []string{"a", "b"}},
		{[]string{"a", "b", "c"}, 2, 2000, []string{"b", "c"}},
		{[]string{"aa", "bb", "cc"}, 20, 5, []string{"bb", "cc"}}, // "bb\ncc" is 5 bytes
		{[]string{"aa", "bb", "cc"}, 20, 4, []string{"cc"}},
		{[]string{"abcdef"}, 20, 3, []string{"def"}},
		{[]string{"aé"}, 20, 1, []string{""}}, // é's bytes cut apart: none of it
		{[]string{"éa"}, 20, 2, []string{"a"}},
		{many, 20, 2000, many[10:]},
	} {
		if got := limitLines(tc.lines, tc.maxLines, tc.maxBytes); !slices.Equal(got, tc.want) || got == nil {
			t.Errorf("limitLines(%q, %d, %d) = %q, want %q", tc.lines, tc.maxLines, tc.maxBytes, got, tc.want)
		}
	}
}

// TestCommandOutput: run_command's output keeps the command's lines and
// drops what it typed and the marker, which ends the last line.
func TestCommandOutput(t *testing.T) {
	id := "0123456789"
	rows := []string{
		"$  ( eval 'make' ); printf 'rc_%s:%d\\n' 0123456789 $?",
		"built",
		"rc_0123456789:0",
		"$ ",
	}
	if got := commandOutput(rows, id); !slices.Equal(got, []string{"built", "$ "}) {
		t.Errorf("got %q", got)
	}
	rows = []string{"$  ( eval 'printf x' ); printf 'rc_%s:%d\\n' 0123456789 $?", "xrc_0123456789:0", "$ "}
	if got := commandOutput(rows, id); !slices.Equal(got, []string{"x", "$ "}) {
		t.Errorf("a last line without a line feed: got %q", got)
	}
	if got := commandOutput(nil, id); got == nil || len(got) != 0 {
		t.Errorf("no rows: %q", got)
	}
}

// TestShellQuote: whatever a command holds, a POSIX shell reads its
// quoted form back as it was.
func TestShellQuote(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	for _, s := range []string{"", "plain", "it's", "''", `a\b`, `"$HOME" $(x) ` + "`y`", "tab\tnew\nline", "é 🐙", "';rm -rf x;'"} {
		out, err := exec.Command(sh, "-c", "printf %s "+shellQuote(s)).Output()
		if err != nil || string(out) != s {
			t.Errorf("%q quoted as %s reads back as %q (%v)", s, shellQuote(s), out, err)
		}
	}
}

func TestRunPayload(t *testing.T) {
	got := runPayload("echo it's", "abc")
	want := `( eval 'echo it'\''s' ); printf 'rc_%s:%d\n' abc $?`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if strings.Contains(got, "rc_abc:") {
		t.Error("what is typed holds the marker as it is printed")
	}
}

func TestPyFloat(t *testing.T) {
	for x, want := range map[float64]string{30: "30.0", 2.5: "2.5", 0.25: "0.25", 120: "120.0"} {
		if got := pyFloat(x); got != want {
			t.Errorf("pyFloat(%v) = %q, want %q", x, got, want)
		}
	}
}
