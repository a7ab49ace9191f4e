package faketmux

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/pane"
	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/passwd"
	"golang.org/x/sys/unix"
)

// defaultPath is glibc's _PATH_DEFPATH, tmux's PATH for a pane when
// neither the client nor the session has one.
const defaultPath = "/usr/bin:/bin"

// spawnPane starts a pane's program in window w, as tmux's spawn does: one
// argument is a shell command run with default-shell -c, several are an
// argv, none means default-command or else default-shell.
func (c *client) spawnPane(w *window, argv []string, cwd string, width, height int, extraEnv []string) (*paneState, error) {
	st := c.st
	s := w.session
	start := stringifyArgv(argv)
	if dc := s.options.get("default-command"); len(argv) == 0 && dc != "" {
		argv = []string{dc}
		start = stringifyArgv(argv)
	}
	p := &paneState{
		id: st.nextPane, window: w, cwd: cwd, argv: argv, startCommand: start,
		title: hostname(), width: width, height: height, created: c.s.now(),
		historyLimit: s.options.number("history-limit"), styleChanged: true,
	}
	if err := c.runPane(p, extraEnv, nil); err != nil {
		return nil, errorf(errCreateWindow, err)
	}
	st.nextPane++
	st.panes[p.id] = p
	return p, nil
}

// spawnDir is where tmux's spawn_pane starts a new pane of session s: -c
// expanded for the session, made absolute from the directory
// server_client_get_cwd gives when it is relative, else that directory
// (the client's own for a client attached to no session, else the
// session's).
func (c *client) spawnDir(s *session, a *args) string {
	base := c.cwds(s)[0]
	v, ok := a.get('c')
	if !ok {
		return base
	}
	dir := c.formatForTarget(target{s: s}).expand(v)
	if !strings.HasPrefix(dir, "/") {
		dir = base + "/" + dir
	}
	return dir
}

// emptyPane makes a pane with no program in window w, as tmux's
// split-window makes one for -I or an empty command: it counts as dead,
// with no exit status, until respawned.
func (c *client) emptyPane(w *window, argv []string, cwd string, width, height int) *paneState {
	st := c.st
	p := &paneState{
		id: st.nextPane, window: w, cwd: cwd, argv: argv, startCommand: stringifyArgv(argv),
		title: hostname(), width: width, height: height,
		created: c.s.now(), historyLimit: w.session.options.number("history-limit"),
		command: filepath.Base(w.session.options.get("default-shell")),
		dead:    &paneDeath{status: -1}, empty: true, styleChanged: true,
	}
	p.prog = startEmpty(pane.Options{Cols: width, Rows: height, HistoryLimit: p.historyLimit, Settings: p.settings()})
	st.nextPane++
	st.panes[p.id] = p
	return p
}

// settings are the pane's options that its screen reads as it draws.
func (p *paneState) settings() pane.Settings {
	o := p.opts()
	return pane.Settings{
		NoAlternateScreen: o.get("alternate-screen") != "on",
		NoScrollOnClear:   o.get("scroll-on-clear") != "on",
	}
}

// startEmpty makes an empty pane's screen; tests replace it.
var startEmpty = func(o paneOptions) program { return pane.StartEmpty(o) }

// runPane starts p's program (p.argv) in p's directory, at p's size, with
// history already in it.
func (c *client) runPane(p *paneState, extraEnv []string, keep pane.Keeper) error {
	st := c.st
	s := p.window.session
	// As tmux's spawn: a shell command runs with the shell's base name as
	// argv[0], and the shell alone as a login shell ("-sh").
	shell := s.options.get("default-shell")
	var run []string
	arg0 := filepath.Base(shell)
	switch {
	case len(p.argv) == 1:
		run = []string{shell, "-c", p.argv[0]}
	case len(p.argv) > 1:
		run, arg0 = p.argv, ""
	default:
		run, arg0 = []string{shell}, "-"+arg0
	}
	child := c.sessionEnviron(s, true)
	for _, kv := range extraEnv {
		child.put(kv)
	}
	child.set("TMUX_PANE", "%"+strconv.Itoa(p.id), false)
	// The client's PATH, so that `tmux new myprogram` finds myprogram; a
	// PATH removed from the session keeps the default out too.
	if path, ok := lookupEnvOK(c.env, "PATH"); ok {
		child.set("PATH", path, false)
	} else if _, ok := child.find("PATH"); !ok {
		child.set("PATH", defaultPath, false)
	}
	child.set("SHELL", shell, false)
	dir, pwd := st.paneDir(p.cwd)
	child.set("PWD", pwd, false)
	env := child.pushed()
	prog, err := startProgram(pane.Options{
		Argv: run, Arg0: arg0, Dir: dir, Env: env, Cols: p.width, Rows: p.height,
		HistoryLimit: p.historyLimit, Keep: keep, Settings: p.settings(), Output: c.paneOutput(p),
	})
	if err != nil {
		return err
	}
	p.prog, p.dead, p.command = prog, nil, filepath.Base(shell)
	go c.s.watchPane(st, p, prog)
	return nil
}

