package faketmux

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/cmdparse"
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
)

// Options configure a Server. The zero value works: a socket path is only
// used in messages and formats.
type Options struct {
	// SocketPath names the socket in messages such as "no server running
	// on PATH" and in #{socket_path}.
	SocketPath string
	// Clock gives the time for buffer_created, session_created and the
	// other times; nil means time.Now. It is also called as panes' output
	// comes (window_activity), so it must be safe for concurrent use.
	Clock func() time.Time
	// Shell is what a pane runs when no command is given (tmux's
	// default-shell). Empty means tmuxcli.DefaultShell(Env), as tmux chooses it.
	Shell string
	// Env is tmux's global environment, which panes inherit. Nil means
	// this process's environment.
	Env []string
}

// Call is one tmux client invocation: its argv after the global flags, its
// standard streams, and the working directory and environment it runs in
// (tmux resolves relative paths of load-buffer and save-buffer against the
// client's directory).
type Call struct {
	Args   []string
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Dir    string
	// Env is the client's environment; nil means Options.Env. Its locale
	// (LC_ALL, LC_CTYPE, LANG) and TMUX decide, as in tmux's client,
	// whether output lines keep their control and non-ASCII characters
	// or show them as '_'.
	Env []string
	// UTF8 is tmux's global flag -u: the client's terminal takes UTF-8
	// whatever its locale says.
	UTF8 bool
	// NoStartServer is tmux's global flag -N: with no server running,
	// the call fails as a command that starts none does.
	NoStartServer bool
	// Config is the configuration of a call that starts a server: the
	// files tmux's server would load for the client that started it (-f,
	// or the default list). It is ignored when a server already runs.
	Config []ConfigFile
	// ConfigNames is how tmux lists the configuration files of a call
	// that starts a server, #{config_files} (tmuxcli.ConfigNames).
	ConfigNames []string
	// Control is tmux's -C (1) or -CC (2): the client is in control mode
	// (see control.go). Its argv runs first; then, while it stays
	// attached, each line of Stdin is a command line that ParseLine turns
	// into words as tmux's parser does (package tmuxcli's
	// ParseControlLine), and Stdout gets the guarded replies and the
	// notifications. Stderr is not used.
	Control   int
	ParseLine func(line string) ([]string, error)
	// PID is the client's process ID, which names a control client in
	// list-clients.
	PID int
	// Features are the client's terminal features, from tmux's -2 and -T
	// (tmuxcli.TermFeatures' bits): client_termfeatures.
	Features int
	// ExitMessage, when set, is handed what the client prints as it
	// exits, in place of the emulator printing it: a control client's
	// %exit line without its "%exit" (empty for a bare one), and a refused
	// client's "access not allowed". tmux's client prints these itself,
	// from the message its server sends with the exit status; a server
	// that speaks tmux's protocol (package wire) sets it.
	ExitMessage func(msg string)
	// WaitExit, when set, is called as a control client with the
	// wait-exit flag goes: tmux's server sends the client its flags
	// (MSG_FLAGS), and its client then reads its input to an empty line
	// after %exit.
	WaitExit func()
	// Shell, when set, makes the call a client of tmux's -c, which asks
	// for the shell to run its command in (tmux's MSG_SHELL): once its
	// command line has run, Shell is handed the server's global
	// default-shell, or /bin/sh when that is no shell tmux would run.
	Shell func(shell string)
	// Terminal is the client's terminal, which attach-session and
	// new-session take over; nil for a client with none, which they
	// refuse ("open terminal failed: not a terminal").
	Terminal *Terminal
	// UID is the user the client runs as, as its socket's peer
	// credentials tell (cmd/faketmux's daemon sets it); nil means the
	// server's own user, as for every in-process caller. As in tmux, root
	// and the server's owner are let in, other users only as
	// server-access allows (read-only with -r), and the rest are told
	// "access not allowed" and run nothing.
	UID *int
	// serving is told once the line holds the server, or has ended before
	// it could (see Continue); nil for a line that was not held.
	serving func()
}

// ConfigFile is one configuration file as a client read it (see
// tmuxcli.ConfigFile). The server runs the files in order, with no client,
// so nothing of them is printed and the starting call's exit status is
// untouched. A failure (a file that could not be read or parsed, or a line
// of it that does not parse as commands, which keeps the whole file from
// running; or a failing command, which skips the rest of its line) puts the
// active pane of the first session in view mode (pane_in_mode), as tmux
// shows the errors there; that mode takes the keys send-keys types until a
// q, C-c or Escape.
type ConfigFile = tmuxcli.ConfigFile

