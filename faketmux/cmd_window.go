package faketmux

import (
	"slices"
	"strconv"
	"strings"
)

// windowCommands are the window commands, as tmux's cmd-*.c declare them.
var windowCommands = []*cmdEntry{
	{name: "new-window", alias: "neww", template: "abc:de:F:kn:PSt:", lower: 0, upper: -1, usage: `[-abdkPS] [-c start-directory] [-e environment] [-F format] [-n window-name] [-t target-window] [shell-command]`, target: targetSpec{kind: findWindow, windowIndex: true}, exec: cmdNewWindow},
	{name: "kill-window", alias: "killw", template: "at:", lower: 0, upper: 0, usage: `[-a] [-t target-window]`, target: targetSpec{kind: findWindow}, exec: cmdKillWindow},
	{name: "rename-window", alias: "renamew", template: "t:", lower: 1, upper: 1, usage: `[-t target-window] new-name`, target: targetSpec{kind: findWindow}, exec: cmdRenameWindow},
	{name: "list-windows", alias: "lsw", template: "F:f:at:", lower: 0, upper: 0, usage: `[-a] [-F format] [-f filter] [-t target-session]`, target: targetSpec{kind: findSession}, exec: cmdListWindows},
	{name: "select-window", alias: "selectw", template: "lnpTt:", lower: 0, upper: 0, usage: `[-lnpT] [-t target-window]`, target: targetSpec{kind: findWindow}, exec: cmdSelectWindow},
	{name: "next-window", alias: "next", template: "at:", lower: 0, upper: 0, usage: `[-a] [-t target-session]`, target: targetSpec{kind: findSession}, exec: cmdNextWindow},
	{name: "previous-window", alias: "prev", template: "at:", lower: 0, upper: 0, usage: `[-a] [-t target-session]`, target: targetSpec{kind: findSession}, exec: cmdPreviousWindow},
	{name: "last-window", alias: "last", template: "t:", lower: 0, upper: 0, usage: `[-t target-session]`, target: targetSpec{kind: findSession}, exec: cmdLastWindow},
}

const (
	newWindowTemplate   = "#{session_name}:#{window_index}.#{pane_index}"
	listWindowsTemplate = "#{window_index}: #{window_name}#{window_raw_flags} (#{window_panes} panes) " +
		"[#{window_width}x#{window_height}] [layout #{window_layout}] #{window_id}#{?window_active, (active),}"
	listWindowsAllTemplate = "#{session_name}:#{window_index}: #{window_name}#{window_raw_flags} " +
		"(#{window_panes} panes) [#{window_width}x#{window_height}] "
)

// newWindow creates a window at index idx of s with one pane running argv.
func (c *client) newWindow(s *session, idx int, name string, argv []string, cwd string, width, height int) (*window, error) {
	st := c.st
	w := &window{
		id: st.nextWindow, index: idx, session: s, width: width, height: height,
		options: newOptions(st.windowOptions), activity: c.s.now(),
	}
	p, err := c.spawnPane(w, argv, cwd, width, height, nil)
	if err != nil {
		return nil, err
	}
	st.nextWindow++
	w.panes = []*paneState{p}
	w.layout = newLeaf(p, width, height)
	st.setActive(w, p)
	w.name = name
	if name == "" {
		w.name = p.command
	}
	i, _ := slices.BinarySearchFunc(s.winlinks, idx, func(w *window, idx int) int { return w.index - idx })
	s.winlinks = slices.Insert(s.winlinks, i, w)
	st.notify(event{kind: eventWindowLinked, w: w})
	return w, nil
}

func cmdNewWindow(c *client, it *cmdItem) error {
	a := it.args
	s, idx := it.target.s, it.target.idx
	if idx >= 0 {
		for _, w := range s.winlinks {
			if w.index == idx {
				if a.has('k') {
					c.st.destroyWindow(w)
					break
				}
				return errorf(errCreateWindow, "index "+strconv.Itoa(idx)+" in use")
			}
		}
	} else {
		idx = s.options.number("base-index")
		for _, w := range s.winlinks {
			if w.index == idx {
				idx++
			}
		}
	}
	cwd := s.cwd
	if v, ok := a.get('c'); ok {
		cwd = c.formatter().expand(v)
	}
	name, _ := a.get('n')
	w, err := c.newWindow(s, idx, name, a.values, cwd, s.current.width, s.current.height)
	if err != nil {
		return err
	}
	if !a.has('d') && s.setCurrent(w) {
		// tmux makes the window current before it tells of its link.
		c.st.events = slices.Insert(c.st.events, len(c.st.events)-1, event{kind: eventWindowChanged, s: s})
	}
	if a.has('P') {
		template, ok := a.get('F')
		if !ok {
			template = newWindowTemplate
		}
		c.print(c.formatFor(w.active).expand(template))
	}
	return nil
}

