package faketmux

import (
	"io"
	"math"
	"slices"
	"strings"
	"syscall"
)

// clientCommands are the commands about clients, as tmux's cmd-*.c declare
// them. The only clients the emulator has are control-mode ones (see
// control.go); a client with no terminal gets tmux's answers for one.
var clientCommands = []*cmdEntry{
	{name: "attach-session", alias: "attach", template: "c:dEf:rt:x", lower: 0, upper: 0, usage: `[-dErx] [-c working-directory] [-f flags] [-t target-session]`, readOnly: true, startServer: true, target: targetSpec{kind: findSession, canFail: true}, exec: cmdAttachSession},
	{name: "detach-client", alias: "detach", template: "aE:s:t:P", lower: 0, upper: 0, usage: `[-aP] [-E shell-command] [-s target-session] [-t target-client]`, readOnly: true, source: targetSpec{kind: findSession, canFail: true}, client: 't', exec: cmdDetachClient,
		differs: "`-E` and `-P` are not modelled: the client detaches as without them."},
	{name: "refresh-client", alias: "refresh", template: "A:B:cC:Df:F:l::LRSt:U", lower: 0, upper: 1, usage: `[-cDlLRSU] [-A pane:state] [-B name:what:format] [-C XxY] [-f flags] [-t target-client] [adjustment]`, client: 't', exec: cmdRefreshClient,
		differs: "A client far behind without pause-after is not told `too far behind`."},
	{name: "switch-client", alias: "switchc", template: "lc:EFnpt:rT:Z", lower: 0, upper: 0, usage: `[-ElnprZ] [-c target-client] [-t target-session] [-T key-table]`, readOnly: true, client: 'c', exec: cmdSwitchClient,
		differs: "The session does not take update-environment's variables from the client, " +
			"as tmux's does without `-E`. tmux counts a switch's pane focus changes in its " +
			"queue's item numbers in a way the emulator does not follow, so later guards' " +
			"numbers may differ."},
	{name: "suspend-client", alias: "suspendc", template: "t:", lower: 0, upper: 0, usage: `[-t target-client]`, client: 't', exec: cmdSuspendClient},
	{name: "lock-client", alias: "lockc", template: "t:", lower: 0, upper: 0, usage: `[-t target-client]`, client: 't', exec: cmdLockClient},
	{name: "confirm-before", alias: "confirm", template: "bp:t:", lower: 1, upper: 1, usage: `[-b] [-p prompt] [-t target-client] command`, client: 't', exec: cmdHoldUnlessB},
	{name: "command-prompt", alias: "", template: "1bFkiI:Np:t:T:", lower: 0, upper: 1, usage: `[-1bFkiN] [-I inputs] [-p prompts] [-t target-client] [-T type] [template]`, client: 't', exec: cmdHoldUnlessB,
		differs: "With `-i` the first run of the template (with `=`) comes right after the command, " +
			"where tmux queues it after the rest of the client's queue."},
	{name: "display-menu", alias: "menu", template: "c:t:OT:x:y:", lower: 1, upper: -1, usage: `[-O] [-c target-client] [-t target-pane] [-T title] [-x position] [-y position] name key command ...`, client: 'c', target: targetSpec{kind: findPane}, exec: cmdDisplayMenu,
		differs: "On a terminal client the command does not wait for the menu to close, and an " +
			"item's command runs with the client's current pane, not `-t`'s. A client with no " +
			"terminal holds its queue, as a menu nobody answers."},
	{name: "display-popup", alias: "popup", template: "Bb:Cc:d:e:Eh:s:S:t:T:w:x:y:", lower: 0, upper: -1, usage: `[-BCE] [-b border-lines] [-c target-client] [-d start-directory] [-e environment] [-h height] [-s style] [-S border-style] [-t target-pane][-T title] [-w width] [-x position] [-y position] [shell-command]`, client: 'c', target: targetSpec{kind: findPane}, exec: cmdDisplayPopup,
		differs: "On a terminal client a key goes to the popup's program as the bytes typed, not " +
			"encoded again for the program's terminal modes."},
	{name: "display-panes", alias: "displayp", template: "bd:Nt:", lower: 0, upper: 1, usage: `[-bN] [-d duration] [-t target-client] [template]`, client: 't', exec: cmdHoldUnlessB,
		differs: "On a terminal client the command does not wait for the overlay to close, as " +
			"with `-b`, and a zoomed window stays zoomed when a key picks a pane."},
}

