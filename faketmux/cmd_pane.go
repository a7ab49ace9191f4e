package faketmux

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/pane"
)

// paneCommands are the pane commands, as tmux's cmd-*.c declare them.
var paneCommands = []*cmdEntry{
	{name: "split-window", alias: "splitw", template: "bc:de:fF:hIl:p:Pt:vZ", lower: 0, upper: -1, usage: `[-bdefhIPvZ] [-c start-directory] [-e environment] [-F format] [-l size] [-t target-pane][shell-command]`, target: targetSpec{kind: findPane}, exec: cmdSplitWindow,
		differs: "`-I` reads all of the client's standard input before it draws it on the pane; " +
			"tmux draws it as it comes."},
	{name: "kill-pane", alias: "killp", template: "at:", lower: 0, upper: 0, usage: `[-a] [-t target-pane]`, target: targetSpec{kind: findPane}, exec: cmdKillPane},
	{name: "resize-pane", alias: "resizep", template: "DLMRTt:Ux:y:Z", lower: 0, upper: 1, usage: `[-DLMRTUZ] [-x width] [-y height] [-t target-pane] [adjustment]`, target: targetSpec{kind: findPane}, exec: cmdResizePane},
	{name: "swap-pane", alias: "swapp", template: "dDs:t:UZ", lower: 0, upper: 0, usage: `[-dDUZ] [-s src-pane] [-t dst-pane]`, source: targetSpec{kind: findPane, defaultMarked: true}, target: targetSpec{kind: findPane}, exec: cmdSwapPane},
	{name: "break-pane", alias: "breakp", template: "abdPF:n:s:t:", lower: 0, upper: 0, usage: `[-abdP] [-F format] [-n window-name] [-s src-pane] [-t dst-window]`, source: targetSpec{kind: findPane}, target: targetSpec{kind: findWindow, windowIndex: true}, exec: cmdBreakPane},
	{name: "join-pane", alias: "joinp", template: "bdfhvp:l:s:t:", lower: 0, upper: 0, usage: `[-bdfhv] [-l size] [-s src-pane] [-t dst-pane]`, source: targetSpec{kind: findPane, defaultMarked: true}, target: targetSpec{kind: findPane}, exec: cmdJoinPane},
	{name: "move-pane", alias: "movep", template: "bdfhvp:l:s:t:", lower: 0, upper: 0, usage: `[-bdfhv] [-l size] [-s src-pane] [-t dst-pane]`, source: targetSpec{kind: findPane, defaultMarked: true}, target: targetSpec{kind: findPane}, exec: cmdJoinPane},
	{name: "respawn-pane", alias: "respawnp", template: "c:e:kt:", lower: 0, upper: -1, usage: `[-k] [-c start-directory] [-e environment] [-t target-pane] [shell-command]`, target: targetSpec{kind: findPane}, exec: cmdRespawnPane},
	{name: "list-panes", alias: "lsp", template: "asF:f:t:", lower: 0, upper: 0, usage: `[-as] [-F format] [-f filter] [-t target-window]`, target: targetSpec{kind: findWindow}, exec: cmdListPanes},
	{name: "select-pane", alias: "selectp", template: "DdegLlMmP:RT:t:UZ", lower: 0, upper: 0, usage: `[-DdeLlMmRUZ] [-T title] [-t target-pane]`, target: targetSpec{kind: findPane}, exec: cmdSelectPane},
	{name: "last-pane", alias: "lastp", template: "det:Z", lower: 0, upper: 0, usage: `[-deZ] [-t target-window]`, target: targetSpec{kind: findWindow}, exec: cmdLastPane},
	{name: "display-message", alias: "display", template: "ac:d:INpt:F:v", lower: 0, upper: 1, usage: `[-aINpv] [-c target-client] [-d delay] [-F format] [-t target-pane] [message]`, target: targetSpec{kind: findPane, canFail: true}, exec: cmdDisplayMessage},
	{name: "capture-pane", alias: "capturep", template: "ab:CeE:JNpPqS:t:", lower: 0, upper: 0, usage: `[-aCeJNpPq] [-b buffer-name] [-E end-line] [-S start-line] [-t target-pane]`, target: targetSpec{kind: findPane}, exec: cmdCapturePane},
	{name: "clear-history", alias: "clearhist", template: "t:", lower: 0, upper: 0, usage: `[-t target-pane]`, target: targetSpec{kind: findPane}, exec: cmdClearHistory},
}

