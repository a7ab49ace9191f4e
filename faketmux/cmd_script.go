package faketmux

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/cmdparse"
)

// The commands scripts use to wait, branch and pipe: wait-for, run-shell,
// if-shell, source-file and pipe-pane, as tmux's cmd-wait-for.c,
// cmd-run-shell.c, cmd-if-shell.c, cmd-source-file.c and cmd-pipe-pane.c
// have them.
var scriptCommands = []*cmdEntry{
	{name: "list-commands", alias: "lscm", template: "F:", lower: 0, upper: 1, usage: `[-F format] [command]`, startServer: true, exec: cmdListCommands},
	{name: "lock-server", alias: "lock", template: "", lower: 0, upper: 0, usage: ``, exec: cmdLock},
	{name: "lock-session", alias: "locks", template: "t:", lower: 0, upper: 0, usage: `[-t target-session]`, target: targetSpec{kind: findSession}, exec: cmdLock},
	{name: "clear-prompt-history", alias: "clearphist", template: "T:", lower: 0, upper: 0, usage: `[-T type]`, exec: cmdClearPromptHistory},
	{name: "show-prompt-history", alias: "showphist", template: "T:", lower: 0, upper: 0, usage: `[-T type]`, exec: cmdShowPromptHistory},
	{name: "if-shell", alias: "if", template: "bFt:", lower: 2, upper: 3, usage: `[-bF] [-t target-pane] shell-command command [command]`, target: targetSpec{kind: findPane, canFail: true}, exec: cmdIfShell,
		differs: "A `-b` whose commands do not parse crashes tmux 3.3a; the emulator drops them."},
	{name: "run-shell", alias: "run", template: "bd:Ct:", lower: 0, upper: 1, usage: `[-bC] [-d delay] [-t target-pane] [shell-command]`, target: targetSpec{kind: findPane, canFail: true}, exec: cmdRunShell,
		differs: "In the view mode it opens, its output's escape sequences are text, not styles. " +
			"A job's standard input is /dev/null; tmux gives it a socket nobody writes to."},
	{name: "source-file", alias: "source", template: "Fnqv", lower: 1, upper: -1, usage: `[-Fnqv] path ...`, exec: cmdSourceFile},
	{name: "pipe-pane", alias: "pipep", template: "IOot:", lower: 0, upper: 1, usage: `[-IOo] [-t target-pane] [shell-command]`, target: targetSpec{kind: findPane}, exec: cmdPipePane},
	{name: "wait-for", alias: "wait", template: "LSU", lower: 1, upper: 1, usage: `[-L|-S|-U] channel`, exec: cmdWaitFor},
}

// waitChannel is one of wait-for's channels. Its life follows tmux's
// rules, quirks included: a signal with nobody waiting leaves it woken,
// so that the next wait returns at once (and a second such signal
// forgets it); a lock passes to the first locker waiting.
type waitChannel struct {
	locked, woken    bool
	waiters, lockers []chan struct{}
}

// channel is the channel of that name, made on first use.
func (st *state) channel(name string) *waitChannel {
	if st.channels == nil {
		st.channels = map[string]*waitChannel{}
	}
	wc := st.channels[name]
	if wc == nil {
		wc = &waitChannel{}
		st.channels[name] = wc
	}
	return wc
}

// dropChannel forgets a channel with nothing left to remember, as tmux's
// cmd_wait_for_remove does: only a woken one, unlocked and with nobody
// waiting, goes.
func (st *state) dropChannel(name string) {
	if wc := st.channels[name]; wc != nil && !wc.locked && len(wc.waiters) == 0 && wc.woken {
		delete(st.channels, name)
	}
}

// flushChannels wakes every client waiting on a channel, as tmux does
// before it exits: their commands go on, and it exits once they are gone.
func (st *state) flushChannels() {
	for name, wc := range st.channels {
		for _, ch := range slices.Concat(wc.waiters, wc.lockers) {
			close(ch)
		}
		wc.waiters, wc.lockers = nil, nil
		wc.woken, wc.locked = true, false
		st.dropChannel(name)
	}
}

