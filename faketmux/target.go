package faketmux

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// findType is what a -t names: tmux resolves the same string differently
// for a session, a window or a pane.
type findType int

const (
	findNone findType = iota // no target to resolve
	findSession
	findWindow
	findPane
)

// target is a resolved -t or -s: a session, its window and the pane; for a
// window index target, the session and the index.
type target struct {
	s   *session
	w   *window
	p   *paneState
	idx int // a window index target's index; -1: the next free one
}

// current is the target a command gets without -t when run from outside
// tmux: the session used most recently, its current window, active pane.
func (st *state) current() (target, bool) {
	var best *session
	for _, s := range st.sessions {
		if best == nil || s.seq > best.seq {
			best = s
		}
	}
	if best == nil {
		return target{}, false
	}
	if best.current == nil {
		// A window is taking its current one's place (new-window -k).
		return target{s: best}, true
	}
	return target{s: best, w: best.current, p: best.current.active}, true
}

// findTarget resolves a -t value the way tmux's cmd_find_target does for
// the forms clients use: %N, @N, $N, session, session:window,
// session:window.pane, window.pane, =exact, indexes, names, prefixes and
// patterns. On failure the target holds what tmux had found by then, which
// commands that may fail to find theirs (display-message, the options
// commands) go on with.
func (c *client) findTarget(spec string, given bool, kind findType) (target, error) {
	cur, haveCur := c.current()
	return c.findTargetFrom(cur, haveCur, spec, given, kind)
}

// findTargetFrom is findTarget with cur for the current target, which a
// relative or missing spec starts from.
func (c *client) findTargetFrom(cur target, haveCur bool, spec string, given bool, kind findType) (target, error) {
	// tmux finds the current state before it reads the target, so with no
	// session even a target that names one fails so.
	if !haveCur {
		return target{}, errorf(errNoCurrentTarget)
	}
	if !given || spec == "" {
		return cur, nil
	}
	switch spec {
	case "=", "{mouse}":
		return c.mouseTarget(kind)
	case "~", "{marked}":
		if m, ok := c.st.markedPane(); ok {
			return m, nil
		}
		return target{}, errorf(errNoMarkedTarget)
	}
	parts := splitTarget(spec, kind)
	sessPart, winPart, panePart := parts.sess, parts.win, parts.pane
	exactSess, exactWin, winOnly, paneOnly := parts.exactSess, parts.exactWin, parts.winOnly, parts.paneOnly
	hasSess, hasWin, hasPane := sessPart != "", winPart != "", panePart != ""

	var t target
	switch {
	case hasSess:
		s := c.st.lookupSession(sessPart, exactSess)
		if s == nil {
			return t, errorf(errCantFindSession, sessPart)
		}
		t = target{s: s, w: s.current, p: s.current.active}
		if hasWin {
			w, partial := s.findWindow(winPart, exactWin)
			if w == nil {
				// tmux starts from the current window, and drops it
				// once an index or name fails (for the first window a
				// name matched, when it matched several); an unknown
				// @id keeps it.
				if !strings.HasPrefix(winPart, "@") {
					t.w = partial
				}
				t.p = nil
				return t, errorf(errCantFindWindow, winPart)
			}
			t.w, t.p = w, w.active
		}
		if hasPane {
			return c.paneIn(t, panePart)
		}
		return t, nil
	case hasWin:
		t, ok := c.lookupWindowAnywhere(cur, winPart, exactWin, winOnly)
		if !ok {
			// What is left found: the current session, unless the name
			// was also tried, and failed, as a session or an @id.
			if winOnly && !strings.HasPrefix(winPart, "@") {
				t.s = cur.s
			}
			return t, errorf(errCantFindWindow, winPart)
		}
		if hasPane {
			return c.paneIn(t, panePart)
		}
		return t, nil
	case hasPane:
		if strings.HasPrefix(panePart, "%") {
			p := c.st.lookupPaneID(panePart)
			if p == nil {
				return t, errorf(errCantFindPane, panePart)
			}
			w := c.st.bestPlace(p.window.windowCore)
			if w == nil {
				w = p.window // a window between sessions
			}
			return target{s: w.session, w: w, p: p}, nil
		}
		if p := c.st.lookupPaneIn(cur.w, panePart, cur.p); p != nil {
			return target{s: cur.s, w: cur.w, p: p}, nil
		}
		if !paneOnly {
			t, ok := c.lookupWindowAnywhere(cur, panePart, false, false)
			if ok {
				return t, nil
			}
			return t, errorf(errCantFindPane, panePart)
		}
		return target{s: cur.s, w: cur.w}, errorf(errCantFindPane, panePart)
	}
	return cur, nil
}

