package faketmux

import (
	"math"
	"strconv"
)

// layoutType is what a layout cell holds: one pane, or cells side by side
// (left to right) or stacked (top to bottom), as in tmux's layout tree.
type layoutType int

const (
	layoutPane layoutType = iota
	layoutLeftRight
	layoutTopBottom
)

// paneMinimum is the smallest a pane may be in either direction.
const paneMinimum = 1

// layoutCell is one node of a window's layout tree. Cells in a container
// are separated by a one-cell border, which is why offsets step by size+1.
type layoutCell struct {
	typ    layoutType
	parent *layoutCell
	cells  []*layoutCell
	sx, sy int
	xoff   int
	yoff   int
	pane   *paneState // for a layoutPane cell
}

func newLeaf(p *paneState, sx, sy int) *layoutCell {
	lc := &layoutCell{typ: layoutPane, sx: sx, sy: sy, pane: p}
	p.cell = lc
	return lc
}

// size is the cell's extent in the direction of typ.
func (lc *layoutCell) size(typ layoutType) int {
	if typ == layoutLeftRight {
		return lc.sx
	}
	return lc.sy
}

func (lc *layoutCell) set(sx, sy, xoff, yoff int) {
	lc.sx, lc.sy, lc.xoff, lc.yoff = sx, sy, xoff, yoff
}

// splitPane makes room for a new pane beside p, as tmux's
// layout_split_pane does: the new cell gets size cells (-1 splits in
// half), placed after p, or before it with before. With full, the new
// cell spans the whole window instead, beside all of its layout. It
// returns nil when there is no room. The caller puts a pane in the new
// cell and calls fixPanes.
func (w *window) splitPane(p *paneState, typ layoutType, size int, before, full bool) *layoutCell {
	lc := p.cell
	if full {
		lc = w.layout
	}
	sx, sy, xoff, yoff := lc.sx, lc.sy, lc.xoff, lc.yoff
	saved := lc.size(typ)
	least := 2*paneMinimum + 1
	if typ == layoutTopBottom && lc.borderLine() {
		least++
	}
	if saved < least {
		return nil
	}
	var size2 int
	switch {
	case size < 0:
		size2 = (saved+1)/2 - 1
	case before:
		// tmux counts this unsigned: a size past the cell's wraps round
		// to a huge one, which leaves the new cell the least room.
		if size2 = saved - size - 1; size2 < 0 {
			size2 = math.MaxInt
		}
	default:
		size2 = size
	}
	size2 = max(paneMinimum, min(size2, saved-2))
	size1 := saved - 1 - size2
	// kept is the size the cell already there keeps.
	kept := size1
	if before {
		kept = size2
	}
	if full && !lc.canResizeTo(typ, kept) {
		return nil
	}

	lcnew := &layoutCell{typ: layoutPane}
	switch parent := lc.parent; {
	case parent != nil && parent.typ == typ:
		lcnew.parent = parent
		i := indexOf(parent.cells, lc)
		if !before {
			i++
		}
		parent.cells = insertAt(parent.cells, i, lcnew)
	case full && parent == nil && lc.typ == typ:
		// The root already runs the split's way: its cells shrink to
		// make room, and the new cell joins them.
		lc.setSize(typ, kept)
		lc.resizeChildren()
		lc.setSize(typ, saved)
		lcnew.sx, lcnew.sy = sx, sy
		lcnew.setSize(typ, saved-1-kept)
		lcnew.parent = lc
		if before {
			lc.cells = insertAt(lc.cells, 0, lcnew)
		} else {
			lc.cells = append(lc.cells, lcnew)
		}
		w.fixOffsets()
		return lcnew
	default:
		// A new container takes lc's place and holds lc and the new cell.
		node := &layoutCell{typ: typ, parent: lc.parent}
		node.set(sx, sy, xoff, yoff)
		if lc.parent == nil {
			w.layout = node
		} else {
			lc.parent.cells[indexOf(lc.parent.cells, lc)] = node
		}
		lc.parent, lcnew.parent = node, node
		node.cells = []*layoutCell{lc, lcnew}
		if before {
			node.cells = []*layoutCell{lcnew, lc}
		}
	}
	first, second := lc, lcnew
	if before {
		first, second = lcnew, lc
	}
	if typ == layoutLeftRight {
		first.set(size1, sy, xoff, yoff)
		second.set(size2, sy, xoff+size1+1, yoff)
	} else {
		first.set(sx, size1, xoff, yoff)
		second.set(sx, size2, xoff, yoff+size1+1)
	}
	if full {
		lc.resizeChildren()
		w.fixOffsets()
	}
	return lcnew
}