const (
	splitWindowTemplate = "#{session_name}:#{window_index}.#{pane_index}"
	paneListTail        = "[#{pane_width}x#{pane_height}] [history #{history_size}/#{history_limit}, " +
		"#{history_bytes} bytes] #{pane_id}#{?pane_active, (active),}#{?pane_dead, (dead),}"
	displayMessageTemplate = "[#{session_name}] #{window_index}:#{window_name}, current pane #{pane_index} - (%H:%M %d-%b-%y)"
)

func cmdSplitWindow(c *client, it *cmdItem) error {
	a, t := it.args, it.target
	// -I with no command, or an empty command, makes an empty pane; -I
	// draws the client's input on it.
	input := a.has('I') && len(a.values) == 0
	empty := input || len(a.values) == 1 && a.values[0] == ""
	w, old := t.w, t.p
	typ := layoutTopBottom
	if a.has('h') {
		typ = layoutLeftRight
	}
	// A percentage is of the pane, or of the window with -f.
	whole := old.height
	switch {
	case a.has('f') && typ == layoutTopBottom:
		whole = w.height
	case a.has('f'):
		whole = w.width
	case typ == layoutLeftRight:
		whole = old.width
	}
	size, err := splitSize(a, whole)
	if err != nil {
		return err
	}
	// -Z zooms the window again afterwards, on its active pane.
	rezoom := c.st.pushZoom(w, true, a.has('Z'))
	lc := w.splitPane(old, typ, size, a.has('b'), a.has('f'))
	if lc == nil {
		return errorf(errNoSpace)
	}
	cwd := c.spawnDir(w.session, a)
	// tmux makes a pane as big as the window and then sizes it to its
	// cell, except under -Z: that pane keeps the window's size until the
	// layout is next fixed (a hidden one too, with -d).
	sx, sy := lc.sx, lc.sy
	if a.has('Z') {
		sx, sy = w.width, w.height
	}
	var p *paneState
	if empty {
		p = c.emptyPane(w, a.values, cwd, sx, sy)
	} else if p, err = c.spawnPane(w, a.values, cwd, sx, sy, allValues(a, 'e')); err != nil {
		w.closePane(&paneState{cell: lc})
		return err
	}
	p.cell, lc.pane = lc, p
	// The new pane goes beside the one split in pane order, or with -f
	// first or last.
	i := indexOf(w.panes, old)
	switch {
	case a.has('f') && a.has('b'):
		i = 0
	case a.has('f'):
		i = len(w.panes)
	case !a.has('b'):
		i++
	}
	w.panes = insertAt(w.panes, i, p)
	if a.has('Z') {
		w.fixPanesBut(p)
	} else {
		w.fixPanes()
	}
	if !a.has('d') {
		c.st.setActive(w, p)
	}
	c.st.popZoom(w, rezoom)
	c.st.notify(event{kind: eventLayoutChanged, w: w})
	it.raiseHook("after-split-window", target{s: w.session, w: w, p: p})
	if a.has('P') {
		template, ok := a.get('F')
		if !ok {
			template = splitWindowTemplate
		}
		c.print(c.formatForTarget(target{s: p.window.session, w: p.window, p: p}).expand(template))
	}
	if input {
		return c.drawInput(it, p)
	}
	return nil
}

