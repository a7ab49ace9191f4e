package tmuxtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// Command is one script command, documented where it is registered: a
// harness built on this one registers its own the same way (see Cmds and
// DocCommands), so that its README cannot drift from what scripts can run.
type Command struct {
	Name    string
	Args    string // the usage line after the name
	Neg     bool   // `! name` is allowed
	Summary string // Markdown
	// Run runs the command; ErrUsage makes it fail with its usage line.
	Run func(ts *testscript.TestScript, neg bool, args []string) error
}

var (
	// ErrUsage is what a Command's Run returns for arguments it cannot take.
	ErrUsage = errors.New("usage")
	// ErrUnexpectedSuccess is what a Command's Run returns when it
	// succeeded under `!`.
	ErrUnexpectedSuccess = errors.New("unexpected success")
)

// commands is the registry: Commands and Doc both read it.
var commands = []Command{
	{Name: "tmux", Args: "[GLOBAL FLAGS] COMMAND [ARGS...]", Neg: true,
		Summary: "Run a tmux command line on the script's tmux: the emulator, in this process, in fake mode; the tmux binary in real mode. " +
			"The global flags are read as tmux reads them (`-L`, `-S`, `-N`, `-V`, ...; `-c` only with `exec tmux`); " +
			"a command line that starts a server runs its `-f` files there first (scripts have no ~/.tmux.conf: HOME is /no-home). " +
			"Standard input is empty in both modes; for `load-buffer -`, use `stdin FILE` and `exec tmux`. " +
			"`exec tmux` also works in both modes: in fake mode it is cmd/faketmux's client, a separate process that reaches the same emulated servers.",
		Run: cmdTmux},
	{Name: "tmuxfault", Args: "[-L NAME | -S PATH] [-n N] delay DURATION | fail EXIT STDERR | crash | stop | cont", Neg: false,
		Summary: "Fake mode only: make the next N (default 1) command lines on that socket wait DURATION (or until their caller gives up), " +
			"fail with EXIT and STDERR, or crash the server; or stop the server and let it go on, as SIGSTOP and SIGCONT do to tmux's " +
			"(lines sent meanwhile run on cont, even those whose client gave up). Guard it with [fake], with a comment naming the real-mode equivalent.",
		Run: cmdTmuxfault},
	{Name: "gen", Args: "FILE BYTES", Neg: false,
		Summary: "Write FILE with exactly BYTES bytes of numbered ASCII lines, for large contents.",
		Run:     cmdGen},
	{Name: "bytes", Args: "FILE 'ESCAPED'", Neg: false,
		Summary: "Write FILE with the bytes of ESCAPED read as the inside of a Go string literal (`\\r`, `\\x1b`, `\\u00e9`, `\\x00`). " +
			"txtar files always end in a newline; this makes the exact bytes a program should receive, such as a paste that ends in CR.",
		Run: cmdBytes},
	{Name: "await", Args: "[-t DURATION] FILE [WANT] | [-t DURATION] -screen TARGET REGEXP | [-t DURATION] -gone SOCKET", Neg: false,
		Summary: "Wait (default 20s) until FILE exists and, with WANT, holds exactly WANT's bytes; or until the screen of pane TARGET on the default socket " +
			"(capture-pane -p) matches REGEXP; or until no tmux server runs on socket SOCKET (kill-server returns before the server has gone). Programs in panes run on their own schedule, so scripts wait for them rather than sleep.",
		Run: cmdAwait},
}

// condition is one script condition.
type condition struct {
	name    string
	mode    Mode
	summary string
}

var conditions = []condition{
	{"fake", Fake, "tmux is the emulator (TMUXBUF_TMUX unset or fake)."},
	{"real", Real, "tmux is the real binary (TMUXBUF_TMUX=real)."},
}

// Commands returns this package's script commands, for
// testscript.Params.Cmds.
func Commands() map[string]func(ts *testscript.TestScript, neg bool, args []string) {
	return Cmds(commands)
}

// Cmds makes cmds testscript commands: `!` is refused where a command
// does not allow it, ErrUsage fails with the usage line, and any other
// error fails the script with the command's name.
func Cmds(cmds []Command) map[string]func(ts *testscript.TestScript, neg bool, args []string) {
	m := make(map[string]func(ts *testscript.TestScript, neg bool, args []string), len(cmds))
	for _, c := range cmds {
		m[c.Name] = func(ts *testscript.TestScript, neg bool, args []string) {
			if neg && !c.Neg {
				ts.Fatalf("unsupported: ! %s", c.Name)
			}
			switch err := c.Run(ts, neg, args); {
			case errors.Is(err, ErrUsage):
				ts.Fatalf("usage: %s %s", c.Name, c.Args)
			case err != nil:
				ts.Fatalf("%s: %v", c.Name, err)
			}
		}
	}
	return m
}

