package faketmux

import "strings"

// Copy mode's word moves, jumps, marks and rectangles, as tmux 3.3a's
// window-copy.c and grid-reader.c do them on the backing lines, following
// a line that wrapped at the screen's edge onto the next row as they do.

// whitespace is tmux's WHITESPACE: the one character that always parts
// words.
const whitespace = " "

// jumpKind is the last jump, which jump-again and jump-reverse repeat.
type jumpKind int

const (
	jumpOff jumpKind = iota
	jumpForward
	jumpBackward
	jumpToForward
	jumpToBackward
)

// gridReader is tmux's grid_reader: a cursor moving over the backing
// lines by their cells, a wide character's padding cells ("") skipped.
type gridReader struct {
	cs   *copyState
	x, y int
}

func (cs *copyState) reader() *gridReader { return &gridReader{cs: cs, x: cs.cx, y: cs.row(cs.cy)} }

func (gr *gridReader) last() int { return len(gr.cs.lines) - 1 }

func (gr *gridReader) padding(x, y int) bool {
	return y >= 0 && y < len(gr.cs.lines) && x < len(gr.cs.lines[y]) && gr.cs.lines[y][x] == ""
}

// inSet reports whether the cell under the reader is one of set's
// characters; a padding cell never is.
func (cs *copyState) inSet(x, y int, set string) bool {
	c := cs.cell(x, y)
	return c != "" && strings.Contains(set, c)
}

func (gr *gridReader) in(set string) bool { return gr.cs.inSet(gr.x, gr.y, set) }

// right moves a cell right within the line's length (the grid's width
// with all), or with wrap from the end of a line to the start of the next.
func (gr *gridReader) right(wrap, all bool) {
	px := gr.cs.length(gr.y)
	if all {
		px = gr.cs.sx
	}
	switch {
	case wrap && gr.x >= px && gr.y < gr.last():
		gr.x = 0
		gr.down()
	case gr.x < px:
		gr.x++
		for gr.x < px && gr.padding(gr.x, gr.y) {
			gr.x++
		}
	}
}

// left moves a cell left, or (with wrap, or from the start of a row the
// row above wrapped onto) to the end of the line above.
func (gr *gridReader) left(wrap bool) {
	for gr.x > 0 && gr.padding(gr.x, gr.y) {
		gr.x--
	}
	switch {
	case gr.x == 0 && gr.y > 0 && (wrap || gr.cs.isWrapped(gr.y-1)):
		gr.up()
		gr.x = gr.cs.length(gr.y)
	case gr.x > 0:
		gr.x--
	}
}

func (gr *gridReader) down() {
	if gr.y < gr.last() {
		gr.y++
	}
	gr.offPadding()
}

func (gr *gridReader) up() {
	if gr.y > 0 {
		gr.y--
	}
	gr.offPadding()
}

func (gr *gridReader) offPadding() {
	for gr.x > 0 && gr.padding(gr.x, gr.y) {
		gr.x--
	}
}

// onLine keeps the reader within the line, whose last column is *xx,
// going on to the start of the next line past it; false past the last
// line.
func (gr *gridReader) onLine(xx *int) bool {
	for gr.x > *xx {
		if gr.y == gr.last() {
			return false
		}
		gr.x = 0
		gr.down()
		*xx = gr.lineEnd()
	}
	return true
}

// lineEnd is the last column the word moves look at on the reader's row:
// its length, or for a row that wraps onto the next the grid's last
// column, so that a wrapped word is not broken up.
func (gr *gridReader) lineEnd() int {
	if gr.cs.isWrapped(gr.y) {
		return gr.cs.sx - 1
	}
	return gr.cs.length(gr.y)
}

// nextWord moves to the start of the next word: past the separators (or
// the other characters) the reader is on, then past the blanks.
func (gr *gridReader) nextWord(separators string) {
	xx := gr.lineEnd()
	if !gr.onLine(&xx) {
		return
	}
	if !gr.in(whitespace) {
		onSeparator := gr.in(separators)
		for {
			gr.x++
			if !gr.onLine(&xx) || gr.in(whitespace) || gr.in(separators) != onSeparator {
				break
			}
		}
	}
	for gr.onLine(&xx) && gr.in(whitespace) {
		gr.x++
	}
}

