package servertest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/rogpeppe/go-internal/testscript"
	"github.com/tmuxbuf/tmuxbuf/internal/config"
	"github.com/tmuxbuf/tmuxbuf/internal/lockedbuf"
	"github.com/tmuxbuf/tmuxbuf/server"
	"github.com/tmuxbuf/tmuxbuf/tmuxtest"
)

// mcpServer is one tmuxbuf MCP server a script started, with a client
// connected to it.
type mcpServer struct {
	session *mcp.ClientSession
	audit   string // its audit log file
	process bool   // the tmuxbuf-mcp binary, not in this process
	// stop ends the server (with sig, when not nil and it is a process)
	// and reports its exit status and standard error.
	stop func(sig os.Signal) (exit int, stderr string)
}

// callTimeout bounds one tool call: longer than any tmux timeout a script
// sets, shorter than the test's.
const callTimeout = time.Minute

// serverName takes a leading `-s NAME` off args.
func serverName(args []string) (string, []string) {
	if len(args) >= 2 && args[0] == "-s" {
		return args[1], args[2:]
	}
	return "default", args
}

func (sc *script) server(name string) (*mcpServer, error) {
	s, ok := sc.servers[name]
	if !ok {
		return nil, fmt.Errorf("no MCP server %q is running; start it with `mcp -s %s`", name, name)
	}
	return s, nil
}

// cmdMCP starts an MCP server: `mcp [-s NAME] [-bin] [FLAGS...]`.
func cmdMCP(ts *testscript.TestScript, neg bool, args []string) error {
	sc := state(ts)
	name, args := serverName(args)
	bin := len(args) > 0 && args[0] == "-bin"
	if bin {
		args = args[1:]
	}
	if _, running := sc.servers[name]; running {
		return fmt.Errorf("MCP server %q is already running", name)
	}
	audit := ts.MkAbs(filepath.Join(".mcp", name+".audit.jsonl"))
	if err := os.MkdirAll(filepath.Dir(audit), 0o700); err != nil {
		return err
	}
	start := sc.startInProcess
	if bin {
		start = sc.startBinary
	}
	s, err := start(ts, audit, args)
	switch {
	case err != nil && neg:
		fmt.Fprintln(ts.Stderr(), err)
		return nil
	case err != nil:
		return err
	case neg:
		s.stop(nil)
		return tmuxtest.ErrUnexpectedSuccess
	}
	s.audit = audit
	sc.servers[name] = s
	return nil
}

// startInProcess runs the server that tmuxbuf-mcp would run with args,
// from the same flag table (package config) and the script's environment,
// and connects to it in memory. Like -bin, it reads relative paths from
// the script's directory, finds --tmux-bin on the script's PATH and runs
// tmux with the script's environment. In fake mode, the exec backend's
// tmux is the bridge to the script's emulated servers, so the server calls
// them directly instead, one process fewer per command.
func (sc *script) startInProcess(ts *testscript.TestScript, audit string, args []string) (*mcpServer, error) {
	o, err := config.Parse(append([]string{"--audit-log", audit}, args...), ts.Getenv, io.Discard)
	switch {
	case err != nil:
		return nil, fmt.Errorf("%v (tmuxbuf-mcp's flags: see tmuxbuf-mcp -help)", err)
	case o.HTTPAddr != "":
		return nil, errors.New("--http needs -bin: an in-process server's client is connected in memory")
	case o.Version:
		return nil, errors.New("--version needs -bin")
	}
	o.TmuxEnv = tmuxtest.Environ(ts)
	for _, path := range []*string{&o.SocketPath, &o.AuditKeyFile} {
		if *path != "" {
			*path = ts.MkAbs(*path)
		}
	}
	execFake := tmuxtest.FakeSockets(ts) != nil && o.Backend == "exec" && o.TmuxBin == "tmux"
	o.TmuxBin = lookPathIn(ts.Getenv("PATH"), ts.MkAbs("."), o.TmuxBin)
	stderr := &lockedbuf.Buffer{}
	cfg, release, err := o.Server(stderr)
	if err != nil {
		return nil, err
	}
	switch sockets := tmuxtest.FakeSockets(ts); {
	case execFake:
		cfg.Tmux = &config.FakeDialer{Sockets: sockets, SocketPath: fakeSocketPaths(ts, o)}
	case sockets != nil:
		// The emulated servers' sockets are no files that the backend
		// could find; the emulator knows which run.
		cfg.Tmux = foundBy{cfg.Tmux, scriptServers{&config.FakeDialer{Sockets: sockets}, tmuxtest.SocketPath(ts, "")}}
	}
	srv, err := server.New(cfg)
	if err != nil {
		release()
		return nil, err
	}
	cs, disconnect, err := ConnectInMemory(context.Background(), srv)
	if err != nil {
		release()
		return nil, err
	}
	return &mcpServer{session: cs, stop: func(os.Signal) (int, string) {
		disconnect()
		status := 0
		if err := o.Cleanup(srv); err != nil {
			fmt.Fprintf(stderr, "tmuxbuf-mcp: %v\n", err)
			status = 1
		}
		release()
		return status, stderr.String()
	}}, nil
}

