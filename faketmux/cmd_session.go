package faketmux

import (
	"os"
	"slices"
	"strconv"
	"strings"
)

// sessionCommands are the session commands, as tmux's cmd-*.c declare them.
var sessionCommands = []*cmdEntry{
	{name: "new-session", alias: "new", template: "Ac:dDe:EF:f:n:Ps:t:x:Xy:", lower: 0, upper: -1, usage: `[-AdDEPX] [-c start-directory] [-e environment] [-F format] [-f flags] [-n window-name] [-s session-name] [-t target-session] [-x width] [-y height] [shell-command]`, startServer: true, exec: cmdNewSession},
	{name: "has-session", alias: "has", template: "t:", lower: 0, upper: 0, usage: `[-t target-session]`, target: targetSpec{kind: findSession}, exec: cmdHasSession},
	{name: "kill-session", alias: "", template: "aCt:", lower: 0, upper: 0, usage: `[-aC] [-t target-session]`, target: targetSpec{kind: findSession}, exec: cmdKillSession},
	{name: "rename-session", alias: "rename", template: "t:", lower: 1, upper: 1, usage: `[-t target-session] new-name`, target: targetSpec{kind: findSession}, exec: cmdRenameSession},
	{name: "list-sessions", alias: "ls", template: "F:f:", lower: 0, upper: 0, usage: `[-F format] [-f filter]`, exec: cmdListSessions},
}

const (
	newSessionTemplate   = "#{session_name}:"
	listSessionsTemplate = "#{session_name}: #{session_windows} windows (created #{t:session_created})" +
		"#{?session_grouped, (group ,}#{session_group}#{?session_grouped,),}#{?session_attached, (attached),}"
)

// sessionName is tmux's session_check_name: ':' and '.' become '_', and
// the name is made visible as buffer samples are.
func sessionName(name string) (string, bool) {
	if name == "" {
		return "", false
	}
	name = strings.NewReplacer(":", "_", ".", "_").Replace(name)
	return strvis([]byte(name)), true
}

// parseSize is new-session's -x/-y: 1 to 65535, "-" for the default.
func parseSize(a *args, letter byte, def int, msg string) (int, error) {
	v, ok := a.get(letter)
	if !ok || v == "-" {
		return def, nil
	}
	n, err := strtonum(v, 1, 65535)
	if err != nil {
		return 0, errorf(msg, err)
	}
	return n, nil
}