// Server is one tmux socket. Before any server has run on it, a client that
// does not start one prints "error connecting to PATH (No such file or
// directory)"; after a server exited, tmux leaves the socket file behind and
// such a client prints "no server running on PATH". A command that starts a
// server (new-session, start-server, …) starts a fresh one with no buffers,
// as tmux does; Done then belongs to that new server. After Close, every
// call fails as if the server had gone for good.
type Server struct {
	opts Options

	mu     sync.Mutex
	st     *state // the running tmux server, nil when none runs
	socket bool   // a server has run, so its socket file exists
	closed bool
	done   chan struct{}
	faults []Fault
	// stopped holds the command lines that come while the server is
	// stopped (Stop), nil while it runs.
	stopped *stoppedQueue
	// isStopped is stopped != nil, read without the lock on every line.
	isStopped atomic.Bool
	// optsUTF8 is clientUTF8(opts.Env), worked out once: Run's clients all
	// have that environment, and scanning it is most of a cheap command's
	// cost.
	optsUTF8 bool
	// optsPane is readEnvPane(opts.Env), likewise.
	optsPane envPane
	// uid is the server's own user, the owner, asked of the kernel once:
	// a call that names none is its.
	uid int
}

// New returns a socket with no server running on it yet.
func New(opts Options) *Server {
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	if opts.Env == nil {
		opts.Env = os.Environ()
	}
	return &Server{opts: opts, done: make(chan struct{}), optsUTF8: clientUTF8(opts.Env), optsPane: readEnvPane(opts.Env), uid: os.Getuid()}
}

// Run runs one tmux command line, as `tmux ARGS...` would with the global
// flags removed, and returns tmux's exit status. Its shape is server.Tmux.
func (s *Server) Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return s.Exec(ctx, Call{Args: args, Stdin: stdin, Stdout: stdout, Stderr: stderr})
}

// Exec is Run with the client's working directory and environment.
func (s *Server) Exec(ctx context.Context, call Call) int {
	if call.Stdout == nil {
		call.Stdout = io.Discard
	}
	if call.Stderr == nil {
		call.Stderr = io.Discard
	}
	if s.isStopped.Load() { // not in every call: the closure costs an allocation
		if rc, held := s.hold(ctx, call, func(call Call) int { return s.exec(ctx, call) }); held {
			return rc
		}
	}
	return s.exec(ctx, call)
}

// exec is Exec for a server that is not stopped.
func (s *Server) exec(ctx context.Context, call Call) int {
	if f, ok := s.nextFault(); ok {
		if rc, done := s.applyFault(ctx, f, call.Stderr); done {
			return rc
		}
	}
	args := cStrings(call.Args)
	if len(args) == 0 {
		// What tmux's server runs for a client that sent no command.
		args = []string{"new-session"}
	}
	cmds, parseErr := parseCommands(args, defaultAliases())

	s.mu.Lock()
	defer s.mu.Unlock()
	if call.serving != nil {
		call.serving()
	}
	utf8, pane := s.optsUTF8, s.optsPane
	if call.Env == nil {
		call.Env = s.opts.Env
	} else {
		utf8, pane = clientUTF8(call.Env), envPane{}
	}
	uid := s.uid
	if call.UID != nil {
		uid = *call.UID
	}
	readOnly, allowed := s.access(uid)
	if !allowed {
		refuseAccess(call)
		return 0
	}
	if s.st == nil {
		if s.closed || call.NoStartServer || !startsServer(args, cmds, parseErr) {
			s.printConnectError(call.Stderr)
			return 1
		}
		s.start(ctx, call)
	}
	if al := s.st.aliases(); al != defaultAliases() {
		// The client parsed with the option's default, only to know
		// whether to start a server; the server parses with its own.
		cmds, parseErr = parseCommands(args, al)
	}
	c := &client{
		ctx: ctx, s: s, st: s.st,
		stdin: call.Stdin, stdout: call.Stdout, stderr: call.Stderr,
		dir: call.Dir, env: call.Env,
		utf8: call.UTF8 || utf8, envPane: pane, pid: call.PID, uid: uid, term: call.Terminal,
		features: call.Features,
	}
	if call.Control != 0 {
		c.stderr = c.stdout
		c.control = newControlClient(s, call, c.stdout, c.utf8, uid)
		c.control.flags.readOnly = readOnly
	}
	if refused := c.refuseLine(cmds, parseErr, readOnly); refused {
		if c.control != nil {
			// Its client exits, saying so as every control client does.
			c.exitLine(call.ExitMessage, "")
		}
		return 1
	}
	c.checkWindows()
	rc := c.runList(cmds)
	st := c.st
	if s.st != st {
		return rc // the server went while a command waited
	}
	st.number++ // the callback tmux queues after a client's command line
	st.runEvents()
	st.redrawTerminals()
	if call.Shell != nil {
		shell := st.sessionOptions.get("default-shell")
		if !tmuxcli.SuitableShell(shell) {
			shell = "/bin/sh"
		}
		call.Shell(shell)
	}
	st.releaseMemory()
	switch {
	case c.control != nil && c.control.tty != nil:
		if c.control.session != nil {
			c.serveTerminal()
		}
	case c.control != nil:
		if c.control.session != nil {
			if c.serveControl(call.ParseLine, call.ExitMessage, call.WaitExit) {
				rc = 1
			}
		} else {
			c.exitLine(call.ExitMessage, "")
		}
	}
	// tmux looks for sessions to destroy whenever it loses a client.
	if s.st == st {
		st.checkUnattached()
		st.runEvents()
	}
	s.exitIfDone()
	return rc
}

