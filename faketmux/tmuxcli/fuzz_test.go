package tmuxcli_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/cmdparse"
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
)

// The fuzz targets here use the package's exported entry points only.
// Their seed corpora are in testdata/fuzz/<FuzzName>/.

func fuzzEnv(vars map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := vars[k]; return v, ok }
}

// loadOne reads text as the one configuration file of an invocation.
func loadOne(t *testing.T, dir, text string) tmuxcli.ConfigFile {
	t.Helper()
	path := filepath.Join(dir, "tmux.conf")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	files := tmuxcli.LoadConfig(&tmuxcli.Globals{Configs: []string{path}}, dir, fuzzEnv(map[string]string{"HOME": "/h", "XV": "val"}))
	if len(files) != 1 {
		t.Fatalf("LoadConfig of one file gave %d", len(files))
	}
	return files[0]
}

// FuzzLoadConfig reads fuzzed configuration files. Properties: a file
// that fails has no lines; a file that parses has command lines in tmux's
// form (no empty line, ';' words only between commands, a word's own final
// ';' escaped, no NUL but a block's marker, which a C string cannot hold);
// and those lines,
// written back as a configuration file, read back the same.
func FuzzLoadConfig(f *testing.F) {
	for _, seed := range []string{
		"set -g @c x # c\nset -g @d y\n",
		"set -g @a \\\n  cont ; set -g @e 1\nset -g @f 2",
		"set @a 'it''s'\nset @b \"q\\\"t\"\nset @c \\x\n",
		"set -g @a \"multi\n   # comment\n  #{x} line\"\n",
		"set @a $XV\nset @b ${XV}z\nset @c $1\nset @d $\nset @e \"$XV\"\nset @f '$XV'\n",
		"set @a ~\nset @b ~/d\nset @c a~\nset @d \"~/q\"\nset @e ~root/z\nset @f a\"~\"\n",
		"set -g @a \\e\\s\\101\\u00e9x\\U0001F419\n",
		"set -g @a x ; ; set -g @b y\n",
		"set @a x\\;\nset @b \"y;\"\nset @c ';'\n",
		"set -g @a \"unterminated\nset -g @b y\n",
		"FOO=1 set -g @a x\nFOO=1\nset @a $FOO\n",
		"set -g @a x ; FOO=1 ; set -g @b y\n",
		"%hidden H=2\nset @h $H\n",
		"set -g @a \\\\\nset -g @b y\n",
		"; set -g @b y\n", "set -g @a x}\n", "set @a ${XV\n", "set @a \\u12\n", "set @a x\\", "%bogus\n",
		"bind x { kill-server }\n", "%if 1\nset -g @a x\n%endif\n",
		"bind x {\n  set @a 1 ; set @b '}'\n  if 1 { set @c \"$XV\" } {}\n}\nset @d 2\n", "%if 1 set @a x %endif\n",
		"set @a \\000cut\nset @b '' \"\" x\n", "set @a $PWD\n", "\"set\" -g '@q' \"\\101\"\n",
	} {
		f.Add(seed)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, text string) {
		file := loadOne(t, dir, text)
		if file.Failed || file.Text != nil {
			if file.Lines != nil {
				t.Fatalf("a failed file, or one for the server to parse, has lines %q", file.Lines)
			}
			return
		}
		for _, line := range file.Lines {
			checkCommandLine(t, line)
		}
		written := writeConfig(file.Lines)
		if again := loadOne(t, dir, written); !reflect.DeepEqual(withoutBlockLines(t, again), withoutBlockLines(t, file)) {
			t.Fatalf("%q read as %q; written back as %q it reads as %q", text, file.Lines, written, again.Lines)
		}
	})
}

