package faketmux

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// windowCommands are the window commands, as tmux's cmd-*.c declare them.
var windowCommands = []*cmdEntry{
	{name: "new-window", alias: "neww", template: "abc:de:F:kn:PSt:", lower: 0, upper: -1, usage: `[-abdkPS] [-c start-directory] [-e environment] [-F format] [-n window-name] [-t target-window] [shell-command]`, target: targetSpec{kind: findWindow, windowIndex: true}, exec: cmdNewWindow},
	{name: "kill-window", alias: "killw", template: "at:", lower: 0, upper: 0, usage: `[-a] [-t target-window]`, target: targetSpec{kind: findWindow}, exec: cmdKillWindow},
	{name: "rename-window", alias: "renamew", template: "t:", lower: 1, upper: 1, usage: `[-t target-window] new-name`, target: targetSpec{kind: findWindow}, exec: cmdRenameWindow},
	{name: "move-window", alias: "movew", template: "abdkrs:t:", lower: 0, upper: 0, usage: `[-abdkr] [-s src-window] [-t dst-window]`, source: targetSpec{kind: findWindow}, exec: cmdMoveWindow},
	{name: "link-window", alias: "linkw", template: "abdks:t:", lower: 0, upper: 0, usage: `[-abdk] [-s src-window] [-t dst-window]`, source: targetSpec{kind: findWindow}, exec: cmdLinkWindow,
		differs: "In the command line that links a window, tmux counts the window-linked notification " +
			"still pending in `window_linked` and `window_linked_sessions`; the emulator counts the " +
			"window's places only."},
	{name: "unlink-window", alias: "unlinkw", template: "kt:", lower: 0, upper: 0, usage: `[-k] [-t target-window]`, target: targetSpec{kind: findWindow}, exec: cmdUnlinkWindow},
	{name: "swap-window", alias: "swapw", template: "ds:t:", lower: 0, upper: 0, usage: `[-d] [-s src-window] [-t dst-window]`, source: targetSpec{kind: findWindow, defaultMarked: true}, target: targetSpec{kind: findWindow}, exec: cmdSwapWindow},
	{name: "rotate-window", alias: "rotatew", template: "Dt:UZ", lower: 0, upper: 0, usage: `[-DUZ] [-t target-window]`, target: targetSpec{kind: findWindow}, exec: cmdRotateWindow},
	{name: "respawn-window", alias: "respawnw", template: "c:e:kt:", lower: 0, upper: -1, usage: `[-k] [-c start-directory] [-e environment] [-t target-window] [shell-command]`, target: targetSpec{kind: findWindow}, exec: cmdRespawnWindow,
		differs: "On a zoomed window, tmux 3.3a frees the layout under the zoom and keeps the window " +
			"zoomed, its layout then naming a freed pane; the emulator unzooms first. Of a window " +
			"of several panes, tmux 3.3a keeps the window's last pane pointing at a freed one, so " +
			"`!`, `{last}` and `select-pane -l` read freed memory; the emulator forgets the last pane."},
	{name: "resize-window", alias: "resizew", template: "aADLRt:Ux:y:", lower: 0, upper: 1, usage: `[-aADLRU] [-x width] [-y height] [-t target-window] [adjustment]`, target: targetSpec{kind: findWindow}, exec: cmdResizeWindow},
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
func (c *client) newWindow(s *session, idx int, name string, argv []string, cwd string, width, height int, env []string) (*window, error) {
	st := c.st
	w := c.makeWindow(s, idx, width, height)
	p, err := c.spawnPane(w, argv, cwd, width, height, env)
	if err != nil {
		return nil, err
	}
	st.nextWindow++
	w.links = []*window{w}
	w.hold(p)
	if name != "" {
		// tmux's spawn_window expands the name as a format, for the
		// session, whose current window is still the one before.
		t := target{s: s}
		if s.current != nil {
			t.w, t.p = s.current, s.current.active
		}
		name = c.formatForTarget(t).expand(name)
	}
	w.rename(name, p)
	st.setActive(w, p)
	s.insert(w)
	st.notify(event{kind: eventWindowLinked, w: w})
	st.syncGroup(s)
	return w, nil
}

// makeWindow makes a window, with no pane yet, whose place is index idx of
// s; it takes the next window id, which the caller counts as used.
func (c *client) makeWindow(s *session, idx, width, height int) *window {
	core := &windowCore{
		id: c.st.nextWindow, width: width, height: height, manualWidth: width, manualHeight: height,
		options: newOptions(c.st.windowOptions), activity: c.s.now(), lastPreset: -1,
		touched: time.Now(),
	}
	c.st.resetSilence(core) // tmux's window_create updates its activity
	return &window{index: idx, session: s, windowCore: core}
}

// hold makes p the one pane of w, filling it.
func (w *window) hold(p *paneState) {
	p.window = w
	w.panes = []*paneState{p}
	w.layout = newLeaf(p, w.width, w.height)
	w.fixPanes()
}

// rename names w, or with no name, as tmux's default_window_name does:
// after p's command, else its shell. A window named explicitly keeps its
// name: automatic-rename goes off, as in tmux.
func (w *window) rename(name string, p *paneState) {
	w.name = name
	switch {
	case name != "":
		w.options.values["automatic-rename"] = "off"
	case p.startCommand != "":
		w.name = parseWindowName(p.startCommand)
	default:
		w.name = p.command
	}
}

// setName names w as tmux's window_set_name does, for rename-window,
// break-pane and automatic-rename: escaped as strvis escapes (a backslash
// doubled, a tab as \t), where new-window -n keeps a name as it is.
func (w *window) setName(name string) { w.name = strvis([]byte(name)) }

// parseWindowName is a window's name from a command, as tmux's
// parse_window_name takes it: the first word, out of its quotes, without
// "exec " and leading dashes, trailing characters that are neither letters,
// digits nor punctuation, and a path's directories.
func parseWindowName(in string) string {
	name := strings.TrimPrefix(in, `"`)
	name, _, _ = strings.Cut(name, `"`)
	name = strings.TrimPrefix(name, "exec ")
	name = strings.TrimLeft(name, " -")
	name, _, _ = strings.Cut(name, " ")
	// isalnum and ispunct take only ASCII's visible characters here.
	for len(name) > 1 && (name[len(name)-1] <= ' ' || name[len(name)-1] >= 0x7f) {
		name = name[:len(name)-1]
	}
	if strings.HasPrefix(name, "/") {
		name = filepath.Base(name)
	}
	return name
}

func cmdNewWindow(c *client, it *cmdItem) error {
	a := it.args
	s, idx := it.target.s, it.target.idx
	// -S with -n and no index selects the one window of that name, if
	// there is one, rather than making another.
	if name, ok := a.get('n'); ok && a.has('S') && idx == -1 {
		var found *window
		for _, w := range s.winlinks {
			if w.name != name {
				continue
			}
			if found != nil {
				return errorf(errMultipleWindows, name)
			}
			found = w
		}
		if found != nil {
			if !a.has('d') {
				s.setCurrent(found)
			}
			return nil
		}
	}
	// -a and -b make room after or before the target window; a target
	// naming an index not in use is used as it is.
	if a.has('a') || a.has('b') {
		if i := s.shuffleUp(it.target.w, a.has('b')); i != -1 {
			idx = i
		}
	}
	// A new window is as big as the clients would make it, and with none
	// to size it, as the session's default-size says (tmux's
	// default_window_size).
	width, height := c.st.defaultWindowSize(c.control, s, nil, "")
	selectIt, replacesCurrent := !a.has('d'), false
	if idx >= 0 {
		if w := s.windowAt(idx); w != nil {
			if !a.has('k') {
				return errorf(errCreateWindow, "index "+strconv.Itoa(idx)+" in use")
			}
			// -k unlinks the window there; the new one takes its place,
			// and becomes current if that one was, even with -d.
			replacesCurrent = c.st.dropPlace(w)
		}
	} else {
		idx = s.options.number("base-index")
		for _, w := range s.winlinks {
			if w.index == idx {
				idx++
			}
		}
	}
	cwd := c.spawnDir(s, a)
	name, _ := a.get('n')
	w, err := c.newWindow(s, idx, name, a.values, cwd, width, height, allValues(a, 'e'))
	if err != nil {
		return err
	}
	// tmux's spawn: the window's latest client is the one making it. tmux
	// sizes windows again only later, when something calls for it (a
	// window selected, a client attached or gone): not for a new window.
	w.latest = c.control
	if replacesCurrent {
		// tmux's spawn_window puts it in the empty place without telling:
		// no session-window-changed, no last window.
		s.current = w
	} else if selectIt && s.setCurrent(w) {
		// tmux makes the window current before it tells of its link.
		c.st.events = slices.Insert(c.st.events, len(c.st.events)-1, event{kind: eventWindowChanged, s: s})
	}
	it.raiseHook("after-new-window", target{s: s, w: w, p: w.active})
	if a.has('P') {
		template, ok := a.get('F')
		if !ok {
			template = newWindowTemplate
		}
		c.print(c.formatForTarget(target{s: s, w: w, p: w.active}).expand(template))
	}
	return nil
}

// cmdMoveWindow is tmux's move-window: -r renumbers the -t session's
// windows; otherwise the -s window moves to the -t index (the next free
// one without an index, or made free after or before the -t window with -a
// or -b, or freed by killing the window there with -k) and becomes current
// unless -d; the source session is renumbered after, with
// renumber-windows on and no -s.
func cmdMoveWindow(c *client, it *cmdItem) error { return moveOrLinkWindow(c, it, true) }

// cmdLinkWindow is tmux's link-window: move-window without the unlinking,
// so that the window has a place in both sessions (or twice in one).
func cmdLinkWindow(c *client, it *cmdItem) error { return moveOrLinkWindow(c, it, false) }

func moveOrLinkWindow(c *client, it *cmdItem, move bool) error {
	a := it.args
	value, given := a.get('t')
	if a.has('r') {
		t, err := c.findTarget(value, given, findSession)
		if err != nil {
			return errQuiet // tmux looks the session up quietly
		}
		t.s.renumber()
		return nil
	}
	t, err := c.findWindowIndex(value)
	if err != nil {
		return err
	}
	src, dst, idx := it.source.s, t.s, t.idx
	if a.has('a') || a.has('b') {
		idx = dst.makeRoom(t.w, a.has('b'))
	}
	if _, err := c.st.linkWindow(it.source.w, dst, idx, a.has('k'), !a.has('d')); err != nil {
		return err
	}
	if move {
		c.st.unlinkWindow(it.source.w)
	}
	if !a.has('s') {
		src.renumberIfWanted()
	}
	return nil
}

// moveWindow links w at index idx of dst, then unlinks it from where it
// was, as tmux's move-window does.
func (st *state) moveWindow(w *window, dst *session, idx int, kill, selectIt bool) error {
	if _, err := st.linkWindow(w, dst, idx, kill, selectIt); err != nil {
		return err
	}
	st.unlinkWindow(w)
	return nil
}

// linkWindow gives w a new place, index idx of dst (-1: the next free
// index from base-index), as tmux's server_link_window does, and makes it
// current with selectIt. A window already at idx is unlinked from there
// with kill (and the new place becomes current if that one was), else it
// is an error.
func (st *state) linkWindow(w *window, dst *session, idx int, kill, selectIt bool) (*window, error) {
	if g := dst.group; g != nil && w.session != dst && w.session.group == g {
		return nil, errorf(errSessionsGrouped)
	}
	if idx < 0 {
		idx = dst.freeIndex(dst.options.number("base-index"))
	} else if x := dst.windowAt(idx); x != nil {
		switch {
		case x.windowCore == w.windowCore:
			return nil, errorf(errSameIndex, idx)
		case !kill:
			return nil, errorf(errIndexInUse, idx)
		}
		selectIt = st.dropPlace(x) || selectIt
	}
	link := &window{index: idx, session: dst, windowCore: w.windowCore}
	w.links = append(w.links, link)
	dst.insert(link)
	st.notify(event{kind: eventWindowLinked, w: link})
	st.syncGroup(dst)
	if selectIt {
		st.selectPlace(dst, link)
	}
	return link, nil
}

// dropPlace unlinks window place x, to put another window there: not as
// session_detach does, as its session may be left with no window for now,
// and with no current window if x was current, which it reports.
func (st *state) dropPlace(x *window) (wasCurrent bool) {
	s := x.session
	st.notify(event{kind: eventWindowUnlinked, w: x})
	if wasCurrent = s.current == x; wasCurrent {
		s.current = nil
	}
	s.lastw = slices.DeleteFunc(s.lastw, func(y *window) bool { return y == x })
	s.remove(x)
	st.dropLink(x)
	return wasCurrent
}

// cmdUnlinkWindow is tmux's unlink-window: the window loses its -t place,
// which must not be its only one unless -k, which then kills it.
func cmdUnlinkWindow(c *client, it *cmdItem) error {
	w := it.target.w
	if !it.args.has('k') && len(w.links) == 1 {
		return errorf(errOnlyLinkedOnce)
	}
	c.st.unlinkWindow(w)
	return nil
}

// cmdSwapWindow is tmux's swap-window: the two windows trade places,
// while each session's current window and last-window stack stay with the
// places; with -d, the -t place (and the -s place in another session)
// becomes current.
func cmdSwapWindow(c *client, it *cmdItem) error {
	src, dst := it.source, it.target
	if g := src.s.group; g != nil && src.s != dst.s && dst.s.group == g {
		return errorf(errCantMoveGrouped)
	}
	w1, w2 := src.w, dst.w
	if w1.windowCore == w2.windowCore {
		return nil
	}
	var placeholder window
	for _, s := range []*session{src.s, dst.s} {
		s.replace(w1, &placeholder)
		s.replace(w2, w1)
		s.replace(&placeholder, w2)
		if src.s == dst.s {
			break
		}
	}
	w1.index, w2.index = w2.index, w1.index
	w1.serial++
	w2.serial++
	w1.session, w2.session = w2.session, w1.session
	if it.args.has('d') {
		c.st.selectPlace(dst.s, w1)
		if src.s != dst.s {
			c.st.selectPlace(src.s, w2)
		}
	}
	c.st.syncGroup(src.s)
	if src.s != dst.s {
		c.st.syncGroup(dst.s)
	}
	return nil
}

// cmdRotateWindow is tmux's rotate-window: the panes move round the
// layout's cells, each to the next cell in pane order (to the previous
// with -D), and the pane after the active one (before it, with -D) becomes
// active. -Z keeps a zoomed window zoomed.
func cmdRotateWindow(c *client, it *cmdItem) error {
	a, w := it.args, it.target.w
	rezoom := c.st.pushZoom(w, false, a.has('Z'))
	cells := make([]*layoutCell, len(w.panes))
	for i, p := range w.panes {
		cells[i] = p.cell
	}
	n := len(w.panes)
	step := 1 // the pane order turns so that each pane takes the cell before it
	if a.has('D') {
		step = n - 1
	}
	w.panes = slices.Concat(w.panes[step%n:], w.panes[:step%n])
	for i, p := range w.panes {
		p.cell, cells[i].pane = cells[i], p
	}
	w.fixPanes()
	i := indexOf(w.panes, w.active)
	if a.has('D') {
		i += n - 1
	} else {
		i++
	}
	c.st.setActive(w, w.panes[i%n])
	c.st.popZoom(w, rezoom)
	return nil
}

// cmdRespawnWindow is tmux's respawn-window: when every pane is dead (any
// window, with -k), the panes but the first go, and the first fills the
// window and runs again, as respawn-pane runs it; the window becomes its
// session's current one.
func cmdRespawnWindow(c *client, it *cmdItem) error {
	a, w := it.args, it.target.w
	if !a.has('k') && slices.ContainsFunc(w.panes, func(p *paneState) bool { return p.dead == nil }) {
		return errorf(errRespawnWindow, fmt.Sprintf(errWindowStillActive, it.target.s.name, w.index))
	}
	w.unzoom()
	first := w.panes[0]
	for _, p := range w.panes[1:] {
		c.st.dropPane(p)
	}
	w.lastPane = nil
	w.hold(first)
	w.active = first
	if err := c.respawn(first, a); err != nil {
		return errorf(errRespawnWindow, err)
	}
	// tmux's spawn_window selects what it spawned, a window respawned too.
	c.st.selectPlace(it.target.s, w)
	return nil
}

// Windows are between windowMinimum and windowMaximum cells each way.
const windowMinimum, windowMaximum = 1, 10000

// cmdResizeWindow is tmux's resize-window: -x and -y set the size, -L -R
// -U -D change it by the adjustment (1 without one), -A and -a take the
// size the largest or smallest client would give, which with no client
// is default-size; the window's window-size becomes manual, and its
// layout is resized to fit, as tmux's resize_window does.
// adjustment is resize-window's and resize-pane's optional count of cells
// by which -L -R -U -D move: 1 without one.
func adjustment(a *args) (int, error) {
	if len(a.values) == 0 {
		return 1, nil
	}
	n, err := strtonum(a.values[0], 1, maxInt)
	if err != nil {
		return 0, errorf(errAdjustment, err)
	}
	return n, nil
}

func cmdResizeWindow(c *client, it *cmdItem) error {
	a, s, w := it.args, it.target.s, it.target.w
	adjust, err := adjustment(a)
	if err != nil {
		return err
	}
	sx, sy := w.width, w.height
	for _, size := range []struct {
		flag byte
		to   *int
		msg  string
	}{{'x', &sx, errWidth}, {'y', &sy, errHeight}} {
		if v, ok := a.get(size.flag); ok {
			n, err := strtonum(v, windowMinimum, windowMaximum)
			if err != nil {
				return errorf(size.msg, err)
			}
			*size.to = n
		}
	}
	switch {
	case a.has('L') && sx >= adjust:
		sx -= adjust
	case a.has('L'):
	case a.has('R'):
		sx += adjust
	case a.has('U') && sy >= adjust:
		sy -= adjust
	case a.has('U'):
	case a.has('D'):
		sy += adjust
	}
	switch {
	case a.has('A'):
		sx, sy = c.st.defaultWindowSize(nil, s, w.windowCore, "largest")
	case a.has('a'):
		sx, sy = c.st.defaultWindowSize(nil, s, w.windowCore, "smallest")
	}
	w.options.values["window-size"] = "manual"
	w.manualWidth, w.manualHeight = sx, sy
	c.st.resizeWindow(w, sx, sy)
	return nil
}

// defaultSize is a session's default-size, or 80x24 when it does not read
// as WxH, within the window limits.
func defaultSize(s *session) (int, int) {
	sx, sy, ok := readSize(s.options.get("default-size"))
	if !ok {
		sx, sy = 80, 24
	}
	return windowBound(sx), windowBound(sy)
}

// windowBound is a window's width or height kept within tmux's limits,
// WINDOW_MINIMUM and WINDOW_MAXIMUM.
func windowBound(n int) int { return min(max(n, windowMinimum), windowMaximum) }

// readSize reads a WxH size as tmux's sscanf("%ux%u") does.
func readSize(s string) (int, int, bool) {
	var x, y uint
	n, _ := fmt.Sscanf(s, "%dx%d", &x, &y)
	return int(x), int(y), n == 2
}

// resizeWindow is tmux's resize_window: the layout is resized first, and
// the window can be no smaller than it; a zoomed window stays zoomed, and
// its unzoom and zoom are told of too.
func (st *state) resizeWindow(w *window, sx, sy int) {
	sx, sy = windowBound(sx), windowBound(sy)
	rezoom := st.pushZoom(w, true, w.zoomed != nil)
	w.resizeLayout(sx, sy)
	w.width, w.height = max(sx, w.layout.sx), max(sy, w.layout.sy)
	st.popZoom(w, rezoom)
	st.notify(event{kind: eventLayoutChanged, w: w})
	st.notify(event{kind: eventSilent, hook: "window-resized", w: w})
}

func cmdKillWindow(c *client, it *cmdItem) error {
	t := it.target
	if it.args.has('a') {
		if len(t.s.winlinks) == 1 {
			return nil
		}
		// Every other window goes, from every session it is in; the
		// target window too if the session has it more than once.
		places := 0
		for _, w := range append([]*window(nil), t.s.winlinks...) {
			switch {
			case w.windowCore == t.w.windowCore:
				places++
			case len(w.links) > 0:
				c.st.destroyWindow(w)
			}
		}
		if places > 1 {
			c.st.destroyWindow(t.w)
		}
		for _, s := range c.st.sessions {
			s.renumberIfWanted()
		}
		return nil
	}
	c.st.killWindow(t.w)
	return nil
}

func cmdRenameWindow(c *client, it *cmdItem) error {
	t := it.target
	t.w.setName(c.formatForTarget(t).expand(it.args.values[0]))
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
			f := c.formatIn(w, w.active).withoutClient()
			f.kind = findWindow
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

func selectWindow(c *client, it *cmdItem, move windowMove) (err error) {
	a, t := it.args, it.target
	s := t.s
	defer func() {
		if err == nil {
			c.usedWindow(s)
		}
	}()
	defer c.st.windowChanged(s, s.current)
	// tmux raises the hook for the session's current window after.
	defer func() { it.raiseHook("after-select-window", target{s: s, w: s.current, p: s.current.active}) }()
	switch {
	case move == moveNext:
		// -a moves to a window with an alert.
		if !s.selectNext(a.has('a')) {
			return errorf(errNoNextWindow)
		}
	case move == movePrevious:
		if !s.selectPrevious(a.has('a')) {
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
