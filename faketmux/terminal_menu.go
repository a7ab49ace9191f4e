package faketmux

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/keys"
)

// menuOverlay is display-menu open on a terminal client, as tmux's
// menu_data keeps it: the menu's box at px, py, its items, and the one
// chosen (-1 for none).
type menuOverlay struct {
	title    string
	items    []menuItem
	width    int // of the widest item or the title; the box is 4 wider
	px, py   int
	choice   int
	stayOpen bool // -O
	// tab is set for a menu of completions: Tab moves down, and closes
	// it from the last item, and BSpace closes it.
	tab bool
	// picked, when set, takes the chosen item's command instead of
	// running it.
	picked func(command string)
	// mouse is set for a menu a mouse key's binding opened, which
	// takes the mouse.
	mouse bool
}

// menuItem is a line of a menu: a separator, or a name (a format, "-"
// first when it cannot be chosen) with its key and command.
type menuItem struct {
	sep     bool
	name    string
	key     keys.Code
	command string
}

// selectable is whether the item can be chosen.
func (i menuItem) selectable() bool { return !i.sep && !strings.HasPrefix(i.name, "-") }

// display-menu opens a menu on a terminal client, as tmux's
// cmd_display_menu_exec does, and does not wait for it to close; a
// client with no terminal holds its queue, as a menu nobody can answer
// would.
func cmdDisplayMenu(c *client, it *cmdItem) error {
	tc, a := it.client, it.args
	if tc.tty == nil || tc.session == nil {
		return cmdHoldClient(c, it)
	}
	if tc.tty.menu != nil || tc.tty.panes != nil || tc.popup != nil {
		return nil
	}
	f := c.formatWithClient(it.target, tc)
	m := &menuOverlay{choice: -1, stayOpen: a.has('O'), mouse: c.mouse != nil}
	if v, ok := a.get('T'); ok {
		m.title = f.expand(v)
	}
	m.width = formatWidth(m.title)
	for i := 0; i < len(a.values); {
		name := a.values[i]
		i++
		if name == "" {
			if len(m.items) > 0 {
				m.items = append(m.items, menuItem{sep: true})
			}
			continue
		}
		if len(a.values)-i < 2 {
			return errorf(errMenuArguments)
		}
		m.add(f, tc.size.sx, name, a.values[i], a.values[i+1])
		i += 2
	}
	if len(m.items) == 0 {
		return nil
	}
	w, h := m.width+4, len(m.items)+2
	px, py, ok := c.menuPosition(it, tc, w, h)
	if !ok || tc.size.sx < w || tc.size.sy < h {
		return nil
	}
	m.px, m.py = min(px, tc.size.sx-w), min(py, tc.size.sy-h)
	// A menu the mouse opened chooses nothing until the mouse is over
	// an item.
	for i, item := range m.items {
		if item.selectable() && !m.mouse {
			m.choice = i
			break
		}
	}
	tc.tty.menu = m
	tc.poke()
	return nil
}

// add adds an item as tmux's menu_add_item does: its name expanded (an
// item whose name expands to nothing is left out), cut to the client's
// width sx with ">" where it is too long, and its key shown at its right
// where there is room.
func (m *menuOverlay) add(f *formatter, sx int, name, key, command string) {
	s := f.expand(name)
	if s == "" {
		return
	}
	code := keys.Lookup(key)
	maxWidth := sx - 4
	keyName := ""
	if s[0] != '-' && code != keys.Unknown && code != keys.None {
		keyName = code.String()
		keyLen := len(keyName) + 3 // a space and two brackets
		if keyLen <= maxWidth/4 {
			maxWidth -= keyLen
		} else if keyLen >= maxWidth || len(s) >= maxWidth-keyLen {
			keyName = ""
		}
	}
	suffix := ""
	if len(s) > maxWidth {
		maxWidth--
		suffix = ">"
	}
	text := trimRight(s, maxWidth) + suffix
	if keyName != "" {
		text += "#[default] #[align=right](" + keyName + ")"
	}
	width := formatWidth(text)
	if text[0] == '-' {
		width--
	}
	m.width = max(m.width, width)
	m.items = append(m.items, menuItem{name: text, key: code, command: f.expand(command)})
}