const listClientsTemplate = "#{client_name}: #{session_name} [#{client_width}x#{client_height} #{client_termname}] " +
	"#{?#{!=:#{client_uid},#{uid}},[user #{?client_user,#{client_user},#{client_uid}}] ,}" +
	"#{?client_flags,(,}#{client_flags}#{?client_flags,),}"

// attach-session attaches a control client; a client with no terminal
// cannot attach at all, as tmux's client finds before it asks.
func cmdAttachSession(c *client, it *cmdItem) error {
	a := it.args
	if len(c.st.sessions) == 0 {
		return errorf(errNoSessions)
	}
	var s *session
	if v, ok := a.get('t'); ok {
		// A target with a window or pane in it is a pane's, as tmux finds
		// it; that window and pane are selected before the client's
		// terminal is opened, so also when it has none.
		kind := findSession
		if strings.ContainsAny(v, ":.") {
			kind = findPane
		}
		t, err := c.findTarget(v, true, kind)
		if err != nil {
			return err
		}
		s = t.s
		if kind == findPane && t.w != nil {
			if t.p != nil {
				c.st.setActive(t.w, t.p)
			}
			c.st.selectPlace(s, t.w)
		}
	} else {
		s = c.preferUnattached()
	}
	if err := c.terminalClient(); err != nil {
		return err
	}
	if v, ok := a.get('c'); ok {
		s.cwd = c.formatIn(s.current, s.current.active).expand(v)
	}
	if v, ok := a.get('f'); ok {
		c.control.setFlags(v)
	}
	if a.has('r') {
		c.control.setFlags("read-only")
	}
	c.detachOthers(s, a.has('d'), a.has('x'))
	if !a.has('E') {
		c.updateEnvironment(s)
	}
	c.attach(s, 1)
	c.ready()
	return nil
}

// detachOthers is attach-session's -d and -x (new-session -A's -D and
// -X): every other client of s detaches, with -x as detach-client -P
// has it, its terminal's parent sent SIGHUP.
func (c *client) detachOthers(s *session, detach, kill bool) {
	if !detach && !kill {
		return
	}
	for _, other := range c.st.controls {
		if other == c.control || other.session != s {
			continue
		}
		c.leave(other)
		if other.tty != nil {
			other.tty.detachKill = kill
		}
	}
}

// ready tells a terminal client it is attached, as tmux sends MSG_READY.
func (c *client) ready() {
	if cc := c.control; cc != nil && cc.tty != nil && cc.tty.t.Ready != nil {
		cc.tty.t.Ready()
		cc.tty.t.Ready = nil
	}
}

// updateEnvironment is tmux's environ_update for a client attaching to an
// existing session (attach-session, new-session -A): the session's
// update-environment takes the client's variables.
func (c *client) updateEnvironment(s *session) {
	s.env.update(c.env, s.options.getArray("update-environment"))
}

// preferUnattached is the session attach-session picks without -t: the
// most recently used one no client is attached to, else the current one.
func (c *client) preferUnattached() *session {
	var best *session
	for _, s := range c.st.sessions {
		if c.st.attachedTo(s) == 0 && (best == nil || s.seq > best.seq) {
			best = s
		}
	}
	if best == nil {
		t, _ := c.current()
		best = t.s
	}
	return best
}

// targetClient is the client the flag letter names, or the command's own
// client, as tmux's CMD_CLIENT_CFLAG and CMD_CLIENT_TFLAG find it.
func (c *client) targetClient(a *args, letter byte) (*controlClient, error) {
	name, given := a.get(letter)
	if !given {
		if cc := c.currentClient(); cc != nil {
			return cc, nil
		}
		return nil, errorf(errNoCurrentClient)
	}
	for _, cc := range c.st.controls {
		if cc.name == name {
			return cc, nil
		}
	}
	return nil, errorf(errCantFindClient, name)
}