// drawInput draws the client's standard input on empty pane p, as tmux's
// split-window -I does once the client has sent it all (tmux draws it as
// it comes), if the pane is still there.
func (c *client) drawInput(it *cmdItem, p *paneState) error {
	if c.stdinUsed {
		return nil // tmux's client has already handed its input over
	}
	return c.readStdin(it, func(data []byte) error {
		if c.st.panes[p.id] == p {
			p.prog.Display(data)
		}
		return nil
	})
}

// displayInput is display-message -I: the client's standard input drawn
// on empty pane p, as split-window -I draws it, and nothing else done. A
// client attached to a session has no input to give; no pane found is no
// error.
func (c *client) displayInput(it *cmdItem, p *paneState) error {
	switch {
	case p == nil:
		return nil
	case !p.empty:
		return errorf(errPaneNotEmpty)
	case c.control != nil && c.control.session != nil:
		return nil
	}
	return c.drawInput(it, p)
}

// splitSize is the new pane's size from -l (cells, or N% of the pane being
// split) or -p (a percentage); -1, to split in half, without either.
func splitSize(a *args, whole int) (int, error) {
	if v, ok := a.get('l'); ok {
		if pct, isPct := strings.CutSuffix(v, "%"); isPct {
			n, err := strtonum(pct, 0, maxInt)
			if err != nil {
				return 0, errorf(errPercentage, err)
			}
			return whole * n / 100, nil
		}
		n, err := strtonum(v, 0, maxInt)
		if err != nil {
			return 0, errorf(errLines, err)
		}
		return n, nil
	}
	if v, ok := a.get('p'); ok {
		n, err := strtonum(v, 0, maxInt)
		if err != nil {
			return 0, errorf(errSplitPercentage, err)
		}
		return whole * n / 100, nil
	}
	return -1, nil
}

func cmdKillPane(c *client, it *cmdItem) error {
	t := it.target
	c.st.unzoomTelling(t.w)
	if it.args.has('a') {
		destroyOthers(t.w.panes, t.p, c.st.destroyPane)
		return nil
	}
	c.st.destroyPane(t.p)
	return nil
}

// cmdResizePane is tmux's resize-pane: -T brings history back below the
// cursor; -Z zooms the pane or unzooms its window; otherwise the window is unzoomed, -x and -y (cells, or a
// percentage of the window) size the pane, and -L -R -U -D move its border
// by the adjustment (1 without one). -M follows the mouse drag of the key
// binding running, and a command line has none.
func cmdResizePane(c *client, it *cmdItem) error {
	a, w, p := it.args, it.target.w, it.target.p
	switch {
	case a.has('T'):
		// Not in a mode, which tmux leaves alone.
		if !p.inMode() {
			p.prog.Trim()
		}
		return nil
	case a.has('M'):
		// A border drag from the client's terminal: the drag's moves
		// resize the panes from now on.
		m := c.mouse
		if m == nil || m.targetWindow(c.st) == nil || c.control == nil || c.control.tty == nil || c.control.session != m.session {
			return nil
		}
		c.control.tty.mouse.dragUpdate = resizeDrag
		resizeDrag(c, m)
		return nil
	case a.has('Z'):
		zoomed := w.zoomed != nil
		if zoomed {
			w.unzoom()
		} else {
			c.st.zoom(w, p)
		}
		// A window of one pane does not zoom, and tmux's window_zoom
		// then tells of no layout.
		if zoomed != (w.zoomed != nil) {
			c.st.notify(event{kind: eventLayoutChanged, w: w})
		}
		return nil
	}
	w.unzoom()
	adjust, err := adjustment(a)
	if err != nil {
		return err
	}
	for _, size := range []struct {
		flag  byte
		typ   layoutType
		whole int
		msg   string
	}{{'x', layoutLeftRight, w.width, errWidth}, {'y', layoutTopBottom, w.height, errHeight}} {
		if v, ok := a.get(size.flag); ok {
			n, err := stringPercentage(v, 0, maxInt, size.whole)
			if err != nil {
				return errorf(size.msg, err)
			}
			// A height counts the line pane-border-status takes from a
			// pane at its edge, which tmux finds by the pane's rows.
			switch w.options.get("pane-border-status") {
			case "top":
				if size.flag == 'y' && n != maxInt && p.top == 1 {
					n++
				}
			case "bottom":
				if size.flag == 'y' && n != maxInt && p.top+p.height == w.height-1 {
					n++
				}
			}
			if w.resizePaneTo(p, size.typ, n) {
				c.st.notify(event{kind: eventLayoutChanged, w: w})
			}
		}
	}
	resized := false
	switch {
	case a.has('L'):
		resized = w.resizePane(p, layoutLeftRight, -adjust)
	case a.has('R'):
		resized = w.resizePane(p, layoutLeftRight, adjust)
	case a.has('U'):
		resized = w.resizePane(p, layoutTopBottom, -adjust)
	case a.has('D'):
		resized = w.resizePane(p, layoutTopBottom, adjust)
	}
	if resized {
		c.st.notify(event{kind: eventLayoutChanged, w: w})
	}
	return nil
}