func cmdNewSession(c *client, it *cmdItem) error {
	a := it.args
	if a.has('t') && (len(a.values) != 0 || a.has('n')) {
		return errorf(errCommandWithTarget)
	}
	var name string
	named := false
	if v, ok := a.get('s'); ok {
		expanded := c.formatter().expand(v)
		var valid bool
		if name, valid = sessionName(expanded); !valid {
			return errorf(errInvalidSession, expanded)
		}
		named = true
	}
	if a.has('A') && named && c.st.findSession(name) != nil {
		if err := c.terminalClient(); err != nil {
			return err
		}
		s := c.st.findSession(name)
		c.detachOthers(s, a.has('D'), a.has('X'))
		if !a.has('E') {
			c.updateEnvironment(s)
		}
		c.attach(s, 1)
		c.ready()
		return nil
	}
	if named && c.st.findSession(name) != nil {
		return errorf(errDuplicateSession, name)
	}
	join, err := c.groupToJoin(a)
	if err != nil {
		return err
	}
	// A control client attaches without a terminal; with no client (the
	// configuration, a hook) the session is made detached, as tmux's is.
	if !a.has('d') && c.control == nil && !c.none {
		if err := c.terminalClient(); err != nil {
			return err
		}
	}
	width, err := parseSize(a, 'x', 80, errWidth)
	if err != nil {
		return err
	}
	height, err := parseSize(a, 'y', 24, errHeight)
	if err != nil {
		return err
	}
	// With no terminal to size it, a session takes the global
	// default-size, where -x and -y do not say.
	if x, y, ok := readSize(c.st.sessionOptions.get("default-size")); ok {
		if !a.has('x') {
			width = x
		}
		if !a.has('y') {
			height = y
		}
	}
	if cc := c.control; cc != nil && cc.tty != nil && !a.has('d') {
		// A terminal's new session takes its size, less the status line.
		width, height = cc.size.sx, cc.size.sy
		if c.st.sessionOptions.get("status") != "off" {
			height--
		}
	}
	width, height = max(width, 1), max(height, 1)
	// The session's directory is -c as given, not made absolute: only
	// its panes' are, as spawn_pane makes them.
	cwd := c.cwds(nil)[0]
	if v, ok := a.get('c'); ok {
		cwd = c.formatter().expand(v)
	}
	if cwd == "" {
		cwd, _ = os.Getwd()
	}
	st := c.st
	now := c.s.now()
	s := &session{
		id: st.nextSession, created: now, activity: now, cwd: cwd, clock: c.s.now, selected: st.windowSelected,
		options: newOptions(st.sessionOptions),
	}
	if a.has('x') || a.has('y') {
		// tmux keeps the size asked for as the session's own
		// default-size, which its new windows take.
		s.options.values["default-size"] = strconv.Itoa(width) + "x" + strconv.Itoa(height)
	}
	st.nextSession++
	if named {
		s.name = name
	} else {
		for {
			s.name = strconv.Itoa(s.id)
			if join.prefix != "" {
				s.name = join.prefix + "-" + s.name
			}
			if st.findSession(s.name) == nil {
				break
			}
			s.id = st.nextSession
			st.nextSession++
		}
	}
	// The configuration runs with no client to take variables from.
	if c.env != nil && !a.has('E') {
		s.env.update(c.env, st.sessionOptions.getArray("update-environment"))
	}
	for _, kv := range allValues(a, 'e') {
		s.env.put(kv)
	}
	winName, _ := a.get('n')
	// tmux's default_window_size keeps the first window within its limits,
	// whatever size the session was given.
	w, err := c.newWindow(s, s.options.number("base-index"), winName, a.values, c.spawnDir(s, a), windowBound(width), windowBound(height), nil)
	if err != nil {
		return err
	}
	s.current = w
	st.addSession(s)
	if join.grouped {
		st.joinGroup(s, join)
		w = s.current
	}
	st.notify(event{kind: eventSessionsChanged, s: s, hook: "session-created"})
	st.showConfigErrors(s)
	c.touch(s)
	if !a.has('d') {
		c.attach(s, 0)
		c.ready()
	}
	it.raiseHook("after-new-session", target{s: s, w: w, p: w.active})
	if a.has('P') {
		template, ok := a.get('F')
		if !ok {
			template = newSessionTemplate
		}
		c.print(c.formatIn(w, w.active).expand(template))
	}
	return nil
}

// groupJoin is where new-session -t puts the new session: the group
// (nil: a new one, named name, and holding with first if with is set),
// and the prefix of the session's name when it is not given one.
type groupJoin struct {
	grouped bool
	group   *sessionGroup
	with    *session
	name    string
	prefix  string
}

// groupToJoin reads new-session's -t: a session, whose group the new
// session joins (made for it if it has none), else the name of a group.
func (c *client) groupToJoin(a *args) (groupJoin, error) {
	value, ok := a.get('t')
	if !ok {
		return groupJoin{}, nil
	}
	j := groupJoin{grouped: true, name: value}
	// Not finding the session is no error: the value names a group.
	if t, err := c.findTarget(value, true, findSession); err == nil {
		j.with = t.s
		j.group = t.s.group
		j.name, j.prefix = t.s.name, t.s.name
	} else {
		j.group = c.st.findGroup(value)
	}
	switch {
	case j.group != nil:
		j.prefix = j.group.name
	case j.with == nil:
		prefix, valid := sessionName(value)
		if !valid {
			return groupJoin{}, errorf(errInvalidGroup, value)
		}
		j.prefix = prefix
	}
	return j, nil
}

// sessionGroup is a session group: sessions that share their windows,
// each with its own current window, as tmux's session_group.
type sessionGroup struct {
	name     string
	sessions []*session // in the order they joined
}

func (st *state) findGroup(name string) *sessionGroup {
	for _, g := range st.groups {
		if g.name == name {
			return g
		}
	}
	return nil
}

// joinGroup puts a new session in the group j names, in place of the
// window it was made with, and makes its first window current.
func (st *state) joinGroup(s *session, j groupJoin) {
	g := j.group
	if g == nil {
		g = &sessionGroup{name: j.name}
		st.groups = append(st.groups, g)
		if j.with != nil {
			g.sessions, j.with.group = []*session{j.with}, g
		}
	}
	g.sessions = append(g.sessions, s)
	s.group = g
	for _, o := range g.sessions {
		if o != s {
			st.syncSession(o, s)
			break
		}
	}
	s.setCurrent(s.winlinks[0])
}