// foundBy is a backend whose servers a ServerFinder of the script's finds.
type foundBy struct {
	server.Dialer
	server.ServerFinder
}

// scriptServers finds the emulated servers that run in a script's socket
// directory, as a scan of tmux's would find real ones.
type scriptServers struct {
	*config.FakeDialer // for DialPath
	dir                string
}

func (f scriptServers) LiveSockets() []string {
	var names []string
	for _, path := range f.Sockets.Running() {
		if name, ok := strings.CutPrefix(path, f.dir+"/"); ok && !strings.Contains(name, "/") {
			names = append(names, name)
		}
	}
	return names
}

// fakeSocketPaths maps socket names to the script's emulated servers as
// tmux would with o's socket flags: a name, and by default "default",
// under the script's socket directory.
func fakeSocketPaths(ts *testscript.TestScript, o config.Options) func(socketName string) string {
	return func(socketName string) string {
		switch {
		case socketName != "":
			return tmuxtest.SocketPath(ts, socketName)
		case o.SocketPath != "":
			return o.SocketPath
		case o.SocketName != "":
			return tmuxtest.SocketPath(ts, o.SocketName)
		}
		return tmuxtest.SocketPath(ts, "default")
	}
}

// lookPathIn finds bin as a shell with PATH path in directory dir would; a
// bin it cannot find stays as it is, to fail when it is run.
func lookPathIn(path, dir, bin string) string {
	if strings.Contains(bin, "/") {
		if !filepath.IsAbs(bin) {
			bin = filepath.Join(dir, bin)
		}
		return bin
	}
	for _, d := range filepath.SplitList(path) {
		p := filepath.Join(d, bin)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p
		}
	}
	return bin
}

// stopWait bounds how long a stopping tmuxbuf-mcp process may take to clean
// up and exit before it is killed.
const stopWait = 20 * time.Second

// startBinary runs the built tmuxbuf-mcp with args and the script's
// environment, so that its exec backend runs the script's tmux, and talks
// to it over stdio.
func (sc *script) startBinary(ts *testscript.TestScript, audit string, args []string) (*mcpServer, error) {
	bin, err := mcpBin.Path()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, append([]string{"--audit-log", audit}, args...)...)
	cmd.Dir, cmd.Env = ts.MkAbs("."), tmuxtest.Environ(ts)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr := &lockedbuf.Buffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	exited := make(chan struct{})
	go func() {
		cmd.Wait()
		close(exited)
	}()
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	cs, err := newClient().Connect(ctx, lineTransport(stdout, stdin), nil)
	if err != nil {
		cmd.Process.Kill()
		<-exited
		return nil, fmt.Errorf("%v; its stderr:\n%s", err, stderr)
	}
	return &mcpServer{session: cs, process: true, stop: func(sig os.Signal) (int, string) {
		if sig != nil {
			cmd.Process.Signal(sig)
		} else {
			// End of standard input is how a stdio server is told to stop.
			stdin.Close()
		}
		select {
		case <-exited:
		case <-time.After(stopWait):
			cmd.Process.Kill()
			<-exited
		}
		cs.Close()
		return cmd.ProcessState.ExitCode(), stderr.String()
	}}, nil
}

