package faketmux

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/cmdparse"
)

// Control mode (tmux -C, -CC): a client whose commands come on its
// standard input, one command line a line, and whose output is framed by
// guards: `%begin TIME NUMBER FLAGS`, the command's output and errors,
// then `%end` or `%error` with the same three fields. FLAGS is 1 for a
// command read from the input and 0 for the command line of the argv.
// NUMBER is tmux's count of the items its command queue has fired since the
// server started, commands and callbacks alike (see state.number).
// Between replies come notifications (`%window-add @1`, ...), written when
// tmux runs its global queue: after the commands of a batch of input,
// rendered against the state of that moment.

// Measured on tmux 3.3a: the items a server fires before its first
// client's command (its default key bindings, mostly; one more for each
// configuration file it loads). Its notifications each take an item too,
// those no control client sees included: an attach-session (not a
// new-session) tells of the client attached, the pane it focuses (see
// paneState.focused) tells of that, and a control client tells of its
// detach when it has gone, and of the pane it no longer focuses when
// detach-client detaches it.
const startupItems = 258

// controlClient is an attached control-mode client, as the server lists it.
type controlClient struct {
	name    string // client-PID, as tmux names a client without a terminal
	pid     int
	created time.Time
	// activity is when a key was last typed at the client's terminal,
	// or it came back from suspend-client; when it came for a control
	// client, which types no keys.
	activity time.Time
	termName string // the client's TERM
	// termFeatures are its terminal's features (client_termfeatures),
	// termType what the terminal said it is (client_termtype).
	termFeatures int
	termType     string
	srv          *Server
	session      *session
	out          io.Writer
	utf8         bool
	flags        clientFlags
	exit         bool // tmux's CLIENT_EXIT: detach once the batch is done
	// exitMessage is what its %exit line says, if anything.
	exitMessage string
	uid         int // the user it runs as (Call.UID)
	// held is a client whose queue waits for an answer only a terminal
	// could give (a prompt, a menu, a popup): tmux runs nothing more of
	// its input, and the client leaves at the end of it.
	held bool
	// popup is the display-popup open on the client, nil for none.
	popup *popup
	// lastSession is the session switch-client -l goes back to.
	lastSession *session
	keyTable    string        // client_key_table; empty for root
	suspended   bool          // suspend-client: tmux's CLIENT_SUSPENDED
	wake        chan struct{} // the client must look at exit, or at output
	// output is pane output not yet written, guarded by the state's
	// outMu.
	output []paneChunk
	// subs are its subscriptions (refresh-client -B), checked on
	// ticker's ticks; flows its panes' output state (refresh-client -A),
	// guarded by outMu.
	subs   map[string]*subscription
	ticker *time.Ticker
	flows  map[int]paneFlow
	size   clientSize // refresh-client -C (control_size.go)
	// pan is what refresh-client -L -R -U -D leave: the part of a window
	// larger than the client that it shows, while it shows that window
	// (tmux's pan_window); offset is its view of its window as last drawn
	// (the tty's oox, ooy, osx and osy).
	pan    clientPan
	offset struct{ ox, oy, sx, sy int }
	// clipboard is what refresh-client -l asked of its terminal.
	clipboard clipboardWanted
	// unfocused is set while its terminal reports it has not the focus
	// (tmux's CLIENT_FOCUSED cleared).
	unfocused bool
	// tty is set for a client attached from a terminal, which is no
	// control client but is kept as one (terminal.go).
	tty *ttyState
}

type paneChunk struct {
	pane int
	data []byte
	at   time.Time // when it came, which a pause-after client is told
}

// paneOutput hands a chunk of a pane's output to its pipe and to the
// control clients, which write it as %output when they next wake. It
// runs in the pane's reader, without the server's lock.
func (st *state) paneOutput(pane int, data []byte) {
	st.outMu.Lock()
	defer st.outMu.Unlock()
	st.pipeOutput(pane, data)
	for _, wake := range st.outWatchers[pane] {
		select {
		case wake <- struct{}{}:
		default: // it has yet to look at the last one
		}
	}
	for _, cc := range st.outClients {
		if cc.takesOutput(pane) {
			cc.output = append(cc.output, paneChunk{pane, data, time.Now()})
			cc.poke()
		}
	}
}

