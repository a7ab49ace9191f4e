package faketmux

import (
	"bytes"
	"context"
	goflag "flag"
	"fmt"
	"io"
	"maps"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tmuxbuf/tmuxbuf/internal/controlrun"
)

// The differential test runs each scenario's command lines against real
// tmux (on a private socket in a temporary directory, never the default
// one) and against the emulator with the same socket path, standard input,
// working directory and environment, and requires identical standard
// output, standard error and exit status. The scenarios live by family in
// differential_<family>_test.go, and real tmux's answers are recorded
// beside them in testdata/differential/<family>/<scenario>.golden: with no
// tmux on PATH the emulator is checked against the record; with tmux,
// against live tmux, and live tmux against the record, so that a drift
// (another tmux version, a machine that answers differently) fails.
// `go test ./faketmux -update` re-records (it needs tmux 3.3a).
//
// Both sides run in the same fixed environment (differentialEnv), so that
// the records hold on any machine.
//
// Normalisers, applied to both sides before comparing and recording:
//   - normPaths, on every step: the socket path and the working
//     directories are temporary, and are recorded as <socket>, <dir> and
//     <work>.
//   - normTimes, on the steps that name it: epoch seconds and ctime dates
//     (session_created, the list-sessions default) depend on when each
//     server ran.
//   - normPIDs, on the steps that name it: pane_pid is the pid of a
//     different process on each side.
//
// Panes run real programs on their own schedule. A step that depends on
// one waits for a condition (text on the screen, a marker in a file the
// program writes), on each side separately and with a generous deadline,
// and only then compares; no step waits for a time. Scenarios whose
// programs write files give each side its own working directory.
//
// Windows are named with -n wherever a name is printed: tmux's
// automatic-rename follows the pane's foreground process on a timer (the
// shell, then briefly "tmux" while forking, then the command), so an
// automatic name is a race in tmux itself.

// freedCellRE matches a layout that names a pane by a number no scenario
// reaches, which is how tmux 3.3a shows a cell it freed (respawn-window of
// a zoomed window: see COMMANDS.md).
var freedCellRE = regexp.MustCompile(`[0-9]+x[0-9]+,[0-9]+,[0-9]+,[0-9]{6,}\b`)

var (
	epochRE = regexp.MustCompile(`\b1[0-9]{9}\b`)
	ctimeRE = regexp.MustCompile(`[A-Z][a-z]{2} [A-Z][a-z]{2} [ 0-9][0-9] [0-9]{2}:[0-9]{2}:[0-9]{2} [0-9]{4}`)
	pidRE   = regexp.MustCompile(`pid=[0-9]+`)
)

func normTimes(s string) string {
	return ctimeRE.ReplaceAllString(epochRE.ReplaceAllString(s, "<epoch>"), "<ctime>")
}

func normPIDs(s string) string { return pidRE.ReplaceAllString(s, "pid=<pid>") }

type step struct {
	args  []string
	stdin string
	norm  func(string) string
	// until makes the step wait for a pane's program: it is run again on
	// each side until its standard output (or the file) contains until.
	until string
	// gone makes the step wait until its standard output no longer
	// contains gone.
	gone string
	// file names a file in the side's directory whose content stands
	// for the step's standard output; args is then empty.
	file string
	// unread gives stdin as a file, whose offset afterwards shows how
	// much of it the command left unread; the count is compared too.
	unread bool
	// env is added to the scenario's environment on both sides.
	env []string
	// u is tmux's global flag -u, Call.UTF8 for the emulator.
	u bool
	// control runs the step as a control-mode client (tmux -C) whose
	// input is stdin, sent once the client has answered its argv; the
	// input ends at once, or with stay once its output contains stay
	// (as a background step, it sees what the steps after it do).
	control bool
	stay    string
	// uid runs the step as another user: tmux's client as that user
	// (which needs root) on a socket opened to everyone, the emulator's
	// with Call.UID. Both run in /, which every user may enter.
	uid int
	// background starts the step on each side and goes on without its
	// answer; a later join step compares it, so that a command that waits
	// (wait-for) can be woken by the steps between. A join that cuts
	// first kills the step's client (the emulator's gives up, as its
	// context ends), and compares only what it printed before.
	background, join, cut bool
	// ctx ends a background step's client when its join cuts it.
	ctx context.Context
}

// cmd is a step; ";" words chain commands as on a shell command line.
func cmd(args ...string) step { return step{args: args} }