func (lc *layoutCell) setSize(typ layoutType, size int) {
	if typ == layoutLeftRight {
		lc.sx = size
	} else {
		lc.sy = size
	}
}

// fixOffsets recomputes every cell's offset from the root.
func (w *window) fixOffsets() {
	w.layout.xoff, w.layout.yoff = 0, 0
	w.layout.fixOffsets()
}

// newCellSize is the size a cell of a container gets when the container's
// size along typ goes from previous to size, as tmux's
// layout_new_pane_size works it out: in proportion, but leaving the cells
// after it (left of them) their minimum, no less than it can shrink to,
// and the last cell takes what is left (left).
func (lc *layoutCell) newCellSize(typ layoutType, previous, size, left, leftSize int) int {
	if left == 1 {
		return leftSize
	}
	available := lc.resizeCheck(typ)
	least := max((paneMinimum+1)*(left-1), lc.size(typ)-available)
	newSize := lc.size(typ) * size / previous
	if least <= leftSize { // tmux's unsigned arithmetic skips the cap otherwise
		newSize = min(newSize, leftSize-least)
	}
	return max(newSize, paneMinimum)
}

// canResizeTo says whether lc and its cells fit in size along typ, as
// tmux's layout_set_size_check does.
func (lc *layoutCell) canResizeTo(typ layoutType, size int) bool {
	if lc.typ == layoutPane {
		return size >= paneMinimum
	}
	n := len(lc.cells)
	if lc.typ != typ {
		for _, child := range lc.cells {
			if child.typ != layoutPane && !child.canResizeTo(typ, size) {
				return false
			}
		}
		return true
	}
	available := size
	if available < 2*n-1 {
		return false
	}
	previous := lc.size(typ)
	for i, child := range lc.cells {
		newSize := child.newCellSize(typ, previous, size, n-i, available)
		border := 1
		if i == n-1 {
			border = 0
		}
		if newSize+border > available {
			return false
		}
		available -= newSize + border
		if !child.canResizeTo(typ, newSize) {
			return false
		}
	}
	return true
}

// resizeChildren fits lc's cells into lc's size, as tmux's
// layout_resize_child_cells does.
func (lc *layoutCell) resizeChildren() {
	if lc.typ == layoutPane {
		return
	}
	previous := len(lc.cells) - 1
	for _, child := range lc.cells {
		previous += child.size(lc.typ)
	}
	available := lc.size(lc.typ)
	n := len(lc.cells)
	for i, child := range lc.cells {
		if lc.typ == layoutTopBottom {
			child.sx, child.xoff = lc.sx, lc.xoff
			child.sy = child.newCellSize(lc.typ, previous, lc.sy, n-i, available)
			available -= child.sy + 1
		} else {
			child.sx = child.newCellSize(lc.typ, previous, lc.sx, n-i, available)
			available -= child.sx + 1
			child.sy = lc.sy
		}
		child.resizeChildren()
	}
}

func insertAt[T any](xs []T, i int, x T) []T {
	xs = append(xs, x)
	copy(xs[i+1:], xs[i:])
	xs[i] = x
	return xs
}

// closePane gives a pane's space to its neighbour (the previous cell, or
// the next for the first) and folds a container left with one cell into
// its parent, as tmux's layout_close_pane does.
func (w *window) closePane(p *paneState) {
	if w.layout = p.cell.destroy(w.layout); w.layout != nil {
		w.fixPanes()
	}
}

// resizeCheck is how many cells lc can give up in the direction of typ
// without a pane going under the minimum, as tmux's layout_resize_check
// counts them: a container running that way can give what its children
// can together, one running across only what its least child can.
func (lc *layoutCell) resizeCheck(typ layoutType) int {
	switch lc.typ {
	case layoutPane:
		least := paneMinimum
		if typ == layoutTopBottom && lc.borderLine() {
			least++
		}
		return max(lc.size(typ)-least, 0)
	case typ:
		available := 0
		for _, child := range lc.cells {
			available += child.resizeCheck(typ)
		}
		return available
	default:
		least := maxInt
		for _, child := range lc.cells {
			least = min(least, child.resizeCheck(typ))
		}
		return least
	}
}