// cmdSwapPane is tmux's swap-pane: the -s pane (with -D or -U, the pane
// after or before the -t pane, wrapping round) and the -t pane trade
// places, in their windows' pane order and layouts; the -t pane becomes
// active, or with panes in two windows each becomes active in its new
// window; with -d, only a pane that was active hands over to the other.
// Zoomed windows are unzoomed, and zoomed again with -Z.
func cmdSwapPane(c *client, it *cmdItem) error {
	a, st := it.args, c.st
	srcW, src := it.source.w, it.source.p
	dstW, dst := it.target.w, it.target.p
	rezoomDst := st.pushZoom(dstW, false, a.has('Z'))
	if a.has('D') || a.has('U') {
		srcW = dstW
		step := 1
		if !a.has('D') {
			step = len(dstW.panes) - 1
		}
		src = dstW.panes[(indexOf(dstW.panes, dst)+step)%len(dstW.panes)]
	}
	// Two places of one window (linked twice) are one window here, as
	// tmux compares windows, not winlinks.
	oneWindow := srcW.windowCore == dstW.windowCore
	rezoomSrc := rezoomDst
	if !oneWindow {
		rezoomSrc = st.pushZoom(srcW, false, a.has('Z'))
	}
	if src != dst {
		i, j := indexOf(srcW.panes, src), indexOf(dstW.panes, dst)
		srcW.panes[i], dstW.panes[j] = dst, src
		src.cell, dst.cell = dst.cell, src.cell
		src.cell.pane, dst.cell.pane = src, dst
		if !oneWindow {
			src.window, dst.window = dstW, srcW
		}
		src.styleChanged, dst.styleChanged = true, true
		left, top, width, height := src.left, src.top, src.width, src.height
		src.place(dst.left, dst.top, dst.width, dst.height)
		dst.place(left, top, width, height)
		switch {
		case !a.has('d') && !oneWindow:
			st.setActive(srcW, dst)
			st.setActive(dstW, src)
		case !a.has('d'):
			st.setActive(srcW, dst)
		default:
			// In one window, an active -s pane hands over to the -t
			// pane, which then hands back.
			if srcW.active == src {
				st.setActive(srcW, dst)
			}
			if dstW.active == dst {
				st.setActive(dstW, src)
			}
		}
		if !oneWindow {
			if srcW.lastPane == src {
				srcW.lastPane = nil
			}
			if dstW.lastPane == dst {
				dstW.lastPane = nil
			}
		}
	}
	if src != dst {
		st.notify(event{kind: eventLayoutChanged, w: srcW})
		if !oneWindow {
			st.notify(event{kind: eventLayoutChanged, w: dstW})
		}
	}
	st.popZoom(srcW, rezoomSrc)
	if !oneWindow {
		st.popZoom(dstW, rezoomDst)
	}
	return nil
}

const breakPaneTemplate = "#{session_name}:#{window_index}.#{pane_index}"

