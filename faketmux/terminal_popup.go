package faketmux

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/keys"
	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/pane"
)

// popupTerm is a display-popup drawn on a terminal client, as tmux's
// popup_data keeps it: the box at px, py, sx by sy, its border lines and
// style and title, the default colours of its inside, the job's
// terminal, a screen of the box's inside, and a drag of the mouse that
// moves or resizes it.
type popupTerm struct {
	px, py, sx, sy int
	// ppx, ppy, psx and psy are the place and size asked for, by
	// display-popup or a drag: a smaller terminal moves and shrinks the
	// popup, a larger one gives them back.
	ppx, ppy, psx, psy int
	lines              string // popup-border-lines' choice; "none" for -B
	title              string
	border             drawStyle
	inside             colours // popup-style or -s: the inside's default colours
	prog               *pane.Pane
	exited             bool // the job has exited (tmux's pd->job is NULL)
	drag               popupDrag
	dx, dy             int // where in the box the drag holds it
}

// popupDrag is what a drag of the mouse does to a popup.
type popupDrag int

const (
	popupDragOff popupDrag = iota
	popupMoving
	popupSizing
)

// popupBorderSets add popup-border-lines' own to the pane border sets.
var popupBorderSets = map[string][]string{
	"rounded": {"", "│", "─", "╭", "╮", "╰", "╯", "┳", "┻", "┣", "┫", "╋", "·"},
	"padded":  {" ", " ", " ", " ", " ", " ", " ", " ", " ", " ", " ", " ", " "},
}

// terminalPopup opens display-popup on terminal client tc, as tmux's
// cmd_display_popup_exec and popup_display do: -w and -h (half the
// client's size by default, a number or a percentage of it), -x and -y
// placed as display-menu's, -b or -B the border lines, -S and
// popup-border-style its colours, -s and popup-style the default colours
// of its inside, -T a title; the command (or, with none,
// default-command, else the shell) runs in a terminal of the box's
// inside. A popup too small for its border, or too large for the client,
// is not opened. ok is false when it was not.
func (c *client) terminalPopup(it *cmdItem, tc *controlClient, pop *popup) (ok bool, err error) {
	a, t := it.args, it.target
	sx, sy := tc.size.sx, tc.size.sy
	h, w := sy/2, sx/2
	if v, given := a.get('h'); given {
		n, err := stringPercentage(v, 1, sy, sy)
		if err != nil {
			return false, errorf(errHeight, err.Error())
		}
		h = n
	}
	if v, given := a.get('w'); given {
		n, err := stringPercentage(v, 1, sx, sx)
		if err != nil {
			return false, errorf(errWidth, err.Error())
		}
		w = n
	}
	w, h = min(w, sx), min(h, sy)
	px, py, fits := c.menuPosition(it, tc, w, h)
	if !fits {
		return false, nil
	}
	o := t.s.current.options
	lines := o.get("popup-border-lines")
	if v, given := a.get('b'); a.has('B') {
		lines = "none" // -b is not even looked at
	} else if given {
		if !slices.Contains([]string{"single", "double", "heavy", "simple", "rounded", "padded", "none"}, v) {
			return false, errorf(errPopupBorderLines, v)
		}
		lines = v
	}
	jx, jy := w-2, h-2
	if lines == "none" {
		jx, jy = w, h
	}
	if jx < 1 || jy < 1 || sx < w || sy < h {
		return false, nil
	}
	f := c.formatForTarget(t)
	// -S and -s replace both colours of their option's style, when
	// tmux's style_parse takes them; the border has no attributes.
	border := parseDrawStyle(drawStyle{}, f.expand(o.get("popup-border-style")))
	if v, given := a.get('S'); given && validStyle(v) {
		s := parseDrawStyle(drawStyle{}, v)
		border.fg, border.bg = s.fg, s.bg
	}
	border.attrs = nil
	var inside colours
	inside.fg, inside.bg = styleColours(f.expand(o.get("popup-style")))
	if v, given := a.get('s'); given && validStyle(v) {
		inside.fg, inside.bg = styleColours(v)
	}
	pt := &popupTerm{px: px, py: py, sx: w, sy: h, ppx: px, ppy: py, psx: w, psy: h, lines: lines, border: border,
		inside: inside}
	if v, given := a.get('T'); given {
		pt.title = f.expand(v)
	}
	dir := c.jobDir(t.s)
	if v, given := a.get('d'); given {
		dir = f.expand(v)
	}
	env := c.sessionEnviron(t.s, !c.inConfig)
	for _, kv := range allValues(a, 'e') {
		env.put(kv)
	}
	var argv []string
	arg0 := ""
	text := ""
	switch len(a.values) {
	case 0:
		text = t.s.options.get("default-command")
	case 1:
		text = a.values[0]
	}
	switch {
	case len(a.values) > 1:
		argv = a.values
	case text != "":
		argv, arg0 = []string{"/bin/sh", "-c", text}, "sh"
	default:
		argv = []string{t.s.options.get("default-shell")}
		arg0 = filepath.Base(argv[0])
	}
	prog, err := pane.Start(pane.Options{Argv: argv, Arg0: arg0, Dir: dir, Env: env.pushed(), Cols: jx, Rows: jy,
		NoReflow: true, Output: func([]byte) { tc.poke() }})
	if err != nil {
		return false, nil // tmux's job_run fails, and the command says nothing
	}
	pt.prog = prog
	pop.term = pt
	c.s.later(c.st, func() { <-prog.Exited() }, func(c *client) {
		pt.exited = true
		status, signal := prog.ExitStatus()
		pop.status = status
		if signal != 0 {
			pop.status = signal // as popup_job_complete_cb has it
		}
		if tc.popup == pop && (pop.closeOnExit || pop.closeOnSuccess && pop.status == 0) {
			tc.closePopup()
		}
		tc.poke()
	})
	tc.poke()
	return true, nil
}