// paneOutput takes what pane p's program writes, once its screen has it:
// the pane has changed and had output, now, and its control clients are
// told.
func (c *client) paneOutput(p *paneState) func([]byte) {
	return func(b []byte) {
		p.changed.Store(true)
		p.output.Store(true)
		p.lastOutput.Store(time.Now().UnixNano())
		p.outputAt.Store(c.s.now().UnixNano())
		c.st.paneOutput(p.id, b)
	}
}

// adoptPane makes a pane of window w, width by height, of a program
// already running, as tmux's popup_make_pane takes a popup's job: the
// pane has the program's terminal and screen (and its history limit,
// none), no start command, and the window's session's shell.
func (c *client) adoptPane(w *window, prog *pane.Pane, width, height int) *paneState {
	st := c.st
	p := &paneState{
		id: st.nextPane, window: w, title: hostname(), width: width, height: height, created: c.s.now(),
		command: filepath.Base(w.session.options.get("default-shell")), styleChanged: true,
	}
	prog.Rehome(c.paneOutput(p))
	prog.Resize(width, height)
	p.prog = prog
	st.nextPane++
	st.panes[p.id] = p
	go c.s.watchPane(st, p, prog)
	return p
}

// paneDir is where a pane's program starts, and its PWD, as tmux 3.3a's
// spawn_pane has the child do: the pane's directory when it can enter it.
// When it cannot (a -c of "~", which tmux takes as a relative path, or a
// directory gone), tmux tests the home directory for NULL but never enters
// it, so the program runs in the server process's own directory with PWD
// the home; only with no home at all is it / (dir "" is this process's
// directory, the in-process server's).
func (st *state) paneDir(cwd string) (dir, pwd string) {
	if canEnter(cwd) {
		return cwd, cwd
	}
	if home, ok := st.serverHome(); ok {
		return st.procDir, home
	}
	return "/", "/"
}

func canEnter(dir string) bool {
	fi, err := os.Stat(dir)
	return err == nil && fi.IsDir() && unix.Access(dir, unix.X_OK) == nil
}

// serverHome is tmux's find_home in the server process: its $HOME, else
// the user's home directory from the password database.
func (st *state) serverHome() (string, bool) {
	if home := lookupEnv(st.procEnv, "HOME"); home != "" {
		return home, true
	}
	if u, err := passwd.Current(); err == nil && u.Home != "" {
		return u.Home, true
	}
	return "", false
}

// watchPane handles a pane whose program exited: with remain-on-exit on
// (or failed, and the program failed) the pane stays, dead, with
// remain-on-exit-format drawn at its foot; else it goes, with its window
// and session when they empty, and the server ends when tmux's would.
func (s *Server) watchPane(st *state, p *paneState, prog program) {
	<-prog.Exited()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.st != st || st.panes[p.id] != p || p.prog != prog {
		return // gone, or respawned
	}
	status, signal := prog.ExitStatus()
	switch remain := p.opts().get("remain-on-exit"); {
	case remain == "on", remain == "failed" && status != 0:
		p.dead = &paneDeath{status: status, signal: signal, when: s.now()}
		c := st.noClient(context.Background())
		message := c.formatFor(p).expand(p.opts().get("remain-on-exit-format"))
		if message != "" {
			// As tmux draws it: a new line at the foot of the screen,
			// then the message, cut to the pane's width.
			prog.Display([]byte(fmt.Sprintf("\x1b[r\x1b[%d;1H\n%s", p.height, trimLeft(message, p.width))))
		}
		st.paneHook("pane-died", p)
	default:
		if w := p.window; len(w.panes) == 1 {
			// tmux's server_destroy_pane takes the pane out before its
			// window goes, so it leaves its modes first.
			st.dropPane(p)
			w.panes = nil
			st.killWindow(w)
		} else {
			st.destroyPane(p)
		}
		st.paneHook("pane-exited", p)
		s.exitIfDone()
	}
}

