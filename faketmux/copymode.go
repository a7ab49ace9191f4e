package faketmux

import (
	"fmt"
	"strconv"
	"strings"
)

// copyState is tmux's window_copy_mode_data, for copy and view mode: a
// copy of the pane's lines taken when the mode starts (the backing
// screen), the cursor on the mode's view of it, and the selection. Rows
// are counted as tmux counts them: cy on the view, oy lines scrolled back
// from the bottom, and an absolute row of the backing lines (hsize, the
// history, first) as hsize + cy - oy.
type copyState struct {
	lines  [][]string // the backing lines, one cell a column ("" after a wide character)
	hsize  int
	sx, sy int

	cx, cy, oy     int
	lastcx, lastsx int

	sel                bool
	selx, sely         int
	endselx, endsely   int
	dragEnd            bool // tmux's CURSORDRAG_ENDSEL: the cursor moves the end
	lineSel            lineSelection
	selLine            bool // SEL_LINE: select-line's whole lines
	dx, dy             int
	selrx, selry       int
	endselrx, endselry int

	scrollExit   bool // -e: leave at the bottom
	hidePosition bool // -H

	search searchState
}

type lineSelection int

const (
	lineSelNone lineSelection = iota
	lineSelLeftRight
	lineSelRightLeft
)

// newCopyState copies src's lines for a pane entering copy mode, its
// cursor where src's is; trim drops the blank rows at the bottom, as tmux
// does for a -s pane other than the target.
func newCopyState(src *paneState, trim, scrollExit, hidePosition bool) *copyState {
	rows, history := src.prog.Lines()
	x, y := src.prog.Cursor()
	cs := &copyState{hsize: history, sx: src.width, sy: src.height, scrollExit: scrollExit, hidePosition: hidePosition,
		search: newSearchState(src)}
	for _, r := range rows {
		cs.lines = append(cs.lines, cells(string(r)))
	}
	if trim {
		for len(cs.lines) > history && len(cs.lines[len(cs.lines)-1]) == 0 {
			cs.lines = cs.lines[:len(cs.lines)-1]
		}
		if y > len(cs.lines)-history-1 {
			x, y = 0, len(cs.lines)-history-1
		}
	}
	cs.cx, cs.cy = x, y
	return cs
}

