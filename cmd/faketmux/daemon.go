//go:build !faketmux_thin

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/tmuxbuf/tmuxbuf/faketmux"
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli/serve"
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli/wire"
	"github.com/tmuxbuf/tmuxbuf/internal/unixsock"
)

func parseDaemonSpec(v string) daemonSpec {
	flags, path, _ := strings.Cut(v, ":")
	spec := daemonSpec{path: path}
	for f := range strings.SplitSeq(flags, ",") {
		spec.stale = spec.stale || f == "stale"
		spec.inDir = spec.inDir || f == "indir"
	}
	return spec
}

// daemon serves one socket over one faketmux.Server. It lives while the
// emulated server runs or any client is connected, and exits once neither
// holds, as tmux's server does.
type daemon struct {
	srv  *faketmux.Server
	spec daemonSpec
	// everRan is the first server run's Done channel: closed once any
	// server has run, after which tmux would have left its socket.
	everRan <-chan struct{}

	mu      sync.Mutex
	up      <-chan struct{} // Done of the server known to run, nil if none
	active  int             // connections taken on and not yet finished
	exiting bool
	quit    chan struct{}
}

func runDaemon(spec string) int {
	os.Unsetenv(daemonEnv)
	// One P, as tmux's server is one thread: the emulator runs one
	// command line at a time under its lock, and with more Ps every
	// client's connection woke idle threads to hand its goroutines to,
	// a third of the daemon's CPU per command (BenchmarkCommand).
	runtime.GOMAXPROCS(1)
	first, err := unixsock.NewConn(3, "client")
	if err != nil {
		return 1
	}
	d := newDaemon(parseDaemonSpec(spec))
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	go func() {
		<-sigs
		d.srv.Close()
		d.checkIdle()
	}()
	return d.run(first, os.NewFile(4, "lock"))
}

// clockEnv, set to a time as "2006-01-02 15:04:05" (in the local zone)
// where a daemon starts, has that daemon's clock start there and run on
// (faketmux.Options.Clock), as libfaketime's FAKETIME="@..." has tmux's:
// screen tests pin what clock mode shows with it.
const clockEnv = "FAKETMUX_CLOCK"

// daemonClock is the clock clockEnv asks for, nil (the machine's) when
// it is unset or no such time.
func daemonClock() func() time.Time {
	v, ok := os.LookupEnv(clockEnv)
	if !ok {
		return nil
	}
	start, err := time.ParseInLocation(time.DateTime, v, time.Local)
	if err != nil {
		return nil
	}
	at := time.Now()
	return func() time.Time { return start.Add(time.Since(at)) }
}

func newDaemon(spec daemonSpec) *daemon {
	srv := faketmux.New(faketmux.Options{SocketPath: spec.path, Clock: daemonClock()})
	d := &daemon{srv: srv, spec: spec, everRan: srv.Done(), quit: make(chan struct{})}
	if spec.stale {
		// Run a server once so that the emulator, like tmux, reports
		// "no server running" rather than "error connecting" to command
		// lines that start none.
		srv.Exec(context.Background(), faketmux.Call{Args: []string{"start-server"}})
	}
	return d
}

// run listens on the socket, serves first (the connection of the client
// that started the daemon) and every later client, and returns the
// daemon's exit status once no server runs and no client is left.
func (d *daemon) run(first io.ReadWriteCloser, lock *os.File) int {
	path := d.spec.path
	ln, lerr := listen(path, d.spec.inDir)
	// tmux's server drops the lock once its socket exists (or could not
	// be made) and removes the lock file.
	if lock != nil {
		os.Remove(path + ".lock")
		lock.Close()
	}
	if lerr != nil {
		if s, err := wire.Accept(first); err == nil {
			s.Fail(fmt.Sprintf("error creating %s (%s)", path, faketmux.Strerror(lerr)))
		}
		return 1
	}

	d.mu.Lock()
	d.active++
	d.mu.Unlock()
	if s := d.take(first); s != nil {
		go d.serve(s)
	}
	go d.accept(ln)

	<-d.quit
	if !d.spec.stale && !closed(d.everRan) && path != "" && path[0] != '@' {
		os.Remove(path)
	}
	ln.Close()
	d.srv.Close()
	return 0
}

// listen makes the socket as tmux's server does: what is at the path is
// removed first (see removeStale), and the socket gets mode srw-rw---- in
// the socket directory, srw------- elsewhere. The umask is put back so
// that panes' programs do not inherit it.
func listen(path string, inDir bool) (*unixsock.Listener, error) {
	if len(path) >= tmuxcli.SunPathMax {
		return nil, syscall.ENAMETOOLONG
	}
	removeStale(path)
	mask := 0o177
	if inDir {
		mask = 0o117
	}
	old := syscall.Umask(mask)
	defer syscall.Umask(old)
	return unixsock.Listen(path)
}

func (d *daemon) accept(ln *unixsock.Listener) {
	for {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		d.mu.Lock()
		if d.exiting {
			// Closed before Accepted: the client starts over.
			d.mu.Unlock()
			conn.Close()
			continue
		}
		d.active++
		d.mu.Unlock()
		go func() {
			if s := d.take(conn); s != nil {
				d.serve(s)
			}
		}()
	}
}

// take takes a connection counted in d.active on, returning nil, with the
// count released, when it brought no request to run.
func (d *daemon) take(conn io.ReadWriteCloser) *wire.Session {
	s, err := wire.Accept(conn)
	if err != nil {
		d.release()
		return nil
	}
	return s
}

// serve runs one client's command line and then lets the daemon exit if it
// was the last one.
func (d *daemon) serve(s *wire.Session) {
	defer d.release()
	s.Run(context.Background(), func(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) int {
		rc := d.srv.Exec(ctx, serve.SessionCall(s, stdin, stdout, stderr))
		d.refresh()
		return rc
	})
}

// refresh looks for a server started since the last look. The Done channel
// is taken before asking, so that a server that stops right after the
// answer is still seen to stop.
func (d *daemon) refresh() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.up != nil && !closed(d.up) {
		return
	}
	done := d.srv.Done()
	if !d.srv.Running() {
		d.up = nil
		return
	}
	d.up = done
	go func() {
		<-done
		d.checkIdle()
	}()
}

func (d *daemon) release() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.active--
	d.exitIfIdle()
}

func (d *daemon) checkIdle() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.exitIfIdle()
}

// exitIfIdle ends the daemon when no server runs and no client is
// connected. d.mu is held.
func (d *daemon) exitIfIdle() {
	if d.exiting || d.active > 0 || (d.up != nil && !closed(d.up)) {
		return
	}
	d.exiting = true
	close(d.quit)
}

func closed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}