// destroyPane removes a pane, closing its program, and the window and
// session it leaves empty, as tmux's server_kill_pane does.
func (st *state) destroyPane(p *paneState) {
	w := p.window
	if len(w.panes) == 1 {
		st.killWindow(w)
		return
	}
	st.unzoomTelling(w)
	st.notify(event{kind: eventLayoutChanged, w: w})
	wasActive := w.active == p
	if wasActive {
		st.notify(event{kind: eventPaneChanged, w: w})
	}
	w.removePane(p)
	if wasActive {
		st.updateFocus(w.active)
	}
	st.dropPane(p)
}

// dropPane is tmux's window_pane_destroy for a pane taken out of a window
// that stays: the pane leaves its modes, a notification each, and its
// program ends.
func (st *state) dropPane(p *paneState) {
	st.resetModes(p)
	st.forgetPane(p)
}

// removePane takes p out of w's panes and layout, which must keep another
// pane. As tmux's window_lost_pane: when p was active, the pane active
// before takes over, else the one before it in pane order, else the one
// after.
func (w *window) removePane(p *paneState) {
	i := indexOf(w.panes, p)
	w.panes = slices.Delete(w.panes, i, i+1)
	w.closePane(p)
	switch {
	case w.active == p:
		if w.lastPane != nil {
			w.active, w.lastPane = w.lastPane, nil
		} else {
			w.active = w.panes[max(0, i-1)]
		}
		// The pane taking over counts as changed for automatic-rename.
		w.active.changed.Store(true)
	case w.lastPane == p:
		w.lastPane = nil
	}
}

// killWindow destroys w, then renumbers the windows of each session it
// was in that has renumber-windows on, as tmux's server_kill_window does.
func (st *state) killWindow(w *window) {
	var sessions []*session
	for _, l := range w.links {
		sessions = append(sessions, l.session)
	}
	st.destroyWindow(w)
	for _, s := range sessions {
		s.renumberIfWanted()
	}
}

// destroyWindow ends w's programs and takes it out of every session it is
// in.
func (st *state) destroyWindow(w *window) {
	// tmux's server_kill_window goes through the sessions in name order,
	// and each session's places of the window from the lowest index; a
	// session being destroyed, no longer among them, goes first.
	var places []*window
	for _, l := range w.links {
		if !slices.Contains(st.sessions, l.session) {
			places = append(places, l)
		}
	}
	for _, s := range st.sessions {
		for _, l := range s.winlinks {
			if slices.Contains(w.links, l) {
				places = append(places, l)
			}
		}
	}
	w.links = nil
	for _, l := range places {
		// A group's other sessions lose the window as the first does.
		if slices.Contains(l.session.winlinks, l) {
			st.detachWindow(l)
		}
	}
	st.closeWindowPanes(w)
}

// unlinkWindow takes one place of a window away, as tmux's
// server_unlink_window does: from its session (which goes if it is left
// empty), and the window goes with its last place.
func (st *state) unlinkWindow(w *window) {
	st.detachWindow(w)
	st.dropLink(w)
}

// dropLink forgets place l of its window; with no place left the window's
// programs end, else its panes take another place as theirs.
func (st *state) dropLink(l *window) {
	l.links = slices.DeleteFunc(l.links, func(x *window) bool { return x == l })
	if len(l.links) == 0 {
		st.closeWindowPanes(l)
		return
	}
	for _, p := range l.panes {
		if p.window == l {
			p.window = l.links[0]
		}
	}
}

// closeWindowPanes ends the programs of a window that is going away.
func (st *state) closeWindowPanes(w *window) {
	w.stopSilence()
	for _, p := range w.panes {
		st.forgetPane(p)
	}
	st.leaveModesWhenFreed(w.windowCore, w.panes)
	w.panes = nil
}

// leaveModesWhenFreed takes the panes of a window that went out of their
// modes when tmux frees the window. Each queued notification about a
// window holds a reference to it, so tmux frees it, and its panes leave
// their modes with a notification each, once the last of those has run.
func (st *state) leaveModesWhenFreed(core *windowCore, panes []*paneState) {
	for i, e := range slices.Backward(st.events) {
		if e.w != nil && e.w.windowCore == core {
			st.events[i].freed = append(st.events[i].freed, panes...)
			return
		}
	}
	for _, p := range panes {
		st.resetModes(p)
	}
}

