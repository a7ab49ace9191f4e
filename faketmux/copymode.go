package faketmux

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/pane"
)

// copyState is tmux's window_copy_mode_data, for copy and view mode: a
// copy of the pane's lines taken when the mode starts (the backing
// screen), the cursor on the mode's view of it, and the selection. Rows
// are counted as tmux counts them: cy on the view, oy lines scrolled back
// from the bottom, and an absolute row of the backing lines (hsize, the
// history, first) as hsize + cy - oy.
type copyState struct {
	// pane is the pane the mode is on, whose window's mode-keys decides
	// how some commands behave; src is the pane whose screen it copies
	// (copy-mode -s), for refresh-from-pane.
	pane, src *paneState
	viewMode  bool // view mode: nothing to refresh from
	// written is how many backing rows view mode's output has used.
	written int

	lines [][]string // the backing lines, one cell a column ("" after a wide character)
	// styled are the backing lines as captured with their style codes,
	// "" for a line drawn plain (all of view mode's).
	styled []string
	// wrapped says which backing lines continue on the next (a wrapped
	// line keeps its trailing spaces); nil in view mode.
	wrapped []bool
	hsize   int
	sx, sy  int

	cx, cy, oy     int
	lastcx, lastsx int

	sel                bool
	selx, sely         int
	endselx, endsely   int
	drag               cursorDrag
	lineSel            lineSelection
	selFlag            selectionUnit
	rect               bool   // rectangle selection
	separators         string // select-word's word-separators, for the word ends it keeps
	dx, dy             int
	selrx, selry       int
	endselrx, endselry int

	scrollExit   bool // -e: leave at the bottom
	hidePosition bool // -H
	viStart      bool // mode-keys was vi when the mode started

	search searchState

	jump     jumpKind
	jumpChar string
	mx, my   int  // the mark, a backing cell
	showMark bool // set-mark has been run: the mark's line is drawn
}

// cursorDrag is the end of the selection the cursor moves, as tmux's
// cursordrag: none before a selection starts and after stop-selection.
type cursorDrag int

const (
	dragNone cursorDrag = iota
	dragEnd
	dragStart
)

// selectionUnit is what the cursor's end of a selection snaps to, as
// tmux's selflag: characters, select-word's words or select-line's lines.
type selectionUnit int

const (
	selChar selectionUnit = iota
	selWord
	selLine
)

type lineSelection int

const (
	lineSelNone lineSelection = iota
	lineSelLeftRight
	lineSelRightLeft
)

// newCopyState copies src's lines for pane p entering copy mode, its
// cursor where src's is.
func newCopyState(p, src *paneState, scrollExit, hidePosition bool) *copyState {
	cs := &copyState{pane: p, src: src, sx: src.width, sy: src.height, scrollExit: scrollExit, hidePosition: hidePosition,
		search: newSearchState(src)}
	cs.cx, cs.cy = cs.load()
	cs.viStart = cs.vi()
	// The mark starts at the cursor.
	cs.mx, cs.my = cs.cx, cs.row(cs.cy)
	return cs
}

// load copies the source pane's lines as the backing screen and returns
// where its cursor is on them; a source other than the mode's own pane
// loses the blank rows at its bottom, as tmux trims it.
func (cs *copyState) load() (x, y int) {
	rows, wrapped, history := cs.src.prog.Lines()
	x, y = cs.src.prog.Cursor()
	cs.hsize, cs.lines, cs.styled, cs.wrapped = history, nil, nil, wrapped
	for i, r := range rows {
		cs.lines = append(cs.lines, cells(string(r)))
		cs.styled = append(cs.styled, capturedRow(cs.src.prog, i, string(r)))
	}
	if cs.src != cs.pane {
		for len(cs.lines) > history && len(cs.lines[len(cs.lines)-1]) == 0 {
			cs.lines = cs.lines[:len(cs.lines)-1]
		}
		cs.styled = cs.styled[:len(cs.lines)]
		cs.wrapped = cs.wrapped[:len(cs.lines)]
		if y > len(cs.lines)-history-1 {
			x, y = 0, len(cs.lines)-history-1
		}
	}
	return x, y
}

// capturedRow is row i of prog, whose text is text, with its style
// codes; "" when the program changed it meanwhile.
func capturedRow(prog program, i int, text string) string {
	row, err := prog.Capture(pane.CaptureOptions{Codes: true, Range: func(int, int) (int, int) { return i, i }})
	if err != nil {
		return ""
	}
	row = bytes.TrimSuffix(row, []byte("\n"))
	var plain strings.Builder
	for part, w := range rowParts(string(row)) {
		if w >= 0 {
			plain.WriteString(part)
		}
	}
	if !strings.HasPrefix(text, plain.String()) {
		return ""
	}
	return string(row)
}

// refresh copies the source pane's lines again, as tmux's
// refresh-from-pane: the cursor stays, the selection goes, a search marks
// its matches afresh and an incremental one starts again from here. View
// mode has no pane to copy.
func (cs *copyState) refresh() {
	if cs.viewMode {
		return
	}
	cs.load()
	cs.clearSelection()
	if cs.search.marks != nil {
		cs.search.marks = nil
		cs.remark()
	}
	cs.search.x, cs.search.y, cs.search.o = cs.cx, cs.cy, cs.oy
}

// newViewState is view mode's empty screen, as tmux's view mode starts.
func newViewState(p *paneState) *copyState {
	cs := &copyState{pane: p, src: p, viewMode: true, sx: p.width, sy: p.height, lines: make([][]string, p.height), search: newSearchState(p)}
	cs.viStart = cs.vi()
	return cs
}