// targetParts is a target cut as tmux's cmd_find_target cuts it: its
// session, window and pane parts (empty for none), without the '=' that
// asks for an exact match and with the {tokens} mapped; winOnly and
// paneOnly say that the window came after a ':' or the pane after a '.'.
type targetParts struct {
	sess, win, pane     string
	exactSess, exactWin bool
	winOnly, paneOnly   bool
}

// splitTarget cuts spec into its parts; a spec with no ':' or '.' is a
// session, window or pane by its first character, else by kind.
func splitTarget(spec string, kind findType) targetParts {
	var p targetParts
	if colon := strings.IndexByte(spec, ':'); colon >= 0 {
		p.sess, p.win, p.winOnly = spec[:colon], spec[colon+1:], true
		if dot := strings.IndexByte(p.win, '.'); dot >= 0 {
			p.win, p.pane, p.paneOnly = p.win[:dot], p.win[dot+1:], true
		}
	} else if dot := strings.IndexByte(spec, '.'); dot >= 0 {
		p.win, p.pane, p.paneOnly = spec[:dot], spec[dot+1:], true
	} else {
		switch {
		case spec[0] == '$':
			p.sess = spec
		case spec[0] == '@':
			p.win = spec
		case spec[0] == '%':
			p.pane = spec
		case kind == findSession:
			p.sess = spec
		case kind == findWindow:
			p.win = spec
		default:
			p.pane = spec
		}
	}
	p.sess, p.exactSess = strings.CutPrefix(p.sess, "=")
	p.win, p.exactWin = strings.CutPrefix(p.win, "=")
	p.win = mapTarget(windowTokens, p.win)
	p.pane = mapTarget(paneTokens, p.pane)
	return p
}

// windowByID is the window whose id is name ("@N"), nil for none.
func (st *state) windowByID(name string) *windowCore {
	for _, s := range st.sessions {
		for _, w := range s.winlinks {
			if "@"+strconv.Itoa(w.id) == name {
				return w.windowCore
			}
		}
	}
	return nil
}

// bestPlace is where a window or pane id finds window w, as tmux's
// cmd_find_best_session_with_window has it: in the session used most
// recently of those holding w (the first by name on a tie), at that
// session's place for it (placeOf). nil when no session holds w.
func (st *state) bestPlace(w *windowCore) *window {
	var best *session
	for _, s := range st.sessions {
		if (best == nil || s.seq > best.seq) && s.holds(w) {
			best = s
		}
	}
	if best == nil {
		return nil
	}
	return best.placeOf(w)
}

func (s *session) holds(w *windowCore) bool {
	return slices.ContainsFunc(s.winlinks, func(l *window) bool { return l.windowCore == w })
}

// placeOf is s's place for window w, as tmux's
// cmd_find_best_winlink_with_window picks one: the current window if it
// is w, else w's place with the lowest index.
func (s *session) placeOf(w *windowCore) *window {
	if s.current != nil && s.current.windowCore == w {
		return s.current
	}
	for _, l := range s.winlinks {
		if l.windowCore == w {
			return l
		}
	}
	return nil
}

// windowTokens and paneTokens are the {word} forms of targets, as the
// single characters (or words) tmux maps them to.
var (
	windowTokens = map[string]string{"{start}": "^", "{last}": "!", "{end}": "$", "{next}": "+", "{previous}": "-"}
	paneTokens   = map[string]string{
		"{last}": "!", "{next}": "+", "{previous}": "-", "{top}": "top", "{bottom}": "bottom",
		"{left}": "left", "{right}": "right", "{top-left}": "top-left", "{top-right}": "top-right",
		"{bottom-left}": "bottom-left", "{bottom-right}": "bottom-right",
	}
)

