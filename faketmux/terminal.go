package faketmux

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/sys/unix"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/keys"
	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/pane"
	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/wcwidth"
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
)

// Terminal is a client's terminal, which an attach takes over as tmux's
// server takes a client's tty: it reads the keys typed there and draws the
// session on it. A server that speaks tmux's protocol (package wire) makes
// one for a client whose standard input is a terminal.
type Terminal struct {
	TTY  *os.File // the terminal, read for keys and written to
	Name string   // its path, which names the client (client_name, client_tty)
	Term string   // the client's TERM
	// Terminfo are the capabilities of tmux's table that the client's
	// terminfo entry has, as tmux's client sends them ("name=value",
	// tmuxcli.Terminfo).
	Terminfo []string
	// Ready tells the client its terminal is taken over (MSG_READY).
	Ready func()
	// Resized has a value when the terminal changed size (MSG_RESIZE),
	// Exiting is closed when the client is going (MSG_EXITING or gone).
	Resized <-chan struct{}
	Exiting <-chan struct{}
	// Detach, Shutdown and Exec end the attached client as detach-client,
	// the server's exit and detach-client -E do; when none is called,
	// the client is told its session exited.
	Detach   func(kill bool, session string)
	Shutdown func()
	Exec     func(command, shell string)
	// Suspend stops the client (MSG_SUSPEND), Lock has it run a lock
	// command (MSG_LOCK); Woken has a value when it is back (MSG_WAKEUP,
	// MSG_UNLOCK).
	Suspend func()
	Lock    func(command string)
	Woken   <-chan struct{}
}

// ttyState is what the server keeps of an attached terminal client.
type ttyState struct {
	t     *Terminal
	saved *unix.Termios
	// term is the terminal's capabilities as tmux keeps them.
	term *ttyTerm
	// repliesUntil is when the terminal's replies to what it was asked
	// (sendRequests) are no longer awaited; haveDA2 and haveXDA are
	// set once each came.
	repliesUntil     time.Time
	haveDA2, haveXDA bool
	// repeatUntil is when a repeating binding's table gives way to root.
	repeatUntil time.Time
	// detachKill and detachExec are detach-client's -P and -E.
	detachKill bool
	detachExec string
	pending    []byte // the start of a key sequence not complete yet
	// prompt is the prompt open on the status line, nil for none.
	prompt *statusPrompt
	// paused is set while the client is suspended or locked: the
	// terminal is the shell's, and its input is not read.
	paused chan struct{}
	// stopNow, when set, suspends the client once its command is done,
	// then tells it so (MSG_SUSPEND or MSG_LOCK).
	stopNow func()
	// escapeUntil is when a lone Escape typed is taken as the Escape key
	// (escape-time), unless more comes first.
	escapeUntil time.Time
	// panes is display-panes' overlay, nil when none shows.
	panes *panesOverlay
	// menu is display-menu's, nil when none shows.
	menu *menuOverlay
	// message is the message on the status line until messageUntil.
	message      string
	messageUntil time.Time
	// messageKeep is display-message -N: the keys typed are dropped
	// while the message shows, instead of clearing it.
	messageKeep bool
	// queued, when not nil, is what the client's own commands left to
	// run once its prompt is answered: a prompt without -b opened by the
	// client for itself makes its queue wait, as in tmux.
	queued []inserted
	// frozen is what the window showed when a prompt or a message
	// opened, which the client shows until they close, as tmux's
	// TTY_FREEZE stops drawing what panes write meanwhile; nil when
	// neither is open.
	frozen *frozenWindow
	// mouse is what the client keeps of the mouse between events, and
	// mouseMode the mouse modes the terminal was last put in.
	mouse     mouseState
	mouseMode int
	// messageStyled draws the message's #[...] as styles: display-message
	// alone asks for it, since the other messages quote what they are told
	// (errors, alerts).
	messageStyled bool
}

// freezes is whether a message or a prompt stops the client drawing what
// panes write (tmux's TTY_FREEZE), which an incremental prompt does not.
func (t *ttyState) freezes() bool {
	return t.message != "" || t.prompt != nil && !t.prompt.incremental
}

// frozenWindow is the rows of window w as they were drawn sx wide.
type frozenWindow struct {
	w    *window
	sx   int
	rows []string
}

// freeze keeps what cc's window shows now, when a prompt or a message
// opens.
func (c *client) freeze(cc *controlClient) {
	if s := cc.session; s != nil && s.current != nil {
		cc.tty.frozen = &frozenWindow{s.current, cc.size.sx, c.viewRows(cc, s.current, cc.size.sx, cc.size.sy-cc.statusLines())}
	}
}

// showMessage puts a message on a terminal client's status line for
// display-time (delay milliseconds when not negative), as tmux's
// status_message_set does.
func (c *client) showMessage(cc *controlClient, text string, delay int) {
	if cc.tty == nil || cc.session == nil {
		return
	}
	if delay < 0 {
		delay, _ = strconv.Atoi(cc.session.options.get("display-time"))
	}
	c.freeze(cc)
	cc.tty.message, cc.tty.messageKeep, cc.tty.messageStyled = text, false, false
	cc.tty.messageUntil = time.Now().Add(time.Duration(delay) * time.Millisecond)
	if delay == 0 {
		cc.tty.messageUntil = time.Time{}
	}
	cc.poke()
}

// panesOverlay is display-panes showing each pane's index until a key or
// until, when the key picks a pane for template.
type panesOverlay struct {
	until    time.Time
	template string
	noKeys   bool // -N: the keys typed are not the overlay's
}

// displayPanes opens display-panes on a terminal client.
func (c *client) displayPanes(it *cmdItem) {
	cc, a := it.client, it.args
	ms, _ := strconv.Atoi(cc.session.options.get("display-panes-time"))
	if v, ok := a.get('d'); ok {
		ms, _ = strconv.Atoi(v)
	}
	o := &panesOverlay{template: "select-pane -t '%%'", noKeys: a.has('N')}
	if len(a.values) > 0 {
		o.template = a.values[0]
	}
	if ms > 0 {
		o.until = time.Now().Add(time.Duration(ms) * time.Millisecond)
	}
	cc.tty.panes = o
	cc.poke()
}

// panesKey is a key typed while display-panes shows, as tmux's
// cmd_display_panes_key takes it: every key closes the overlay; a pane's
// index (0 to 9, then a to z for 10 to 35) runs the template for that
// pane, and is taken, as a key that names no pane is; any other key, or
// every key with -N, goes on as if no overlay were open (false).
func (c *client) panesKey(raw []byte) bool {
	cc := c.control
	o := cc.tty.panes
	cc.tty.panes = nil
	if o.noKeys || len(raw) != 1 {
		return false
	}
	var n int
	switch b := raw[0]; {
	case b >= '0' && b <= '9':
		n = int(b - '0')
	case b >= 'a' && b <= 'z':
		n = 10 + int(b-'a')
	default:
		return false
	}
	w := cc.session.current
	for _, p := range w.panes {
		if p.index() == n {
			cmds, err := c.parseCommandString(strings.ReplaceAll(o.template, "%%", "%"+strconv.Itoa(p.id)))
			if err != nil {
				c.writeError(err.Error())
				return true
			}
			c.runList(cmds)
			return true
		}
	}
	return true
}