// add writes a line at the end of view mode's backing, as tmux's
// window_copy_add does: on a row of its own, wrapping at the edge, or with
// cut only its first row (a job's output, which tmux reads as a terminal
// would and copies a row of). A row that goes into history moves the view
// down with it, so it keeps showing what it showed.
func (cs *copyState) add(text string, cut bool) {
	row, x := cs.newRow(), 0
	for _, r := range text {
		w := columns(r)
		if l := cs.lines[row]; w == 0 && len(l) > 0 {
			l[len(l)-1] += string(r) // a combining character joins its cell
			continue
		}
		if x+w > cs.sx {
			if cut {
				return
			}
			row, x = cs.newRow(), 0
		}
		cs.lines[row] = append(cs.lines[row], string(r))
		for range w - 1 {
			cs.lines[row] = append(cs.lines[row], "")
		}
		x += w
	}
}

// newRow is the backing row view mode writes next, scrolling the backing
// into history once it is full.
func (cs *copyState) newRow() int {
	row := cs.written
	cs.written++
	if row >= len(cs.lines) {
		cs.lines = append(cs.lines, nil)
		cs.hsize++
		cs.oy++
	}
	return row
}

// viKeys reports whether p's window has vi mode keys, which choose copy
// mode's key table and change how copies end, where searches and word
// moves leave the cursor, and which marks a move keeps.
func (p *paneState) viKeys() bool { return p.window.options.get("mode-keys") == "vi" }

func (cs *copyState) vi() bool { return cs.pane.viKeys() }

// editorKeys sets the editor option, and the status and mode keys, from
// the starting client's $VISUAL or else $EDITOR, as tmux's client does
// before it starts the server: vi keys for an editor whose name has "vi"
// in it.
func (st *state) editorKeys(env []string) {
	editor, ok := lookupEnvOK(env, "VISUAL")
	if !ok {
		if editor, ok = lookupEnvOK(env, "EDITOR"); !ok {
			return
		}
	}
	keys := "emacs"
	if strings.Contains(editor[strings.LastIndexByte(editor, '/')+1:], "vi") {
		keys = "vi"
	}
	st.options.values["editor"] = editor
	st.sessionOptions.values["status-keys"] = keys
	st.windowOptions.values["mode-keys"] = keys
}

// cells splits a rendered line into columns.
func cells(line string) []string {
	var out []string
	for _, r := range line {
		out = append(out, string(r))
		for range columns(r) - 1 {
			out = append(out, "")
		}
	}
	return out
}

// length is tmux's grid_line_length of a backing row: the column after
// its last character that is not a space.
func (cs *copyState) length(py int) int {
	if py < 0 || py >= len(cs.lines) {
		return 0
	}
	l := cs.lines[py]
	n := len(l)
	for n > 0 && (l[n-1] == " " || l[n-1] == "") {
		n--
	}
	return n
}

// row is the backing row under the view's row cy.
func (cs *copyState) row(cy int) int { return cs.hsize + cy - cs.oy }

func (cs *copyState) updateCursor(cx, cy int) {
	cs.cx, cs.cy = cx, cy
	cs.updateSelection()
}

// rememberColumn is the column a vertical move comes back to.
func (cs *copyState) rememberColumn() {
	if n := cs.length(cs.row(cs.cy)); cs.cx != n {
		cs.lastcx, cs.lastsx = cs.cx, n
	}
}

// fitColumn puts the cursor at the end of its line when the remembered
// column was past the end of the old one, or is past the new one's.
func (cs *copyState) fitColumn() {
	if n := cs.length(cs.row(cs.cy)); cs.cx >= cs.lastsx && cs.cx != n || cs.cx > n {
		cs.updateCursor(n, cs.cy)
	}
}

func (cs *copyState) scrollDown(n int) {
	if n > cs.hsize {
		return
	}
	if cs.oy > cs.hsize-n {
		n = cs.hsize - cs.oy
	}
	cs.oy += n
	cs.updateSelection()
}

func (cs *copyState) scrollUp(n int) {
	n = min(n, cs.oy)
	cs.oy -= n
	cs.updateSelection()
}

// rectSel reports whether a rectangle is being selected, where the
// cursor keeps its column on every line, past the line's end too.
func (cs *copyState) rectSel() bool { return cs.sel && cs.rect }

func (cs *copyState) cursorUp(scrollOnly bool) {
	cs.verticalMove(scrollOnly, -1)
}

func (cs *copyState) cursorDown(scrollOnly bool) {
	cs.verticalMove(scrollOnly, 1)
}

// verticalMove moves the cursor a line up (dy -1) or down (dy 1), or
// scrolls the view a line under it, as tmux's window_copy_cursor_up and
// window_copy_cursor_down do.
func (cs *copyState) verticalMove(scrollOnly bool, dy int) {
	keep := cs.rectSel()
	if !keep {
		cs.rememberColumn()
	}
	edge := 0
	if dy > 0 {
		edge = cs.sy - 1
		if cs.lineSel == lineSelRightLeft && cs.row(cs.cy) == cs.endsely {
			cs.otherEnd()
		}
	} else if cs.lineSel == lineSelLeftRight && cs.row(cs.cy) == cs.sely {
		cs.otherEnd()
	}
	x := cs.cx
	if !keep {
		x = cs.lastcx
	}
	switch {
	case scrollOnly || cs.cy == edge:
		cs.cx = x
		if dy > 0 {
			cs.scrollUp(1)
		} else {
			cs.scrollDown(1)
		}
	default:
		cs.updateCursor(x, cs.cy+dy)
	}
	if !keep {
		cs.fitColumn()
	}
	cs.lineEnds()
}

// lineEnds keeps a line selection's cursor at an end of its line (of the
// grid, for a rectangle).
func (cs *copyState) lineEnds() {
	switch cs.lineSel {
	case lineSelLeftRight:
		x := cs.length(cs.row(cs.cy))
		if cs.rect {
			x = cs.sx
		}
		cs.updateCursor(x, cs.cy)
	case lineSelRightLeft:
		cs.updateCursor(0, cs.cy)
	}
}

