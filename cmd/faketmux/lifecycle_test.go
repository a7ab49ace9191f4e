//go:build linux && !faketmux_thin

package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli/wire"
)

func TestConnectErrors(t *testing.T) {
	w := newWorld(t, fakeBin)
	sock := w.socket()
	want := result{"", "error connecting to " + sock + " (No such file or directory)\n", 1}
	if got := w.run("", "list-buffers"); got != want {
		t.Errorf("no socket: got %v, want %v", got, want)
	}
	// The daemon that found out list-buffers starts no server leaves no
	// socket behind, as tmux, which never starts one for it.
	w.waitNoServers()
	if _, err := os.Lstat(sock); !os.IsNotExist(err) {
		t.Errorf("socket left behind after a command that starts no server: %v", err)
	}

	w.must("", "-f", "/dev/null", "new-session", "-d", "sleep 1000")
	w.must("", "kill-server")
	w.waitNoServers()
	if fi, err := os.Lstat(sock); err != nil || fi.Mode().Type() != os.ModeSocket {
		t.Fatalf("tmux leaves its socket after the server exits; got %v, %v", fi, err)
	}
	want = result{"", "no server running on " + sock + "\n", 1}
	for _, args := range [][]string{{"list-buffers"}, {"-N", "new-session", "-d"}, {"has-session"}} {
		if got := w.run("", args...); got != want {
			t.Errorf("%q on a stale socket: got %v, want %v", args, got, want)
		}
	}
	w.waitNoServers()
	if _, err := os.Lstat(sock); err != nil {
		t.Errorf("stale socket removed by a command that starts no server: %v", err)
	}
}

func TestServerLifecycle(t *testing.T) {
	w := newWorld(t, fakeBin)
	w.must("", "-f", "/dev/null", "new-session", "-d", "-s", "a", "sleep 1000")
	if n := len(w.servers()); n != 1 {
		t.Fatalf("%d daemons, want 1", n)
	}
	// tmux's server removes the lock file once it listens.
	if _, err := os.Lstat(w.socket() + ".lock"); !os.IsNotExist(err) {
		t.Errorf("lock file left behind: %v", err)
	}
	w.must("", "set-buffer", "-b", "kept", "value")
	w.must("", "kill-session", "-t", "a")
	// The last session is gone, so the server exits and its buffers with
	// it, as tmux's do.
	w.waitNoServers()
	w.must("", "-f", "/dev/null", "new-session", "-d", "sleep 1000")
	if got := w.run("", "show-buffer", "-b", "kept"); got.stderr != "no buffer kept\n" || got.code != 1 {
		t.Errorf("buffer survived the server: %v", got)
	}
}

func TestKilledDaemonLeavesNothingBlocking(t *testing.T) {
	w := newWorld(t, fakeBin)
	w.must("", "-f", "/dev/null", "new-session", "-d", "sleep 1000")
	pids := w.servers()
	if len(pids) != 1 {
		t.Fatalf("daemons %v, want one", pids)
	}
	syscall.Kill(pids[0], syscall.SIGKILL)
	w.waitNoServers()
	want := result{"", "no server running on " + w.socket() + "\n", 1}
	if got := w.run("", "list-sessions"); got != want {
		t.Errorf("after the daemon was killed: got %v, want %v", got, want)
	}
	w.must("", "-f", "/dev/null", "new-session", "-d", "-s", "again", "sleep 1000")
	if got := w.must("", "list-sessions", "-F", "#{session_name}"); got != "again\n" {
		t.Errorf("sessions after restart: %q", got)
	}
}

func TestStartRaceEndsWithOneDaemon(t *testing.T) {
	w := newWorld(t, fakeBin)
	const n = 8
	var wg sync.WaitGroup
	results := make([]result, n)
	for i := range n {
		wg.Go(func() {
			results[i] = w.run("", "-f", "/dev/null", "new-session", "-d", "-s", fmt.Sprint("s", i), "sleep 1000")
		})
	}
	wg.Wait()
	for i, r := range results {
		if r.code != 0 || r.stderr != "" {
			t.Errorf("client %d: %v", i, r)
		}
	}
	if pids := w.servers(); len(pids) != 1 {
		t.Errorf("daemons %v, want one", pids)
	}
	got := strings.Fields(w.must("", "list-sessions", "-F", "#{session_name}"))
	slices.Sort(got)
	if len(got) != n {
		t.Errorf("sessions %q, want %d", got, n)
	}
}