func cmdWaitFor(c *client, it *cmdItem) error {
	name := it.args.values[0]
	st := c.st
	switch {
	case it.args.has('S'):
		wc := st.channel(name)
		if len(wc.waiters) == 0 && !wc.woken {
			wc.woken = true
			return nil
		}
		for _, ch := range wc.waiters {
			close(ch)
		}
		wc.waiters = nil
		st.dropChannel(name)
		return nil
	case it.args.has('L'):
		if c.env == nil {
			return errorf(errNotAbleToLock)
		}
		wc := st.channel(name)
		if !wc.locked {
			wc.locked = true
			return nil
		}
		ch := make(chan struct{})
		wc.lockers = append(wc.lockers, ch)
		return c.waitOn(it, ch)
	case it.args.has('U'):
		wc := st.channels[name]
		if wc == nil || !wc.locked {
			return errorf(errChannelNotLocked, name)
		}
		if len(wc.lockers) > 0 {
			// The lock passes on: the channel stays locked.
			close(wc.lockers[0])
			wc.lockers = wc.lockers[1:]
			return nil
		}
		wc.locked = false
		st.dropChannel(name)
		return nil
	}
	if c.env == nil {
		return errorf(errNotAbleToWait)
	}
	wc := st.channel(name)
	if wc.woken {
		st.dropChannel(name)
		return nil
	}
	ch := make(chan struct{})
	wc.waiters = append(wc.waiters, ch)
	return c.waitOn(it, ch)
}

// waitOn makes the command wait until ch is closed, the server goes, or
// the client gives up (its context ends, as a tmux client is killed). A
// client that gave up keeps its place among the channel's waiters or
// lockers, as in tmux, which frees a waiting item only when the channel
// wakes it: the next signal wakes nobody else and is not kept for a later
// wait, and a lock handed to it is never released.
func (c *client) waitOn(it *cmdItem, ch chan struct{}) error {
	done := c.s.done
	return it.wait(func() {
		select {
		case <-ch:
		case <-done:
		case <-c.ctx.Done():
		}
	}, func() error {
		if err := c.ctx.Err(); err != nil {
			return errorf(errContextCancelled, err)
		}
		return nil
	})
}

// hasNoClient is a command run with no client: the configuration's, or
// what a background if-shell or run-shell runs once its job is done.
func (c *client) hasNoClient() bool { return c.env == nil }

// parseCommandString parses text as tmux's cmd_parse_from_string does, for
// the command arguments of if-shell and run-shell -C: $NAME from the
// global environment, the lines joined into one command list.
func (c *client) parseCommandString(text string) ([]command, error) {
	return c.parseCommandStringAt(text, origin{})
}

// parseCommandStringAt is parseCommandString for a command string of a
// command read at at, as tmux's args_make_commands parses it: the
// string's lines are counted on from at's line, and an error says where,
// as a file's does (none without a file).
func (c *client) parseCommandStringAt(text string, at origin) ([]command, error) {
	where := func(line int, err error) error {
		if at.file == "" {
			return err
		}
		return fmt.Errorf("%s:%d: %w", at.file, at.line+line-1, err)
	}
	lines, err := cmdparse.Parse([]byte(text), c.parseOptions())
	if pe := (*cmdparse.Error)(nil); errors.As(err, &pe) {
		return nil, where(pe.Line, err)
	} else if err != nil {
		return nil, err
	}
	var cmds []command
	for _, l := range lines {
		more, err := parseCommands(l.Argv, c.st.aliases())
		if err != nil {
			line := l.Number
			if be := (*blockError)(nil); errors.As(err, &be) {
				line = be.line
			}
			return nil, where(line, err)
		}
		if at.file != "" {
			setOrigin(more, at.file, at.line+l.Number-1)
		}
		cmds = append(cmds, more...)
	}
	return cmds, nil
}

