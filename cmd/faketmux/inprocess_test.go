//go:build linux && !faketmux_thin

package main

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli/wire"
)

// TestDaemonInProcess runs the daemon and many clients in the test process,
// so that `go test -race` checks their code (the binary the other tests run
// is not race-instrumented): concurrent loads and reads, a client that goes
// away mid-command, the configuration of the first client, and the exit
// once the server is killed.
func TestDaemonInProcess(t *testing.T) {
	p := startInProcess(t, 0)
	conf := filepath.Join(t.TempDir(), "tmux.conf")
	if err := os.WriteFile(conf, []byte("set -g buffer-limit 100\nset -g no-such-option 1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	res := exchange(p.first, &wire.Req{
		Args:    []string{"new-session", "-d", "sleep 1000"},
		Configs: []string{conf},
	}, nil, &out, &errb, true)
	p.first.Close()
	if res.Status != 0 || !res.Accepted || errb.Len() != 0 || res.Message != "" {
		t.Fatalf("first client: %+v, stderr %q", res, errb.String())
	}
	client := p.client
	content := func(i int) string { return strings.Repeat(fmt.Sprintf("%d.", i), 30000) }
	const n = 16
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			if r := client(content(i), "load-buffer", "-b", fmt.Sprint("b", i), "-"); r.code != 0 || r.stderr != "" {
				t.Errorf("load %d: %v", i, r)
			}
		})
	}
	wg.Go(func() { abandonLoad(t, p.path) })
	wg.Wait()
	for i := range n {
		wg.Go(func() {
			if r := client("", "show-buffer", "-b", fmt.Sprint("b", i)); r.stdout != content(i) || r.code != 0 {
				t.Errorf("show %d: %d bytes, exit %d, stderr %q", i, len(r.stdout), r.code, r.stderr)
			}
		})
	}
	wg.Wait()
	if r := client("", "list-buffers", "-F", "#{buffer_name}"); strings.Count(r.stdout, "\n") != n || strings.Contains(r.stdout, "abandoned") {
		t.Errorf("buffers: %v", r)
	}
	if r := client("", "show-options", "-g", "buffer-limit"); r.stdout != "buffer-limit 100\n" {
		t.Errorf("configuration of the first client: %v", r)
	}
	if r := client("", "kill-server"); r.code != 0 {
		t.Errorf("kill-server: %v", r)
	}
	if st := <-p.exited; st != 0 {
		t.Errorf("daemon exit status %d", st)
	}
	if _, err := os.Lstat(p.path); err != nil {
		t.Errorf("the socket of a server that ran must stay, as tmux's does: %v", err)
	}
}

// abandonLoad starts a load-buffer, sends part of its input once asked,
// and hangs up.
func abandonLoad(t *testing.T, path string) {
	conn, err := net.Dial("unix", path)
	if err != nil {
		t.Error(err)
		return
	}
	defer conn.Close()
	c, err := wire.NewConn(conn)
	if err != nil {
		t.Error(err)
		return
	}
	(&wire.Req{Args: []string{"load-buffer", "-b", "abandoned", "-"}}).Send(c, nil, nil, wire.SendOptions{})
	for {
		m, err := c.ReadMsg()
		if err != nil {
			t.Errorf("waiting to be asked for input: %v", err)
			return
		}
		if m.Type == wire.MsgReadOpen {
			c.Send(wire.MsgRead, m.Data[:4], []byte("part"))
			return
		}
	}
}

func socketPair(t *testing.T) (net.Conn, net.Conn) {
	t.Helper()
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	var conns [2]net.Conn
	for i, fd := range fds {
		f := os.NewFile(uintptr(fd), "pair")
		conns[i], err = net.FileConn(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	return conns[0], conns[1]
}

// TestIdleDaemonAnswersAsNobodyListening keeps a daemon alive with no
// server running, as a client still connected does: other clients must get
// what they would get with nobody listening, -N included, and a command that
// starts a server must start it in this daemon.
func TestIdleDaemonAnswersAsNobodyListening(t *testing.T) {
	p := startInProcess(t, 1)
	var out, errb bytes.Buffer
	if res := exchange(p.first, &wire.Req{Args: []string{"list-buffers"}}, nil, &out, &errb, true); res.Status != 1 {
		t.Fatalf("list-buffers with no server: %+v", res)
	}
	p.first.Close()

	nobody := result{"", "error connecting to " + p.path + " (No such file or directory)\n", 1}
	for _, args := range [][]string{{"-N", "new-session", "-d"}, {"has-session"}} {
		if r := p.client("", args...); r != nobody {
			t.Errorf("%q: %v, want %v", args, r, nobody)
		}
	}
	if r := p.client("", "new-session", "-d", "sleep 1000"); r.code != 0 || r.stderr != "" {
		t.Errorf("new-session: %v", r)
	}
	p.d.mu.Lock()
	up := p.d.up
	p.d.mu.Unlock()
	if up == nil || closed(up) || !p.d.srv.Running() {
		t.Fatal("new-session did not start the server in the idle daemon")
	}
	if r := p.client("", "-N", "has-session"); r.code != 0 {
		t.Errorf("-N with a server running: %v", r)
	}
	p.client("", "kill-server")
	p.d.release()
	if st := <-p.exited; st != 0 {
		t.Errorf("daemon exit status %d", st)
	}
}

// inProcess is a daemon run by the test process on a fresh socket, with
// first the connection of the client that would have started it.
type inProcess struct {
	d      *daemon
	path   string
	first  net.Conn
	exited chan int
}

// startInProcess starts a daemon; hold counts clients it must wait for
// besides first, which the test releases with d.release.
func startInProcess(t *testing.T, hold int) *inProcess {
	dir, err := os.MkdirTemp("", "ft")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	p := &inProcess{path: dir + "/s", exited: make(chan int, 1)}
	p.d = newDaemon(daemonSpec{path: p.path})
	p.d.active = hold
	var daemonEnd net.Conn
	p.first, daemonEnd = socketPair(t)
	go func() { p.exited <- p.d.run(daemonEnd, nil) }()
	return p
}

// client runs a client invocation in the test process.
func (p *inProcess) client(stdin string, args ...string) result {
	var o, e bytes.Buffer
	code := runClient(append([]string{"tmux", "-S", p.path}, args...), strings.NewReader(stdin), &o, &e)
	return result{o.String(), e.String(), code}
}
