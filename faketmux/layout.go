package faketmux

import (
	"fmt"
	"strings"
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

// splitPane makes room for a new pane beside p, as tmux's layout_split_pane
// does without -f: the new cell gets size cells (-1 splits in half), placed
// after p, or before it with before. It returns nil when p is too small.
// The caller puts a pane in the new cell and calls fixPanes.
func (w *window) splitPane(p *paneState, typ layoutType, size int, before bool) *layoutCell {
	lc := p.cell
	sx, sy, xoff, yoff := lc.sx, lc.sy, lc.xoff, lc.yoff
	saved := lc.size(typ)
	if saved < 2*paneMinimum+1 {
		return nil
	}
	var size2 int
	switch {
	case size < 0:
		size2 = (saved+1)/2 - 1
	case before:
		size2 = saved - size - 1
	default:
		size2 = size
	}
	size2 = max(paneMinimum, min(size2, saved-2))
	size1 := saved - 1 - size2

	lcnew := &layoutCell{typ: layoutPane}
	if parent := lc.parent; parent != nil && parent.typ == typ {
		lcnew.parent = parent
		i := indexOf(parent.cells, lc)
		if !before {
			i++
		}
		parent.cells = insertAt(parent.cells, i, lcnew)
	} else {
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
	return lcnew
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
		return max(lc.size(typ)-paneMinimum, 0)
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
func (w *window) fixPanes() {
	if w.zoomed != nil {
		w.zoomed.place(0, 0, w.width, w.height)
		return
	}
	w.layout.xoff, w.layout.yoff = 0, 0
	w.layout.fixOffsets()
	for _, p := range w.panes {
		lc := p.cell
		p.place(lc.xoff, lc.yoff, lc.sx, lc.sy)
	}
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
	root := w.layout
	if visible && w.zoomed != nil {
		root = &layoutCell{typ: layoutPane, sx: w.width, sy: w.height, pane: w.zoomed}
	}
	var b strings.Builder
	root.dump(&b)
	return fmt.Sprintf("%04x,%s", layoutChecksum(b.String()), b.String())
}

// layoutChecksum is the checksum tmux puts before a layout string.
func layoutChecksum(body string) uint16 {
	var csum uint16
	for i := 0; i < len(body); i++ {
		csum = (csum >> 1) + ((csum & 1) << 15)
		csum += uint16(body[i])
	}
	return csum
}

func (lc *layoutCell) dump(b *strings.Builder) {
	fmt.Fprintf(b, "%dx%d,%d,%d", lc.sx, lc.sy, lc.xoff, lc.yoff)
	if lc.typ == layoutPane {
		fmt.Fprintf(b, ",%d", lc.pane.id)
		return
	}
	b.WriteByte("{["[lc.typ-layoutLeftRight])
	for i, child := range lc.cells {
		if i > 0 {
			b.WriteByte(',')
		}
		child.dump(b)
	}
	b.WriteByte("}]"[lc.typ-layoutLeftRight])
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
// order. It is nil when there is none. pane-border-status, which moves the
// edges in tmux, is not modelled and so is always off.
func (w *window) neighbour(p *paneState, d direction) *paneState {
	off, size, lo, crossSize := d.extent(p)
	hi := lo + crossSize
	whole := w.width
	if d.vertical {
		whole = w.height
	}
	edge := off
	switch {
	case d.forward:
		if edge = off + size + 1; edge >= whole {
			edge = 0
		}
	case edge == 0:
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