// cmdBreakPane is tmux's break-pane: the -s pane leaves its window for a
// new one at the -t index (the next free one without; room made after or
// before the -t window with -a or -b), named -n or after its command,
// which becomes current unless -d. A pane alone in its window moves with
// its window, as move-window moves it.
func cmdBreakPane(c *client, it *cmdItem) error {
	a, st := it.args, c.st
	w, p := it.source.w, it.source.p
	dst, idx := it.target.s, it.target.idx
	if a.has('a') || a.has('b') {
		idx = dst.makeRoom(it.target.w, a.has('b'))
	}
	st.unzoomTelling(w)
	name, named := a.get('n')
	if len(w.panes) == 1 {
		// Moved as move-window moves it, and named in between, where
		// tmux tells of the new name.
		if _, err := st.linkWindow(w, dst, idx, false, !a.has('d')); err != nil {
			return err
		}
		if named {
			w.rename(name, p)
			w.setName(w.name)
			st.notify(event{kind: eventWindowRenamed, w: w})
		}
		st.unlinkWindow(w)
		return nil
	}
	if idx >= 0 && dst.windowAt(idx) != nil {
		return errorf(errIndexInUse, idx)
	}
	wasActive := w.active == p
	w.removePane(p)
	// As tmux tells of it: the pane the window hands over to, its
	// layout, then the new window's name, its place and selection.
	if wasActive {
		st.notify(event{kind: eventPaneChanged, w: w})
		st.updateFocus(w.active)
	}
	st.notify(event{kind: eventLayoutChanged, w: w})
	if idx < 0 {
		idx = dst.freeIndex(dst.options.number("base-index"))
	}
	nw := c.makeWindow(dst, idx, w.width, w.height)
	st.nextWindow++
	nw.links = []*window{nw}
	nw.hold(p)
	p.styleChanged = true
	nw.rename(name, p)
	nw.setName(nw.name) // break-pane names through window_set_name
	nw.active = p
	p.changed.Store(true) // tmux renames the new window from its pane at once
	st.notify(event{kind: eventWindowRenamed, w: nw})
	dst.insert(nw)
	st.notify(event{kind: eventWindowLinked, w: nw})
	st.syncGroup(dst)
	if !a.has('d') {
		st.selectPlace(dst, nw)
	}
	if a.has('P') {
		template, ok := a.get('F')
		if !ok {
			template = breakPaneTemplate
		}
		c.print(c.formatForTarget(target{s: p.window.session, w: p.window, p: p}).expand(template))
	}
	return nil
}

// cmdJoinPane is tmux's join-pane and move-pane: the -s pane leaves its
// window and splits the -t pane, as split-window would split it (-b -f -h
// -v, -l in cells or percent, -p); it becomes active and its window
// current unless -d. A window left with no pane goes.
func cmdJoinPane(c *client, it *cmdItem) error {
	a, st := it.args, c.st
	srcW, src := it.source.w, it.source.p
	dstW, dst := it.target.w, it.target.p
	st.unzoomTelling(dstW)
	st.unzoomTelling(srcW)
	if src == dst {
		return errorf(errSamePanes)
	}
	typ, whole := layoutTopBottom, dst.height
	if a.has('h') {
		typ, whole = layoutLeftRight, dst.width
	}
	size := -1
	var err error
	if v, ok := a.get('l'); ok {
		size, err = stringPercentage(v, 0, maxInt, whole)
	} else if v, ok := a.get('p'); ok {
		var pct int
		if pct, err = strtonum(v, 0, 100); err == nil {
			size = whole * pct / 100
		}
	}
	if err != nil {
		return errorf(errSize, err)
	}
	lc := dstW.splitPane(dst, typ, size, a.has('b'), a.has('f'))
	if lc == nil {
		return errorf(errPaneTooSmall)
	}
	// tmux tells of the -s window's layout as it closes the pane (told
	// of only if the window stays), then of the pane it hands over to.
	st.notify(event{kind: eventLayoutChanged, w: srcW})
	if len(srcW.panes) == 1 {
		srcW.closePane(src)
		srcW.panes = nil
	} else {
		wasActive := srcW.active == src
		srcW.removePane(src)
		if wasActive {
			st.notify(event{kind: eventPaneChanged, w: srcW})
			st.updateFocus(srcW.active)
		}
	}
	i := indexOf(dstW.panes, dst)
	if !a.has('b') {
		i++
	}
	dstW.panes = insertAt(dstW.panes, i, src)
	src.window, src.cell, lc.pane = dstW, lc, src
	src.styleChanged = true
	dstW.fixPanes()
	if !a.has('d') {
		st.setActive(dstW, src)
		st.selectPlace(dstW.session, dstW)
	}
	if len(srcW.panes) == 0 {
		st.killWindow(srcW)
	} else {
		st.notify(event{kind: eventLayoutChanged, w: srcW})
	}
	st.notify(event{kind: eventLayoutChanged, w: dstW})
	return nil
}

