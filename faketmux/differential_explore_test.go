package faketmux

import (
	goflag "flag"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/internal/controlrun"
)

// TestDifferentialExplore looks for differences the recorded cases do not
// cover: it runs random sequences of the commands that shape sessions,
// windows, panes, layouts, options and buffers against live tmux and the
// emulator, with a snapshot of the whole server after each, and stops a
// sequence at its first difference. It runs only when asked, since it
// records nothing and needs live tmux:
//
//	go test ./faketmux -run TestDifferentialExplore -explore 200 -explore-seed 1
//
// A failure prints its sequence as steps, to become a recorded case in
// the family it concerns once the emulator is fixed.
func TestDifferentialExplore(t *testing.T) {
	if *exploreRuns == 0 {
		t.Skip("explores only with -explore N")
	}
	tmux := realTmux(t)
	if tmux == "" {
		t.Skip("exploring compares with live tmux, and none is on PATH")
	}
	for seed := *exploreSeed; seed < *exploreSeed+uint64(*exploreRuns); seed++ {
		sc := scenario{name: fmt.Sprintf("seed %d", seed), explore: true, steps: explorationSteps(seed)}
		t.Run(sc.name, func(t *testing.T) {
			defer func() {
				if t.Failed() {
					t.Logf("the sequence:\n%s", stepsSource(sc.steps))
				}
			}()
			runScenario(t, tmux, "explore", sc)
		})
	}
}

var (
	exploreRuns = goflag.Int("explore", 0, "TestDifferentialExplore: how many random sequences to run against live tmux")
	exploreSeed = goflag.Uint64("explore-seed", 1, "TestDifferentialExplore: the first sequence's seed")
	exploreOnly = goflag.String("explore-only", "", "TestDifferentialExplore: a regexp: half of the commands drawn are of the commands it matches")
)

// exploreSnapshot is run after every command: every pane of the server,
// with its window and session, and the buffers.
var exploreSnapshot = []string{
	"list-panes", "-a", "-F",
	"#{session_name} #{session_id} #{session_windows} #{window_index} #{window_id} #{window_name} " +
		"#{window_flags} #{window_layout} #{window_width}x#{window_height} #{pane_index} #{pane_id} #{?pane_active,*,-} " +
		"#{pane_left},#{pane_top} #{pane_width}x#{pane_height} #{pane_at_left}#{pane_at_right}#{pane_at_top}#{pane_at_bottom}",
	";", "list-buffers", "-F", "#{buffer_name} #{buffer_size}",
}

// explorationSteps is the sequence of a seed: a first session, then
// commands chosen at random, each followed by the snapshot.
//
// In the sequences of odd seeds a control client is attached to the first
// session throughout, and its whole output is compared at the end: the
// notifications every command made, in order. Attached, it is also the
// current client of every other command, as tmux's cmd_find picks it. It
// asks for no pane output, which follows the programs' schedule.
func explorationSteps(seed uint64) []step {
	g := &explorer{r: rand.New(rand.NewPCG(seed, 0x7a3d))}
	steps := []step{cmd("new-session", "-d", "-s", "s0", "-n", "w0", "-x", "80", "-y", "24", "sleep 1000")}
	controlled := seed%2 == 1
	if controlled {
		steps = append(steps, watchedBy("s0")...)
	}
	only := regexp.MustCompile(*exploreOnly)
	for range 25 {
		args := exploreVerbs[g.r.IntN(len(exploreVerbs))](g)
		// With -explore-only, every other command is drawn again until
		// it is one of those asked for, with the others around them.
		for tries := 0; *exploreOnly != "" && len(steps)%4 == 1 && !only.MatchString(args[0]) && tries < 1000; tries++ {
			args = exploreVerbs[g.r.IntN(len(exploreVerbs))](g)
		}
		steps = append(steps, cmd(args...).normalise(normExplored), cmd(exploreSnapshot...))
	}
	if controlled {
		// The control client stays until the server goes, if it did
		// not go already with its session.
		steps = append(steps, cmd("kill-server"), joinBackground())
	}
	return steps
}

