package faketmux

import (
	"errors"
	"strings"
)

// A layout preset arranges every pane of a window afresh, as tmux's
// layout-set.c does; presets are in tmux's order, which next-layout and
// previous-layout step through.
var layoutPresets = []struct {
	name    string
	arrange func(w *window)
}{
	{"even-horizontal", func(w *window) { w.arrangeEven(layoutLeftRight) }},
	{"even-vertical", func(w *window) { w.arrangeEven(layoutTopBottom) }},
	{"main-horizontal", func(w *window) { w.arrangeMain(layoutTopBottom) }},
	{"main-vertical", func(w *window) { w.arrangeMain(layoutLeftRight) }},
	{"tiled", (*window).arrangeTiled},
}

// lookupLayoutPreset finds a preset by a unique prefix of its name; -1
// when none or several match.
func lookupLayoutPreset(name string) int {
	found := -1
	for i, preset := range layoutPresets {
		if strings.HasPrefix(preset.name, name) {
			if found != -1 {
				return -1
			}
			found = i
		}
	}
	return found
}

// selectPreset arranges w with preset i and remembers it for next-layout,
// previous-layout and select-layout without a name.
func (w *window) selectPreset(i int) {
	i = min(i, len(layoutPresets)-1)
	layoutPresets[i].arrange(w)
	w.lastPreset = i
}

// nextPreset and previousPreset step from the last preset used, wrapping
// round; with none used yet, they start at the first and the last.
func (w *window) nextPreset() {
	i := 0
	if w.lastPreset >= 0 {
		i = (w.lastPreset + 1) % len(layoutPresets)
	}
	w.selectPreset(i)
}

func (w *window) previousPreset() {
	i := len(layoutPresets) - 1
	if w.lastPreset > 0 {
		i = w.lastPreset - 1
	}
	w.selectPreset(i)
}

// arranged installs root as w's layout tree and gives the panes their new
// places. A window too small for the arrangement grows to hold it, as
// tmux's window does when no client sizes it.
func (w *window) arranged(root *layoutCell) {
	w.layout = root
	w.fixPanes()
	w.width, w.height = root.sx, root.sy
}

// container makes an empty cell of the given type and size.
func container(typ layoutType, sx, sy int) *layoutCell {
	return &layoutCell{typ: typ, sx: sx, sy: sy}
}

// adopt makes child the last cell of lc.
func (lc *layoutCell) adopt(child *layoutCell) *layoutCell {
	child.parent = lc
	lc.cells = append(lc.cells, child)
	return child
}

// leastSize is the size n panes need side by side, borders included.
func leastSize(n int) int { return n*(paneMinimum+1) - 1 }

// arrangeEven puts every pane side by side (layoutLeftRight) or stacked
// (layoutTopBottom), spread evenly.
func (w *window) arrangeEven(typ layoutType) {
	n := len(w.panes)
	if n <= 1 {
		return
	}
	sx, sy := w.width, w.height
	if typ == layoutLeftRight {
		sx = max(leastSize(n), sx)
	} else {
		sy = max(leastSize(n), sy)
	}
	root := container(typ, sx, sy)
	for _, p := range w.panes {
		root.adopt(newLeaf(p, w.width, w.height))
	}
	root.spread()
	w.arranged(root)
}

// arrangeMain puts the first pane on top (typ layoutTopBottom,
// main-horizontal) or on the left (layoutLeftRight, main-vertical), sized
// by main-pane-height or main-pane-width and other-pane-height or
// other-pane-width, and the others spread evenly across the rest.
func (w *window) arrangeMain(typ layoutType) {
	n := len(w.panes) - 1
	if n < 1 {
		return
	}
	across := layoutLeftRight // how the other panes run
	whole, crossWhole := w.height-1, w.width
	mainOption, otherOption, mainDefault := "main-pane-height", "other-pane-height", 24
	if typ == layoutLeftRight {
		across = layoutTopBottom
		whole, crossWhole = w.width-1, w.height
		mainOption, otherOption, mainDefault = "main-pane-width", "other-pane-width", 80
	}
	mainSize, err := stringPercentage(w.options.get(mainOption), 0, whole, whole)
	if err != nil {
		mainSize = mainDefault
	}
	var otherSize int
	if mainSize+paneMinimum >= whole {
		mainSize = whole - paneMinimum
		if whole <= 2*paneMinimum {
			mainSize = paneMinimum
		}
		otherSize = paneMinimum
	} else {
		otherSize, err = stringPercentage(w.options.get(otherOption), 0, whole, whole)
		switch {
		case err != nil || otherSize == 0, otherSize > whole || whole-otherSize < mainSize:
			otherSize = whole - mainSize
		default:
			mainSize = whole - otherSize
		}
	}
	cross := max(leastSize(n), crossWhole)

	// sizes gives (sx, sy) for a size along typ and one across it.
	sizes := func(along, acrossSize int) (int, int) {
		if typ == layoutTopBottom {
			return acrossSize, along
		}
		return along, acrossSize
	}
	root := container(typ, 0, 0)
	root.sx, root.sy = sizes(mainSize+otherSize+1, cross)
	sx, sy := sizes(mainSize, cross)
	root.adopt(newLeaf(w.panes[0], sx, sy))
	sx, sy = sizes(otherSize, cross)
	if n == 1 {
		root.adopt(newLeaf(w.panes[1], sx, sy))
	} else {
		others := root.adopt(container(across, sx, sy))
		for _, p := range w.panes[1:] {
			sx, sy := sizes(otherSize, paneMinimum)
			others.adopt(newLeaf(p, sx, sy))
		}
		others.spread()
	}
	w.arranged(root)
}

