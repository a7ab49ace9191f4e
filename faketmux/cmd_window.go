package faketmux

import (
	"slices"
	"strconv"
)

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
	w.active = p
	w.name = name
	if name == "" {
		w.name = p.command
	}
	i, _ := slices.BinarySearchFunc(s.winlinks, idx, func(w *window, idx int) int { return w.index - idx })
	s.winlinks = slices.Insert(s.winlinks, i, w)
	return w, nil
}

func cmdNewWindow(c *client, a *args) error {
	v, given := a.get('t')
	var s *session
	idx := -1
	if given && v != "" {
		// A target that names a free index is where the window goes.
		t, err := c.findTarget(v, given, findWindow)
		if err == nil {
			s, idx = t.s, t.w.index
		} else if sess, win, ok := splitSessionWindow(v); ok {
			n, aerr := strconv.Atoi(win)
			if s = c.st.lookupSession(sess, false); s == nil || aerr != nil {
				return err
			}
			idx = n
			if sess == "" {
				cur, _ := c.st.current()
				s = cur.s
			}
		} else {
			return err
		}
	} else {
		cur, ok := c.st.current()
		if !ok {
			return errorf(errNoCurrentTarget)
		}
		s = cur.s
	}
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
	if !a.has('d') {
		s.last, s.current = s.current, w
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

// splitSessionWindow splits "sess:idx".
func splitSessionWindow(v string) (string, string, bool) {
	for i := 0; i < len(v); i++ {
		if v[i] == ':' {
			return v[:i], v[i+1:], true
		}
	}
	return "", "", false
}

func cmdKillWindow(c *client, a *args) error {
	v, ok := a.get('t')
	t, err := c.findTarget(v, ok, findWindow)
	if err != nil {
		return err
	}
	if a.has('a') {
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

func cmdRenameWindow(c *client, a *args) error {
	v, ok := a.get('t')
	t, err := c.findTarget(v, ok, findWindow)
	if err != nil {
		return err
	}
	t.w.name = c.formatFor(t.p).expand(a.values[0])
	t.w.options.values["automatic-rename"] = "off"
	return nil
}

func cmdListWindows(c *client, a *args) error {
	template, custom := a.get('F')
	filter, filtered := a.get('f')
	var sessions []*session
	if a.has('a') {
		sessions = c.st.sessions
		if !custom {
			template = listWindowsAllTemplate
		}
	} else {
		v, ok := a.get('t')
		t, err := c.findTarget(v, ok, findSession)
		if err != nil {
			return err
		}
		sessions = []*session{t.s}
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