// checkCommandLine checks one line in tmux's command-line form.
func checkCommandLine(t *testing.T, line []string) {
	t.Helper()
	if len(line) == 0 || line[0] == ";" || line[len(line)-1] == ";" {
		t.Fatalf("command line %q is empty or starts or ends with ';'", line)
	}
	for i, w := range line {
		if text, ok := strings.CutPrefix(w, cmdparse.Block); ok {
			inner, err := cmdparse.DecodeBlock(text)
			if err != nil {
				t.Fatalf("command line %q: block word %q: %v", line, w, err)
			}
			for _, l := range inner {
				checkCommandLine(t, l.Argv)
			}
			continue
		}
		switch {
		case strings.IndexByte(w, 0) >= 0:
			t.Fatalf("command line %q has a word with a NUL besides a block's marker", line)
		case w == ";" && line[i-1] == ";":
			t.Fatalf("command line %q has an empty command", line)
		case w != ";" && strings.HasSuffix(w, ";") && !strings.HasSuffix(w, `\;`):
			t.Fatalf("command line %q has a word ending in an unescaped ';': %q", line, w)
		}
	}
}

// withoutBlockLines is f with its blocks' line numbers zeroed: a block
// written back sits on other lines.
func withoutBlockLines(t *testing.T, f tmuxcli.ConfigFile) tmuxcli.ConfigFile {
	var strip func(argv []string) []string
	strip = func(argv []string) []string {
		out := slices.Clone(argv)
		for i, w := range out {
			text, ok := strings.CutPrefix(w, cmdparse.Block)
			if !ok {
				continue
			}
			lines, err := cmdparse.DecodeBlock(text)
			if err != nil {
				t.Fatalf("block word %q: %v", w, err)
			}
			for j := range lines {
				lines[j].Number, lines[j].Argv = 0, strip(lines[j].Argv)
			}
			out[i] = cmdparse.EncodeBlock(lines)
		}
		return out
	}
	g := f
	g.Lines = nil
	for _, l := range f.Lines {
		g.Lines = append(g.Lines, strip(l))
	}
	return g
}