// globalLookup is $NAME in a command the server parses: its global
// environment, as tmux's parser reads it.
func (st *state) globalLookup(name string) (string, bool) {
	v, ok := st.env.find(name)
	if !ok || v.removed {
		return "", false
	}
	return v.value, true
}

// job is a shell command the server runs for a command, as tmux's job_run
// runs one: `/bin/sh -c`, its standard output read back and its standard
// error thrown away.
type job struct {
	text string
	cmd  *exec.Cmd
	out  bytes.Buffer
	// fd is the server's end of the pipe the job's output comes on, which
	// show-messages -J shows; read is closed once its output has ended.
	fd   int
	read chan struct{}
}

// startJob starts shellCmd for a command with target session s (nil:
// none), in tmux's directory and environment for it. The server kills it
// if it exits first.
func (c *client) startJob(shellCmd string, s *session) (*job, error) {
	return c.startJobIn(shellCmd, s, c.jobDir(s), nil, nil)
}

// startJobIn is startJob in directory dir with stdin as the job's
// standard input (nil: /dev/null) and extra NAME=value variables.
func (c *client) startJobIn(shellCmd string, s *session, dir string, stdin io.Reader, extra []string) (*job, error) {
	j := &job{text: shellCmd, cmd: exec.Command("/bin/sh", "-c", shellCmd), read: make(chan struct{})}
	j.cmd.Stdin = stdin
	j.cmd.Dir = dir
	env := c.sessionEnviron(s, !c.inConfig)
	for _, kv := range extra {
		env.put(kv)
	}
	j.cmd.Env = env.pushed()
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	j.cmd.Stdout = w
	err = j.cmd.Start()
	w.Close()
	if err != nil {
		r.Close()
		return nil, err
	}
	j.fd = int(r.Fd())
	go func() {
		// As with tmux, the job is done once its output ends too, which
		// a program it left in the background may hold open.
		j.out.ReadFrom(r)
		r.Close()
		close(j.read)
	}()
	c.st.jobs = slices.Insert(c.st.jobs, 0, j)
	return j, nil
}

// cwds is tmux's server_client_get_cwd for a command with target session
// s (nil: none), in order of preference: the client's directory for a
// client attached to no session, else the session's, else the client's
// session's, else the home directory, else /.
func (c *client) cwds(s *session) []string {
	var dirs []string
	attached := c.control != nil && c.control.session != nil
	if c.dir != "" && !attached {
		dirs = append(dirs, c.dir)
	}
	if s != nil {
		dirs = append(dirs, s.cwd)
	}
	if attached {
		dirs = append(dirs, c.control.session.cwd)
	}
	if home, ok := c.st.globalLookup("HOME"); ok {
		dirs = append(dirs, home)
	}
	return append(dirs, "/")
}

// jobDir is where a job starts: the first of cwds it can enter, as tmux's
// job_run falls back.
func (c *client) jobDir(s *session) string { return firstDir(c.cwds(s)) }

// firstDir is the first of dirs that is a directory, else /.
func firstDir(dirs []string) string {
	for _, d := range dirs {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			return d
		}
	}
	return "/"
}

// wait waits for the job to end, without the server's lock.
func (j *job) wait() {
	j.cmd.Wait()
	<-j.read
}

// finish forgets a job that ended and returns how: its exit status, or
// the signal that killed it.
func (st *state) finishJob(j *job) (status, signal int) {
	st.jobs = slices.DeleteFunc(st.jobs, func(x *job) bool { return x == j })
	ws, _ := j.cmd.ProcessState.Sys().(syscall.WaitStatus)
	if ws.Signaled() {
		return -1, int(ws.Signal())
	}
	return ws.ExitStatus(), 0
}

// killJobs ends the jobs of a server that exits, as tmux's job_kill_all.
func (st *state) killJobs() {
	for _, j := range st.jobs {
		j.cmd.Process.Signal(syscall.SIGTERM)
	}
}