// panesOverlayDraw draws display-panes' indexes over the panes of w, as
// tmux's cmd_display_panes_draw_pane does: small in the middle of a pane
// too small for them, else in big digits, with the pane's size at its top
// right when there is room.
func (c *client) panesOverlayDraw(out *strings.Builder, w *window, woff int) {
	s := c.control.session
	colour := s.options.get("display-panes-colour")
	activeColour := s.options.get("display-panes-active-colour")
	at := func(x, y int) { fmt.Fprintf(out, "\x1b[%d;%dH", y+woff+1, x+1) }
	for _, p := range w.panes {
		if !w.visible(p) {
			continue
		}
		sx, sy, xoff, yoff := p.width, p.height, p.left, p.top
		idx := p.index()
		buf := strconv.Itoa(idx)
		if sx < len(buf) {
			continue
		}
		col := colour
		if w.active == p {
			col = activeColour
		}
		fg := drawStyle{fg: col}.sgr()
		bg := drawStyle{bg: col}.sgr()
		lbuf := ""
		if idx > 9 && idx < 35 {
			lbuf = string(rune('a' + idx - 10))
		}
		px, py := sx/2, sy/2
		if sx < len(buf)*6 || sy < 5 {
			out.WriteString(fg)
			if sx >= len(buf)+len(lbuf)+1 {
				n := len(buf) + len(lbuf) + 1
				at(xoff+px-n/2, yoff+py)
				out.WriteString(buf + " " + lbuf)
			} else {
				at(xoff+px-len(buf)/2, yoff+py)
				out.WriteString(buf)
			}
			out.WriteString("\x1b[0m")
			continue
		}
		px -= len(buf) * 3
		py -= 2
		out.WriteString(bg)
		for _, d := range buf {
			glyph := clockDigits[d]
			for j := range 5 {
				for i := range 5 {
					if glyph[j][i] == '1' {
						at(xoff+px+i, yoff+py+j)
						out.WriteByte(' ')
					}
				}
			}
			px += 6
		}
		out.WriteString("\x1b[0m")
		if sy <= 6 {
			continue
		}
		out.WriteString(fg)
		if size := fmt.Sprintf("%dx%d", p.width, p.height); sx >= len(size) {
			at(xoff+sx-len(size), yoff)
			out.WriteString(size)
		}
		if lbuf != "" {
			at(xoff+sx/2+len(buf)*3-len(lbuf)-1, yoff+py+5)
			out.WriteString(lbuf)
		}
		out.WriteString("\x1b[0m")
	}
}

// terminalClient attaches c's terminal, for attach-session and
// new-session: the client becomes an attached one, as a control client
// is, that draws on its terminal. It fails as tmux does for a client with
// none, and for one inside a pane of this server.
func (c *client) terminalClient() error {
	if c.control != nil {
		return nil
	}
	t := c.term
	if t == nil {
		return errorf(errNotATerminal)
	}
	if _, ok := lookupEnvOK(c.env, "TMUX"); ok && lookupEnv(c.env, "TMUX") != "" {
		for _, p := range c.st.panes {
			if p.prog != nil && p.prog.TTY() == t.Name {
				return errorf(errNested)
			}
		}
	}
	cc := newControlClient(c.s, Call{PID: c.pid, Env: c.env, Features: c.features}, t.TTY, c.utf8, c.uid)
	cc.name, cc.termName = t.Name, t.Term
	if cc.termName == "" {
		cc.termName = "unknown"
	}
	opts := c.st.options
	term, err := newTTYTerm(cc.termName, t.Terminfo, &cc.termFeatures, opts.getArray("terminal-features"), opts.getArray("terminal-overrides"))
	if err != nil {
		return err
	}
	cc.tty = &ttyState{t: t, term: term}
	cc.size.sx, cc.size.sy = terminalSize(t.TTY)
	cc.size.sized = true
	c.control = cc
	c.stdout, c.stderr = &viewWriter{c: c}, io.Discard
	return nil
}

// viewWriter is a terminal client's standard output: what a command
// prints for it goes, a line at a time, into view mode on the client's
// pane, as tmux's cmdq_print has it for a client attached to a session.
type viewWriter struct {
	c       *client
	partial []byte
}

func (w *viewWriter) Write(b []byte) (int, error) {
	w.partial = append(w.partial, b...)
	for {
		i := bytes.IndexByte(w.partial, '\n')
		if i < 0 {
			return len(b), nil
		}
		line := string(w.partial[:i])
		w.partial = w.partial[i+1:]
		if s := w.c.control.session; s != nil && s.current != nil {
			w.c.st.viewMode(s.current.active).add(line, false)
		}
	}
}

// errNested is tmux's refusal to attach a client inside its own pane.
const errNested = "sessions should be nested with care, unset $TMUX to force"

// redrawTerminals has the attached terminal clients look again, after a
// command line that may have changed what they show, as tmux redraws the
// clients a command touched.
func (st *state) redrawTerminals() {
	for _, cc := range st.controls {
		if cc.tty != nil {
			cc.poke()
		}
	}
}

// terminalSize is the terminal's size, as tmux's tty_resize asks it, 80x24
// when it cannot tell.
func terminalSize(f *os.File) (int, int) {
	ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ)
	if err != nil || ws.Col == 0 || ws.Row == 0 {
		return 80, 24
	}
	return int(ws.Col), int(ws.Row)
}

// statusLines is how many lines the status line takes of cc's terminal.
func (cc *controlClient) statusLines() int {
	if cc.tty == nil || cc.session == nil {
		return 0
	}
	switch v := cc.session.options.get("status"); v {
	case "off":
		return 0
	case "on":
		return 1
	default:
		n, _ := strconv.Atoi(v)
		return n
	}
}

// start takes the terminal over as tmux's tty_start_tty does: raw input,
// the alternate screen, the cursor hidden while drawing.
func (t *ttyState) start() {
	fd := int(t.t.TTY.Fd())
	if tio, err := unix.IoctlGetTermios(fd, unix.TCGETS); err == nil {
		saved := *tio
		t.saved = &saved
		tio.Iflag &^= unix.IXON | unix.IXOFF | unix.ICRNL | unix.INLCR | unix.IGNCR | unix.IMAXBEL | unix.ISTRIP
		tio.Iflag |= unix.IGNBRK
		tio.Oflag &^= unix.OPOST | unix.ONLCR | unix.OCRNL | unix.ONLRET
		tio.Lflag &^= unix.IEXTEN | unix.ICANON | unix.ECHO | unix.ECHOE | unix.ECHONL | unix.ECHOCTL | unix.ECHOPRT | unix.ECHOKE | unix.ISIG
		tio.Cc[unix.VMIN], tio.Cc[unix.VTIME] = 1, 0
		unix.IoctlSetTermios(fd, unix.TCSETSW, tio)
	}
	io.WriteString(t.t.TTY, "\x1b[?1049h\x1b[H\x1b[2J"+mouseModesOff)
	t.mouseMode = 0
	t.mouse.dragFlag, t.mouse.dragUpdate = 0, nil
}

// askFocusReports asks the terminal to report its focus when focus-events
// is on, as tmux's tty_update_features does once it knows the terminal:
// once, at the client's first start and not after suspend-client, whose
// stop turned the reports off.
func (c *client) askFocusReports(t *ttyState) {
	if c.st.focusEvents() {
		// Empty for a terminal without tmux's focus feature.
		io.WriteString(t.t.TTY, t.term.string("Enfcs"))
	}
}

// stop gives the terminal back as tmux's tty_stop_tty does.
func (t *ttyState) stop() {
	io.WriteString(t.t.TTY, "\x1b[0m\x1b[?25h"+mouseModesOff+t.term.string("Dsfcs")+"\x1b[?1049l")
	if t.saved != nil {
		unix.IoctlSetTermios(int(t.t.TTY.Fd()), unix.TCSETSW, t.saved)
	}
}

// readTerminal reads what is typed into batches until the terminal fails
// or stop is closed; while pause says so (suspend-client, lock-client),
// it reads nothing.
func readTerminal(f *os.File, batches chan<- []byte, stop <-chan struct{}, pause func() chan struct{}) {
	for {
		if p := pause(); p != nil {
			select {
			case <-p:
			case <-stop:
				return
			}
			continue
		}
		buf := make([]byte, 4096)
		n, err := f.Read(buf)
		if n > 0 {
			select {
			case batches <- buf[:n]:
			case <-stop:
				return
			}
		}
		if errors.Is(err, os.ErrDeadlineExceeded) {
			f.SetReadDeadline(time.Time{})
			continue
		}
		if err != nil {
			close(batches)
			return
		}
	}
}