// ConnectInMemory connects an MCP client to srv in memory, each message
// encoded and decoded as on the wire; disconnect closes the client and
// waits for the server's side of the session to end.
func ConnectInMemory(ctx context.Context, srv *server.Server) (cs *mcp.ClientSession, disconnect func(), err error) {
	clientT, serverT := memoryTransports()
	ss, err := srv.MCP().Connect(ctx, serverT, nil)
	if err != nil {
		return nil, nil, err
	}
	cs, err = newClient().Connect(ctx, clientT, nil)
	if err != nil {
		ss.Close()
		return nil, nil, err
	}
	return cs, func() { cs.Close(); ss.Wait() }, nil
}

// Connect is ConnectInMemory for a Go test: it fails t on error and
// disconnects when t ends.
func Connect(t testing.TB, srv *server.Server) *mcp.ClientSession {
	t.Helper()
	cs, disconnect, err := ConnectInMemory(context.Background(), srv)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(disconnect)
	return cs
}

func newClient() *mcp.Client {
	return mcp.NewClient(&mcp.Implementation{Name: "servertest", Version: "0"}, nil)
}

// cmdMCPStop stops a server: `mcpstop [-s NAME] [-signal INT|TERM|HUP]`.
func cmdMCPStop(ts *testscript.TestScript, neg bool, args []string) error {
	sc := state(ts)
	name, args := serverName(args)
	s, err := sc.server(name)
	if err != nil {
		return err
	}
	var sig os.Signal
	switch {
	case len(args) == 0:
	case len(args) == 2 && args[0] == "-signal" && args[1] == "INT":
		sig = os.Interrupt
	case len(args) == 2 && args[0] == "-signal" && args[1] == "TERM":
		sig = syscall.SIGTERM
	case len(args) == 2 && args[0] == "-signal" && args[1] == "HUP":
		sig = syscall.SIGHUP
	default:
		return tmuxtest.ErrUsage
	}
	if sig != nil && !s.process {
		return errors.New("-signal needs a server started with -bin")
	}
	delete(sc.servers, name)
	code, stderr := s.stop(sig)
	io.WriteString(ts.Stderr(), stderr)
	return tmuxtest.ExitStatus(neg, code)
}

// stopServers stops the servers a script left running, before its tmux
// servers go, so that their clean-up still finds tmux.
func (sc *script) stopServers() {
	// At once: each may delete many buffers, one tmux command apiece.
	var wg sync.WaitGroup
	for _, s := range sc.servers {
		wg.Go(func() { s.stop(nil) })
	}
	wg.Wait()
	clear(sc.servers)
}