// resizeAdjust changes a cell's size in the direction of typ by change
// cells, as tmux's layout_resize_adjust does: children running across
// change as much, children running the same way share the change out one
// cell at a time, in order, skipping those that cannot shrink. The change
// must be within what resizeCheck allows.
func (lc *layoutCell) resizeAdjust(typ layoutType, change int) {
	if typ == layoutLeftRight {
		lc.sx += change
	} else {
		lc.sy += change
	}
	switch lc.typ {
	case layoutPane:
	case typ:
		for change != 0 {
			moved := false
			for _, child := range lc.cells {
				switch {
				case change == 0:
				case change > 0:
					child.resizeAdjust(typ, 1)
					change--
					moved = true
				case child.resizeCheck(typ) > 0:
					child.resizeAdjust(typ, -1)
					change++
					moved = true
				}
			}
			if !moved {
				return // nothing can shrink: the caller asked for too much
			}
		}
	default:
		for _, child := range lc.cells {
			child.resizeAdjust(typ, change)
		}
	}
}

// fixPanes recomputes every cell's offset from the root and gives each
// pane its cell's place and size, resizing its terminal when that changed.
// In a zoomed window only the zoomed pane moves: it fills the window.
func (w *window) fixPanes() { w.fixPanesBut(nil) }

// fixPanesBut is fixPanes leaving skip's size alone, as tmux's
// layout_fix_panes does for a pane split-window -Z makes.
func (w *window) fixPanesBut(skip *paneState) {
	if w.zoomed != nil {
		// tmux's zoomed layout is one cell, at both edges: it gives a
		// line whenever the status is on.
		top, height := w.borderShift(true)
		w.zoomed.place(0, top, w.width, w.height-height)
		return
	}
	w.fixOffsets()
	for _, p := range w.panes {
		if p != skip {
			lc := p.cell
			top, height := w.borderShift(lc.borderLine())
			p.place(lc.xoff, lc.yoff+top, lc.sx, lc.sy-height)
		}
	}
}

// rows are a window's first and last rows that panes may have: all of
// them, but for the line pane-border-status takes at the top or bottom.
type rows struct{ top, bottom int }

func (w *windowCore) edges() rows {
	switch w.options.get("pane-border-status") {
	case "top":
		return rows{1, w.height - 1}
	case "bottom":
		return rows{0, w.height - 2}
	}
	return rows{0, w.height - 1}
}

// borderShift is how far a pane moves down and how much shorter it is
// than its cell, for a cell that gives a line to pane-border-status
// (borderLine): with the status at the top it moves down a line, and
// either way it loses one.
func (w *window) borderShift(line bool) (top, height int) {
	switch status := w.options.get("pane-border-status"); {
	case !line || status == "off":
		return 0, 0
	case status == "top":
		return 1, 1
	}
	return 0, 1
}

// borderLine is tmux's layout_add_border: whether lc gives a line to its
// window's pane-border-status, which only a cell at the top of the window
// does with the status at the top, and one at the bottom with it at the
// bottom. A cell with no pane under it yet gives none.
func (lc *layoutCell) borderLine() bool {
	leaf := lc
	for leaf.typ != layoutPane && len(leaf.cells) > 0 {
		leaf = leaf.cells[0]
	}
	if leaf.pane == nil || leaf.pane.window == nil {
		return false
	}
	switch leaf.pane.window.options.get("pane-border-status") {
	case "top":
		return lc.atEdge(false)
	case "bottom":
		return lc.atEdge(true)
	}
	return false
}

// atEdge reports whether lc is at the top of its window (at the bottom
// with last): first (last) in every container above it that runs top to
// bottom.
func (lc *layoutCell) atEdge(last bool) bool {
	for c := lc; c.parent != nil; c = c.parent {
		cells := c.parent.cells
		edge := cells[0]
		if last {
			edge = cells[len(cells)-1]
		}
		if c.parent.typ == layoutTopBottom && c != edge {
			return false
		}
	}
	return true
}

