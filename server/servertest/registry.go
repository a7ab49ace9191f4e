package servertest

import (
	"os"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/tmuxbuf/tmuxbuf/tmuxtest"
)

// commands is the registry: Params and Doc both read it, so the README
// generated from Doc cannot drift from what scripts can run.
var commands = []tmuxtest.Command{
	{Name: "mcp", Args: "[-s NAME] [-bin] [FLAGS...]", Neg: true,
		Summary: "Start a tmuxbuf MCP server called NAME (default `default`) against the script's tmux and connect a client to it. " +
			"FLAGS are tmuxbuf-mcp's, read with the script's environment and directory, by the binary's own code in both ways of running it. " +
			"In process (the default) the client is connected in memory, so --http and --version need -bin; the server runs tmux with the script's environment and PATH, " +
			"and in fake mode its exec backend calls the script's emulated servers directly. " +
			"With -bin it is the built tmuxbuf-mcp binary over stdio, with the script's environment and PATH (so its exec backend runs the script's tmux); " +
			"$" + MCPBinEnv + " names a prebuilt binary. The audit log goes to $WORK/.mcp/NAME.audit.jsonl. " +
			"Negated, the server must fail to start, and its error goes to stderr.",
		Run: cmdMCP},
	{Name: "mcpstop", Args: "[-s NAME] [-signal INT|TERM|HUP]", Neg: true,
		Summary: "Stop a server as its user would: end of input (or the signal, for -bin), then its clean-up. " +
			"Fails, unless negated, when it exits non-zero; its standard error becomes the command's.",
		Run: cmdMCPStop},
	{Name: "call", Args: "[-s NAME] TOOL [{JSON}] [ARG=string] [ARG@=file] [ARG:=json]...", Neg: true,
		Summary: "Call TOOL with the arguments given as a JSON object and as fields: ARG=string, ARG@=file (the file's bytes as a string), ARG:=json. " +
			"A result prints on stdout: structured content as one line of JSON with sorted keys, else the text; " +
			"a result the tool wraps under \"result\" (a text, a list) prints unwrapped, a text as itself. " +
			"A tool error prints its text on stderr and fails unless negated; a protocol error prints `protocol error: ...` on stderr and fails the same way.",
		Run: cmdCall},
	{Name: "field", Args: "PATH", Neg: false,
		Summary: "Print a field of the last call's structured result, by dotted path (`buffers.0.size_bytes`): a string as its exact bytes, with no newline; anything else as JSON.",
		Run:     cmdField},
	{Name: "capture", Args: "VAR PATH | -stdout VAR", Neg: false,
		Summary: "Set $VAR to a field of the last call's structured result, as `field` prints it (`capture BUF buffer_name`), " +
			"or to the last command's standard output less its final newline (`tmux display-message -p '#{pane_id}'` then `capture -stdout PANE`).",
		Run: cmdCapture},
	{Name: "concurrent", Args: "[-s NAME[,NAME...]] [-L SOCKET] [-delete] N TOOL [ARGS...]", Neg: false,
		Summary: "Make N calls of TOOL at once, spread over the named servers, each of which must return a buffer_name. " +
			"Checks that every call succeeded, that no name was handed out twice, and, by asking tmux on SOCKET (default `default`), that every buffer exists. " +
			"With -delete, every second caller deletes its buffer at once, racing the other loads, and those must be gone. Prints the names kept, sorted.",
		Run: cmdConcurrent},
	{Name: "audit", Args: "[-s NAME]", Neg: false,
		Summary: "Print a server's audit log (JSON lines), even after it stopped.",
		Run:     cmdAudit},
	{Name: "read", Args: "[-s NAME] URI", Neg: true,
		Summary: "Read the resource at URI (resources/read): its text prints on stdout as the server sent it, a JSON resource's as JSON, with a final newline added when it has none, " +
			"and its MIME type goes to stderr as `mimeType: TYPE`. An error prints `error CODE: MESSAGE` on stderr and fails unless negated.",
		Run: cmdRead},
}

// MCPBinEnv names a prebuilt tmuxbuf-mcp binary for `mcp -bin`; without it
// the binary is built once per test run.
const MCPBinEnv = "TMUXBUF_MCP_BIN"

var mcpBin = tmuxtest.NewBinary("tmuxbuf-mcp", "github.com/tmuxbuf/tmuxbuf/cmd/tmuxbuf-mcp", MCPBinEnv)

// BinEnv is tmuxtest.BinEnv with tmuxbuf-mcp: it builds the binaries that
// scripts run and returns the variables that make a child test process
// use them.
func BinEnv() ([]string, error) { return tmuxtest.BinEnv(mcpBin) }

// Params returns testscript parameters that run the scripts in dir with
// package tmuxtest's commands and conditions and this package's. Set
// UpdateScripts or other fields on the result as needed. It needs
// tmuxtest.Main in TestMain.
func Params(dir string) testscript.Params {
	p := tmuxtest.Params(dir)
	p.Setup = Setup
	p.Condition = func(cond string) (bool, error) {
		if cond == controlCondition {
			return os.Getenv(backendEnv) == "control", nil
		}
		return tmuxtest.Condition(cond)
	}
	for name, cmd := range tmuxtest.Cmds(commands) {
		p.Cmds[name] = cmd
	}
	return p
}

// scriptKey finds a script's state in testscript's Values.
type scriptKey struct{}

// script is the state of one running script.
type script struct {
	servers map[string]*mcpServer
	last    any // structured content of the last successful call
}

func state(ts *testscript.TestScript) *script {
	sc, ok := ts.Value(scriptKey{}).(*script)
	if !ok {
		ts.Fatalf("servertest: the script was not set up by servertest.Setup")
	}
	return sc
}

// backendEnv is tmuxbuf-mcp's default backend. Set for `go test`, it
// reaches every script, so that the scenarios run on that backend.
const backendEnv = "TMUXBUF_BACKEND"

// controlCondition marks where the control backend differs from the
// others in what tmux itself reports: its own client is attached.
const controlCondition = "control"

// Setup is tmuxtest.Setup, and clean-up that stops the MCP servers the
// script left running, before its tmux servers go, so that their own
// clean-up still finds tmux.
func Setup(env *testscript.Env) error {
	if err := tmuxtest.Setup(env); err != nil {
		return err
	}
	if backend := os.Getenv(backendEnv); backend != "" {
		env.Setenv(backendEnv, backend)
	}
	sc := &script{servers: map[string]*mcpServer{}}
	env.Values[scriptKey{}] = sc
	env.Defer(sc.stopServers)
	return nil
}

// Doc documents this package's commands, in the Markdown of a scripts'
// README: a section headed by the package's name.
func Doc() string {
	return "## Package servertest\n\n" +
		"Commands that start this module's MCP server and call its tools.\n\n" +
		"### Commands\n\n" + tmuxtest.DocCommands(commands) +
		"### Conditions\n\n" +
		"- `[" + controlCondition + "]`: the servers run on the control backend (`" + backendEnv + "=control go test .` runs every scenario so), " +
		"whose own tmux client is attached to a session, as tmux's session_attached and list-clients show.\n"
}
