package tmuxcli

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/cmdparse"
)

// Each case's expectation is what `tmux source-file -nv FILE` (tmux 3.3a,
// HOME=/h and XV=val in its global environment) printed: the commands of
// each group, with the group's line number left out.
func TestParseConfig(t *testing.T) {
	env := func(k string) (string, bool) {
		v, ok := map[string]string{"HOME": "/h", "XV": "val"}[k]
		return v, ok
	}
	lines := func(l ...[]string) ConfigFile { return ConfigFile{Lines: l} }
	w := func(words ...string) []string { return words }
	failed := ConfigFile{Failed: true}
	for _, tc := range []struct {
		text string
		want ConfigFile
	}{
		// A comment ends its line with the next line's number, so the
		// two commands are one group.
		{"set -g @c x # c\nset -g @d y\n", lines(w("set", "-g", "@c", "x", ";", "set", "-g", "@d", "y"))},
		{"set -g @a \\\n  cont ; set -g @e 1\nset -g @f 2", lines(w("set", "-g", "@a", "cont", ";", "set", "-g", "@e", "1"), w("set", "-g", "@f", "2"))},
		{"set @a 'it''s'\nset @b \"q\\\"t\"\nset @c \\x\n", lines(w("set", "@a", "its"), w("set", "@b", "q\"t"), w("set", "@c", "x"))},
		{"set -g @a \"multi\n   # comment\n  #{x} line\"\n", lines(w("set", "-g", "@a", "multi\n\n#{x} line"))},
		{"set @a $XV\nset @b ${XV}z\nset @c $1\nset @d $\nset @e \"$XV\"\nset @f '$XV'\n",
			lines(w("set", "@a", "val"), w("set", "@b", "valz"), w("set", "@c", "$1"), w("set", "@d", "$"), w("set", "@e", "val"), w("set", "@f", "$XV"))},
		{"set @a ~\nset @b ~/d\nset @c a~\nset @d \"~/q\"\nset @e ~root/z\nset @f a\"~\"\n",
			lines(w("set", "@a", "/h"), w("set", "@b", "/h/d"), w("set", "@c", "a~"), w("set", "@d", "/h/q"), w("set", "@e", "/root/z"), w("set", "@f", "a/h"))},
		{"set -g @a \\e\\s\\101\\u00e9x\n", lines(w("set", "-g", "@a", "\033 A\u00e9x"))},
		{"set -g @a \\8\n", lines(w("set", "-g", "@a", "8"))},
		{"set -g @a x ; ; set -g @b y\n", lines(w("set", "-g", "@a", "x", ";", "set", "-g", "@b", "y"))},
		{"set -g @a x ;set -g @b y;\n", lines(w("set", "-g", "@a", "x", ";", "set", "-g", "@b", "y"))},
		// A word's own ';' travels escaped, as tmux's command line has it.
		{"set @a x\\;\nset @b \"y;\"\n", lines(w("set", "@a", `x\;`), w("set", "@b", `y\;`))},
		{"set -g @a \"unterminated\nset -g @b y\n", lines(w("set", "-g", "@a", "unterminated\nset -g @b y\n"))},
		// An assignment goes to the server's global environment, so the
		// server parses a file that has one (cmdparse's tests hold how).
		{"FOO=1 set -g @a x\n", ConfigFile{Text: []byte("FOO=1 set -g @a x\n")}},
		{"%hidden H=2\n", ConfigFile{Text: []byte("%hidden H=2\n")}},
		{"%if 0\nA=1\n%endif\n", ConfigFile{Text: []byte("%if 0\nA=1\n%endif\n")}},
		{"# only a comment \\\nset -g @a x\n", lines()},
		{"set -g @a \\\\\nset -g @b y\n", lines(w("set", "-g", "@a", `\`), w("set", "-g", "@b", "y"))},
		{"; set -g @b y\n", failed},
		{"set -g @a x}\n", failed},
		{"set @a ~nosuchuser\n", failed},
		{"set @a ${XV\n", failed},
		{"set @a \\u12\n", failed},
		{"set @a \\uD800\n", failed},
		{"set @a \\\n", lines(w("set", "@a"))},
		{"set @a x\\", failed},
		{"%bogus\n", failed},
		// Blocks come as one word; a condition needs the server.
		{"bind x { kill-server }\n", lines([]string{"bind", "x", cmdparse.EncodeBlock([]cmdparse.Line{{Argv: []string{"kill-server"}, Number: 1}})})},
		{"%if 1\nset -g @a x\n%endif\n", ConfigFile{Text: []byte("%if 1\nset -g @a x\n%endif\n")}},
	} {
		if got := parseConfig([]byte(tc.text), "/w", env); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q:\n got  %+v\n want %+v", tc.text, got, tc.want)
		}
	}
}

// A file or a control client's line nested deeper than tmux's parser
// stack fails; a control client is told tmux's message (tmux 3.3a:
// "parse error: yacc stack overflow").
func TestTooDeep(t *testing.T) {
	env := func(string) (string, bool) { return "", false }
	deep := strings.Repeat("if -F 1 { ", 2000) + strings.Repeat("}", 2000)
	if f := parseConfig([]byte(deep+"\n"), "/w", env); !f.Failed || f.Lines != nil {
		t.Errorf("a file too deep: %+v", f)
	}
	if argv, err := ParseControlLine(deep, "/w", env); argv != nil || err == nil || err.Error() != "yacc stack overflow" {
		t.Errorf("a line too deep: %q, %v", argv, err)
	}
	if _, err := ParseControlLine("display -p x }", "/w", env); err == nil || err.Error() != "syntax error" {
		t.Errorf("a line that does not parse: %v", err)
	}
	shallower := strings.Repeat("if -F 1 { ", 1999) + strings.Repeat("}", 1999)
	if argv, err := ParseControlLine(shallower, "/w", env); len(argv) != 4 || err != nil {
		t.Errorf("a line as deep as can be: %d words, %v", len(argv), err)
	}
}

func TestLoadConfig(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(dir+"/a.conf", []byte("set -g a 1\nbind x kill-server\n"), 0o600)
	os.WriteFile(dir+"/b.conf", []byte("set -g c 3\n"), 0o600)
	os.WriteFile(dir+"/bad.conf", []byte("set -g c '3\n"), 0o600)
	env := func(string) (string, bool) { return "", false }
	g := &Globals{Configs: []string{"a.conf", dir + "/missing.conf", dir + "/b.conf", dir}}
	got := LoadConfig(g, dir, env)
	want := []ConfigFile{
		{Lines: [][]string{{"set", "-g", "a", "1"}, {"bind", "x", "kill-server"}}, Path: dir + "/a.conf"},
		{Failed: true},
		{Lines: [][]string{{"set", "-g", "c", "3"}}, Path: dir + "/b.conf"},
		{Path: dir}, // a directory reads as an empty file
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("-f: got %+v, want %+v", got, want)
	}
	// Of the default list, a missing file is passed over.
	home := func(k string) (string, bool) { return dir, k == "HOME" }
	os.WriteFile(dir+"/.tmux.conf", []byte("set -g d 4\n"), 0o600)
	if got := LoadConfig(&Globals{}, "/", home); !reflect.DeepEqual(got, []ConfigFile{{Lines: [][]string{{"set", "-g", "d", "4"}}, Path: dir + "/.tmux.conf"}}) {
		t.Errorf("default list: %+v", got)
	}
}

func TestConfigFiles(t *testing.T) {
	env := func(kv map[string]string) func(string) (string, bool) {
		return func(k string) (string, bool) { v, ok := kv[k]; return v, ok }
	}
	got := ConfigFiles(&Globals{}, env(map[string]string{"HOME": "/h", "XDG_CONFIG_HOME": "/x"}))
	want := []string{"/etc/tmux.conf", "/h/.tmux.conf", "/x/tmux/tmux.conf", "/h/.config/tmux/tmux.conf"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("defaults: %q, want %q", got, want)
	}
	got = ConfigFiles(&Globals{}, env(nil))
	if want := []string{"/etc/tmux.conf"}; !reflect.DeepEqual(got, want) {
		t.Errorf("without HOME and XDG_CONFIG_HOME: %q, want %q", got, want)
	}
	if got := ConfigFiles(&Globals{Configs: []string{"/dev/null"}}, env(nil)); !reflect.DeepEqual(got, []string{"/dev/null"}) {
		t.Errorf("-f: %q", got)
	}
}