// detachWindow takes w out of its session as tmux's session_detach does:
// a current window hands over to the window used before, else the
// previous index (wrapping round), else the next; a session left with no
// window goes.
func (st *state) detachWindow(w *window) {
	s := w.session
	was := s.current
	if s.current == w && !s.selectLast() && !s.selectPrevious(false) {
		s.selectNext(false)
	}
	st.windowChanged(s, was)
	s.lastw = slices.DeleteFunc(s.lastw, func(x *window) bool { return x == w })
	s.remove(w)
	st.notify(event{kind: eventWindowUnlinked, w: w})
	if len(s.winlinks) != 0 {
		st.syncGroup(s)
		return
	}
	if slices.Contains(st.sessions, s) {
		// A session left empty takes its whole group with it.
		others := st.leaveGroup(s)
		st.closeSession(s)
		for _, o := range others {
			st.leaveGroup(o)
			st.closeSession(o)
			for _, l := range slices.Clone(o.winlinks) {
				st.unlinkWindow(l)
			}
		}
	}
}

// closeSession removes a session whose last window has gone, or that is
// being killed.
func (st *state) closeSession(s *session) {
	st.removeSession(s)
	st.moveFrom(s)
	st.notify(event{kind: eventSessionsChanged, s: s, hook: "session-closed"})
}

// destroySession kills a session: tmux tells of its end before it
// unlinks its windows.
func (st *state) destroySession(s *session) {
	st.leaveGroup(s)
	st.closeSession(s)
	// tmux's session_destroy forgets the current window first, so none
	// takes over from it.
	s.current, s.lastw = nil, nil
	// A window linked elsewhere (a group's, for one) lives on there.
	for _, w := range s.teardownOrder() {
		if len(w.links) > 1 {
			st.unlinkWindow(w)
		} else {
			st.destroyWindow(w)
		}
	}
}

// destroyOthers is kill-session -a and kill-pane -a: every one of all but
// keep goes, in order. It walks a copy, since each destroy changes all.
func destroyOthers[T comparable](all []T, keep T, destroy func(T)) {
	for _, x := range slices.Clone(all) {
		if x != keep {
			destroy(x)
		}
	}
}

// sessionEnviron is the environment tmux gives a program it starts for
// session s (nil: none), as its environ_for_session builds it: the global
// environment, then the session's, then tmux's own variables; TERM only
// with withTERM, as tmux leaves it out for jobs of its configuration.
func (c *client) sessionEnviron(s *session, withTERM bool) environ {
	st := c.st
	var e environ
	e.copy(&st.env)
	idx := -1
	if s != nil {
		e.copy(&s.env)
		idx = s.id
	}
	if withTERM {
		e.set("TERM", st.options.get("default-terminal"), false)
		e.set("TERM_PROGRAM", "tmux", false)
		e.set("TERM_PROGRAM_VERSION", Version, false)
	}
	e.set("TMUX", c.s.opts.SocketPath+","+strconv.Itoa(os.Getpid())+","+strconv.Itoa(idx), false)
	return e
}

func indexOf[T comparable](xs []T, x T) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}

// stringifyArgv joins a command as tmux shows it in pane_start_command,
// each word escaped as tmux's args_escape escapes it.
func stringifyArgv(argv []string) string {
	parts := make([]string, len(argv))
	for i, a := range argv {
		parts[i] = escapeArg(a)
	}
	return strings.Join(parts, " ")
}

// escapeArg is tmux's args_escape: a word with a space or one of #';${}%
// goes in double quotes, one with a double quote (and none of those) in
// single quotes; a one-character word that needs quoting, or a leading
// ~, gets a backslash instead. Inside, as the vis(3) tmux uses: a
// backslash is doubled, controls are C-style or octal escapes, and in
// double quotes a double quote, and a $ that starts a variable name, are
// escaped.
func escapeArg(s string) string {
	if s == "" {
		return "''"
	}
	quote := ""
	switch {
	case strings.ContainsAny(s, " #';${}%"):
		quote = `"`
	case strings.ContainsAny(s, ` "`):
		quote = "'"
	}
	if len(s) == 1 && s != " " && (quote != "" || s == "~") {
		return `\` + s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			b.WriteString(`\\`)
		case quote == `"` && c == '"':
			b.WriteString(`\"`)
		case quote == `"` && c == '$' && i+1 < len(s) && startsName(s[i+1]):
			b.WriteString(`\$`)
		case c < ' ' || c == 0x7f:
			if e := strings.IndexByte("\a\b\t\n\v\f\r", c); e >= 0 {
				b.WriteString(`\` + string("abtnvfr"[e]))
			} else {
				fmt.Fprintf(&b, `\%03o`, c)
			}
		default:
			b.WriteByte(c)
		}
	}
	escaped := b.String()
	if strings.HasPrefix(escaped, "~") {
		escaped = `\` + escaped
	}
	return quote + escaped + quote
}

// startsName says whether c can start a shell variable's name (or its
// braces).
func startsName(c byte) bool {
	return c == '_' || c == '{' || 'a' <= c|0x20 && c|0x20 <= 'z'
}