// leaveGroup takes s out of its group, which goes when it is left empty,
// and returns the group's other sessions.
func (st *state) leaveGroup(s *session) []*session {
	g := s.group
	if g == nil {
		return nil
	}
	s.group = nil
	g.sessions = slices.DeleteFunc(g.sessions, func(x *session) bool { return x == s })
	if len(g.sessions) == 0 {
		st.groups = slices.DeleteFunc(st.groups, func(x *sessionGroup) bool { return x == g })
	}
	return slices.Clone(g.sessions)
}

// syncGroup gives the other sessions of from's group from's windows, as
// tmux does after each change to a grouped session's windows.
func (st *state) syncGroup(from *session) {
	if from.group == nil {
		return
	}
	for _, o := range from.group.sessions {
		if o != from {
			st.syncSession(from, o)
		}
	}
}

// syncSession makes s's windows from's, at the same indexes, as tmux's
// session_group_synchronize1: every place is made anew. s keeps its
// current window and last-window stack by index, where from still has
// that index; an empty from (about to go) changes nothing.
func (st *state) syncSession(from, s *session) {
	if len(from.winlinks) == 0 {
		return
	}
	if s.current != nil && from.windowAt(s.current.index) == nil && !s.selectLast() && !s.selectPrevious(false) {
		s.selectNext(false)
	}
	old, oldLast, oldCurrent := s.winlinks, s.lastw, s.current
	s.winlinks, s.lastw, s.current = nil, nil, nil
	s.places.Reset()
	for _, l := range from.winlinks {
		n := &window{index: l.index, session: s, windowCore: l.windowCore}
		l.links = append(l.links, n)
		s.insert(n)
		st.notify(event{kind: eventWindowLinked, w: n})
	}
	if oldCurrent != nil {
		s.current = s.windowAt(oldCurrent.index)
	} else {
		s.current = s.windowAt(from.current.index)
	}
	for _, l := range oldLast {
		if n := s.windowAt(l.index); n != nil {
			s.lastw = append(s.lastw, n)
		}
	}
	for _, l := range old {
		if !slices.ContainsFunc(s.winlinks, func(n *window) bool { return n.windowCore == l.windowCore }) {
			st.notify(event{kind: eventWindowUnlinked, w: l})
		}
		st.dropLink(l)
	}
}

// touch marks a session as the most recently used, which makes it the
// current target for later commands from outside tmux.
func (c *client) touch(s *session) {
	c.st.activity++
	s.activity = c.s.now()
	s.seq = c.st.activity
}

func allValues(a *args, letter byte) []string {
	var vs []string
	for _, f := range a.flags {
		if f.letter == letter {
			vs = append(vs, f.value)
		}
	}
	return vs
}

// has-session fails only through its target, which the queue found.
func cmdHasSession(c *client, it *cmdItem) error { return nil }

func cmdKillSession(c *client, it *cmdItem) error {
	a, t := it.args, it.target
	if a.has('C') {
		return nil
	}
	if a.has('a') {
		destroyOthers(c.st.sessions, t.s, c.st.destroySession)
		return nil
	}
	c.st.destroySession(t.s)
	return nil
}

func cmdRenameSession(c *client, it *cmdItem) error {
	t := it.target
	expanded := c.formatForTarget(t).expand(it.args.values[0])
	name, valid := sessionName(expanded)
	if !valid {
		return errorf(errInvalidSession, expanded)
	}
	if name == t.s.name {
		return nil
	}
	if c.st.findSession(name) != nil {
		return errorf(errDuplicateSession, name)
	}
	c.st.removeSession(t.s)
	t.s.name = name
	c.st.addSession(t.s)
	c.st.notify(event{kind: eventSessionRenamed, s: t.s})
	return nil
}

func cmdListSessions(c *client, it *cmdItem) error {
	a := it.args
	template, ok := a.get('F')
	if !ok {
		template = listSessionsTemplate
	}
	filter, filtered := a.get('f')
	for _, s := range c.st.sessions {
		f := c.formatIn(s.current, s.current.active).withoutClient()
		f.kind = findSession
		if filtered && !formatTrue(f.expand(filter)) {
			continue
		}
		c.print(f.expand(template))
	}
	return nil
}