// currentClient is tmux's current client (cmd_find_current_client): the
// command's own if it is attached, else the best client of the current
// session; nil if there is none.
func (c *client) currentClient() *controlClient {
	if cc := c.control; cc != nil && cc.session != nil {
		return cc
	}
	if len(c.st.controls) == 0 {
		return nil
	}
	cur, ok := c.st.current()
	if !ok {
		return nil
	}
	return c.st.bestClient(cur.s)
}

// bestClient is tmux's cmd_find_best_client: the best client attached to
// s, or to any session if none is attached to s; nil if there is none.
// tmux's best is the one used last, which the emulator takes to be the
// one attached last.
func (st *state) bestClient(s *session) *controlClient {
	var best, any *controlClient
	for _, cc := range st.controls {
		switch {
		case cc.session == s:
			best = cc
		case cc.session != nil:
			any = cc
		}
	}
	if best == nil {
		best = any
	}
	return best
}

// refresh-client: for a control client, -f (and its alias -F) sets its
// flags, -A its panes' output states, -B its subscriptions (see
// control_subs.go), -C its size, which sizes the windows of its session
// (control_size.go).
func cmdRefreshClient(c *client, it *cmdItem) error {
	a, cc := it.args, it.client
	if slices.ContainsFunc([]byte("cLRUD"), a.has) {
		return cc.panBy(a)
	}
	if a.has('l') {
		pane, _ := a.get('l')
		return c.queryClipboard(cc, pane)
	}
	for _, f := range []byte("Ff") {
		if v, ok := a.get(f); ok {
			cc.setFlags(v)
		}
	}
	if a.has('A') {
		for _, v := range allValues(a, 'A') {
			cc.setPaneFlow(c.st, v)
		}
		return nil
	}
	if a.has('B') {
		for _, v := range allValues(a, 'B') {
			cc.subscribe(v)
		}
		return nil
	}
	if v, ok := a.get('C'); ok {
		changed, err := cc.setSize(v)
		if err != nil {
			return err
		}
		if changed {
			c.st.recalculateSizes(true)
		}
	}
	return nil
}

// clientPan is tmux's pan_window, pan_ox and pan_oy: see controlClient.
type clientPan struct {
	window *windowCore
	ox, oy int
}

// panBy is refresh-client -c (follow the cursor again), and -L -R -U -D,
// which move the client's view of a window larger than it by the
// adjustment (1 by default) from where it is, as tmux's
// cmd_refresh_client_exec does.
func (cc *controlClient) panBy(a *args) error {
	adjust := 1
	if len(a.values) > 0 {
		n, err := strtonum(a.values[0], 1, math.MaxInt32)
		if err != nil {
			return errorf(errAdjustment, err)
		}
		adjust = n
	}
	if a.has('c') {
		cc.pan.window = nil
		cc.poke()
		return nil
	}
	w := cc.session.current
	if cc.pan.window != w.windowCore {
		cc.pan = clientPan{w.windowCore, cc.offset.ox, cc.offset.oy}
	}
	switch view := cc.offset; {
	case a.has('L'):
		cc.pan.ox = max(cc.pan.ox-adjust, 0)
	case a.has('R'):
		cc.pan.ox = min(cc.pan.ox+adjust, max(w.width-view.sx, 0))
	case a.has('U'):
		cc.pan.oy = max(cc.pan.oy-adjust, 0)
	case a.has('D'):
		cc.pan.oy = min(cc.pan.oy+adjust, max(w.height-view.sy, 0))
	}
	cc.poke()
	return nil
}

