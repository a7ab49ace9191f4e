package faketmux

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/keys"
)

// The mouse modes tmux asks of a client's terminal (tmux's
// MODE_MOUSE_STANDARD, MODE_MOUSE_BUTTON and MODE_MOUSE_ALL).
const (
	ttyMouseStandard = 1 << iota
	ttyMouseButton
	ttyMouseAll
)

// mouseModesOff turns every mouse mode of a terminal off, as tmux's
// tty_start_tty and tty_stop_tty write it. tmux writes the mouse modes
// only to a terminal whose terminfo has kmous, which every terminal tmux
// draws on here has.
const mouseModesOff = "\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1005l"

// The bits of a mouse event's button byte, as the terminal sends it
// (tmux's MOUSE_MASK_* and MOUSE_BUTTON_*).
const (
	mouseMaskButtons = 195
	mouseMaskShift   = 4
	mouseMaskMeta    = 8
	mouseMaskCtrl    = 16
	mouseMaskDrag    = 32
	mouseWheelUp     = 64
	mouseWheelDown   = 65
	mouseRelease     = 3

	mouseMaskModifiers = mouseMaskShift | mouseMaskMeta | mouseMaskCtrl
	mouseButton1       = 0
	mouseButton3       = 2
)

// mouseButtonNames are the numbers tmux's mouse keys give the buttons, by
// their button bits.
var mouseButtonNames = map[int]string{0: "1", 1: "2", 2: "3", 66: "6", 67: "7", 128: "8", 129: "9", 130: "10", 131: "11"}

func mouseDragBit(b int) bool   { return b&mouseMaskDrag != 0 }
func mouseIsRelease(b int) bool { return b&mouseMaskButtons == mouseRelease }
func mouseIsWheel(b int) bool {
	return b&mouseMaskButtons == mouseWheelUp || b&mouseMaskButtons == mouseWheelDown
}

// mouseEvent is a mouse event read from an attached terminal, as tmux's
// tty_keys_mouse fills its mouse_event, and where it landed, as
// server_client_check_mouse finds it.
type mouseEvent struct {
	b, x, y    int  // the button byte and the cell, from 0
	lb, lx, ly int  // the previous event's
	sgrType    byte // 'M' or 'm' for the SGR form, ' ' for the X10 one
	sgrB       int  // the SGR form's button, a release's too
	// double is the double click that the click timer makes of a second
	// click no third followed, which goes to no program.
	double bool
	key    keys.Code
	// Where it landed: its session; the window, nil for the session's
	// current one; the pane (or the pane whose border it is), nil on the
	// status line.
	session *session
	window  *window
	pane    *paneState
	// statusAt is the first line of the status line on the terminal, -1
	// for none; statusLines how many it takes.
	statusAt, statusLines int
	// ox and oy are where the client's view of its window starts, sx and
	// sy its size (tty_window_offset), for an event off the status line.
	ox, oy, sx, sy int
}

// mouseState is what a terminal client keeps of the mouse between
// events, as tmux's tty does.
type mouseState struct {
	lastX, lastY, lastB int
	// dragFlag is 1 more than the button of the drag in progress, 0 for
	// none; dragUpdate follows the drag, when a command took it over
	// (resize-pane -M).
	dragFlag   int
	dragUpdate func(c *client, m *mouseEvent)
	// click is what a press within clickTime of the last (of
	// clickButton) makes: a second click (clickSecond), then a triple
	// one (clickTriple); until clickUntil, when a second click no third
	// followed becomes a double click of clickEvent.
	click       int
	clickButton int
	clickEvent  mouseEvent
	clickUntil  time.Time
}

// The clicks a press may be, after the first (tmux's CLIENT_DOUBLECLICK
// and CLIENT_TRIPLECLICK), and how soon after the last it must come
// (KEYC_CLICK_TIMEOUT).
const (
	clickSecond = 1 + iota
	clickTriple
	clickTime = 300 * time.Millisecond
)