// nextWordEnd moves past the blanks, then to just after the word (a run
// of separators, or of other characters) that follows.
func (gr *gridReader) nextWordEnd(separators string) {
	xx := gr.lineEnd()
	for gr.onLine(&xx) {
		if gr.in(whitespace) {
			gr.x++
			continue
		}
		onSeparator := gr.in(separators)
		for {
			gr.x++
			if !gr.onLine(&xx) || gr.in(whitespace) || gr.in(separators) != onSeparator {
				return
			}
		}
	}
}

// previousWord moves back to the start of a word: the one before the
// blanks the reader is on (or before it, with already), up through the
// lines above; stopAtEOL stops at a line above that ends in a blank.
func (gr *gridReader) previousWord(separators string, already, stopAtEOL bool) {
	letters := false
	if already || gr.in(whitespace) {
	back:
		for {
			switch {
			case gr.x > 0:
				gr.x--
				if !gr.in(whitespace) {
					letters = !gr.in(separators)
					break back
				}
			case gr.y == 0:
				return
			default:
				gr.up()
				gr.x = gr.cs.length(gr.y)
				if stopAtEOL && gr.x > 0 && gr.cs.inSet(gr.x-1, gr.y, whitespace) {
					break back
				}
			}
		}
	} else {
		letters = !gr.in(separators)
	}
	// Back to the word's start, into the row above when it wrapped onto
	// this one.
	for {
		oldx, oldy := gr.x, gr.y
		if gr.x == 0 {
			if gr.y == 0 || !gr.cs.isWrapped(gr.y-1) {
				break
			}
			gr.up()
			gr.x = gr.cs.sx
		}
		if gr.x > 0 {
			gr.x--
		}
		if gr.in(whitespace) || letters == gr.in(separators) {
			gr.x, gr.y = oldx, oldy
			break
		}
	}
}

// jump finds c on the reader's line from the reader on, the rows it
// wrapped onto included.
func (gr *gridReader) jump(c string) bool {
	for px, py := gr.x, gr.y; ; px, py = 0, py+1 {
		for ; px < gr.cs.length(py); px++ {
			if gr.cs.cell(px, py) == c {
				gr.x, gr.y = px, py
				return true
			}
		}
		if py == gr.last() || !gr.cs.isWrapped(py) {
			return false
		}
	}
}

// jumpBack finds c on the reader's line from the reader back, the rows
// that wrapped onto it included.
func (gr *gridReader) jumpBack(c string) bool {
	for px, py := gr.x, gr.y; ; py-- {
		for ; px >= 0; px-- {
			if gr.cs.cell(px, py) == c {
				gr.x, gr.y = px, py
				return true
			}
		}
		if py == 0 || !gr.cs.isWrapped(py-1) {
			return false
		}
		px = gr.cs.length(py-1) - 1
	}
}

// The cursor's moves by the reader: down the lines (the view scrolling to
// follow), or up them.

func (cs *copyState) moveDown(gr *gridReader, noReset bool) { cs.acquireDown(gr.x, gr.y, noReset) }
func (cs *copyState) moveUp(gr *gridReader)                 { cs.acquireUp(gr.x, gr.y) }

func (cs *copyState) nextWord(separators string) {
	gr := cs.reader()
	gr.nextWord(separators)
	cs.moveDown(gr, false)
}

// nextWordEndPos is where next-word-end goes: with vi keys onto the last
// character of the word, which is the next one's if the cursor is on a
// word's last character.
func (cs *copyState) nextWordEndPos(separators string) (int, int) {
	gr := cs.reader()
	if cs.vi() {
		if !gr.in(whitespace) {
			gr.right(false, false)
		}
		gr.nextWordEnd(separators)
		gr.left(true)
	} else {
		gr.nextWordEnd(separators)
	}
	return gr.x, gr.y
}

func (cs *copyState) nextWordEnd(separators string, noReset bool) {
	x, y := cs.nextWordEndPos(separators)
	cs.acquireDown(x, y, noReset)
}

// previousWordPos is where a word selection's start snaps to.
func (cs *copyState) previousWordPos(separators string) (int, int) {
	gr := cs.reader()
	gr.previousWord(separators, false, true)
	return gr.x, gr.y
}

// previousWord moves to the start of the word; emacs keys stop at a line
// above that ends in a blank.
func (cs *copyState) previousWord(separators string, already bool) {
	gr := cs.reader()
	gr.previousWord(separators, already, !cs.vi())
	cs.moveUp(gr)
}

