package server_test

import (
	"bytes"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/server"
)

// TestControlCutsCommandLinesAsTmux: the control backend cuts an argv into
// commands where tmux's own client does, at an argument that ends in ';'
// but not at "\;", so that it runs what the exec backend runs.
func TestControlCutsCommandLinesAsTmux(t *testing.T) {
	e, control := controlEnv(t, server.DefaultTimeout)
	for _, d := range []server.Dialer{server.ExecDialer{Bin: e.bin, SocketName: e.socket}, control} {
		for _, tc := range []struct {
			args []string
			want string
		}{
			{[]string{"set-buffer", "-b", "x", "hello;", "show-buffer", "-b", "x"}, "hello"},
			{[]string{"set-buffer", "-b", "y", `hi\;`, ";", "show-buffer", "-b", "y"}, "hi;"},
			// Any byte but NUL reaches tmux as it is, a line break
			// included, which would end a control client's line.
			{[]string{"set-buffer", "-b", "z", "a\nb\r\x1b[1m\\\"$HOME'~#{x}\x7f\xff\xfeé", ";", "show-buffer", "-b", "z"}, "a\nb\r\x1b[1m\\\"$HOME'~#{x}\x7f\xff\xfeé"},
			{[]string{"set-buffer", "-b", "t", "~root\n", ";", "show-buffer", "-b", "t"}, "~root\n"},
		} {
			var stdout, stderr bytes.Buffer
			if code := d.Dial("").Run(t.Context(), tc.args, nil, &stdout, &stderr); code != 0 || stdout.String() != tc.want {
				t.Errorf("%T %q: exit %d, stdout %q, stderr %q; want %q", d, tc.args, code, stdout.String(), stderr.String(), tc.want)
			}
		}
	}
}

// TestControlCarriesLineBreaks: an argument with line breaks, quotes and
// what tmux's parser would expand ($HOME, ~, #{}) reaches tmux on the
// control backend as it does on exec: a value set is read back whole.
func TestControlCarriesLineBreaks(t *testing.T) {
	e, control := controlEnv(t, server.DefaultTimeout)
	const value = "two\nlines\r\n'single' \"double\" $HOME ~ #{session_name} \\n"
	for _, d := range []server.Dialer{server.ExecDialer{Bin: e.bin, SocketName: e.socket}, control} {
		var stdout, stderr bytes.Buffer
		args := []string{"set-environment", "-g", "--", "LINES", value, ";", "show-environment", "-g", "LINES"}
		if code := d.Dial("").Run(t.Context(), args, nil, &stdout, &stderr); code != 0 || stdout.String() != "LINES="+value+"\n" {
			t.Errorf("%T: exit %d, stdout %q, stderr %q; want %q", d, code, stdout.String(), stderr.String(), "LINES="+value+"\n")
		}
	}
}
