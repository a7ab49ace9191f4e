package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
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

// TestAuditKeyFile: --audit-key-file gives the server its key, and a key
// file others may read stops the server before it starts, saying why.
func TestAuditKeyFile(t *testing.T) {
	dir := t.TempDir()
	key := strings.Repeat("0123456789abcdef", 3)
	keyFile := func(name string, mode os.FileMode) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(key+"\n"), mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(path, mode); err != nil { // whatever the umask
			t.Fatal(err)
		}
		return path
	}
	o, err := parseOptions([]string{"--audit-key-file", keyFile("private", 0o600)}, noEnv, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	cfg, release, err := o.serverConfig(io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	release()
	if string(cfg.AuditKey) != key {
		t.Errorf("the server's audit key is %q, want the file's %q", cfg.AuditKey, key)
	}

	var stderr strings.Builder
	loose := keyFile("loose", 0o644)
	if code := run(t.Context(), []string{"--audit-key-file", loose}, noEnv, nil, nil, &stderr); code != 2 {
		t.Errorf("a key file others can read: exit %d, want 2", code)
	}
	if msg := stderr.String(); !strings.Contains(msg, loose) || !strings.Contains(msg, "chmod 600") || strings.Contains(msg, key) {
		t.Errorf("a key file others can read: %q, want the file named, the fix, and not the key", msg)
	}
}

// TestMaxReplyBytes: by default a show_buffer reply fits the official
// TypeScript client's 10 MiB; the flag raises or lowers it, down to a
// floor that still holds a reply's fixed part.
func TestMaxReplyBytes(t *testing.T) {
	for _, tc := range []struct {
		argv []string
		want int
	}{
		{nil, 10 << 20},
		{[]string{"--max-reply-bytes", "65536"}, 65536},
		{[]string{"--max-reply-bytes", "104857600"}, 100 << 20},
	} {
		o, err := parseOptions(tc.argv, func(string) string { return "" }, io.Discard)
		if err != nil {
			t.Fatalf("%v: %v", tc.argv, err)
		}
		cfg, release, err := o.serverConfig(io.Discard)
		if err != nil {
			t.Fatalf("%v: %v", tc.argv, err)
		}
		release()
		if cfg.MaxReplyBytes != tc.want {
			t.Errorf("%v: MaxReplyBytes %d, want %d", tc.argv, cfg.MaxReplyBytes, tc.want)
		}
	}
	if _, err := parseOptions([]string{"--max-reply-bytes", "100"}, func(string) string { return "" }, io.Discard); err == nil || !strings.Contains(err.Error(), "--max-reply-bytes must be at least 4096") {
		t.Errorf("a 100-byte reply limit: %v", err)
	}
}