// Doc documents this package's commands and conditions, in the Markdown of
// a scripts' README: a section headed by the package's name.
func Doc() string {
	var b strings.Builder
	b.WriteString("## Package tmuxtest\n\n" +
		"Commands for any code that drives tmux, and the conditions.\n\n" +
		"### Commands\n\n")
	b.WriteString(DocCommands(commands))
	b.WriteString("### Conditions\n\n")
	for _, c := range conditions {
		fmt.Fprintf(&b, "- `[%s]`: %s\n", c.name, c.summary)
	}
	return b.String()
}

// DocCommands documents cmds as a Markdown list, one item per command: its
// usage line and summary.
func DocCommands(cmds []Command) string {
	var b strings.Builder
	for _, c := range cmds {
		neg := ""
		if c.Neg {
			neg = "[!] "
		}
		fmt.Fprintf(&b, "- `%s%s %s`\n\n  %s\n\n", neg, c.Name, c.Args, c.Summary)
	}
	return b.String()
}

// genLine follows each line's number in gen's contents.
const genLine = " the quick brown fox jumps over the lazy dog\n"

func cmdGen(ts *testscript.TestScript, neg bool, args []string) error {
	var n int
	if len(args) != 2 {
		return ErrUsage
	}
	if _, err := fmt.Sscan(args[1], &n); err != nil || n < 0 {
		return ErrUsage
	}
	// Appended, not printed: scripts make contents of many megabytes.
	b := make([]byte, 0, n+len(genLine)+8)
	for i := 0; len(b) < n; i++ {
		d := strconv.Itoa(i) // as %08d prints it
		b = append(b, "00000000"[min(len(d), 8):]...)
		b = append(b, d...)
		b = append(b, genLine...)
	}
	return os.WriteFile(ts.MkAbs(args[0]), b[:n], 0o666)
}

func cmdBytes(ts *testscript.TestScript, neg bool, args []string) error {
	if len(args) != 2 {
		return ErrUsage
	}
	b, err := strconv.Unquote(`"` + strings.ReplaceAll(args[1], `"`, `\"`) + `"`)
	if err != nil {
		return fmt.Errorf("%q is not the inside of a Go string literal: %v", args[1], err)
	}
	return os.WriteFile(ts.MkAbs(args[0]), []byte(b), 0o666)
}

var goneRE = regexp.MustCompile(`^(no server running on|error connecting to) `)

func cmdAwait(ts *testscript.TestScript, neg bool, args []string) error {
	limit := 20 * time.Second
	if len(args) >= 2 && args[0] == "-t" {
		d, err := time.ParseDuration(args[1])
		if err != nil {
			return err
		}
		limit, args = d, args[2:]
	}
	var check func() (bool, string)
	looksAtTmux := false
	switch {
	case len(args) == 3 && args[0] == "-screen":
		re, err := regexp.Compile(args[2])
		if err != nil {
			return err
		}
		sc := state(ts)
		looksAtTmux = true
		check = func() (bool, string) {
			var out, errb bytes.Buffer
			sc.tmuxAt(sc.socketPath("default")).Run(context.Background(), []string{"capture-pane", "-p", "-t", args[1]}, nil, &out, &errb)
			return re.Match(out.Bytes()), out.String() + errb.String()
		}
	case len(args) == 2 && args[0] == "-gone":
		// kill-server returns before the server has exited: a client that
		// comes too soon finds it dying ("server exited unexpectedly").
		sc := state(ts)
		looksAtTmux = true
		check = func() (bool, string) {
			var errb bytes.Buffer
			code := sc.tmuxAt(sc.socketPath(args[1])).Run(context.Background(), []string{"list-sessions"}, nil, io.Discard, &errb)
			return code != 0 && goneRE.Match(errb.Bytes()), errb.String()
		}
	case len(args) == 1 || len(args) == 2:
		var want []byte
		if len(args) == 2 {
			var err error
			if want, err = os.ReadFile(ts.MkAbs(args[1])); err != nil {
				return err
			}
		}
		check = func() (bool, string) {
			got, err := os.ReadFile(ts.MkAbs(args[0]))
			if err != nil {
				return false, err.Error()
			}
			return len(args) == 1 || bytes.Equal(got, want), fmt.Sprintf("%s holds %q, want %q", args[0], got, want)
		}
	default:
		return ErrUsage
	}
	// A look at a file, or at the emulator, costs next to nothing, so the
	// first come soon: what a script waits for mostly comes within
	// milliseconds. A look at a real tmux is a tmux process: every 10ms.
	const maxPause = 10 * time.Millisecond
	pause := time.Millisecond
	if looksAtTmux && state(ts).fake == nil {
		pause = maxPause
	}
	deadline := time.Now().Add(limit)
	for ; ; pause = min(2*pause, maxPause) {
		ok, last := check()
		if ok {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("gave up after %v; last seen: %s", limit, last)
		}
		time.Sleep(pause)
	}
}