// acquireUp and acquireDown move the cursor to the backing row py,
// scrolling the view when it is off the screen.
func (cs *copyState) acquireUp(px, py int) {
	cy := 0
	if top := cs.hsize - cs.oy; py < top {
		for range top - py {
			cs.cursorUp(true)
		}
	} else {
		cy = py - top
	}
	cs.updateCursor(px, cy)
}

func (cs *copyState) acquireDown(px, py int, noReset bool) {
	cy := py - cs.hsize + cs.oy
	if cy > cs.sy-1 {
		for range cy - (cs.sy - 1) {
			cs.cursorDown(true)
		}
		cy = cs.sy - 1
	}
	cs.cx, cs.cy = px, cy
	cs.syncSelection(noReset)
}

func (cs *copyState) cursorLeft() {
	gr := cs.reader()
	gr.left(true)
	cs.moveUp(gr)
}

// cursorRight moves right, a rectangle's cursor up to the grid's edge.
func (cs *copyState) cursorRight() {
	gr := cs.reader()
	gr.right(true, cs.rectSel())
	cs.moveDown(gr, false)
}

// startOfLine goes to the start of the line: of its first row, when it
// wrapped at the screen's edge, as tmux's grid_reader_cursor_start_of_line
// has it.
func (cs *copyState) startOfLine() {
	py := cs.row(cs.cy)
	for py > 0 && cs.isWrapped(py-1) {
		py--
	}
	cs.acquireUp(0, py)
}

// endOfLine goes to the end of the line (its last row, when it wrapped),
// a rectangle's to the grid's edge.
func (cs *copyState) endOfLine() {
	py := cs.row(cs.cy)
	for py < len(cs.lines)-1 && cs.isWrapped(py) {
		py++
	}
	x := cs.length(py)
	if cs.rectSel() {
		x = cs.sx
	}
	cs.acquireDown(x, py, false)
}

// pageUp and pageDown move by a page (or half of one), keeping the cursor
// on the view as tmux's window_copy_pageup1 and pagedown do.
func (cs *copyState) pageUp(half bool) {
	cs.rememberColumn()
	cs.cx = cs.lastcx
	n := cs.pageSize(half)
	if cs.oy+n > cs.hsize {
		cs.oy = cs.hsize
		cs.cy = max(cs.cy-n, 0)
	} else {
		cs.oy += n
	}
	cs.fitColumnPage()
	cs.updateSelection()
}

// pageDown reports whether the mode ends: at the bottom, with exit.
func (cs *copyState) pageDown(half, exit bool) (leave bool) {
	cs.rememberColumn()
	cs.cx = cs.lastcx
	n := cs.pageSize(half)
	if cs.oy < n {
		cs.oy = 0
		if cs.cy+n >= cs.sy {
			cs.cy = cs.sy - 1
		} else {
			cs.cy += n
		}
	} else {
		cs.oy -= n
	}
	cs.fitColumnPage()
	if exit && cs.oy == 0 {
		return true
	}
	cs.updateSelection()
	return false
}

func (cs *copyState) pageSize(half bool) int {
	switch {
	case cs.sy <= 2:
		return 1
	case half:
		return cs.sy / 2
	}
	return cs.sy - 2
}

// fitColumnPage is fitColumn after a page move, which goes to the end of
// the line as tmux's end-of-line does; a rectangle's cursor stays.
func (cs *copyState) fitColumnPage() {
	if cs.rectSel() {
		return
	}
	if n := cs.length(cs.row(cs.cy)); cs.cx >= cs.lastsx && cs.cx != n || cs.cx > n {
		cs.endOfLine()
	}
}

func (cs *copyState) historyTop() {
	if cs.lineSel == lineSelLeftRight && cs.row(cs.cy) == cs.sely {
		cs.otherEnd()
	}
	cs.cx, cs.cy, cs.oy = 0, 0, cs.hsize
	cs.updateSelection()
}

func (cs *copyState) historyBottom() {
	if cs.lineSel == lineSelRightLeft && cs.row(cs.cy) == cs.endsely {
		cs.otherEnd()
	}
	cs.cy = cs.sy - 1
	cs.cx = cs.length(cs.hsize + cs.cy)
	cs.oy = 0
	cs.updateSelection()
}

// startSelection starts a selection at the cursor, whose end follows the
// cursor.
func (cs *copyState) startSelection() {
	cs.selx, cs.sely = cs.cx, cs.row(cs.cy)
	cs.endselx, cs.endsely = cs.selx, cs.sely
	cs.drag = dragEnd
	cs.sel = true
	cs.updateSelection()
}

func (cs *copyState) clearSelection() {
	cs.sel = false
	cs.drag = dragNone
	cs.lineSel = lineSelNone
	cs.selFlag = selChar
	if n := cs.length(cs.row(cs.cy)); cs.cx > n {
		cs.cx = n
	}
}

// updateSelection moves the end of the selection the cursor drags, as
// tmux's window_copy_synchronize_cursor does.
func (cs *copyState) updateSelection() { cs.syncSelection(false) }

// syncSelection is updateSelection; noReset leaves a word or line
// selection's ends where they are, for select-word's own move.
func (cs *copyState) syncSelection(noReset bool) {
	// The cursor drags no end until a selection starts, though
	// select-word and select-line set their line flag before, nor after
	// stop-selection.
	if cs.drag == dragNone {
		return
	}
	xx, yy := cs.cx, cs.row(cs.cy)
	begin := cs.drag == dragStart
	switch {
	case noReset || cs.selFlag == selChar:
	case cs.selFlag == selWord:
		begin = false
		if cs.dy > yy || cs.dy == yy && cs.dx > xx {
			// Right to left: the selection ends at the end of the word
			// it started on.
			xx, yy = cs.previousWordPos(cs.separators)
			begin = true
			cs.endselx, cs.endsely = cs.endselrx, cs.endselry
		} else {
			if xx >= cs.length(yy) || !cs.inSet(xx+1, yy, whitespace) {
				xx, yy = cs.nextWordEndPos(cs.separators)
			}
			cs.selx, cs.sely = cs.selrx, cs.selry
		}
	default:
		begin = false
		if cs.dy > yy {
			// Right to left: the selection ends at the end of the line
			// it started on.
			xx = 0
			begin = true
			cs.endselx, cs.endsely = cs.endselrx, cs.endselry
		} else {
			yy = max(yy, cs.endselry)
			xx = cs.length(yy)
			cs.selx, cs.sely = cs.selrx, cs.selry
		}
	}
	if begin {
		cs.selx, cs.sely = xx, yy
	} else {
		cs.endselx, cs.endsely = xx, yy
	}
}