// readMouse reads a mouse event at the start of b, as tmux's
// tty_keys_mouse does: the X10 form \e[M and three bytes, or the SGR form
// \e[<b;x;yM (m for a release). isMouse is false when b starts no mouse
// event; n is 0 while the event is not complete, and m nil for one that
// is discarded.
func (t *ttyState) readMouse(b []byte) (m *mouseEvent, n int, isMouse bool) {
	if len(b) < 3 || b[0] != 0x1b || b[1] != '[' || (b[2] != 'M' && b[2] != '<') {
		return nil, 0, false
	}
	ev := mouseEvent{sgrType: ' '}
	if b[2] == 'M' {
		if len(b) < 6 {
			return nil, 0, true
		}
		btn, x, y := int(b[3]), int(b[4]), int(b[5])
		if btn < 0x20 || x < 0x21 || y < 0x21 {
			return nil, 6, true
		}
		ev.b, ev.x, ev.y = btn-0x20, x-0x21, y-0x21
		n = 6
	} else {
		var fields [3]int
		i := 3
		for f := range fields {
			for {
				if i >= len(b) {
					return nil, 0, true
				}
				ch := b[i]
				i++
				if f < 2 && ch == ';' || f == 2 && (ch == 'M' || ch == 'm') {
					ev.sgrType = ch
					break
				}
				if ch < '0' || ch > '9' {
					// Not a mouse event after all: the other keys have it.
					return nil, 0, false
				}
				fields[f] = 10*fields[f] + int(ch-'0')
			}
		}
		n = i
		ev.sgrB, ev.x, ev.y = fields[0], fields[1], fields[2]
		if ev.x < 1 || ev.y < 1 {
			return nil, n, true
		}
		ev.x--
		ev.y--
		ev.b = ev.sgrB
		if ev.sgrType == 'm' {
			ev.b = mouseRelease
			// Some terminals send a release for a wheel's press.
			if mouseIsWheel(ev.sgrB) {
				return nil, n, true
			}
		}
	}
	ms := &t.mouse
	ev.lx, ev.ly, ev.lb = ms.lastX, ms.lastY, ms.lastB
	ms.lastX, ms.lastY, ms.lastB = ev.x, ev.y, ev.b
	return &ev, n, true
}

// terminalMouse is a mouse event from an attached terminal, as tmux's
// server_client_key_callback takes one: it becomes a mouse key where it
// landed, which the key tables bind, or which goes to the pane.
func (c *client) terminalMouse(m *mouseEvent) {
	cc := c.control
	if cc.flags.readOnly || !c.takeMessage() {
		return
	}
	// An overlay takes the event first, as tmux's server_client_handle_key
	// has it: a menu as its keys; a popup as popup_key_cb does;
	// display-panes closes and lets it go on; and the prompt drops it, as
	// tmux's does.
	switch {
	case cc.tty.menu != nil:
		c.menuClosed(cc.tty.menu.click(m))
		return
	case cc.popup != nil && cc.popup.term != nil:
		c.popupMouse(cc.popup.term, m)
		return
	case cc.tty.prompt != nil:
		return
	}
	cc.tty.panes = nil
	if !c.checkMouse(m) {
		return
	}
	ms := &cc.tty.mouse
	if m.key == keys.Lookup("Dragging") {
		ms.dragUpdate(c, m)
		return
	}
	saved := c.mouse
	c.mouse = m
	defer func() { c.mouse = saved }()
	if cc.session.options.get("mouse") != "on" {
		p := m.targetPane(c.st)
		if p == nil {
			p = cc.session.current.active
		}
		c.forwardKey(p, m.key, nil)
		return
	}
	c.dispatchKey(m.key, nil)
}