// suspend gives the terminal back while the client is stopped
// (suspend-client) or runs its lock command (lock-client), as tmux's
// tty_stop_tty does; the client's wake-up takes it again.
func (t *ttyState) suspend(mu *sync.Mutex) {
	t.stop()
	mu.Lock()
	t.paused = make(chan struct{})
	mu.Unlock()
	t.t.TTY.SetReadDeadline(time.Now())
}

// resume takes the terminal again.
func (t *ttyState) resume(mu *sync.Mutex) {
	mu.Lock()
	if t.paused != nil {
		close(t.paused)
		t.paused = nil
	}
	mu.Unlock()
	t.start()
}

// redrawDelay batches a program's output into one redraw, as tmux's
// redraw follows its event loop.
const redrawDelay = 10 * time.Millisecond

// serveTerminal runs an attached terminal client: the keys typed go
// through the key tables (prefix included) to commands or to the active
// pane, and the session is drawn on the terminal as it changes, until the
// client detaches or goes, or its session or the server ends. s.mu is
// held.
func (c *client) serveTerminal() {
	s, st, cc := c.s, c.st, c.control
	t := cc.tty
	done := s.done
	st.outMu.Lock()
	st.outClients = append(st.outClients, cc)
	st.outMu.Unlock()
	t.start()
	input := make(chan []byte)
	stop := make(chan struct{})
	var pauseMu sync.Mutex
	go readTerminal(t.t.TTY, input, stop, func() chan struct{} {
		pauseMu.Lock()
		defer pauseMu.Unlock()
		return t.paused
	})
	status := time.NewTicker(time.Second)
	var redraw <-chan time.Time
	t.sendRequests()
	c.drawTerminal()
	c.askFocusReports(t)
	gone := false
	for !cc.exit && cc.session != nil && !gone {
		var expire, escape <-chan time.Time
		if t.message != "" && !t.messageUntil.IsZero() {
			expire = time.After(time.Until(t.messageUntil))
		}
		if len(t.pending) > 0 {
			escape = time.After(time.Until(t.escapeUntil))
		}
		var panesEnd <-chan time.Time
		if t.panes != nil && !t.panes.until.IsZero() {
			panesEnd = time.After(time.Until(t.panes.until))
		}
		var clickEnd <-chan time.Time
		if !t.mouse.clickUntil.IsZero() {
			clickEnd = time.After(time.Until(t.mouse.clickUntil))
		}
		s.mu.Unlock()
		var keysIn []byte
		draw, expired, resized, woken, panesOver, clickOver := false, false, false, false, false, false
		select {
		case <-expire:
			expired = true
		case <-panesEnd:
			panesOver = true
		case <-clickEnd:
			clickOver = true
		case <-escape:
			// Nothing more came: what is pending is taken as it is.
			keysIn = []byte{}
		case b, ok := <-input:
			if !ok {
				gone = true
			}
			keysIn = b
		case <-cc.wake:
			if redraw == nil {
				redraw = time.After(redrawDelay)
			}
		case <-redraw:
			redraw, draw = nil, true
		case <-t.t.Resized:
			resized = true
		case <-status.C:
			draw = true
		case <-t.t.Exiting:
			gone = true
		case <-t.t.Woken:
			woken = true
		case <-done:
		case <-c.ctx.Done():
			gone = true
		}
		s.mu.Lock()
		if s.st != st {
			break
		}
		if expired {
			t.message, draw = "", true
		}
		if panesOver && t.panes != nil && !time.Now().Before(t.panes.until) {
			t.panes, draw = nil, true
		}
		if clickOver && !t.mouse.clickUntil.IsZero() && !time.Now().Before(t.mouse.clickUntil) {
			c.mouseClickOver()
			draw = true
			if s.st != st {
				break
			}
		}
		if resized {
			c.updateLatest(cc)
			cc.size.sx, cc.size.sy = terminalSize(t.t.TTY)
			// A popup follows the new size; a menu, the popup's own
			// too, closes, as tmux clears an overlay with no resize
			// callback (and frees the popup's menu).
			cc.tty.menu = nil
			if pop := cc.popup; pop != nil && pop.term != nil {
				pop.term.clientResized(size{cc.size.sx, cc.size.sy})
			}
			st.resizeSoon, draw = true, true
			if cc.session != nil {
				st.notify(event{kind: eventSilent, hook: "client-resized", client: cc})
			}
		}
		if woken && cc.suspended {
			cc.suspended = false
			cc.activity = c.s.now()
			t.resume(&pauseMu)
			st.resizeSoon, draw = true, true
		}
		st.outMu.Lock()
		cc.output = nil
		st.outMu.Unlock()
		c.checkWindows()
		if keysIn != nil {
			c.terminalKeys(keysIn)
			draw = true
			if s.st != st {
				break
			}
		}
		st.runEvents()
		c.checkWindows()
		s.exitIfDone()
		if s.st != st {
			break
		}
		if t.stopNow != nil {
			stopNow := t.stopNow
			t.stopNow = nil
			t.suspend(&pauseMu)
			stopNow()
			continue
		}
		if draw && !cc.exit && cc.session != nil && !cc.suspended {
			c.drawTerminal()
		}
	}
	status.Stop()
	close(stop)
	if !cc.suspended {
		t.stop()
	}
	st.outMu.Lock()
	st.outClients = slices.DeleteFunc(st.outClients, func(x *controlClient) bool { return x == cc })
	st.outMu.Unlock()
	if cc.popup != nil {
		cc.popup.resume = nil // what the client's queue left goes with it
	}
	cc.closePopup()
	switch {
	case s.st != st:
		if t.t.Shutdown != nil {
			t.t.Shutdown()
		}
	case gone:
	case cc.exit && cc.session != nil && t.detachExec != "" && t.t.Exec != nil:
		shell := cc.session.options.get("default-shell")
		t.t.Exec(t.detachExec, shell)
	case cc.exit && cc.session != nil && t.t.Detach != nil:
		t.t.Detach(t.detachKill, cc.session.name)
	}
	if s.st == st {
		st.controls = slices.DeleteFunc(st.controls, func(x *controlClient) bool { return x == cc })
		st.resizeSoon = true
		st.notify(event{kind: eventClientDetached, hook: "client-detached", client: cc})
		st.runEvents()
		c.checkWindows()
	}
}

// updateLatest is tmux's server_client_update_latest: cc becomes the
// latest client of its session's current window, which window-size latest
// sizes the window by, and client-active runs.
func (c *client) updateLatest(cc *controlClient) {
	s := cc.session
	if s == nil || s.current == nil || s.current.latest == cc {
		return
	}
	s.current.latest = cc
	c.st.resizeSoon = true
	c.st.notify(event{kind: eventSilent, hook: "client-active", client: cc})
}

// terminalKeys takes what was typed: each key goes through the client's
// key table, as tmux's server_client_key_callback takes it.
func (c *client) terminalKeys(b []byte) {
	cc := c.control
	t := cc.tty
	flush := len(b) == 0 && len(t.pending) > 0 && !time.Now().Before(t.escapeUntil)
	b, complete := c.takeReplies(append(t.pending, b...), flush)
	t.pending = nil
	if !complete {
		t.pending = b
		t.escapeUntil = time.Now().Add(c.escapeTime())
		return
	}
	for len(b) > 0 && c.s.st == c.st && cc.session != nil && !cc.exit {
		// The terminal's answer to a clipboard query comes first, as
		// tmux's tty_keys_next looks for it.
		answer, n, isAnswer := readClipboardAnswer(b)
		var mouse *mouseEvent
		isMouse := false
		if !isAnswer {
			mouse, n, isMouse = t.readMouse(b)
		}
		var key keys.Code
		if !isAnswer && !isMouse {
			key, n = nextKey(b)
		}
		if n == 0 && flush {
			// escape-time passed: a lone Escape is the Escape key, and a
			// sequence cut short its bytes.
			key, n, isMouse, isAnswer = keys.Unknown, len(b), false, false
			if len(b) == 1 {
				key = ctrlNames()[0x1b]
			}
		}
		if n == 0 {
			t.pending = b
			t.escapeUntil = time.Now().Add(c.escapeTime())
			return
		}
		if isAnswer {
			c.clipboardAnswer(cc, answer)
			b = b[n:]
			continue
		}
		if isMouse || key != keys.FocusOut {
			c.updateLatest(cc) // a client typing is its window's latest
		}
		switch {
		case mouse != nil:
			c.terminalMouse(mouse)
		case !isMouse:
			if isFocusKey(key) {
				c.terminalFocus(cc, key)
			}
			c.terminalKey(key, b[:n])
		}
		b = b[n:]
	}
}

