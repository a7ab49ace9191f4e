package tmuxcli

import (
	"os"
	"reflect"
	"testing"
)

func TestParseConfig(t *testing.T) {
	text := "# a comment\n" +
		"set -g buffer-limit 5 # trailing comment\n" +
		"set-option -g status-left 'a #b \\ c'\n" +
		"set -g x \"q\\\"uote#d\" ; set -g y z\n" +
		"set -g \\\n  joined on\n" +
		"bind r source-file ~/.tmux.conf\n" +
		"\n   \t\n"
	want := [][]string{
		{"set", "-g", "buffer-limit", "5"},
		{"set-option", "-g", "status-left", "a #b \\ c"},
		{"set", "-g", "x", "q\"uote#d"},
		{"set", "-g", "y", "z"},
		{"set", "-g", "joined", "on"},
		{"bind", "r", "source-file", "~/.tmux.conf"},
	}
	if got := parseConfig(text); !reflect.DeepEqual(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestLoadConfigKeepsSetOptionOnly(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(dir+"/a.conf", []byte("set -g a 1\nbind x kill-server\nset-option -g b 2\n"), 0o600)
	os.WriteFile(dir+"/b.conf", []byte("set -g c 3\n"), 0o600)
	got := LoadConfig([]string{dir + "/a.conf", dir + "/missing.conf", dir + "/b.conf"})
	want := [][]string{{"set", "-g", "a", "1"}, {"set-option", "-g", "b", "2"}, {"set", "-g", "c", "3"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
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