// cmdRespawnPane is tmux's respawn-pane: a dead pane (any pane, with -k)
// runs its command again, or the one given, keeping its history.
func cmdRespawnPane(c *client, it *cmdItem) error {
	a, t := it.args, it.target
	if t.p.dead == nil && !a.has('k') {
		return errorf(errRespawnPane, fmt.Sprintf(errPaneStillActive, t.s.name, t.w.index, t.p.index()))
	}
	if err := c.respawn(t.p, a); err != nil {
		return errorf(errRespawnPane, err)
	}
	return nil
}

// respawn ends p's program if it still runs and starts a new one in the
// pane, as tmux's spawn does for respawn: the screen starts blank and the
// history stays; a command, -c and -e given replace what the pane ran.
func (c *client) respawn(p *paneState, a *args) error {
	p.prog.Close()
	if len(a.values) > 0 {
		p.argv, p.startCommand = a.values, stringifyArgv(a.values)
	}
	if a.has('c') {
		p.cwd = c.spawnDir(p.window.session, a)
	}
	c.st.resetModes(p)
	return c.runPane(p, allValues(a, 'e'), p.prog)
}

func cmdListPanes(c *client, it *cmdItem) error {
	a := it.args
	template, custom := a.get('F')
	filter, filtered := a.get('f')
	var windows []*window
	prefix := ""
	switch {
	case a.has('a'):
		prefix = "#{session_name}:#{window_index}."
		for _, s := range c.st.sessions {
			windows = append(windows, s.winlinks...)
		}
	case a.has('s'):
		prefix = "#{window_index}."
		windows = it.target.s.winlinks
	default:
		windows = []*window{it.target.w}
	}
	if !custom {
		template = prefix + "#{pane_index}: " + paneListTail
	}
	for _, w := range windows {
		for _, p := range w.panes {
			f := c.formatIn(w, p).withoutClient()
			if filtered && !formatTrue(f.expand(filter)) {
				continue
			}
			c.print(f.expand(template))
		}
	}
	return nil
}

func cmdDisplayMessage(c *client, it *cmdItem) error {
	// A -t that cannot be found is not an error here (tmux's
	// CMD_FIND_CANFAIL): whatever part was found gives the format.
	a, t := it.args, it.target
	if a.has('I') {
		return c.displayInput(it, t.p)
	}
	template, ok := a.get('F')
	if len(a.values) > 0 {
		if ok {
			return errorf(errOnlyOneOfFOrArgument)
		}
		template = a.values[0]
	} else if !ok {
		template = displayMessageTemplate
	}
	if v, ok := a.get('d'); ok {
		if _, err := strtonum(v, 0, math.MaxUint32); err != nil {
			return errorf(errDelay, err)
		}
	}
	// tmux gives the format the -c client (the current one) if it is in
	// the target's session, else that session's best client.
	tc, _ := c.targetClient(a, 'c')
	var cc *controlClient
	switch {
	case tc != nil && tc.session == t.s && t.s != nil:
		cc = tc
	case t.s != nil:
		cc = c.st.bestClient(t.s)
	}
	f := c.formatWithClient(t, cc)
	f.verbose = a.has('v')
	if a.has('a') {
		f.each(func(key, value string) { c.print(key + "=" + value) })
		return nil
	}
	// As tmux's format_expand_time: strftime first, at every level.
	f.timeExpand = true
	message := f.expand(template)
	if a.has('p') {
		c.print(message)
	} else if tc != nil {
		// The message goes on the status line of the -c client, else
		// the current one; the log keeps it.
		c.st.addMessage(logMessage{when: c.s.now(), text: tc.name + " message: " + message})
		delay := -1
		if v, ok := a.get('d'); ok {
			delay, _ = strconv.Atoi(v)
		}
		c.showMessage(tc, message, delay)
		if tc.tty != nil {
			tc.tty.messageStyled = true
		}
		if tc.tty != nil && tc.session != nil && !tc.tty.messageUntil.IsZero() {
			tc.tty.messageKeep = a.has('N')
		}
	}
	return nil
}

