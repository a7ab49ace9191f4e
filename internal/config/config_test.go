package config_test

import (
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tmuxbuf/tmuxbuf/internal/config"
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
		cfg := serverConfig(t, tc.argv, func(k string) string { return tc.env[k] })
		want := server.ExecDialer{Bin: "tmux", SocketName: tc.name, SocketPath: tc.path}
		if got, ok := cfg.Tmux.(server.ExecDialer); !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: dialer %+v, want %+v", tc.label, cfg.Tmux, want)
		}
	}
}

// TestAuditKeyFile: --audit-key-file gives the server its key, and a key
// file others may read is refused, saying why, without the key.
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
	cfg := serverConfig(t, []string{"--audit-key-file", keyFile("private", 0o600)}, noEnv)
	if string(cfg.AuditKey) != key {
		t.Errorf("the server's audit key is %q, want the file's %q", cfg.AuditKey, key)
	}

	loose := keyFile("loose", 0o644)
	o, err := config.Parse([]string{"--audit-key-file", loose}, noEnv, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = o.Server(io.Discard)
	if err == nil {
		t.Fatal("a key file others can read was accepted")
	}
	if msg := err.Error(); !strings.Contains(msg, loose) || !strings.Contains(msg, "chmod 600") || strings.Contains(msg, key) {
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
		cfg := serverConfig(t, tc.argv, noEnv)
		if cfg.MaxReplyBytes != tc.want {
			t.Errorf("%v: MaxReplyBytes %d, want %d", tc.argv, cfg.MaxReplyBytes, tc.want)
		}
	}
	if _, err := config.Parse([]string{"--max-reply-bytes", "100"}, func(string) string { return "" }, io.Discard); err == nil || !strings.Contains(err.Error(), "--max-reply-bytes must be at least 4096") {
		t.Errorf("a 100-byte reply limit: %v", err)
	}
}

func TestOptionsPrecedence(t *testing.T) {
	env := map[string]string{"LIBTMUX_TMUX_BIN": "/env/tmux", "LIBTMUX_SOCKET": "envsock", "LIBTMUX_SAFETY": "readonly", "TMUXBUF_BACKEND": "fake"}
	getenv := func(k string) string { return env[k] }
	o, err := config.Parse(nil, getenv, io.Discard)
	if err != nil || o.TmuxBin != "/env/tmux" || o.SocketName != "envsock" || o.Safety != "readonly" || o.Backend != "fake" {
		t.Errorf("environment not honoured: %+v %v", o, err)
	}
	o, err = config.Parse([]string{"--tmux-bin", "/flag/tmux", "--socket-name", "flagsock", "--safety", "destructive", "--backend", "control"}, getenv, io.Discard)
	if err != nil || o.TmuxBin != "/flag/tmux" || o.SocketName != "flagsock" || o.Safety != "destructive" || o.Backend != "control" {
		t.Errorf("flags do not win over the environment: %+v %v", o, err)
	}
	for _, bad := range [][]string{{"--backend", "docker"}, {"--timeout", "0s"}, {"stray"}, {"--max-content-bytes", "-1"}} {
		if _, err := config.Parse(bad, noEnv, io.Discard); err == nil {
			t.Errorf("%v was accepted", bad)
		}
	}
}

func TestHTTPOptionsRefused(t *testing.T) {
	for _, bad := range [][]string{
		{"--http-session-timeout", "0s"},
		{"--max-content-bytes", "4611686018427387904"}, // the request size it allows would overflow
		{"--http-no-auth", "--http-allow-remote"},
		{"--http-no-auth", "--http-token-file", "/dev/null"},
	} {
		if _, err := config.Parse(bad, noEnv, io.Discard); err == nil {
			t.Errorf("%v was accepted", bad)
		}
	}
}

func noEnv(string) string { return "" }

// serverConfig is the server configuration that argv and getenv make,
// with what it opened released.
func serverConfig(t *testing.T, argv []string, getenv func(string) string) server.Config {
	t.Helper()
	o, err := config.Parse(argv, getenv, io.Discard)
	if err != nil {
		t.Fatalf("%q: %v", argv, err)
	}
	cfg, release, err := o.Server(io.Discard)
	if err != nil {
		t.Fatalf("%q: %v", argv, err)
	}
	release()
	return cfg
}

