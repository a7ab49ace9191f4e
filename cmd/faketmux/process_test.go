//go:build linux && !faketmux_thin

package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// These tests drive the built binary as a process, the way scripts use
// tmux. Each gets a private, short TMUX_TMPDIR (socket paths are limited to
// about 100 bytes) and an environment without TMUX and TMUX_PANE, so no
// test can reach the developer's own tmux server.

// fakeBin is the faketmux binary, built once and named tmux so that
// messages that carry the program name read as tmux's.
var fakeBin string

// thinBin is the client built with -tags faketmux_thin, in a directory of
// its own beside a faketmux (a link to fakeBin) that it starts as its
// daemon.
var thinBin string

func TestMain(m *testing.M) {
	// A client under test (TestDaemonInProcess) that found no server
	// starts this test binary as its daemon.
	if spec, ok := os.LookupEnv(daemonEnv); ok {
		os.Exit(runDaemon(spec))
	}
	flag.Parse()
	if !flagSet("test.parallel") {
		flag.Set("test.parallel", strconv.Itoa(screenParallel))
	}
	dir, err := os.MkdirTemp("", "ftbin")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fakeBin = filepath.Join(dir, "tmux")
	// Not built with -race even under -race: a race-instrumented
	// process takes a second to start here, and every client is one.
	// TestDaemonInProcess runs the client and daemon code under the race
	// detector instead. Built as `go install` builds it, in the
	// environment the tests run in (TestNoCgo holds it to no cgo).
	thinBin = filepath.Join(dir, "thin", "tmux")
	for _, b := range [][]string{{"-o", fakeBin}, {"-tags", "faketmux_thin", "-o", thinBin}} {
		build := exec.Command("go", append(append([]string{"build"}, b...), ".")...)
		if out, err := build.CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "building faketmux %q: %v\n%s", b, err, out)
			os.RemoveAll(dir)
			os.Exit(1)
		}
	}
	if err := os.Symlink(fakeBin, filepath.Join(dir, "thin", "faketmux")); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// realTmux is the tmux on PATH, or the test is skipped.
func realTmux(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not on PATH")
	}
	return p
}

// world is one private socket directory and the binary clients run.
type world struct {
	t   testing.TB
	bin string
	dir string // TMUX_TMPDIR
	env []string
	// client, when set, is the binary that runs every client while a
	// server answers on the default socket: the other kind of client, so
	// that the world's server (started by bin) is driven by it.
	client string
}

func newWorld(t testing.TB, bin string) *world {
	t.Helper()
	dir, err := os.MkdirTemp("", "ft")
	if err != nil {
		t.Fatal(err)
	}
	w := &world{t: t, bin: bin, dir: dir, env: append(cleanEnv(), "TMUX_TMPDIR="+dir)}
	t.Cleanup(func() {
		// In w's environment: the test's own would name the machine's
		// default server.
		w.command("", "kill-server").Run()
		for _, pid := range w.servers() {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		os.RemoveAll(dir)
	})
	return w
}

func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "TMUX=") && !strings.HasPrefix(kv, "TMUX_PANE=") && !strings.HasPrefix(kv, "TMUX_TMPDIR=") {
			env = append(env, kv)
		}
	}
	return env
}

// flagSet reports whether the command line set the flag name.
func flagSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// socket is the default socket's path in w.
func (w *world) socket() string {
	return fmt.Sprintf("%s/tmux-%d/default", w.dir, os.Getuid())
}

type result struct {
	stdout, stderr string
	code           int
}

func (r result) String() string {
	return fmt.Sprintf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
}

func (w *world) command(stdin string, args ...string) *exec.Cmd {
	bin := w.bin
	if w.client != "" {
		if conn, err := net.Dial("unix", w.socket()); err == nil {
			conn.Close()
			bin = w.client
		}
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = w.env
	cmd.Dir = w.dir
	cmd.Stdin = strings.NewReader(stdin)
	return cmd
}

// run runs one client to completion.
func (w *world) run(stdin string, args ...string) result {
	w.t.Helper()
	return w.runEnv(nil, stdin, args...)
}

// runEnv is run with variables added to the client's environment.
func (w *world) runEnv(env []string, stdin string, args ...string) result {
	w.t.Helper()
	cmd := w.command(stdin, args...)
	cmd.Env = append(slices.Clone(cmd.Env), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	code := exitCode(w.t, cmd.Run())
	return result{out.String(), errb.String(), code}
}

// must runs a client that has to succeed and returns its standard output.
func (w *world) must(stdin string, args ...string) string {
	w.t.Helper()
	r := w.run(stdin, args...)
	if r.code != 0 || r.stderr != "" {
		w.t.Fatalf("tmux %q: exit %d, stderr %q", args, r.code, r.stderr)
	}
	return r.stdout
}

func exitCode(t testing.TB, err error) int {
	t.Helper()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.ExitCode()
	}
	t.Fatalf("running the client: %v", err)
	return -1
}

// servers returns the pids of w's server processes: processes of w's binary
// whose environment names w's directory (a tmux server is the client forked,
// and a faketmux daemon inherits the client's environment) and, for
// faketmux, marks them as daemons. For tmux, clients still running count.
func (w *world) servers() []int {
	bin := w.bin
	if bin == thinBin {
		bin = fakeBin // the thin client's daemon
	}
	exe, _ := filepath.EvalSymlinks(bin)
	mark := []byte("TMUX_TMPDIR=" + w.dir + "\x00")
	var daemonMark []byte
	if bin == fakeBin {
		daemonMark = []byte("\x00" + daemonEnv + "=")
	}
	ents, _ := os.ReadDir("/proc")
	var pids []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		if p, _ := os.Readlink(fmt.Sprintf("/proc/%d/exe", pid)); p != exe {
			continue
		}
		env, _ := os.ReadFile(fmt.Sprintf("/proc/%d/environ", pid))
		stat, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if bytes.Contains(env, mark) && bytes.Contains(env, daemonMark) && !zombie(stat) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// zombie reports a process that has exited but not been reaped: a client
// this test started and has not waited for yet.
func zombie(stat []byte) bool {
	i := bytes.LastIndexByte(stat, ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] == 'Z'
}

// waitGone waits until nothing listens on socket any more: servers exit
// asynchronously after their last client, tmux's as well as faketmux's.
func waitGone(t testing.TB, socket string) {
	t.Helper()
	for range 2000 {
		conn, err := net.Dial("unix", socket)
		if err != nil {
			return
		}
		conn.Close()
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("the server on %s did not exit", socket)
}

// waitNoServers waits until w has no server process left.
func (w *world) waitNoServers() {
	w.t.Helper()
	for range 2000 {
		if len(w.servers()) == 0 {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	w.t.Fatalf("server processes %v did not exit", w.servers())
}
