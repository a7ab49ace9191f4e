package faketmux

import (
	"regexp"
	"strings"
)

// Copy mode's searches, as tmux's window_copy_search does them: the
// cursor moves to the next match (after it, with emacs keys, searching
// down; at its start searching up), going round the ends unless the
// window's wrap-search is off, and the matches on the view are marked, which shows their
// count in the position indicator. A search string in lower case matches
// either case. Rows never wrap here.

type searchDirection int

const (
	searchOff searchDirection = iota
	searchUp
	searchDown
)

// searchState is a copy mode's search: its string, as tmux keeps it in
// the mode and in the pane (a new copy mode starts with the pane's), and
// the marks of the matches on the view.
type searchState struct {
	str       string
	direction searchDirection
	regex     bool
	all       bool  // the next search marks the whole history, not only the view
	marks     []int // per cell of the view, the number of the match over it; nil with no search shown
	count     int   // matches in the whole history, -1 for none counted
	// x, y and o are where an incremental search started, -1 for none.
	x, y, o int
	// ranDown is whether the last search run went down, which decides
	// where the cursor's match is looked for as it is drawn (tmux's
	// searchdirection, where searchtype is direction).
	ranDown bool
}

// cell is the backing cell at column x of row y; the grid is blank past
// a line's end.
func (cs *copyState) cell(x, y int) string {
	if y >= 0 && y < len(cs.lines) && x < len(cs.lines[y]) {
		return cs.lines[y][x]
	}
	return " "
}

func searchCompare(c, s string, cis bool) bool {
	if cis && len(c) == 1 {
		return strings.ToLower(c) == s
	}
	return c == s
}

// matchAt reports whether the search cells match at column ax of row py.
func (cs *copyState) matchAt(search []string, ax, py int, cis bool) bool {
	for bx, s := range search {
		px := ax + bx
		if px >= cs.sx || !searchCompare(cs.cell(px, py), s, cis) {
			return false
		}
	}
	return true
}

// find is the first (or, backwards, the last) match on row py starting
// at a column from first to before last, and its width.
func (cs *copyState) find(search []string, re *regexp.Regexp, py, first, last int, cis, backwards bool) (int, int, bool) {
	if re == nil {
		if backwards {
			for ax := last; ax > first; ax-- {
				if cs.matchAt(search, ax-1, py, cis) {
					return ax - 1, len(search), true
				}
			}
			return 0, 0, false
		}
		for ax := first; ax < last; ax++ {
			if cs.matchAt(search, ax, py, cis) {
				return ax, len(search), true
			}
		}
		return 0, 0, false
	}
	if first >= last {
		return 0, 0, false
	}
	// The row's text from first to the grid's edge, with the column each
	// byte starts in.
	var text strings.Builder
	var col []int
	for x := first; x < cs.sx; x++ {
		c := cs.cell(x, py)
		for range len(c) {
			col = append(col, x)
		}
		text.WriteString(c)
	}
	col = append(col, cs.sx)
	found, fx, fw := false, 0, 0
	for _, m := range re.FindAllStringIndex(text.String(), -1) {
		if m[0] == m[1] || col[m[0]] >= last {
			break
		}
		found, fx, fw = true, col[m[0]], col[m[1]]-col[m[0]]
		if !backwards {
			break
		}
	}
	return fx, fw, found
}

// searchJump moves the cursor to the next match from (fx, fy), going
// round once; it reports whether there was one.
func (cs *copyState) searchJump(search []string, re *regexp.Regexp, fx, fy int, cis, down, wrap bool) bool {
	px, row, found := 0, 0, false
	if down {
		for i := fy; i < len(cs.lines) && !found; i++ {
			if px, _, found = cs.find(search, re, i, fx, cs.sx, cis, false); found {
				row = i
			}
			fx = 0
		}
	} else {
		for i := fy; i >= 0 && !found; i-- {
			if px, _, found = cs.find(search, re, i, 0, fx+1, cis, true); found {
				row = i
			}
			fx = cs.sx - 1
		}
	}
	if found {
		cs.scrollTo(px, row)
		return true
	}
	if wrap {
		if down {
			return cs.searchJump(search, re, 0, 0, cis, down, false)
		}
		return cs.searchJump(search, re, cs.sx-1, len(cs.lines)-1, cis, down, false)
	}
	return false
}

// scrollTo puts the cursor on backing row py, scrolling the view as
// tmux's window_copy_scroll_to does: a quarter of the view above it.
func (cs *copyState) scrollTo(px, py int) {
	cs.cx = px
	top := cs.hsize - cs.oy
	if py >= top && py < top+cs.sy {
		cs.cy = py - top
	} else {
		gap := cs.sy / 4
		offset := 0
		switch {
		case py < cs.sy:
			cs.cy = py
		case py > cs.hsize+cs.sy-gap:
			offset = cs.hsize
			cs.cy = py - cs.hsize
		default:
			offset = py + gap - cs.sy
			cs.cy = py - offset
		}
		cs.oy = cs.hsize - offset
	}
	cs.updateSelection()
}