// TestWaitMax: LIBTMUX_MCP_WAIT_MAX_SECONDS as libtmux-mcp reads it: 30 s
// unset, held to 1-120 s, and a value that is not a finite number warns
// and gives the default rather than stopping the server.
func TestWaitMax(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  time.Duration
		warns string
	}{
		{"", 30 * time.Second, ""},
		{"12", 12 * time.Second, ""},
		{" 2.5 ", 2500 * time.Millisecond, ""},
		{"0.2", time.Second, "out of range"},
		{"-5", time.Second, "out of range"},
		{"600", 120 * time.Second, "out of range"},
		{"1e-400", time.Second, "out of range"},
		{"soon", 30 * time.Second, "not a number"},
		{"nan", 30 * time.Second, "not a finite number"},
		{"inf", 30 * time.Second, "not a finite number"},
		{"1e400", 30 * time.Second, "not a finite number"},
	} {
		var stderr strings.Builder
		o, err := config.Parse(nil, func(k string) string {
			if k == "LIBTMUX_MCP_WAIT_MAX_SECONDS" {
				return tc.value
			}
			return ""
		}, &stderr)
		if err != nil {
			t.Fatalf("%q: %v", tc.value, err)
		}
		cfg, release, err := o.Server(io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		release()
		if cfg.WaitMax != tc.want {
			t.Errorf("%q: WaitMax %v, want %v", tc.value, cfg.WaitMax, tc.want)
		}
		if got := stderr.String(); tc.warns == "" && got != "" || !strings.Contains(got, tc.warns) || tc.warns != "" && !strings.Contains(got, "LIBTMUX_MCP_WAIT_MAX_SECONDS") {
			t.Errorf("%q: warned %q, want a warning saying %q", tc.value, got, tc.warns)
		}
	}
}

// TestSuppressHistory: LIBTMUX_SUPPRESS_HISTORY unset or 1 keeps run_command's
// commands out of the shell's history, 0 lets them in, and anything else
// stops the server at start with libtmux-mcp's message.
func TestSuppressHistory(t *testing.T) {
	for value, keep := range map[string]bool{"": false, "1": false, "0": true} {
		cfg := serverConfig(t, nil, func(k string) string {
			if k == "LIBTMUX_SUPPRESS_HISTORY" {
				return value
			}
			return ""
		})
		if cfg.KeepHistory != keep {
			t.Errorf("LIBTMUX_SUPPRESS_HISTORY=%q: KeepHistory %v, want %v", value, cfg.KeepHistory, keep)
		}
	}
	for _, bad := range []string{"true", "yes", "2", " 1"} {
		_, err := config.Parse(nil, func(k string) string {
			if k == "LIBTMUX_SUPPRESS_HISTORY" {
				return bad
			}
			return ""
		}, io.Discard)
		if err == nil || err.Error() != "LIBTMUX_SUPPRESS_HISTORY must be unset, '0', or '1'" {
			t.Errorf("LIBTMUX_SUPPRESS_HISTORY=%q: %v", bad, err)
		}
	}
}

// TestCaller: TMUX and TMUX_PANE, as tmux sets them for a pane's
// programs, tell the server the pane it runs in; outside tmux, none.
func TestCaller(t *testing.T) {
	env := map[string]string{"TMUX": "/tmp/tmux-1000/default,4242,$0", "TMUX_PANE": "%3"}
	cfg := serverConfig(t, nil, func(k string) string { return env[k] })
	if want := (server.Caller{SocketPath: "/tmp/tmux-1000/default", PaneID: "%3"}); cfg.Caller == nil || *cfg.Caller != want {
		t.Errorf("inside tmux the caller is %+v, want %+v", cfg.Caller, want)
	}
	if cfg := serverConfig(t, nil, noEnv); cfg.Caller != nil {
		t.Errorf("outside tmux the caller is %+v, want none", cfg.Caller)
	}
}
