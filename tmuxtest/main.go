package tmuxtest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// ModeEnv names the environment variable that selects the mode.
const ModeEnv = "TMUXBUF_TMUX"

// Mode says what plays tmux in a run.
type Mode string

const (
	Fake Mode = "fake" // package faketmux, in this process; no tmux needed
	Real Mode = "real" // the tmux binary on PATH
)

// CurrentMode reads the mode from TMUXBUF_TMUX. Real mode without a tmux on
// PATH is an error rather than a skip: a run that asked for real tmux and
// silently tested nothing would look like a pass.
func CurrentMode() (Mode, error) {
	switch v := os.Getenv(ModeEnv); v {
	case "", string(Fake):
		return Fake, nil
	case string(Real):
		if _, err := exec.LookPath("tmux"); err != nil {
			return "", fmt.Errorf("%s=real, but there is no tmux on PATH: %v", ModeEnv, err)
		}
		return Real, nil
	default:
		return "", fmt.Errorf("%s=%q: want fake or real", ModeEnv, v)
	}
}

// harness is what Main prepares once per test binary.
var harness struct {
	root   string // short private directory: every script's TMUX_TMPDIR is made in it
	binDir string // the fake-mode tmux stand-in and the built tmuxbuf-mcp
	mode   Mode
}

// Main is the body of TestMain for packages that run scripts; it does not
// return. It makes the developer's own tmux unreachable from the whole test
// binary before any test runs: TMUX and TMUX_PANE are unset (they would
// point tmux at the server the tests run inside) and TMUX_TMPDIR is a fresh
// private directory, so even a plain `tmux` with no -L or -S, from a script
// or from Go code in the same binary, finds only sockets the tests made.
//
// When the test binary is started under the name "tmux" (fake mode puts a
// link of that name first on scripts' PATH), it is the tmux client of the
// running script instead.
func Main(m *testing.M) {
	if filepath.Base(os.Args[0]) == "tmux" {
		os.Exit(shimMain())
	}
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	os.Unsetenv("TMUX")
	os.Unsetenv("TMUX_PANE")
	mode, err := CurrentMode()
	if err != nil {
		fmt.Fprintln(os.Stderr, "tmuxtest:", err)
		return 1
	}
	root, err := os.MkdirTemp(shortTempDir(), "tt")
	if err == nil {
		root, err = filepath.EvalSymlinks(root)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "tmuxtest:", err)
		return 1
	}
	defer os.RemoveAll(root)
	guard := filepath.Join(root, "guard")
	bin := filepath.Join(root, "bin")
	exe, err := os.Executable()
	for _, step := range []func() error{
		func() error { return err },
		func() error { return os.Mkdir(guard, 0o700) },
		func() error { return os.Mkdir(bin, 0o700) },
		func() error { return os.Symlink(exe, filepath.Join(bin, "tmux")) },
	} {
		if err := step(); err != nil {
			fmt.Fprintln(os.Stderr, "tmuxtest:", err)
			return 1
		}
	}
	os.Setenv("TMUX_TMPDIR", guard)
	harness.root, harness.binDir, harness.mode = root, bin, mode
	defer killServers(guard)
	return m.Run()
}

// shortTempDir is where private socket directories go. tmux refuses socket
// paths longer than sun_path (108 bytes), and $TMPDIR can be long (macOS,
// CI runners), so /tmp wins when it exists.
func shortTempDir() string {
	if fi, err := os.Stat("/tmp"); err == nil && fi.IsDir() {
		return "/tmp"
	}
	return os.TempDir()
}

// MCPBinEnv names a prebuilt tmuxbuf-mcp binary for `mcp -bin`; without it
// the binary is built once per test run.
const MCPBinEnv = "TMUXBUF_MCP_BIN"

var built struct {
	once sync.Once
	path string
	err  error
}

// mcpBinary returns the tmuxbuf-mcp binary, building it on first use: only
// runs whose scripts start it pay for the build.
func mcpBinary() (string, error) {
	if p := os.Getenv(MCPBinEnv); p != "" {
		return p, nil
	}
	built.once.Do(func() {
		out := filepath.Join(harness.binDir, "tmuxbuf-mcp")
		b, err := exec.Command("go", "build", "-o", out, "github.com/tmuxbuf/tmuxbuf/cmd/tmuxbuf-mcp").CombinedOutput()
		if err != nil {
			built.err = fmt.Errorf("building tmuxbuf-mcp: %v\n%s", err, b)
			return
		}
		built.path = out
	})
	return built.path, built.err
}