// menuPosition is where a box w wide and h high goes for display-menu's
// -x and -y, as tmux's cmd_display_menu_get_position works it out: each
// a number or a format, with the letters C (the centre, the default), R
// and P (the pane's right, left and bottom), S (by the status line), M
// (by the mouse, from a mouse key's binding) and W (by the window on the
// status line). -y is where the bottom goes. ok is false when it does
// not fit.
func (c *client) menuPosition(it *cmdItem, tc *controlClient, w, h int) (px, py int, ok bool) {
	sx, sy := tc.size.sx, tc.size.sy
	if w > sx || h > sy {
		return 0, 0, false
	}
	vars := map[string]int{"popup_width": w, "popup_height": h}
	top := 0
	if lines := tc.statusLines(); lines > 0 {
		if tc.session.options.get("status-position") == "top" {
			top = lines
			vars["popup_status_line_y"] = lines + h
		} else {
			vars["popup_status_line_y"] = sy - lines
		}
	}
	if lines := tc.statusLines(); lines > 0 && it.target.w != nil {
		// Where the target's window is on the status line, if it is.
		want := "window|" + strconv.Itoa(it.target.w.index)
		for line := range lines {
			if _, ranges := c.statusRow(tc, sx, line); slices.Contains(ranges, want) {
				vars["popup_window_status_line_x"] = slices.Index(ranges, want)
				if top > 0 {
					vars["popup_window_status_line_y"] = line + 1 + h
				} else {
					vars["popup_window_status_line_y"] = sy - lines + line
				}
				break
			}
		}
	}
	if m := c.mouse; m != nil {
		// The mouse event of the key binding running. tmux takes a
		// height from the row unsigned: above the top it wraps round
		// to the far bottom.
		unsigned := func(n int) int {
			if n < 0 {
				return n + 1<<32
			}
			return n
		}
		vars["popup_mouse_x"], vars["popup_mouse_y"] = m.x, m.y
		vars["popup_mouse_centre_x"] = max(m.x-w/2, 0)
		vars["popup_mouse_centre_y"] = unsigned(m.y - h/2)
		if vars["popup_mouse_centre_y"]+h >= sy {
			vars["popup_mouse_centre_y"] = sy - h
		}
		vars["popup_mouse_top"] = min(m.y+h, sy-1)
		vars["popup_mouse_bottom"] = unsigned(m.y - h)
	}
	vars["popup_centre_x"] = max((sx-1)/2-w/2, 0)
	if n := (sy-1)/2 + h/2; n >= sy {
		vars["popup_centre_y"] = sy - h
	} else {
		vars["popup_centre_y"] = n
	}
	if wp := it.target.p; wp != nil {
		if n := top + wp.top + h; n >= sy {
			vars["popup_pane_top"] = sy - h
		} else {
			vars["popup_pane_top"] = n
		}
		vars["popup_pane_bottom"] = top + wp.top + wp.height
		vars["popup_pane_left"] = wp.left
		vars["popup_pane_right"] = max(wp.left+wp.width-w, 0)
	}
	f := c.formatForTarget(it.target)
	expand := func(letter byte, names map[string]string) int {
		v, given := it.args.get(letter)
		if !given {
			v = "C"
		}
		if name, ok := names[v]; ok {
			v = "#{" + name + "}"
		}
		for _, name := range popupVariables {
			value := ""
			if n, ok := vars[name]; ok {
				value = strconv.Itoa(n)
			}
			v = strings.ReplaceAll(v, "#{"+name+"}", value)
		}
		n, _ := strtol(f.expand(v))
		return int(n)
	}
	n := expand('x', map[string]string{"C": "popup_centre_x", "R": "popup_pane_right", "P": "popup_pane_left",
		"M": "popup_mouse_centre_x", "W": "popup_window_status_line_x"})
	switch {
	case n+w >= sx:
		n = sx - w
	case n < 0:
		n = 0
	}
	px = n
	n = expand('y', map[string]string{"C": "popup_centre_y", "P": "popup_pane_bottom", "M": "popup_mouse_top",
		"S": "popup_status_line_y", "W": "popup_window_status_line_y"})
	if n < h {
		n = 0
	} else {
		n -= h
	}
	if n+h >= sy {
		n = sy - h
	}
	return px, n, true
}