func (s step) in(stdin string) step                 { s.stdin = stdin; return s }
func (s step) normalise(f func(string) string) step { s.norm = f; return s }
func (s step) waitFor(text string) step             { s.until = text; return s }
func (s step) waitGone(text string) step            { s.gone = text; return s }
func (s step) leftUnread() step                     { s.unread = true; return s }
func (s step) withEnv(kv ...string) step            { s.env = kv; return s }
func (s step) withU() step                          { s.u = true; return s }
func (s step) inBackground() step                   { s.background = true; return s }
func (s step) asUser(uid int) step                  { s.uid = uid; return s }

// joinBackground is the answer of the oldest background step not yet
// joined, once it has finished.
func joinBackground() step { return step{join: true} }

// cutBackground kills the client of the oldest background step not yet
// joined, as a program's timeout would, and then joins it: what it
// printed is compared, not its exit.
func cutBackground() step { return step{join: true, cut: true} }

// controlIn makes s a control client with input in: see step.control.
func (s step) controlIn(in string) step {
	s.control, s.stdin, s.norm = true, in, normControl
	return s
}

// stayUntil keeps a control step's input open until its output contains
// text.
func (s step) stayUntil(text string) step { s.stay = text; return s }

// normControl replaces the guards' times and the client's process ID.
func normControl(s string) string {
	return controlrun.NormClientNames(controlrun.NormGuardTimes(s))
}

// ControlParser is the emulator's Call.ParseLine for control steps:
// package tmuxcli's parser, which imports this package, so an external
// test file sets it.
var ControlParser func(line string) ([]string, error)

type scenario struct {
	name  string
	steps []step
	// ownDirs gives each side its own working directory, so that programs
	// in panes can write files of the same name.
	ownDirs bool
	// config is tmux's -f file, one command line a line, and the
	// emulator's Call.Config; without it tmux gets -f /dev/null.
	config [][]string
	// configText is a -f file as its text, for what config's quoted
	// words cannot say (%if, { … } blocks): the emulator's server parses
	// it, as it does a file tmuxcli's LoadConfig hands over as text.
	configText string
	// explore marks a sequence of TestDifferentialExplore: it has no
	// record, and it stops at its first difference, since the ones after
	// it follow from it.
	explore bool
}

// configFile writes config as a tmux configuration file: each word quoted,
// ';' words bare to separate commands.
func configFile(t *testing.T, config [][]string) string {
	var b strings.Builder
	for _, line := range config {
		for i, w := range line {
			if i > 0 {
				b.WriteByte(' ')
			}
			if w == ";" {
				b.WriteString(w)
				continue
			}
			if strings.Contains(w, "'") {
				t.Fatalf("configuration word %q has a single quote", w)
			}
			b.WriteString("'" + w + "'")
		}
		b.WriteByte('\n')
	}
	name := filepath.Join(t.TempDir(), "tmux.conf")
	if err := os.WriteFile(name, []byte(b.String()), 0o666); err != nil {
		t.Fatal(err)
	}
	return name
}

var update = goflag.Bool("update", false, "re-record real tmux's answers in testdata (needs tmux 3.3a on PATH), and rewrite COMMANDS.md")

// differentialFamilies are the scenarios of each family, as its file
// declares them.
var differentialFamilies = map[string][]scenario{}

// differentialCases declares a family's scenarios. It returns nothing of
// use: it is called from a family file's package-level var.
func differentialCases(family string, scenarios []scenario) struct{} {
	differentialFamilies[family] = append(differentialFamilies[family], scenarios...)
	return struct{}{}
}

func TestDifferential(t *testing.T) {
	tmux := realTmux(t)
	if *update && tmux == "" {
		t.Fatal("-update records real tmux's answers: tmux must be on PATH")
	}
	for _, family := range slices.Sorted(maps.Keys(differentialFamilies)) {
		t.Run(family, func(t *testing.T) {
			for _, sc := range differentialFamilies[family] {
				t.Run(sc.name, func(t *testing.T) { runScenario(t, tmux, family, sc) })
			}
		})
	}
}

// realTmux is the tmux the differential tests compare with, or "" when
// none is on PATH; with TMUXBUF_TMUX=real there must be one.
func realTmux(t *testing.T) string {
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		if os.Getenv("TMUXBUF_TMUX") == "real" {
			t.Fatal("TMUXBUF_TMUX=real, but tmux is not on PATH")
		}
		return ""
	}
	return tmux
}

