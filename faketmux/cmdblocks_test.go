package faketmux

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