// otherEnd swaps the ends of the selection, moving the cursor to the
// other one.
func (cs *copyState) otherEnd() {
	if !cs.sel && cs.lineSel == lineSelNone {
		return
	}
	switch cs.lineSel {
	case lineSelLeftRight:
		cs.lineSel = lineSelRightLeft
	case lineSelRightLeft:
		cs.lineSel = lineSelLeftRight
	}
	if cs.drag == dragEnd {
		cs.drag = dragStart
	} else {
		cs.drag = dragEnd
	}
	selx, sely := cs.endselx, cs.endsely
	if cs.drag == dragStart {
		selx, sely = cs.selx, cs.sely
	}
	cy, yy := cs.cy, cs.row(cs.cy)
	cs.cx = selx
	switch top := cs.hsize - cs.oy; {
	case sely < top:
		cs.oy, cs.cy = cs.hsize-sely, 0
	case sely > top+cs.sy:
		cs.oy, cs.cy = cs.hsize-sely+cs.sy-1, cs.sy-1
	default:
		cs.cy = cy + sely - yy
	}
	cs.syncSelection(true)
}

// selectLine selects the cursor's line (np lines), the cursor at its end.
func (cs *copyState) selectLine(np int) {
	cs.lineSel = lineSelLeftRight
	cs.rect = false
	cs.selFlag = selLine
	cs.dx, cs.dy = cs.cx, cs.row(cs.cy)
	cs.startOfLine()
	cs.selrx, cs.selry = cs.cx, cs.row(cs.cy)
	cs.endselry = cs.selry
	cs.startSelection()
	cs.endOfLine()
	cs.endselry = cs.row(cs.cy)
	cs.endselrx = cs.length(cs.endselry)
	for ; np > 1; np-- {
		cs.cursorDown(false)
		cs.endOfLine()
	}
}

// selection is the selected text as tmux's window_copy_get_selection
// takes it: lines joined by newlines from the top-left end up to the
// bottom-right one, which emacs keys leave out and vi keys take; a
// rectangle takes the same columns of each line, up to the cursor's. With
// no selection, it is the search match at the cursor. ok is false when
// there is nothing.
func (cs *copyState) selection() (string, bool) {
	if !cs.sel && cs.lineSel == lineSelNone {
		return cs.matchAtCursor()
	}
	sx, sy, ex, ey := cs.selx, cs.sely, cs.endselx, cs.endsely
	if ey < sy || ey == sy && ex < sx {
		sx, sy, ex, ey = ex, ey, sx, sy
	}
	eyLast := cs.length(ey)
	ex = min(ex, eyLast)
	vi := 0
	if cs.vi() {
		vi = 1
	}
	firstsx, restsx, lastex, restex := sx, 0, ex+vi, cs.sx
	if cs.rect {
		// The column the cursor is in is left out on the side it is on.
		selx := cs.endselx
		if cs.drag == dragEnd {
			selx = cs.selx
		}
		if selx < cs.cx {
			firstsx, restsx, lastex, restex = selx, selx, cs.cx+vi, cs.cx+vi
		} else {
			firstsx, restsx, lastex, restex = cs.cx, cs.cx, selx+1, selx+1
		}
	}
	var b strings.Builder
	for i := sy; i <= ey; i++ {
		from, to := restsx, restex
		if i == sy {
			from = firstsx
		}
		if i == ey {
			to = lastex
		}
		if from > to {
			continue
		}
		cs.copyLine(&b, i, from, to)
	}
	s := b.String()
	if s == "" {
		return "", false
	}
	// The last newline goes, unless vi keys took the last line's end, or
	// the last line wraps and the selection ends at its last character
	// (as tmux has it: then it may be a space that goes).
	if (vi == 0 || lastex <= eyLast) && (!cs.isWrapped(ey) || lastex != eyLast) {
		s = s[:len(s)-1]
	}
	return s, true
}

// copyLine adds columns from to to of backing line py to b, as tmux's
// window_copy_copy_line does: a line that wraps onto the next is taken
// with its trailing spaces, and is followed by no newline when the copy
// reaches its end, so that a long line comes back whole.
func (cs *copyState) copyLine(b *strings.Builder, py, from, to int) {
	wrapped := cs.isWrapped(py)
	end := cs.length(py)
	if wrapped {
		end = len(cs.lines[py])
	}
	to, from = min(to, end), min(from, end)
	if from < to {
		b.WriteString(strings.Join(cs.lines[py][from:to], ""))
	}
	if !wrapped || to != end {
		b.WriteByte('\n')
	}
}

func (cs *copyState) isWrapped(py int) bool { return py >= 0 && py < len(cs.wrapped) && cs.wrapped[py] }

// text is a backing row's characters from column from to column to, as
// tmux's window_copy_copy_line takes them: nothing past the line's end.
func (cs *copyState) text(py, from, to int) string {
	to = min(to, cs.length(py))
	if from >= to {
		return ""
	}
	return strings.Join(cs.lines[py][from:to], "")
}