func (p *paneState) place(left, top, width, height int) {
	p.left, p.top = left, top
	if p.width != width || p.height != height {
		p.width, p.height = width, height
		if p.prog != nil {
			p.prog.Resize(width, height)
		}
	}
}

func (lc *layoutCell) fixOffsets() {
	x, y := lc.xoff, lc.yoff
	for _, child := range lc.cells {
		child.xoff, child.yoff = x, y
		child.fixOffsets()
		if lc.typ == layoutLeftRight {
			x += child.sx + 1
		} else {
			y += child.sy + 1
		}
	}
}

// windowLayout is tmux's layout string: a checksum, then each cell as
// WxH,X,Y with a pane's id, or its children in {} (left to right) or []
// (top to bottom). The visible layout of a zoomed window is its zoomed
// pane alone; window_layout is the layout behind it.
func windowLayout(w *window, visible bool) string {
	return string(appendLayout(nil, w, visible))
}

// appendLayout appends windowLayout's string to b.
func appendLayout(b []byte, w *window, visible bool) []byte {
	root := w.layout
	if visible && w.zoomed != nil {
		root = &layoutCell{typ: layoutPane, sx: w.width, sy: w.height, pane: w.zoomed}
	}
	start := len(b)
	b = append(b, "0000,"...) // the checksum's place
	b = root.dump(b)
	const hex = "0123456789abcdef"
	csum := layoutChecksum(b[start+5:])
	for i := range 4 {
		b[start+i] = hex[csum>>(12-4*i)&0xf]
	}
	return b
}

// layoutChecksum is the checksum tmux puts before a layout string.
func layoutChecksum(body []byte) uint16 {
	var csum uint16
	for _, c := range body {
		csum = (csum >> 1) + ((csum & 1) << 15)
		csum += uint16(c)
	}
	return csum
}

func (lc *layoutCell) dump(b []byte) []byte {
	b = strconv.AppendInt(b, int64(lc.sx), 10)
	b = append(b, 'x')
	b = strconv.AppendInt(b, int64(lc.sy), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(lc.xoff), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(lc.yoff), 10)
	if lc.typ == layoutPane {
		b = append(b, ',')
		return strconv.AppendInt(b, int64(lc.pane.id), 10)
	}
	b = append(b, "{["[lc.typ-layoutLeftRight])
	for i, child := range lc.cells {
		if i > 0 {
			b = append(b, ',')
		}
		b = child.dump(b)
	}
	return append(b, "}]"[lc.typ-layoutLeftRight])
}

// direction is a way select-pane moves: left, right, up or down.
type direction struct {
	vertical bool // up or down
	forward  bool // right or down
}

// extent is a pane's offset and size along the direction's axis, then
// across it.
func (d direction) extent(p *paneState) (off, size, cross, crossSize int) {
	if d.vertical {
		return p.top, p.height, p.left, p.width
	}
	return p.left, p.width, p.top, p.height
}

// neighbour is the pane next to p in direction d, as tmux's
// window_pane_find_left/right/up/down find it: of the panes whose far edge
// meets p's border on that side (wrapping round to the other side of the
// window at its edge) and whose span across overlaps p's span with its
// border cell, the one that became active last, else the first in pane
// order. It is nil when there is none. Up and down, pane-border-status
// moves the window's edges by its line, as in tmux.
func (w *window) neighbour(p *paneState, d direction) *paneState {
	off, size, lo, crossSize := d.extent(p)
	hi := lo + crossSize
	whole, first := w.width, 0
	if d.vertical {
		e := w.edges()
		whole, first = e.bottom+1, e.top
	}
	edge := off
	switch {
	case d.forward:
		if edge = off + size + 1; edge >= whole {
			edge = first
		}
	case edge == first:
		edge = whole + 1
	}
	var best *paneState
	for _, q := range w.panes {
		qoff, qsize, qlo, qcrossSize := d.extent(q)
		meets := qoff+qsize+1 == edge
		if d.forward {
			meets = qoff == edge
		}
		overlaps := qlo <= hi && qlo+qcrossSize-1 >= lo
		if q == p || !meets || !overlaps {
			continue
		}
		if best == nil || q.activePoint > best.activePoint {
			best = q
		}
	}
	return best
}