func mapTarget(tokens map[string]string, s string) string {
	if v, ok := tokens[s]; ok {
		return v
	}
	return s
}

// currentPane is the pane relative targets ({up-of}, +, -) start from.
func (c *client) currentPane() *paneState {
	cur, _ := c.current()
	return cur.p
}

// lookupWindowAnywhere finds a window by id, else in the current session,
// else (unless only a window was asked for) as a session's current window.
// On failure, the target holds the first window of several a name matched.
func (c *client) lookupWindowAnywhere(cur target, name string, exact, only bool) (target, bool) {
	if strings.HasPrefix(name, "@") {
		if w := c.st.bestPlace(c.st.windowByID(name)); w != nil {
			return target{s: w.session, w: w, p: w.active}, true
		}
		return target{}, false
	}
	w, partial := cur.s.findWindow(name, exact)
	if w != nil {
		return target{s: cur.s, w: w, p: w.active}, true
	}
	if !only {
		if s := c.st.lookupSession(name, false); s != nil {
			return target{s: s, w: s.current, p: s.current.active}, true
		}
	}
	return target{w: partial}, false
}

// lookupSession: $id, exact name, then (unless exact) a unique prefix,
// then a unique pattern.
func (st *state) lookupSession(name string, exact bool) *session {
	if strings.HasPrefix(name, "$") {
		for _, s := range st.sessions {
			if "$"+strconv.Itoa(s.id) == name {
				return s
			}
		}
		return nil
	}
	if s := st.findSession(name); s != nil {
		return s
	}
	if exact {
		return nil
	}
	if s, n := uniqueSession(st.sessions, func(s *session) bool { return strings.HasPrefix(s.name, name) }); n > 0 {
		return s
	}
	s, _ := uniqueSession(st.sessions, func(s *session) bool { return fnmatch(name, s.name, false) })
	return s
}

// uniqueSession returns the one session match accepts, with how many did
// (a nil session when not exactly one).
func uniqueSession(sessions []*session, match func(*session) bool) (*session, int) {
	var found *session
	n := 0
	for _, s := range sessions {
		if match(s) {
			found = s
			n++
		}
	}
	if n != 1 {
		return nil, n
	}
	return found, n
}

// lookupWindow finds a window of s by @id, index, exact name, then
// (unless exact) a unique name prefix or pattern.
func (s *session) lookupWindow(name string, exact bool) *window {
	w, _ := s.findWindow(name, exact)
	return w
}

// findWindow is lookupWindow with what tmux's lookup leaves behind when it
// fails: the first window of those a name matched, when it matched more
// than one, where a command that may fail to find its target goes on.
func (s *session) findWindow(name string, exact bool) (found, partial *window) {
	if strings.HasPrefix(name, "@") {
		for _, w := range s.winlinks {
			if "@"+strconv.Itoa(w.id) == name {
				return s.placeOf(w.windowCore), nil
			}
		}
		return nil, nil
	}
	if !exact && (name[0] == '+' || name[0] == '-') {
		// An offset from the current window, wrapping round; a count
		// that is not a number moves by none.
		n := 1
		if len(name) > 1 {
			n, _ = strtonum(name[1:], 1, math.MaxInt32)
		}
		i := slices.Index(s.winlinks, s.current)
		if name[0] == '-' {
			n = -n
		}
		count := len(s.winlinks)
		return s.winlinks[((i+n)%count+count)%count], nil
	}
	if !exact {
		switch name {
		case "^":
			return s.winlinks[0], nil
		case "$":
			return s.winlinks[len(s.winlinks)-1], nil
		case "!":
			return s.last(), nil
		}
	}
	if idx, err := strtonum(name, 0, math.MaxInt32); err == nil && name[0] != '+' && name[0] != '-' {
		for _, w := range s.winlinks {
			if w.index == idx {
				return w, nil
			}
		}
	}
	matches := []func(w *window) bool{func(w *window) bool { return w.name == name }}
	if !exact {
		matches = append(matches,
			func(w *window) bool { return strings.HasPrefix(w.name, name) },
			func(w *window) bool { return fnmatch(name, w.name, false) })
	}
	for _, match := range matches {
		var first *window
		for _, w := range s.winlinks {
			if match(w) {
				if first != nil {
					return nil, first
				}
				first = w
			}
		}
		if first != nil {
			return first, nil
		}
	}
	return nil, nil
}