// checkMouse works out the key of mouse event m, as tmux's
// server_client_check_mouse does, and reports whether it has one.
func (c *client) checkMouse(m *mouseEvent) bool {
	cc := c.control
	s := cc.session
	ms := &cc.tty.mouse
	var event string
	x, y, b := m.x, m.y, m.b
	switch {
	case m.double:
		event = "DoubleClick"
	case m.sgrType != ' ' && mouseDragBit(m.sgrB) && mouseIsRelease(m.sgrB),
		m.sgrType == ' ' && mouseDragBit(m.b) && mouseIsRelease(m.b) && mouseIsRelease(m.lb):
		event, b = "MouseMove", 0
	case mouseDragBit(m.b):
		event = "MouseDrag"
		if ms.dragFlag != 0 {
			if x == m.lx && y == m.ly {
				return false
			}
		} else {
			x, y, b = m.lx, m.ly, m.lb
		}
	case mouseIsWheel(m.b):
		event = "WheelUp"
		if m.b&mouseMaskButtons == mouseWheelDown {
			event = "WheelDown"
		}
	case mouseIsRelease(m.b):
		event, b = "MouseUp", m.lb
	default:
		// A press of another button than the last within clickTime is
		// no event at all.
		switch ms.click {
		case clickSecond:
			ms.click = 0
			if m.b == ms.clickButton {
				event, ms.click = "SecondClick", clickTriple
			}
		case clickTriple:
			if m.b == ms.clickButton {
				event = "TripleClick"
			}
			ms.click = 0
		default:
			event, ms.click = "MouseDown", clickSecond
		}
		if event != "TripleClick" {
			ms.clickEvent, ms.clickButton, ms.clickUntil = *m, m.b, time.Now().Add(clickTime)
		}
		if event == "" {
			return false
		}
	}
	m.session = s
	m.window, m.pane = nil, nil
	m.statusAt, m.statusLines = -1, cc.statusLines()
	if m.statusLines > 0 {
		m.statusAt = 0
		if s.options.get("status-position") != "top" {
			m.statusAt = cc.size.sy - m.statusLines
		}
	}
	where := ""
	if m.statusAt >= 0 && y >= m.statusAt && y < m.statusAt+m.statusLines {
		_, ranges := c.statusRow(cc, cc.size.sx, y-m.statusAt)
		rng := ""
		if x < len(ranges) {
			rng = ranges[x]
		}
		switch {
		case rng == "":
			where = "StatusDefault"
		case rng == "left":
			where = "StatusLeft"
		case rng == "right":
			where = "StatusRight"
		default:
			index, ok := strings.CutPrefix(rng, "window|")
			n, err := strconv.Atoi(index)
			w := s.windowAt(n)
			if !ok || err != nil || w == nil {
				return false
			}
			m.window, where = w, "Status"
		}
	} else {
		view := cc.offset
		m.ox, m.oy, m.sx, m.sy = view.ox, view.oy, view.sx, view.sy
		px, py, ok := m.windowCell(x, y)
		if !ok {
			return false
		}
		w := s.current
		if w.zoomed == nil {
			for _, p := range w.panes {
				if p.left+p.width == px && p.top <= 1+py && p.top+p.height >= py ||
					p.top+p.height == py && p.left <= 1+px && p.left+p.width >= px {
					m.pane, where = p, "Border"
					break
				}
			}
		}
		if where == "" {
			for _, p := range w.panes {
				if w.visible(p) && px >= p.left && px <= p.left+p.width && py >= p.top && py <= p.top+p.height {
					m.pane, where = p, "Pane"
					break
				}
			}
		}
		if where == "" {
			return false
		}
		m.window = w
	}
	var name string
	switch {
	case event != "MouseDrag" && event != "WheelUp" && event != "WheelDown" && ms.dragFlag != 0:
		// Any other event ends a drag, with the key of its button.
		ms.dragUpdate = nil
		if button, ok := mouseButtonNames[ms.dragFlag-1]; ok {
			name = "MouseDragEnd" + button + where
		} else {
			name = "Mouse"
		}
		ms.dragFlag = 0
	case event == "MouseDrag" && ms.dragUpdate != nil:
		m.key = keys.Lookup("Dragging")
		ms.dragFlag = b&mouseMaskButtons + 1
		return true
	case event == "MouseDrag":
		ms.dragFlag = b&mouseMaskButtons + 1
		fallthrough
	default:
		name = event
		if event != "MouseMove" && event != "WheelUp" && event != "WheelDown" {
			button, ok := mouseButtonNames[b&mouseMaskButtons]
			if !ok {
				return false
			}
			name += button
		}
		name += where
	}
	for _, mod := range []struct {
		mask   int
		prefix string
	}{{mouseMaskMeta, "M-"}, {mouseMaskCtrl, "C-"}, {mouseMaskShift, "S-"}} {
		if b&mod.mask != 0 {
			name = mod.prefix + name
		}
	}
	m.key = keys.Lookup(name)
	return m.key != keys.Unknown && m.key != keys.None
}

// mouseClickOver is the click timer's end, as tmux's
// server_client_click_timer has it: a second click that no third
// followed is a double click.
func (c *client) mouseClickOver() {
	ms := &c.control.tty.mouse
	second := ms.click == clickTriple
	ms.click, ms.clickUntil = 0, time.Time{}
	if second {
		m := ms.clickEvent
		m.double = true
		c.terminalMouse(&m)
	}
}

// windowCell is the cell of the session's current window that terminal
// cell x, y is on, as tmux's server_client_check_mouse works it out with
// the status line above or below the window; ok is false past the window.
func (m *mouseEvent) windowCell(x, y int) (px, py int, ok bool) {
	px, py = x, y
	switch {
	case m.statusAt == 0 && y >= m.statusLines:
		py = y - m.statusLines
	case m.statusAt > 0 && y >= m.statusAt:
		py = m.statusAt - 1
	}
	if px > m.sx || py > m.sy {
		return 0, 0, false
	}
	return px + m.ox, py + m.oy, true
}