// escapeTime is how long the start of a sequence waits for its rest
// (escape-time).
func (c *client) escapeTime() time.Duration {
	ms, _ := strconv.Atoi(c.st.options.get("escape-time"))
	return time.Duration(ms) * time.Millisecond
}

// terminalKey is one key typed into an attached terminal.
func (c *client) terminalKey(key keys.Code, raw []byte) {
	cc := c.control
	cc.activity = c.s.now()
	if !c.takeMessage() {
		return
	}
	// An overlay takes the key first, then the prompt, as tmux's
	// server_client_handle_key has it.
	if cc.tty.menu != nil {
		c.menuKey(key)
		return
	}
	if cc.popup != nil && cc.popup.term != nil {
		c.popupKey(cc.popup, key, raw)
		return
	}
	if cc.tty.panes != nil && c.panesKey(raw) {
		return
	}
	if cc.tty.prompt != nil && !c.promptKey(key, raw) {
		return
	}
	c.dispatchKey(key, raw)
}

// takeMessage clears the message a key finds on the status line, and
// reports whether the key goes on (display-message -N drops it).
func (c *client) takeMessage() bool {
	t := c.control.tty
	if t.message != "" {
		if t.messageKeep {
			return false
		}
		t.message = ""
	}
	return true
}

// dispatchKey runs a key through the client's key tables, as tmux's
// server_client_key_callback does: a pane in copy mode has its mode's
// table before root, and a key neither binds goes nowhere; otherwise a
// key root does not bind goes to the pane. A mouse key's pane is the one
// under the mouse, which its binding runs in (the active one for the
// status line).
func (c *client) dispatchKey(key keys.Code, raw []byte) {
	cc := c.control
	s := cc.session
	p := s.current.active
	if c.mouse != nil {
		if mp := c.mouse.targetPane(c.st); mp != nil {
			p = mp
		}
	}
	table := cc.keyTable
	if table == "" {
		table = "root"
	}
	if table != "root" && cc.tty.repeatUntil.IsZero() == false && time.Now().After(cc.tty.repeatUntil) {
		table, cc.keyTable = "root", ""
	}
	modeTable := ""
	if table == "root" && p != nil && p.copyState() != nil {
		modeTable = copyKeyTable(p)
		table = modeTable
	}
	if table == "root" || table == modeTable {
		for _, name := range []string{"prefix", "prefix2"} {
			if k := keyOption(s.options, name); k != keys.None && k == key {
				cc.keyTable = "prefix"
				cc.tty.repeatUntil = time.Time{}
				return
			}
		}
	}
	for {
		if kt := c.st.keyTable(table, false); kt != nil {
			if i, found := kt.find(key); found {
				b := kt.bindings[i]
				if b.repeat && table != "root" {
					ms, _ := strconv.Atoi(s.options.get("repeat-time"))
					cc.tty.repeatUntil = time.Now().Add(time.Duration(ms) * time.Millisecond)
				} else {
					cc.keyTable, cc.tty.repeatUntil = "", time.Time{}
				}
				c.runBinding(b.cmd)
				return
			}
		}
		if table == "root" {
			break
		}
		// Not bound there: back to the root table, and try again.
		table, cc.keyTable, cc.tty.repeatUntil = "root", "", time.Time{}
	}
	if modeTable == "" {
		c.forwardKey(p, key, raw)
	}
}

// forwardKey gives a key no binding took to pane p, its mode or its
// program, as tmux's window_pane_key does: a mouse key as the mouse's
// event.
func (c *client) forwardKey(p *paneState, key keys.Code, raw []byte) {
	in := keyInput{c: c, p: p}
	if c.mouse != nil {
		in.sendMouse(c.mouse)
	} else {
		in.send(key, raw)
	}
	in.runChosen()
	for _, bound := range in.queued {
		c.runBinding(bound)
	}
}

// runBinding runs a binding's commands for the client, each group of them
// a command list of its own; a mouse key's run in the pane under the
// mouse, as tmux's cmd_find_from_mouse makes it the current one.
func (c *client) runBinding(text string) {
	var mousePane *paneState
	if c.mouse != nil {
		mousePane = c.mouse.targetPane(c.st)
	}
	for _, group := range strings.Split(text, groupSeparator) {
		cmds, err := c.boundCommands(group)
		if err != nil || len(cmds) == 0 {
			continue
		}
		for i := range cmds {
			if mousePane != nil {
				cmds[i].pane = mousePane
			}
		}
		c.runList(cmds)
		if c.s.st != c.st {
			return
		}
	}
}

// ctrlNames are the keys of the C0 control bytes, as tmux names them:
// made on first use, since they need the key tables, which a client
// process or a server with no terminal never makes.
var ctrlNames = sync.OnceValue(func() [32]keys.Code {
	var t [32]keys.Code
	for b := range 32 {
		var name string
		switch b {
		case 0:
			name = "C-Space"
		case '\t':
			name = "Tab"
		case '\r':
			name = "Enter"
		case 0x1b:
			name = "Escape"
		default:
			if b >= 1 && b <= 26 {
				name = "C-" + string(rune('a'+b-1))
			} else {
				name = "C-" + string(rune('@'+b))
			}
		}
		t[b] = keys.Lookup(name)
	}
	return t
})

// csiKeys are the keys of the CSI and SS3 sequences terminals send, made
// on first use.
var csiKeys = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"A": "Up", "B": "Down", "C": "Right", "D": "Left", "H": "Home", "F": "End",
		"1~": "Home", "7~": "Home", "4~": "End", "8~": "End", "2~": "IC", "3~": "DC", "5~": "PPage", "6~": "NPage",
		"P": "F1", "Q": "F2", "R": "F3", "S": "F4", "15~": "F5", "17~": "F6", "18~": "F7", "19~": "F8",
		"20~": "F9", "21~": "F10", "23~": "F11", "24~": "F12", "Z": "BTab",
	}
})

// xtermModifiers is the prefix of a key's name for the modifier
// parameter of an xterm sequence (5 in ESC[1;5D): one more than a mask of
// Shift, Meta and Ctrl.
func xtermModifiers(param string) string {
	n, err := strconv.Atoi(param)
	if err != nil || n < 2 || n > 8 {
		return ""
	}
	prefix := ""
	for _, m := range []struct {
		bit  int
		name string
	}{{4, "C-"}, {2, "M-"}, {1, "S-"}} {
		if (n-1)&m.bit != 0 {
			prefix += m.name
		}
	}
	return prefix
}

