package faketmux

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/cmdparse"
)

// sourceText runs source-file on a file holding text, returning its
// output (where the file's parse errors go too) and errors.
func sourceText(t *testing.T, s *Server, text string, flags ...string) (string, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.conf")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errs, _ := run(t, s, "", append(append([]string{"source-file"}, flags...), path)...)
	return out, errs
}

// Blocks are arguments only where tmux's commands take them, are built
// (their commands checked) before the command holding them, and print
// back in braces.
func TestBlockArguments(t *testing.T) {
	s := started(t)
	for _, tc := range []struct{ text, want string }{
		{"display -p { display -p x }\n", `argument 1 must be "string"`},
		{"display -t { display } -p x\n", "-t argument must be a string"},
		{"display -t { nosuch } -p x\n", "unknown command: nosuch"},
		{"bind x {\n  display -p x\n  nosuch\n}\n", "unknown command: nosuch"},
		{"run { display -p x }\n", `argument 1 must be "string"`},
	} {
		if out, _ := sourceText(t, s, tc.text); !strings.HasSuffix(out, ": "+tc.want+"\n") {
			t.Errorf("%q: %q, want %q", tc.text, out, tc.want)
		}
	}
	if out, _ := sourceText(t, s, "bind x {\n  display -p x\n  nosuch\n}\n"); !strings.Contains(out, ":3: ") {
		t.Errorf("an error in a block is at its own line: %q", out)
	}
	sourceText(t, s, "bind -T b x { display -p a\n display -p b ; display -p c }\nbind -T b y if -F 1 { display -p y }\n")
	if got := mustRun(t, s, "list-keys", "-T", "b"); got != "bind-key -T b x display-message -p a \\;\\; display-message -p b \\; display-message -p c\n"+
		"bind-key -T b y if-shell -F 1 { display-message -p y }\n" {
		t.Errorf("bindings of blocks: %q", got)
	}
	if out, _ := sourceText(t, s, "if -F 0 { display -p no } { display -p \"yes #{current_file}\" }\n%if #{==:#{session_name},main}\ndisplay -p main\n%endif\n"); !strings.HasPrefix(out, "yes /") || !strings.HasSuffix(out, "/t.conf\nmain\n") {
		t.Errorf("if-shell's blocks, current_file and %%if: %q", out)
	}
}

// nestedBlocks is a file of n levels of if -F 1 { … }, one a line.
func nestedBlocks(n int) string {
	return strings.Repeat("if -F 1 {\n", n) + "display -p deepest\n" + strings.Repeat("}\n", n)
}

// allocated is what f allocates: objects and bytes.
func allocated(f func()) (allocs, bytes uint64) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.Mallocs - before.Mallocs, after.TotalAlloc - before.TotalAlloc
}

// Nested blocks cost what their text holds (issue 29: source-file -n of
// 22 levels took 2.4 s and 340 MB, each level writing the levels within
// it again), up to the deepest nesting tmux's parser takes (1665 levels
// of this shape: see cmdparse's TestStackLimit), and run.
func TestNestedBlocksCost(t *testing.T) {
	s := RunT(t)
	sourceCost := func(n int, flags ...string) (uint64, uint64) {
		return allocated(func() {
			if out, _ := sourceText(t, s, nestedBlocks(n), flags...); out != "" {
				t.Fatalf("%d levels: %q", n, out)
			}
		})
	}
	baseAllocs, baseBytes := sourceCost(1, "-n")
	for _, n := range []int{22, 24, 1665} {
		size := uint64(len(nestedBlocks(n)))
		allocs, bytes := sourceCost(n, "-n")
		if allocs > baseAllocs+8*size || bytes > baseBytes+400*size {
			t.Errorf("source-file -n of %d levels (%d bytes): %d allocations and %d bytes, for %d and %d at 1 level",
				n, size, allocs, bytes, baseAllocs, baseBytes)
		}
	}
	mustRun(t, s, "new-session", "-d", "-s", "m", "sleep 1000")
	for _, n := range []int{24, 1665} {
		if out, _ := sourceText(t, s, nestedBlocks(n)); out != "deepest\n" {
			t.Errorf("source-file of %d levels: %q", n, out)
		}
	}
}

// Deeper than tmux's parser stack, every parse fails as tmux's does, with
// its message, at the line where the stack ran out.
func TestNestedBlocksTooDeep(t *testing.T) {
	s := started(t)
	for _, flags := range [][]string{{"-n"}, nil} {
		if out, _ := sourceText(t, s, nestedBlocks(20000), flags...); !strings.HasSuffix(out, "/t.conf:1667: yacc stack overflow\n") {
			t.Errorf("source-file %q of 20000 levels: %q", flags, out)
		}
	}
	if out, _, rc := run(t, s, nestedBlocks(1666), "source-file", "-"); rc != 1 || out != "-:1667: yacc stack overflow\n" {
		t.Errorf("source-file - of 1666 levels: %d %q", rc, out)
	}
	bare := func(n int) string { return strings.Repeat("a {", n) + strings.Repeat("}", n) }
	for _, args := range [][]string{
		{"if-shell", "-F", "1", bare(3333)},
		{"run-shell", "-C", bare(3333)},
		{"bind-key", "x", bare(3333)},
	} {
		mustFail(t, s, "yacc stack overflow", args...)
	}
	mustFail(t, s, `command attach-session: argument 1 must be "string"`, "if-shell", "-F", "1", bare(3332))
}

// A configuration's blocks are the same for each server it starts.
func TestConfigBlocksStay(t *testing.T) {
	s := RunT(t)
	lines, err := cmdparse.Parse([]byte("bind -T c x {\n display -p a\n display -p b\n}\n"), cmdparse.Options{Lookup: func(string) (string, bool) { return "", false }})
	if err != nil {
		t.Fatal(err)
	}
	config := [][]string{lines[0].Argv}
	for range 2 {
		startWith(t, s, config, "new-session", "-d")
		if got := mustRun(t, s, "list-keys", "-T", "c"); got != "bind-key -T c x display-message -p a \\;\\; display-message -p b\n" {
			t.Errorf("list-keys: %q", got)
		}
		mustRun(t, s, "kill-server")
	}
}