// cmdCall calls a tool: `call [-s NAME] TOOL [ARGS...]`.
func cmdCall(ts *testscript.TestScript, neg bool, args []string) error {
	sc := state(ts)
	name, args := serverName(args)
	if len(args) == 0 {
		return tmuxtest.ErrUsage
	}
	s, err := sc.server(name)
	if err != nil {
		return err
	}
	toolArgs, err := parseToolArgs(ts, args[1:])
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	res, err := s.session.CallTool(ctx, &mcp.CallToolParams{Name: args[0], Arguments: toolArgs})
	switch {
	case err != nil:
		fmt.Fprintf(ts.Stderr(), "protocol error: %v\n", err)
		return tmuxtest.ExitStatus(neg, 1)
	case res.IsError:
		fmt.Fprintf(ts.Stderr(), "%s\n", ResultText(res))
		return tmuxtest.ExitStatus(neg, 1)
	case res.StructuredContent == nil:
		sc.last = nil
		fmt.Fprintf(ts.Stdout(), "%s\n", ResultText(res))
	default:
		// The client decoded it from JSON already: maps, slices, strings,
		// float64s and bools, which print back as the server sent them.
		// A show_buffer reply can be megabytes, so it is written once,
		// straight out. A result wrapped under "result" prints unwrapped.
		sc.last = unwrapped(res.StructuredContent)
		if text, ok := sc.last.(string); ok {
			fmt.Fprintf(ts.Stdout(), "%s\n", text)
			break
		}
		if err := newCanonicalEncoder(ts.Stdout()).Encode(sc.last); err != nil {
			return err
		}
	}
	return tmuxtest.ExitStatus(neg, 0)
}

// unwrapped is a tool's structured result, out from under "result" when
// the tool wraps it there (a result that is not an object, as libtmux-mcp's
// server gives a text or a list).
func unwrapped(structured any) any {
	if m, ok := structured.(map[string]any); ok && len(m) == 1 {
		if v, ok := m["result"]; ok {
			return v
		}
	}
	return structured
}

// parseToolArgs reads a tool's arguments: a JSON object, and fields much as
// httpie takes them: NAME=string, NAME@=file (the file's bytes as a
// string), NAME:=json. Values are never read as file names, so ids such as
// window_id=@1 pass as they are.
func parseToolArgs(ts *testscript.TestScript, args []string) (json.RawMessage, error) {
	fields := map[string]json.RawMessage{}
	for _, a := range args {
		if strings.HasPrefix(a, "{") {
			var object map[string]json.RawMessage
			if err := json.Unmarshal([]byte(a), &object); err != nil {
				return nil, fmt.Errorf("arguments %s: %v", a, err)
			}
			for k, v := range object {
				fields[k] = compact(v)
			}
			continue
		}
		if k, v, ok := strings.Cut(a, ":="); ok && !strings.Contains(k, "=") {
			if !json.Valid([]byte(v)) {
				return nil, fmt.Errorf("argument %s: not JSON", a)
			}
			fields[k] = compact([]byte(v))
			continue
		}
		if k, file, ok := strings.Cut(a, "@="); ok && !strings.Contains(k, "=") {
			b, err := os.ReadFile(ts.MkAbs(file))
			if err != nil {
				return nil, err
			}
			if !utf8.Valid(b) {
				return nil, fmt.Errorf("argument %s: the file is not UTF-8, and JSON strings must be", a)
			}
			fields[k], _ = json.Marshal(string(b))
			continue
		}
		k, v, ok := strings.Cut(a, "=")
		if !ok {
			return nil, fmt.Errorf("argument %q: want NAME=string, NAME@=file, NAME:=json or a JSON object", a)
		}
		fields[k], _ = json.Marshal(v)
	}
	return object(fields), nil
}

// compact is valid JSON less its insignificant spaces.
func compact(v []byte) json.RawMessage {
	var b bytes.Buffer
	json.Compact(&b, v)
	return b.Bytes()
}

// object joins fields, each compact JSON, into an object with its keys
// sorted, as json.Marshal would but without a pass over each value again:
// a value can be megabytes of content.
func object(fields map[string]json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range slices.Sorted(maps.Keys(fields)) {
		if i > 0 {
			b.WriteByte(',')
		}
		key, _ := json.Marshal(k)
		b.Write(key)
		b.WriteByte(':')
		b.Write(fields[k])
	}
	b.WriteByte('}')
	return b.Bytes()
}

