package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli/wire"
	"github.com/tmuxbuf/tmuxbuf/internal/unixsock"
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
			conn    *os.File
			spawned bool
			err     error
		)
		if bridge != "" {
			conn, err = unixsock.Dial(bridge)
			if err != nil {
				fmt.Fprintf(stderr, "faketmux: %s=%s: %v\n", tmuxcli.BridgeEnv, bridge, err)
				return 1
			}
		} else if conn, spawned, err = connect(inv); errors.Is(err, errNoDaemon) {
			fmt.Fprintf(stderr, "faketmux: %v\n", err)
			return 1
		} else if err != nil {
			fmt.Fprintln(stderr, tmuxcli.ConnectError(inv.Socket, err))
			return 1
		}
		// As tmux's client, once connected, it reads its terminal's
		// terminfo entry to send the server, and gives up on one
		// ncurses would refuse.
		var caps []string
		if term := os.Getenv("TERM"); term != "" && isTerminal(stdin) {
			if caps, err = tmuxcli.Terminfo(term, os.Getenv); err != nil {
				conn.Close()
				fmt.Fprintln(stderr, err)
				return 1
			}
		}
		if !inv.HasShell {
			if msg := wire.CheckLength(inv.Command); msg != "" {
				conn.Close()
				fmt.Fprintln(stderr, msg)
				return 1
			}
		}
		req := &wire.Req{
			NoStartServer: inv.NoStartServer, UTF8: inv.UTF8 || tmuxcli.ClientUTF8(os.LookupEnv), Socket: inv.Socket, Args: inv.Command,
			Shell: inv.HasShell, Dir: dir, Env: os.Environ(), Configs: inv.Configs, Control: inv.Control,
			PID: os.Getpid(), Term: os.Getenv("TERM"), TTYName: ttyName(stdin),
			Features: int32(inv.Features), Terminfo: caps,
		}
		if inv.Login {
			req.Flags |= wire.ClientLogin
		}
		if inv.InDir {
			req.Flags |= wire.ClientDefaultSocket
		}
		if inv.HasShell || startsServer(inv.Command) {
			req.Flags |= wire.ClientStartServer
		}
		res := exchange(conn, req, stdin, stdout, stderr, bridge != "" || spawned)
		conn.Close()
		if !res.Accepted {
			continue
		}
		return finish(inv, res, stdin, stdout, stderr)
	}
	fmt.Fprintln(stderr, wire.ReasonLostServer)
	return 1
}