// normExplored replaces what differs between the sides of a command
// drawn: a client's name, which has its process ID, and the times that
// list-sessions prints.
func normExplored(s string) string { return normTimes(controlrun.NormClientNames(s)) }

// explorer draws the words of commands. Targets come from pools that name
// what a sequence may have made, well or not, so that errors are explored
// as much as successes.
type explorer struct {
	r     *rand.Rand
	names int // windows made, each with a name of its own
	// respawned is set once a sequence has respawn-window: tmux 3.3a
	// leaves the window's last pane pointing at a pane it freed, so the
	// last pane ("!", "{last}", select-pane -l, last-pane) is no longer
	// asked for (see respawn-window in faketmux/COMMANDS.md).
	respawned bool
}

func (g *explorer) one(words ...string) string { return pickOne(g, words) }

// oneList is one of the word lists.
func (g *explorer) oneList(lists ...[]string) []string { return pickOne(g, lists) }

func pickOne[T any](g *explorer, choices []T) T { return choices[g.r.IntN(len(choices))] }

// maybe is words with probability p, else nothing.
func (g *explorer) maybe(p float64, words ...string) []string {
	if g.r.Float64() < p {
		return words
	}
	return nil
}

// oneOf is one of the flags, or none.
func (g *explorer) oneOf(flags ...string) []string {
	if i := g.r.IntN(len(flags) + 1); i < len(flags) {
		return []string{flags[i]}
	}
	return nil
}

func (g *explorer) session() string {
	return g.one("s0", "s1", "s2", "$0", "$1", "$2", "=s1", "0", "1", "nosuch")
}

func (g *explorer) window() string {
	w := g.one(":0", ":1", ":2", ":3", ":5", "s0:", "s1:1", "s2:0", "@0", "@1", "@2", "@3", "@4", ":w1",
		"s0:w0", "{next}", "{previous}", "{start}", "{end}", "{last}", "!", ":+", ":-", ":9")
	if g.respawned && (w == "!" || w == "{last}") {
		// A command whose target is a pane reads these as the last pane.
		return ":0"
	}
	return w
}

func (g *explorer) pane() string {
	p := g.one("%0", "%1", "%2", "%3", "%4", "%5", "%6", ".0", ".1", ".2", ".+", ".-", "{last}", "{next}",
		"{previous}", "{top}", "{bottom}", "{left}", "{right}", "{top-left}", "{down-of}", "{up-of}",
		"{left-of}", "{right-of}", ":1.1", "s1:0.0", "@1.0", "!", "{marked}")
	if g.respawned && (p == "!" || p == "{last}") {
		return "%0"
	}
	return p
}

func (g *explorer) size() string { return strconv.Itoa(1 + g.r.IntN(90)) }

// name is a fresh window name: windows are named, since tmux's automatic
// rename is a race.
func (g *explorer) name(prefix string) string {
	g.names++
	return prefix + strconv.Itoa(g.names)
}

// words joins the parts of a command line.
func words(parts ...[]string) []string {
	var args []string
	for _, p := range parts {
		args = append(args, p...)
	}
	return args
}