// refuseLine fails a command line that tmux's server does not run: one
// that does not parse, and one with a command that a read-only client may
// not run. It reports whether it did.
func (c *client) refuseLine(cmds []command, parseErr error, readOnly bool) bool {
	switch {
	case parseErr != nil:
		// tmux's server parses the line again and queues the error as
		// an item of its own.
		c.st.number++
		c.errorf("%s", parseErr)
	case readOnly && !allReadOnly(cmds):
		// In place of the line, tmux queues an item that fails, then
		// its usual callback after a client's command line. Only the
		// command line is checked: tmux 3.3a runs whatever a read-only
		// control client sends as input.
		c.st.number += 2
		c.errorf(errClientReadOnly)
	default:
		return false
	}
	return true
}

func (s *Server) printConnectError(w io.Writer) {
	if s.socket {
		fmt.Fprintf(w, errNoServer+"\n", s.opts.SocketPath)
	} else {
		fmt.Fprintf(w, errConnecting+"\n", s.opts.SocketPath)
	}
}

// StartsServer reports whether tmux's client would start a server for this
// command line (argv after the global flags) when none runs: for an empty
// argv, which tmux's server runs as new-session, and for a line that
// parses and has a command marked to start one (new-session, start-server,
// attach-session, list-keys, list-commands). Exec decides the same way.
func StartsServer(args []string) bool {
	args = cStrings(args)
	cmds, err := parseCommands(args, defaultAliases())
	return startsServer(args, cmds, err)
}

// startsServer is StartsServer on a line already parsed. The client parses
// only to look for that mark: a line that fails to parse connects without
// starting, and its error is never seen when no server runs.
func startsServer(argv []string, cmds []command, parseErr error) bool {
	if len(argv) == 0 {
		return true
	}
	if parseErr != nil {
		return false
	}
	for i := range cmds {
		if cmds[i].entry.startServer {
			return true
		}
	}
	return false
}

// readStdin takes the client's standard input, which tmux hands to one
// reader only, and gives all of it to use. The client sends it in its own
// time, which the command waits for.
func (c *client) readStdin(it *cmdItem, use func([]byte) error) error {
	c.stdinUsed = true
	var data []byte
	var err error
	return it.wait(func() { data, err = readAll(c.ctx, c.stdin) }, func() error {
		if err != nil {
			return errorf(errContextCancelled, err)
		}
		return use(data)
	})
}