// writeOutput writes the pane output cc has been handed, for the panes of
// its session, unless it asked for none (no-output). A pause-after client
// gets it as %extended-output with its age in milliseconds, and a pane
// whose output has waited as long as pause-after says is paused instead,
// as tmux's control_check_age does. s.mu is held.
func (c *client) writeOutput() {
	st, cc := c.st, c.control
	st.outMu.Lock()
	chunks := cc.output
	cc.output = nil
	st.outMu.Unlock()
	for _, ch := range chunks {
		p := st.panes[ch.pane]
		if cc.flags.noOutput || cc.session == nil || p == nil || p.window.session != cc.session || !cc.stillTakes(st, ch.pane) {
			continue
		}
		id := strconv.Itoa(ch.pane)
		if cc.flags.pauseAfter == "" {
			io.WriteString(cc.out, "%output %"+id+" "+escapeOutput(ch.data)+"\n")
			continue
		}
		age := time.Since(ch.at).Milliseconds()
		if limit, _ := strconv.ParseInt(cc.flags.pauseAfter, 10, 64); age > 0 && age >= limit*1000 {
			cc.changeFlow(st, ch.pane, "pause")
			continue
		}
		io.WriteString(cc.out, "%extended-output %"+id+" "+strconv.FormatInt(age, 10)+" : "+escapeOutput(ch.data)+"\n")
	}
}