// view is the view's row py as tmux draws it on the mode's screen: the
// backing row, and on the top row the position indicator at the right.
func (cs *copyState) view(py int) []string {
	hdr := ""
	if py == 0 {
		hdr = cs.positionIndicator(cs.sx)
	}
	var out []string
	if r := cs.row(py); r >= 0 && r < len(cs.lines) {
		out = append(out, cs.lines[r][:min(len(cs.lines[r]), cs.sx-len(hdr))]...)
	}
	if hdr != "" {
		for len(out) < cs.sx-len(hdr) {
			out = append(out, " ")
		}
		out = append(out, cells(hdr)...)
	}
	if py == cs.cy && cs.cx == cs.sx {
		for len(out) < cs.sx {
			out = append(out, " ")
		}
		out[cs.sx-1] = "$"
	}
	return out
}

// positionIndicator is what the mode writes at the right of its top row
// of width columns (cut to them): the view's position, and the count of
// a search's matches while they are marked; "" with the position hidden.
func (cs *copyState) positionIndicator(width int) string {
	if cs.hidePosition {
		return ""
	}
	hdr := fmt.Sprintf("[%d/%d]", cs.oy, cs.hsize)
	if ss := cs.search; ss.marks != nil && ss.count != -1 {
		hdr = fmt.Sprintf("(%d results) %s", ss.count, hdr)
	}
	return hdr[:min(len(hdr), width)]
}

// cursorLine is copy_cursor_line: the cursor's row of the view, as
// tmux's format_grid_line reads it.
func (cs *copyState) cursorLine() string {
	row := cs.view(cs.cy)
	n := len(row)
	for n > 0 && row[n-1] == " " {
		n--
	}
	var b strings.Builder
	for _, c := range row[:n] {
		if c == "" {
			break
		}
		b.WriteString(c)
	}
	return b.String()
}

// cursorWord is copy_cursor_word: the word under the cursor on the view,
// as tmux's format_grid_word finds it with the global word-separators
// (rows never wrap here).
func (cs *copyState) cursorWord(separators string) string {
	row := cs.view(cs.cy)
	cell := func(x int) string {
		if x < len(row) {
			return row[x]
		}
		return " "
	}
	separator := func(c string) bool { return c == " " || c != "" && strings.Contains(separators, c) }
	x := cs.cx
	found := false
	for {
		c := cell(x)
		if c == "" {
			break
		}
		if separator(c) {
			found = true
			break
		}
		if x == 0 {
			break
		}
		x--
	}
	end := len(row)
	for end > 0 && row[end-1] == " " {
		end--
	}
	var b strings.Builder
	for {
		if found {
			if end == 0 || x == end-1 {
				break
			}
			x++
		}
		found = true
		c := cell(x)
		if c == "" || separator(c) {
			break
		}
		b.WriteString(c)
	}
	return b.String()
}

// variable is one of the copy-mode format variables of a pane in copy
// or view mode; separators are the global word-separators.
func (cs *copyState) variable(key, separators string) (string, bool) {
	switch key {
	case "scroll_position":
		return strconv.Itoa(cs.oy), true
	case "rectangle_toggle":
		return boolString(cs.rect), true
	case "copy_cursor_x":
		return strconv.Itoa(cs.cx), true
	case "copy_cursor_y":
		return strconv.Itoa(cs.cy), true
	case "selection_present":
		return boolString(cs.sel), true
	case "selection_active":
		return boolString(cs.sel && cs.drag != dragNone), true
	case "search_present":
		return boolString(cs.search.marks != nil), true
	case "search_match":
		m, _ := cs.matchAtCursor()
		return m, true
	case "copy_cursor_word":
		return cs.cursorWord(separators), true
	case "copy_cursor_line":
		return cs.cursorLine(), true
	}
	if cs.sel {
		switch key {
		case "selection_start_x":
			return strconv.Itoa(cs.selx), true
		case "selection_start_y":
			return strconv.Itoa(cs.sely), true
		case "selection_end_x":
			return strconv.Itoa(cs.endselx), true
		case "selection_end_y":
			return strconv.Itoa(cs.endsely), true
		}
	}
	return "", false
}

// copyArgs are a copy-mode command's arguments after its name, its -N
// count and send-keys -F (expand its search string as a format).
type copyArgs struct {
	values []string
	np     int
	expand bool
}

// copyCommand is one copy-mode command; run reports whether the mode
// ends.
type copyCommand struct {
	minArgs, maxArgs int
	clear            markClearing
	run              func(c *client, p *paneState, cs *copyState, a copyArgs) (cancel bool)
}

// markClearing is whether a command other than a search drops the
// search's marks (tmux's window_copy_cmd_clear): always, never, or only
// with emacs keys (moves keep them with vi keys).
type markClearing int

const (
	clearAlways markClearing = iota
	clearNever
	clearEmacsOnly
)