// arrangeTiled puts the panes in a grid of rows, as many columns as rows
// or one more, the last row taking what is left.
func (w *window) arrangeTiled() {
	n := len(w.panes)
	if n <= 1 {
		return
	}
	rows, columns := 1, 1
	for rows*columns < n {
		rows++
		if rows*columns < n {
			columns++
		}
	}
	width := max((w.width-(columns-1))/columns, paneMinimum)
	height := max((w.height-(rows-1))/rows, paneMinimum)
	root := container(layoutTopBottom, max((width+1)*columns-1, w.width), max((height+1)*rows-1, w.height))
	panes := w.panes
	for len(panes) > 0 {
		if len(panes) == 1 || columns == 1 {
			root.adopt(newLeaf(panes[0], w.width, height))
			panes = panes[1:]
			continue
		}
		row := root.adopt(container(layoutLeftRight, w.width, height))
		used := 0
		for i := 0; i < columns && len(panes) > 0; i++ {
			row.adopt(newLeaf(panes[0], width, height))
			panes = panes[1:]
			used += width + 1
		}
		// The last column takes the rest of the window's width.
		if used--; w.width > used {
			row.cells[len(row.cells)-1].resizeAdjust(layoutLeftRight, w.width-used)
		}
	}
	if used := rows*height + rows - 1; w.height > used {
		root.cells[len(root.cells)-1].resizeAdjust(layoutTopBottom, w.height-used)
	}
	w.arranged(root)
}

// spread shares a container's space evenly among its cells, the last
// taking what division leaves, as tmux's layout_spread_cell does, a line
// that pane-border-status takes aside; it reports whether any cell
// changed.
func (lc *layoutCell) spread() bool {
	n := len(lc.cells)
	if n <= 1 || lc.typ == layoutPane {
		return false
	}
	// line is the one line a top-to-bottom cell gives to the status.
	line := func(c *layoutCell) int {
		if lc.typ == layoutTopBottom && c.borderLine() {
			return 1
		}
		return 0
	}
	size := lc.size(lc.typ) - line(lc)
	if size < n-1 {
		return false
	}
	each := (size - (n - 1)) / n
	if each == 0 {
		return false
	}
	changed := false
	for i, child := range lc.cells {
		if i == n-1 {
			each = size - (each+1)*(n-1)
		}
		if change := each + line(child) - child.size(lc.typ); change != 0 {
			child.resizeAdjust(lc.typ, change)
			changed = true
		}
	}
	return changed
}

// spreadOut is select-layout -E: the nearest container around p whose
// cells are not already even is spread out.
func (w *window) spreadOut(p *paneState) {
	for parent := p.cell.parent; parent != nil; parent = parent.parent {
		if parent.spread() {
			w.fixPanes()
			return
		}
	}
}

// resizeLayout fits w's layout to sx by sy as tmux's layout_resize does:
// each way, the cells grow by the difference, or shrink by as much as they
// can.
func (w *window) resizeLayout(sx, sy int) {
	root := w.layout
	for _, to := range []struct {
		typ  layoutType
		size int
	}{{layoutLeftRight, sx}, {layoutTopBottom, sy}} {
		change := to.size - root.size(to.typ)
		limit := root.resizeCheck(to.typ)
		switch {
		case limit == 0 && change < 0:
			change = 0
		case change < -limit:
			change = -limit
		}
		if change != 0 {
			root.resizeAdjust(to.typ, change)
		}
	}
	w.fixPanes()
}

// stringPercentage reads a size that may be a percentage of whole, as
// tmux's args_string_percentage does.
func stringPercentage(v string, lo, hi, whole int) (int, error) {
	if pct, ok := strings.CutSuffix(v, "%"); ok && v != "" {
		n, err := strtonum(pct, 0, 100)
		if err != nil {
			return 0, err
		}
		n = whole * n / 100
		switch {
		case n < lo:
			return 0, errors.New(numTooSmall)
		case n > hi:
			return 0, errors.New(numTooLarge)
		}
		return n, nil
	}
	return strtonum(v, lo, hi)
}

