//go:build linux && !faketmux_thin

package main

import (
	"cmp"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

var updateScreens = flag.Bool("update", false, "re-record tmux 3.3a's screens in testdata/screens (needs tmux on PATH)")

// screenCase attaches a client in a pane of an outer server to a session
// of an inner server, types into it, and captures the outer pane (with
// its styles, capture-pane -e) after each step: what a person at that
// terminal sees.
type screenCase struct {
	name  string
	inner [][]string // commands run on the inner server, the first making its session
	// steps are send-keys arguments for the outer pane, or with "outer:"
	// first a command for the outer server (a resize, say); nil captures
	// the start.
	steps [][]string
	// width and height are the outer pane's size, 40x8 when zero.
	width, height int
	// target is attach's -t, when there is more than one session.
	target string
	// clock, a time as "2006-01-02 15:04:05" in UTC, is where the inner
	// server's clock starts (and runs on from): libfaketime's FAKETIME
	// for tmux (pinnedClock), FAKETMUX_CLOCK for faketmux.
	clock string
	// controls are more clients of the inner server, control clients
	// attached to these sessions once the terminal's client is, in this
	// order, each from a window of its own behind the outer pane, with a
	// pipe for its input (so that tmux names it client-PID).
	controls []string
	// flags, when set, is a format that display-message shows for the
	// outer pane after each step's capture: the modes (the mouse's) that
	// the inner client put its terminal in.
	flags string
	// term, when set, is the inner client's TERM, whose terminfo entry
	// it draws by; otherwise it is the outer server's default-terminal.
	term string
	// globals are the inner client's global flags (-2, -T features).
	globals []string
	// awaits, for a step that starts a program in the inner pane (a tmux
	// client, say), is what its capture must hold before it is taken: a
	// loaded machine can start the program later than the screen's quiet
	// lasts, and the quiet alone cannot tell a late start from none.
	awaits map[int]string
}

var screenCases = []screenCase{
	{
		name: "panes, borders and the status line",
		inner: [][]string{
			{"new-session", "-d", "-s", "s", "-n", "w", "-x", "30", "-y", "7", "printf 'hello \\033[1;31mred\\033[0m plain\\n'; cat"},
			{"set", "-g", "status-right", "RRR"},
		},
		steps: [][]string{nil, {"C-b", `"`}, {"typed", "Enter"}, {"C-b", "%"}, {"C-b", "o"}, {"C-b", "d"}},
	},
	{
		name: "windows and styles in the status line",
		inner: [][]string{
			{"new-session", "-d", "-s", "st", "-n", "one", "-x", "40", "-y", "7", "cat"},
			{"set", "-g", "status-right", "#[fg=yellow,bold]R#[default]r"},
			{"set", "-g", "status-style", "bg=blue,fg=white"},
			{"set", "-g", "window-status-current-style", "reverse"},
			{"new-window", "-d", "-n", "two", "cat"},
		},
		steps: [][]string{nil, {"C-b", "n"}, {"C-b", "c"}, {"C-b", "l"}, {"C-b", "x"}, {"y"},
			{"C-b", ":"}, {"-l", "set -g status 2"}, {"Enter"}, {"C-b", ":"}, {"-l", "set -g status-position top"}, {"Enter"}},
	},
	{
		name: "the command prompt and messages",
		inner: [][]string{
			{"new-session", "-d", "-s", "p", "-n", "w", "-x", "40", "-y", "7", "cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "display-time", "0"},
		},
		// No step ends in Escape: what follows it within escape-time
		// would depend on how fast the test runs.
		steps: [][]string{nil, {"C-b", ":"}, {"-l", "display-message hello"}, {"BSpace", "BSpace"}, {"Enter"},
			{"z"}, {"C-b", ":"}, {"bogus", "Enter"}, {"y"}, {"C-b", ":"}, {"-l", "x"}, {"C-c"},
			// With -N the keys typed are dropped while the message shows.
			{"C-b", ":"}, {"-l", "display -N -d 100000 kept"}, {"Enter"}, {"k"}},
	},
	{
		// display-message draws its #[...] styles, and alignments; an
		// error's text is not read for styles.
		name: "styled messages",
		inner: [][]string{
			{"new-session", "-d", "-s", "y", "-n", "w", "-x", "40", "-y", "7", "cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "display-time", "0"},
			{"set", "-g", "message-style", "bg=yellow,fg=black"},
			{"bind", "a", "display", "#[fg=red,bold]red#[default] plain #[reverse]rev"},
			{"bind", "b", "display", "#[align=right]right #[bg=green]green"},
		},
		steps: [][]string{nil, {"C-b", "a"}, {"z"}, {"C-b", "b"}, {"z"}, {"C-b", ":"}, {"-l", "bogus-#[fg=red]x"}, {"Enter"}},
	},
	{
		// client-resized runs when the terminal changes size, as it does
		// once a client is ready (its first MSG_RESIZE); client-active
		// does not run for the window's only client typing, which is its
		// latest already.
		name: "client hooks",
		inner: [][]string{
			{"new-session", "-d", "-s", "h", "-n", "w", "-x", "40", "-y", "7", "cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "display-time", "0"},
			{"set-hook", "-g", "client-resized", "display 'resized #{client_width}x#{client_height}'"},
			{"set-hook", "-g", "client-active", "display 'active #{client_width}'"},
		},
		steps: [][]string{nil, {"z"}, {outerStep, "resize-window", "-t", "outer", "-x", "30", "-y", "6"},
			{"z"}, {outerStep, "resize-window", "-t", "outer", "-x", "36", "-y", "8"}},
	},
	{
		// window-style and window-active-style colour what a pane's
		// program leaves in the default colours, select-pane -P a pane's
		// own; the program's own colours stay.
		name: "window styles",
		inner: [][]string{
			{"new-session", "-d", "-s", "ws", "-n", "w", "-x", "40", "-y", "7", "printf 'a \\033[31mred\\033[0m \\033[44mblue\\033[49m b\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "window-style", "bg=colour236,fg=colour250"},
			{"set", "-g", "window-active-style", "bg=black"},
			{"split-window", "-h", "-t", "ws", "printf 'right\\n'; cat"},
		},
		steps: [][]string{nil, {"C-b", "o"}, {"C-b", ":"}, {"-l", "selectp -P bg=red,fg=#00ff00"}, {"Enter"},
			{"x"}, {"C-b", ":"}, {"-l", "set -g window-active-style default"}, {"Enter"}},
	},
	{
		// A command run from a key prints into view mode, a copy mode of
		// its output: list-keys from C-b ?, show-messages, a run-shell.
		name: "view mode",
		inner: [][]string{
			{"new-session", "-d", "-s", "v", "-n", "w", "-x", "40", "-y", "7", "cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "mode-keys", "emacs"},
			{"bind", "a", "run-shell", "seq 1 12"},
			{"bind", "b", "display-message", "-p", "one #{session_name}"},
			// A job's rows are cut at the edge, a command's printed
			// lines wrap; a job that fails says so.
			{"bind", "c", "run-shell", "echo 123456789-123456789-123456789-123456789-123; exit 3"},
			{"bind", "d", "display-message", "-p", "123456789-123456789-123456789-123456789-123"},
		},
		steps: [][]string{nil, {"C-b", "a"}, {"Up"}, {"Up"}, {"q"}, {"C-b", "b"}, {"C-b", "b"}, {"q"}, {"C-b", "?"}, {"Down"}, {"q"},
			{"C-b", "c"}, {"C-b", "d"}, {"q"}},
	},
	{
		// A window larger than the client shows where the active pane's
		// cursor is, until refresh-client pans it; -c follows the cursor
		// again.
		name: "a window larger than the client",
		inner: [][]string{
			{"new-session", "-d", "-s", "l", "-n", "w", "-x", "60", "-y", "12", "for i in 1 2 3 4 5 6 7 8 9 10 11; do printf '%02d.abcdefghi.klmnopqrs.uvwxyz012.456789ABC.EFGHIJKLM.OPQRST\\n' $i; done; printf '%50s'; cat"},
			{"set", "-g", "window-size", "manual"},
			{"set", "-g", "status-right", "R"},
			{"bind", "h", "refresh-client", "-L", "7"},
			{"bind", "k", "refresh-client", "-U", "2"},
			{"bind", "j", "refresh-client", "-D"},
			{"bind", "l", "refresh-client", "-R", "100"},
			{"bind", "c", "refresh-client", "-c"},
		},
		steps: [][]string{nil, {"C-b", "h"}, {"C-b", "k"}, {"C-b", "j"}, {"C-b", "h"}, {"C-b", "h"}, {"C-b", "h"},
			{"C-b", "l"}, {"C-b", "c"}, {"C-b", "k"}, {"C-b", ":"}, {"-l", "refresh -L 0"}, {"Enter"}},
	},
	{
		name: "a window smaller than the client",
		inner: [][]string{
			{"new-session", "-d", "-s", "m", "-n", "w", "-x", "30", "-y", "5", "printf 'small\\n'; cat"},
			{"set", "-g", "window-size", "manual"},
			{"set", "-g", "status-right", "R"},
		},
		steps: [][]string{nil, {"C-b", "%"}, {"C-b", "d"}},
	},
	{
		name: "display-panes",
		inner: [][]string{
			{"new-session", "-d", "-s", "d", "-n", "w", "-x", "40", "-y", "7", "cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "display-panes-time", "100000"},
			{"split-window", "-h", "-t", "d", "cat"},
			{"split-window", "-v", "-t", "d", "-l", "2", "cat"},
		},
		// A key that is no pane's index closes the overlay and goes on
		// (Y to the pane, C-b as the prefix); -N leaves every key to go on.
		steps: [][]string{nil, {"C-b", "q"}, {"0"}, {"C-b", "q"}, {"x"}, {"C-b", "q"}, {"Y"},
			{"C-b", "q"}, {"C-b", "o"}, {"C-b", ":"}, {"-l", "display-panes -N"}, {"Enter"}, {"Z"}},
	},
	{
		name: "pane-border-status",
		inner: [][]string{
			{"new-session", "-d", "-s", "b", "-n", "w", "-x", "40", "-y", "7", "printf 'one\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "pane-border-status", "top"},
			{"set", "-g", "pane-border-format", "#{?pane_active,#[reverse],}#{pane_index}#[default] #{pane_width}x#{pane_height}#{@t}#[align=right]>"},
			{"split-window", "-h", "-t", "b", "cat"},
			{"split-window", "-v", "-t", "b", "-l", "2", "cat"},
		},
		steps: [][]string{nil, {"C-b", "o"}, {"x", "Enter"},
			{"C-b", ":"}, {"-l", "set -g pane-border-status bottom"}, {"Enter"},
			{"C-b", ":"}, {"-l", "set -g pane-border-lines double"}, {"Enter"},
			{"C-b", ":"}, {"-l", "set -g pane-border-lines heavy"}, {"Enter"},
			{"C-b", ":"}, {"-l", "set -g pane-border-lines simple"}, {"Enter"},
			{"C-b", ":"}, {"-l", "set -g pane-border-lines number"}, {"Enter"},
			{"C-b", ":"}, {"-l", "set -g pane-border-status top"}, {"Enter"},
			{"C-b", ":"}, {"-l", "set -g @t ' a title that is cut'"}, {"Enter"},
		},
	},
	{
		name: "display-menu",
		inner: [][]string{
			{"new-session", "-d", "-s", "m", "-n", "w", "-x", "40", "-y", "7", "printf 'under the menu\\n'; cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "display-time", "0"},
			{"bind", "m", "display-menu", "-x", "3", "-y", "6", "First", "f", "display-message first", "", "",
				"-Disabled", "d", "display-message no", "No key", "", "display-message nokey", "Second #{session_name}", "s", "display-message second"},
			{"bind", "M", "display-menu", "-T", "#[align=centre]Title #{window_name}", "One", "1", "display-message one", "Two", "t", "display-message two"},
		},
		// No step ends in Escape: what follows it within escape-time
		// would depend on how fast the test runs.
		steps: [][]string{nil, {"C-b", "m"}, {"Down"}, {"Down"}, {"Down"}, {"Up"}, {"Up"}, {"Enter"}, {"z"},
			{"C-b", "M"}, {"j"}, {"x"}, {"t"}, {"y"},
			{"C-b", "m"}, {"q"}, {"C-b", "M"}, {"C-c"}, {"C-b", "m"}, {"s"}},
	},
	{
		name: "copy mode",
		inner: [][]string{
			{"new-session", "-d", "-s", "c", "-n", "w", "-x", "40", "-y", "7", "seq 1 30; cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-g", "mode-keys", "emacs"},
		},
		steps: [][]string{nil, {"C-b", "["}, {"Up"}, {"Up"}, {"C-a"}, {"C-Space"}, {"Right"}, {"Right"}, {"q"}, {"C-b", "d"}},
	},
}

// outerStep starts a step that is a command for the outer server.
const outerStep = "outer:"

// screenWorld is one outer and inner server pair, with the binaries that
// run them and the attaching client.
type screenWorld struct {
	*world
	serverBin, clientBin string
}

func (w *screenWorld) inner(args ...string) result {
	return w.runBin(w.serverBin, append([]string{"-L", "inner", "-f", "/dev/null"}, args...)...)
}

func (w *screenWorld) outer(args ...string) result {
	return w.runBin(w.serverBin, append([]string{"-L", "outer", "-f", "/dev/null"}, args...)...)
}

func (w *world) runBin(bin string, args ...string) result {
	return w.runBinEnv(bin, nil, args...)
}

// runBinEnv is runBin with variables added to the client's environment.
func (w *world) runBinEnv(bin string, env []string, args ...string) result {
	saved := w.bin
	defer func() { w.bin = saved }()
	w.bin = bin
	return w.runEnv(env, "", args...)
}

// startClocked starts the inner server with its clock starting at clock
// (UTC) and running on, or returns the environment that the first inner
// command starts it with. faketmux's daemon reads FAKETMUX_CLOCK from
// the client that starts it. tmux runs under libfaketime (FAKETIME="@..."),
// as a server in the foreground (-D): libfaketime shares its clock with
// the processes it starts through a semaphore that the first process
// under it makes and removes as it exits, and a forked server outlives
// that client, its panes failing (sem_open) once it has gone. Here the
// process that makes it is the server itself, and the panes share it.
func (w *screenWorld) startClocked(t *testing.T, clock string) []string {
	t.Helper()
	env := []string{"TZ=UTC", "FAKETMUX_CLOCK=" + clock}
	if w.serverBin == fakeBin {
		return env
	}
	saved := w.bin
	w.bin = w.serverBin
	cmd := w.command("", "-L", "inner", "-f", "/dev/null", "-D")
	w.bin = saved
	cmd.Env = append(slices.Clone(cmd.Env), append(env, "FAKETIME=@"+clock, "LD_PRELOAD="+libfaketime())...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	var r result
	for range 100 {
		// Its list of no sessions is empty.
		if r = w.inner("list-sessions"); r.code == 0 {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the inner tmux -D did not start: %v", r)
	return nil
}

// libfaketime is the path of libfaketime's library, which pins tmux's
// clock for the cases that have one; "" when it is not installed
// (Debian's package faketime).
func libfaketime() string {
	matches, _ := filepath.Glob("/usr/lib/*/faketime/libfaketime.so.1")
	if len(matches) == 0 {
		return ""
	}
	return matches[0]
}

// stableCapture captures the outer pane once it has not changed for a
// while: the inner client draws on its own schedule. The while grows with
// how slow a capture is, which is how loaded the machine is: a client that
// has not yet drawn a step's change must not pass for one that has. A
// capture that must hold await waits for it as well.
func (w *screenWorld) stableCapture(t *testing.T, await string) string {
	t.Helper()
	last, since := "", time.Now()
	quiet := 400 * time.Millisecond
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		asked := time.Now()
		r := w.outer("capture-pane", "-p", "-e", "-t", "outer")
		quiet = max(quiet, 10*time.Since(asked))
		cur := r.stdout + r.stderr
		if cur != last {
			last, since = cur, time.Now()
		} else if time.Since(since) > quiet && strings.Contains(cur, await) {
			return cur
		}
		time.Sleep(50 * time.Millisecond)
	}
	return last
}

// run plays sc and returns its captures, one section a step.
func (w *screenWorld) play(t *testing.T, sc screenCase) string {
	t.Helper()
	var env []string // the first inner command's
	if sc.clock != "" {
		env = w.startClocked(t, sc.clock)
	}
	for i, args := range sc.inner {
		if i > 0 {
			env = nil
		}
		r := w.runBinEnv(w.serverBin, env, append([]string{"-L", "inner", "-f", "/dev/null"}, args...)...)
		if r.code != 0 {
			t.Fatalf("inner %q: %v", args, r)
		}
	}
	client := fmt.Sprintf("%s %s-L inner attach", w.clientBin, strings.Join(append(sc.globals, ""), " "))
	if sc.term != "" {
		client = fmt.Sprintf("TERM=%s %s", sc.term, client)
	}
	if sc.target != "" {
		client += " -t " + sc.target
	}
	sx, sy := cmp.Or(sc.width, 40), cmp.Or(sc.height, 8)
	if r := w.outer("new-session", "-d", "-s", "outer", "-x", strconv.Itoa(sx), "-y", strconv.Itoa(sy), client); r.code != 0 {
		t.Fatalf("outer: %v", r)
	}
	// The first capture waits for the client to be there, not merely for
	// a pane that has stayed blank.
	names := w.awaitClients(t, 1)
	for _, target := range sc.controls {
		// Its input stays open, and empty, until the outer server goes.
		control := fmt.Sprintf("sleep 100000 | %s -L inner -C attach -t %s", w.clientBin, target)
		if r := w.outer("new-window", "-d", "-t", "outer:", control); r.code != 0 {
			t.Fatalf("outer: %v", r)
		}
		names = w.awaitClients(t, len(names)+1)
	}
	var b strings.Builder
	for i, keys := range sc.steps {
		switch {
		case len(keys) > 0 && keys[0] == outerStep:
			if r := w.outer(keys[1:]...); r.code != 0 {
				t.Fatalf("outer %q: %v", keys[1:], r)
			}
		case keys != nil:
			w.outer(append([]string{"send-keys", "-t", "outer"}, keys...)...)
		}
		fmt.Fprintf(&b, "-- step %d %q\n%s", i, keys, w.stableCapture(t, sc.awaits[i]))
		if sc.flags != "" {
			b.WriteString(w.outer("display-message", "-p", "-t", "outer", sc.flags).stdout)
		}
	}
	w.outer("kill-server")
	w.inner("kill-server")
	out := strings.ReplaceAll(b.String(), w.dir, "$TMUX_TMPDIR")
	if len(sc.controls) > 0 {
		// The label of a client's preview is as long as its name, and
		// the box's top line as much shorter.
		out = previewBoxTop.ReplaceAllString(clientNames(names).Replace(out), ") ─┐")
	}
	return out
}

// previewBoxTop is the end of the top line of a mode's preview, after its
// label.
var previewBoxTop = regexp.MustCompile(`\) ─+┐`)

// awaitClients waits for n clients of the inner server and returns
// their names, in the order they came (tmux's list of clients).
func (w *screenWorld) awaitClients(t *testing.T, n int) []string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		r := w.inner("list-clients", "-F", "#{client_name}")
		names := strings.Fields(r.stdout)
		if len(names) == n {
			return names
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d clients of the inner server, not %d: %v", len(names), n, r)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// clientNames replaces the names of the inner server's clients, which
// are a terminal's path or a process ID, by what they are: the first,
// the terminal of the outer pane, is /dev/pts/N, each control client
// client-PID, numbered from the second on.
func clientNames(names []string) *strings.Replacer {
	var pairs []string
	// The longest first: /dev/pts/1 is in /dev/pts/12.
	sorted := slices.Clone(names)
	slices.SortFunc(sorted, func(a, b string) int { return cmp.Compare(len(b), len(a)) })
	for _, name := range sorted {
		i := slices.Index(names, name)
		as := "/dev/pts/N"
		if i > 0 {
			as = "client-PID"
			if i > 1 {
				as += strconv.Itoa(i)
			}
		}
		pairs = append(pairs, name, as)
	}
	return strings.NewReplacer(pairs...)
}

// TestScreensMatchTmux attaches a client to a server inside a pane of
// another server of the same kind, types into it, and compares what the
// outer pane shows with tmux 3.3a's, recorded in testdata/screens: with
// faketmux for every part, and with tmux's client attached to faketmux
// servers. With tmux on PATH it plays the cases on tmux too, and a drift
// from the record fails (-update re-records).
func TestScreensMatchTmux(t *testing.T) {
	tmux, _ := realTmuxPath()
	if *updateScreens && tmux == "" {
		t.Fatal("-update records tmux's screens: tmux must be on PATH")
	}
	for _, sc := range screenCases {
		t.Run(sc.name, func(t *testing.T) {
			// The cases wait for terminals to settle, not for the CPU:
			// they and their worlds play side by side (see
			// screenParallel).
			t.Parallel()
			path := filepath.Join("testdata", "screens", strings.ReplaceAll(sc.name, " ", "_")+".golden")
			record := tmux // the tmux that plays the case to record it
			if sc.clock != "" && tmux != "" && libfaketime() == "" {
				// tmux's clock cannot be pinned here: the case
				// checks faketmux against the record only (tmux's
				// client, drawing what the server sends, still
				// plays it).
				if os.Getenv("TMUXBUF_TMUX") == "real" || *updateScreens {
					t.Fatal("this case pins tmux's clock with libfaketime: install Debian's package faketime")
				}
				t.Log("no libfaketime: faketmux is checked against the record, not against this tmux")
				record = ""
			}
			if *updateScreens {
				want := (&screenWorld{newWorld(t, tmux), tmux, tmux}).play(t, sc)
				os.MkdirAll(filepath.Dir(path), 0o755)
				if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
					t.Fatal(err)
				}
				record = "" // just played
			}
			rec, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("no record (%v): record it with tmux on PATH and -update", err)
			}
			type player struct{ name, server, client string }
			players := []player{{"faketmux's client", fakeBin, fakeBin}}
			if tmux != "" {
				players = append(players, player{"tmux's client", fakeBin, tmux})
			}
			if record != "" {
				players = append(players, player{"tmux", record, record})
			}
			for _, pl := range players {
				t.Run(pl.name, func(t *testing.T) {
					t.Parallel()
					got := (&screenWorld{newWorld(t, pl.server), pl.server, pl.client}).play(t, sc)
					switch {
					case got == string(rec):
					case pl.server == fakeBin:
						t.Errorf("%s on faketmux: %s", pl.name, firstStepDiffering(got, string(rec)))
					default:
						t.Errorf("tmux drifted from the record %s: %s", path, firstStepDiffering(got, string(rec)))
					}
				})
			}
		})
	}
}

// screenParallel is how many screen cases' worlds play at once unless
// -parallel says: each spends its time waiting for a terminal to settle.
const screenParallel = 6

// firstStepDiffering shows the first step whose capture differs between
// got and want, each line of both quoted, ! marking those that differ.
func firstStepDiffering(got, want string) string {
	g, w := strings.Split(got, "-- step "), strings.Split(want, "-- step ")
	for i := range max(len(g), len(w)) {
		var gs, ws string
		if i < len(g) {
			gs = g[i]
		}
		if i < len(w) {
			ws = w[i]
		}
		if gs == ws {
			continue
		}
		var b strings.Builder
		b.WriteString("step " + strings.SplitN(cmp.Or(ws, gs), "\n", 2)[0] + ":\n")
		gl, wl := strings.Split(gs, "\n"), strings.Split(ws, "\n")
		for j := range max(len(gl), len(wl)) {
			var a, c string
			if j < len(gl) {
				a = gl[j]
			}
			if j < len(wl) {
				c = wl[j]
			}
			mark := " "
			if a != c {
				mark = "!"
			}
			fmt.Fprintf(&b, "%s got  %q\n%s want %q\n", mark, a, mark, c)
		}
		return b.String()
	}
	return "the same"
}

// realTmuxPath is the tmux on PATH, "" when there is none.
func realTmuxPath() (string, error) {
	p, err := exec.LookPath("tmux")
	if err != nil {
		return "", err
	}
	return p, nil
}