// popupVariables are the variables display-menu's -x and -y may use;
// those of the mouse are empty but from a mouse key's binding, those of
// the window's place on the status line when it is not there.
var popupVariables = []string{"popup_width", "popup_height", "popup_status_line_y", "popup_centre_x",
	"popup_centre_y", "popup_pane_top", "popup_pane_bottom", "popup_pane_left", "popup_pane_right",
	"popup_mouse_x", "popup_mouse_y", "popup_mouse_centre_x", "popup_mouse_centre_y", "popup_mouse_top",
	"popup_mouse_bottom", "popup_window_status_line_x", "popup_window_status_line_y"}

// menuKey is a key typed while a menu shows, as tmux's menu_key_cb takes
// it: an item's key chooses it; Up, Down, k and j move to the next item
// that can be chosen, round the ends; g, G, PPage, NPage and C-b jump by
// five; Enter chooses; Escape, C-c, C-g and q close the menu; every other
// key is taken and does nothing. It reports whether the menu closes, and
// the command an item chosen runs once it has.
func (m *menuOverlay) key(key keys.Code) (closed bool, run string) {
	count, old := len(m.items), m.choice
	last := m.items[count-1] // what tmux's loop below leaves in its name
	for i, item := range m.items {
		if item.selectable() && item.key == key {
			m.choice = i
			return m.chosen()
		}
	}
	step := func(next func()) {
		if old == -1 {
			old = 0
		}
		for {
			next()
			if m.items[m.choice].selectable() || m.choice == old {
				return
			}
		}
	}
	name := key.String()
	if m.tab {
		switch {
		case name == "BSpace", name == "Tab" && m.choice == count-1:
			return true, ""
		case name == "Tab":
			name = "Down"
		}
	}
	switch name {
	case "Up", "k":
		step(func() {
			if m.choice <= 0 {
				m.choice = count - 1
			} else {
				m.choice--
			}
		})
	case "Down", "j":
		step(func() {
			if m.choice == -1 || m.choice == count-1 {
				m.choice = 0
			} else {
				m.choice++
			}
		})
	case "g", "PPage", "C-b":
		if m.choice > 5 {
			m.choice -= 5
		} else {
			m.choice = 0
		}
		for m.choice != count && !last.selectable() {
			m.choice++
		}
		if m.choice == count {
			m.choice = -1
		}
	case "G", "NPage":
		if m.choice > count-6 {
			m.choice = count - 1
		} else {
			m.choice += 5
		}
		for m.choice != -1 && !last.selectable() {
			m.choice--
		}
	case "Enter":
		return m.chosen()
	case "Escape", "C-c", "C-g", "q":
		return true, ""
	}
	return false, ""
}

// chosen is the choice made: the item's command runs and the menu
// closes; a choice of nothing, or of an item that cannot be chosen,
// closes it (but for -O, which keeps it open for the latter).
func (m *menuOverlay) chosen() (bool, string) {
	if m.choice == -1 {
		return true, ""
	}
	item := m.items[m.choice]
	if !item.selectable() {
		return !m.stayOpen, ""
	}
	return true, item.command
}