// nextKey reads the first key of b, as tmux's tty_keys_next does for the
// common sequences: it returns how many bytes the key took, 0 for a
// sequence not complete yet.
func nextKey(b []byte) (keys.Code, int) {
	c := b[0]
	switch {
	case c == 0x1b && len(b) == 1:
		return 0, 0 // Escape, or the start of a sequence: escape-time says
	case c == 0x1b && (b[1] == '[' || b[1] == 'O'):
		i := 2
		for i < len(b) && (b[i] >= '0' && b[i] <= '9' || b[i] == ';') {
			i++
		}
		if i == len(b) {
			return 0, 0
		}
		params, final := string(b[2:i]), string(b[i])
		if b[1] == '[' && params == "" {
			switch final {
			case "I":
				return keys.FocusIn, i + 1
			case "O":
				return keys.FocusOut, i + 1
			}
		}
		first, mods, _ := strings.Cut(params, ";")
		name, ok := "", false
		if b[1] == 'O' || final != "~" {
			name, ok = csiKeys()[final]
			ok = ok && (params == "" || first == "1")
		} else {
			name, ok = csiKeys()[first+"~"]
		}
		if !ok {
			return keys.Unknown, i + 1
		}
		return keys.Lookup(xtermModifiers(mods) + name), i + 1
	case c == 0x1b:
		k, n := nextKey(b[1:])
		if n == 0 {
			return 0, 0
		}
		if m := keys.Lookup("M-" + k.String()); m != keys.Unknown && m != keys.None {
			return m, n + 1
		}
		return k, n + 1
	case c < 32:
		return ctrlNames()[c], 1
	case c == 0x7f:
		return keys.Lookup("BSpace"), 1
	case c < 0x80:
		return keys.Rune(rune(c)), 1
	}
	if !utf8.FullRune(b) {
		return 0, 0
	}
	r, n := utf8.DecodeRune(b)
	return keys.Rune(r), n
}

// drawTerminal draws the client's session on its terminal: the panes of
// its current window with their borders, and the status line.
func (c *client) drawTerminal() {
	cc := c.control
	s := cc.session
	if s == nil || s.current == nil {
		return
	}
	sx, sy := cc.size.sx, cc.size.sy
	lines := cc.statusLines()
	top := s.options.get("status-position") == "top"
	wy := sy - lines
	woff := 0
	if top {
		woff = lines
	}
	w := s.current
	var out strings.Builder
	out.WriteString("\x1b[?25l")
	// Without automatic margins, tmux leaves the terminal's last cell
	// alone.
	lastRow := func(row string, y int) string {
		if y == sy && cc.tty.term.flags&tmuxcli.TermNoAM != 0 {
			return fitLine(row, sx-1, false)
		}
		return row
	}
	if !cc.tty.freezes() {
		cc.tty.frozen = nil
	}
	var rows []string
	if fw := cc.tty.frozen; fw != nil && fw.w == w && fw.sx == sx && len(fw.rows) == wy {
		// A window that changed, or a new size, is drawn whole, as
		// tmux redraws it all while frozen.
		rows = slices.Clone(fw.rows)
	} else {
		rows = c.viewRows(cc, w, sx, wy)
	}
	ox, oy := cc.offset.ox, cc.offset.oy
	if cc.popup != nil && cc.popup.term != nil {
		// With an overlay tmux's tty_draw_line writes blanks to the
		// end of a line where it would clear it.
		for y, row := range rows {
			rows[y] = fitLine(strings.ReplaceAll(row, "\x1b[K", ""), sx, false)
		}
	}
	for y, row := range rows {
		fmt.Fprintf(&out, "\x1b[%d;1H\x1b[0m%s\x1b[0m", y+woff+1, lastRow(row, y+woff+1))
	}
	if cc.tty.panes != nil {
		c.panesOverlayDraw(&out, w, woff)
	}
	for line := range lines {
		// Each line of the status line is its status-format line; a
		// message or else a prompt takes the last, as tmux's status.c
		// draws them, the lines above staying.
		status, _ := c.statusRow(cc, sx, line)
		if cc.tty.message != "" && line == lines-1 {
			status = c.messageRow(cc, sx)
		} else if p := cc.tty.prompt; p != nil && line == lines-1 {
			status = c.promptRow(cc, p, sx)
		}
		y := sy - lines + 1 + line
		if top {
			y = 1 + line
		}
		fmt.Fprintf(&out, "\x1b[%d;1H\x1b[0m%s\x1b[0m", y, lastRow(status, y))
	}
	p := w.active
	pop := cc.popup
	if pop != nil && pop.term != nil {
		c.popupDraw(&out, pop.term)
	}
	if m := cc.tty.menu; m != nil {
		// A menu, the popup's own too, hides the cursor.
		c.menuDraw(&out, cc, m)
	} else if pop != nil && pop.term != nil {
		if x, y, on := pop.term.popupCursor(); on {
			fmt.Fprintf(&out, "\x1b[%d;%dH\x1b[?25h", y+1, x+1)
		}
	} else if cs := p.copyState(); p != nil && w.visible(p) && cs != nil {
		fmt.Fprintf(&out, "\x1b[%d;%dH\x1b[?25h", p.top+cs.cy-oy+woff+1, p.left+min(cs.cx, p.width-1)-ox+1)
	} else if p != nil && w.visible(p) && !p.inMode() {
		x, y, on := paneCursor(p)
		inPane := x < p.width && y < p.height
		if x, y = p.left+x-ox, p.top+y-oy; inPane && x >= 0 && y >= 0 && x < sx && y < wy {
			fmt.Fprintf(&out, "\x1b[%d;%dH", y+woff+1, x+1)
			if on {
				out.WriteString("\x1b[?25h")
			}
		}
	}
	cc.tty.updateMouseModes(&out, c.mouseModes(cc))
	io.WriteString(cc.tty.t.TTY, cc.tty.term.writeStyles(out.String(), c.st.options.get("default-terminal")))
}

// viewRows are the rows of window w that client cc, sx wide with wy rows
// for the window, shows: all of them, or where its view of a larger
// window starts.
func (c *client) viewRows(cc *controlClient, w *window, sx, wy int) []string {
	ox, oy := cc.windowOffset(w, sx, wy)
	rows := c.windowRows(cc, w, ox+sx, oy+wy)[oy:]
	for y, row := range rows {
		rows[y] = dropColumns(row, ox)
	}
	return rows
}

// windowOffset is where cc's view of w starts when w is larger than the
// client's sx by sy rows for it, as tmux's tty_window_offset1 works it
// out: where refresh-client panned it to, else where the active pane's
// cursor is in view, centred when it can be.
func (cc *controlClient) windowOffset(w *window, sx, sy int) (ox, oy int) {
	defer func() { cc.offset.ox, cc.offset.oy = ox, oy }()
	if sx >= w.width && sy >= w.height {
		cc.offset.sx, cc.offset.sy = w.width, w.height
		cc.pan.window = nil
		return 0, 0
	}
	cc.offset.sx, cc.offset.sy = sx, sy
	if cc.pan.window == w.windowCore {
		cc.pan.ox = max(min(cc.pan.ox, w.width-sx), 0)
		cc.pan.oy = max(min(cc.pan.oy, w.height-sy), 0)
		return cc.pan.ox, cc.pan.oy
	}
	if cx, cy, on := paneCursor(w.active); on {
		ox = centred(w.active.left+cx, sx, w.width)
		oy = centred(w.active.top+cy, sy, w.height)
	}
	return ox, oy
}

// centred is where a view of size columns (or rows) of a window of total
// starts to show position at, as tmux's tty_window_offset1 has it.
func centred(position, size, total int) int {
	switch {
	case position < size:
		return 0
	case position > total-size:
		return total - size
	}
	return position - size/2
}

// paneCursor is where p's screen has its cursor, and whether it shows
// one (tmux's MODE_CURSOR): copy and view mode's cursor; none in the
// other modes.
func paneCursor(p *paneState) (x, y int, on bool) {
	if cs := p.copyState(); cs != nil {
		return cs.cx, cs.cy, true
	}
	if p.inMode() {
		return 0, 0, false
	}
	x, y = p.prog.Cursor()
	on, ok := p.prog.Flag("cursor_flag")
	return x, y, on || !ok
}

// dropColumns is a drawn row without its first n columns, their style
// codes kept.
func dropColumns(row string, n int) string {
	var out strings.Builder
	cols := 0
	for part, w := range rowParts(row) {
		if w < 0 || cols >= n {
			out.WriteString(part)
		}
		cols += max(w, 0)
	}
	return out.String()
}

