package faketmux

import (
	"strconv"
	"strings"
)

// layoutCommands are the layout commands, as tmux's cmd-select-layout.c
// declares them.
var layoutCommands = []*cmdEntry{
	{name: "next-layout", alias: "nextl", template: "t:", lower: 0, upper: 0, usage: `[-t target-window]`, target: targetSpec{kind: findWindow}, exec: cmdNextLayout},
	{name: "previous-layout", alias: "prevl", template: "t:", lower: 0, upper: 0, usage: `[-t target-window]`, target: targetSpec{kind: findWindow}, exec: cmdPreviousLayout},
	{name: "select-layout", alias: "selectl", template: "Enopt:", lower: 0, upper: 1, usage: `[-Enop] [-t target-pane] [layout-name]`, target: targetSpec{kind: findPane}, exec: cmdSelectLayout,
		differs: "A name that is neither a preset nor starts with a hex digit crashes tmux 3.3a; " +
			"the emulator says `invalid layout: NAME`."},
}

// layoutStep is which way next-layout, previous-layout and select-layout
// -n and -p step through the presets.
type layoutStep int

const (
	stepNone layoutStep = iota
	stepNext
	stepPrevious
)

func cmdNextLayout(c *client, it *cmdItem) error { return c.runSelectLayout(it, stepNext) }

func cmdPreviousLayout(c *client, it *cmdItem) error { return c.runSelectLayout(it, stepPrevious) }

func cmdSelectLayout(c *client, it *cmdItem) error {
	switch {
	case it.args.has('n'):
		return c.runSelectLayout(it, stepNext)
	case it.args.has('p'):
		return c.runSelectLayout(it, stepPrevious)
	}
	return c.runSelectLayout(it, stepNone)
}

// runSelectLayout runs selectLayout and tells control clients of the
// window's layout as often as tmux does: for the unzoom, for the preset
// arranged (with two panes or more: tmux leaves one pane alone) or the
// layout string applied, and once more for the command, unless it failed
// or changed nothing; before that last notice, the windows are sized
// again.
func (c *client) runSelectLayout(it *cmdItem, step layoutStep) error {
	w := it.target.w
	notices := 0
	if w.zoomed != nil {
		notices++
	}
	changed, err := selectLayout(it, step)
	switch {
	case err != nil:
	case changed == layoutPreset && len(w.panes) > 1, changed == layoutString:
		notices += 2
	case changed != layoutUnchanged:
		notices++
	}
	for i := range notices {
		if i == notices-1 && changed != layoutUnchanged {
			// The command's own notice comes after the windows are
			// sized again.
			c.st.recalculateSoon()
		}
		c.st.notify(event{kind: eventLayoutChanged, w: w})
	}
	return err
}

// layoutChange is what selectLayout did.
type layoutChange int

const (
	layoutUnchanged layoutChange = iota
	layoutPreset
	layoutString
	layoutSpread
)

// selectLayout is tmux's cmd_select_layout_exec: the window is unzoomed
// and its layout kept for -o, then a preset is stepped to, the panes are
// spread out (-E), a preset is chosen by name (or the last one again, with
// no name), or a layout string (or with -o, the layout kept last time) is
// applied.
func selectLayout(it *cmdItem, step layoutStep) (layoutChange, error) {
	a, w := it.args, it.target.w
	w.unzoom()
	old := w.oldLayout
	w.oldLayout = windowLayout(w, false)
	switch {
	case step == stepNext:
		w.nextPreset()
		return layoutPreset, nil
	case step == stepPrevious:
		w.previousPreset()
		return layoutPreset, nil
	case a.has('E'):
		w.spreadOut(it.target.p)
		return layoutSpread, nil
	}
	name, named := "", len(a.values) > 0
	switch {
	case named:
		name = a.values[0]
	case a.has('o'):
		name, named = old, old != ""
	}
	if !a.has('o') {
		preset := w.lastPreset
		if named {
			preset = lookupLayoutPreset(name)
		}
		if preset >= 0 {
			w.selectPreset(preset)
			return layoutPreset, nil
		}
	}
	if !named {
		return layoutUnchanged, nil
	}
	if err := w.applyLayout(name); err != nil {
		w.oldLayout = old
		return layoutUnchanged, errorf("%s: %s", err, name)
	}
	return layoutString, nil
}