// click is a mouse event while the menu shows, as tmux's menu_key_cb
// takes it: a menu the keyboard opened closes at any but the first
// button's press; one the mouse opened follows the mouse over its items,
// choosing the item under a release (with -O, under a press), and
// closes at a release outside them (with -O, a press).
func (m *menuOverlay) click(ev *mouseEvent) (closed bool, run string) {
	if !m.mouse {
		return ev.b&mouseMaskButtons != 0, ""
	}
	release, moving := mouseIsRelease(ev.b), mouseIsWheel(ev.b) || mouseDragBit(ev.b)
	if ev.x < m.px || ev.x > m.px+4+m.width || ev.y < m.py+1 || ev.y > m.py+len(m.items) {
		if !m.stayOpen && release || m.stayOpen && !release && !moving {
			return true, ""
		}
		m.choice = -1
		return false, ""
	}
	if !m.stayOpen && release || m.stayOpen && !moving {
		return m.chosen()
	}
	m.choice = ev.y - (m.py + 1)
	return false, ""
}

// menuKey is a key typed into a terminal client with a menu open.
func (c *client) menuKey(key keys.Code) {
	c.menuClosed(c.control.tty.menu.key(key))
}

// menuClosed ends the menu when a key or the mouse closed it, running
// the chosen item's command.
func (c *client) menuClosed(closed bool, run string) {
	t := c.control.tty
	m := t.menu
	if !closed {
		return
	}
	t.menu = nil
	if run == "" {
		return
	}
	if m.picked != nil {
		m.picked(run)
		return
	}
	cmds, err := c.parseCommandString(run)
	if err != nil {
		c.writeError(err.Error())
		return
	}
	c.runList(cmds)
}

// menuDraw draws the menu over the client's terminal as tmux's
// menu_draw_cb and screen_write_menu do: a box with the title on its top
// line, separators across it, each item in the box's width with its key
// at the right, the chosen one in mode-style, those that cannot be
// chosen dim.
func (c *client) menuDraw(out *strings.Builder, cc *controlClient, m *menuOverlay) {
	w, h := m.width+4, len(m.items)+2
	plain := drawStyle{}
	mode := parseDrawStyle(drawStyle{}, cc.session.current.options.get("mode-style"))
	cell := func(style drawStyle, ch string) string { return style.sgr() + ch }
	line := func(left, mid, right string) []string {
		row := make([]string, w)
		row[0], row[w-1] = cell(plain, left), cell(plain, right)
		for x := 1; x < w-1; x++ {
			row[x] = cell(plain, mid)
		}
		return row
	}
	term := cc.tty.term
	set := term.lineSet(term.acsNeeded(cc.utf8))
	rows := make([][]string, h)
	rows[0] = line(set[cellTopLeft], set[cellLeftRight], set[cellTopRight])
	for x, drawn := range formatCells(m.title, plain, w-4) {
		if drawn != "" {
			rows[0][2+x] = drawn
		}
	}
	rows[h-1] = line(set[cellBottomLeft], set[cellLeftRight], set[cellBottomRight])
	for i, item := range m.items {
		if item.sep {
			rows[i+1] = line(set[cellLeftJoin], set[cellLeftRight], set[cellRightJoin])
			continue
		}
		row := line(set[cellTopBottom], " ", set[cellTopBottom])
		base, name, defaultColours := plain, item.name, false
		if i == m.choice && item.selectable() {
			base, defaultColours = mode, true
		}
		for x := range m.width {
			row[2+x] = cell(base, " ")
		}
		if !item.selectable() {
			name = name[1:]
			base.attrs = append(base.attrs, "dim")
		}
		for x, drawn := range formatCellsWith(name, base, m.width, defaultColours) {
			if drawn != "" {
				row[2+x] = drawn
			}
		}
		rows[i+1] = row
	}
	for y, row := range rows {
		fmt.Fprintf(out, "\x1b[%d;%dH", m.py+y+1, m.px+1)
		for _, drawn := range row {
			if drawn != skipCell {
				out.WriteString(drawn)
			}
		}
		out.WriteString("\x1b[0m")
	}
}