func (st *state) lookupPaneID(id string) *paneState {
	n, err := strconv.Atoi(strings.TrimPrefix(id, "%"))
	if err != nil {
		return nil
	}
	return st.panes[n]
}

// lookupPaneIn finds a pane of w as tmux's cmd_find_get_pane_with_window
// does: by %id, ! (the last pane), the pane next to the current one
// ({up-of}, ...), an offset from the current pane in pane order, an index,
// or a place in the window (top, bottom-left, ...).
func (st *state) lookupPaneIn(w *window, name string, cur *paneState) *paneState {
	if strings.HasPrefix(name, "%") {
		if p := st.lookupPaneID(name); p != nil && p.window == w {
			return p
		}
		return nil
	}
	if name == "!" {
		return w.lastPane
	}
	if d, ok := paneNeighbours[name]; ok {
		if cur == nil {
			return nil
		}
		return cur.window.neighbour(cur, d)
	}
	if (name[0] == '+' || name[0] == '-') && cur != nil {
		n := 1
		if len(name) > 1 {
			n, _ = strtonum(name[1:], 1, math.MaxInt32)
		}
		return stepPanes(w, cur, n, name[0] == '+')
	}
	if idx, err := strtonum(name, 0, math.MaxInt32); err == nil {
		for _, p := range w.panes {
			if p.index() == idx {
				return p
			}
		}
	}
	return w.paneAtPlace(name)
}

// stepPanes moves n panes on (or back) from p in pane order, as tmux's
// window_pane_next_by_number does: stepping off the end of p's own
// window's list wraps round into w's, which is how a current pane in
// another window leads into w.
func stepPanes(w *window, p *paneState, n int, forward bool) *paneState {
	step := func() {
		list := p.window.panes
		i := slices.Index(list, p)
		switch {
		case forward && i+1 < len(list):
			p = list[i+1]
		case forward:
			p = w.panes[0]
		case i > 0:
			p = list[i-1]
		default:
			p = w.panes[len(w.panes)-1]
		}
	}
	// tmux takes every step, which for a count of billions takes
	// seconds; once in w's list the steps go round it, so whole rounds
	// are left out.
	for ; n > 0 && !slices.Contains(w.panes, p); n-- {
		step()
	}
	for range n % max(len(w.panes), 1) {
		step()
	}
	return p
}

// paneNeighbours are the pane targets that name the current pane's
// neighbour, as select-pane -U -D -L -R finds it.
var paneNeighbours = map[string]direction{
	"{up-of}": {vertical: true}, "{down-of}": {vertical: true, forward: true},
	"{left-of}": {}, "{right-of}": {forward: true},
}

// paneAtPlace is the pane at a place in the window that tmux's
// window_find_string names: the middle of an edge or a corner (the first
// visible pane, in pane order, whose cells with their border hold it).
func (w *window) paneAtPlace(name string) *paneState {
	x, y := w.width/2, w.height/2
	right := w.width - 1
	top, bottom := w.edges().top, w.edges().bottom
	switch strings.ToLower(name) {
	case "top":
		y = top
	case "bottom":
		y = bottom
	case "left":
		x = 0
	case "right":
		x = right
	case "top-left":
		x, y = 0, top
	case "top-right":
		x, y = right, top
	case "bottom-left":
		x, y = 0, bottom
	case "bottom-right":
		x, y = right, bottom
	default:
		return nil
	}
	for _, p := range w.panes {
		if w.zoomed != nil && p != w.zoomed {
			continue
		}
		if x >= p.left && x <= p.left+p.width && y >= p.top && y <= p.top+p.height {
			return p
		}
	}
	return nil
}