func cmdCapturePane(c *client, it *cmdItem) error {
	a, t := it.args, it.target
	out, err := t.p.prog.Capture(pane.CaptureOptions{
		Alternate: a.has('a'),
		Codes:     a.has('e'),
		EscapeC0:  a.has('C'),
		Join:      a.has('J'),
		NoTrim:    a.has('N'),
		Pending:   a.has('P'),
		Range: func(history, last int) (int, int) {
			top := captureLine(a, 'S', 0, history, last)
			bottom := captureLine(a, 'E', last, history, last)
			return min(top, bottom), max(top, bottom)
		},
	})
	if errors.Is(err, pane.ErrNoAlternate) {
		// -q makes the missing alternate screen an empty capture.
		if !a.has('q') {
			return errorf(errNoAlternateScreen)
		}
		out = nil
	}
	if a.has('p') {
		// tmux prints the capture as one line: its own final newline
		// goes, one is added.
		out = append(bytes.TrimSuffix(out, []byte("\n")), '\n')
		c.stdout.Write(out)
		return nil
	}
	name, named := a.get('b')
	return c.storeBuffer(name, named, out)
}

// captureLine is the line -S or -E names, counted from the oldest line of
// history, as tmux reads it: "-" is the given end of the grid, a number
// counts from the top row of the screen (negative into the history) and is
// clamped to the grid, and anything else (no flag, not a number, above
// 32767) leaves the default: the top row of the screen for -S, the last
// row for -E.
func captureLine(a *args, flag byte, dash, history, last int) int {
	v, ok := a.get(flag)
	if ok && v == "-" {
		return dash
	}
	n, err := strtonum(v, math.MinInt32, math.MaxInt16)
	switch {
	case !ok || err != nil:
		if flag == 'S' {
			return history
		}
		return last
	default:
		return min(max(history+n, 0), last)
	}
}

// cmdClearHistory empties the pane's history; like tmux, it also takes the
// pane out of every mode.
func cmdClearHistory(c *client, it *cmdItem) error {
	t := it.target
	c.st.resetModes(t.p)
	t.p.prog.ClearHistory()
	return nil
}

func cmdPasteBuffer(c *client, it *cmdItem) error {
	a, t := it.args, it.target
	var pb *buffer
	if name, ok := a.get('b'); ok {
		if pb = c.st.buffers.get(name); pb == nil {
			return errorf(errNoBufferName, name)
		}
	} else if pb = c.st.buffers.top(); pb == nil {
		return nil
	}
	sep, ok := a.get('s')
	if !ok {
		sep = "\r"
		if a.has('r') {
			sep = "\n"
		}
	}
	bracket := a.has('p') && t.p.prog.BracketedPaste()
	var out bytes.Buffer
	if bracket {
		out.WriteString("\x1b[200~")
	}
	data := pb.data
	for {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			break
		}
		out.Write(data[:i])
		out.WriteString(sep)
		data = data[i+1:]
	}
	out.Write(data)
	if bracket {
		out.WriteString("\x1b[201~")
	}
	if !t.p.inputOff {
		t.p.prog.Write(out.Bytes())
	}
	if a.has('d') {
		c.st.buffers.remove(pb)
	}
	return nil
}