// runJob runs a job for a command: waiting, without the server's lock,
// when the command waits for it; else in the background, with done run
// by a client of none (tmux has the command's item gone by then).
func (c *client) runJob(it *cmdItem, j *job, background bool, done func(c *client, status, signal int) error) error {
	if !background {
		return it.wait(j.wait, func() error {
			status, signal := c.st.finishJob(j)
			return done(c, status, signal)
		})
	}
	c.s.later(c.st, j.wait, func(c *client) {
		status, signal := c.st.finishJob(j)
		done(c, status, signal)
	})
	return nil
}

// later runs block in the background, then f as asNoClient does.
func (s *Server) later(st *state, block func(), f func(c *client)) {
	go func() {
		block()
		s.asNoClient(st, f)
	}()
}

// asNoClient runs f with the server's lock as a client of none, as tmux
// runs what its event loop finds, unless the server went meanwhile.
func (s *Server) asNoClient(st *state, f func(c *client)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.st != st {
		return
	}
	f(st.noClient(context.Background()))
	s.exitIfDone()
}

// sleeper is block for a delay, cut short when the server goes or the
// client gives up.
func (c *client) sleeper(d time.Duration) func() {
	done := c.s.done
	return func() {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
		case <-done:
		case <-c.ctx.Done():
		}
	}
}

// parseDelay reads run-shell's -d as C's strtod does, in seconds.
func parseDelay(s string) (time.Duration, bool) {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	if s == "" {
		return 0, true
	}
	d, err := strconv.ParseFloat(s, 64)
	if err != nil || d != d {
		return 0, false
	}
	if d < 0 {
		d = 0
	}
	return time.Duration(d * float64(time.Second)), true
}

func cmdRunShell(c *client, it *cmdItem) error {
	a, t := it.args, it.target
	background := a.has('b')
	delayArg, hasDelay := a.get('d')
	if !hasDelay && len(a.values) == 0 {
		return nil
	}
	var delay time.Duration
	if hasDelay {
		var ok bool
		if delay, ok = parseDelay(delayArg); !ok {
			return errorf(errInvalidDelay, delayArg)
		}
	}
	// With -t the output goes to that pane, else to the client's.
	paneID := -1
	if _, given := a.get('t'); given && t.p != nil {
		paneID = t.p.id
	}
	var text string
	if len(a.values) > 0 && a.blocks[0] == nil {
		text = c.formatForTarget(t).expand(a.values[0])
	}
	s := t.s
	run := func(c *client) error {
		if a.has('C') {
			groups, err := c.commandGroups(a, 0, text, it.origin)
			if err != nil {
				c.commandError(err)
				return nil
			}
			c.runGroups(it, groups, background)
			return nil
		}
		if len(a.values) == 0 {
			return nil
		}
		j, err := c.startJob(text, s)
		if err != nil {
			return errorf(errFailedToRun, text)
		}
		return c.runJob(it, j, background, func(c *client, status, signal int) error {
			c.showJobOutput(paneID, !background, j.out.String(), text, status, signal)
			return nil
		})
	}
	switch {
	case background:
		c.s.later(c.st, c.sleeper(delay), func(c *client) { run(c) })
		return nil
	case hasDelay:
		return it.wait(c.sleeper(delay), func() error { return run(c) })
	}
	return run(c)
}

// commandError reports a command argument that does not parse, as tmux
// does once a job is done: on the waiting command's client, whose exit
// status it makes 1, without failing the command.
func (c *client) commandError(err error) {
	c.errorf("%s", err)
	c.retval = 1
}