// resizePaneTo makes p's cell (or the cell holding it in the nearest
// container running the way of typ) size cells, as tmux's
// layout_resize_pane_to does, and reports whether there was such a
// container.
func (w *window) resizePaneTo(p *paneState, typ layoutType, size int) bool {
	lc, parent := p.cell.enclosing(typ)
	if parent == nil {
		return false
	}
	change := size - lc.size(typ)
	if lc == parent.cells[len(parent.cells)-1] {
		change = -change
	}
	return w.resizePane(p, typ, change)
}

// enclosing is the nearest container around lc running the way of typ,
// and the cell of it that holds lc.
func (lc *layoutCell) enclosing(typ layoutType) (cell, parent *layoutCell) {
	for cell = lc; cell.parent != nil; cell = cell.parent {
		if cell.parent.typ == typ {
			return cell, cell.parent
		}
	}
	return nil, nil
}

// resizePane moves the border after p's cell (before it for the last
// cell) by change cells in the direction of typ, as tmux's
// layout_resize_pane does. It reports whether
// there was a container of typ to resize in, which tmux then tells
// control clients of, whatever moved.
func (w *window) resizePane(p *paneState, typ layoutType, change int) bool {
	lc, parent := p.cell.enclosing(typ)
	if parent == nil {
		return false
	}
	i := indexOf(parent.cells, lc)
	if i == len(parent.cells)-1 {
		i--
	}
	w.moveBorder(parent.cells[i], typ, change)
	return true
}

// moveBorder moves the border after cell lc by change cells in the
// direction of typ (lc's container's), as tmux's layout_resize_layout
// does: growing takes from the cells after it, then before it; shrinking
// gives to the cell after it.
func (w *window) moveBorder(lc *layoutCell, typ layoutType, change int) {
	parent := lc.parent
	i := indexOf(parent.cells, lc)
	for needed := change; needed != 0; {
		var moved int
		if change > 0 {
			moved = parent.growCell(i, typ, needed)
			needed -= moved
		} else {
			moved = parent.shrinkCell(i, typ, -needed)
			needed += moved
		}
		if moved == 0 {
			break
		}
	}
	w.fixPanes()
}

// growCell grows cell i of lc by up to needed, taking from the first cell
// after it that can give, else the nearest before it; it returns how much
// it moved.
func (lc *layoutCell) growCell(i int, typ layoutType, needed int) int {
	from, available := -1, 0
	for j := i + 1; j < len(lc.cells) && from < 0; j++ {
		if available = lc.cells[j].resizeCheck(typ); available > 0 {
			from = j
		}
	}
	for j := i - 1; j >= 0 && from < 0; j-- {
		if available = lc.cells[j].resizeCheck(typ); available > 0 {
			from = j
		}
	}
	if from < 0 {
		return 0
	}
	moved := min(available, needed)
	lc.cells[i].resizeAdjust(typ, moved)
	lc.cells[from].resizeAdjust(typ, -moved)
	return moved
}

// shrinkCell shrinks cell i of lc, or the nearest before it that can
// give, by up to needed, and gives that to the cell after i; it returns
// how much it moved.
func (lc *layoutCell) shrinkCell(i int, typ layoutType, needed int) int {
	from, available := -1, 0
	for j := i; j >= 0 && from < 0; j-- {
		if available = lc.cells[j].resizeCheck(typ); available > 0 {
			from = j
		}
	}
	if from < 0 || i+1 >= len(lc.cells) {
		return 0
	}
	moved := min(available, needed)
	lc.cells[i+1].resizeAdjust(typ, moved)
	lc.cells[from].resizeAdjust(typ, -moved)
	return moved
}

// zoom makes p fill its window, the other panes keeping their places
// behind it, as tmux's window_zoom does; it makes p active. A window with
// one pane, or zoomed already, is left alone.
func (st *state) zoom(w *window, p *paneState) {
	if w.zoomed != nil || len(w.panes) == 1 {
		return
	}
	st.setActive(w, p)
	w.zoomed = p
	w.fixPanes()
}

// pushZoom unzooms w and says whether popZoom is to zoom it again, as
// tmux's window_push_zoom does: only with keep, and when w was zoomed
// unless always. Like tmux's window_unzoom, it tells of the layout.
func (st *state) pushZoom(w *window, always, keep bool) bool {
	rezoom := keep && (always || w.zoomed != nil)
	st.unzoomTelling(w)
	return rezoom
}

// popZoom zooms w on its active pane when pushZoom said so, and tells of
// the layout if it did, as tmux's window_zoom does.
func (st *state) popZoom(w *window, rezoom bool) {
	if rezoom && w.zoomed == nil && len(w.panes) > 1 {
		st.zoom(w, w.active)
		st.notify(event{kind: eventLayoutChanged, w: w})
	}
}

// unzoom gives a zoomed window's panes back their places in the layout.
func (w *window) unzoom() {
	if w.zoomed != nil {
		w.zoomed = nil
		w.fixPanes()
	}
}