func TestConcurrentLoadsAllDistinctNoneLost(t *testing.T) {
	w := newWorld(t, fakeBin)
	w.must("", "-f", "/dev/null", "new-session", "-d", "sleep 1000")
	const n = 12
	content := func(i int) string {
		// Large enough to take several stdin and stdout frames.
		return strings.Repeat(fmt.Sprintf("client %d line\n", i), 20000)
	}
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			if r := w.run(content(i), "load-buffer", "-b", fmt.Sprint("b", i), "-"); r.code != 0 || r.stderr != "" {
				t.Errorf("load %d: %v", i, r)
			}
		})
	}
	wg.Wait()
	if got := strings.Count(w.must("", "list-buffers", "-F", "#{buffer_name}"), "\n"); got != n {
		t.Errorf("%d buffers, want %d", got, n)
	}
	// Read them back concurrently: each client's output must be exactly
	// its own buffer, never another's interleaved.
	for i := range n {
		wg.Go(func() {
			if got := w.must("", "show-buffer", "-b", fmt.Sprint("b", i)); got != content(i) {
				t.Errorf("buffer %d: %d bytes, want %d, content mixed or lost", i, len(got), len(content(i)))
			}
		})
	}
	wg.Wait()
}

// TestLargeContentRoundTrip loads and shows a buffer of a thousand messages
// and more, byte for byte, NULs and invalid UTF-8 included.
func TestLargeContentRoundTrip(t *testing.T) {
	w := newWorld(t, fakeBin)
	w.must("", "-f", "/dev/null", "new-session", "-d", "sleep 1000")
	// Numbered records, so that a lost or repeated message shows.
	var b []byte
	for i := uint32(0); len(b) <= 16<<20+wire.ChunkSize; i++ {
		b = append(binary.BigEndian.AppendUint32(b, i), 0, 0xff, '\r', '\n')
	}
	content := string(b)
	w.must(content, "load-buffer", "-b", "big", "-")
	if got := w.must("", "show-buffer", "-b", "big"); got != content {
		t.Errorf("show-buffer gave %d bytes, want the %d loaded", len(got), len(content))
	}
}

// TestClientDyingMidCommand kills a client while the daemon waits for its
// standard input: the half-sent load must not happen, and the daemon must
// go on serving.
func TestClientDyingMidCommand(t *testing.T) {
	w := newWorld(t, fakeBin)
	w.must("", "-f", "/dev/null", "new-session", "-d", "sleep 1000")
	c := startLoad(t, w, "partial")
	c.cmd.Process.Kill()
	<-c.exited

	w.must("", "set-buffer", "-b", "after", "ok")
	if got := w.must("", "show-buffer", "-b", "after"); got != "ok" {
		t.Errorf("daemon after a dead client: %q", got)
	}
	if got := w.must("", "list-buffers", "-F", "#{buffer_name}"); got != "after\n" {
		t.Errorf("buffers %q: the dead client's load must not happen", got)
	}
}

// TestDaemonKilledMidCommand kills the daemon while a client waits on it:
// the client says so as tmux's does.
func TestDaemonKilledMidCommand(t *testing.T) {
	w := newWorld(t, fakeBin)
	w.must("", "-f", "/dev/null", "new-session", "-d", "sleep 1000")
	c := startLoad(t, w, "x")
	for _, pid := range w.servers() {
		syscall.Kill(pid, syscall.SIGKILL)
	}
	<-c.exited
	if code := exitCode(t, c.err); code != 1 || c.stderr.String() != "server exited unexpectedly\n" {
		t.Errorf("client: exit %d, stderr %q", code, c.stderr.String())
	}
}

// loadClient is a `load-buffer -` client whose standard input is a pipe the
// test holds open.
type loadClient struct {
	cmd    *exec.Cmd
	pw     *os.File
	stderr bytes.Buffer
	exited chan struct{}
	err    error // the client's, once exited is closed
}

// startLoad starts a loadClient, gives it part of its input and returns
// once it has read it. The client reads its input only when the daemon asks
// for it, so by then the command is under way; a client that never reads,
// because it was told there is no server, returns on exiting.
func startLoad(t *testing.T, w *world, name string) *loadClient {
	t.Helper()
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pr.Close(); pw.Close() })
	c := &loadClient{cmd: exec.Command(w.bin, "load-buffer", "-b", name, "-"), pw: pw, exited: make(chan struct{})}
	c.cmd.Env, c.cmd.Stdin, c.cmd.Stderr = w.env, pr, &c.stderr
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { c.err = c.cmd.Wait(); close(c.exited) }()
	pw.WriteString("part of it")
	for pending(t, pr) > 0 {
		select {
		case <-c.exited:
			return c
		case <-time.After(time.Millisecond):
		}
	}
	return c
}