// setSize reads refresh-client -C as tmux's sscanf calls do and sets the
// client's size: WIDTH,HEIGHT or WIDTHxHEIGHT, or @WINDOW:WIDTHxHEIGHT for
// one window (@WINDOW: and anything else after it forgets that one, which
// tmux keeps as a size of none), each size from 1 to 10000. It reports
// whether the windows are to be sized again: not when a window with no
// size of this client's is forgotten.
func (cc *controlClient) setSize(v string) (changed bool, err error) {
	if rest, ok := strings.CutPrefix(v, "@"); ok {
		if id, n := scanUint(rest); n > 0 && n < len(rest) && rest[n] == ':' {
			x, y, ok := scanSize(rest[n+1:], 'x')
			if !ok {
				if _, had := cc.size.windows[id]; !had {
					return false, nil
				}
				cc.size.windows[id] = size{}
				return true, nil
			}
			if x < 1 || x > 10000 || y < 1 || y > 10000 {
				return false, errorf(errSizeRange)
			}
			if cc.size.windows == nil {
				cc.size.windows = map[int]size{}
			}
			cc.size.windows[id] = size{x, y}
			return true, nil
		}
	}
	x, y, ok := scanSize(v, ',')
	if !ok {
		x, y, ok = scanSize(v, 'x')
	}
	switch {
	case !ok:
		return false, errorf(errBadSize)
	case x < 1 || x > 10000 || y < 1 || y > 10000:
		return false, errorf(errSizeRange)
	}
	cc.size.sx, cc.size.sy, cc.size.sized = x, y, true
	return true, nil
}

// scanSize reads "%u<sep>%u" as sscanf does: what follows is ignored.
func scanSize(s string, sep byte) (x, y int, ok bool) {
	x, n := scanUint(s)
	if n == 0 || n >= len(s) || s[n] != sep {
		return 0, 0, false
	}
	y, m := scanUint(s[n+1:])
	return x, y, m > 0
}

// scanUint reads the number a %u conversion takes (blanks, then digits)
// and how many bytes it used; none when there are no digits.
func scanUint(s string) (int, int) {
	i := len(s) - len(strings.TrimLeft(s, " \t\n\v\f\r"))
	start, n := i, 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		n = min(n*10+int(s[i]-'0'), 1<<31)
	}
	if i == start {
		return 0, 0
	}
	return n, i
}

// detach-client: the client leaves once its current batch of input is
// done, as tmux's CLIENT_EXIT does; -s detaches every client of a
// session, -a every client but this one. Like tmux, it needs a client
// first, whatever the flags.
func cmdDetachClient(c *client, it *cmdItem) error {
	a, cc := it.args, it.client
	for _, other := range c.st.controls {
		switch {
		case a.has('s'):
			// tmux finds -s leniently: a session not found detaches
			// nobody.
			if it.source.s != nil && other.session == it.source.s {
				c.leave(other)
			}
		case a.has('a'):
			if other != cc {
				c.leave(other)
			}
		case other == cc:
			c.leave(other)
		}
		if other.exit && other.tty != nil {
			other.tty.detachKill = a.has('P')
			other.tty.detachExec, _ = a.get('E')
		}
	}
	return nil
}

// switch-client moves the client to another session (-t, -n, -p, -l),
// window or pane, or sets its key table (-T). As in tmux, -t is found
// here, as a session unless it names a window or pane.
func cmdSwitchClient(c *client, it *cmdItem) error {
	a, cc := it.args, it.client
	v, given := a.get('t')
	kind := findSession
	if strings.ContainsAny(v, ":.%") {
		kind = findPane
	}
	t, err := c.findTarget(v, given, kind)
	if err != nil {
		return err
	}
	if a.has('r') {
		cc.flags.readOnly = !cc.flags.readOnly
		cc.flags.ignoreSize = cc.flags.readOnly
	}
	if name, ok := a.get('T'); ok {
		if c.st.keyTable(name, false) == nil {
			return errorf(errNoTable, name)
		}
		cc.keyTable = name
		return nil
	}
	s := t.s
	switch {
	case a.has('n'):
		if s = c.st.sessionAfter(cc.session, 1); s == nil {
			return errorf(errNoNextSession)
		}
	case a.has('p'):
		if s = c.st.sessionAfter(cc.session, -1); s == nil {
			return errorf(errNoPreviousSession)
		}
	case a.has('l'):
		if s = cc.lastSession; s == nil || !slices.Contains(c.st.sessions, s) {
			return errorf(errNoLastSession)
		}
	default:
		if kind == findPane && t.p != t.w.active {
			c.st.setActive(t.w, t.p)
		}
		if kind == findPane {
			c.st.selectPlace(s, t.w)
		}
	}
	cc.keyTable = ""
	c.attachClient(cc, s, 0)
	return nil
}