// popupKey is a key typed into a terminal client with a popup open, as
// tmux's popup_key_cb takes it (before any key table, the prefix too):
// Escape and C-c close a popup opened without -E, or whose job has
// exited; while the job runs every other key goes to it.
func (c *client) popupKey(pop *popup, key keys.Code, raw []byte) {
	pt := pop.term
	closes := !pop.closeOnExit && !pop.closeOnSuccess || pt.exited
	if closes && (key == keys.Code('\x1b') || key == keys.Code('\x03') || key.String() == "Escape" || key.String() == "C-c") {
		c.control.closePopup()
		return
	}
	if !pt.exited && !isFocusKey(key) {
		pt.prog.Write(raw)
	}
}

// popupDraw draws the popup over the client's terminal as popup_draw_cb
// does: its box (screen_write_box: the border lines in the border's
// colours, the title from the third cell of the top line), and inside
// it the job's screen, what it leaves in the default colours in the
// inside's.
func (c *client) popupDraw(out *strings.Builder, pt *popupTerm) {
	rows := make([]string, pt.sy)
	content, _ := pt.prog.Capture(paneCapture)
	inner := strings.Split(strings.TrimSuffix(string(content), "\n"), "\n")
	jx, off := pt.sx, 0
	if pt.lines != "none" {
		jx, off = pt.sx-2, 1
	}
	set := borderSets[pt.lines]
	if s, ok := popupBorderSets[pt.lines]; ok {
		set = s
	}
	if set == nil || pt.lines == "single" {
		// Single lines are the line-drawing set's.
		term := c.control.tty.term
		set = term.lineSet(term.acsNeeded(c.control.utf8))
	}
	b := pt.border.sgr()
	for y := range pt.sy {
		line := ""
		if y-off >= 0 && y-off < len(inner) {
			line = inner[y-off]
		}
		body := "\x1b[0m" + pt.inside.over(fitLine(line, jx, false)) + "\x1b[0m"
		switch {
		case off != 0 && (pt.sx <= 2 || pt.sy <= 2):
			// Too small for its box: tmux draws the popup blank.
			rows[y] = strings.Repeat(" ", pt.sx)
		case off == 0:
			rows[y] = body
		case y == 0:
			top := set[cellTopLeft] + strings.Repeat(set[cellLeftRight], pt.sx-2) + set[cellTopRight]
			if pt.title != "" && pt.sx > 4 {
				cells := []string{set[cellTopLeft], set[cellLeftRight]}
				drawn := formatCells(pt.title, pt.border, pt.sx-4)
				for _, cell := range drawn {
					if cell == "" {
						cell = set[cellLeftRight]
					}
					if cell != skipCell {
						cells = append(cells, cell+b)
					}
				}
				for range pt.sx - 4 - len(drawn) {
					cells = append(cells, set[cellLeftRight])
				}
				top = strings.Join(append(cells, set[cellLeftRight], set[cellTopRight]), "")
			}
			rows[y] = b + top + "\x1b[0m"
		case y == pt.sy-1:
			rows[y] = b + set[cellBottomLeft] + strings.Repeat(set[cellLeftRight], pt.sx-2) + set[cellBottomRight] + "\x1b[0m"
		default:
			rows[y] = b + set[cellTopBottom] + body + b + set[cellTopBottom] + "\x1b[0m"
		}
	}
	for y, row := range rows {
		fmt.Fprintf(out, "\x1b[%d;%dH%s", pt.py+y+1, pt.px+1, row)
	}
}