// escapeOutput is %output's escaping: a byte below space, and a
// backslash, as a backslash and three octal digits.
func escapeOutput(data []byte) string {
	var b strings.Builder
	for _, ch := range data {
		if ch < ' ' || ch == '\\' {
			fmt.Fprintf(&b, "\\%03o", ch)
		} else {
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// clientFlags are what refresh-client -f and attach-session -f set.
type clientFlags struct {
	noOutput, ignoreSize, readOnly, activePane, waitExit bool
	pauseAfter                                           string
}

// setFlags applies a comma-separated list as tmux's
// server_client_set_flags does: `!flag` clears, unknown names are ignored.
// It reports whether the list named no-output.
func (f *clientFlags) setFlags(list string) (noOutput bool) {
	for _, word := range strings.Split(list, ",") {
		word = strings.TrimSpace(word)
		on := !strings.HasPrefix(word, "!")
		word = strings.TrimPrefix(word, "!")
		switch name, value, hasValue := strings.Cut(word, "="); name {
		case "no-output":
			f.noOutput, noOutput = on, true
		case "ignore-size":
			f.ignoreSize = on
		case "read-only":
			// tmux 3.3a sets read-only this way but never clears it.
			f.readOnly = f.readOnly || on
		case "active-pane":
			f.activePane = on
		case "wait-exit":
			f.waitExit = on
		case "pause-after":
			f.pauseAfter = ""
			if on {
				f.pauseAfter = "0"
				if hasValue {
					f.pauseAfter = value
				}
			}
		}
	}
	return noOutput
}

// String is #{client_flags} as tmux 3.3a builds it for a control client.
func (cc *controlClient) String() string {
	parts := []string{"attached", "focused", "control-mode"}
	if cc.tty != nil {
		parts = parts[:2]
	}
	if cc.flags.ignoreSize {
		parts = append(parts, "ignore-size")
	}
	if cc.flags.noOutput {
		parts = append(parts, "no-output")
	}
	if cc.flags.waitExit {
		parts = append(parts, "wait-exit")
	}
	if cc.flags.pauseAfter != "" {
		parts = append(parts, "pause-after="+cc.flags.pauseAfter)
	}
	if cc.flags.readOnly {
		parts = append(parts, "read-only")
	}
	if cc.flags.activePane {
		parts = append(parts, "active-pane")
	}
	if cc.suspended {
		parts = append(parts, "suspended")
	}
	if cc.utf8 {
		parts = append(parts, "UTF-8")
	}
	return strings.Join(parts, ",")
}

// eventKind is a tmux notification that control clients are told of.
type eventKind int

const (
	// eventSilent is a notification no control client sees, which still
	// takes an item of the queue.
	eventSilent eventKind = iota
	eventWindowLinked
	eventWindowUnlinked
	eventWindowRenamed
	eventSessionsChanged
	eventSessionRenamed
	eventSessionChanged // client-session-changed: the client's own session
	eventClientDetached
	eventLayoutChanged
	eventPaneChanged   // the window's active pane
	eventWindowChanged // the session's current window
	eventPaneModeChanged
)

type event struct {
	kind   eventKind
	p      *paneState
	w      *window
	s      *session
	client *controlClient
	// hook names the hook the notification raises where its kind does not
	// say (see hookName).
	hook string
	// freed are the panes of w's window, gone while this notification held
	// the window: they leave their modes once it has run.
	freed []*paneState
}

// unzoomTelling unzooms w, telling control clients of its layout if it
// was zoomed, as tmux's server_unzoom_window does.
func (st *state) unzoomTelling(w *window) {
	if w.zoomed != nil {
		w.unzoom()
		st.notify(event{kind: eventLayoutChanged, w: w})
	}
}

// selectPlace makes w s's current window and tells of it if that changed
// anything, as tmux's session_select does.
func (st *state) selectPlace(s *session, w *window) {
	was := s.current
	s.setCurrent(w)
	st.windowChanged(s, was)
}

// windowChanged tells of a change of s's current window from was.
func (st *state) windowChanged(s *session, was *window) {
	if s.current != was {
		st.notify(event{kind: eventWindowChanged, s: s})
	}
}

// notify queues a notification for the global queue, which runs once the
// current command line or batch of control input is done. A hook that a
// notification runs raises none, as tmux's notify_add drops them.
func (st *state) notify(e event) {
	if !st.inEventHook {
		st.events = append(st.events, e)
	}
}

// runEvents runs the global queue: each notification is one item, written
// to every control client that should see it, as it renders now.
func (st *state) runEvents() {
	for len(st.events) > 0 {
		e := st.events[0]
		// The queue's array outlives the reslice: an event left in it
		// would keep its window, and the window's panes, alive.
		st.events[0] = event{}
		st.events = st.events[1:]
		st.number++
		for _, cc := range st.controls {
			if cc.tty != nil {
				continue
			}
			if line := cc.render(e); line != "" {
				io.WriteString(cc.out, line+"\n")
			}
		}
		st.eventHook(e)
		if len(e.freed) > 0 {
			st.leaveModesWhenFreed(e.w.windowCore, e.freed)
		}
	}
	st.events = nil
}

// render is the notification line cc sees for e, or none. As in tmux, it
// is rendered as things are when the queue runs: a window counts as
// linked for a client whose session has a place for it then.
func (cc *controlClient) render(e event) string {
	switch e.kind {
	case eventSessionsChanged:
		return "%sessions-changed"
	case eventClientDetached:
		return "%client-detached " + e.client.name
	case eventPaneChanged:
		return fmt.Sprintf("%%window-pane-changed @%d %%%d", e.w.id, e.w.active.id)
	case eventPaneModeChanged:
		return fmt.Sprintf("%%pane-mode-changed %%%d", e.p.id)
	case eventWindowChanged:
		if e.s.current == nil {
			return ""
		}
		return fmt.Sprintf("%%session-window-changed $%d @%d", e.s.id, e.s.current.id)
	case eventSessionRenamed:
		return fmt.Sprintf("%%session-renamed $%d %s", e.s.id, e.s.name)
	}
	// The rest are told only to a client with a session, as tmux's
	// control_notify_* functions check.
	if cc.session == nil {
		return ""
	}
	place := func() *window {
		i := slices.IndexFunc(cc.session.winlinks, func(l *window) bool { return l.windowCore == e.w.windowCore })
		if i < 0 {
			return nil
		}
		return cc.session.winlinks[i]
	}
	window := func(prefix string) string {
		if place() != nil {
			return prefix
		}
		return "unlinked-" + prefix
	}
	switch e.kind {
	case eventWindowLinked:
		return fmt.Sprintf("%%%s @%d", window("window-add"), e.w.id)
	case eventWindowUnlinked:
		return fmt.Sprintf("%%%s @%d", window("window-close"), e.w.id)
	case eventWindowRenamed:
		return fmt.Sprintf("%%%s @%d %s", window("window-renamed"), e.w.id, e.w.name)
	case eventLayoutChanged:
		// A window that lost its last pane is about to go: nothing to
		// tell.
		w := place()
		if w == nil || w.layout == nil {
			return ""
		}
		c := &client{s: cc.srv, st: cc.srv.st, utf8: true}
		return c.formatIn(w, w.active).expand("%layout-change #{window_id} #{window_layout} #{window_visible_layout} #{window_raw_flags}")
	case eventSessionChanged:
		// tmux names the session the client has when the notification
		// runs, which a later switch may have changed.
		s := e.client.session
		switch {
		case s == nil:
		case e.client == cc:
			return fmt.Sprintf("%%session-changed $%d %s", s.id, s.name)
		default:
			return fmt.Sprintf("%%client-session-changed %s $%d %s", e.client.name, s.id, s.name)
		}
	}
	return ""
}

// attach makes the client of c a control client attached to s, as
// attach-session and new-session do for a client in control mode; attached
// is 1 where tmux tells of client-attached (attach-session, new-session
// -A).
func (c *client) attach(s *session, attached int) {
	c.attachClient(c.control, s, attached)
}

// attachClient attaches cc to s, or with no client only focuses s's pane.
func (c *client) attachClient(cc *controlClient, s *session, attached int) {
	p := s.current.active
	focusIn := !p.focused
	p.focused = true
	if cc == nil {
		return
	}
	cc.unfocused = false // tmux's server_client_set_session
	if !slices.Contains(c.st.controls, cc) {
		c.st.controls = append(c.st.controls, cc)
		c.st.outMu.Lock()
		c.st.outClients = append(c.st.outClients, cc)
		c.st.outMu.Unlock()
	}
	old := cc.session
	if old != nil && old != s {
		cc.lastSession = old
	}
	cc.session = s
	s.current.latest = cc
	c.st.resizeSoon = true
	s.lastAttached = c.s.now()
	c.touch(s)
	// The old session's pane loses the focus first, unless another
	// client still shows it (tmux's server_client_set_session).
	if old != nil && old != s && old.current != nil && old.current.active != p {
		c.st.updateFocus(old.current.active)
	}
	if focusIn {
		c.st.focusPane(p, true)
	}
	c.st.notify(event{kind: eventSessionChanged, s: s, client: cc})
	c.st.checkUnattached()
	for range attached {
		c.st.notify(event{kind: eventSilent, hook: "client-attached", client: cc})
	}
}

// detachFrom ends the control clients attached to s, which is going away
// with the server (tmux's server_shutdown, which tells of no focus).
func (st *state) detachFrom(s *session) {
	for _, cc := range st.controls {
		if cc.session == s {
			cc.detach()
		}
	}
}

// detach leaves cc with no session, to exit (%exit) once its batch is
// done.
func (cc *controlClient) detach() {
	cc.session, cc.lastSession = nil, nil
	cc.exit = true
	cc.poke()
}

// moveFrom is tmux's server_destroy_session for s, which is going away:
// its control clients go to another session as its detach-on-destroy
// says (off: the one used longest ago; no-detached: that among those no
// client is attached to), else they are detached, as with on.
func (st *state) moveFrom(s *session) {
	var next *session
	switch s.options.get("detach-on-destroy") {
	case "off":
		next = st.leastRecent(s, false)
	case "no-detached":
		next = st.leastRecent(s, true)
	}
	c := st.noClient(context.Background())
	for _, cc := range slices.Clone(st.controls) {
		if cc.session != s {
			continue
		}
		// Its pane loses the focus first, as tmux's
		// server_client_set_session looks at the old window.
		if w := s.current; w != nil && w.active != nil && w.active.focused {
			st.focusPane(w.active, false)
		}
		if next == nil {
			cc.detach()
		} else {
			c.attachClient(cc, next, 0)
		}
	}
}

// leastRecent is tmux's server_next_session (or, with detached,
// server_next_detached_session): the session other than s used longest
// ago, among those no client is attached to with detached.
func (st *state) leastRecent(s *session, detached bool) *session {
	var found *session
	for _, x := range st.sessions {
		if x == s || detached && st.attachedTo(x) > 0 {
			continue
		}
		if found == nil || x.seq < found.seq {
			found = x
		}
	}
	return found
}

// shutDown tells the control clients of the sessions a server that is
// exiting destroys, as tmux's server_shutdown does.
func (st *state) shutDown() {
	var unlinked []*window
	for _, s := range st.sessions {
		st.detachFrom(s)
		st.notify(event{kind: eventSessionsChanged, s: s, hook: "session-closed"})
		unlinked = append(unlinked, s.teardownOrder()...)
	}
	// Each window goes with the notification of its last place's
	// unlinking, which no client sees, once those of the sessions have
	// run; its panes leave their modes then.
	places := map[*windowCore]int{}
	for _, l := range unlinked {
		places[l.windowCore]++
	}
	for _, l := range unlinked {
		if places[l.windowCore]--; places[l.windowCore] == 0 {
			for _, p := range l.panes {
				st.resetModes(p)
			}
		}
	}
	st.runEvents()
}

func (cc *controlClient) poke() {
	select {
	case cc.wake <- struct{}{}:
	default:
	}
}

// attachedTo counts the clients attached to s, #{session_attached}.
func (st *state) attachedTo(s *session) int {
	n := 0
	for _, cc := range st.controls {
		if cc.session == s {
			n++
		}
	}
	return n
}

// guard writes one of a control client's guard lines.
func (c *client) guard(word string, time int64, number uint64) {
	if c.control != nil && c.control.tty == nil {
		fmt.Fprintf(c.stdout, "%%%s %d %d %d\n", word, time, number, c.controlFlags)
	}
}

// controlInput is one read of a control client's input: its complete
// lines, as tmux reads whatever has arrived and queues every line of it.
type controlInput struct {
	lines []string
	err   error
}

// readControl reads r into batches of lines until it fails or stop is
// closed. A line cut short by the end of the input is dropped, as tmux
// drops it.
func readControl(r io.Reader, batches chan<- controlInput, stop <-chan struct{}) {
	var pending []byte
	buf := make([]byte, 64<<10)
	for {
		n, err := r.Read(buf)
		pending = append(pending, buf[:n]...)
		var in controlInput
		for {
			i := bytes.IndexByte(pending, '\n')
			if i < 0 {
				break
			}
			in.lines = append(in.lines, string(pending[:i]))
			pending = pending[i+1:]
		}
		if err != nil {
			in.err = err
		}
		if len(in.lines) > 0 || in.err != nil {
			select {
			case batches <- in:
			case <-stop:
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// serveControl runs a control client once its argv's commands have run:
// its input, batch by batch, until the end of the input, an empty line, a
// detach, or the server's exit; then %exit. It reports whether a command
// of the input failed, which fails the client as in tmux (a line that does
// not parse does not). s.mu is held.
func (c *client) serveControl(parse func(string) ([]string, error), exit func(string), waitExit func()) (failed bool) {
	s, st, cc := c.s, c.st, c.control
	done := s.done
	batches := make(chan controlInput)
	stop := make(chan struct{})
	defer close(stop)
	go readControl(c.stdin, batches, stop)
	c.controlFlags = 1
	for !cc.exit && cc.session != nil {
		var in controlInput
		eof, checkSubs := false, false
		ticks := cc.ticks()
		s.mu.Unlock()
		select {
		case in = <-batches:
		case <-cc.wake:
		case <-ticks:
			checkSubs = true
		case <-done:
		case <-c.ctx.Done():
			eof = true
		}
		if len(in.lines) > 0 {
			s.waitRunning(c.ctx)
		}
		s.mu.Lock()
		if s.st != st {
			break
		}
		c.checkWindows()
		if checkSubs {
			c.checkSubscriptions()
		}
		for _, line := range in.lines {
			if line == "" {
				cc.exit = true
				break
			}
			if cc.held {
				continue
			}
			failed = !c.controlLine(line, parse) || failed
			if s.st != st {
				break
			}
		}
		if s.st != st {
			break
		}
		if in.err != nil || eof {
			cc.exit = true
		}
		c.checkWindows()
		st.runEvents()
		if len(in.lines) > 0 {
			st.redrawTerminals()
		}
		// tmux writes a pane's output from its event loop, after the
		// queues have run.
		c.writeOutput()
		s.exitIfDone()
		if s.st != st {
			break
		}
	}
	if cc.ticker != nil {
		cc.ticker.Stop()
	}
	st.outMu.Lock()
	st.outClients = slices.DeleteFunc(st.outClients, func(x *controlClient) bool { return x == cc })
	st.outMu.Unlock()
	cc.closePopup() // tmux clears a client's overlay as it goes
	if s.st == st {
		st.controls = slices.DeleteFunc(st.controls, func(x *controlClient) bool { return x == cc })
		st.resizeSoon = true
		st.notify(event{kind: eventClientDetached, hook: "client-detached", client: cc})
		st.runEvents()
	}
	if cc.flags.waitExit && waitExit != nil {
		waitExit()
	}
	c.exitLine(exit, cc.exitMessage)
	return failed
}

// exitLine is a control client's last line, %exit and its message if any;
// exit, when set, takes the message instead (see Call.ExitMessage).
func (c *client) exitLine(exit func(string), msg string) {
	switch {
	case exit != nil:
		exit(msg)
	case msg != "":
		io.WriteString(c.stdout, "%exit "+msg+"\n")
	default:
		io.WriteString(c.stdout, "%exit\n")
	}
}

// controlLine runs one line of a control client's input and reports
// whether none of its commands failed.
func (c *client) controlLine(line string, parse func(string) ([]string, error)) bool {
	argv, err := parse(line)
	var cmds []command
	switch {
	case errors.Is(err, cmdparse.ErrNeedsExpand):
		// A line with %if or an assignment is the server's to parse, on
		// its formats and into its environment.
		cmds, err = c.parseCommandString(line)
	case err == nil && len(argv) > 0:
		cmds, err = parseCommands(argv, c.st.aliases())
	}
	switch {
	case err == nil && len(cmds) == 0:
		// A line with no command (a comment, an assignment, a condition
		// not taken) is tmux's cmdq_empty_command: an item that prints
		// nothing.
		c.st.nextNumber()
		return true
	case err == nil:
		return c.runList(cmds) == 0
	}
	// tmux queues the parse error as an item of its own.
	number := c.st.nextNumber()
	now := c.s.now().Unix()
	c.guard("begin", now, number)
	// It is control mode's own callback, which tmux does not log.
	c.writeError("parse error: " + err.Error())
	c.guard("error", now, number)
	return true
}

func (st *state) nextNumber() uint64 {
	st.number++
	return st.number
}

// newControlClient is the control client of a call.
func newControlClient(srv *Server, call Call, out io.Writer, utf8 bool, uid int) *controlClient {
	term := "unknown"
	for _, kv := range call.Env {
		if v, ok := strings.CutPrefix(kv, "TERM="); ok && v != "" {
			term = v
		}
	}
	now := srv.now()
	return &controlClient{
		name: "client-" + strconv.Itoa(call.PID), pid: call.PID, uid: uid, created: now, activity: now,
		termName: term, termFeatures: call.Features, srv: srv, out: out, utf8: utf8, wake: make(chan struct{}, 1),
		size: clientSize{sx: 80, sy: 24},
	}
}