// applyLayout arranges w as a layout string says, as tmux's layout_parse
// does: the checksum must match, the panes go into the cells in pane order
// whatever ids the string names, cells beyond the panes are closed from
// the bottom right, and the window takes the layout's size.
func (w *window) applyLayout(layout string) error {
	// tmux reads the checksum as a hex number at the start, then skips
	// five characters ("xxxx,") whatever they are.
	invalid := errorf(errInvalidLayout)
	digits := len(layout) - len(strings.TrimLeft(layout, "0123456789abcdefABCDEF"))
	if digits == 0 || len(layout) < 5 {
		return invalid
	}
	csum, err := strconv.ParseUint(layout[:digits], 16, 64)
	if err != nil || uint16(csum) != layoutChecksum([]byte(layout[5:])) {
		return invalid
	}
	root, rest := parseLayoutCell(layout[5:])
	if root == nil || rest != "" {
		return invalid
	}
	for {
		cells := root.countCells()
		if len(w.panes) > cells {
			return errorf(errLayoutPanes, len(w.panes), cells)
		}
		if len(w.panes) == cells {
			break
		}
		root = root.bottomRight().destroy(root)
	}
	// Older tmux wrote layouts whose top cell was larger than its
	// children; tmux fixes the top cell's size from them.
	if root.typ != layoutPane {
		sx, sy := 0, 0
		for _, child := range root.cells {
			if root.typ == layoutLeftRight {
				sx, sy = sx+child.sx+1, child.sy+1
			} else {
				sx, sy = child.sx+1, sy+child.sy+1
			}
		}
		if root.sx != sx || root.sy != sy {
			root.sx, root.sy = sx-1, sy-1
		}
	}
	if !root.fits() {
		return errorf(errLayoutMismatch)
	}
	panes := w.panes
	root.assign(&panes)
	w.arranged(root)
	return nil
}

// parseLayoutCell reads one cell of a layout string, WxH,X,Y with an
// optional pane id, then its children in {} or []; it returns nil when the
// text is not one.
func parseLayoutCell(s string) (*layoutCell, string) {
	var nums [4]int
	for i, sep := range []byte{'x', ',', ',', 0} {
		digits := len(s) - len(strings.TrimLeft(s, "0123456789"))
		if digits == 0 {
			return nil, ""
		}
		n, err := strconv.ParseUint(s[:digits], 10, 32)
		if err != nil {
			return nil, ""
		}
		nums[i], s = int(n), s[digits:]
		if sep != 0 {
			if s == "" || s[0] != sep {
				return nil, ""
			}
			s = s[1:]
		}
	}
	// A pane id follows a comma, unless what follows is the next cell.
	if rest, ok := strings.CutPrefix(s, ","); ok {
		after := strings.TrimLeft(rest, "0123456789")
		if !strings.HasPrefix(after, "x") {
			s = after
		}
	}
	lc := &layoutCell{typ: layoutPane, sx: nums[0], sy: nums[1], xoff: nums[2], yoff: nums[3]}
	if s == "" || strings.ContainsRune(",}]", rune(s[0])) {
		return lc, s
	}
	closing := byte('}')
	switch s[0] {
	case '{':
		lc.typ = layoutLeftRight
	case '[':
		lc.typ, closing = layoutTopBottom, ']'
	default:
		return nil, ""
	}
	for {
		var child *layoutCell
		if child, s = parseLayoutCell(s[1:]); child == nil {
			return nil, ""
		}
		lc.adopt(child)
		if s == "" || s[0] != ',' {
			break
		}
	}
	if s == "" || s[0] != closing {
		return nil, ""
	}
	return lc, s[1:]
}

func (lc *layoutCell) countCells() int {
	if lc.typ == layoutPane {
		return 1
	}
	n := 0
	for _, child := range lc.cells {
		n += child.countCells()
	}
	return n
}

func (lc *layoutCell) bottomRight() *layoutCell {
	for lc.typ != layoutPane {
		lc = lc.cells[len(lc.cells)-1]
	}
	return lc
}

// destroy removes lc from the tree under root, giving its space to its
// neighbour as tmux's layout_destroy_cell does, and returns the root,
// which changes when a container is left with one cell.
func (lc *layoutCell) destroy(root *layoutCell) *layoutCell {
	parent := lc.parent
	if parent == nil {
		return nil
	}
	i := indexOf(parent.cells, lc)
	other := i - 1
	if i == 0 {
		other = 1
	}
	parent.cells[other].resizeAdjust(parent.typ, lc.size(parent.typ)+1)
	parent.cells = append(parent.cells[:i], parent.cells[i+1:]...)
	if len(parent.cells) > 1 {
		return root
	}
	only := parent.cells[0]
	only.parent = parent.parent
	if only.parent == nil {
		only.xoff, only.yoff = 0, 0
		return only
	}
	only.parent.cells[indexOf(only.parent.cells, parent)] = only
	return root
}

// fits is tmux's layout_check: every container's children fill it exactly
// along its direction and match it across.
func (lc *layoutCell) fits() bool {
	if lc.typ == layoutPane {
		return true
	}
	across := layoutTopBottom
	if lc.typ == layoutTopBottom {
		across = layoutLeftRight
	}
	n := 0
	for _, child := range lc.cells {
		if child.size(across) != lc.size(across) || !child.fits() {
			return false
		}
		n += child.size(lc.typ) + 1
	}
	return n-1 == lc.size(lc.typ)
}

// assign gives the panes, in order, to the tree's leaves, in order.
func (lc *layoutCell) assign(panes *[]*paneState) {
	if lc.typ == layoutPane {
		lc.pane, (*panes)[0].cell = (*panes)[0], lc
		*panes = (*panes)[1:]
		return
	}
	for _, child := range lc.cells {
		child.assign(panes)
	}
}
