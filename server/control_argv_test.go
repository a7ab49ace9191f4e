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