// sessionAfter is the session after s in name order (dir 1) or before it
// (-1), going round; nil when s is the only one.
func (st *state) sessionAfter(s *session, dir int) *session {
	i := slices.Index(st.sessions, s)
	n := len(st.sessions)
	if i < 0 || n < 2 {
		return nil
	}
	return st.sessions[((i+dir)%n+n)%n]
}

// lock-client does nothing to a control client, which has no terminal to
// lock.
func cmdLockClient(c *client, it *cmdItem) error {
	c.lockClient(it.client)
	return nil
}

// lockClient locks a terminal client as tmux's server_lock_client does:
// with a lock-command, the client runs it on its terminal and comes back
// when it exits. A control client has no terminal to lock.
func (c *client) lockClient(cc *controlClient) {
	t := cc.tty
	if t == nil || cc.session == nil || cc.suspended || t.t.Lock == nil {
		return
	}
	command := cc.session.options.get("lock-command")
	if command == "" {
		return
	}
	cc.suspended = true
	t.stopNow = func() {
		io.WriteString(t.t.TTY, "\x1b[H\x1b[2J")
		t.t.Lock(command)
	}
	cc.poke()
}

func cmdSuspendClient(c *client, it *cmdItem) error {
	c.suspendClient(it.client)
	return nil
}

// suspendClient marks a client suspended, as tmux's server_client_suspend
// does, and stops a terminal client once its command is done; a control
// client has no terminal to stop.
func (c *client) suspendClient(cc *controlClient) {
	if t := cc.tty; t != nil && cc.session != nil && !cc.suspended && t.t.Suspend != nil {
		t.stopNow = t.t.Suspend
		cc.poke()
	}
	cc.suspended = true
}

// display-menu waits for the user to close what it shows; a control
// client can never do that, so its queue is held.
func cmdHoldClient(c *client, it *cmdItem) error {
	it.client.held = true
	return nil
}

// popup is a display-popup open on a control client. Its command runs
// as a job whose output nobody sees; the popup closes when the job exits
// with -E (with -EE only when it succeeds), on display-popup -C, or when
// the client goes.
type popup struct {
	closed                      chan struct{}
	closeOnExit, closeOnSuccess bool
	job                         *job       // nil for a shell nobody types into
	term                        *popupTerm // drawn on a terminal client, nil for none
	status                      int        // the job's exit status, or signal, once it exited
	final                       int        // status as the popup closed, for its waiter
	// resume, when set, runs what the terminal client's own queue left
	// to wait for the popup, once it closes.
	resume func()
}

// closePopup closes the client's popup and, as tmux's job_free does, ends
// a job still running in it with SIGTERM.
func (cc *controlClient) closePopup() {
	if pop := cc.popup; pop != nil {
		if pop.job != nil {
			pop.job.cmd.Process.Signal(syscall.SIGTERM) // an error: it ended already
		}
		if pop.term != nil {
			pop.term.prog.Close()
			// A menu open with a popup is the popup's own.
			cc.tty.menu = nil
			cc.poke()
		}
		pop.final = pop.status
		close(pop.closed)
		cc.popup = nil
		if pop.resume != nil {
			pop.resume()
		}
	}
}