var exploreVerbs = []func(g *explorer) []string{
	func(g *explorer) []string {
		return words([]string{"new-session", "-d", "-n", g.name("w")}, g.maybe(0.8, "-s", g.one("s1", "s2", "s0")),
			g.maybe(0.3, "-x", g.size(), "-y", g.size()), g.maybe(0.2, "-t", g.session()), []string{"sleep 1000"})
	},
	func(g *explorer) []string {
		return words([]string{"new-window", "-n", g.name("w")}, g.maybe(0.5, "-d"), g.maybe(0.6, "-t", g.window()),
			g.oneOf("-a", "-b", "-k"), []string{"sleep 1000"})
	},
	func(g *explorer) []string {
		return words([]string{"split-window"}, g.oneOf("-h", "-v"), g.maybe(0.3, "-b"), g.maybe(0.2, "-f"),
			g.maybe(0.4, "-d"), g.maybe(0.3, "-l", g.one(g.size(), g.size()+"%")), g.maybe(0.6, "-t", g.pane()),
			[]string{"sleep 1000"})
	},
	func(g *explorer) []string {
		return words([]string{"kill-pane"}, g.maybe(0.1, "-a"), g.maybe(0.8, "-t", g.pane()))
	},
	func(g *explorer) []string {
		return words([]string{"kill-window"}, g.maybe(0.1, "-a"), g.maybe(0.8, "-t", g.window()))
	},
	func(g *explorer) []string { return words([]string{"kill-session", "-t", g.session()}) },
	func(g *explorer) []string {
		move := g.oneOf("-L", "-R", "-U", "-D", "-l", "-Z", "-m", "-M")
		if g.respawned && slices.Equal(move, []string{"-l"}) {
			move = nil
		}
		return words([]string{"select-pane"}, move,
			g.maybe(0.8, "-t", g.pane()))
	},
	func(g *explorer) []string {
		return words([]string{"select-window"}, g.oneOf("-l", "-n", "-p", "-T"), g.maybe(0.8, "-t", g.window()))
	},
	func(g *explorer) []string {
		return words([]string{g.one("next-window", "previous-window", "last-window")}, g.maybe(0.2, "-a"),
			g.maybe(0.6, "-t", g.session()))
	},
	func(g *explorer) []string {
		if g.respawned {
			return []string{"last-window"}
		}
		return words([]string{"last-pane"}, g.maybe(0.6, "-t", g.window()))
	},
	func(g *explorer) []string {
		return words([]string{"resize-pane"}, g.maybe(0.7, "-t", g.pane()), g.oneList(
			[]string{"-x", g.size()}, []string{"-y", g.size()}, []string{"-Z"},
			[]string{g.one("-L", "-R", "-U", "-D"), g.size()}, []string{"-x", g.size() + "%"}))
	},
	func(g *explorer) []string {
		return words([]string{"resize-window"}, g.maybe(0.7, "-t", g.window()), g.oneList(
			[]string{"-x", g.size(), "-y", g.size()}, []string{"-A"}, []string{g.one("-L", "-R", "-U", "-D"), g.size()}))
	},
	func(g *explorer) []string {
		return words([]string{"select-layout"}, g.maybe(0.6, "-t", g.window()), g.oneList(
			[]string{g.one("even-horizontal", "even-vertical", "main-horizontal", "main-vertical", "tiled")},
			[]string{"-n"}, []string{"-p"}, []string{"-E"}, []string{"-o"}))
	},
	func(g *explorer) []string {
		return words([]string{g.one("next-layout", "previous-layout")}, g.maybe(0.6, "-t", g.window()))
	},
	func(g *explorer) []string {
		return words([]string{"swap-pane"}, g.maybe(0.7, "-s", g.pane()), g.maybe(0.7, "-t", g.pane()),
			g.oneOf("-U", "-D"), g.maybe(0.3, "-d"), g.maybe(0.2, "-Z"))
	},
	func(g *explorer) []string {
		return words([]string{"swap-window"}, g.maybe(0.8, "-s", g.window()), g.maybe(0.8, "-t", g.window()),
			g.maybe(0.3, "-d"))
	},
	func(g *explorer) []string {
		return words([]string{"move-window"}, g.maybe(0.8, "-s", g.window()), g.maybe(0.8, "-t", g.window()),
			g.oneOf("-a", "-b", "-k", "-r", "-d"))
	},
	func(g *explorer) []string {
		return words([]string{"link-window"}, g.maybe(0.9, "-s", g.window()), g.maybe(0.8, "-t", g.window()),
			g.oneOf("-a", "-b", "-k", "-d"))
	},
	func(g *explorer) []string {
		return words([]string{"unlink-window"}, g.maybe(0.3, "-k"), g.maybe(0.8, "-t", g.window()))
	},
	func(g *explorer) []string {
		return words([]string{"break-pane", "-n", g.name("b")}, g.maybe(0.5, "-d"), g.maybe(0.7, "-s", g.pane()),
			g.maybe(0.4, "-t", g.window()), g.oneOf("-a", "-b"))
	},
	func(g *explorer) []string {
		return words([]string{g.one("join-pane", "move-pane")}, g.maybe(0.9, "-s", g.pane()),
			g.maybe(0.8, "-t", g.pane()), g.oneOf("-h", "-v"), g.maybe(0.3, "-b"), g.maybe(0.3, "-d"),
			g.maybe(0.2, "-f"), g.maybe(0.3, "-l", g.size()))
	},
	func(g *explorer) []string {
		return words([]string{"rotate-window"}, g.oneOf("-U", "-D"), g.maybe(0.2, "-Z"), g.maybe(0.6, "-t", g.window()))
	},
	func(g *explorer) []string {
		return words([]string{"rename-window"}, g.maybe(0.7, "-t", g.window()), []string{g.name("r")})
	},
	func(g *explorer) []string {
		return words([]string{"rename-session"}, g.maybe(0.7, "-t", g.session()), []string{g.one("s1", "s2", "s3", "x.y", "a:b")})
	},
	func(g *explorer) []string {
		opt := g.one("base-index 1", "pane-base-index 1", "renumber-windows on", "main-pane-width 30",
			"main-pane-height 10", "other-pane-width 20", "other-pane-height 5", "aggressive-resize on",
			"window-size smallest", "window-size manual", "default-size 100x30", "pane-border-status top",
			"main-pane-width 50%", "buffer-limit 2", "base-index 3")
		return words([]string{"set-option"}, g.oneOf("-g", "-w", "-s"), g.maybe(0.4, "-t", g.one(g.session(), g.window())),
			strings.Fields(opt))
	},
	func(g *explorer) []string {
		return words([]string{"set-buffer"}, g.maybe(0.5, "-b", g.one("b1", "b2", "buffer0")), g.maybe(0.2, "-a"),
			[]string{g.one("x", "yy", "line\nline")})
	},
	func(g *explorer) []string {
		return words([]string{"delete-buffer"}, g.maybe(0.6, "-b", g.one("b1", "b2", "buffer0", "buffer1")))
	},
	func(g *explorer) []string {
		return words([]string{"display-message", "-p"}, g.maybe(0.8, "-t", g.one(g.pane(), g.window(), g.session())),
			[]string{"#{session_name}:#{window_index}.#{pane_index} #{pane_id} #{window_active} #{pane_marked} #{window_zoomed_flag}"})
	},
	func(g *explorer) []string {
		return words([]string{"respawn-pane", "-k"}, g.maybe(0.7, "-t", g.pane()), []string{"sleep 1000"})
	},
	func(g *explorer) []string {
		g.respawned = true
		return words([]string{"respawn-window", "-k"}, g.maybe(0.7, "-t", g.window()), []string{"sleep 1000"})
	},
	func(g *explorer) []string {
		return words([]string{g.one("list-windows", "list-sessions", "list-panes")}, g.maybe(0.3, "-a"),
			g.maybe(0.5, "-t", g.one(g.session(), g.window())))
	},
	func(g *explorer) []string {
		return words([]string{"show-options"}, g.oneOf("-g", "-w", "-s", "-p"), g.maybe(0.2, "-v"),
			g.maybe(0.5, "-t", g.one(g.pane(), g.window(), g.session())),
			g.maybe(0.5, g.one("base-index", "pane-base-index", "window-size", "main-pane-width", "bogus", "pane-border-status")))
	},
	func(g *explorer) []string {
		return words([]string{"set-option", "-u"}, g.oneOf("-g", "-w", "-s", "-p"), g.maybe(0.5, "-t", g.one(g.pane(), g.window(), g.session())),
			[]string{g.one("base-index", "pane-base-index", "main-pane-width", "renumber-windows", "pane-border-status")})
	},
	func(g *explorer) []string {
		return words([]string{g.one("set-environment", "show-environment")}, g.maybe(0.5, "-t", g.session()),
			g.maybe(0.2, "-g"), g.maybe(0.2, "-u"), []string{g.one("FOO", "BAR", "HOME")}, g.maybe(0.5, "x"))
	},
	func(g *explorer) []string {
		return words([]string{"copy-mode"}, g.maybe(0.3, "-u"), g.maybe(0.7, "-t", g.pane()))
	},
	func(g *explorer) []string {
		return words([]string{"send-keys", "-X"}, g.maybe(0.7, "-t", g.pane()),
			[]string{g.one("cursor-down", "cursor-right", "start-of-line", "end-of-line", "begin-selection",
				"copy-selection-and-cancel", "cancel", "history-top", "page-up", "select-line", "bogus-command")})
	},
	func(g *explorer) []string {
		return words([]string{"select-pane", "-T", g.one("t1", "t2")}, g.maybe(0.7, "-t", g.pane()))
	},
	func(g *explorer) []string {
		return words([]string{"display-message", "-p"}, g.maybe(0.5, "-t", g.one(g.pane(), g.window())), []string{g.format(3)})
	},
	func(g *explorer) []string {
		return words([]string{"set-option"}, g.oneOf("-g", "-w", "-p"), g.maybe(0.2, "-a"), []string{g.one("@x", "@y"), g.format(2)})
	},
	func(g *explorer) []string {
		def := pickOne(g, exploredOptions())
		name := def.name
		if def.array && g.r.IntN(2) == 0 {
			name += "[" + g.one("0", "1", "5", "x", "") + "]"
		}
		scope := g.oneOf("-g", "-w", "-s", "-p")
		target := g.maybe(0.4, "-t", g.one(g.session(), g.window(), g.pane()))
		set := words([]string{"set-option"}, scope, target, g.oneOf("-o", "-q", "-u", "-U", "-a", "-F"), []string{name})
		if g.r.IntN(8) > 0 {
			set = append(set, g.optionValue(def))
		}
		return words(set, []string{";", "show-options"}, scope, target, g.oneOf("-v", "-A", "-H", "-q"), []string{def.name})
	},
	func(g *explorer) []string {
		return words([]string{"bind-key"}, g.maybe(0.5, "-T", g.one("root", "prefix", "copy-mode", "mine")), g.maybe(0.2, "-r"),
			g.maybe(0.2, "-n"), []string{g.one("a", "C-b", "M-x", "F1", "Up", "bogus-key", "C-M-S-Left"), g.one("display-message hi", "next-window", "send-keys -X cancel")})
	},
	func(g *explorer) []string {
		return words([]string{"unbind-key"}, g.maybe(0.3, "-a"), g.maybe(0.5, "-T", g.one("root", "prefix", "copy-mode", "mine")),
			g.maybe(0.7, g.one("a", "C-b", "M-x", "F1", "Up", "bogus-key")))
	},
	func(g *explorer) []string {
		return words([]string{"list-keys"}, g.maybe(0.2, "-N"), g.maybe(0.6, "-T", g.one("root", "prefix", "mine", "nosuch")), g.maybe(0.3, g.one("a", "C-b", "Up")))
	},
	func(g *explorer) []string {
		return words([]string{"set-hook"}, g.oneOf("-g", "-w", "-p", "-u", "-a"), g.maybe(0.4, "-t", g.one(g.session(), g.window(), g.pane())),
			[]string{g.one("after-new-window", "window-linked", "pane-focus-in", "after-split-window[3]", "bogus-hook")}, g.maybe(0.8, "set-option -g @hooked yes"))
	},
	func(g *explorer) []string {
		return words([]string{"show-hooks"}, g.oneOf("-g", "-w", "-p"), g.maybe(0.4, "-t", g.one(g.session(), g.window(), g.pane())))
	},
	func(g *explorer) []string {
		return words([]string{"capture-pane", "-p"}, g.maybe(0.3, "-J"), g.maybe(0.3, "-e"), g.maybe(0.3, "-N"),
			g.maybe(0.3, "-S", g.one("-5", "0", "3", "-")), g.maybe(0.3, "-E", g.one("2", "-1", "-")), g.maybe(0.6, "-t", g.pane()))
	},
	func(g *explorer) []string {
		return words([]string{g.one("show-buffer", "delete-buffer")}, g.maybe(0.7, "-b", g.one("b1", "b2", "buffer0", "buffer1")))
	},
	func(g *explorer) []string {
		return words([]string{"set-buffer"}, g.maybe(0.7, "-b", g.one("b1", "b2", "buffer0")), []string{"-n", g.one("b1", "b3", "buffer7")})
	},
	func(g *explorer) []string {
		return words([]string{"display-message", "-p"}, g.maybe(0.8, "-t", g.pane()),
			[]string{"#{pane_in_mode} #{pane_mode} #{copy_cursor_x},#{copy_cursor_y} #{selection_present} #{pane_title} " +
				"#{session_group} #{session_grouped} #{window_linked} #{window_linked_sessions} #{pane_last} #{window_last_flag}"})
	},
	// What a client does, which needs the control client of odd seeds.
	func(g *explorer) []string {
		return words([]string{"switch-client"}, g.oneList([]string{"-t", g.one(g.session(), g.window(), g.pane())},
			[]string{"-n"}, []string{"-p"}, []string{"-l"}))
	},
	// refresh-client -C is not drawn yet: with a control client's size,
	// windows and sessions made by other clients take sizes the emulator
	// does not give them (tmux's default_window_size and
	// recalculate_sizes; seeds 3745, 3799, 3861 with -C drawn).
	func(g *explorer) []string {
		return words([]string{"refresh-client"}, g.oneList([]string{"-f", "active-pane"}, []string{"-f", "no-output"},
			[]string{"-C", "@" + g.one("0", "1", "2") + ":"}))
	},
}

