package unixsock

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

func listen(t *testing.T, path string) *Listener {
	t.Helper()
	ln, err := Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	return ln
}

// TestRoundTrip sends both ways over a connection, and finds the end of
// the stream when the other side closes.
func TestRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s")
	ln := listen(t, path)
	done := make(chan error, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			done <- err
			return
		}
		defer c.Close()
		buf := make([]byte, 5)
		if _, err := io.ReadFull(c, buf); err != nil {
			done <- err
			return
		}
		_, err = c.Write(append(buf, " back"...))
		done <- err
	}()
	c, err := Dial(path)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Write([]byte("hello")); err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(c)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != "hello back" {
		t.Errorf("read %q", got)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestDialErrors are what tmux's client tells apart: nothing at the path,
// and a socket nobody listens on.
func TestDialErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := Dial(filepath.Join(dir, "none")); !errors.Is(err, syscall.ENOENT) {
		t.Errorf("no file: %v, want ENOENT", err)
	}
	path := filepath.Join(dir, "s")
	ln := listen(t, path)
	ln.Close()
	if _, err := Dial(path); !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("closed listener: %v, want ECONNREFUSED", err)
	}
}

// TestCloseEndsAccept is the daemon's exit: a goroutine blocked in Accept
// returns ErrClosed.
func TestCloseEndsAccept(t *testing.T) {
	ln := listen(t, filepath.Join(t.TempDir(), "s"))
	done := make(chan error, 1)
	go func() {
		_, err := ln.Accept()
		done <- err
	}()
	time.Sleep(10 * time.Millisecond)
	ln.Close()
	select {
	case err := <-done:
		if !errors.Is(err, ErrClosed) {
			t.Errorf("Accept after Close: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Accept still blocked after Close")
	}
}

// TestDeadline: connections are served by the poller, so deadlines work.
func TestDeadline(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s")
	ln := listen(t, path)
	c, err := Dial(path)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	peer, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer peer.Close()
	c.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
	if _, err := c.Read(make([]byte, 1)); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Errorf("read past the deadline: %v", err)
	}
}

// TestAbstract: an empty path is the abstract address of 107 zero bytes,
// as tmux binds and connects to for -S "" (seen with strace: sun_path all
// zeros, length 110).
func TestAbstract(t *testing.T) {
	if got, want := sockaddr("").Name, "@"+strings.Repeat("\x00", 107); got != want {
		t.Errorf("sockaddr(\"\") = %q, want %q", got, want)
	}
	if got := sockaddr("/tmp/s").Name; got != "/tmp/s" {
		t.Errorf("sockaddr(\"/tmp/s\") = %q", got)
	}
	ln, err := Listen("")
	if errors.Is(err, syscall.EADDRINUSE) {
		t.Skip("another process listens on the empty abstract address")
	}
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	c, err := Dial("")
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
}

// TestPeerUID reads the connecting process's user off the socket.
func TestPeerUID(t *testing.T) {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewConn(fds[0], "a")
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	unix.Close(fds[1])
	uid, err := PeerUID(a)
	if err != nil {
		t.Fatal(err)
	}
	if uid != os.Getuid() {
		t.Errorf("peer uid %d, want %d", uid, os.Getuid())
	}
}