// showJobOutput puts run-shell's output, and how its command ended when
// that was not well, in view mode on a pane, as tmux does: the -t pane
// (paneID), else for a command that waited the pane of its client's
// session, else the current pane; none when there is no pane. A waiting
// command's client that is attached to no session exits with the
// command's status, as tmux's does.
func (c *client) showJobOutput(paneID int, waited bool, out, text string, status, signal int) {
	shown := out != ""
	code := status
	switch {
	case signal != 0:
		shown, code = true, 128+signal
	case status != 0:
		shown = true
	}
	if waited && !c.hasNoClient() && (c.control == nil || c.control.session == nil) {
		c.retval = code
	}
	if !shown {
		return
	}
	p := c.st.panes[paneID]
	if p == nil && waited && c.control != nil && c.control.session != nil {
		p = c.control.session.current.active
	}
	if p == nil {
		if t, ok := c.st.current(); ok {
			p = t.p
		}
	}
	if p == nil {
		return
	}
	view := c.st.viewMode(p)
	if out != "" {
		for line := range strings.Lines(out) {
			view.add(strings.TrimSuffix(line, "\n"), true)
		}
	}
	switch {
	case signal != 0:
		view.add(fmt.Sprintf("'%s' terminated by signal %d", text, signal), true)
	case status != 0:
		view.add(fmt.Sprintf("'%s' returned %d", text, status), true)
	}
}

func cmdIfShell(c *client, it *cmdItem) error {
	a, t := it.args, it.target
	shellCmd := c.formatForTarget(t).expand(a.values[0])
	pick := func(ok bool) int {
		switch {
		case ok:
			return 1
		case len(a.values) == 3:
			return 2
		}
		return -1
	}
	if a.has('F') {
		i := pick(shellCmd != "" && shellCmd[0] != '0')
		if i < 0 {
			return nil
		}
		groups, err := c.commandGroups(a, i, a.values[i], it.origin)
		if err != nil {
			return err
		}
		c.runGroups(it, groups, false)
		return nil
	}
	background := a.has('b')
	j, err := c.startJob(shellCmd, t.s)
	if err != nil {
		return errorf(errFailedToRun, shellCmd)
	}
	if background {
		// tmux's server waits for an if-shell's job before it exits.
		c.st.pendingJobs++
	}
	return c.runJob(it, j, background, func(c *client, status, signal int) error {
		if background {
			c.st.pendingJobs--
		}
		i := pick(signal == 0 && status == 0)
		if i < 0 {
			return nil
		}
		groups, err := c.commandGroups(a, i, a.values[i], it.origin)
		switch {
		case err != nil && background:
			// tmux would show it on a client's status line.
		case err != nil:
			c.commandError(err)
		default:
			c.runGroups(it, groups, background)
		}
		return nil
	})
}

func cmdSourceFile(c *client, it *cmdItem) error {
	a := it.args
	var files []string
	failed := false
	for _, path := range a.values {
		if a.has('F') {
			t, _ := c.current()
			path = c.formatForTarget(t).expand(path)
		}
		if path == "-" {
			files = append(files, path)
			continue
		}
		pattern := path
		if !strings.HasPrefix(path, "/") {
			pattern = c.cwds(nil)[0] + "/" + path
		}
		matches := glob(pattern)
		if len(matches) == 0 {
			if !a.has('q') {
				c.errorf("%s: %s", path, Strerror(syscall.ENOENT))
				c.retval, failed = 1, true
			}
			continue
		}
		files = append(files, matches...)
	}
	// tmux's cmd_source_file_complete: once the configuration is done, a
	// callback after the files' commands prints the errors of files that
	// did not parse.
	complete := func(causes []string) {
		if !c.inConfig {
			it.callAfter(func() {
				for _, cause := range causes {
					c.print(cause)
				}
			})
		}
	}
	if len(files) == 0 {
		complete(nil)
		if failed {
			return errQuiet
		}
		return nil
	}
	// tmux reads the files through the client, one after the other; the
	// commands they hold run after source-file, each line a group, and
	// the errors of files that do not parse are printed after them.
	data := make([][]byte, len(files))
	errs := make([]error, len(files))
	return it.wait(func() {
		for i, f := range files {
			data[i], errs[i] = c.readSource(f)
		}
	}, func() error {
		var causes []string
		for i, f := range files {
			if errs[i] != nil {
				c.errorf("%s: %s", f, Strerror(errs[i]))
				c.retval = 1
				continue
			}
			lines, cause := c.parseSource(f, data[i], a.has('v'), a.has('n'))
			if cause != "" {
				causes = append(causes, cause)
				continue
			}
			if a.has('n') {
				continue
			}
			for _, cmds := range lines {
				it.insertAfter(cmds)
			}
		}
		if len(causes) > 0 && (c.control == nil || c.control.session == nil) {
			c.retval = 1
		}
		complete(causes)
		return nil
	})
}