// stepsSource writes steps as Go source for a scenario, leaving out the
// snapshots and the normalisers.
func stepsSource(steps []step) string {
	var b strings.Builder
	for i, st := range steps {
		switch {
		case slices.Equal(st.args, exploreSnapshot):
			continue
		case st.join:
			fmt.Fprintf(&b, "\tjoinBackground(), // step %d\n", i)
			continue
		}
		quoted := make([]string, len(st.args))
		for i, a := range st.args {
			quoted[i] = strconv.Quote(a)
		}
		fmt.Fprintf(&b, "\tcmd(%s)", strings.Join(quoted, ", "))
		if st.control {
			fmt.Fprintf(&b, ".controlIn(%q).stayUntil(%q)", st.stdin, st.stay)
		}
		if st.until != "" {
			fmt.Fprintf(&b, ".waitFor(%q)", st.until)
		}
		if st.background {
			b.WriteString(".inBackground()")
		}
		fmt.Fprintf(&b, ", // step %d\n", i)
	}
	return b.String()
}

// formatVariables are the variables a random format uses: the format
// table's steady ones, which read the same from tmux and the emulator at
// any moment (no times, no process IDs, so no client_name), set or not,
// then options and names that are nothing.
var formatVariables = func() []string {
	var names []string
	for _, v := range formatTable {
		if v.steady {
			names = append(names, v.name)
		}
	}
	return append(names, "@x", "@y", "nosuch", "")
}()

