// Package unixsock is the little of package net that faketmux's client and
// daemon use: stream sockets in the unix domain, each an *os.File on a
// non-blocking descriptor, which the runtime's poller serves as it serves
// package net's (reads and writes park the goroutine, deadlines work, Close
// wakes a blocked Accept).
//
// It exists so that cmd/faketmux links no cgo. Package net (for its
// resolver) and os/user pull in runtime/cgo whenever cgo is enabled, which
// it is by default for `go install` on a machine with a C compiler, and a
// dynamically linked Go binary takes the dynamic loader and libc's start-up
// on every client process: about 0.8 ms of a command's 2 ms here.
package unixsock

import (
	"errors"
	"os"
	"strings"
	"sync/atomic"
	"syscall"

	"golang.org/x/sys/unix"
)

// SunPathMax is the size of sockaddr_un's sun_path on Linux.
const SunPathMax = 108

// sockaddr is the address of the socket at path, as tmux makes one: the
// path copied into a zeroed sockaddr_un, whose whole size is passed, so
// that an empty path is Linux's abstract address of 107 zero bytes. A
// path starting with '@' is an abstract address too. (Package syscall's
// address, as package net uses: x/sys/unix's refuses a full sun_path.)
func sockaddr(path string) *syscall.SockaddrUnix {
	if path == "" {
		path = "@" + strings.Repeat("\x00", SunPathMax-1)
	}
	return &syscall.SockaddrUnix{Name: path}
}

// Dial connects to the stream socket at path. As tmux's client does, it
// waits while the listener's backlog is full, rather than failing as
// package net's non-blocking connect does. Errors are syscall.Errno
// values wrapped in an *os.SyscallError.
func Dial(path string) (*os.File, error) {
	fd, err := unix.Socket(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, os.NewSyscallError("socket", err)
	}
	for {
		err = syscall.Connect(fd, sockaddr(path))
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		unix.Close(fd)
		return nil, os.NewSyscallError("connect", err)
	}
	return NewConn(fd, path)
}

// NewConn makes a connected socket descriptor, such as one end of a socket
// pair or one inherited from a parent, a connection: it makes the
// descriptor non-blocking, and the file owns it.
func NewConn(fd int, name string) (*os.File, error) {
	if err := unix.SetNonblock(fd, true); err != nil {
		unix.Close(fd)
		return nil, os.NewSyscallError("setnonblock", err)
	}
	return os.NewFile(uintptr(fd), name), nil
}

// Listener is a listening stream socket.
type Listener struct {
	f      *os.File
	closed atomic.Bool
}

// Listen makes a stream socket at path and listens on it, with the
// process's umask deciding its mode as it does for any file.
func Listen(path string) (*Listener, error) {
	fd, err := unix.Socket(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC|unix.SOCK_NONBLOCK, 0)
	if err != nil {
		return nil, os.NewSyscallError("socket", err)
	}
	if err := syscall.Bind(fd, sockaddr(path)); err != nil {
		unix.Close(fd)
		return nil, os.NewSyscallError("bind", err)
	}
	if err := unix.Listen(fd, unix.SOMAXCONN); err != nil {
		unix.Close(fd)
		return nil, os.NewSyscallError("listen", err)
	}
	return &Listener{f: os.NewFile(uintptr(fd), path)}, nil
}

// ErrClosed is what Accept returns once the listener is closed.
var ErrClosed = errors.New("use of closed listener")

// Accept waits for the next connection.
func (l *Listener) Accept() (*os.File, error) {
	raw, err := l.f.SyscallConn()
	if err != nil {
		return nil, err
	}
	var nfd int
	var aerr error
	err = raw.Read(func(fd uintptr) bool {
		for {
			nfd, _, aerr = unix.Accept4(int(fd), unix.SOCK_CLOEXEC|unix.SOCK_NONBLOCK)
			switch aerr {
			case unix.EINTR, unix.ECONNABORTED:
				continue
			case unix.EAGAIN:
				return false
			}
			return true
		}
	})
	if err != nil {
		if l.closed.Load() {
			return nil, ErrClosed
		}
		return nil, err
	}
	if aerr != nil {
		return nil, os.NewSyscallError("accept", aerr)
	}
	return os.NewFile(uintptr(nfd), l.f.Name()), nil
}

// Close stops listening. The socket file stays where it is.
func (l *Listener) Close() error {
	l.closed.Store(true)
	return l.f.Close()
}

// PeerUID is the user of the process at the other end of a connection, as
// tmux's server asks the kernel (getpeereid): SO_PEERCRED.
func PeerUID(conn syscall.Conn) (int, error) {
	raw, err := conn.SyscallConn()
	if err != nil {
		return 0, err
	}
	var cred *unix.Ucred
	var credErr error
	if err := raw.Control(func(fd uintptr) {
		cred, credErr = unix.GetsockoptUcred(int(fd), unix.SOL_SOCKET, unix.SO_PEERCRED)
	}); err != nil {
		return 0, err
	}
	if credErr != nil {
		return 0, os.NewSyscallError("getsockopt", credErr)
	}
	return int(cred.Uid), nil
}