// targetWindow is the window of mouse event m, nil when it has gone, as
// tmux's cmd_mouse_window finds it.
func (m *mouseEvent) targetWindow(st *state) *window {
	if m.session == nil || !slices.Contains(st.sessions, m.session) {
		return nil
	}
	if m.window == nil {
		return m.session.current
	}
	if !slices.Contains(m.session.winlinks, m.window) {
		return nil
	}
	return m.window
}

// targetPane is the pane of mouse event m, nil when it was on no pane or
// the pane has gone, as tmux's cmd_mouse_pane finds it.
func (m *mouseEvent) targetPane(st *state) *paneState {
	w := m.targetWindow(st)
	if w == nil || m.pane == nil || !slices.Contains(w.panes, m.pane) {
		return nil
	}
	return m.pane
}

// mouseTarget is the target = and {mouse} name, as tmux's cmd_find_target
// finds it from the mouse event of the key binding running: its pane,
// else (and for a window or a session) its window with that window's
// active pane.
func (c *client) mouseTarget(kind findType) (target, error) {
	m := c.mouse
	if m == nil {
		return target{}, errorf(errNoMouseTarget)
	}
	if kind == findPane {
		if p := m.targetPane(c.st); p != nil {
			return target{s: m.session, w: p.window, p: p}, nil
		}
	}
	w := m.targetWindow(c.st)
	if w == nil {
		return target{}, errorf(errNoMouseTarget)
	}
	return target{s: m.session, w: w, p: w.active}, nil
}

// sendMouse gives mouse event m to the pane, as tmux's window_pane_key
// does: to the mode showing, else to the program.
func (in *keyInput) sendMouse(m *mouseEvent) {
	if in.p.inMode() {
		in.chosen = append(in.chosen, in.c.modeMouse(in.p, m)...)
		return
	}
	in.c.forwardMouse(in.p, m)
}

// modeMouse gives mouse event m to the mode showing on p, as tmux's
// modes take it in their key functions: the clock leaves at any; a
// choose mode's list makes the line under a press its current one, and
// chooses it with a double click. Copy and view mode have no key
// function (their bindings take the mouse). It returns the commands a
// choice runs.
func (c *client) modeMouse(p *paneState, m *mouseEvent) []string {
	mode := p.mode()
	switch {
	case mode.kind == modeClock:
		return c.modeKey(p, m.key, true)
	case mode.tree != nil:
		tm := mode.tree
		x, y, ok := m.paneCell(p, false)
		if !ok || x > tm.width || y > tm.height || tm.offset+y >= len(tm.lines) {
			return nil
		}
		switch m.key {
		case keys.Lookup("MouseDown1Pane"), keys.Lookup("MouseDown3Pane"):
			tm.current = tm.offset + y
		case keys.Lookup("DoubleClick1Pane"):
			tm.current = tm.offset + y
			return c.modeKey(p, keys.Lookup("Enter"), true)
		}
	}
	return nil
}

// forwardMouse gives mouse event m to pane p's program, as tmux's
// input_key_mouse does, in the form the program asked for, when it asked
// for the mouse, the event landed on it and it shows.
func (c *client) forwardMouse(p *paneState, m *mouseEvent) {
	if m.double || m.pane != p || p.inputOff || p.dead != nil || !p.window.visible(p) {
		return
	}
	x, y, ok := m.paneCell(p, false)
	if !ok {
		return
	}
	if out := mouseInput(p.prog.Flag, m, x, y); out != nil {
		p.prog.Write(out)
	}
}

