package cmdparse

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func noEnv(string) (string, bool) { return "", false }

// parse parses text with conditions expanded by a table of formats.
func parse(t *testing.T, text string, formats map[string]string) ([]Line, error) {
	t.Helper()
	return Parse([]byte(text), Options{Lookup: noEnv, Expand: func(f string) string {
		v, ok := formats[f]
		if !ok {
			t.Fatalf("unexpected format %q", f)
		}
		return v
	}})
}

// argvs are the command lines' words, blocks decoded into their own
// lines' words between braces.
func argvs(t *testing.T, lines []Line) []string {
	t.Helper()
	var out []string
	for _, l := range lines {
		var words []string
		for _, w := range l.Argv {
			if text, ok := strings.CutPrefix(w, Block); ok {
				inner, err := DecodeBlock(text)
				if err != nil {
					t.Fatal(err)
				}
				w = "{" + strings.Join(argvs(t, inner), " | ") + "}"
			}
			words = append(words, w)
		}
		out = append(out, strings.Join(words, " "))
	}
	return out
}

// Conditions pick the first branch whose format is true (not empty and
// not "0"), over lines and within one; nested ones count only in a
// branch taken.
func TestConditions(t *testing.T) {
	formats := map[string]string{"#{t}": "1", "#{f}": "0", "#{e}": "", "#{x}": "x", "y": "y"}
	for _, tc := range []struct{ text, want string }{
		{"%if #{t}\na\n%endif\n", "a"},
		{"%if #{f}\na\n%else\nb\n%endif\n", "b"},
		{"%if #{e}\na\n%elif #{f}\nb\n%elif #{x}\nc\n%elif #{t}\nd\n%else\ne\n%endif\n", "c"},
		{"%if #{f}\na\n%elif y\nb\n%endif\n", "b"},
		{"%if #{f}\n%if #{t}\na\n%endif\n%endif\nb\n", "b"},
		{"x ; %if #{t} a ; b %else c %endif ; d\n", "x ; a ; b ; d"},
		{"%if #{f} a %elif #{t} b %endif\n", "b"},
		{"%if #{t}\n\n%endif\n", ""},
	} {
		lines, err := parse(t, tc.text, formats)
		if err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		if got := strings.Join(argvs(t, lines), " / "); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.text, got, tc.want)
		}
	}
}

// An assignment happens when the innermost branch's flag is set, which
// tmux's %else sets to the opposite of the branch before it, even when an
// earlier branch was taken.
func TestConditionAssignments(t *testing.T) {
	lines, err := parse(t, "%if #{t}\nA=1\n%elif #{f}\nA=2\n%else\nB=3\n%endif\n%if #{f}\nC=4\n%endif\nx $A$B$C\n",
		map[string]string{"#{t}": "1", "#{f}": "0"})
	if err != nil {
		t.Fatal(err)
	}
	if got := argvs(t, lines); !reflect.DeepEqual(got, []string{"x 13"}) {
		t.Errorf("got %q", got)
	}
}

// Assignments are made as they are parsed (NAME=value, %hidden for a
// hidden one), seen by $NAME after them, and drop the commands before them
// on a line of their own, as tmux's grammar has it (what tmux 3.3a's
// source-file -nv printed, and showenv -g after).
func TestAssignments(t *testing.T) {
	type assignment struct {
		name, value string
		hidden      bool
	}
	for _, tc := range []struct {
		text    string
		want    []string
		assigns []assignment
	}{
		{"FOO=1 set -g @a x\n", []string{"set -g @a x"}, []assignment{{"FOO", "1", false}}},
		{"FOO=1\nset @a $FOO\n", []string{"set @a 1"}, []assignment{{"FOO", "1", false}}},
		{"set -g @a x ; FOO=1 ; set -g @b y\n", []string{"set -g @b y"}, []assignment{{"FOO", "1", false}}},
		{"%hidden H=2\nset @h $H\n", []string{"set @h 2"}, []assignment{{"H", "2", true}}},
		{"E=\nA=a=b\n", nil, []assignment{{"E", "", false}, {"A", "a=b", false}}},
	} {
		var got []assignment
		lines, err := Parse([]byte(tc.text), Options{Lookup: noEnv, Assign: func(name, value string, hidden bool) {
			got = append(got, assignment{name, value, hidden})
		}})
		if err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		if lines := argvs(t, lines); !reflect.DeepEqual(lines, tc.want) {
			t.Errorf("%q: lines %q, want %q", tc.text, lines, tc.want)
		}
		if !reflect.DeepEqual(got, tc.assigns) {
			t.Errorf("%q: assignments %v, want %v", tc.text, got, tc.assigns)
		}
	}
}

func TestConditionErrors(t *testing.T) {
	formats := map[string]string{"#{t}": "1"}
	for _, tc := range []struct {
		text string
		line int
	}{
		{"%if #{t}\na\n", 3},           // no %endif
		{"%if #{t}\n%endif\n", 2},      // a branch needs a statement
		{"%else\n", 1},                 // no %if
		{"a\n%endif\n", 2},             // no %if
		{"%if #{t} ; a ; %endif\n", 1}, // a condition is not a command
		{"%if #{t}\na\n%else\nb\n%elif #{t}\nc\n%endif\n", 5},
		{"%if #{t\na\n%endif\n", 1}, // an open format
		{"%if #{t} a\n", 1},         // no %endif on the line
	} {
		_, err := parse(t, tc.text, formats)
		var pe *Error
		if !errors.As(err, &pe) || pe.Line != tc.line {
			t.Errorf("%q: %v, want a syntax error at line %d", tc.text, err, tc.line)
		}
	}
	if _, err := Parse([]byte("a\n%if 1\nb\n%endif\n"), Options{Lookup: noEnv}); !errors.Is(err, ErrNeedsExpand) {
		t.Errorf("a condition without Expand: %v", err)
	}
}

// A block is one word of its command, its lines numbered as in the text,
// blocks within it words of their own commands.
func TestBlocks(t *testing.T) {
	text := "bind x {\n  a 1 ; b \"$V\"\n\n  c { d } {}\n}\nafter ; more\n"
	lines, err := Parse([]byte(text), Options{Lookup: func(string) (string, bool) { return "v", true }})
	if err != nil {
		t.Fatal(err)
	}
	if got := argvs(t, lines); !reflect.DeepEqual(got, []string{"bind x {a 1 ; b v | c {d} {}}", "after ; more"}) {
		t.Errorf("got %q", got)
	}
	if lines[0].Number != 5 || lines[1].Number != 6 {
		t.Errorf("lines %d and %d, want 5 and 6", lines[0].Number, lines[1].Number)
	}
	inner, _ := DecodeBlock(strings.TrimPrefix(lines[0].Argv[2], Block))
	if inner[0].Number != 2 || inner[1].Number != 4 {
		t.Errorf("the block's lines are %d and %d, want 2 and 4", inner[0].Number, inner[1].Number)
	}
	for _, bad := range []string{"bind x {\na\n", "a }\n", "{ a }\n", "a { b\n"} {
		if _, err := Parse([]byte(bad), Options{Lookup: noEnv}); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}