// newViewState is view mode's empty screen, as tmux's view mode starts.
func newViewState(p *paneState) *copyState {
	return &copyState{sx: p.width, sy: p.height, lines: make([][]string, p.height), search: newSearchState(p)}
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

func (cs *copyState) cursorUp(scrollOnly bool) {
	cs.rememberColumn()
	if cs.lineSel == lineSelLeftRight && cs.row(cs.cy) == cs.sely {
		cs.otherEnd()
	}
	if scrollOnly || cs.cy == 0 {
		cs.cx = cs.lastcx
		cs.scrollDown(1)
	} else {
		cs.updateCursor(cs.lastcx, cs.cy-1)
	}
	cs.fitColumn()
	cs.lineEnds()
}

func (cs *copyState) cursorDown(scrollOnly bool) {
	cs.rememberColumn()
	if cs.lineSel == lineSelRightLeft && cs.row(cs.cy) == cs.endsely {
		cs.otherEnd()
	}
	if scrollOnly || cs.cy == cs.sy-1 {
		cs.cx = cs.lastcx
		cs.scrollUp(1)
	} else {
		cs.updateCursor(cs.lastcx, cs.cy+1)
	}
	cs.fitColumn()
	cs.lineEnds()
}

// lineEnds keeps a line selection's cursor at an end of its line.
func (cs *copyState) lineEnds() {
	switch cs.lineSel {
	case lineSelLeftRight:
		cs.updateCursor(cs.length(cs.row(cs.cy)), cs.cy)
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

func (cs *copyState) acquireDown(px, py int) {
	cy := py - cs.hsize + cs.oy
	if cy > cs.sy-1 {
		for range cy - (cs.sy - 1) {
			cs.cursorDown(true)
		}
		cy = cs.sy - 1
	}
	cs.updateCursor(px, cy)
}

func (cs *copyState) cursorLeft() {
	px, py := cs.cx, cs.row(cs.cy)
	switch {
	case px == 0 && py > 0:
		py--
		px = cs.length(py)
	case px > 0:
		px--
	}
	cs.acquireUp(px, py)
}

func (cs *copyState) cursorRight() {
	px, py := cs.cx, cs.row(cs.cy)
	switch n := cs.length(py); {
	case px >= n && py < len(cs.lines)-1:
		px, py = 0, py+1
	case px < n:
		px++
	}
	cs.acquireDown(px, py)
}

func (cs *copyState) startOfLine() { cs.acquireUp(0, cs.row(cs.cy)) }

func (cs *copyState) endOfLine() {
	py := cs.row(cs.cy)
	cs.acquireDown(cs.length(py), py)
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

func (cs *copyState) pageDown(half bool) (leave bool) {
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
	if cs.scrollExit && cs.oy == 0 {
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
// the line as tmux's end-of-line does.
func (cs *copyState) fitColumnPage() {
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
	cs.dragEnd = true
	cs.sel = true
	cs.updateSelection()
}

func (cs *copyState) clearSelection() {
	cs.sel = false
	cs.lineSel = lineSelNone
	cs.selLine = false
	if n := cs.length(cs.row(cs.cy)); cs.cx > n {
		cs.cx = n
	}
}

// updateSelection moves the end of the selection the cursor drags, as
// tmux's window_copy_synchronize_cursor does.
func (cs *copyState) updateSelection() {
	if !cs.sel && cs.lineSel == lineSelNone {
		return
	}
	xx, yy := cs.cx, cs.row(cs.cy)
	begin := !cs.dragEnd
	if cs.selLine {
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
	cs.dragEnd = !cs.dragEnd
	selx, sely := cs.endselx, cs.endsely
	if !cs.dragEnd {
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
	cs.updateSelection()
}

// selectLine selects the cursor's line (np lines), the cursor at its end.
func (cs *copyState) selectLine(np int) {
	cs.lineSel = lineSelLeftRight
	cs.selLine = true
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

// selection is the selected text as tmux's emacs keys copy it: from the
// top-left end up to, not including, the bottom-right one, lines joined
// by newlines; with no selection, the search match at the cursor. ok is
// false when there is nothing.
func (cs *copyState) selection() (string, bool) {
	if !cs.sel && cs.lineSel == lineSelNone {
		return cs.matchAtCursor()
	}
	sx, sy, ex, ey := cs.selx, cs.sely, cs.endselx, cs.endsely
	if ey < sy || ey == sy && ex < sx {
		sx, sy, ex, ey = ex, ey, sx, sy
	}
	ex = min(ex, cs.length(ey))
	var b strings.Builder
	for i := sy; i <= ey; i++ {
		from, to := 0, cs.sx
		if i == sy {
			from = sx
		}
		if i == ey {
			to = ex
		}
		b.WriteString(cs.text(i, from, to))
		b.WriteByte('\n')
	}
	s := b.String()
	if s == "" {
		return "", false
	}
	// The last newline goes: these lines never wrap here.
	return s[:len(s)-1], true
}

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
	if py == 0 && !cs.hidePosition {
		hdr = fmt.Sprintf("[%d/%d]", cs.oy, cs.hsize)
		if ss := cs.search; ss.marks != nil && ss.count != -1 {
			hdr = fmt.Sprintf("(%d results) %s", ss.count, hdr)
		}
		if len(hdr) > cs.sx {
			hdr = hdr[:cs.sx]
		}
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

// wordSeparators is the word-separators option's default.
const wordSeparators = "!\"#$%&'()*+,-./:;<=>?@[\\]^`{|}~"

// cursorWord is copy_cursor_word: the word under the cursor on the view,
// as tmux's format_grid_word finds it (rows never wrap here).
func (cs *copyState) cursorWord() string {
	row := cs.view(cs.cy)
	cell := func(x int) string {
		if x < len(row) {
			return row[x]
		}
		return " "
	}
	separator := func(c string) bool { return c == " " || c != "" && strings.Contains(wordSeparators, c) }
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

// copyVariable is one of the copy-mode format variables of a pane in copy
// or view mode.
func (cs *copyState) variable(key string) (string, bool) {
	switch key {
	case "scroll_position":
		return strconv.Itoa(cs.oy), true
	case "rectangle_toggle":
		return "0", true
	case "copy_cursor_x":
		return strconv.Itoa(cs.cx), true
	case "copy_cursor_y":
		return strconv.Itoa(cs.cy), true
	case "selection_present":
		return boolString(cs.sel), true
	case "selection_active":
		return boolString(cs.sel), true
	case "search_present":
		return boolString(cs.search.marks != nil), true
	case "copy_cursor_word":
		return cs.cursorWord(), true
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
	run              func(c *client, p *paneState, cs *copyState, a copyArgs) (cancel bool)
}

// copyCommands are the copy-mode commands (send-keys -X) the emulator
// runs, with the arguments each takes, as tmux's window_copy_cmd_table
// has them. A command tmux has and the emulator does not, or one given
// the wrong number of arguments, does nothing, as tmux does with a name
// it does not know.
var copyCommands = map[string]copyCommand{
	"cancel":                    {0, 0, func(*client, *paneState, *copyState, copyArgs) bool { return true }},
	"begin-selection":           {0, 0, moves(func(cs *copyState) { cs.lineSel, cs.selLine = lineSelNone, false; cs.startSelection() }, false)},
	"clear-selection":           {0, 0, moves((*copyState).clearSelection, false)},
	"other-end":                 {0, 0, moves((*copyState).otherEnd, true)},
	"select-line":               {0, 0, func(_ *client, _ *paneState, cs *copyState, a copyArgs) bool { cs.selectLine(a.np); return false }},
	"cursor-up":                 {0, 0, moves(func(cs *copyState) { cs.cursorUp(false) }, true)},
	"cursor-down":               {0, 0, moves(func(cs *copyState) { cs.cursorDown(false) }, true)},
	"cursor-left":               {0, 0, moves((*copyState).cursorLeft, true)},
	"cursor-right":              {0, 0, moves((*copyState).cursorRight, true)},
	"scroll-up":                 {0, 0, moves(func(cs *copyState) { cs.cursorUp(true) }, true)},
	"scroll-down":               {0, 0, scrollDownCommand},
	"start-of-line":             {0, 0, moves((*copyState).startOfLine, true)},
	"end-of-line":               {0, 0, moves((*copyState).endOfLine, true)},
	"history-top":               {0, 0, moves((*copyState).historyTop, true)},
	"history-bottom":            {0, 0, moves((*copyState).historyBottom, true)},
	"page-up":                   {0, 0, moves(func(cs *copyState) { cs.pageUp(false) }, true)},
	"halfpage-up":               {0, 0, moves(func(cs *copyState) { cs.pageUp(true) }, true)},
	"page-down":                 {0, 0, pageDownCommand(false)},
	"halfpage-down":             {0, 0, pageDownCommand(true)},
	"copy-selection":            {0, 1, copySelection(0, false, true)},
	"copy-selection-no-clear":   {0, 1, copySelection(0, false, false)},
	"copy-selection-and-cancel": {0, 1, copySelection(0, true, true)},
	"copy-pipe":                 {0, 2, copySelection(1, false, true)},
	"copy-pipe-no-clear":        {0, 2, copySelection(1, false, false)},
	"copy-pipe-and-cancel":      {0, 2, copySelection(1, true, true)},
	"search-forward":            {0, 1, searchCommand(true, true)},
	"search-backward":           {0, 1, searchCommand(false, true)},
	"search-forward-text":       {0, 1, searchCommand(true, false)},
	"search-backward-text":      {0, 1, searchCommand(false, false)},
	"search-again": {0, 0, func(_ *client, p *paneState, cs *copyState, a copyArgs) bool {
		cs.searchAgain(p, a.np, false)
		return false
	}},
	"search-reverse": {0, 0, func(_ *client, p *paneState, cs *copyState, a copyArgs) bool {
		cs.searchAgain(p, a.np, true)
		return false
	}},
	"search-forward-incremental": {1, 1, func(_ *client, p *paneState, cs *copyState, a copyArgs) bool {
		cs.incremental(p, a.values[0], true)
		return false
	}},
	"search-backward-incremental": {1, 1, func(_ *client, p *paneState, cs *copyState, a copyArgs) bool {
		cs.incremental(p, a.values[0], false)
		return false
	}},
}

// keepMarks are the commands after which a search's marks stay (tmux's
// WINDOW_COPY_CMD_CLEAR_NEVER), besides the searches themselves.
var keepMarks = map[string]bool{"copy-selection-no-clear": true, "copy-pipe-no-clear": true}

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

// scrollDownCommand scrolls towards the bottom; with -e the mode ends
// there.
func scrollDownCommand(_ *client, _ *paneState, cs *copyState, a copyArgs) bool {
	for range a.np {
		cs.cursorDown(true)
	}
	return cs.scrollExit && cs.oy == 0
}

func pageDownCommand(half bool) func(*client, *paneState, *copyState, copyArgs) bool {
	return func(_ *client, _ *paneState, cs *copyState, a copyArgs) bool {
		for range a.np {
			if cs.pageDown(half) {
				return true
			}
		}
		return false
	}
}

// copySelection copies the selection into a new automatic buffer, named
// after the prefix argument (a format; copy-pipe's second, after the
// shell command tmux would give the text to: with copy-command's default,
// empty, none, and the emulator runs none) or "buffer"; clear drops the
// selection, cancel leaves the mode.
func copySelection(prefixArg int, cancel, clear bool) func(*client, *paneState, *copyState, copyArgs) bool {
	return func(c *client, p *paneState, cs *copyState, a copyArgs) bool {
		if text, ok := cs.selection(); ok {
			prefix := "buffer"
			if prefixArg < len(a.values) {
				prefix = c.formatFor(p).expand(a.values[prefixArg])
			}
			c.st.buffers.addAs(prefix, []byte(text), c.st.options.bufferLimit(), c.s.now())
		}
		if clear {
			cs.clearSelection()
		}
		return cancel
	}
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
// and the -no-clear copies drops a search's marks.
func (c *client) runCopyCommand(p *paneState, values []string, np int, expand bool) {
	cs := p.copyState()
	if len(values) == 0 || cs == nil {
		return
	}
	name := values[0]
	cmd, ok := copyCommands[name]
	if !ok || len(values)-1 < cmd.minArgs || len(values)-1 > cmd.maxArgs {
		return
	}
	cancel := cmd.run(c, p, cs, copyArgs{values: values[1:], np: np, expand: expand})
	if !strings.HasPrefix(name, "search-") && !keepMarks[name] && cs.search.marks != nil {
		cs.search.marks = nil
		cs.search.x, cs.search.y = -1, -1
	}
	if cancel {
		c.st.resetMode(p)
	}
}