// copyCommands are the copy-mode commands (send-keys -X) the emulator
// runs, with the arguments each takes, as tmux's window_copy_cmd_table
// has them. A command tmux has and the emulator does not, or one given
// the wrong number of arguments, does nothing, as tmux does with a name
// it does not know. The table is made on first use: a client process
// runs none of them.
var copyCommands = sync.OnceValue(func() map[string]copyCommand {
	return map[string]copyCommand{
		"cancel": {0, 0, clearAlways, func(*client, *paneState, *copyState, copyArgs) bool { return true }},
		"begin-selection": {0, 0, clearAlways, func(c *client, _ *paneState, cs *copyState, _ copyArgs) bool {
			// A mouse key's binding starts selecting with the mouse.
			if c.mouse != nil {
				c.startCopyDrag(c.mouse)
				return false
			}
			cs.lineSel, cs.selFlag = lineSelNone, selChar
			cs.startSelection()
			return false
		}},
		"clear-selection": {0, 0, clearAlways, moves((*copyState).clearSelection, false)},
		"other-end": {0, 0, clearEmacsOnly, func(_ *client, _ *paneState, cs *copyState, a copyArgs) bool {
			cs.selFlag = selChar
			if a.np%2 != 0 {
				cs.otherEnd()
			}
			return false
		}},
		"select-line":               {0, 0, clearAlways, func(_ *client, _ *paneState, cs *copyState, a copyArgs) bool { cs.selectLine(a.np); return false }},
		"cursor-up":                 {0, 0, clearEmacsOnly, moves(func(cs *copyState) { cs.cursorUp(false) }, true)},
		"cursor-down":               {0, 0, clearEmacsOnly, moves(func(cs *copyState) { cs.cursorDown(false) }, true)},
		"cursor-left":               {0, 0, clearEmacsOnly, moves((*copyState).cursorLeft, true)},
		"cursor-right":              {0, 0, clearEmacsOnly, moves((*copyState).cursorRight, true)},
		"scroll-up":                 {0, 0, clearEmacsOnly, moves(func(cs *copyState) { cs.cursorUp(true) }, true)},
		"scroll-down":               {0, 0, clearEmacsOnly, scrollDownCommand(false)},
		"start-of-line":             {0, 0, clearEmacsOnly, moves((*copyState).startOfLine, true)},
		"end-of-line":               {0, 0, clearEmacsOnly, moves((*copyState).endOfLine, true)},
		"history-top":               {0, 0, clearEmacsOnly, moves((*copyState).historyTop, true)},
		"history-bottom":            {0, 0, clearEmacsOnly, moves((*copyState).historyBottom, true)},
		"page-up":                   {0, 0, clearEmacsOnly, moves(func(cs *copyState) { cs.pageUp(false) }, true)},
		"halfpage-up":               {0, 0, clearEmacsOnly, moves(func(cs *copyState) { cs.pageUp(true) }, true)},
		"page-down":                 {0, 0, clearEmacsOnly, pageDownCommand(false, false)},
		"halfpage-down":             {0, 0, clearEmacsOnly, pageDownCommand(true, false)},
		"copy-selection":            {0, 1, clearAlways, copySelection(-1, 0, false, true)},
		"copy-selection-no-clear":   {0, 1, clearNever, copySelection(-1, 0, false, false)},
		"copy-selection-and-cancel": {0, 1, clearAlways, copySelection(-1, 0, true, true)},
		"copy-pipe":                 {0, 2, clearAlways, copySelection(0, 1, false, true)},
		"copy-pipe-no-clear":        {0, 2, clearNever, copySelection(0, 1, false, false)},
		"copy-pipe-and-cancel":      {0, 2, clearAlways, copySelection(0, 1, true, true)},
		"pipe":                      {0, 1, clearAlways, copySelection(0, -1, false, true)},
		"pipe-no-clear":             {0, 1, clearNever, copySelection(0, -1, false, false)},
		"pipe-and-cancel":           {0, 1, clearAlways, copySelection(0, -1, true, true)},
		"search-forward":            {0, 1, clearAlways, searchCommand(true, true)},
		"search-backward":           {0, 1, clearAlways, searchCommand(false, true)},
		"search-forward-text":       {0, 1, clearAlways, searchCommand(true, false)},
		"search-backward-text":      {0, 1, clearAlways, searchCommand(false, false)},
		"search-again": {0, 0, clearAlways, func(_ *client, p *paneState, cs *copyState, a copyArgs) bool {
			cs.searchAgain(p, a.np, false)
			return false
		}},
		"search-reverse": {0, 0, clearAlways, func(_ *client, p *paneState, cs *copyState, a copyArgs) bool {
			cs.searchAgain(p, a.np, true)
			return false
		}},
		"search-forward-incremental": {1, 1, clearAlways, func(_ *client, p *paneState, cs *copyState, a copyArgs) bool {
			cs.incremental(p, a.values[0], true)
			return false
		}},
		"search-backward-incremental": {1, 1, clearAlways, func(_ *client, p *paneState, cs *copyState, a copyArgs) bool {
			cs.incremental(p, a.values[0], false)
			return false
		}},
		"next-word":                        {0, 0, clearEmacsOnly, wordMove(func(cs *copyState, seps string) { cs.nextWord(seps) })},
		"next-word-end":                    {0, 0, clearEmacsOnly, wordMove(func(cs *copyState, seps string) { cs.nextWordEnd(seps, false) })},
		"previous-word":                    {0, 0, clearEmacsOnly, wordMove(func(cs *copyState, seps string) { cs.previousWord(seps, true) })},
		"next-space":                       {0, 0, clearEmacsOnly, moves(func(cs *copyState) { cs.nextWord("") }, true)},
		"next-space-end":                   {0, 0, clearEmacsOnly, moves(func(cs *copyState) { cs.nextWordEnd("", false) }, true)},
		"previous-space":                   {0, 0, clearEmacsOnly, moves(func(cs *copyState) { cs.previousWord("", true) }, true)},
		"jump-forward":                     {1, 1, clearEmacsOnly, jumpCommand(jumpForward)},
		"jump-backward":                    {1, 1, clearEmacsOnly, jumpCommand(jumpBackward)},
		"jump-to-forward":                  {1, 1, clearEmacsOnly, jumpCommand(jumpToForward)},
		"jump-to-backward":                 {1, 1, clearEmacsOnly, jumpCommand(jumpToBackward)},
		"jump-again":                       {0, 0, clearEmacsOnly, moves(func(cs *copyState) { cs.cursorJump(cs.jump) }, true)},
		"jump-reverse":                     {0, 0, clearEmacsOnly, moves(func(cs *copyState) { cs.cursorJump(reverseJump[cs.jump]) }, true)},
		"set-mark":                         {0, 0, clearAlways, moves((*copyState).setMark, false)},
		"jump-to-mark":                     {0, 0, clearAlways, moves((*copyState).jumpToMark, false)},
		"rectangle-on":                     {0, 0, clearAlways, moves(func(cs *copyState) { cs.setRect(true) }, false)},
		"rectangle-off":                    {0, 0, clearAlways, moves(func(cs *copyState) { cs.setRect(false) }, false)},
		"rectangle-toggle":                 {0, 0, clearAlways, moves(func(cs *copyState) { cs.setRect(!cs.rect) }, false)},
		"refresh-from-pane":                {0, 0, clearAlways, moves((*copyState).refresh, false)},
		"scroll-down-and-cancel":           {0, 0, clearAlways, scrollDownCommand(true)},
		"page-down-and-cancel":             {0, 0, clearAlways, pageDownCommand(false, true)},
		"halfpage-down-and-cancel":         {0, 0, clearAlways, pageDownCommand(true, true)},
		"cursor-down-and-cancel":           {0, 0, clearAlways, cursorDownAndCancel},
		"copy-line":                        {0, 1, clearAlways, copyLineCommand(true, -1, 0, false)},
		"copy-line-and-cancel":             {0, 1, clearAlways, copyLineCommand(true, -1, 0, true)},
		"copy-pipe-line":                   {0, 2, clearAlways, copyLineCommand(true, 0, 1, false)},
		"copy-pipe-line-and-cancel":        {0, 2, clearAlways, copyLineCommand(true, 0, 1, true)},
		"copy-end-of-line":                 {0, 1, clearAlways, copyLineCommand(false, -1, 0, false)},
		"copy-end-of-line-and-cancel":      {0, 1, clearAlways, copyLineCommand(false, -1, 0, true)},
		"copy-pipe-end-of-line":            {0, 2, clearAlways, copyLineCommand(false, 0, 1, false)},
		"copy-pipe-end-of-line-and-cancel": {0, 2, clearAlways, copyLineCommand(false, 0, 1, true)},
		"append-selection":                 {0, 0, clearAlways, appendSelection(false)},
		"append-selection-and-cancel":      {0, 0, clearAlways, appendSelection(true)},
		"top-line":                         {0, 0, clearEmacsOnly, screenLine(func(int) int { return 0 })},
		"middle-line":                      {0, 0, clearEmacsOnly, screenLine(func(sy int) int { return (sy - 1) / 2 })},
		"bottom-line":                      {0, 0, clearEmacsOnly, screenLine(func(sy int) int { return sy - 1 })},
		"back-to-indentation":              {0, 0, clearAlways, moves((*copyState).backToIndentation, false)},
		"next-paragraph":                   {0, 0, clearEmacsOnly, moves((*copyState).nextParagraph, true)},
		"previous-paragraph":               {0, 0, clearEmacsOnly, moves((*copyState).previousParagraph, true)},
		"goto-line": {1, 1, clearEmacsOnly, func(_ *client, _ *paneState, cs *copyState, a copyArgs) bool {
			cs.gotoLine(a.values[0])
			return false
		}},
		"stop-selection": {0, 0, clearAlways, moves(func(cs *copyState) {
			cs.drag, cs.lineSel, cs.selFlag = dragNone, lineSelNone, selChar
		}, false)},
		"previous-matching-bracket": {0, 0, clearAlways, func(_ *client, _ *paneState, cs *copyState, a copyArgs) bool {
			cs.previousBrackets(a.np)
			return false
		}},
		"next-matching-bracket": {0, 0, clearAlways, func(_ *client, _ *paneState, cs *copyState, a copyArgs) bool {
			cs.nextBrackets(a.np)
			return false
		}},
		"toggle-position": {0, 0, clearNever, moves(func(cs *copyState) { cs.hidePosition = !cs.hidePosition }, false)},
		"select-word": {0, 0, clearAlways, func(_ *client, p *paneState, cs *copyState, _ copyArgs) bool {
			cs.selectWord(p.window.session.options.get("word-separators"))
			return false
		}},
	}
})