// windowRows are the rows of window w as client cc, of width sx and wy
// rows for the window, sees them: each pane's visible lines with their
// styles, the borders between panes, and blanks outside the window.
func (c *client) windowRows(cc *controlClient, w *window, sx, wy int) []string {
	term := cc.tty.term
	bce := term.flag("bce")
	grid := make([][]*paneState, wy)
	for y := range grid {
		grid[y] = make([]*paneState, sx)
	}
	var panes []*paneState
	for _, p := range w.panes {
		if !w.visible(p) {
			continue
		}
		panes = append(panes, p)
		for y := p.top; y < p.top+p.height && y < wy; y++ {
			for x := p.left; x < p.left+p.width && x < sx; x++ {
				grid[y][x] = p
			}
		}
	}
	content := map[*paneState][]string{}
	for _, p := range panes {
		if cs := p.copyState(); cs != nil {
			content[p] = c.copyModeRows(p, cs)
			continue
		}
		if m := p.mode(); m != nil && m.tree != nil {
			content[p] = c.treeModeRows(p, m.tree)
			continue
		}
		if m := p.mode(); m != nil && m.clock != nil {
			content[p] = c.clockModeRows(p, m.clock)
			continue
		}
		out, err := p.prog.Capture(paneCapture)
		if err != nil {
			continue
		}
		content[p] = strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	}
	defaults := map[*paneState]colours{}
	for _, p := range panes {
		expand := c.formatFor(p).expand
		defaults[p] = colours{defaultColour(p, false, expand), defaultColour(p, true, expand)}
	}
	// Past the window's right and bottom edges, tmux draws a border along
	// them and fills the rest with dots.
	inWindow := func(x, y int) bool { return x <= w.width && y <= w.height }
	active := w.active
	f := c.formatIn(w, active)
	activeStyle := parseDrawStyle(drawStyle{}, f.expand(w.options.get("pane-active-border-style")))
	otherStyle := parseDrawStyle(drawStyle{}, f.expand(w.options.get("pane-border-style")))
	status := w.options.get("pane-border-status")
	lines := w.options.get("pane-border-lines")
	acs := term.acsNeeded(cc.utf8)
	glyph := func(typ int, owner *paneState) string { return term.borderGlyph(lines, typ, owner, acs) }
	cellType := func(x, y int) int { return borderCellType(w.isBorderCell, status, x, y, w.width, w.height) }
	statusCells := c.paneStatusCells(w, panes, cellType, glyph)
	rows := make([]string, wy)
	for y := range wy {
		var row strings.Builder
		for x := 0; x < sx; {
			if cell, ok := statusCells[[2]int{x, y}]; ok {
				if cell != skipCell {
					row.WriteString(cell)
				}
				x++
				continue
			}
			p := grid[y][x]
			if p != nil {
				line := ""
				if ly := y - p.top; ly < len(content[p]) {
					line = content[p][ly]
				}
				width := min(p.width, sx-x)
				// A terminal without bce clears in the default
				// background, so tmux writes spaces where the pane
				// has one of its own.
				toEdge := x+width == sx && (bce || defaults[p].bg == "default")
				row.WriteString(defaults[p].over(fitLine(line, width, toEdge)))
				row.WriteString("\x1b[0m")
				x += width
				continue
			}
			if !inWindow(x, y) {
				row.WriteString(glyph(cellOutside, nil))
				x++
				continue
			}
			// The window's own edge is no pane's border: it takes
			// pane-border-style, as tmux's screen_redraw_check_cell has it.
			edge := x == w.width || y == w.height
			var owner *paneState
			if !edge {
				owner = borderOwner(w, x, y)
			}
			ch := glyph(cellType(x, y), owner)
			if active != nil && !edge && paneBorderIs(w, active, x, y) {
				row.WriteString(activeStyle.sgr() + ch + "\x1b[0m")
			} else {
				row.WriteString(otherStyle.sgr() + ch + "\x1b[0m")
			}
			x++
		}
		rows[y] = row.String()
	}
	return rows
}

// The kinds of border cell, as tmux's CELL_* number them.
const (
	cellInside = iota
	cellTopBottom
	cellLeftRight
	cellTopLeft
	cellTopRight
	cellBottomLeft
	cellBottomRight
	cellTopJoin
	cellBottomJoin
	cellLeftJoin
	cellRightJoin
	cellJoin
	cellOutside
)

// borderSets are the characters of each pane-border-lines, by cell kind:
// single's are tmux's line-drawing (ACS) characters as a terminal shows
// them.
var borderSets = map[string][]string{
	"single": {" ", "│", "─", "┌", "┐", "└", "┘", "┬", "┴", "├", "┤", "┼", "·"},
	"double": {"", "║", "═", "╔", "╗", "╚", "╝", "╦", "╩", "╠", "╣", "╬", "·"},
	"heavy":  {"", "┃", "━", "┏", "┓", "┗", "┛", "┳", "┻", "┣", "┫", "╋", "·"},
	"simple": {" ", "|", "-", "+", "+", "+", "+", "+", "+", "+", "+", "+", "."},
}

// borderGlyph is the character of a border cell of kind typ, as tmux's
// screen_redraw_border_set picks it: with pane-border-lines number, the
// index of the pane the cell is a border of (owner), or * for none.
func borderGlyph(lines string, typ int, owner *paneState) string {
	if lines == "number" {
		switch {
		case typ == cellOutside:
			return "·"
		case owner == nil:
			return "*"
		}
		return strconv.Itoa(owner.index() % 10)
	}
	set, ok := borderSets[lines]
	if !ok {
		set = borderSets["single"]
	}
	return set[typ]
}

// borderCellType is the kind of border cell x, y is, as tmux's
// screen_redraw_type_of_cell works it out from which of the cells left,
// right, above and below are borders too (isBorder), with the rows
// pane-border-status takes; wx and wy are the window's size.
func borderCellType(isBorder func(x, y int) bool, status string, x, y, wx, wy int) int {
	if x > wx || y > wy {
		return cellOutside
	}
	l := x == 0 || isBorder(x-1, y)
	r := isBorder(x+1, y)
	var u, d bool
	switch status {
	case "top":
		u = y != 0 && isBorder(x, y-1)
		d = isBorder(x, y+1)
	case "bottom":
		u = y == 0 || isBorder(x, y-1)
		d = y != wy-1 && isBorder(x, y+1)
	default:
		u = y == 0 || isBorder(x, y-1)
		d = isBorder(x, y+1)
	}
	switch {
	case l && r && u && d:
		return cellJoin
	case l && r && u:
		return cellBottomJoin
	case l && r && d:
		return cellTopJoin
	case l && r:
		return cellLeftRight
	case l && u && d:
		return cellRightJoin
	case l && u:
		return cellBottomRight
	case l && d:
		return cellTopRight
	case r && u && d:
		return cellLeftJoin
	case r && u:
		return cellBottomLeft
	case r && d:
		return cellTopLeft
	case u && d:
		return cellTopBottom
	}
	return cellOutside
}

// isBorderCell is whether x, y is a border cell of w, as tmux's
// screen_redraw_cell_border has it: the window's own right and bottom
// edges are, and a cell on a visible pane's border, unless an earlier
// pane in the list has it inside.
func (w *window) isBorderCell(x, y int) bool {
	switch {
	case x < 0 || y < 0 || x > w.width || y > w.height:
		return false
	case x == w.width || y == w.height:
		return true
	}
	for _, p := range w.panes {
		if !w.visible(p) {
			continue
		}
		if x >= p.left && x < p.left+p.width && y >= p.top && y < p.top+p.height {
			return false
		}
		if paneBorderIs(w, p, x, y) {
			return true
		}
	}
	return false
}

// borderOwner is the pane whose border cell x, y is, as tmux's
// screen_redraw_check_cell finds it: the first visible pane from the
// active one on, round the window's list, that has it on its border.
func borderOwner(w *window, x, y int) *paneState {
	start := slices.Index(w.panes, w.active)
	if start < 0 {
		start = 0
	}
	for i := range w.panes {
		p := w.panes[(start+i)%len(w.panes)]
		if w.visible(p) && paneBorderIs(w, p, x, y) {
			return p
		}
	}
	return nil
}