// ResultText is the text of a tool result's text content, joined.
func ResultText(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// canonicalJSON is v on one line, keys sorted, with no HTML escaping, so
// that scripts can match results with plain text.
func canonicalJSON(v any) string {
	var b strings.Builder
	newCanonicalEncoder(&b).Encode(v)
	return strings.TrimSuffix(b.String(), "\n")
}

// newCanonicalEncoder writes values as canonicalJSON does, each followed
// by a newline.
func newCanonicalEncoder(w io.Writer) *json.Encoder {
	e := json.NewEncoder(w)
	e.SetEscapeHTML(false)
	return e
}

// lastField finds a dotted path (buffers.0.buffer_name) in the last result.
func (sc *script) lastField(path string) (any, error) {
	if sc.last == nil {
		return nil, errors.New("the last call had no structured result")
	}
	v := sc.last
	for _, k := range strings.Split(path, ".") {
		switch c := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = c[k]; !ok {
				return nil, fmt.Errorf("no field %q in %s", k, canonicalJSON(c))
			}
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(c) {
				return nil, fmt.Errorf("no element %q in a list of %d", k, len(c))
			}
			v = c[i]
		default:
			return nil, fmt.Errorf("%q: %s has no fields", k, canonicalJSON(v))
		}
	}
	return v, nil
}

// fieldText is a field as scripts see it: a string as its bytes, anything
// else as JSON.
func fieldText(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return canonicalJSON(v)
}

// cmdField prints a field of the last result: `field PATH`.
func cmdField(ts *testscript.TestScript, neg bool, args []string) error {
	if len(args) != 1 {
		return tmuxtest.ErrUsage
	}
	v, err := state(ts).lastField(args[0])
	if err != nil {
		return err
	}
	io.WriteString(ts.Stdout(), fieldText(v))
	return nil
}

// cmdCapture sets a variable: `capture VAR PATH` from the last call's
// result, `capture -stdout VAR` from the last command's standard output.
func cmdCapture(ts *testscript.TestScript, neg bool, args []string) error {
	switch {
	case len(args) == 2 && args[0] == "-stdout":
		ts.Setenv(args[1], strings.TrimSuffix(ts.ReadFile("stdout"), "\n"))
		return nil
	case len(args) != 2:
		return tmuxtest.ErrUsage
	}
	v, err := state(ts).lastField(args[1])
	if err != nil {
		return err
	}
	ts.Setenv(args[0], fieldText(v))
	return nil
}

// cmdAudit prints a server's audit log: `audit [-s NAME]`.
func cmdAudit(ts *testscript.TestScript, neg bool, args []string) error {
	sc := state(ts)
	name, args := serverName(args)
	if len(args) != 0 {
		return tmuxtest.ErrUsage
	}
	audit := ts.MkAbs(filepath.Join(".mcp", name+".audit.jsonl"))
	if _, running := sc.servers[name]; !running {
		if _, err := os.Stat(audit); err != nil {
			return fmt.Errorf("no MCP server %q was started", name)
		}
	}
	b, err := os.ReadFile(audit)
	if err != nil {
		return err
	}
	ts.Stdout().Write(b)
	return nil
}

// cmdRead reads a resource: `read [-s NAME] URI`.
func cmdRead(ts *testscript.TestScript, neg bool, args []string) error {
	sc := state(ts)
	name, args := serverName(args)
	if len(args) != 1 {
		return tmuxtest.ErrUsage
	}
	s, err := sc.server(name)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	res, err := s.session.ReadResource(ctx, &mcp.ReadResourceParams{URI: args[0]})
	var rpc *jsonrpc.Error
	switch {
	case errors.As(err, &rpc):
		fmt.Fprintf(ts.Stderr(), "error %d: %s\n", rpc.Code, rpc.Message)
		return tmuxtest.ExitStatus(neg, 1)
	case err != nil:
		return err
	}
	for _, c := range res.Contents {
		fmt.Fprintf(ts.Stderr(), "mimeType: %s\n", c.MIMEType)
		text := c.Text
		if !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		io.WriteString(ts.Stdout(), text)
	}
	return tmuxtest.ExitStatus(neg, 0)
}