// cursorJump runs one jump of kind k to the mode's jump character:
// forward onto it, backward onto it, or (the to- jumps) to the cell next
// to it.
func (cs *copyState) cursorJump(k jumpKind) {
	gr := cs.reader()
	switch k {
	case jumpForward:
		gr.x++
		if gr.jump(cs.jumpChar) {
			cs.moveDown(gr, false)
		}
	case jumpToForward:
		gr.x += 2
		if gr.jump(cs.jumpChar) {
			gr.left(true)
			cs.moveDown(gr, false)
		}
	case jumpBackward:
		gr.left(false)
		if gr.jumpBack(cs.jumpChar) {
			cs.moveUp(gr)
		}
	case jumpToBackward:
		gr.left(false)
		gr.left(false)
		if gr.jumpBack(cs.jumpChar) {
			gr.right(true, false)
			cs.moveUp(gr)
		}
	}
}

// reverseJump is the jump the other way.
var reverseJump = map[jumpKind]jumpKind{
	jumpForward:    jumpBackward,
	jumpBackward:   jumpForward,
	jumpToForward:  jumpToBackward,
	jumpToBackward: jumpToForward,
}

// selectWord selects the word under the cursor, as tmux's select-word:
// from its start to its end, the ends snapping to words as the cursor
// moves on.
func (cs *copyState) selectWord(separators string) {
	cs.lineSel = lineSelLeftRight
	cs.rect = false
	cs.selFlag = selWord
	cs.dx, cs.dy = cs.cx, cs.row(cs.cy)
	cs.separators = separators
	cs.previousWord(separators, false)
	px, py := cs.cx, cs.row(cs.cy)
	cs.selrx, cs.selry = px, py
	cs.startSelection()
	if px >= cs.length(py) || !cs.inSet(px+1, py, whitespace) {
		cs.nextWordEnd(separators, true)
	} else {
		// A word of one character.
		cs.cx = px
		cs.syncSelection(true)
	}
	cs.endselrx, cs.endselry = cs.cx, cs.row(cs.cy)
	if cs.dy > cs.endselry {
		cs.dx, cs.dy = cs.endselrx, cs.endselry
	} else if cs.dx > cs.endselrx {
		cs.dx = cs.endselrx
	}
}

// setRect turns the rectangle on or off, the cursor kept within its line.
func (cs *copyState) setRect(on bool) {
	cs.lineSel = lineSelNone
	cs.rect = on
	if n := cs.length(cs.row(cs.cy)); cs.cx > n {
		cs.cx = n
	}
	cs.updateSelection()
}

// setMark puts the mark at the cursor, and shows it from then on.
func (cs *copyState) setMark() {
	cs.mx, cs.my = cs.cx, cs.row(cs.cy)
	cs.showMark = true
}

// jumpToMark swaps the cursor and the mark, the view scrolling to show
// the mark's line at its top (or the screen's own row); the mark shows
// from then on, where it was set or not.
func (cs *copyState) jumpToMark() {
	x, y := cs.cx, cs.row(cs.cy)
	cs.cx = cs.mx
	if cs.my < cs.hsize {
		cs.cy, cs.oy = 0, cs.hsize-cs.my
	} else {
		cs.cy, cs.oy = cs.my-cs.hsize, 0
	}
	cs.mx, cs.my = x, y
	cs.showMark = true
	cs.updateSelection()
}

// backToIndentation goes to the first character of the line that is not
// a space, from its first row on through the rows it wrapped onto, or
// stays on a line of spaces.
func (cs *copyState) backToIndentation() {
	py := cs.row(cs.cy)
	for py > 0 && cs.isWrapped(py-1) {
		py--
	}
	for ; py < len(cs.lines); py++ {
		for px := range cs.length(py) {
			if cs.cell(px, py) != " " {
				cs.acquireUp(px, py)
				return
			}
		}
		if !cs.isWrapped(py) {
			break
		}
	}
	cs.acquireUp(cs.cx, cs.row(cs.cy))
}

// previousParagraph goes to the start of the line before the paragraph
// (the empty lines, then the others, above the cursor).
func (cs *copyState) previousParagraph() {
	py := cs.row(cs.cy)
	for py > 0 && cs.length(py) == 0 {
		py--
	}
	for py > 0 && cs.length(py) > 0 {
		py--
	}
	cs.scrollTo(0, py)
}

// nextParagraph goes to the end of the line after the paragraph below.
func (cs *copyState) nextParagraph() {
	py, maxy := cs.row(cs.cy), cs.hsize+cs.sy-1
	for py < maxy && cs.length(py) == 0 {
		py++
	}
	for py < maxy && cs.length(py) > 0 {
		py++
	}
	cs.scrollTo(cs.length(py), py)
}