// paneStatusCells are the cells of the panes' status lines
// (pane-border-status), by column and row, each with its style, as tmux's
// screen_redraw_make_pane_status draws them: two columns in from the
// pane's left, four fewer than its width, the border's characters in the
// pane's border style (the active one's for the active pane), with
// pane-border-format drawn over them.
func (c *client) paneStatusCells(w *window, panes []*paneState, cellType func(x, y int) int, glyph func(typ int, owner *paneState) string) map[[2]int]string {
	status := w.options.get("pane-border-status")
	if status != "top" && status != "bottom" {
		return nil
	}
	cells := map[[2]int]string{}
	for _, p := range panes {
		width := p.width - 4
		if width <= 0 {
			continue
		}
		y := p.top + p.height
		if status == "top" {
			y = p.top - 1
		}
		f := c.formatIn(w, p)
		f.client = c.control
		f.timeExpand = true
		name := "pane-border-style"
		if p == w.active {
			name = "pane-active-border-style"
		}
		style := parseDrawStyle(drawStyle{}, f.expand(w.options.get(name)))
		drawn := formatCells(f.expand(p.opts().get("pane-border-format")), style, width)
		for i := range width {
			x := p.left + 2 + i
			if drawn[i] != "" {
				cells[[2]int{x, y}] = drawn[i]
			} else {
				cells[[2]int{x, y}] = style.sgr() + glyph(cellType(x, y), p) + "\x1b[0m"
			}
		}
	}
	return cells
}

// paneCapture captures a pane's visible lines with their styles.
var paneCapture = pane.CaptureOptions{Codes: true, Range: func(history, last int) (int, int) { return history, last }}

// paneBorderIs is whether x, y is on p's border, as tmux's
// screen_redraw_pane_border finds it to colour it as the active pane's:
// with pane-border-indicators colour or both, two panes side by side
// share their border half and half.
func paneBorderIs(w *window, p *paneState, x, y int) bool {
	ex, ey := p.left+p.width, p.top+p.height
	if x >= p.left && x < ex && y >= p.top && y < ey {
		return false
	}
	ind := w.options.get("pane-border-indicators")
	split := ind == "colour" || ind == "both"
	status := w.options.get("pane-border-status")
	two := func(vertical bool) bool {
		if len(w.panes) != 2 {
			return false
		}
		second := w.panes[1]
		if vertical {
			return second.top != 0
		}
		return second.left != 0
	}
	if status == "off" && two(false) && split {
		if p.left == 0 && x == p.width && y <= p.height/2 {
			return true
		}
		if p.left != 0 && x == p.left-1 && y > p.height/2 {
			return true
		}
	} else if (p.top == 0 || y >= p.top-1) && y <= ey {
		if p.left != 0 && x == p.left-1 || x == ex {
			return true
		}
	}
	switch {
	case status == "off" && two(true) && split:
		if p.top == 0 && y == p.height && x <= p.width/2 {
			return true
		}
		if p.top != 0 && y == p.top-1 && x > p.width/2 {
			return true
		}
	case (p.left == 0 || x >= p.left-1) && x <= ex:
		if status != "bottom" && p.top != 0 && y == p.top-1 {
			return true
		}
		if status != "top" && y == ey {
			return true
		}
	}
	return false
}

// escapeEnd is where the escape sequence that starts at line[i], an ESC,
// ends: past a CSI's final byte or an escape's with intermediates, or
// past the ESC alone.
func escapeEnd(line string, i int) int {
	j := i + 1
	switch {
	case j < len(line) && line[j] == '[':
		j++
		for j < len(line) && (line[j] < 0x40 || line[j] > 0x7e) {
			j++
		}
		j++
	case j < len(line) && line[j] >= 0x20 && line[j] <= 0x2f:
		// An escape with intermediates, as smacs and rmacs choose a
		// character set: "\x1b(0".
		for j < len(line) && line[j] >= 0x20 && line[j] <= 0x2f {
			j++
		}
		j++
	}
	return min(j, len(line))
}

// rowParts walks a drawn row: each style code (columns -1) and each
// character with the columns it takes.
func rowParts(line string) iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		for i := 0; i < len(line); {
			if line[i] == 0x1b {
				j := escapeEnd(line, i)
				if !yield(line[i:j], -1) {
					return
				}
				i = j
				continue
			}
			r, n := utf8.DecodeRuneInString(line[i:])
			if !yield(line[i:i+n], columns(r)) {
				return
			}
			i += n
		}
	}
}

// fitLine is a captured line with its style codes cut or padded to width
// columns; with toEdge, the line reaches the terminal's right edge, and
// blanks at its end are cleared (EL), as tmux clears them.
func fitLine(line string, width int, toEdge bool) string {
	var out strings.Builder
	cols := 0
	for part, w := range rowParts(line) {
		if cols >= width || cols+w > width {
			break
		}
		out.WriteString(part)
		cols += max(w, 0)
	}
	switch {
	case cols < width && toEdge:
		out.WriteString("\x1b[0m\x1b[K")
	case cols < width:
		out.WriteString("\x1b[0m")
		out.WriteString(strings.Repeat(" ", width-cols))
	}
	return out.String()
}

// statusRow is a line of the client's status line, that line of status-format as
// tmux draws it: each #[...] a style, the parts aligned left, centre and
// right, over status-style; and the range of each column.
func (c *client) statusRow(cc *controlClient, sx, line int) (string, []string) {
	s := cc.session
	f := c.formatIn(s.current, s.current.active)
	f.client = cc
	f.timeExpand = true
	formats := s.options.getArray("status-format")
	text := ""
	if line < len(formats) {
		text = f.expand(formats[line])
	}
	base := parseDrawStyle(drawStyle{}, f.expand(s.options.get("status-style")))
	return drawFormat(text, base, sx)
}

// messageRow is the status line with a message on it, in message-style.
func (c *client) messageRow(cc *controlClient, sx int) string {
	s := cc.session
	f := c.formatIn(s.current, s.current.active)
	f.client = cc
	style := parseDrawStyle(drawStyle{}, f.expand(s.options.get("message-style")))
	if cc.tty.messageStyled {
		row, _ := drawFormat(cc.tty.message, style, sx)
		return row
	}
	row := fitLine(style.sgr()+cc.tty.message, sx, false)
	width := 0
	for _, r := range cc.tty.message {
		width += max(wcwidth.Of(r), 0)
	}
	if pad := sx - width; pad > 0 {
		row = strings.TrimSuffix(row, "\x1b[0m"+strings.Repeat(" ", pad)) + style.sgr() + strings.Repeat(" ", pad)
	}
	return row
}

// drawStyle is a style as tmux's format_draw applies it.
type drawStyle struct {
	fg, bg string
	attrs  []string
}

func (d drawStyle) sgr() string {
	codes := []string{"0"}
	for _, a := range d.attrs {
		if code := attrCode(a); code != "" {
			codes = append(codes, code)
		}
	}
	if d.fg != "" {
		codes = append(codes, colourCode(d.fg, false)...)
	}
	if d.bg != "" {
		codes = append(codes, colourCode(d.bg, true)...)
	}
	return "\x1b[" + strings.Join(codes, ";") + "m"
}

// attrCode is the SGR parameter of an attribute as tmux names it, "" for
// a name that is none.
func attrCode(name string) string {
	switch name {
	case "bright", "bold":
		return "1"
	case "dim":
		return "2"
	case "italics":
		return "3"
	case "underscore":
		return "4"
	case "blink":
		return "5"
	case "reverse":
		return "7"
	case "hidden":
		return "8"
	case "strikethrough":
		return "9"
	}
	return ""
}

var sgrColours = []string{"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"}

