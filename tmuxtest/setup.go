package tmuxtest

import (
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/tmuxbuf/tmuxbuf/faketmux"
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
)

// Params returns testscript parameters that run the scripts in dir with
// this package's commands, conditions and Setup. Set UpdateScripts or
// other fields on the result as needed.
func Params(dir string) testscript.Params {
	return testscript.Params{
		Dir:                 dir,
		Setup:               Setup,
		Condition:           Condition,
		Cmds:                Commands(),
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
	}
}

// scriptKey finds a script's state in testscript's Values.
type scriptKey struct{}

// script is the state of one running script.
type script struct {
	mode    Mode
	sockDir string     // tmux's socket directory under the script's TMUX_TMPDIR
	fake    *fakeWorld // the script's emulated tmux servers; nil in real mode
}

func state(ts *testscript.TestScript) *script {
	sc, ok := ts.Value(scriptKey{}).(*script)
	if !ok {
		ts.Fatalf("tmuxtest: the script was not set up by tmuxtest.Setup")
	}
	return sc
}

// Setup prepares one script: a private TMUX_TMPDIR short enough for unix
// socket paths, the tmux of the mode on PATH, and clean-up that kills every
// tmux server it made, pass or fail. It needs Main in TestMain. A harness
// built on this one calls it first from its own Setup; what that defers
// then runs before the tmux servers go (testscript runs deferred functions
// last first).
func Setup(env *testscript.Env) error {
	if harness.root == "" {
		return errNoMain
	}
	// The go command caches test results by the environment variables
	// the tests read, and Main read the mode before any test ran, where
	// the cache does not see it: so a real-mode run would have reused the
	// results of a fake one. Each script reads it again.
	if mode, err := CurrentMode(); err != nil || mode != harness.mode {
		return fmt.Errorf("tmuxtest: the mode changed under the test binary (%s is %q)", ModeEnv, os.Getenv(ModeEnv))
	}
	dir, err := os.MkdirTemp(harness.root, "s")
	if err != nil {
		return err
	}
	env.Defer(func() { os.RemoveAll(dir) })
	env.Setenv("TMUX_TMPDIR", dir)
	// Made now, as the first tmux client would make it, so that script
	// commands can name sockets before any client ran.
	sockDir, err := tmuxcli.SocketDir(tmuxcli.LookupIn(env.Vars))
	if err != nil {
		return err
	}
	sc := &script{mode: harness.mode, sockDir: sockDir}
	env.Values[scriptKey{}] = sc
	// tmux prints format output (list-buffers -F) to a client without a
	// UTF-8 locale with control characters, tabs included, replaced by
	// '_'. A user's terminal has one; fixing it keeps scripts from
	// depending on the developer's environment.
	env.Setenv("LANG", "C.UTF-8")
	if sc.mode == Fake {
		tmux, err := faketmuxBin.Path()
		if err != nil {
			return err
		}
		env.Setenv("PATH", filepath.Dir(tmux)+string(filepath.ListSeparator)+env.Getenv("PATH"))
		sc.fake = newFakeWorld(env.Vars)
		env.Defer(sc.fake.close)
		bridge := filepath.Join(dir, "bridge")
		stop, err := sc.serveBridge(bridge)
		if err != nil {
			return err
		}
		env.Setenv(tmuxcli.BridgeEnv, bridge)
		env.Defer(stop)
	} else {
		env.Defer(func() { killServers(dir) })
	}
	return nil
}

// Condition answers the harness's conditions.
func Condition(cond string) (bool, error) {
	for _, c := range conditions {
		if c.name == cond {
			return harness.mode == c.mode, nil
		}
	}
	return false, fmt.Errorf("unknown condition %q", cond)
}

// socketPath is where tmux puts the socket for `-L label` in this script.
func (sc *script) socketPath(label string) string {
	return filepath.Join(sc.sockDir, label)
}

// SocketPath is where tmux puts the socket for `-L label` in the script.
func SocketPath(ts *testscript.TestScript, label string) string {
	return state(ts).socketPath(label)
}

// TmuxAt is the tmux server on the socket at path, in the script's mode:
// an emulated server in this process, or the tmux binary run with -S path.
func TmuxAt(ts *testscript.TestScript, path string) Tmux {
	return state(ts).tmuxAt(path)
}

// FakeSockets is the script's emulated tmux servers, by socket path (see
// SocketPath); nil in real mode.
func FakeSockets(ts *testscript.TestScript) *faketmux.Sockets {
	if sc := state(ts); sc.fake != nil {
		return &sc.fake.sockets
	}
	return nil
}

// Environ is the environment a script's processes and emulated panes get.
func Environ(ts *testscript.TestScript) []string {
	var env []string
	for _, k := range []string{"PATH", "HOME", "TMPDIR", "WORK", "LANG", "TMUX_TMPDIR", tmuxcli.BridgeEnv, "GORACE", "GOCOVERDIR"} {
		if v := ts.Getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// killServers kills every real tmux server whose socket is under dir.
// Because dir is private to one script (or to the test binary), everything
// there was made by the tests.
func killServers(dir string) {
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type()&fs.ModeSocket != 0 {
			killServer(path)
		}
		return nil
	})
}

// killServer ends the tmux server on the socket at path. kill-server alone
// can leave it running for good: tmux 3.3a's server exits only once every
// client has gone, and a control client whose output nobody reads any more
// (one a tmuxbuf server left attached while tmux was stopped) never goes.
// So a server still listening long after kill-server is killed.
func killServer(path string) {
	out, err := exec.Command("tmux", "-S", path, "display-message", "-p", "#{pid}").Output()
	exec.Command("tmux", "-S", path, "kill-server").Run()
	pid, perr := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil || perr != nil {
		return
	}
	for deadline := time.Now().Add(10 * time.Second); listening(path); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			return
		}
	}
}

// listening reports whether a server accepts connections on the socket at
// path.
func listening(path string) bool {
	conn, err := net.Dial("unix", path)
	if err != nil {
		return false
	}
	conn.Close()
	return true
}