// readAll reads a client's standard input, giving up when ctx is done
// (tmux's client would be killed then).
func readAll(ctx context.Context, r io.Reader) ([]byte, error) {
	if r == nil {
		return nil, nil
	}
	type result struct {
		b   []byte
		err error
	}
	ch := make(chan result, 1)
	go func() {
		b, err := readSized(r)
		ch <- result{b, err}
	}()
	select {
	case res := <-ch:
		return res.b, res.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// readSized reads r to its end, into a buffer of the right size at once
// when r tells how much it holds (a strings.Reader, a bytes.Buffer), as
// the MCP server's content does: a large load costs its size, not the
// doublings of a growing buffer.
func readSized(r io.Reader) ([]byte, error) {
	sized, ok := r.(interface{ Len() int })
	if !ok {
		return io.ReadAll(r)
	}
	b := make([]byte, sized.Len())
	n, err := io.ReadFull(r, b)
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return b[:n], nil
	case err != nil:
		return b[:n], err
	}
	rest, err := io.ReadAll(r)
	return append(b, rest...), err
}

// start begins a new server run on the socket for the client of call, with
// its configuration. s.mu is held.
func (s *Server) start(ctx context.Context, call Call) {
	s.socket = true
	s.st = newState(s, call.Env, call.Dir)
	s.st.procEnv, s.st.procDir = call.Env, call.Dir
	s.st.configNames = call.ConfigNames
	select {
	case <-s.done:
		s.done = make(chan struct{})
	default:
	}
	s.runConfig(ctx, call.Config)
	s.st.loadPromptHistory()
}

// runConfig runs the configuration as tmux runs its files: with no client,
// so their output and errors reach nobody. Every file is parsed before any
// command runs, and one that does not parse runs none of its lines. tmux
// keeps the errors for the first session by name once the files are done,
// or for the next session made. s.mu is held.
func (s *Server) runConfig(ctx context.Context, config []ConfigFile) {
	st := s.st
	c := st.noClient(ctx)
	c.inConfig = true
	var lines [][]command
	failed := false
	for _, f := range config {
		cmds, ok := c.parseConfigFile(f)
		failed = failed || !ok
		if ok && len(cmds) == 0 {
			// tmux queues an item for each command a file holds, and
			// for a file that holds none (an empty callback).
			st.number++
		}
		lines = append(lines, cmds...)
	}
	for _, cmds := range lines {
		if c.runList(cmds) != 0 {
			failed = true
		}
	}
	st.configFailed = failed
	if len(st.sessions) > 0 {
		st.showConfigErrors(st.sessions[0])
	}
}

// parseConfigFile parses each line of f into commands, or reports that f
// does not parse at all.
func (c *client) parseConfigFile(f ConfigFile) ([][]command, bool) {
	if f.Failed {
		return nil, false
	}
	argvs := f.Lines
	if f.Text != nil {
		lines, err := cmdparse.Parse(f.Text, c.parseOptions())
		if err != nil {
			return nil, false
		}
		argvs = nil
		for _, l := range lines {
			argvs = append(argvs, l.Argv)
		}
	}
	lines := make([][]command, 0, len(argvs))
	for _, argv := range argvs {
		cmds, err := parseCommands(argv, c.st.aliases())
		if err != nil {
			return nil, false
		}
		for i := range cmds {
			cmds[i].file = f.Path
		}
		lines = append(lines, cmds)
	}
	return lines, true
}

// exitIfDone ends the server when tmux would: after kill-server, or with
// exit-empty on when no session is left or exit-unattached is on. s.mu is held. It runs only once a
// whole command list has finished, because tmux waits for its connected
// clients before exiting: `kill-server \; list-buffers` still lists.
func (s *Server) exitIfDone() {
	st := s.st
	if st == nil {
		return
	}
	unattached := len(st.controls) == 0 && st.options.get("exit-unattached") == "on"
	if !st.killed && !(st.options.exitEmpty() && (len(st.sessions) == 0 || unattached)) {
		return
	}
	// tmux wakes the clients waiting on wait-for's channels, then waits
	// for its connected clients before exiting; a client whose command
	// waits checks the exit when its line is done.
	st.flushChannels()
	if st.waiting > 0 || st.pendingJobs > 0 {
		return
	}
	st.shutDown()
	st.savePromptHistory()
	s.stop()
}

// stop ends the running server and closes every pane. s.mu is held.
func (s *Server) stop() {
	if s.st == nil {
		return
	}
	s.st.closePipes()
	s.st.stopSilenceTimers()
	s.st.closePanes()
	s.st.killJobs()
	s.st = nil
	close(s.done)
}

// Done is closed when the running server exits: the last session ended with
// exit-empty on, kill-server, Crash, or Close. A later command that starts a
// new server gets a new channel.
func (s *Server) Done() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.done
}

// Close kills every pane's program and ends the server for good. It is
// idempotent.
func (s *Server) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	s.dropHeld()
	if s.st != nil {
		s.st.savePromptHistory()
	}
	s.stop()
	select {
	case <-s.done:
	default:
		close(s.done)
	}
	return nil
}

// cStrings is argv as tmux's client has it: C strings, each ending at its
// first NUL. A NUL left in a word would also pass for the mark of a { }
// block (cmdparse.Block), which no word of tmux's can hold.
func cStrings(argv []string) []string {
	if !slices.ContainsFunc(argv, func(w string) bool { return strings.Contains(w, "\x00") }) {
		return argv
	}
	words := make([]string, len(argv))
	for i, w := range argv {
		words[i], _, _ = strings.Cut(w, "\x00")
	}
	return words
}