// colourCode is the SGR parameters of a colour as tmux names it.
func colourCode(name string, bg bool) []string {
	base, bright := 30, 90
	if bg {
		base, bright = 40, 100
	}
	name = strings.ToLower(name)
	if i := slices.Index(sgrColours, name); i >= 0 {
		return []string{strconv.Itoa(base + i)}
	}
	if n, ok := strings.CutPrefix(name, "bright"); ok {
		if i := slices.Index(sgrColours, n); i >= 0 {
			return []string{strconv.Itoa(bright + i)}
		}
	}
	for _, prefix := range []string{"colour", "color"} {
		if n, ok := strings.CutPrefix(name, prefix); ok {
			if v, err := strconv.Atoi(n); err == nil && v >= 0 && v < 256 {
				return []string{strconv.Itoa(base + 8), "5", strconv.Itoa(v)}
			}
		}
	}
	if strings.HasPrefix(name, "#") && len(name) == 7 {
		r, e1 := strconv.ParseUint(name[1:3], 16, 8)
		g, e2 := strconv.ParseUint(name[3:5], 16, 8)
		b, e3 := strconv.ParseUint(name[5:7], 16, 8)
		if e1 == nil && e2 == nil && e3 == nil {
			return []string{strconv.Itoa(base + 8), "2", strconv.Itoa(int(r)), strconv.Itoa(int(g)), strconv.Itoa(int(b))}
		}
	}
	return []string{strconv.Itoa(base + 9)}
}

// parseDrawStyle applies a style's words to d, as tmux's style_parse:
// words are parted by commas or spaces; those of alignment and lists are
// the drawer's, not the style's.
func parseDrawStyle(d drawStyle, text string) drawStyle {
	for _, word := range strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' }) {
		name, value, hasValue := strings.Cut(word, "=")
		switch {
		case name == "default" || name == "none" || name == "noattr":
			if name == "default" {
				d.fg, d.bg = "", ""
			}
			d.attrs = nil
		case name == "fg" && hasValue:
			d.fg = value
		case name == "bg" && hasValue:
			d.bg = value
		case strings.HasPrefix(name, "no") && attrCode(name[2:]) != "":
			d.attrs = slices.DeleteFunc(slices.Clone(d.attrs), func(a string) bool { return a == name[2:] })
		case attrCode(name) != "":
			d.attrs = append(slices.Clone(d.attrs), name)
		}
	}
	return d
}

// formatCells draws an expanded format with #[...] styles into width
// cells over base, as tmux's format_draw puts its parts: each cell the
// format writes is its style and character ("\x1b[0m" after), a cell it
// leaves alone is "", and the column a wide character covers is
// skipCell. Where the parts do not fit, the centre gives way first, then
// the right (from its start), then the left.
func formatCells(text string, base drawStyle, width int) []string {
	return formatCellsWith(text, base, width, false)
}

// formatCellsWith is formatCells, where with defaultColours the format's
// own colours give way to base's, as format_draw's default_colours has
// it for a menu's chosen item.
func formatCellsWith(text string, base drawStyle, width int, defaultColours bool) []string {
	parts := formatParts(text, base)
	if defaultColours {
		for _, runs := range parts {
			for i := range runs {
				runs[i].style.fg, runs[i].style.bg = base.fg, base.bg
			}
		}
	}
	type cell struct {
		style drawStyle
		ch    rune
		cw    int
	}
	flat := func(runs []formatRun) []cell {
		var out []cell
		for _, r := range runs {
			for _, ch := range r.text {
				out = append(out, cell{r.style, ch, max(wcwidth.Of(ch), 0)})
			}
		}
		return out
	}
	colsOf := func(cs []cell) int {
		n := 0
		for _, c := range cs {
			n += c.cw
		}
		return n
	}
	left, centre, right := flat(parts["left"]), flat(parts["centre"]), flat(parts["right"])
	wl, wc, wr := colsOf(left), colsOf(centre), colsOf(right)
	for wl+wc+wr > width {
		switch {
		case wc > 0:
			wc--
		case wr > 0:
			wr--
		default:
			wl--
		}
	}
	out := make([]string, width)
	put := func(cs []cell, at, skip, n int) {
		col := 0
		for _, c := range cs {
			if col < skip {
				col += c.cw
				continue
			}
			if col+c.cw > skip+n {
				break
			}
			x := at + col - skip
			out[x] = c.style.sgr() + string(c.ch) + "\x1b[0m"
			for k := 1; k < c.cw; k++ {
				out[x+k] = skipCell
			}
			col += c.cw
		}
	}
	put(left, 0, 0, wl)
	put(right, width-wr, colsOf(right)-wr, wr)
	put(centre, wl+(width-wl-wr)/2-wc/2, 0, wc)
	return out
}

// skipCell is a cell that a wide character before it covers.
const skipCell = "\x00"

// formatRun is a part of an expanded format in one style, and in the
// range (range=) it is part of: "left", "right", "window|N", or "" for
// none.
type formatRun struct {
	style drawStyle
	text  string
	rng   string
}

// formatParts splits an expanded format into its runs aligned left,
// centre and right, each in its #[...] style over base; a list's markers
// are left out.
func formatParts(text string, base drawStyle) map[string][]formatRun {
	parts := map[string][]formatRun{}
	align := "left"
	cur, def := base, base
	skip := false
	rng := ""
	var chunk strings.Builder
	flush := func() {
		if chunk.Len() > 0 && !skip {
			parts[align] = append(parts[align], formatRun{cur, chunk.String(), rng})
		}
		chunk.Reset()
	}
	for i := 0; i < len(text); {
		switch {
		case text[i] == '#' && i+1 < len(text) && text[i+1] == '#':
			chunk.WriteByte('#')
			i += 2
			continue
		case text[i] == '#' && i+1 < len(text) && text[i+1] == '[':
		default:
			chunk.WriteByte(text[i])
			i++
			continue
		}
		j := strings.IndexByte(text[i:], ']')
		if j < 0 {
			break
		}
		flush()
		directive := text[i+2 : i+j]
		i += j + 1
		for _, word := range strings.FieldsFunc(directive, func(r rune) bool { return r == ',' || r == ' ' }) {
			name, value, _ := strings.Cut(word, "=")
			switch name {
			case "align":
				align = value
				if align == "absolute-centre" {
					align = "centre"
				}
			case "list":
				skip = value == "left-marker" || value == "right-marker"
			case "nolist":
				skip = false
			case "push-default":
				def = cur
			case "pop-default":
				def = base
			case "default":
				cur = def
			case "range":
				// tmux makes no range of range=none.
				rng = value
				if rng == "none" {
					rng = ""
				}
			case "norange":
				rng = ""
			case "fill":
			default:
				cur = parseDrawStyle(cur, word)
			}
		}
	}
	flush()
	return parts
}

// drawFormat draws an expanded format with #[...] styles into width
// columns over base, as tmux's format_draw does for the parts it aligns
// left, centre and right; a list's markers are left out. ranges has the
// range of each column ("" for none), where a mouse click lands.
func drawFormat(text string, base drawStyle, width int) (row string, ranges []string) {
	type run = formatRun
	parts := formatParts(text, base)
	render := func(runs []run, room int) (string, []string) {
		var out strings.Builder
		var cols []string
		for _, r := range runs {
			out.WriteString(r.style.sgr())
			for _, ch := range r.text {
				cw := max(wcwidth.Of(ch), 0)
				if len(cols)+cw > room {
					return out.String(), cols
				}
				out.WriteRune(ch)
				for range cw {
					cols = append(cols, r.rng)
				}
			}
		}
		return out.String(), cols
	}
	left, lr := render(parts["left"], width)
	lw := len(lr)
	right, rr := render(parts["right"], width-lw)
	rw := len(rr)
	centre, cr := render(parts["centre"], width-lw-rw)
	cw := len(cr)
	var out strings.Builder
	fill := base.sgr()
	out.WriteString(left)
	gap := width - lw - rw - cw
	before := gap / 2
	if cw == 0 {
		before = gap
	}
	out.WriteString(fill + strings.Repeat(" ", before))
	out.WriteString(centre)
	out.WriteString(fill + strings.Repeat(" ", gap-before))
	out.WriteString(right)
	ranges = slices.Concat(lr, make([]string, before), cr, make([]string, gap-before), rr)
	return out.String(), ranges
}