// formatModifiers are the single modifiers a random format puts before a
// variable.
var formatModifiers = []string{
	"=3", "=-3", "=/2/..", "p6", "p-6", "b", "d", "q", "l", "n", "w", "E", "a", "c", "s/o/0/", "s/[0-9]/N/",
	"s/W/w/i", "!", "!!", "e|+|", "e|*|f|2", "e|/|", "e|%|", "e|m|", "N/s", "N/w", "R",
	"q/h", "=5/x/", "p0", "=0", "s/^/>/", "s/$/</", "s/(.)(.)/\\2\\1/", "w/", "E/", "l/",
}

// format is a random format of the depth given: text, variables with
// and without modifiers, conditionals, comparisons, loops over sessions,
// windows and panes, and the escapes, well formed or not.
func (g *explorer) format(depth int) string {
	n := 1 + g.r.IntN(3)
	var b strings.Builder
	for range n {
		b.WriteString(g.formatPart(depth))
	}
	return b.String()
}

func (g *explorer) formatPart(depth int) string {
	choice := g.r.IntN(12)
	if depth <= 0 {
		choice = g.r.IntN(3)
	}
	v := pickOne(g, formatVariables)
	switch choice {
	case 0:
		return g.one("a", "x y", "10", "-3", "0", "1.5", "ab,c", " ")
	case 1:
		return "#{" + v + "}"
	case 2:
		return g.one("##", "#,", "#}", "#{", "#", "}", ",", "#[fg=red]", "#{?", "#{l:#{x}}")
	case 3, 4:
		return "#{" + pickOne(g, formatModifiers) + ":" + v + "}"
	case 5:
		return "#{?" + g.format(depth-1) + "," + g.format(depth-1) + "," + g.format(depth-1) + "}"
	case 6:
		return "#{" + g.one("==", "!=", "<", ">", "<=", ">=", "||", "&&", "m", "m/r", "m/i", "C") + ":" +
			g.format(depth-1) + "," + g.format(depth-1) + "}"
	case 7:
		return "#{" + g.one("S", "W", "P", "S/r", "W/r", "S/n", "S/nr", "W/t", "P/r", "S/x") + ":" + g.format(depth-1) + g.maybeComma(depth) + "}"
	case 8:
		return "#{" + pickOne(g, formatModifiers) + ";" + pickOne(g, formatModifiers) + ":" + v + "}"
	case 9:
		return "#{e|" + g.one("+", "-", "*", "==", "<") + "|:" + g.format(depth-1) + "," + g.format(depth-1) + "}"
	case 10:
		return "#{" + pickOne(g, formatModifiers) + ":" + g.format(depth-1) + "}"
	default:
		return "#" + g.one("S", "I", "W", "P", "D", "T", "F", "h", "!")
	}
}