func cmdSelectPane(c *client, it *cmdItem) error {
	a, t := it.args, it.target
	if a.has('l') {
		return selectLastPane(c, it)
	}
	if a.has('m') || a.has('M') {
		markPane(c.st, a, t)
		return nil
	}
	p, w := t.p, t.w
	// tmux takes any style here: it does not check it as set-option does.
	if style, ok := a.get('P'); ok {
		p.opts().values["window-style"] = style
		p.opts().values["window-active-style"] = style
		p.styleChanged = true
	}
	if a.has('g') {
		c.print(p.opts().get("window-style"))
		return nil
	}
	if d, ok := selectDirection(a); ok {
		// The rest of the command applies to the neighbour, and there
		// is nothing to do without one. Neighbours are found in the
		// layout, with a zoomed window unzoomed meanwhile.
		rezoom := c.st.pushZoom(w, false, true)
		p = w.neighbour(p, d)
		c.st.popZoom(w, rezoom)
		if p == nil {
			return nil
		}
	}
	switch title, titled := a.get('T'); {
	case a.has('e'):
		p.inputOff = false
	case a.has('d'):
		p.inputOff = true
	case titled:
		// The title is expanded for the target, not the neighbour, and
		// tmux keeps the old one when the new one is not valid text.
		c.st.setTitle(p, c.formatForTarget(t).expand(title))
	case p != w.active:
		// Another pane unzooms the window, unless -Z keeps it zoomed.
		rezoom := c.st.pushZoom(w, false, a.has('Z'))
		c.st.setActive(w, p)
		c.st.popZoom(w, rezoom)
		it.raiseHook("after-select-pane", target{s: t.s, w: w, p: p})
	}
	return nil
}

// markPane is select-pane -m, which toggles the server's one mark on the
// target pane (a pane hidden by a zoom is left as it is), and -M, which
// clears it.
func markPane(st *state, a *args, t target) {
	if a.has('m') && !t.w.visible(t.p) {
		return
	}
	// tmux marks the style of the pane marked before and after changed.
	if last, ok := st.markedPane(); ok {
		last.p.styleChanged = true
	}
	if a.has('M') || st.isMarked(t) {
		st.marked = paneMark{}
		return
	}
	st.marked = paneMark{target: target{s: t.s, w: t.w, p: t.p}, serial: t.w.serial, core: t.w.windowCore}
	t.p.styleChanged = true
}

// selectDirection is select-pane's direction flag; when several are
// given, tmux takes the first of -L, -R, -U, -D.
func selectDirection(a *args) (direction, bool) {
	for _, d := range []struct {
		flag byte
		direction
	}{
		{'L', direction{}},
		{'R', direction{forward: true}},
		{'U', direction{vertical: true}},
		{'D', direction{vertical: true, forward: true}},
	} {
		if a.has(d.flag) {
			return d.direction, true
		}
	}
	return direction{}, false
}

func cmdLastPane(c *client, it *cmdItem) error { return selectLastPane(c, it) }

// selectLastPane is last-pane, and select-pane -l: the pane active before,
// or with two panes and none active before, the other one, in the target's
// window.
func selectLastPane(c *client, it *cmdItem) error {
	a, w := it.args, it.target.w
	last := w.lastPane
	if last == nil && len(w.panes) == 2 {
		last = w.panes[1-indexOf(w.panes, w.active)]
	}
	switch {
	case last == nil:
		return errorf(errNoLastPane)
	case a.has('e'):
		last.inputOff = false
	case a.has('d'):
		last.inputOff = true
	default:
		rezoom := c.st.pushZoom(w, false, a.has('Z'))
		c.st.setActive(w, last)
		c.st.popZoom(w, rezoom)
	}
	return nil
}
