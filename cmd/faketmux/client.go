package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli/wire"
	"github.com/tmuxbuf/tmuxbuf/internal/unixsock"
)

// tmux sends a command in one imsg of at most 16384 bytes. Its client checks
// the packed argv (each argument and its NUL) against the limit less the
// 4-byte argc, and then the send itself fails once the 16-byte imsg header
// does not fit either; both messages are tmux's.
const (
	maxCommand  = 16384 - 4
	maxSendable = maxCommand - 16
)

// connectAttempts bounds how often a client starts over when a daemon closed
// its connection before taking it on, which happens only when the daemon was
// just deciding to exit.
const connectAttempts = 5

// daemonEnv marks a process started by spawnDaemon; its value is a
// daemonSpec. The connection of the client that started the daemon is file
// descriptor 3 and the lock file descriptor 4.
const daemonEnv = "FAKETMUX_DAEMON"

// daemonSpec is what a daemon needs to know of the client that started it.
type daemonSpec struct {
	path string
	// stale: a dead server's socket file was there, so command lines
	// that start no server are told "no server running".
	stale bool
	// inDir: the socket is in tmux's socket directory (not -S or $TMUX),
	// where tmux lets the group connect.
	inDir bool
}

// String encodes the spec as "stale,indir:PATH", each flag present only
// when set.
func (s daemonSpec) String() string {
	var flags []string
	if s.stale {
		flags = append(flags, "stale")
	}
	if s.inDir {
		flags = append(flags, "indir")
	}
	return strings.Join(flags, ",") + ":" + s.path
}

// daemonBinEnv names the faketmux binary that a client built with -tags
// faketmux_thin starts as its daemon (see thin.go).
const daemonBinEnv = "FAKETMUX_DAEMON_BIN"

// errNoDaemon is a client that cannot start a daemon: one built without
// the emulator that finds no faketmux to start (see thin.go).
var errNoDaemon = errors.New("found no faketmux binary to start as the server")

// runClient is one tmux client invocation.
func runClient(argv []string, stdin io.Reader, stdout, stderr io.Writer) int {
	inv, status := tmuxcli.Parse(argv, os.LookupEnv, stdout, stderr)
	if inv == nil {
		return status
	}
	if inv.Control == 2 && !isTerminal(stdin) {
		// -CC puts the terminal in raw mode first; tmux checks later, once
		// connected, but says the same.
		fmt.Fprintf(stderr, "tcgetattr failed: %s\n", tmuxcli.Strerror(syscall.ENOTTY))
		return 1
	}
	bridge := os.Getenv(tmuxcli.BridgeEnv)
	dir := workingDir()
	for range connectAttempts {
		var (
			conn *os.File
			err  error
		)
		if bridge != "" {
			conn, err = unixsock.Dial(bridge)
			if err != nil {
				fmt.Fprintf(stderr, "faketmux: %s=%s: %v\n", tmuxcli.BridgeEnv, bridge, err)
				return 1
			}
		} else if conn, err = connect(inv); errors.Is(err, errNoDaemon) {
			fmt.Fprintf(stderr, "faketmux: %v\n", err)
			return 1
		} else if err != nil {
			fmt.Fprintln(stderr, tmuxcli.ConnectError(inv.Socket, err))
			return 1
		}
		if msg := checkLength(inv.Command); msg != "" {
			conn.Close()
			fmt.Fprintln(stderr, msg)
			return 1
		}
		req := &wire.Req{
			NoStartServer: inv.NoStartServer, UTF8: inv.UTF8, Socket: inv.Socket, Args: inv.Command,
			Dir: dir, Env: os.Environ(), Configs: inv.Configs, Control: inv.Control, PID: os.Getpid(),
		}
		if inv.Control == 2 {
			// -CC: the control protocol inside a DCS sequence, for
			// terminals that speak it (iTerm2).
			io.WriteString(stdout, "\033P1000p")
		}
		status, accepted := exchange(conn, req, stdin, stdout, stderr)
		if inv.Control == 2 && accepted {
			io.WriteString(stdout, "\033\\")
		}
		conn.Close()
		if !accepted {
			continue
		}
		if status == 0 && inv.HasShell {
			return execShell(inv.ShellCommand, inv.Login, stderr)
		}
		return status
	}
	fmt.Fprintln(stderr, "server exited unexpectedly")
	return 1
}

// checkLength returns tmux's message for a command line too long to send.
func checkLength(args []string) string {
	n := 0
	for _, a := range args {
		n += len(a) + 1
	}
	switch {
	case n > maxCommand:
		return "command too long"
	case n > maxSendable:
		return "failed to send command"
	}
	return ""
}

// workingDir is the directory tmux's client reports: the current one ($PWD
// when it names it, which os.Getwd checks), else the home directory, else /.
func workingDir() string {
	if d, err := os.Getwd(); err == nil {
		return d
	}
	if h, err := os.UserHomeDir(); err == nil {
		return h
	}
	return "/"
}