// moves makes a command of a move, which the -N count repeats when
// repeat is set.
func moves(move func(cs *copyState), repeat bool) func(*client, *paneState, *copyState, copyArgs) bool {
	return func(_ *client, _ *paneState, cs *copyState, a copyArgs) bool {
		n := 1
		if repeat {
			n = a.np
		}
		for range n {
			move(cs)
		}
		return false
	}
}

// wordMove is a word move with the separators of the pane's session's
// word-separators.
func wordMove(move func(cs *copyState, separators string)) func(*client, *paneState, *copyState, copyArgs) bool {
	return func(_ *client, p *paneState, cs *copyState, a copyArgs) bool {
		seps := p.window.session.options.get("word-separators")
		for range a.np {
			move(cs, seps)
		}
		return false
	}
}

// jumpCommand jumps to its argument's first character, which jump-again
// and jump-reverse jump to after; an empty argument does nothing.
func jumpCommand(k jumpKind) func(*client, *paneState, *copyState, copyArgs) bool {
	return func(_ *client, _ *paneState, cs *copyState, a copyArgs) bool {
		if a.values[0] == "" {
			return false
		}
		cs.jump = k
		cs.jumpChar = firstCharacter(a.values[0])
		for range a.np {
			cs.cursorJump(k)
		}
		return false
	}
}

// firstCharacter is a string's first character as a cell holds it: a
// UTF-8 character, or a stray byte alone.
func firstCharacter(s string) string {
	_, n := utf8.DecodeRuneInString(s)
	return s[:n]
}

// scrollDownCommand scrolls towards the bottom; the mode ends there with
// -e, or always for the -and-cancel form.
func scrollDownCommand(cancel bool) func(*client, *paneState, *copyState, copyArgs) bool {
	return func(_ *client, _ *paneState, cs *copyState, a copyArgs) bool {
		for range a.np {
			cs.cursorDown(true)
		}
		return (cancel || cs.scrollExit) && cs.oy == 0
	}
}

// pageDownCommand pages down; the mode ends at the bottom with -e, or
// always for the -and-cancel forms.
func pageDownCommand(half, cancel bool) func(*client, *paneState, *copyState, copyArgs) bool {
	return func(_ *client, _ *paneState, cs *copyState, a copyArgs) bool {
		for range a.np {
			if cs.pageDown(half, cancel || cs.scrollExit) {
				return true
			}
		}
		return false
	}
}

