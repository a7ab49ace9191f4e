package faketmux

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/pane"
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
	shell := s.options.get("default-shell")
	var run []string
	start := stringifyArgv(argv)
	switch {
	case len(argv) == 1:
		run = []string{shell, "-c", argv[0]}
	case len(argv) > 1:
		run = argv
	case s.options.get("default-command") != "":
		start = s.options.get("default-command")
		run = []string{shell, "-c", start}
	default:
		run = []string{shell}
	}
	p := &paneState{
		id: st.nextPane, window: w, cwd: cwd, startCommand: start,
		command: filepath.Base(shell), title: hostname(),
		width: width, height: height, created: c.s.now(),
		historyLimit: s.options.number("history-limit"),
	}
	// The environment is built as tmux's spawn builds it: the global
	// environment, then the session's, then tmux's own variables.
	var child environ
	child.copy(&st.env)
	child.copy(&s.env)
	child.set("TERM", st.options.get("default-terminal"), false)
	child.set("TERM_PROGRAM", "tmux", false)
	child.set("TERM_PROGRAM_VERSION", tmuxVersion, false)
	child.set("TMUX", c.s.opts.SocketPath+","+strconv.Itoa(os.Getpid())+","+strconv.Itoa(s.id), false)
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
	child.set("PWD", cwd, false)
	env := child.pushed()
	prog, err := startProgram(pane.Options{
		Argv: run, Dir: cwd, Env: env, Cols: width, Rows: height, HistoryLimit: p.historyLimit,
		Output: func(b []byte) { st.paneOutput(p.id, b) },
	})
	if err != nil {
		return nil, errorf(errCreateWindow, err)
	}
	st.nextPane++
	p.prog = prog
	st.panes[p.id] = p
	go c.s.watchPane(st, p)
	return p, nil
}

// watchPane removes a pane whose program exited, with its window and
// session when they empty, and ends the server when tmux would.
func (s *Server) watchPane(st *state, p *paneState) {
	<-p.prog.Exited()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.st != st || st.panes[p.id] != p {
		return
	}
	st.destroyPane(p)
	s.exitIfDone()
}

// destroyPane removes a pane, closing its program, and the window and
// session it leaves empty.
func (st *state) destroyPane(p *paneState) {
	delete(st.panes, p.id)
	p.prog.Close()
	w := p.window
	i := indexOf(w.panes, p)
	w.panes = append(w.panes[:i], w.panes[i+1:]...)
	if len(w.panes) == 0 {
		st.destroyWindow(w)
		return
	}
	w.closePane(p)
	st.notify(event{kind: eventLayoutChanged, w: w})
	if w.active == p {
		st.notify(event{kind: eventPaneChanged, w: w})
		// Measured on tmux 3.3a: losing the active pane of a session's
		// current window takes its queue one item more.
		if w.session.current == w {
			st.notify(event{kind: eventSilent})
		}
	}
	// As tmux's window_lost_pane: the pane active before takes over, else
	// the one before in pane order, else the one after.
	switch {
	case w.active == p && w.lastPane != nil:
		w.active, w.lastPane = w.lastPane, nil
	case w.active == p:
		w.active = w.panes[max(0, i-1)]
	case w.lastPane == p:
		w.lastPane = nil
	}
}

func (st *state) destroyWindow(w *window) {
	for _, p := range append([]*paneState(nil), w.panes...) {
		delete(st.panes, p.id)
		p.prog.Close()
	}
	w.panes = nil
	s := w.session
	// As tmux's session_detach: the window used before, else the previous
	// index (wrapping round), else the next.
	was := s.current
	if s.current == w && !s.selectLast() && !s.selectPrevious() {
		s.selectNext()
	}
	st.windowChanged(s, was)
	s.lastw = slices.DeleteFunc(s.lastw, func(x *window) bool { return x == w })
	s.winlinks = slices.DeleteFunc(s.winlinks, func(x *window) bool { return x == w })
	st.notify(event{kind: eventWindowUnlinked, w: w})
	if len(s.winlinks) == 0 && slices.Contains(st.sessions, s) {
		st.closeSession(s)
	}
}

// closeSession removes a session whose last window has gone, or that is
// being killed.
func (st *state) closeSession(s *session) {
	st.removeSession(s)
	st.detachFrom(s)
	st.notify(event{kind: eventSessionsChanged})
}

// destroySession kills a session: tmux tells of its end before it
// unlinks its windows.
func (st *state) destroySession(s *session) {
	st.closeSession(s)
	for _, w := range append([]*window(nil), s.winlinks...) {
		st.destroyWindow(w)
	}
}

func indexOf[T comparable](xs []T, x T) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}

// stringifyArgv joins a command as tmux shows it in pane_start_command:
// an argument with a space or quote is double-quoted.
func stringifyArgv(argv []string) string {
	parts := make([]string, len(argv))
	for i, a := range argv {
		if strings.ContainsAny(a, " \t\"'\\$") {
			a = `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, `$`, `\$`).Replace(a) + `"`
		}
		parts[i] = a
	}
	return strings.Join(parts, " ")
}