// popupCursor is where the terminal's cursor goes with a popup open:
// where the job's is, as popup_mode_cb has it; ok is false when the job's
// cursor is hidden.
func (pt *popupTerm) popupCursor() (x, y int, ok bool) {
	cx, cy := pt.prog.Cursor()
	if pt.lines != "none" {
		cx, cy = cx+1, cy+1
	}
	on, known := pt.prog.Flag("cursor_flag")
	return pt.px + cx, pt.py + cy, !known || on
}

// popupMouse is a mouse event on a terminal client with a popup open, as
// tmux's popup_key_cb takes it (the mouse option on or off): a drag of
// the border, or with Meta from anywhere in the popup, moves it with the
// first button and resizes it with the third; the third button's press
// on the left or top border, or outside, opens the popup's menu; any
// other event inside goes to the job in the form it asked for, and one
// outside does nothing.
func (c *client) popupMouse(pt *popupTerm, m *mouseEvent) {
	if pt.drag != popupDragOff {
		pt.dragTo(size{c.control.size.sx, c.control.size.sy}, m)
		return
	}
	button := m.b & mouseMaskButtons
	if m.x < pt.px || m.x >= pt.px+pt.sx || m.y < pt.py || m.y >= pt.py+pt.sy {
		if button == mouseButton3 {
			c.popupMenu(m)
		}
		return
	}
	onBorder := pt.lines != "none" && (m.x == pt.px || m.x == pt.px+pt.sx-1 || m.y == pt.py || m.y == pt.py+pt.sy-1)
	// The left and top borders are those of the corners the right and
	// bottom ones do not take.
	leftOrTop := onBorder && m.x != pt.px+pt.sx-1 && (m.x == pt.px || m.y == pt.py)
	if leftOrTop && m.b&mouseMaskModifiers == 0 && button == mouseButton3 {
		c.popupMenu(m)
		return
	}
	if onBorder || m.b&mouseMaskModifiers == mouseMaskMeta {
		if !mouseDragBit(m.b) {
			return
		}
		// The drag is of the button pressed before it.
		switch m.lb & mouseMaskButtons {
		case mouseButton1:
			pt.drag = popupMoving
		case mouseButton3:
			pt.drag = popupSizing
		}
		pt.dx, pt.dy = m.lx-pt.px, m.ly-pt.py
		return
	}
	if pt.exited {
		return
	}
	x, y := m.x-pt.px, m.y-pt.py
	if pt.lines != "none" {
		x, y = x-1, y-1
	}
	if out := mouseInput(pt.prog.Flag, m, x, y); out != nil {
		pt.prog.Write(out)
	}
}

// dragTo follows a drag of the popup to mouse event m on a terminal of
// size term, as popup_handle_drag does: moving, the popup keeps where
// the mouse holds it, inside the terminal; resizing, its bottom right
// corner goes just above and left of the mouse, while its inside keeps
// a cell. Any event that is no drag ends it.
func (pt *popupTerm) dragTo(term size, m *mouseEvent) {
	if !mouseDragBit(m.b) {
		pt.drag = popupDragOff
		return
	}
	switch pt.drag {
	case popupMoving:
		place := func(at, held, extent, total int) int {
			switch {
			case at < held:
				return 0
			case at-held+extent > total:
				return total - extent
			}
			return at - held
		}
		pt.px, pt.py = place(m.x, pt.dx, pt.sx, term.sx), place(m.y, pt.dy, pt.sy, term.sy)
		pt.ppx, pt.ppy = pt.px, pt.py
		pt.dx, pt.dy = m.x-pt.px, m.y-pt.py
	case popupSizing:
		least := 3
		if pt.lines == "none" {
			least = 1
		}
		if m.x < pt.px+least || m.y < pt.py+least {
			return
		}
		pt.sx, pt.sy = m.x-pt.px, m.y-pt.py
		pt.psx, pt.psy = pt.sx, pt.sy
		pt.resizeJob()
	}
}

