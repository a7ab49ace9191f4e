//go:build linux && !faketmux_thin

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli/wire"
)

// TestBridgeMode runs clients against a bridge in the test process: each
// request names the socket that its flags chose, standard input goes only
// when asked for, output and the exit status come back, and no daemon is
// started.
func TestBridgeMode(t *testing.T) {
	dir, err := os.MkdirTemp("", "fb")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	dir, _ = filepath.EvalSymlinks(dir)
	bridge := dir + "/bridge"
	ln, err := net.Listen("unix", bridge)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	t.Setenv(tmuxcli.BridgeEnv, bridge)
	t.Setenv("TMUX_TMPDIR", dir)
	t.Setenv("LC_ALL", "C") // so that only -u makes a client UTF-8
	reqs := make(chan *wire.Req, 1)
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := wire.Accept(conn)
			if err != nil {
				t.Errorf("bridge: %v", err)
				continue
			}
			reqs <- s.Req
			s.Run(context.Background(), func(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) int {
				if s.Req.Args[len(s.Req.Args)-1] != "-" {
					fmt.Fprintln(stderr, "no input wanted")
					return 3
				}
				b, err := io.ReadAll(stdin)
				if err != nil {
					t.Errorf("bridge: reading input: %v", err)
				}
				stdout.Write(b)
				return 0
			})
		}
	}()

	var out, errb bytes.Buffer
	code := runClient([]string{"tmux", "-uL", "x", "load-buffer", "-"}, strings.NewReader("data"), &out, &errb)
	req := <-reqs
	sock := fmt.Sprintf("%s/tmux-%d/x", dir, os.Getuid())
	if code != 0 || out.String() != "data" || errb.Len() != 0 {
		t.Errorf("load: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
	wd, _ := os.Getwd()
	if req.Socket != sock || !req.UTF8 || req.NoStartServer || !reflect.DeepEqual(req.Args, []string{"load-buffer", "-"}) || req.Dir != wd {
		t.Errorf("load: request %+v", req)
	}

	out.Reset()
	code = runClient([]string{"tmux", "-N", "-S", "rel", "has-session"}, failReader{t}, &out, &errb)
	req = <-reqs
	if code != 3 || errb.String() != "no input wanted\n" {
		t.Errorf("has-session: exit %d, stderr %q", code, errb.String())
	}
	if req.Socket != "rel" || !req.NoStartServer || req.UTF8 {
		t.Errorf("has-session: request %+v", req)
	}

	if _, err := os.Stat(sock); !os.IsNotExist(err) {
		t.Errorf("something was made at the socket path: %v", err)
	}

	// A bridge that is gone is an error of the harness, not tmux's.
	t.Setenv(tmuxcli.BridgeEnv, dir+"/gone")
	errb.Reset()
	code = runClient([]string{"tmux", "new-session", "-d"}, failReader{t}, &out, &errb)
	if want := "faketmux: " + tmuxcli.BridgeEnv + "=" + dir + "/gone: "; code != 1 || !strings.HasPrefix(errb.String(), want) {
		t.Errorf("no bridge: exit %d, stderr %q; want 1 and %q...", code, errb.String(), want)
	}
}

// failReader is standard input that must not be read.
type failReader struct{ t *testing.T }

func (r failReader) Read([]byte) (int, error) {
	r.t.Error("standard input was read without being asked for")
	return 0, io.EOF
}