// windowIndexTarget resolves a window target that names a session and an
// index that may be free (tmux's CMD_FIND_WINDOW_INDEX), as new-window's
// -t does; an index of -1 means the next free one.
func (c *client) windowIndexTarget(v string) (target, error) {
	cur, haveCur := c.current()
	if v == "" {
		if !haveCur {
			return target{}, errorf(errNoCurrentTarget)
		}
		return target{s: cur.s, idx: -1}, nil
	}
	sessPart, winPart, colon := strings.Cut(v, ":")
	var s *session
	switch {
	case !colon:
		winPart = v
		if haveCur {
			s = cur.s
		}
	case sessPart == "":
		if !haveCur {
			return target{}, errorf(errNoCurrentTarget)
		}
		s = cur.s
	default:
		exact := strings.HasPrefix(sessPart, "=")
		if s = c.st.lookupSession(strings.TrimPrefix(sessPart, "="), exact); s == nil {
			return target{}, errorf(errCantFindSession, strings.TrimPrefix(sessPart, "="))
		}
		if winPart == "" {
			return target{s: s, idx: -1}, nil
		}
	}
	if s != nil {
		if n, err := strconv.Atoi(winPart); err == nil && n >= 0 && winPart[0] != '+' {
			return target{s: s, idx: n}, nil
		}
		if w := s.lookupWindow(winPart, false); w != nil {
			return target{s: s, idx: w.index}, nil
		}
	}
	if !colon {
		if s := c.st.lookupSession(winPart, false); s != nil {
			return target{s: s, idx: -1}, nil
		}
	}
	return target{}, errorf(errCantFindWindow, winPart)
}

func cmdKillWindow(c *client, it *cmdItem) error {
	t := it.target
	if it.args.has('a') {
		for _, w := range append([]*window(nil), t.s.winlinks...) {
			if w != t.w {
				c.st.destroyWindow(w)
			}
		}
		return nil
	}
	c.st.destroyWindow(t.w)
	return nil
}

func cmdRenameWindow(c *client, it *cmdItem) error {
	t := it.target
	t.w.name = c.formatFor(t.p).expand(it.args.values[0])
	t.w.options.values["automatic-rename"] = "off"
	c.st.notify(event{kind: eventWindowRenamed, w: t.w})
	return nil
}

func cmdListWindows(c *client, it *cmdItem) error {
	a := it.args
	template, custom := a.get('F')
	filter, filtered := a.get('f')
	var sessions []*session
	if a.has('a') {
		sessions = c.st.sessions
		if !custom {
			template = listWindowsAllTemplate
		}
	} else {
		sessions = []*session{it.target.s}
		if !custom {
			template = listWindowsTemplate
		}
	}
	for _, s := range sessions {
		for _, w := range s.winlinks {
			f := c.formatFor(w.active)
			if filtered && !formatTrue(f.expand(filter)) {
				continue
			}
			c.print(f.expand(template))
		}
	}
	return nil
}

// windowMove is what select-window and its siblings do to a session's
// current window.
type windowMove int

const (
	moveTo windowMove = iota
	moveNext
	movePrevious
	moveLast
)

func cmdSelectWindow(c *client, it *cmdItem) error {
	a := it.args
	move := moveTo
	switch {
	case a.has('n'):
		move = moveNext
	case a.has('p'):
		move = movePrevious
	case a.has('l'):
		move = moveLast
	}
	return selectWindow(c, it, move)
}

// next-window, previous-window and last-window are select-window -n, -p
// and -l, with a session target.
func cmdNextWindow(c *client, it *cmdItem) error { return selectWindow(c, it, moveNext) }

func cmdPreviousWindow(c *client, it *cmdItem) error { return selectWindow(c, it, movePrevious) }

func cmdLastWindow(c *client, it *cmdItem) error { return selectWindow(c, it, moveLast) }

func selectWindow(c *client, it *cmdItem, move windowMove) error {
	a, t := it.args, it.target
	s := t.s
	defer c.st.windowChanged(s, s.current)
	switch {
	case move == moveNext:
		// -a moves to a window with an alert, and none ever has one here.
		if a.has('a') || !s.selectNext() {
			return errorf(errNoNextWindow)
		}
	case move == movePrevious:
		if a.has('a') || !s.selectPrevious() {
			return errorf(errNoPreviousWindow)
		}
	case move == moveLast, a.has('T') && t.w == s.current:
		// -T toggles: selecting the current window goes back.
		if !s.selectLast() {
			return errorf(errNoLastWindow)
		}
	default:
		s.setCurrent(t.w)
	}
	return nil
}