// glob is glob(3) with no flags: a '*' or '?' does not match a leading
// '.', where Go's filepath.Glob lets it, and a pattern Go finds malformed
// (an unclosed '[') names itself.
func glob(pattern string) []string {
	matches, err := filepath.Glob(pattern)
	if err != nil {
		if _, err := os.Lstat(pattern); err != nil {
			return nil
		}
		return []string{pattern}
	}
	patternParts := strings.Split(pattern, "/")
	return slices.DeleteFunc(matches, func(m string) bool {
		for i, part := range strings.Split(m, "/") {
			if i < len(patternParts) && strings.HasPrefix(part, ".") && !strings.HasPrefix(patternParts[i], ".") {
				return true
			}
		}
		return false
	})
}

// readSource reads a file for source-file as tmux's client reads it: "-"
// is the client's standard input, and a directory reads as empty.
func (c *client) readSource(path string) ([]byte, error) {
	if path == "-" {
		if c.stdinUsed {
			return nil, nil
		}
		c.stdinUsed = true
		return readAll(c.ctx, c.stdin)
	}
	b, err := os.ReadFile(path)
	var pe *os.PathError
	if errors.As(err, &pe) && errors.Is(pe.Err, syscall.EISDIR) {
		return nil, nil
	}
	return b, err
}

// parseSource parses a file's text into its command lines, or gives the
// message that says where it does not parse ("path:line: error"); with
// verbose, each line is printed as parsed, as tmux's CMD_PARSE_VERBOSE
// prints it. Only parsing (source-file -n, CMD_PARSE_PARSEONLY) makes no
// assignment.
func (c *client) parseSource(path string, text []byte, verbose, parseOnly bool) ([][]command, string) {
	o := c.parseOptions()
	if parseOnly {
		o.Assign = nil
	}
	lines, err := cmdparse.Parse(text, o)
	if err != nil {
		var se *cmdparse.Error
		errors.As(err, &se)
		return nil, fmt.Sprintf("%s:%d: %s", path, se.Line, err)
	}
	var out [][]command
	for _, l := range lines {
		cmds, err := parseCommands(l.Argv, c.st.aliases())
		if err != nil {
			line := l.Number
			if be := (*blockError)(nil); errors.As(err, &be) {
				line = be.line
			}
			return nil, fmt.Sprintf("%s:%d: %s", path, line, err)
		}
		for i := range cmds {
			cmds[i].file = path
		}
		setOrigin(cmds, path, l.Number)
		if verbose {
			c.printVerbose(path, l.Number, cmds)
		}
		out = append(out, cmds)
	}
	return out, ""
}

// printCommands is a command list as tmux's cmd_list_print writes it: each
// command's name, then its flags without values in one word, then those
// with values, each sorted by letter, then its arguments, escaped as
// args_escape does; sep between commands (list-keys escapes the ';').
func printCommands(cmds []command, sep string) string {
	parts := make([]string, len(cmds))
	for i := range cmds {
		parts[i] = printCommand(&cmds[i])
	}
	return strings.Join(parts, sep)
}

func printCommand(cmd *command) string { return printArgs(cmd.entry, &cmd.args) }