// display-popup runs its command as tmux's popup_display does: while a
// popup is open on the client another does nothing, and the command that
// opened it waits until it closes; a client attached to no session then
// exits with the job's status. Typed into the control client itself, a
// popup that only a user could close holds that client's queue. With no
// command the popup runs a shell, which waits for a user that never types.
func cmdDisplayPopup(c *client, it *cmdItem) error {
	a, tc, t := it.args, it.client, it.target
	if a.has('C') {
		tc.closePopup()
		return nil
	}
	if tc.popup != nil || tc.tty != nil && (tc.tty.menu != nil || tc.tty.panes != nil) {
		return nil // another overlay is open
	}
	closes := 0
	for _, f := range a.flags {
		if f.letter == 'E' {
			closes++
		}
	}
	pop := &popup{closed: make(chan struct{}), closeOnExit: closes == 1, closeOnSuccess: closes >= 2,
		status: 128 + int(syscall.SIGHUP)} // tmux's, until the job exits
	if tc.tty != nil && tc.session != nil {
		ok, err := c.terminalPopup(it, tc, pop)
		if !ok || err != nil {
			return err
		}
		tc.popup = pop
		if c.control == tc {
			// The client cannot wait for itself here: the rest of its
			// queue waits, and runs once the popup closes.
			tc.tty.queued = []inserted{}
			pop.resume = func() {
				rest := tc.tty.queued
				tc.tty.queued = nil
				c.runInserted(rest)
			}
			return nil
		}
		return c.waitPopup(it, pop)
	}
	tc.popup = pop
	if text := popupCommand(a.values); text != "" {
		dir := c.jobDir(t.s)
		if v, ok := a.get('d'); ok {
			dir = c.formatForTarget(t).expand(v)
		}
		j, err := c.startJobIn(text, t.s, dir, nil, allValues(a, 'e'))
		if err != nil {
			tc.closePopup() // tmux's popup_display fails, and the command says nothing
			return nil
		}
		pop.job = j
		c.s.later(c.st, j.wait, func(c *client) {
			status, signal := c.st.finishJob(j)
			pop.status = status
			if signal != 0 {
				pop.status = signal // as popup_job_complete_cb has it
			}
			if tc.popup == pop && (pop.closeOnExit || pop.closeOnSuccess && pop.status == 0) {
				tc.closePopup()
			}
		})
	}
	if c.control == tc && !pop.closeOnExit && !pop.closeOnSuccess {
		tc.held = true
		return nil
	}
	return c.waitPopup(it, pop)
}

// waitPopup has the command that opened pop wait for it to close.
func (c *client) waitPopup(it *cmdItem, pop *popup) error {
	done := c.s.done
	return it.wait(func() {
		select {
		case <-pop.closed:
		case <-done:
		case <-c.ctx.Done():
		}
	}, func() error {
		if c.control == nil {
			c.retval = pop.final
		}
		return nil
	})
}

// popupCommand is the shell command of display-popup's arguments: one
// is the command, several an argv; none (or an empty one) is the shell.
func popupCommand(values []string) string {
	if len(values) == 1 {
		return values[0]
	}
	return stringifyArgv(values)
}

// command-prompt, confirm-before and display-panes wait for an answer
// unless -b, which a control client never gives.
func cmdHoldUnlessB(c *client, it *cmdItem) error {
	if cc := it.client; cc.tty != nil && cc.session != nil && it.entry.name == "display-panes" {
		if cc.tty.panes == nil && cc.tty.menu == nil && cc.popup == nil {
			c.displayPanes(it) // as tmux, not over another overlay
		}
		return nil
	}
	if name, ok := it.args.get('T'); ok && !slices.Contains(promptTypes, name) {
		return errorf(errUnknownPromptType, name)
	}
	if it.client.tty != nil {
		return c.terminalPrompt(it)
	}
	if !it.args.has('b') {
		it.client.held = true
	}
	return nil
}

// leave detaches cc once its batch is done; its pane loses the focus at
// once.
func (c *client) leave(cc *controlClient) {
	cc.exit = true
	cc.poke()
	if s := cc.session; s != nil && s.current.active.focused {
		c.st.focusPane(s.current.active, false)
	}
}

// list-clients lists the control clients, those attached to -t's session
// with -t; like has-session it resolves its target whether -t is given or
// not, with tmux's errors.
func cmdListClients(c *client, it *cmdItem) error {
	a := it.args
	template, ok := a.get('F')
	if !ok {
		template = listClientsTemplate
	}
	for _, cc := range slices.Clone(c.st.controls) {
		if cc.session == nil || a.has('t') && cc.session != it.target.s {
			continue
		}
		f := c.formatIn(cc.session.current, cc.session.current.active)
		f.client = cc
		c.print(f.expand(template))
	}
	return nil
}

func boolFormat(b bool) string {
	if b {
		return "1"
	}
	return "0"
}
