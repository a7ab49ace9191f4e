package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// ExecDialer reaches tmux servers by running the tmux binary, one process per
// command, as a user's shell would.
type ExecDialer struct {
	Bin        string // tmux binary; "" means "tmux" on PATH
	SocketName string // tmux -L; wins over SocketPath
	SocketPath string // tmux -S
	// Env is tmux's environment, which places the sockets that names
	// select (TMUX_TMPDIR); nil means this process's.
	Env []string
}

// Dial returns the tmux server on socketName, or on the configured socket
// when socketName is empty.
func (d ExecDialer) Dial(socketName string) Tmux {
	return execTmux{bin: binOrDefault(d.Bin), global: socketFlags(socketName, d.SocketName, d.SocketPath), env: d.Env}
}

func binOrDefault(bin string) string {
	if bin == "" {
		return "tmux"
	}
	return bin
}

// socketFlags are tmux's global flags for the server on socketName, or on
// the configured socket when socketName is empty. -u tells tmux that the
// client takes UTF-8, whatever the locale says, so that tmux prints what it
// holds (a title, a path) as it is rather than with '_' for each byte
// outside ASCII and each control character.
func socketFlags(socketName, configuredName, configuredPath string) []string {
	switch {
	case socketName != "":
		return []string{"-u", "-L", socketName}
	case configuredName != "":
		return []string{"-u", "-L", configuredName}
	case configuredPath != "":
		return []string{"-u", "-S", configuredPath}
	}
	return []string{"-u"}
}

type execTmux struct {
	bin    string
	global []string
	env    []string
}

// exitNotRun is the status that Run reports when the binary could not be
// run, the shell's convention for "command not found".
const exitNotRun = 127

// cannotRun is the failure to start the tmux binary at all.
func cannotRun(bin string, err error) *BackendError {
	return &BackendError{NotRun: true, Err: fmt.Errorf("cannot run tmux binary %q: %v", bin, err)}
}

// waitDelay bounds how long Run waits, once tmux has exited or was killed
// on ctx expiry, for the copying of its standard input to finish.
const waitDelay = 500 * time.Millisecond

func (t execTmux) Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	exit, err := t.RunBackend(ctx, args, stdin, stdout, stderr)
	return ReportFailure(stderr, exit, err)
}

func (t execTmux) RunBackend(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	cmd := exec.CommandContext(ctx, t.bin, append(t.global[:len(t.global):len(t.global)], args...)...)
	cmd.Stdin, cmd.Env = stdin, t.env
	cmd.WaitDelay = waitDelay
	var in *permitInput
	outputs, err := attachOutputs(cmd, stdout, stderr)
	if p, ok := stdin.(*permit); ok && err == nil {
		if in, err = givePermit(cmd, p); err != nil {
			outputs.finish()
		}
	}
	if err == nil {
		if err = cmd.Start(); err == nil {
			in.started()
			outputs.started()
			err = cmd.Wait()
		}
		outputs.finish()
		in.finish(ctx.Err() != nil)
	}
	var exitErr *exec.ExitError
	switch {
	case err == nil:
		return 0, nil
	case ctx.Err() != nil:
		return 0, &BackendError{NotRun: true, Err: fmt.Errorf("%s: %v", t.bin, ctx.Err())}
	case errors.Is(err, exec.ErrWaitDelay):
		return 0, &BackendError{NotRun: true, Err: fmt.Errorf("%s: exited without reading all of its standard input", t.bin)}
	case errors.As(err, &exitErr) && exitErr.ExitCode() > 0:
		return exitErr.ExitCode(), nil
	case errors.As(err, &exitErr):
		return 0, &BackendError{NotRun: true, Err: fmt.Errorf("%s: %v", t.bin, exitErr)}
	default:
		return 0, cannotRun(t.bin, errors.Unwrap(err))
	}
}

// outputs collects a tmux client's standard output and error through pipes
// of its own rather than exec's. tmux's client hands its standard streams
// to the server, whose copies can keep a pipe open well after the client
// has exited (a busy server closes them late, a hung one never); exec would
// wait for the end of file. Once the client has exited, everything it
// wrote is already in the pipe, so finish takes what is left there without
// waiting for an end of file.
type outputs struct {
	streams []*outputStream
	reading bool
	writing sync.Mutex // one Write at a time: stdout and stderr may be one writer
}