// paneIn narrows t, a window found, to its pane named by panePart; on failure
// t keeps the window, as tmux's partial results do.
func (c *client) paneIn(t target, panePart string) (target, error) {
	p := c.st.lookupPaneIn(t.w, panePart, c.currentPane())
	if p == nil {
		t.p = nil
		return t, errorf(errCantFindPane, panePart)
	}
	t.p = p
	return t, nil
}

// findWindowIndex resolves a target as tmux's cmd_find_target does with
// CMD_FIND_WINDOW_INDEX, for the commands that put a window at an index
// that may be free: a session alone (or no target) gives -1, the next free
// index; an index, or an offset from the current window's, need not be in
// use; anything else names a window, whose index it gives. The target's
// window is the one found there: none for an index not in use, and the
// session's current window for an offset or a session alone.
func (c *client) findWindowIndex(v string) (target, error) {
	cur, haveCur := c.current()
	if !haveCur {
		return target{}, errorf(errNoCurrentTarget)
	}
	switch v {
	case "":
		return cur.withIndex(-1), nil
	case "=", "{mouse}", "~", "{marked}":
		// The marked pane's state has no index, as tmux's
		// server_set_marked leaves it.
		t, err := c.findTargetFrom(cur, true, v, true, findWindow)
		return t.withIndex(-1), err
	}
	p := splitTarget(v, findWindow)
	if p.pane != "" {
		return target{}, errorf(errPaneNotAllowed)
	}
	if p.sess != "" {
		s := c.st.lookupSession(p.sess, p.exactSess)
		if s == nil {
			return target{}, errorf(errCantFindSession, p.sess)
		}
		if p.win == "" {
			return s.windowTarget(s.current, -1), nil
		}
		if w, idx, ok := s.windowIndex(p.win, p.exactWin); ok {
			return s.windowTarget(w, idx), nil
		}
		return target{}, errorf(errCantFindWindow, p.win)
	}
	if p.win == "" {
		return cur.withIndex(-1), nil
	}
	if p.win[0] == '@' {
		if w := c.st.bestPlace(c.st.windowByID(p.win)); w != nil {
			return w.session.windowTarget(w, w.index), nil
		}
		return target{}, errorf(errCantFindWindow, p.win)
	}
	if w, idx, ok := cur.s.windowIndex(p.win, p.exactWin); ok {
		return cur.s.windowTarget(w, idx), nil
	}
	if !p.winOnly {
		if s := c.st.lookupSession(p.win, false); s != nil {
			return s.windowTarget(s.current, -1), nil
		}
	}
	return target{}, errorf(errCantFindWindow, p.win)
}

// withIndex is t with a window index.
func (t target) withIndex(idx int) target {
	t.idx = idx
	return t
}

// windowTarget is a window index target in s, at window w (nil for an
// index not in use).
func (s *session) windowTarget(w *window, idx int) target {
	t := target{s: s, w: w, idx: idx}
	if w != nil {
		t.p = w.active
	}
	return t
}

// windowIndex is the index name gives in s as a window index target, with
// the window tmux's cmd_find_get_window_with_session leaves: for an offset
// from the current window's index, the current window; for an index not in
// use, none.
func (s *session) windowIndex(name string, exact bool) (*window, int, bool) {
	if !exact && (name[0] == '+' || name[0] == '-') {
		// A count that is not a number is 0, as strtonum leaves it.
		n := 1
		if len(name) > 1 {
			n, _ = strtonum(name[1:], 1, math.MaxInt32)
		}
		cur := s.current.index
		if name[0] == '-' {
			return s.current, cur - n, n <= cur
		}
		return s.current, cur + n, math.MaxInt32-cur >= n
	}
	if name[0] != '+' && name[0] != '-' {
		if idx, err := strtonum(name, 0, math.MaxInt32); err == nil {
			return s.windowAt(idx), idx, true
		}
	}
	if w := s.lookupWindow(name, exact); w != nil {
		return w, w.index, true
	}
	return nil, 0, false
}