// connect reaches the daemon on path, starting one when nobody listens, in
// the steps of tmux's client_connect: connect; on failure take the lock file
// PATH.lock and connect once more, since another client may have started a
// server meanwhile; then remove a stale socket and start the daemon while
// still holding the lock. A client that waited for the lock starts over.
//
// Unlike tmux, every command line may start a daemon: the emulator, not the
// client, knows which commands start a server, and a daemon whose first
// command did not start one exits again, restoring the socket file as it
// was. -N still never starts one.
func connect(inv *tmuxcli.Invocation) (*os.File, error) {
	path := inv.Socket
	if len(path) >= tmuxcli.SunPathMax {
		return nil, syscall.ENAMETOOLONG
	}
	var lock *os.File
	locked := false
	defer func() {
		if lock != nil {
			lock.Close()
		}
	}()
	for {
		conn, err := unixsock.Dial(path)
		if err == nil {
			return conn, nil
		}
		if !errors.Is(err, syscall.ECONNREFUSED) && !errors.Is(err, syscall.ENOENT) || inv.NoStartServer || !startsServer(inv.Command) {
			return nil, err
		}
		if !locked {
			l, waited := getLock(path + ".lock")
			if waited {
				continue
			}
			lock, locked = l, true
			continue
		}
		// tmux's client removes a stale socket only under the lock (its
		// server removes whatever is at the path again before binding).
		if lock != nil {
			if rerr := removeStale(path); rerr != nil {
				return nil, rerr
			}
		}
		return spawnDaemon(daemonSpec{path: path, stale: errors.Is(err, syscall.ECONNREFUSED), inDir: inv.InDir}, lock)
	}
}

// removeStale removes what is at path so that a server can listen there:
// a socket nobody answers on, or a symbolic link. tmux 3.3a removes
// whatever file is there, so that -S naming a file by mistake (even
// /etc/passwd) deletes it and starts a server in its place; here any
// other file stays, and binding fails with EADDRINUSE, which the client
// reports as tmux reports a socket it cannot make.
func removeStale(path string) error {
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case fi.Mode().Type() != fs.ModeSocket && fi.Mode().Type() != fs.ModeSymlink:
		return nil
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// getLock is tmux's client_get_lock. It returns the locked file, or nil when
// the file cannot be opened (the client then goes on unlocked), or waited
// when another client held the lock: that client has started a server by
// now, so the caller should connect again.
func getLock(name string) (f *os.File, waited bool) {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE, 0o600)
	if err != nil {
		return nil, false
	}
	fd := int(f.Fd())
	if err := syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			return f, false
		}
		for syscall.Flock(fd, syscall.LOCK_EX) == syscall.EINTR {
		}
		f.Close()
		return nil, true
	}
	return f, false
}

// spawnDaemon starts the daemon for spec (daemonBinary), detached in
// a session of its own with its standard streams on /dev/null. The client's
// connection is one end of a socket pair whose other end the daemon serves
// first, so the client never races the daemon's listen. The daemon inherits
// the lock and drops it once it listens, as tmux's server does.
func spawnDaemon(spec daemonSpec, lock *os.File) (*os.File, error) {
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	remote := os.NewFile(uintptr(fds[1]), "daemon")
	defer remote.Close()
	conn, err := unixsock.NewConn(fds[0], "client")
	if err != nil {
		return nil, err
	}
	exe, err := daemonBinary()
	if err != nil {
		conn.Close()
		return nil, err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), daemonEnv+"="+spec.String())
	// tmux's server keeps the client's directory, which a relative -S
	// path is relative to.
	cmd.Dir = workingDir()
	cmd.ExtraFiles = []*os.File{remote, lock}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		conn.Close()
		return nil, err
	}
	cmd.Process.Release()
	return conn, nil
}

// exchange sends req and relays the daemon's frames until its Exit frame.
// accepted is false when the connection ended before the daemon took it on.
func exchange(conn io.ReadWriter, req *wire.Req, stdin io.Reader, stdout, stderr io.Writer) (status int, accepted bool) {
	// A failed write shows up as the read below failing.
	wire.WriteFrame(conn, wire.Request, req.Encode())
	r := bufio.NewReader(conn)
	var pump sync.Once
	for {
		typ, p, err := wire.ReadFrame(r)
		if err != nil {
			if accepted {
				fmt.Fprintln(stderr, "server exited unexpectedly")
			}
			return 1, accepted
		}
		switch typ {
		case wire.Accepted:
			accepted = true
		case wire.Stdout:
			stdout.Write(p)
		case wire.Stderr:
			stderr.Write(p)
		case wire.ReadStdin:
			pump.Do(func() { go sendStdin(conn, stdin) })
		case wire.Exit:
			status, err := wire.ParseExit(p)
			if err != nil {
				fmt.Fprintf(stderr, "faketmux: %v\n", err)
				return 1, true
			}
			return status, true
		default:
			fmt.Fprintf(stderr, "faketmux: unexpected frame %q from the server\n", typ)
			return 1, true
		}
	}
}

// sendStdin streams standard input to the daemon, ending with an empty
// frame; a read error ends the input early, as it would for tmux.
func sendStdin(conn io.Writer, stdin io.Reader) {
	buf := make([]byte, wire.ChunkSize)
	for {
		n, err := stdin.Read(buf)
		if n > 0 {
			if wire.WriteFrame(conn, wire.Stdin, buf[:n]) != nil {
				return
			}
		}
		if err != nil {
			wire.WriteFrame(conn, wire.Stdin, nil)
			return
		}
	}
}

// isTerminal reports whether r is a terminal, as tcgetattr finds it.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	_, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	return err == nil
}

// execShell replaces the client with the shell running command, as tmux's
// client does for -c once the server has started.
func execShell(command string, login bool, stderr io.Writer) int {
	shell := tmuxcli.DefaultShell(os.Environ())
	argv0 := filepath.Base(shell)
	if login {
		argv0 = "-" + argv0
	}
	os.Setenv("SHELL", shell)
	err := syscall.Exec(shell, []string{argv0, "-c", command}, os.Environ())
	fmt.Fprintf(stderr, "faketmux: %s: %s\n", shell, tmuxcli.Strerror(err))
	return 1
}