// cmdConcurrent makes N calls at once:
// `concurrent [-s NAME[,NAME...]] [-L SOCKET] [-delete] N TOOL [ARGS...]`.
func cmdConcurrent(ts *testscript.TestScript, neg bool, args []string) error {
	sc := state(ts)
	names, label, deleteHalf := []string{"default"}, "default", false
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		switch {
		case args[0] == "-delete":
			deleteHalf, args = true, args[1:]
		case len(args) >= 2 && args[0] == "-s":
			names, args = strings.Split(args[1], ","), args[2:]
		case len(args) >= 2 && args[0] == "-L":
			label, args = args[1], args[2:]
		default:
			return tmuxtest.ErrUsage
		}
	}
	if len(args) < 2 {
		return tmuxtest.ErrUsage
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 {
		return tmuxtest.ErrUsage
	}
	var servers []*mcpServer
	for _, name := range names {
		s, err := sc.server(name)
		if err != nil {
			return err
		}
		servers = append(servers, s)
	}
	toolArgs, err := parseToolArgs(ts, args[2:])
	if err != nil {
		return err
	}

	// Every call runs on its own goroutine, all released at once, so that
	// they really overlap.
	made := make([]string, n)
	errs := make([]error, n)
	release := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			<-release
			made[i], errs[i] = callForBuffer(servers[i%len(servers)], args[1], toolArgs, deleteHalf && i%2 == 1)
		})
	}
	close(release)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}

	present, err := bufferNames(ts, tmuxtest.SocketPath(ts, label))
	if err != nil {
		return err
	}
	var kept []string
	seen := map[string]bool{}
	for i, name := range made {
		if seen[name] {
			return fmt.Errorf("buffer name %s was handed out twice", name)
		}
		seen[name] = true
		switch deleted := deleteHalf && i%2 == 1; {
		case deleted && present[name]:
			return fmt.Errorf("buffer %s was deleted, yet tmux still has it", name)
		case !deleted && !present[name]:
			return fmt.Errorf("buffer %s was made, yet tmux does not have it", name)
		case !deleted:
			kept = append(kept, name)
		}
	}
	slices.Sort(kept)
	for _, name := range kept {
		fmt.Fprintln(ts.Stdout(), name)
	}
	return nil
}

// callForBuffer makes one call that must return a buffer_name, and then
// deletes that buffer when del is set.
func callForBuffer(s *mcpServer, tool string, args json.RawMessage, del bool) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	res, err := s.session.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	switch {
	case err != nil:
		return "", err
	case res.IsError:
		return "", errors.New(ResultText(res))
	}
	out, _ := res.StructuredContent.(map[string]any)
	name, _ := out["buffer_name"].(string)
	if name == "" {
		return "", fmt.Errorf("%s returned no buffer_name: %s", tool, ResultText(res))
	}
	if del {
		res, err := s.session.CallTool(ctx, &mcp.CallToolParams{Name: "delete_buffer", Arguments: map[string]string{"buffer_name": name}})
		switch {
		case err != nil:
			return "", err
		case res.IsError:
			return "", errors.New(ResultText(res))
		}
	}
	return name, nil
}

// tmuxTimeout bounds one tmux command run by a script command, so that a
// hung (or fault-delayed) tmux fails the script instead of the whole run.
const tmuxTimeout = time.Minute

// bufferNames asks tmux itself, not the MCP server, which buffers exist.
func bufferNames(ts *testscript.TestScript, path string) (map[string]bool, error) {
	var stdout, stderr bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), tmuxTimeout)
	defer cancel()
	if code := tmuxtest.TmuxAt(ts, path).Run(ctx, []string{"list-buffers", "-F", "#{buffer_name}"}, nil, &stdout, &stderr); code != 0 {
		return nil, fmt.Errorf("list-buffers on %s: exit status %d: %s", path, code, stderr.String())
	}
	names := map[string]bool{}
	for _, name := range strings.Fields(stdout.String()) {
		names[name] = true
	}
	return names, nil
}