// pending is how many bytes wait unread in a pipe (FIONREAD).
func pending(t *testing.T, f *os.File) int {
	var n int32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), syscall.TIOCINQ, uintptr(unsafe.Pointer(&n))); errno != 0 {
		t.Fatal(errno)
	}
	return int(n)
}

func TestMalformedMessages(t *testing.T) {
	w := newWorld(t, fakeBin)
	w.must("", "-f", "/dev/null", "new-session", "-d", "sleep 1000")
	msg := func(typ uint32, data []byte) []byte {
		b := binary.NativeEndian.AppendUint32(nil, typ)
		b = binary.NativeEndian.AppendUint16(b, uint16(wire.HeaderSize+len(data)))
		b = binary.NativeEndian.AppendUint16(b, 0)
		b = binary.NativeEndian.AppendUint32(b, wire.ProtocolVersion)
		b = binary.NativeEndian.AppendUint32(b, 0)
		return append(b, data...)
	}
	huge := []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0}
	badSize := msg(wire.MsgIdentifyFlags, []byte{1, 2})
	outOfOrder := append(msg(wire.MsgIdentifyDone, nil), msg(wire.MsgIdentifyTerm, []byte("x\x00"))...)
	noIdentify := msg(wire.MsgCommand, wire.PackArgv([]string{"list-buffers"}))
	for _, tc := range []struct {
		name, msg string
		send      []byte
	}{
		{"oversized message", "out of range", huge},
		{"bad size", "bad MSG_IDENTIFY_FLAGS size", badSize},
		{"identify after done", "out-of-order identify message", outOfOrder},
		{"command first", "command before the client identified itself", noIdentify},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conn, err := net.Dial("unix", w.socket())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			conn.Write(tc.send)
			c, err := wire.NewConn(conn)
			if err != nil {
				t.Fatal(err)
			}
			res := (&wire.Client{Conn: c, Stdout: io.Discard, Stderr: io.Discard}).Run()
			if res.Status != 1 || !strings.Contains(res.Message, "faketmux: protocol error: ") || !strings.Contains(res.Message, tc.msg) {
				t.Errorf("reply: %+v; want 1 and a protocol error naming %q", res, tc.msg)
			}
			// The daemon keeps serving.
			w.must("", "set-buffer", "-b", "still", tc.name)
			if got := w.must("", "show-buffer", "-b", "still"); got != tc.name {
				t.Errorf("after the bad message: %q", got)
			}
		})
	}
}

// TestMalformedInput sends a message of no known type where standard
// input should come: the command fails with a clear error and loads
// nothing.
func TestMalformedInput(t *testing.T) {
	w := newWorld(t, fakeBin)
	w.must("", "-f", "/dev/null", "new-session", "-d", "sleep 1000")
	conn, err := net.Dial("unix", w.socket())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	c, err := wire.NewConn(conn)
	if err != nil {
		t.Fatal(err)
	}
	(&wire.Req{Args: []string{"load-buffer", "-b", "x", "-"}, Env: w.env}).Send(c, nil, nil, wire.SendOptions{})
	var stderr strings.Builder
	status := -1
	for status < 0 {
		m, err := c.ReadMsg()
		if err != nil {
			t.Fatalf("reading the reply: %v", err)
		}
		switch m.Type {
		case wire.MsgReadOpen:
			c.Send(999, []byte("junk"))
		case wire.MsgWrite:
			if wire.ReadInt32(m.Data) == 2 {
				stderr.Write(m.Data[4:])
			}
		case wire.MsgExit:
			status = int(wire.ReadInt32(m.Data))
		}
	}
	if status != 1 || !strings.Contains(stderr.String(), `protocol error: unexpected message 999`) {
		t.Errorf("exit %d, stderr %q", status, stderr.String())
	}
	if got := w.must("", "list-buffers", "-F", "#{buffer_name}"); got != "" {
		t.Errorf("buffers %q after a broken load", got)
	}
}