// markAt is the view's cell index of backing cell (px, py), or false off
// the view.
func (cs *copyState) markAt(px, py int) (int, bool) {
	top := cs.hsize - cs.oy
	if py < top || py > top+cs.sy-1 {
		return 0, false
	}
	return (py-top)*cs.sx + px, true
}

// markMatches marks the matches on the view and, unless only the view
// is searched again, counts them in the whole history.
func (cs *copyState) markMatches(search []string, re *regexp.Regexp, cis, visibleOnly bool) {
	ss := &cs.search
	start, end := 0, len(cs.lines)
	if visibleOnly {
		start = cs.hsize - cs.oy
		end = start + cs.sy
	}
	ss.marks = make([]int, cs.sx*cs.sy)
	gen, n := 1, 0
	for py := start; py < min(end, len(cs.lines)); py++ {
		for px := 0; ; {
			fx, width, found := cs.find(search, re, py, px, cs.sx, cis, false)
			if !found {
				break
			}
			n++
			if b, ok := cs.markAt(fx, py); ok {
				for i := b; i < min(b+width, len(ss.marks)); i++ {
					if ss.marks[i] == 0 {
						ss.marks[i] = gen
					}
				}
				gen = gen%255 + 1
			}
			px = fx + width
		}
	}
	if !visibleOnly {
		ss.count = n
	}
}

// afterMark moves (fx, fy) past the match it is on; without wrap, no
// further than the grid's last cell.
func (cs *copyState) afterMark(fx, fy *int, wrap bool) {
	start, ok := cs.markAt(*fx, *fy)
	if !ok || cs.search.marks[start] == 0 {
		return
	}
	for {
		at, ok := cs.markAt(*fx, *fy)
		if !ok || cs.search.marks[at] != cs.search.marks[start] || !wrap && cs.atEnd(*fx, *fy) {
			return
		}
		cs.moveRight(fx, fy, wrap)
	}
}

// atEnd reports whether (fx, fy) is the grid's last cell.
func (cs *copyState) atEnd(fx, fy int) bool { return fx == cs.sx-1 && fy == len(cs.lines)-1 }

// moveLeft and moveRight step a cell; at the grid's ends, they go round
// with wrap, else stay.
func (cs *copyState) moveLeft(fx, fy *int, wrap bool) {
	switch {
	case *fx > 0:
		*fx--
	case *fy > 0:
		*fx, *fy = cs.sx-1, *fy-1
	case wrap:
		*fx, *fy = cs.sx-1, len(cs.lines)-1
	}
}

func (cs *copyState) moveRight(fx, fy *int, wrap bool) {
	switch {
	case *fx < cs.sx-1:
		*fx++
	case *fy < len(cs.lines)-1:
		*fx, *fy = 0, *fy+1
	case wrap:
		*fx, *fy = 0, 0
	}
}

// runSearch is tmux's window_copy_search for the mode's string; p keeps
// the string for the next copy mode.
func (cs *copyState) runSearch(p *paneState, down, regex bool) bool {
	ss := &cs.search
	ss.ranDown = down
	str := ss.str
	if regex && !strings.ContainsAny(str, "^$*+()?[].\\") {
		regex = false
	}
	visibleOnly := false
	if ss.all || p.searchStr == "" || p.searchRegex != regex {
		ss.all = false
	} else {
		visibleOnly = p.searchStr == str
	}
	p.searchStr, p.searchRegex = str, regex
	search, re, cis, ok := searchPattern(str, regex)
	if !ok {
		return false
	}
	vi := cs.vi()
	wrap := p.window.options.get("wrap-search") == "on"
	fx, fy := cs.cx, cs.row(cs.cy)
	switch {
	case !down:
		cs.moveLeft(&fx, &fy, wrap)
	case vi && ss.marks != nil:
		// Vi keys leave the cursor at the start of a match: the next
		// search starts after it.
		cs.afterMark(&fx, &fy, wrap)
	case vi:
		cs.moveRight(&fx, &fy, wrap)
	}
	if !cs.searchJump(search, re, fx, fy, cis, down, wrap) {
		return false
	}
	cs.markMatches(search, re, cis, visibleOnly)
	fx, fy = cs.cx, cs.row(cs.cy)
	if at, ok := cs.markAt(fx, fy); down && ok && at > 0 && ss.marks[at] == ss.marks[at-1] {
		// Not at the start of a match: the next one.
		cs.afterMark(&fx, &fy, wrap)
		cs.searchJump(search, re, fx, fy, cis, down, wrap)
		fx, fy = cs.cx, cs.row(cs.cy)
	}
	if down {
		if !vi {
			// Emacs keys leave the cursor after the match.
			cs.afterMark(&fx, &fy, wrap)
			cs.cx, cs.cy = fx, fy-cs.hsize+cs.oy
		}
		return true
	}
	if start, ok := cs.markAt(fx, fy); ok {
		for {
			at, ok := cs.markAt(fx, fy)
			if !ok || ss.marks[at] != ss.marks[start] {
				break
			}
			cs.cx, cs.cy = fx, fy-cs.hsize+cs.oy
			if at == 0 {
				break
			}
			cs.moveLeft(&fx, &fy, false)
		}
	}
	return true
}