// maybeComma is a loop's second format, for its current item, or none.
func (g *explorer) maybeComma(depth int) string {
	if g.r.IntN(2) == 0 {
		return ""
	}
	return "," + g.format(depth-1)
}

// exploredOptions are the options a random set-option may set: all but
// hooks (set-hook has them) and those whose effect races with the
// programs and timers of panes, starts a program, writes a file or makes
// the server exit.
var exploredOptions = sync.OnceValue(func() []optionDef {
	left := map[string]bool{
		"default-shell": true, "default-command": true, "history-file": true, "copy-command": true,
		"editor": true, "automatic-rename": true, "automatic-rename-format": true, "allow-rename": true,
		"monitor-silence": true, "exit-empty": true, "exit-unattached": true, "destroy-unattached": true,
		"remain-on-exit": true, "lock-after-time": true, "lock-command": true,
	}
	var defs []optionDef
	for _, d := range optionDefs {
		if d.typ != optCommand && !left[d.name] {
			defs = append(defs, d)
		}
	}
	return defs
})

// optionValue is a value for an option of def's type: one it takes, or
// one it refuses.
func (g *explorer) optionValue(def optionDef) string {
	switch {
	case def.typ == optNumber:
		return g.one("0", "1", "5", "-1", "100000", "99999999999", "abc", "", "3x", strconv.Itoa(def.max))
	case def.typ == optChoice:
		c := pickOne(g, def.choices)
		return g.one(c, c[:1], c+"x", "bogus", "1", "")
	case def.typ == optFlag:
		return g.one("on", "off", "yes", "no", "1", "0", "bogus", "")
	case def.typ == optColour:
		return g.one("red", "colour300", "colour255", "#abc", "#aabbcc", "default", "terminal", "bogus", "none",
			"brightred", "RED", "colour-1", "")
	case def.typ == optKey:
		return g.one("C-a", "None", "bogus", "M-F1", "C-", "")
	case def.style || strings.HasSuffix(def.name, "-style"):
		return g.one("fg=red,bold", "bg=#123456 underscore", "fg=bogus", "default", "align=centre", "list=on",
			"#{?#{pane_active},fg=red,}", "nobold,bg=colour22", "fg=red,", "")
	case def.pattern != "":
		return g.one("80x24", "x", "1x1", "100", "10000x10000", "axb")
	default:
		return g.one("text", "#{session_name}", "a,b", "x y", "", "#[fg=red]s")
	}
}
