package tmuxtest

import (
	"errors"
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
	binDir string // where Binaries go: fake mode's tmux (on scripts' PATH), and others
	mode   Mode
}

var errNoMain = errors.New("tmuxtest: call tmuxtest.Main from TestMain")

// Main is the body of TestMain for packages that run scripts; it does not
// return. It makes the developer's own tmux unreachable from the whole test
// binary before any test runs: TMUX and TMUX_PANE are unset (they would
// point tmux at the server the tests run inside) and TMUX_TMPDIR is a fresh
// private directory, so even a plain `tmux` with no -L or -S, from a script
// or from Go code in the same binary, finds only sockets the tests made.
func Main(m *testing.M) {
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
	for _, dir := range []string{guard, bin} {
		if err := os.Mkdir(dir, 0o700); err != nil {
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

// FaketmuxBinEnv names a prebuilt cmd/faketmux binary for fake mode's
// `tmux`: the full one, or a thin client with a faketmux beside it. Without
// it both are built once per test run.
const FaketmuxBinEnv = "TMUXBUF_FAKETMUX_BIN"

// Binary is a program the scripts run, built on first use, so that only
// runs that need it pay for the build. It is a plain build even under
// -race: these are separate processes, many of them short-lived, and a
// race-instrumented one starts several times slower.
type Binary struct {
	name, pkg, env string
	tags           string  // build tags
	with           *Binary // built beside this one, which runs it
	once           sync.Once
	err            error
}

// NewBinary is the main package pkg, built as name; or, when the
// environment variable env names one, that prebuilt binary.
func NewBinary(name, pkg, env string) *Binary {
	return &Binary{name: name, pkg: pkg, env: env}
}

// faketmuxBin is cmd/faketmux's thin client (see its README), which
// starts as fast as tmux's: scripts start tmux clients by the hundred.
// It starts the full binary beside it when it needs a daemon, as tests
// that run it outside a script do; in a script it only reaches the
// script's bridge.
var faketmuxBin = &Binary{
	name: "tmux", pkg: faketmuxPkg, env: FaketmuxBinEnv, tags: "faketmux_thin",
	with: NewBinary("faketmux", faketmuxPkg, ""),
}

const faketmuxPkg = "github.com/tmuxbuf/tmuxbuf/cmd/faketmux"

// BinEnv builds the binaries that scripts run (fake mode's tmux and bins),
// if this run has not yet, and returns the variables (FaketmuxBinEnv, and
// each of bins's) that make another test process use them: a test that
// runs the suite again in a child process (a benchmark, say) then neither
// builds nor times them again. It needs Main in TestMain.
func BinEnv(bins ...*Binary) ([]string, error) {
	if harness.root == "" {
		return nil, errNoMain
	}
	var env []string
	for _, b := range append([]*Binary{faketmuxBin}, bins...) {
		p, err := b.Path()
		if err != nil {
			return nil, err
		}
		env = append(env, b.env+"="+p)
	}
	return env, nil
}

// FaketmuxBin returns the path of cmd/faketmux, built for this run if it
// has not been: a drop-in tmux for tests that must run a tmux binary as a
// process of its own (a control-mode client, say) in fake mode. It needs
// Main in TestMain.
func FaketmuxBin() (string, error) { return faketmuxBin.Path() }

// Path returns where the binary is, under its name, in a directory of
// this test run: the build's output, or a link to the prebuilt binary. It
// needs Main in TestMain.
func (b *Binary) Path() (string, error) {
	if harness.root == "" {
		return "", errNoMain
	}
	out := filepath.Join(harness.binDir, b.name)
	b.once.Do(func() {
		if p := os.Getenv(b.env); b.env != "" && p != "" {
			if p, b.err = filepath.Abs(p); b.err == nil {
				b.err = os.Symlink(p, out)
			}
			return
		}
		if b.with != nil {
			if _, b.err = b.with.Path(); b.err != nil {
				return
			}
		}
		// Static binaries start faster: no dynamic loader, and scripts
		// start these processes by the hundred.
		build := exec.Command("go", "build", "-tags", b.tags, "-o", out, b.pkg)
		build.Env = append(os.Environ(), "CGO_ENABLED=0")
		if msg, err := build.CombinedOutput(); err != nil {
			b.err = fmt.Errorf("building %s: %v\n%s", b.pkg, err, msg)
		}
	})
	return out, b.err
}