// differentialEnv is the environment of both sides, the same on every
// machine, since show-environment -g prints all of it: a UTF-8 locale and
// a POSIX shell.
func differentialEnv(home string) []string {
	return []string{"HOME=" + home, "LANG=C.UTF-8", "PATH=/usr/bin:/bin", "SHELL=/bin/sh", "TERM=xterm"}
}

// shortTempDir is a temporary directory with a short path: socket paths
// are limited to about 100 bytes.
func shortTempDir(t *testing.T) string {
	dir, err := os.MkdirTemp("", "fkd")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// openToAll lets every user reach the socket, as people do to share a
// session: the access list, not the file's mode, is then what keeps
// other users out.
func openToAll(t *testing.T, socket string) {
	for _, p := range []string{filepath.Dir(socket), socket} {
		if err := os.Chmod(p, 0o777); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
}

// outcome is what one side gave for a step.
type outcome struct {
	stdout, stderr string
	code           int
}

// normalised applies the step's normaliser, then normPaths.
func (o outcome) normalised(norm func(string) string, paths *strings.Replacer) outcome {
	if norm == nil {
		norm = func(s string) string { return s }
	}
	return outcome{paths.Replace(norm(o.stdout)), paths.Replace(norm(o.stderr)), o.code}
}

// normPaths records the temporary paths of one side under fixed names:
// its socket, its working directory, and the directory holding both
// sides' working directories when each has its own.
func normPaths(socket, dir, work string) *strings.Replacer {
	return strings.NewReplacer(socket, "<socket>", dir, "<dir>", work, "<work>")
}

// side runs command lines on one of the two servers, in its own working
// directory when the scenario asks for one.
type side struct {
	name  string
	dir   string
	run   func(st step, stdin io.Reader) outcome
	paths *strings.Replacer
}

// runStep runs st on sd, with its input given as a file when the step asks
// what was left unread: the file's offset is shared with the process that
// reads it, so it shows what tmux's client consumed.
func (sd side) runStep(t *testing.T, st step) outcome {
	if !st.unread {
		return sd.run(st, strings.NewReader(st.stdin))
	}
	name := filepath.Join(t.TempDir(), "stdin")
	if err := os.WriteFile(name, []byte(st.stdin), 0o666); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	o := sd.run(st, f)
	off, err := f.Seek(0, io.SeekCurrent)
	if err != nil {
		t.Fatal(err)
	}
	o.stdout += fmt.Sprintf("[%d bytes of stdin unread]", int64(len(st.stdin))-off)
	return o
}

// patience bounds how long a step waits for a pane's program to get
// somewhere; programs run on their own schedule, so steps wait for a
// condition, never for a time.
const patience = 15 * time.Second

// settle runs a step on one side, again and again while it waits for a
// program, and returns the last outcome, normalised.
func (sd side) settle(t *testing.T, st step) outcome {
	deadline := time.Now().Add(patience)
	for {
		var o outcome
		if st.file != "" {
			b, _ := os.ReadFile(filepath.Join(sd.dir, st.file))
			o.stdout = string(b)
		} else {
			o = sd.runStep(t, st)
		}
		if strings.Contains(o.stdout, st.until) && (st.gone == "" || !strings.Contains(o.stdout, st.gone)) {
			return o.normalised(st.norm, sd.paths)
		}
		if time.Now().After(deadline) {
			t.Errorf("%s: %q %s waited in vain for %q (and not %q); last: %q", sd.name, st.args, st.file, st.until, st.gone, o.stdout)
			return o.normalised(st.norm, sd.paths)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// start runs a background step on one side; its answer comes on the
// channel, and cut kills its client.
func (sd side) start(t *testing.T, st step) (answer <-chan outcome, cut func()) {
	ch := make(chan outcome, 1)
	ctx, cancel := context.WithCancel(context.Background())
	st.ctx = ctx
	go func() { ch <- sd.runStep(t, st).normalised(st.norm, sd.paths) }()
	return ch, cancel
}

// stepContext is the context of a step's client: a background step's,
// which its cut ends, else one that never ends.
func stepContext(st step) context.Context {
	if st.ctx != nil {
		return st.ctx
	}
	return context.Background()
}

// awaitOutcome is a background step's answer, once it has finished.
func awaitOutcome(t *testing.T, name string, ch <-chan outcome) outcome {
	select {
	case o := <-ch:
		return o
	case <-time.After(patience):
		t.Errorf("%s: a background step did not finish", name)
		return outcome{}
	}
}

func runScenario(t *testing.T, tmux, family string, sc scenario) {
	dir := shortTempDir(t)
	socket := dir + "/s"
	work := t.TempDir()
	realDir, fakeDir := work, work
	if sc.ownDirs {
		realDir, fakeDir = filepath.Join(work, "tmux"), filepath.Join(work, "fake")
	}
	for _, d := range []string{realDir, fakeDir} {
		if err := os.MkdirAll(d, 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(d+"/in.txt", []byte("file content\n"), 0o666); err != nil {
			t.Fatal(err)
		}
		// An interactive sh reads $ENV: this gives it a known prompt,
		// which sh would not take from PS1 in the environment as root.
		if err := os.WriteFile(d+"/shrc", []byte("PS1='> '\n"), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	env := differentialEnv(work)
	if tmux != "" && os.Getuid() != 0 && slices.ContainsFunc(sc.steps, func(st step) bool { return st.uid != 0 }) {
		t.Log("only root can run tmux's client as another user: the emulator is checked against the record")
		tmux = ""
	}
	fake := New(Options{SocketPath: socket})
	// tmux loads /dev/null as an empty file, which its command queue
	// counts (control mode shows the count).
	conf, fakeConf := "/dev/null", []ConfigFile{{}}
	switch {
	case sc.config != nil:
		conf, fakeConf = configFile(t, sc.config), []ConfigFile{{Lines: sc.config}}
	case sc.configText != "":
		conf = filepath.Join(t.TempDir(), "tmux.conf")
		if err := os.WriteFile(conf, []byte(sc.configText), 0o666); err != nil {
			t.Fatal(err)
		}
		fakeConf = []ConfigFile{{Text: []byte(sc.configText), Path: conf}}
	}
	t.Cleanup(func() {
		if tmux != "" {
			exec.Command(tmux, "-S", socket, "kill-server").Run()
		}
		fake.Close()
	})
	real := side{name: "tmux", dir: realDir, paths: normPaths(socket, realDir, work), run: func(st step, stdin io.Reader) outcome {
		global := []string{"-S", socket, "-f", conf}
		if st.u {
			global = append(global, "-u")
		}
		if st.control {
			global = append(global, "-C")
		}
		ctx, cancel := context.WithTimeout(stepContext(st), tmuxPatience)
		defer cancel()
		cmd := exec.CommandContext(ctx, tmux, append(global, st.args...)...)
		cmd.Dir, cmd.Env = realDir, slices.Concat(env, st.env)
		if st.uid != 0 {
			openToAll(t, socket)
			cmd.Dir = "/"
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(st.uid), Gid: uint32(st.uid)}}
		}
		var out, errb bytes.Buffer
		cmd.Stderr = &errb
		var err error
		if st.control {
			input, _ := io.ReadAll(stdin)
			var stdout string
			stdout, err = controlrun.Run(cmd, string(input), st.stay)
			out.WriteString(stdout)
		} else {
			cmd.Stdin, cmd.Stdout = stdin, &out
			err = cmd.Run()
		}
		if ctx.Err() != nil && stepContext(st).Err() == nil {
			killServerOn(t, socket)
			if sc.explore {
				t.Skipf("%q: tmux 3.3a's server hung, where the emulator answers (faketmux/README.md)", st.args)
			}
			t.Fatalf("%q: tmux did not answer within %v", st.args, tmuxPatience)
		}
		code := 0
		if err != nil {
			ee, ok := err.(*exec.ExitError)
			if !ok {
				t.Fatalf("running tmux: %v", err)
			}
			code = ee.ExitCode()
		}
		return outcome{out.String(), errb.String(), code}
	}}
	emulated := side{name: "fake", dir: fakeDir, paths: normPaths(socket, fakeDir, work), run: func(st step, stdin io.Reader) outcome {
		var out, errb bytes.Buffer
		call := Call{
			Args: st.args, Stdin: stdin, Stdout: &out, Stderr: &errb,
			Dir: fakeDir, Env: slices.Concat(env, st.env), UTF8: st.u, Config: fakeConf,
		}
		if st.uid != 0 {
			call.Dir, call.UID = "/", &st.uid
		}
		if !st.control {
			code := fake.Exec(stepContext(st), call)
			return outcome{out.String(), errb.String(), code}
		}
		// As controlrun.Run drives tmux's client.
		call.Control, call.ParseLine = 1, ControlParser
		input, _ := io.ReadAll(stdin)
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		call.Stdin, call.Stdout = inR, outW
		codes := make(chan int, 1)
		go func() {
			codes <- fake.Exec(context.Background(), call)
			inR.Close()
			outW.Close()
		}()
		stdout := controlrun.Drive(inW, outR, string(input), st.stay)
		return outcome{stdout, errb.String(), <-codes}
	}}
	tmuxs := newAnswers(t, tmux != "", family, sc.name, len(sc.steps))
	type started struct {
		answers [2]<-chan outcome // tmux's, the fake's
		cuts    [2]func()
	}
	var pending []started // background steps
	for i, st := range sc.steps {
		what := fmt.Sprintf("step %d %q%s", i, st.args, st.file)
		var want, got outcome
		switch {
		case st.background:
			what += " in the background"
			var bg started
			bg.cuts[0] = func() {}
			want = tmuxs.step(i, what, func() outcome { bg.answers[0], bg.cuts[0] = real.start(t, st); return outcome{} })
			bg.answers[1], bg.cuts[1] = emulated.start(t, st)
			pending = append(pending, bg)
		case st.join:
			what += " joined"
			if st.cut {
				what = fmt.Sprintf("step %d cut and joined", i)
			}
			if len(pending) == 0 {
				t.Fatalf("%s: no background step to join", what)
			}
			bg := pending[0]
			pending = pending[1:]
			join := func(side int, name string) outcome {
				if !st.cut {
					return awaitOutcome(t, name, bg.answers[side])
				}
				bg.cuts[side]()
				o := awaitOutcome(t, name, bg.answers[side])
				return outcome{stdout: o.stdout} // killed: its exit says nothing
			}
			want = tmuxs.step(i, what, func() outcome { return join(0, "tmux") })
			got = join(1, "fake")
		default:
			want = tmuxs.step(i, what, func() outcome { return real.settle(t, st) })
			got = emulated.settle(t, st)
		}
		if sc.explore && strings.Contains(want.stderr, "server exited unexpectedly") {
			t.Skipf("%s: tmux 3.3a's server crashed, where the emulator carries on (faketmux/README.md)", what)
		}
		if sc.explore && freedCellRE.MatchString(want.stdout) {
			t.Skipf("%s: tmux 3.3a shows a layout cell it freed (respawn-window in faketmux/COMMANDS.md)", what)
		}
		if want.stdout != got.stdout {
			t.Errorf("%s: stdout\n tmux: %q\n fake: %q", what, want.stdout, got.stdout)
		}
		if want.stderr != got.stderr {
			t.Errorf("%s: stderr\n tmux: %q\n fake: %q", what, want.stderr, got.stderr)
		}
		if want.code != got.code {
			t.Errorf("%s: exit status tmux %d, fake %d", what, want.code, got.code)
		}
		checkPlaces(t, fake)
		if sc.explore && t.Failed() {
			t.FailNow()
		}
		if tmux != "" && !fake.Running() {
			waitForExit(t, socket)
		}
	}
	if !sc.explore {
		tmuxs.check()
	}
}

// answers are tmux's answers to a scenario, step by step: live tmux's,
// kept for the record, or with no tmux the record's.
type answers struct {
	t        *testing.T
	live     bool
	path     string
	scenario string
	steps    []recordedStep
}

func newAnswers(t *testing.T, live bool, family, scenario string, n int) *answers {
	a := &answers{t: t, live: live, path: recordPath(family, scenario), scenario: scenario}
	if !live {
		a.steps = readRecord(t, a.path, n)
	}
	return a
}

// step is tmux's answer to step i, described as what: tmux's own, or the
// record's.
func (a *answers) step(i int, what string, tmux func() outcome) outcome {
	if a.live {
		o := tmux()
		a.steps = append(a.steps, recordedStep{what, o})
		return o
	}
	if a.steps[i].step != what {
		a.t.Fatalf("%s: its step %d is %s, the scenario's %s: re-record it with tmux and -update", a.path, i, a.steps[i].step, what)
	}
	return a.steps[i].outcome
}

// check compares live tmux's answers with the record, or with -update
// writes them there.
func (a *answers) check() {
	if a.live {
		checkRecord(a.t, a.path, formatRecord(a.scenario, a.steps))
	}
}

// recordPath is where a scenario's record of tmux's answers lives.
func recordPath(family, scenario string) string {
	name := strings.Trim(nonWord.ReplaceAllString(strings.ToLower(scenario), "_"), "_")
	return filepath.Join("testdata", "differential", family, name+".golden")
}

var nonWord = regexp.MustCompile(`[^a-z0-9]+`)

// recordedStep is one step's answer as a record holds it.
type recordedStep struct {
	step string // "step N [args]", to check the record is of this scenario
	outcome
}

// formatRecord writes a record: one "--" line a step, then its answer,
// every string quoted as Go quotes it, so that any byte survives.
func formatRecord(scenario string, steps []recordedStep) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: tmux 3.3a's answers, normalised; go test ./faketmux -update re-records them.\n", scenario)
	for _, s := range steps {
		fmt.Fprintf(&b, "-- %s\nstdout %s\nstderr %s\nexit %d\n", s.step, strconv.Quote(s.stdout), strconv.Quote(s.stderr), s.code)
	}
	return b.String()
}

// readRecord reads the record of a scenario of n steps.
func readRecord(t *testing.T, path string, n int) []recordedStep {
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no record of tmux's answers (%v): record them with tmux on PATH and -update", err)
	}
	var steps []recordedStep
	for i, line := range strings.Split(strings.TrimSuffix(string(text), "\n"), "\n") {
		field, value, _ := strings.Cut(line, " ")
		if field == "#" {
			continue
		}
		if field == "--" {
			steps = append(steps, recordedStep{step: value})
			continue
		}
		if len(steps) == 0 {
			t.Fatalf("%s:%d: %q before the first step", path, i+1, line)
		}
		s := &steps[len(steps)-1]
		switch field {
		case "stdout":
			s.stdout, err = strconv.Unquote(value)
		case "stderr":
			s.stderr, err = strconv.Unquote(value)
		case "exit":
			s.code, err = strconv.Atoi(value)
		default:
			err = fmt.Errorf("unknown field %q", field)
		}
		if err != nil {
			t.Fatalf("%s:%d: %v", path, i+1, err)
		}
	}
	if len(steps) != n {
		t.Fatalf("%s has %d steps, the scenario %d: re-record it with tmux and -update", path, len(steps), n)
	}
	return steps
}

// checkRecord compares live tmux's answers with the record at path, or
// with -update writes them there.
func checkRecord(t *testing.T, path, live string) {
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(live), 0o666); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("no record of tmux's answers (%v): go test ./faketmux -update records them", err)
		return
	}
	if line, w, l, differ := firstDifference(string(want), live); differ {
		t.Errorf("tmux's answers drifted from the record at %s:%d (go test ./faketmux -update re-records them):\n record: %s\n   tmux: %s", path, line, w, l)
	}
}

// firstDifference finds the first line (counted from 1) where a and b
// differ.
func firstDifference(a, b string) (line int, aLine, bLine string, differ bool) {
	if a == b {
		return 0, "", "", false
	}
	as, bs := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range max(len(as), len(bs)) {
		aLine, bLine = "", ""
		if i < len(as) {
			aLine = as[i]
		}
		if i < len(bs) {
			bLine = bs[i]
		}
		if aLine != bLine {
			return i + 1, aLine, bLine, true
		}
	}
	return 0, "", "", false
}

// tmuxPatience bounds one tmux command: tmux 3.3a can hang its server
// (see faketmux/README.md), and the test should say so rather than wait.
const tmuxPatience = 30 * time.Second

// killServerOn kills the processes of a hung tmux server on socket, and
// its clients: those started with -S socket, as every process of a
// scenario is, found in /proc since the server answers nothing.
func killServerOn(t *testing.T, socket string) {
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		b, err := os.ReadFile(p)
		if err != nil || !bytes.Contains(b, []byte("\x00-S\x00"+socket+"\x00")) {
			continue
		}
		if pid, err := strconv.Atoi(filepath.Base(filepath.Dir(p))); err == nil {
			if proc, err := os.FindProcess(pid); err == nil {
				proc.Kill()
			}
		}
	}
	t.Logf("killed the hung tmux server on %s", socket)
}

// waitForExit waits until the real server has stopped accepting
// connections: tmux exits asynchronously after its last client, and a
// client that connects meanwhile prints "server exited unexpectedly".
func waitForExit(t *testing.T, socket string) {
	for range 1000 {
		conn, err := net.Dial("unix", socket)
		if err != nil {
			return
		}
		conn.Close()
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("tmux on %s did not exit", socket)
}