// clientResized fits the popup to its client's new size, as
// popup_resize_cb does: the size and place asked for where they fit,
// else as large as the terminal and moved back from its right and
// bottom edges.
func (pt *popupTerm) clientResized(term size) {
	pt.sx, pt.sy = min(pt.psx, term.sx), min(pt.psy, term.sy)
	pt.px, pt.py = min(pt.ppx, term.sx-pt.sx), min(pt.ppy, term.sy-pt.sy)
	pt.resizeJob()
}

// resizeJob gives the job's terminal the size of the popup's inside,
// unless the popup is too small for its box.
func (pt *popupTerm) resizeJob() {
	jx, jy := pt.sx, pt.sy
	if pt.lines != "none" {
		jx, jy = jx-2, jy-2
	}
	if jx > 0 && jy > 0 {
		pt.prog.Resize(jx, jy)
	}
}

// popupMenuItems are the names and keys of the popup's menu, as tmux's
// popup_menu_items; a name that expands to nothing is left out, and ""
// is a separator.
var popupMenuItems = [][2]string{
	{"Close", "q"},
	{"#{?buffer_name,Paste #[underscore]#{buffer_name},}", "p"},
	{"", ""},
	{"Fill Space", "F"},
	{"Centre", "C"},
	{"", ""},
	{"To Horizontal Pane", "h"},
	{"To Vertical Pane", "v"},
}

// popupMenu opens the popup's menu at mouse event m, as popup_key_cb and
// menu_prepare place it: centred across the mouse, its top line at the
// mouse, kept inside the terminal. It takes the mouse, and the item
// chosen (by the key, which is its command) acts on the popup.
func (c *client) popupMenu(m *mouseEvent) {
	cc := c.control
	f := c.formatWithClient(target{}, cc)
	menu := &menuOverlay{choice: -1, mouse: true}
	for _, item := range popupMenuItems {
		if item[0] == "" {
			if len(menu.items) > 0 {
				menu.items = append(menu.items, menuItem{sep: true})
			}
			continue
		}
		menu.add(f, cc.size.sx, item[0], item[1], item[1])
	}
	w, h := menu.width+4, len(menu.items)+2
	if cc.size.sx < w || cc.size.sy < h {
		return
	}
	menu.px, menu.py = max(m.x-w/2, 0), m.y
	menu.px, menu.py = min(menu.px, cc.size.sx-w), min(menu.py, cc.size.sy-h)
	menu.picked = c.popupMenuChosen
	cc.tty.menu = menu
}

// popupMenuChosen acts on the popup as popup_menu_done does for the
// item of key: q closes it, p pastes the newest buffer into its job, F
// fills the terminal with it and C centres it (neither asking for that
// size or place, nor resizing the job's terminal), h and v make its job
// a pane.
func (c *client) popupMenuChosen(key string) {
	cc := c.control
	pop := cc.popup
	if pop == nil || pop.term == nil {
		return
	}
	pt := pop.term
	switch key {
	case "q":
		cc.closePopup()
	case "p":
		if b := c.st.buffers.top(); b != nil && !pt.exited {
			pt.prog.Write(b.data)
		}
	case "F":
		pt.px, pt.py, pt.sx, pt.sy = 0, 0, cc.size.sx, cc.size.sy
	case "C":
		pt.px, pt.py = cc.size.sx/2-pt.sx/2, cc.size.sy/2-pt.sy/2
	case "h":
		c.popupToPane(layoutLeftRight)
	case "v":
		c.popupToPane(layoutTopBottom)
	}
}

// popupToPane makes the popup's job a pane, as popup_make_pane does: the
// active pane of the client's window (unzoomed) is split in two, the new
// pane beside it takes the job's terminal and screen and becomes the
// active one, and the popup, left a blank screen, closes.
func (c *client) popupToPane(typ layoutType) {
	cc := c.control
	pt := cc.popup.term
	w := cc.session.current
	if pt.exited {
		return
	}
	c.st.unzoomTelling(w)
	old := w.active
	lc := w.splitPane(old, typ, -1, false, false)
	if lc == nil {
		return
	}
	prog := pt.prog
	pt.prog = pane.StartEmpty(pane.Options{Cols: 1, Rows: 1})
	p := c.adoptPane(w, prog, lc.sx, lc.sy)
	p.cell, lc.pane = lc, p
	w.panes = insertAt(w.panes, indexOf(w.panes, old)+1, p)
	w.fixPanes()
	c.st.setActive(w, p)
	c.st.notify(event{kind: eventLayoutChanged, w: w})
	cc.closePopup()
}