// cursorDownAndCancel moves down, ending the mode when the cursor could
// not move at the bottom.
func cursorDownAndCancel(_ *client, _ *paneState, cs *copyState, a copyArgs) bool {
	cy := cs.cy
	for range a.np {
		cs.cursorDown(false)
	}
	return cy == cs.cy && cs.oy == 0
}

// copyLineCommand is copy-line (whole) and copy-end-of-line, and their
// pipe forms: a selection from the line's start (or the cursor) to the
// end of the line np-1 lines down, copied as copySelection copies, then
// the cursor back where it was unless the mode ends.
func copyLineCommand(whole bool, commandArg, prefixArg int, cancel bool) func(*client, *paneState, *copyState, copyArgs) bool {
	return func(c *client, p *paneState, cs *copyState, a copyArgs) bool {
		cx, cy, oy := cs.cx, cs.cy, cs.oy
		if whole {
			cs.selFlag = selChar
			cs.startOfLine()
		}
		cs.startSelection()
		for range a.np - 1 {
			cs.cursorDown(false)
		}
		cs.endOfLine()
		c.copyOut(p, cs, a, commandArg, prefixArg)
		if cancel {
			return true
		}
		cs.clearSelection()
		cs.cx, cs.cy, cs.oy = cx, cy, oy
		return false
	}
}

// appendSelection adds the selection to the end of the newest buffer,
// which keeps its name (and stops being automatic, as tmux's paste_set
// makes it), or makes a new one when there is none; then the selection
// goes.
func appendSelection(cancel bool) func(*client, *paneState, *copyState, copyArgs) bool {
	return func(c *client, p *paneState, cs *copyState, _ copyArgs) bool {
		if text, ok := cs.selection(); ok {
			c.st.clipboard(p, []byte(text))
			if top := c.st.buffers.top(); top != nil {
				c.st.buffers.set(top.name, append(slices.Clone(top.data), text...), c.s.now())
			} else {
				c.st.buffers.add([]byte(text), c.st.options.bufferLimit(), c.s.now())
			}
		}
		cs.clearSelection()
		return cancel
	}
}

// screenLine puts the cursor at the start of a row of the view: the
// top, middle or bottom one.
func screenLine(row func(sy int) int) func(*client, *paneState, *copyState, copyArgs) bool {
	return moves(func(cs *copyState) {
		cs.cx, cs.cy = 0, row(cs.sy)
		cs.updateSelection()
	}, false)
}

// copySelection copies the selection: to the standard input of a shell
// command (the argument at index commandArg, a format; copy-command when
// it is empty, and none when that is too), and into a new automatic
// buffer named after the argument at prefixArg (a format) or "buffer";
// -1 for either is none. clear drops the selection, cancel leaves the
// mode.
func copySelection(commandArg, prefixArg int, cancel, clear bool) func(*client, *paneState, *copyState, copyArgs) bool {
	return func(c *client, p *paneState, cs *copyState, a copyArgs) bool {
		c.copyOut(p, cs, a, commandArg, prefixArg)
		if clear {
			cs.clearSelection()
		}
		return cancel
	}
}

// copyOut copies the selection to a command and into a buffer, as
// copySelection says.
func (c *client) copyOut(p *paneState, cs *copyState, a copyArgs, commandArg, prefixArg int) {
	text, ok := cs.selection()
	if commandArg >= 0 {
		shellCmd := ""
		if commandArg < len(a.values) && a.values[commandArg] != "" {
			shellCmd = c.formatFor(p).expand(a.values[commandArg])
		}
		if shellCmd == "" {
			shellCmd = c.st.options.get("copy-command")
		}
		if shellCmd != "" {
			c.pipeJob(shellCmd, p.window.session, text)
		}
	}
	if ok && prefixArg >= 0 {
		prefix := "buffer"
		if prefixArg < len(a.values) {
			prefix = c.formatFor(p).expand(a.values[prefixArg])
		}
		c.st.clipboard(p, []byte(text))
		c.st.buffers.addAs(prefix, []byte(text), c.st.options.bufferLimit(), c.s.now())
	}
}

// pipeJob runs copy-pipe's shell command with text on its standard
// input, as tmux runs it with no one waiting: the server may exit before
// it ends, and its output goes nowhere. tmux gives it no directory, so
// it starts in the home directory.
func (c *client) pipeJob(shellCmd string, s *session, text string) {
	home, _ := c.st.globalLookup("HOME")
	j, err := c.startJobIn(shellCmd, s, firstDir([]string{home}), strings.NewReader(text), nil)
	if err != nil {
		return
	}
	c.s.later(c.st, j.wait, func(c *client) { c.st.finishJob(j) })
}

// searchCommand is search-forward or search-backward, as a regex or as
// text.
func searchCommand(down, regex bool) func(*client, *paneState, *copyState, copyArgs) bool {
	return func(c *client, p *paneState, cs *copyState, a copyArgs) bool {
		c.search(p, cs, a.values, a.expand, a.np, down, regex)
		return false
	}
}

// runCopyCommand runs send-keys -X's command on p's copy or view mode; a
// command that ends the mode takes it off the pane, and any but a search
// drops a search's marks as its table entry says.
func (c *client) runCopyCommand(p *paneState, values []string, np int, expand bool) {
	cs := p.copyState()
	if len(values) == 0 || cs == nil {
		return
	}
	name := values[0]
	cmd, ok := copyCommands()[name]
	if !ok || len(values)-1 < cmd.minArgs || len(values)-1 > cmd.maxArgs {
		return
	}
	cancel := cmd.run(c, p, cs, copyArgs{values: values[1:], np: np, expand: expand})
	clear := cmd.clear == clearAlways || cmd.clear == clearEmacsOnly && !cs.vi()
	if !strings.HasPrefix(name, "search-") && clear && cs.search.marks != nil {
		cs.search.marks = nil
		cs.search.x, cs.search.y = -1, -1
	}
	if cancel {
		c.st.resetMode(p)
	}
}