// printArgs prints a command as tmux's cmd_print does: its name, its flags
// in order (those without a value together), then its values, escaped.
func printArgs(entry *cmdEntry, a *args) string {
	byLetter := func(x, y flag) int { return int(x.letter) - int(y.letter) }
	flags := a.flags
	if !slices.IsSortedFunc(flags, byLetter) {
		flags = slices.Clone(flags)
		slices.SortStableFunc(flags, byLetter)
	}
	var b strings.Builder
	b.WriteString(entry.name)
	bare := false
	for _, f := range flags {
		if !f.hasValue {
			if !bare {
				b.WriteString(" -")
				bare = true
			}
			b.WriteByte(f.letter)
		}
	}
	for _, f := range flags {
		if f.hasValue {
			b.WriteString(" -")
			b.WriteByte(f.letter)
			b.WriteByte(' ')
			b.WriteString(argsEscape(f.value))
		}
	}
	for i, v := range a.values {
		b.WriteByte(' ')
		if blk := a.blocks[i]; blk != nil {
			b.WriteString("{ " + blk.value() + " }")
		} else {
			b.WriteString(argsEscape(v))
		}
	}
	return b.String()
}

// listCommandsTemplate is list-commands' default format.
const listCommandsTemplate = "#{command_list_name}#{?command_list_alias, (#{command_list_alias}),} #{command_list_usage}"

// cmdListCommands lists tmux's table, or the one command whose name or
// alias is given exactly (no prefix: another word lists nothing).
func cmdListCommands(c *client, it *cmdItem) error {
	a := it.args
	template, ok := a.get('F')
	if !ok {
		template = listCommandsTemplate
	}
	for _, e := range cmdTable() {
		if len(a.values) > 0 && a.values[0] != e.name && a.values[0] != e.alias {
			continue
		}
		// tmux gives the format no target.
		f := c.formatter().withoutClient()
		f.entry = e
		c.print(f.expand(template))
	}
	return nil
}

func commandListVariable(e *cmdEntry, key string) (string, time.Time, bool) {
	switch key {
	case "command_list_name":
		return e.name, time.Time{}, true
	case "command_list_alias":
		return e.alias, time.Time{}, true
	case "command_list_usage":
		return e.usage, time.Time{}, true
	}
	return "", time.Time{}, false
}

// cmdLock is lock-server and lock-session: tmux locks the terminal
// clients attached (to the session), and there are none; control clients
// are never locked.
func cmdLock(c *client, it *cmdItem) error {
	for _, cc := range c.st.controls {
		if it.entry.name == "lock-server" || cc.session == it.target.s {
			c.lockClient(cc)
		}
	}
	return nil
}

// promptTypes are tmux's prompt history types, in its order.
var promptTypes = []string{"command", "search", "target", "window-target"}

// promptHistoryTypes are the types -T names: one, or all of them.
func promptHistoryTypes(a *args) ([]string, error) {
	name, ok := a.get('T')
	switch {
	case !ok:
		return promptTypes, nil
	case slices.Contains(promptTypes, name):
		return []string{name}, nil
	}
	return nil, errorf(errInvalidPromptType, name)
}

// show-prompt-history lists what was entered at the terminal clients'
// prompts, each type under its header.
func cmdShowPromptHistory(c *client, it *cmdItem) error {
	types, err := promptHistoryTypes(it.args)
	for _, name := range types {
		// tmux's header has a newline of its own.
		c.print("History for " + name + ":\n")
		for i, line := range c.st.promptHistory[name] {
			c.print(strconv.Itoa(i+1) + ": " + line)
		}
		c.print("")
	}
	return err
}

func cmdClearPromptHistory(c *client, it *cmdItem) error {
	types, err := promptHistoryTypes(it.args)
	for _, name := range types {
		delete(c.st.promptHistory, name)
	}
	return err
}

func cmdPipePane(c *client, it *cmdItem) error {
	a, t := it.args, it.target
	p := t.p
	if p.dead != nil {
		return errorf(errPaneExited)
	}
	had := c.st.pipeOf(p) != nil
	c.st.closePipe(p)
	if len(a.values) == 0 || a.values[0] == "" || (a.has('o') && had) {
		return nil
	}
	// Neither -I nor -O means -O.
	in, out := a.has('I'), a.has('O') || !a.has('I')
	text := a.values[0]
	text = c.formatForTarget(t).expand(strftime(text, c.s.now()))
	if err := c.openPipe(p, text, in, out); err != nil {
		return errorf(errFork, err)
	}
	return nil
}