// searchPattern is a search string as cells, or as a regular expression
// when regex; a string in lower case matches either case (cis). ok is
// false for a regular expression that does not compile.
func searchPattern(str string, regex bool) (search []string, re *regexp.Regexp, cis, ok bool) {
	cis = str == strings.ToLower(str)
	if !regex {
		return cells(str), nil, cis, true
	}
	pattern := str
	if cis {
		pattern = "(?i)" + pattern
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, nil, cis, false
	}
	re.Longest()
	return cells(str), re, cis, true
}

// remark marks the matches of the mode's search again on new backing
// lines.
func (cs *copyState) remark() {
	if search, re, cis, ok := searchPattern(cs.search.str, cs.search.regex); ok {
		cs.markMatches(search, re, cis, false)
	}
}

// newSearchState is a new mode's search: the pane's last string, to
// search up again.
func newSearchState(p *paneState) searchState {
	ss := searchState{all: true, count: -1, x: -1, y: -1, o: -1}
	if p.searchStr != "" {
		ss.str, ss.direction, ss.regex = p.searchStr, searchUp, p.searchRegex
	}
	return ss
}

// search sets the mode's string (a format with -F) and searches np
// times; an empty string does nothing.
func (c *client) search(p *paneState, cs *copyState, args []string, expand bool, np int, down, regex bool) {
	if len(args) == 0 || args[0] == "" {
		return
	}
	str := args[0]
	if expand {
		if str = c.formatFor(p).expand(str); str == "" {
			return
		}
	}
	cs.search.str = str
	cs.search.direction, cs.search.regex = searchUp, regex
	if down {
		cs.search.direction = searchDown
	}
	for range np {
		cs.runSearch(p, down, regex)
	}
}

// searchAgain searches again in the last direction, or (reverse) in the
// other one.
func (cs *copyState) searchAgain(p *paneState, np int, reverse bool) {
	ss := &cs.search
	if ss.direction == searchOff {
		return
	}
	down := ss.direction == searchDown
	if reverse {
		down = !down
	}
	for range np {
		cs.runSearch(p, down, ss.regex)
	}
}

// incremental is search-forward-incremental (or backward): its argument
// starts with = (the command's own direction), + (down) or - (up), and
// the cursor goes back to where the search started when the string
// changes.
func (cs *copyState) incremental(p *paneState, arg string, down bool) {
	ss := &cs.search
	prefix, str := arg[0], arg[1:]
	if ss.x == -1 || ss.y == -1 {
		ss.x, ss.y, ss.o = cs.cx, cs.cy, cs.oy
	} else if ss.str != "" && str != ss.str {
		cs.cx, cs.cy, cs.oy = ss.x, ss.y, ss.o
	}
	if str == "" {
		ss.marks = nil
		return
	}
	switch prefix {
	case '+':
		down = true
	case '-':
		down = false
	case '=':
	default:
		return
	}
	ss.direction, ss.regex, ss.str = searchUp, false, str
	if down {
		ss.direction = searchDown
	}
	if !cs.runSearch(p, down, false) {
		ss.marks = nil
	}
}

// matchAtCursor is the text of the marked match under the cursor, or
// just before it.
func (cs *copyState) matchAtCursor() (string, bool) {
	marks := cs.search.marks
	if marks == nil {
		return "", false
	}
	at, ok := cs.markAt(cs.cx, cs.row(cs.cy))
	if !ok {
		return "", false
	}
	if marks[at] == 0 {
		if at == 0 || marks[at-1] == 0 {
			return "", false
		}
		at--
	}
	start, end := matchBounds(marks, at)
	var b strings.Builder
	for i := start; i <= end; i++ {
		b.WriteString(cs.cell(i%cs.sx, cs.hsize-cs.oy+i/cs.sx))
	}
	return b.String(), b.Len() > 0
}
