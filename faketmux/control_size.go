package faketmux

import (
	"math"
	"slices"
)

// A control client's size, and the windows that follow it, as tmux's
// resize.c sizes windows to its clients: a control client counts once it
// has a size (refresh-client -C), for the windows of the session it is
// attached to, by each window's window-size (latest, largest or
// smallest; manual sizes are resize-window's).

// clientSize is what refresh-client -C gives a control client: its size
// (tmux's tty.sx and tty.sy, 80x24 until then) and its sizes for single
// windows.
type clientSize struct {
	sx, sy  int
	sized   bool         // tmux's CLIENT_SIZECHANGED
	windows map[int]size // by window id, tmux's client_window sizes
}

type size struct{ sx, sy int }

// counts is tmux's ignore_client_size, negated: whether cc's size counts.
func (st *state) counts(cc *controlClient) bool {
	if cc.session == nil || cc.exit || cc.suspended {
		return false
	}
	if cc.flags.ignoreSize {
		for _, other := range st.controls {
			if other.session != nil && !other.exit && !other.suspended && !other.flags.ignoreSize {
				return false
			}
		}
	}
	return cc.size.sized || len(cc.size.windows) > 0
}

// windowSize is tmux's recalculate_size's use of clients_calculate_size
// for window w: the size the counted clients whose sessions have w (with
// aggressive-resize, whose current window it is) give it, and whether any
// did.
func (st *state) windowSize(w *windowCore) (size, bool) {
	current := w.options.get("aggressive-resize") == "on"
	return st.clientsSize(w.options.get("window-size"), w, func(cc *controlClient) bool {
		s := cc.session
		if s.current == nil {
			return false
		}
		if current {
			return s.current.windowCore == w
		}
		return slices.ContainsFunc(s.winlinks, func(l *window) bool { return l.windowCore == w })
	})
}

// clientsSize is tmux's clients_calculate_size by kind (latest, largest
// or smallest) over the counted clients that takes takes, for window w
// (nil for a window not yet made): among several with latest, the
// window's latest client alone; a size a client gave for w alone bounds
// it.
func (st *state) clientsSize(kind string, w *windowCore, takes func(*controlClient) bool) (size, bool) {
	var clients []*controlClient
	for _, cc := range st.controls {
		if st.counts(cc) && takes(cc) {
			clients = append(clients, cc)
		}
	}
	if kind == "latest" && w != nil && len(clients) > 1 {
		clients = nil
		if w.latest != nil && st.counts(w.latest) && takes(w.latest) {
			clients = []*controlClient{w.latest}
		}
	}
	best := size{math.MaxInt, math.MaxInt}
	if kind == "largest" {
		best = size{0, 0}
	}
	windowSize := func(cc *controlClient) (size, bool) {
		if w == nil {
			return size{}, false
		}
		ws := cc.size.windows[w.id]
		return ws, ws.sx != 0 && ws.sy != 0
	}
	for _, cc := range clients {
		c := size{cc.size.sx, max(cc.size.sy-cc.statusLines(), 1)}
		if ws, ok := windowSize(cc); ok {
			c = ws
		}
		if kind == "largest" {
			best = size{max(best.sx, c.sx), max(best.sy, c.sy)}
		} else {
			best = size{min(best.sx, c.sx), min(best.sy, c.sy)}
		}
	}
	for _, cc := range clients {
		if ws, ok := windowSize(cc); ok {
			best = size{min(best.sx, ws.sx), min(best.sy, ws.sy)}
		}
	}
	if kind == "largest" {
		return best, best.sx != 0 && best.sy != 0
	}
	return best, best.sx != math.MaxInt && best.sy != math.MaxInt
}

// defaultWindowSize is tmux's default_window_size: the size a window of
// session s takes when it is made (w nil) or resize-window -A or -a
// sizes it, by kind (window-size's global value when ""): with latest,
// that of the control client making it, if it counts; else what the
// clients give (of sessions with w, or of s for a new window); else s's
// default-size.
func (st *state) defaultWindowSize(cc *controlClient, s *session, w *windowCore, kind string) (int, int) {
	if kind == "" {
		kind = st.windowOptions.get("window-size")
	}
	if kind == "latest" && cc != nil && st.counts(cc) {
		return windowBound(cc.size.sx), windowBound(cc.size.sy)
	}
	if kind != "manual" {
		to, ok := st.clientsSize(kind, w, func(other *controlClient) bool {
			switch {
			case kind == "latest":
				return true
			case w != nil:
				return slices.ContainsFunc(other.session.winlinks, func(l *window) bool { return l.windowCore == w })
			}
			return other.session == s
		})
		if ok {
			return windowBound(to.sx), windowBound(to.sy)
		}
	}
	return defaultSize(s)
}

// usedWindow is what tmux's select-window does last: a client attached
// to a session becomes the latest of its current window, and the windows
// are sized again.
func (c *client) usedWindow(s *session) {
	if cc := c.control; cc != nil && cc.session != nil {
		s.current.latest = cc
	}
	c.st.resizeSoon = true
}

// recalculateSizes is tmux's recalculate_sizes_now: every window its
// clients give a size is resized to it, and one sized manually to its
// manual size; now (as refresh-client -C asks) even to the size it has,
// which still tells of a layout change. Without now, tmux resizes from its
// event loop, which the emulator does where it looks at the windows
// (checkWindows), once resizeSoon asks; but a window sized manually at
// once (resizeManual).
func (st *state) recalculateSizes(now bool) {
	st.eachWindow(func(w *window) {
		if w.options.get("window-size") == "manual" {
			st.resizeManual(w, now)
		} else if to, ok := st.windowSize(w.windowCore); ok && (now || to.sx != w.width || to.sy != w.height) {
			st.resizeWindow(w, to.sx, to.sy)
		}
	})
}

// recalculateSoon is tmux's recalculate_sizes from a command: a window
// sized manually takes its manual size at once, the others when the
// windows are next looked at.
func (st *state) recalculateSoon() {
	st.resizeSoon = true
	st.eachWindow(func(w *window) {
		if w.options.get("window-size") == "manual" {
			st.resizeManual(w, false)
		}
	})
}

// resizeManual gives w its manual size, if it has another (or now).
func (st *state) resizeManual(w *window, now bool) {
	if now || w.manualWidth != w.width || w.manualHeight != w.height {
		st.resizeWindow(w, w.manualWidth, w.manualHeight)
	}
}

// eachWindow calls f once for each window with a pane, at its first place,
// in the order of their ids, as tmux walks its tree of windows.
func (st *state) eachWindow(f func(w *window)) {
	var firsts []*window
	for _, s := range st.sessions {
		for _, w := range s.winlinks {
			if w.active != nil && !slices.ContainsFunc(firsts, func(x *window) bool { return x.windowCore == w.windowCore }) {
				firsts = append(firsts, w)
			}
		}
	}
	slices.SortFunc(firsts, func(a, b *window) int { return a.id - b.id })
	for _, w := range firsts {
		f(w)
	}
}