// finish ends a client as tmux's client_main does once its server is done
// with it: the exit message where tmux prints it, and -c's shell.
func finish(inv *tmuxcli.Invocation, res wire.Result, stdin io.Reader, stdout, stderr io.Writer) int {
	switch {
	case res.Unreached != "":
		io.WriteString(stderr, res.Unreached)
		return res.Status
	case res.Version != 0:
		fmt.Fprintf(stderr, "protocol version mismatch (client %d, server %d)\n", wire.ProtocolVersion, res.Version)
		return 1
	case res.TooOld:
		fmt.Fprintln(stderr, "server version is too old for client")
		return res.Status
	case res.Shell != "":
		return execShell(inv.ShellCommand, inv.Login, res.Shell, stderr)
	case res.Attached:
		if res.ExitType == wire.MsgExec {
			return execShell(res.ExecCommand, inv.Login, res.ExecShell, stderr)
		}
		if res.Message != "" {
			fmt.Fprintf(stdout, "[%s]\n", res.Message)
		}
		if ppid := os.Getppid(); res.ExitType == wire.MsgDetachKill && ppid > 1 {
			syscall.Kill(ppid, syscall.SIGHUP)
		}
	case inv.Control != 0:
		if res.Message != "" {
			fmt.Fprintf(stdout, "%%exit %s\n", res.Message)
		} else {
			io.WriteString(stdout, "%exit\n")
		}
		if res.Flags&wire.ClientControlWaitExit != 0 {
			// As tmux's client: its input, to an empty line.
			waitEmptyLine(stdin)
		}
		if inv.Control == 2 {
			io.WriteString(stdout, "\033\\")
		}
		restoreBlocking(stdin, stdout)
	case res.Message != "":
		fmt.Fprintln(stderr, res.Message)
	}
	return res.Status
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
func connect(inv *tmuxcli.Invocation) (conn *os.File, spawned bool, err error) {
	path := inv.Socket
	if len(path) >= tmuxcli.SunPathMax {
		return nil, false, syscall.ENAMETOOLONG
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
			return conn, false, nil
		}
		if !errors.Is(err, syscall.ECONNREFUSED) && !errors.Is(err, syscall.ENOENT) || inv.NoStartServer || !startsServer(inv.Command) {
			return nil, false, err
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
				return nil, false, rerr
			}
		}
		c, serr := spawnDaemon(daemonSpec{path: path, stale: errors.Is(err, syscall.ECONNREFUSED), inDir: inv.InDir}, lock)
		return c, serr == nil, serr
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

// exchange sends req and serves the connection until the server is done
// with the client. private adds faketmux's own messages (the socket path and
// the configuration files), for a bridge or a daemon this client started.
func exchange(conn io.ReadWriteCloser, req *wire.Req, stdin io.Reader, stdout, stderr io.Writer, private bool) wire.Result {
	c, err := wire.NewConn(conn)
	if err != nil {
		fmt.Fprintf(stderr, "faketmux: %v\n", err)
		return wire.Result{Status: 1, Accepted: true}
	}
	// The server needs the standard streams only for a control client or
	// a terminal; tmux's client passes them always.
	var inFile, outFile *os.File
	if req.Control != 0 || req.TTYName != "" {
		inFile, _ = stdin.(*os.File)
		outFile, _ = stdout.(*os.File)
	}
	if err := req.Send(c, inFile, outFile, wire.SendOptions{Private: private}); errors.Is(err, wire.ErrCommandTooLong) {
		return wire.Result{Status: 1, Accepted: true, Message: err.Error()}
	}
	// A failed send shows up as the connection failing below.
	cl := &wire.Client{Conn: c, Stdin: stdin, Stdout: stdout, Stderr: stderr, Control: req.Control != 0}
	if req.Control == 0 && req.TTYName != "" {
		cl.CanAttach = true
		stopSignals := make(chan struct{})
		defer close(stopSignals)
		cl.Attached = func() { go attachedSignals(cl, stopSignals) }
		// Stopped as tmux's client stops itself; SIGCONT wakes it
		// (attachedSignals).
		cl.Suspend = func() { syscall.Kill(os.Getpid(), syscall.SIGTSTP) }
		cl.Lock = func(command string) {
			cmd := exec.Command("/bin/sh", "-c", command)
			cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
			cmd.Run()
		}
	}
	return cl.Run()
}

// attachedSignals does for an attached client what tmux's client_signal
// does: a resized terminal is told to the server, a lost terminal or
// SIGTERM makes the client go, and a continued one wakes.
func attachedSignals(cl *wire.Client, stop <-chan struct{}) {
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGWINCH, syscall.SIGHUP, syscall.SIGTERM, syscall.SIGCONT)
	defer signal.Stop(sigs)
	for {
		select {
		case <-stop:
			return
		case sig := <-sigs:
			switch sig {
			case syscall.SIGWINCH:
				cl.Conn.Send(wire.MsgResize)
			case syscall.SIGCONT:
				cl.Conn.Send(wire.MsgWakeup)
			case syscall.SIGHUP:
				cl.Leave(wire.ReasonLostTTY)
			case syscall.SIGTERM:
				cl.Leave(wire.ReasonTerminated)
			}
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

// execShell replaces the client with shell running command, as tmux's
// client does for -c once its server has said which shell.
func execShell(command string, login bool, shell string, stderr io.Writer) int {
	argv0 := filepath.Base(shell)
	if login {
		argv0 = "-" + argv0
	}
	os.Setenv("SHELL", shell)
	err := syscall.Exec(shell, []string{argv0, "-c", command}, os.Environ())
	fmt.Fprintf(stderr, "faketmux: %s: %s\n", shell, tmuxcli.Strerror(err))
	return 1
}

// ttyName is the terminal r is, as ttyname(3) names it, or "".
func ttyName(r io.Reader) string {
	f, ok := r.(*os.File)
	if !ok || !isTerminal(r) {
		return ""
	}
	name, err := os.Readlink(fmt.Sprintf("/proc/self/fd/%d", f.Fd()))
	if err != nil || !strings.HasPrefix(name, "/dev/") {
		return ""
	}
	return name
}

// restoreBlocking puts the standard streams back in blocking mode, which a
// server that read or wrote them for a control client took them out of, as
// tmux's client does before it exits.
func restoreBlocking(streams ...any) {
	for _, s := range streams {
		if f, ok := s.(*os.File); ok {
			unix.SetNonblock(int(f.Fd()), false)
		}
	}
}

// waitEmptyLine reads r a line at a time until a line that is empty (or
// the end), as tmux's client does for a control client with wait-exit.
func waitEmptyLine(r io.Reader) {
	if r == nil {
		return
	}
	if f, ok := r.(*os.File); ok {
		unix.SetNonblock(int(f.Fd()), false)
	}
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadString('\n')
		if len(line) <= 1 || err != nil {
			return
		}
	}
}