// mouseInput is what mouse event m at cell x, y of a screen is to the
// program that drew it, as tmux's input_key_get_mouse encodes it in the
// form the program asked for (flag reads the screen's modes); nil when
// the program asked for no such event.
func mouseInput(flag func(string) (bool, bool), m *mouseEvent, x, y int) []byte {
	on := func(name string) bool { v, _ := flag(name); return v }
	if !on("mouse_any_flag") {
		return nil
	}
	all := on("mouse_all_flag")
	if mouseDragBit(m.b) && !all && !on("mouse_button_flag") {
		return nil
	}
	// A motion with no button pressed goes only to a program that asked
	// for all motion.
	if !all && (m.sgrType != ' ' && mouseDragBit(m.sgrB) && mouseIsRelease(m.sgrB) ||
		m.sgrType == ' ' && mouseDragBit(m.b) && mouseIsRelease(m.b) && mouseIsRelease(m.lb)) {
		return nil
	}
	switch {
	case m.sgrType != ' ' && on("mouse_sgr_flag"):
		return fmt.Appendf(nil, "\x1b[<%d;%d;%d%c", m.sgrB, x+1, y+1, m.sgrType)
	case on("mouse_utf8_flag"):
		const most = 0x7ff
		if m.b > most-0x20 || x > most-0x21 || y > most-0x21 {
			return nil
		}
		out := []byte("\x1b[M")
		for _, v := range []int{m.b + 0x20, x + 0x21, y + 0x21} {
			out = appendMouseUTF8(out, v)
		}
		return out
	case m.b+0x20 > 0xff:
		return nil
	}
	return []byte{0x1b, '[', 'M', byte(m.b + 0x20), byte(min(x+0x21, 0xff)), byte(min(y+0x21, 0xff))}
}

// paneCell is the cell of pane p that mouse event m (with last, the
// event before it) is on, as tmux's cmd_mouse_at finds it; ok is false
// off the pane.
func (m *mouseEvent) paneCell(p *paneState, last bool) (x, y int, ok bool) {
	x, y = m.x+m.ox, m.y+m.oy
	if last {
		x, y = m.lx+m.ox, m.ly+m.oy
	}
	if m.statusAt == 0 && y >= m.statusLines {
		y -= m.statusLines
	}
	if x < p.left || x >= p.left+p.width || y < p.top || y >= p.top+p.height {
		return 0, 0, false
	}
	return x - p.left, y - p.top, true
}

// startCopyDrag starts selecting with the mouse in the copy or view mode
// of the pane under it, as tmux's window_copy_start_drag does: from
// where the drag started, by characters unless it started in the word
// or line the last selection snapped to; the drag's moves follow.
func (c *client) startCopyDrag(m *mouseEvent) {
	p := m.targetPane(c.st)
	if c.control == nil || c.control.tty == nil || p == nil || p.copyState() == nil {
		return
	}
	cs := p.copyState()
	x, y, ok := m.paneCell(p, true)
	if !ok {
		return
	}
	c.control.tty.mouse.dragUpdate = copyDrag
	if yg := cs.hsize + y - cs.oy; x < cs.selrx || x > cs.endselrx || yg != cs.selry {
		cs.selFlag = selChar
	}
	switch cs.selFlag {
	case selWord:
		if cs.separators != "" {
			cs.updateCursor(x, y)
			var py int
			x, py = cs.previousWordPos(cs.separators)
			y = py - cs.hsize + cs.oy
		}
		cs.updateCursor(x, y)
	case selLine:
		cs.updateCursor(0, y)
	default:
		cs.updateCursor(x, y)
		cs.startSelection()
	}
	copyDrag(c, m)
}

// copyDrag follows a drag that selects in copy mode, as tmux's
// window_copy_drag_update does: the cursor, and the selection's end with
// it, goes where the mouse is, scrolling a line at the pane's top or
// bottom. (tmux goes on scrolling while the mouse stays there; the
// emulator scrolls once.)
func copyDrag(c *client, m *mouseEvent) {
	p := m.targetPane(c.st)
	if p == nil || p.copyState() == nil {
		return
	}
	cs := p.copyState()
	x, y, ok := m.paneCell(p, false)
	if !ok {
		return
	}
	oldx, oldy := cs.cx, cs.cy
	cs.updateCursor(x, y)
	if oldy != cs.cy || oldx == cs.cx {
		switch y {
		case 0:
			cs.cursorUp(true)
		case cs.sy - 1:
			cs.cursorDown(true)
		}
	}
}

// appendMouseUTF8 appends a coordinate of the UTF-8 mouse form (1005):
// one byte below 128, else two, as tmux's input_key_split2 writes it.
func appendMouseUTF8(b []byte, v int) []byte {
	if v > 0x7f {
		return append(b, byte(v>>6|0xc0), byte(v&0x3f|0x80))
	}
	return append(b, byte(v))
}

