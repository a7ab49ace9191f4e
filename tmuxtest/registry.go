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

// command is one script command, documented where it is registered.
type command struct {
	name    string
	args    string // the usage line after the name
	neg     bool   // `! name` is allowed
	summary string
	run     func(ts *testscript.TestScript, neg bool, args []string) error
}

var (
	errUsage             = errors.New("usage")
	errUnexpectedSuccess = errors.New("unexpected success")
)

// commands is the registry: Commands and Doc both read it, so the README
// generated from Doc cannot drift from what scripts can run.
var commands = []command{
	{"tmux", "[GLOBAL FLAGS] COMMAND [ARGS...]", true,
		"Run a tmux command line on the script's tmux: the emulator, in this process, in fake mode; the tmux binary in real mode. " +
			"The global flags are read as tmux reads them (`-L`, `-S`, `-N`, `-V`, ...; `-c` only with `exec tmux`); " +
			"a command line that starts a server runs its `-f` files there first (scripts have no ~/.tmux.conf: HOME is /no-home). " +
			"Standard input is empty in both modes; for `load-buffer -`, use `stdin FILE` and `exec tmux`. " +
			"`exec tmux` also works in both modes: in fake mode it is cmd/faketmux's client, a separate process that reaches the same emulated servers.",
		cmdTmux},
	{"tmuxfault", "[-L NAME | -S PATH] [-n N] delay DURATION | fail EXIT STDERR | crash", false,
		"Fake mode only: make the next N (default 1) command lines on that socket wait DURATION (or until their caller gives up), " +
			"fail with EXIT and STDERR, or crash the server. Guard it with [fake], with a comment naming the real-mode equivalent.",
		cmdTmuxfault},
	{"mcp", "[-s NAME] [-bin] [FLAGS...]", true,
		"Start a tmuxbuf MCP server called NAME (default `default`) against the script's tmux and connect a client to it. " +
			"FLAGS are tmuxbuf-mcp's, read with the script's environment and directory, by the binary's own code in both ways of running it. " +
			"In process (the default) the client is connected in memory, so --http and --version need -bin; the server runs tmux with the script's environment and PATH, " +
			"and in fake mode its exec backend calls the script's emulated servers directly. " +
			"With -bin it is the built tmuxbuf-mcp binary over stdio, with the script's environment and PATH (so its exec backend runs the script's tmux); " +
			"$" + MCPBinEnv + " names a prebuilt binary. The audit log goes to $WORK/.mcp/NAME.audit.jsonl. " +
			"Negated, the server must fail to start, and its error goes to stderr.",
		cmdMCP},
	{"mcpstop", "[-s NAME] [-signal INT|TERM|HUP]", true,
		"Stop a server as its user would: end of input (or the signal, for -bin), then its clean-up. " +
			"Fails, unless negated, when it exits non-zero; its standard error becomes the command's.",
		cmdMCPStop},
	{"call", "[-s NAME] TOOL [{JSON}] [ARG=string] [ARG@=file] [ARG:=json]...", true,
		"Call TOOL with the arguments given as a JSON object and as fields: ARG=string, ARG@=file (the file's bytes as a string), ARG:=json. " +
			"A result prints on stdout: structured content as one line of JSON with sorted keys, else the text. " +
			"A tool error prints its text on stderr and fails unless negated; a protocol error prints `protocol error: ...` on stderr and fails the same way.",
		cmdCall},
	{"field", "PATH", false,
		"Print a field of the last call's structured result, by dotted path (`buffers.0.size_bytes`): a string as its exact bytes, with no newline; anything else as JSON.",
		cmdField},
	{"capture", "VAR PATH | -stdout VAR", false,
		"Set $VAR to a field of the last call's structured result, as `field` prints it (`capture BUF buffer_name`), " +
			"or to the last command's standard output less its final newline (`tmux display-message -p '#{pane_id}'` then `capture -stdout PANE`).",
		cmdCapture},
	{"concurrent", "[-s NAME[,NAME...]] [-L SOCKET] [-delete] N TOOL [ARGS...]", false,
		"Make N calls of TOOL at once, spread over the named servers, each of which must return a buffer_name. " +
			"Checks that every call succeeded, that no name was handed out twice, and, by asking tmux on SOCKET (default `default`), that every buffer exists. " +
			"With -delete, every second caller deletes its buffer at once, racing the other loads, and those must be gone. Prints the names kept, sorted.",
		cmdConcurrent},
	{"audit", "[-s NAME]", false,
		"Print a server's audit log (JSON lines), even after it stopped.",
		cmdAudit},
	{"gen", "FILE BYTES", false,
		"Write FILE with exactly BYTES bytes of numbered ASCII lines, for large contents.",
		cmdGen},
	{"bytes", "FILE 'ESCAPED'", false,
		"Write FILE with the bytes of ESCAPED read as the inside of a Go string literal (`\\r`, `\\x1b`, `\\u00e9`, `\\x00`). " +
			"txtar files always end in a newline; this makes the exact bytes a program should receive, such as a paste that ends in CR.",
		cmdBytes},
	{"await", "[-t DURATION] FILE [WANT] | [-t DURATION] -screen TARGET REGEXP | [-t DURATION] -gone SOCKET", false,
		"Wait (default 20s) until FILE exists and, with WANT, holds exactly WANT's bytes; or until the screen of pane TARGET on the default socket " +
			"(capture-pane -p) matches REGEXP; or until no tmux server runs on socket SOCKET (kill-server returns before the server has gone). Programs in panes run on their own schedule, so scripts wait for them rather than sleep.",
		cmdAwait},
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

// Commands returns the script commands, for testscript.Params.Cmds.
func Commands() map[string]func(ts *testscript.TestScript, neg bool, args []string) {
	cmds := make(map[string]func(ts *testscript.TestScript, neg bool, args []string), len(commands))
	for _, c := range commands {
		cmds[c.name] = func(ts *testscript.TestScript, neg bool, args []string) {
			if neg && !c.neg {
				ts.Fatalf("unsupported: ! %s", c.name)
			}
			switch err := c.run(ts, neg, args); {
			case errors.Is(err, errUsage):
				ts.Fatalf("usage: %s %s", c.name, c.args)
			case err != nil:
				ts.Fatalf("%s: %v", c.name, err)
			}
		}
	}
	return cmds
}

// Doc documents the commands and conditions, in the Markdown of the
// scripts' README.
func Doc() string {
	var b strings.Builder
	b.WriteString("## Commands\n\n")
	for _, c := range commands {
		neg := ""
		if c.neg {
			neg = "[!] "
		}
		fmt.Fprintf(&b, "- `%s%s %s`\n\n  %s\n\n", neg, c.name, c.args, c.summary)
	}
	b.WriteString("## Conditions\n\n")
	for _, c := range conditions {
		fmt.Fprintf(&b, "- `[%s]`: %s\n", c.name, c.summary)
	}
	return b.String()
}

func cmdGen(ts *testscript.TestScript, neg bool, args []string) error {
	var n int
	if len(args) != 2 {
		return errUsage
	}
	if _, err := fmt.Sscan(args[1], &n); err != nil || n < 0 {
		return errUsage
	}
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "%08d the quick brown fox jumps over the lazy dog\n", i)
	}
	return os.WriteFile(ts.MkAbs(args[0]), b.Bytes()[:n], 0o666)
}

func cmdBytes(ts *testscript.TestScript, neg bool, args []string) error {
	if len(args) != 2 {
		return errUsage
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
	switch {
	case len(args) == 3 && args[0] == "-screen":
		re, err := regexp.Compile(args[2])
		if err != nil {
			return err
		}
		sc := state(ts)
		check = func() (bool, string) {
			var out, errb bytes.Buffer
			sc.tmuxAt(sc.socketPath("default")).Run(context.Background(), []string{"capture-pane", "-p", "-t", args[1]}, nil, &out, &errb)
			return re.Match(out.Bytes()), out.String() + errb.String()
		}
	case len(args) == 2 && args[0] == "-gone":
		// kill-server returns before the server has exited: a client that
		// comes too soon finds it dying ("server exited unexpectedly").
		sc := state(ts)
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
		return errUsage
	}
	deadline := time.Now().Add(limit)
	for {
		ok, last := check()
		if ok {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("gave up after %v; last seen: %s", limit, last)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