// writeConfig writes command lines as a configuration file, one a line,
// every word in double quotes with each byte that is not a letter or a
// digit as an octal escape, so that nothing in it is special; a block
// word as a block of its lines.
func writeConfig(lines [][]string) string {
	var b strings.Builder
	for _, line := range lines {
		for i, w := range line {
			if i > 0 {
				b.WriteByte(' ')
			}
			if w == ";" {
				b.WriteByte(';')
				continue
			}
			if text, ok := strings.CutPrefix(w, cmdparse.Block); ok {
				inner, _ := cmdparse.DecodeBlock(text)
				argvs := make([][]string, len(inner))
				for j, l := range inner {
					argvs[j] = l.Argv
				}
				// A command's line is where it ends, and commands are
				// grouped by line: a block that fits on one line stays on
				// the line of the commands before it.
				if body := writeConfig(argvs); strings.Count(body, "\n") <= 1 {
					b.WriteString("{ " + strings.TrimSuffix(body, "\n") + " }")
				} else {
					b.WriteString("{\n" + body + "}")
				}
				continue
			}
			if strings.HasSuffix(w, `\;`) {
				w = w[:len(w)-2] + ";"
			}
			b.WriteByte('"')
			for _, c := range []byte(w) {
				if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
					b.WriteByte(c)
				} else {
					fmt.Fprintf(&b, `\%03o`, c)
				}
			}
			b.WriteByte('"')
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// FuzzParse reads fuzzed tmux command lines (words split by NUL, which no
// argv word can hold). Properties: an invocation that ends before
// connecting printed -V's line (exit 0) or an error ending in a newline
// (exit 1), and nothing else; one that goes on printed nothing, its socket
// is the one its flags name, and its command is what followed the flags;
// and its flags, written back one a word, parse to the same flags.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"", "ls", "-V", "-L\x00s\x00ls", "-Ls\x00new\x00-d", "-S\x00/tmp/x\x00has", "-f\x00a.conf\x00-f\x00b\x00ls",
		"-uN\x00ls", "-c\x00echo hi", "-c\x00echo\x00extra", "-C", "-CC\x00attach", "-D", "-d", "-x", "--\x00-ls",
		"--x", "-", "-L", "-2qvT\x00xterm\x00lsb", "-lL\x00\x00ls", "-f", "-Sx\x00-Ly\x00ls", "-L\x00../../s\x00ls",
	} {
		f.Add(seed)
	}
	socketDir, err := tmuxcli.SocketDir(fuzzEnv(map[string]string{"TMUX_TMPDIR": f.TempDir()}))
	if err != nil {
		f.Fatal(err)
	}
	env := fuzzEnv(map[string]string{"TMUX_TMPDIR": filepath.Dir(socketDir)})
	f.Fuzz(func(t *testing.T, line string) {
		var words []string
		if line != "" {
			words = strings.Split(line, "\x00")
		}
		argv := append([]string{"tmux"}, words...)
		var stdout, stderr bytes.Buffer
		inv, status := tmuxcli.Parse(argv, env, &stdout, &stderr)
		if inv == nil {
			version := status == 0 && stdout.String() == "tmux "+tmuxcli.Version+"\n" && stderr.Len() == 0
			failed := status == 1 && stdout.Len() == 0 && stderr.Len() > 0 && bytes.HasSuffix(stderr.Bytes(), []byte("\n"))
			if !version && !failed {
				t.Fatalf("%q ended with exit %d, stdout %q, stderr %q", argv, status, stdout.String(), stderr.String())
			}
			return
		}
		if status != 0 || stdout.Len() != 0 || stderr.Len() != 0 {
			t.Fatalf("%q goes on to connect after exit %d, stdout %q, stderr %q", argv, status, stdout.String(), stderr.String())
		}
		wantSocket := socketDir + "/default"
		switch {
		case inv.HasPath:
			wantSocket = inv.Path
		case inv.HasLabel:
			wantSocket = socketDir + "/" + inv.Label
		}
		if inv.Socket != wantSocket {
			t.Fatalf("%q: socket %q, want %q", argv, inv.Socket, wantSocket)
		}
		if len(inv.Args) > len(words) || !slices.Equal(inv.Args, words[len(words)-len(inv.Args):]) {
			t.Fatalf("%q: command %q is not what follows the flags", argv, inv.Args)
		}
		wantCommand := inv.Args
		switch {
		case inv.HasShell:
			wantCommand = []string{"start-server"}
		case len(inv.Args) == 0:
			wantCommand = []string{"new-session"}
		}
		if !slices.Equal(inv.Command, wantCommand) {
			t.Fatalf("%q: sends %q, want %q", argv, inv.Command, wantCommand)
		}
		written := writeFlags(inv.Globals)
		again, status := tmuxcli.Parse(written, env, &stdout, &stderr)
		if again == nil || !reflect.DeepEqual(again.Globals, inv.Globals) {
			t.Fatalf("%q parsed as %+v; written back as %q it parses as %+v (exit %d, %s)", argv, inv.Globals, written, again, status, stderr.String())
		}
	})
}

// writeFlags writes g as an argv: each flag a word, its value the next.
func writeFlags(g tmuxcli.Globals) []string {
	argv := []string{"tmux"}
	if g.HasLabel {
		argv = append(argv, "-L", g.Label)
	}
	if g.HasPath {
		argv = append(argv, "-S", g.Path)
	}
	for _, c := range g.Configs {
		argv = append(argv, "-f", c)
	}
	if g.HasShell {
		argv = append(argv, "-c", g.ShellCommand)
	}
	for range g.Control {
		argv = append(argv, "-C")
	}
	if g.Features != 0 {
		argv = append(argv, "-T", tmuxcli.FeatureNames(g.Features))
	}
	for _, flag := range []struct {
		word string
		set  bool
	}{{"-N", g.NoStartServer}, {"-u", g.UTF8}, {"-l", g.Login}} {
		if flag.set {
			argv = append(argv, flag.word)
		}
	}
	return append(append(argv, "--"), g.Args...)
}