type outputStream struct {
	o    *outputs
	r, w *os.File
	dst  io.Writer
	done chan struct{}
}

func (s *outputStream) write(p []byte) {
	s.o.writing.Lock()
	defer s.o.writing.Unlock()
	s.dst.Write(p)
}

func attachOutputs(cmd *exec.Cmd, stdout, stderr io.Writer) (*outputs, error) {
	o := &outputs{}
	for _, dst := range []io.Writer{stdout, stderr} {
		r, w, err := os.Pipe()
		if err != nil {
			o.finish()
			return nil, err
		}
		o.streams = append(o.streams, &outputStream{o: o, r: r, w: w, dst: dst, done: make(chan struct{})})
	}
	cmd.Stdout, cmd.Stderr = o.streams[0].w, o.streams[1].w
	return o, nil
}

// started closes this process's copies of the write ends and starts
// reading, concurrently, so that a client writing more than a pipe holds
// is never blocked.
func (o *outputs) started() {
	o.reading = true
	for _, s := range o.streams {
		s.w.Close()
		go func() {
			defer close(s.done)
			buf := make([]byte, 32<<10)
			for {
				n, err := s.r.Read(buf)
				s.write(buf[:n])
				if err != nil {
					return
				}
			}
		}()
	}
}

// finish, once the client has exited (or never started), stops the readers
// and takes what is left in the pipes.
func (o *outputs) finish() {
	for _, s := range o.streams {
		s.w.Close()
		if o.reading {
			s.r.SetReadDeadline(time.Now()) // ends the reader's wait for more
			<-s.done
			s.r.SetReadDeadline(time.Time{}) // else drain's read would not even start
			s.drain()
		}
		s.r.Close()
	}
}

// drain reads what the pipe holds now, without waiting for more.
func (s *outputStream) drain() {
	raw, err := s.r.SyscallConn()
	if err != nil {
		return
	}
	buf := make([]byte, 32<<10)
	raw.Read(func(fd uintptr) bool {
		for {
			n, err := syscall.Read(int(fd), buf)
			if n <= 0 || err != nil {
				return true // empty (EAGAIN), or at its end
			}
			s.write(buf[:n])
		}
	})
}

// permitInput hands a permit (see permit.go) to tmux's client through a
// pipe of this process's rather than exec's, so that once the client is
// gone it can tell whether the client read all of it. A client killed
// before that leaves tmux without the permit, and its line does not run.
type permitInput struct {
	p       *permit
	r, w    *os.File
	copying bool
	copied  chan struct{}
	copyErr error // set before copied closes
}

func givePermit(cmd *exec.Cmd, p *permit) (*permitInput, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd.Stdin = r
	return &permitInput{p: p, r: r, w: w, copied: make(chan struct{})}, nil
}

func (in *permitInput) started() {
	if in == nil {
		return
	}
	in.copying = true
	go func() {
		_, in.copyErr = io.Copy(in.w, in.p)
		in.w.Close()
		close(in.copied)
	}()
}

// finish, once the client has exited or never started, stops the copy;
// for a client that was killed, it reclaims the permit unless the client
// had read all of it.
func (in *permitInput) finish(killed bool) {
	if in == nil {
		return
	}
	if !in.copying {
		in.r.Close()
		in.w.Close()
		return
	}
	// TIOCINQ is FIONREAD: what the pipe still holds.
	unread, ioctlErr := unix.IoctlGetInt(int(in.r.Fd()), unix.TIOCINQ)
	in.r.Close() // a copy blocked on a full pipe fails now
	<-in.copied
	if killed && (in.copyErr != nil || ioctlErr != nil || unread > 0) {
		in.p.reclaim()
	}
}

// LiveSockets are the sockets of tmux's socket directory a server answers
// on (see ServerFinder).
func (d ExecDialer) LiveSockets() []string { return liveSockets(d.Env) }

// DialPath is the tmux server at the socket path, if one answers there.
func (d ExecDialer) DialPath(path string) (Tmux, bool) {
	if !answers(path) {
		return nil, false
	}
	return execTmux{bin: binOrDefault(d.Bin), global: []string{"-u", "-S", path}, env: d.Env}, true
}