// gotoLine scrolls the view to a line of the history (counted from the
// bottom, as scroll_position): the whole history for a number out of it;
// what is not a number does nothing.
func (cs *copyState) gotoLine(line string) {
	n, err := strtonum(line, -1, maxInt)
	if err != nil {
		return
	}
	if n < 0 || n > cs.hsize {
		n = cs.hsize
	}
	cs.oy = n
	cs.updateSelection()
}

// The brackets the matching-bracket commands pair.
const openBrackets, closeBrackets = "{[(", "}])"

// bracketAt is the bracket (or other one-byte character) at a backing
// cell; 0 for a wider character, or a wide one's padding.
func (cs *copyState) bracketAt(x, y int) byte {
	if c := cs.cell(x, y); len(c) == 1 {
		return c[0]
	}
	return 0
}

// previousBrackets is previous-matching-bracket, np times: from a closing
// bracket under the cursor (with emacs keys, or the one before it) back
// to the bracket that opens it; with emacs keys and none there, to the
// previous word parted by closing brackets. Which keys is the mode's
// when it started.
func (cs *copyState) previousBrackets(np int) {
	for range np {
		px, py := cs.cx, cs.row(cs.cy)
		if cs.length(py) == 0 {
			return
		}
		found := cs.bracketAt(px, py)
		if strings.IndexByte(closeBrackets, found) < 0 && !cs.viStart && px > 0 {
			px--
			found = cs.bracketAt(px, py)
		}
		i := strings.IndexByte(closeBrackets, found)
		if found == 0 || i < 0 {
			if !cs.viStart {
				cs.previousWord(closeBrackets, true)
			}
			continue
		}
		if x, y, ok := cs.walkBracket(px, py, found, openBrackets[i], -1); ok {
			cs.scrollTo(x, y)
		}
	}
}

// nextBrackets is next-matching-bracket, np times: from an opening
// bracket under the cursor (with emacs keys, or the one after it; with vi
// keys, the next on the line) on to the bracket that closes it; with
// emacs keys and none there, to the end of the next word parted by
// opening brackets. With vi keys a closing bracket goes back to its
// opening one instead.
func (cs *copyState) nextBrackets(np int) {
	for range np {
		px, py := cs.cx, cs.row(cs.cy)
		xx := cs.length(py)
		if xx == 0 {
			return
		}
		tried := false
		var found byte
		for {
			found = cs.bracketAt(px, py)
			if found != 0 && cs.viStart && strings.IndexByte(closeBrackets, found) >= 0 {
				sx, sy := cs.cx, cs.row(cs.cy)
				cs.scrollTo(px, py)
				cs.previousBrackets(np)
				if b := cs.bracketAt(cs.cx, cs.row(cs.cy)); b != 0 && strings.IndexByte(closeBrackets, b) >= 0 {
					cs.scrollTo(sx, sy)
				}
				return
			}
			if found != 0 && strings.IndexByte(openBrackets, found) >= 0 {
				break
			}
			switch {
			case !cs.viStart && !tried && px <= xx:
				px++
				tried = true
				continue
			case !cs.viStart:
				cs.nextWordEnd(openBrackets, false)
			case px <= xx:
				px++
				continue
			}
			found = 0
			break
		}
		if found == 0 {
			continue
		}
		end := closeBrackets[strings.IndexByte(openBrackets, found)]
		if x, y, ok := cs.walkBracket(px, py, found, end, 1); ok {
			cs.scrollTo(x, y)
		}
	}
}

// walkBracket walks from the bracket at (px, py) backwards (dir -1) or
// forwards (1) to the one that pairs with it, counting the brackets like
// it on the way; false when the lines end first.
func (cs *copyState) walkBracket(px, py int, bracket, pair byte, dir int) (int, int, bool) {
	xx, last := cs.length(py), cs.hsize+cs.sy-1
	for n := 1; n != 0; {
		switch {
		case dir < 0 && px == 0:
			if py == 0 {
				return 0, 0, false
			}
			for py--; cs.length(py) == 0 && py > 0; py-- {
			}
			if cs.length(py) == 0 {
				return 0, 0, false
			}
			px = cs.length(py) - 1
		case dir < 0:
			px--
		case px > xx:
			if py == last {
				return 0, 0, false
			}
			px, py = 0, py+1
			xx = cs.length(py)
		default:
			px++
		}
		switch cs.bracketAt(px, py) {
		case bracket:
			n++
		case pair:
			n--
		}
	}
	return px, py, true
}