// mouseModes are the mouse modes a terminal client's terminal should be
// in, as tmux's server_client_reset_state works them out: those of the
// overlay or the active pane; with the mouse option on, every motion if
// a pane of the window asked for it and buttons with dragging otherwise.
func (c *client) mouseModes(cc *controlClient) int {
	screenModes := func(flag func(string) (bool, bool)) int {
		mode := 0
		for name, bit := range map[string]int{"mouse_standard_flag": ttyMouseStandard, "mouse_button_flag": ttyMouseButton,
			"mouse_all_flag": ttyMouseAll} {
			if on, _ := flag(name); on {
				mode |= bit
			}
		}
		return mode
	}
	paneModes := func(p *paneState) int {
		if p == nil || p.inMode() {
			// A mode's screen asks for no mouse.
			return 0
		}
		return screenModes(p.prog.Flag)
	}
	w := cc.session.current
	overlay := cc.tty.menu != nil || cc.popup != nil && cc.popup.term != nil
	var mode int
	switch {
	case cc.tty.menu != nil:
		if cc.tty.menu.mouse {
			mode = ttyMouseAll | ttyMouseButton
		}
	case cc.popup != nil && cc.popup.term != nil:
		mode = screenModes(cc.popup.term.prog.Flag)
	default:
		mode = paneModes(w.active)
	}
	if cc.session.options.get("mouse") == "on" {
		if !overlay {
			mode = 0
			for _, p := range w.panes {
				mode |= paneModes(p) & ttyMouseAll
			}
		}
		if mode&ttyMouseAll == 0 {
			mode |= ttyMouseButton
		}
	}
	return mode
}

// updateMouseModes writes what changes the terminal's mouse modes to
// mode, as tmux's tty_update_mode does: all off, then those wanted, in
// the SGR form.
func (t *ttyState) updateMouseModes(out *strings.Builder, mode int) {
	if mode == t.mouseMode {
		return
	}
	out.WriteString("\x1b[?1006l\x1b[?1000l\x1b[?1002l\x1b[?1003l")
	if mode != 0 {
		out.WriteString("\x1b[?1006h")
	}
	switch {
	case mode&ttyMouseAll != 0:
		out.WriteString("\x1b[?1000h\x1b[?1002h\x1b[?1003h")
	case mode&ttyMouseButton != 0:
		out.WriteString("\x1b[?1000h\x1b[?1002h")
	case mode&ttyMouseStandard != 0:
		out.WriteString("\x1b[?1000h")
	}
	t.mouseMode = mode
}

// resizeDrag follows a drag of a border that resize-pane -M took over, as
// tmux's cmd_resize_pane_mouse_update does: the borders next to where
// the drag was move with it.
func resizeDrag(c *client, m *mouseEvent) {
	w := m.targetWindow(c.st)
	if w == nil {
		c.control.tty.mouse.dragUpdate = nil
		return
	}
	// The cells are the window's: the status line's rows are not.
	windowRow := func(y int) int {
		switch {
		case m.statusAt == 0 && y >= m.statusLines:
			return y - m.statusLines
		case m.statusAt > 0 && y >= m.statusAt:
			return m.statusAt - 1
		}
		return y
	}
	x, y := m.x, windowRow(m.y)
	lx, ly := m.lx, windowRow(m.ly)
	var cells []*layoutCell
	for _, off := range [][2]int{{0, 0}, {0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
		if lc := w.layout.cellByBorder(lx+off[0], ly+off[1]); lc != nil && !slices.Contains(cells, lc) {
			cells = append(cells, lc)
		}
	}
	resized := false
	for _, lc := range cells {
		switch typ := lc.parent.typ; {
		case y != ly && typ == layoutTopBottom:
			w.moveBorder(lc, typ, y-ly)
			resized = true
		case x != lx && typ == layoutLeftRight:
			w.moveBorder(lc, typ, x-lx)
			resized = true
		}
	}
	if resized {
		c.st.notify(event{kind: eventLayoutChanged, w: w})
	}
}

// cellByBorder is the cell of lc's tree whose border (right or below it)
// x, y is on, as tmux's layout_search_by_border finds it; nil for none.
func (lc *layoutCell) cellByBorder(x, y int) *layoutCell {
	var last *layoutCell
	for _, child := range lc.cells {
		if x >= child.xoff && x < child.xoff+child.sx && y >= child.yoff && y < child.yoff+child.sy {
			return child.cellByBorder(x, y)
		}
		if last != nil {
			switch lc.typ {
			case layoutLeftRight:
				if x < child.xoff && x >= last.xoff+last.sx {
					return last
				}
			case layoutTopBottom:
				if y < child.yoff && y >= last.yoff+last.sy {
					return last
				}
			}
		}
		last = child
	}
	return nil
}