func TestConfigFile(t *testing.T) {
	w := newWorld(t, fakeBin)
	conf := w.dir + "/test.conf"
	text := "# comment\nset -g buffer-limit 3\nset -g mouse on # tmux has it, faketmux does not: this line fails alone\n" +
		"bind-key x kill-server\nset-option -g base-index \"4\"\n"
	if err := os.WriteFile(conf, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	w.must("", "-f", conf, "new-session", "-d", "sleep 1000")
	if got := w.must("", "show-options", "-g", "buffer-limit"); got != "buffer-limit 3\n" {
		t.Errorf("buffer-limit: %q", got)
	}
	if got := w.must("", "list-windows", "-F", "#{window_index}"); got != "4\n" {
		t.Errorf("window index %q: base-index from the config must apply before new-session", got)
	}
}

// TestSocketModes checks the socket files' modes, which tmux sets with its
// umask: the group may connect in the socket directory, nobody else
// elsewhere.
func TestSocketModes(t *testing.T) {
	w := newWorld(t, fakeBin)
	explicit := w.dir + "/explicit"
	w.must("", "-f", "/dev/null", "new-session", "-d", "sleep 1000")
	w.must("", "-f", "/dev/null", "-S", explicit, "new-session", "-d", "sleep 1000")
	defer w.run("", "-S", explicit, "kill-server")
	for path, want := range map[string]os.FileMode{w.socket(): 0o660, explicit: 0o600} {
		fi, err := os.Lstat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Type() != os.ModeSocket || fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want a socket with %v", path, fi.Mode(), want)
		}
	}
}

// TestSocketPathHoldingAFile starts a server on a -S path where a file is:
// tmux 3.3a deletes the file and listens there, the emulator leaves it
// and fails as tmux fails to make a socket. A symbolic link goes, as in
// tmux: what it points to is not touched.
func TestSocketPathHoldingAFile(t *testing.T) {
	for _, bin := range []string{fakeBin, thinBin} {
		w := newWorld(t, bin)
		file := w.dir + "/notes"
		if err := os.WriteFile(file, []byte("keep me\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		want := result{"", "error creating " + file + " (Address already in use)\n", 1}
		if got := w.run("", "-f", "/dev/null", "-S", file, "new-session", "-d", "sleep 1000"); got != want {
			t.Errorf("%s: got %v, want %v", filepath.Base(bin), got, want)
		}
		if b, err := os.ReadFile(file); err != nil || string(b) != "keep me\n" {
			t.Errorf("%s: the file now holds %q, %v", filepath.Base(bin), b, err)
		}

		link := w.dir + "/link"
		if err := os.Symlink(file, link); err != nil {
			t.Fatal(err)
		}
		w.must("", "-f", "/dev/null", "-S", link, "new-session", "-d", "sleep 1000")
		w.must("", "-S", link, "kill-server")
		if fi, err := os.Lstat(link); err != nil || fi.Mode().Type() != os.ModeSocket {
			t.Errorf("%s: the link was not replaced by the socket: %v, %v", filepath.Base(bin), fi, err)
		}
		if b, err := os.ReadFile(file); err != nil || string(b) != "keep me\n" {
			t.Errorf("%s: through the link, the file now holds %q, %v", filepath.Base(bin), b, err)
		}
	}
}

// TestPaneProgramsAreDaemonChildren runs a pane whose program is itself a
// tmux client: it must find the server through $TMUX, as under real tmux.
func TestPaneProgramsAreDaemonChildren(t *testing.T) {
	w := newWorld(t, fakeBin)
	w.env = append(w.env, "PATH="+filepath.Dir(fakeBin)+":"+os.Getenv("PATH"))
	w.must("", "-f", "/dev/null", "new-session", "-d",
		`tmux set-buffer -b from-pane "$TMUX_PANE"; exec sleep 1000`)
	daemons := w.servers()
	if len(daemons) != 1 {
		t.Fatalf("daemons %v, want one", daemons)
	}
	pid := strings.TrimSpace(w.must("", "list-panes", "-F", "#{pane_pid}"))
	stat, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		t.Fatal(err)
	}
	// The fields after the command name, which is in parentheses: state,
	// then the parent's pid.
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	if fields[1] != strconv.Itoa(daemons[0]) {
		t.Errorf("pane program %s has parent %s, want the daemon %d", pid, fields[1], daemons[0])
	}
	for {
		r := w.run("", "show-buffer", "-b", "from-pane")
		if r.code == 0 {
			if r.stdout != "%0" {
				t.Errorf("the pane's client set %q, want %%0", r.stdout)
			}
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestWaitingClientDoesNotBlockOthers leaves a load-buffer waiting for
// standard input that never ends, before any server runs; other clients,
// including the one that starts the server, must still be served (a hang
// here fails by the test timeout).
func TestWaitingClientDoesNotBlockOthers(t *testing.T) {
	w := newWorld(t, fakeBin)
	// The emulator (unlike tmux) reads a load's input before it finds
	// that no server runs, so this client waits in the daemon.
	c := startLoad(t, w, "waiting")
	w.must("", "-f", "/dev/null", "new-session", "-d", "sleep 1000")
	w.must("", "set-buffer", "-b", "other", "served")
	c.pw.Close()
	<-c.exited
}
