package main

import (
	"io"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/server"
)

// TestSocketPrecedence: a socket flag wins over both socket variables, and
// within one level a path wins over a name, as tmux -S wins over -L.
func TestSocketPrecedence(t *testing.T) {
	for _, tc := range []struct {
		label      string
		argv       []string
		env        map[string]string
		name, path string
	}{
		{"nothing", nil, nil, "", ""},
		{"name variable", nil, map[string]string{"LIBTMUX_SOCKET": "envsock"}, "envsock", ""},
		{"path variable", nil, map[string]string{"LIBTMUX_SOCKET_PATH": "/env/sock"}, "", "/env/sock"},
		{"path variable over name variable", nil, map[string]string{"LIBTMUX_SOCKET": "envsock", "LIBTMUX_SOCKET_PATH": "/env/sock"}, "", "/env/sock"},
		{"path flag over name variable", []string{"--socket-path", "/flag/sock"}, map[string]string{"LIBTMUX_SOCKET": "envsock"}, "", "/flag/sock"},
		{"name flag over path variable", []string{"--socket-name", "flagsock"}, map[string]string{"LIBTMUX_SOCKET_PATH": "/env/sock"}, "flagsock", ""},
		{"path flag over name flag", []string{"--socket-name", "flagsock", "--socket-path", "/flag/sock"}, nil, "", "/flag/sock"},
		{"path flag over name flag, either order", []string{"--socket-path", "/flag/sock", "--socket-name", "flagsock"}, nil, "", "/flag/sock"},
		{"an empty flag still sets the variables aside", []string{"--socket-name="}, map[string]string{"LIBTMUX_SOCKET": "envsock", "LIBTMUX_SOCKET_PATH": "/env/sock"}, "", ""},
	} {
		o, err := parseOptions(tc.argv, func(k string) string { return tc.env[k] }, io.Discard)
		if err != nil {
			t.Fatalf("%s: %v", tc.label, err)
		}
		cfg, release, err := o.serverConfig(io.Discard)
		if err != nil {
			t.Fatalf("%s: %v", tc.label, err)
		}
		release()
		want := server.ExecDialer{Bin: "tmux", SocketName: tc.name, SocketPath: tc.path}
		if cfg.Tmux != want {
			t.Errorf("%s: dialer %+v, want %+v", tc.label, cfg.Tmux, want)
		}
	}
}
