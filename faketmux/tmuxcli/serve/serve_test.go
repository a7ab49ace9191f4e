package serve

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/faketmux"
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli/wire"
)

// The configuration is read only for a request that starts a server, and
// as its client would have read it: a relative file in the client's
// directory, ~ from the client's HOME.
func TestCallConfig(t *testing.T) {
	if _, err := os.Stat("/etc/tmux.conf"); err == nil {
		t.Skip("/etc/tmux.conf, first in tmux's default list, would be read too")
	}
	dir, home := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(dir, "rel.conf"), []byte("set -g a 1\n"), 0o600)
	os.WriteFile(filepath.Join(home, ".tmux.conf"), []byte("set -g b 2\n"), 0o600)
	env := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + home + "/none"}
	rel := []faketmux.ConfigFile{{Lines: [][]string{{"set", "-g", "a", "1"}}, Path: filepath.Join(dir, "rel.conf")}}
	for _, tc := range []struct {
		req  wire.Req
		want []faketmux.ConfigFile
	}{
		{wire.Req{Configs: []string{"rel.conf"}, Args: []string{"new-session"}}, rel},
		{wire.Req{Configs: []string{"rel.conf"}}, rel}, // tmux runs new-session
		{wire.Req{Configs: []string{"rel.conf"}, Args: []string{"list-buffers"}}, nil},
		{wire.Req{Configs: []string{"rel.conf"}, Args: []string{"new-session"}, NoStartServer: true}, nil},
		{wire.Req{Configs: []string{"missing.conf"}, Args: []string{"start-server"}}, []faketmux.ConfigFile{{Failed: true}}},
		{wire.Req{Args: []string{"start-server"}}, []faketmux.ConfigFile{{Lines: [][]string{{"set", "-g", "b", "2"}}, Path: filepath.Join(home, ".tmux.conf")}}},
	} {
		tc.req.Dir, tc.req.Env = dir, env
		got := Call(&tc.req, nil, nil, nil).Config
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q -f %q (-N %v): configuration %+v, want %+v", tc.req.Args, tc.req.Configs, tc.req.NoStartServer, got, tc.want)
		}
	}
}

// A control client's lines are parsed with the client's environment.
func TestCallControl(t *testing.T) {
	req := &wire.Req{Args: []string{"new-session"}, Env: []string{"X=from-client"}, Dir: "/"}
	if Call(req, nil, nil, nil).ParseLine != nil {
		t.Error("a client that is not a control client got a line parser")
	}
	req.Control = 1
	got, err := Call(req, nil, nil, nil).ParseLine(`set -g @x "$X"; show -g @x`)
	if want := []string{"set", "-g", "@x", "from-client", ";", "show", "-g", "@x"}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("ParseLine = %q, %v; want %q", got, err, want)
	}
}
