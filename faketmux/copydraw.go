package faketmux

import "strings"

// Copy and view mode as a terminal shows them, as tmux's
// window_copy_write_line writes the mode's screen and its redraw puts
// the selection over it.

// copyStyles are the window's styles that copy mode draws in.
type copyStyles struct {
	mode, match, current, mark drawStyle
}

// copyStylesOf reads the copy mode styles of pane p's window, their
// formats expanded for p, as the mode draws.
func (c *client) copyStylesOf(p *paneState) copyStyles {
	f := c.formatIn(p.window, p)
	style := func(option string) drawStyle {
		return parseDrawStyle(drawStyle{}, f.expand(p.window.options.get(option)))
	}
	return copyStyles{
		mode:    style("mode-style"),
		match:   style("copy-mode-match-style"),
		current: style("copy-mode-current-match-style"),
		mark:    style("copy-mode-mark-style"),
	}
}

// copyModeRows are the rows copy or view mode shows of pane p: its
// copy of the lines at the mode's position, the mark's line and the
// search's matches in their styles, the position at the top right in
// mode-style, and over them the selection in mode-style. Other cells
// keep the styles the copy has of them (view mode's are plain).
func (c *client) copyModeRows(p *paneState, cs *copyState) []string {
	styles := c.copyStylesOf(p)
	rows := make([]string, p.height)
	for y := range p.height {
		row := cs.row(y)
		var line, own []string
		if row >= 0 && row < len(cs.lines) {
			line = cs.lines[row]
		}
		if row >= 0 && row < len(cs.styled) {
			own = cellCodes(cs.styled[row])
		}
		header := ""
		if y == 0 {
			header = cs.positionIndicator(p.width)
		}
		text := p.width - len(header)
		var b strings.Builder
		plain := drawStyle{}.sgr()
		last := plain
		keep := 0 // b up to its last cell that is no default blank
		for x := range p.width {
			ch, sgr := " ", plain
			switch {
			case x >= text:
				ch, sgr = header[x-text:x-text+1], styles.mode.sgr()
			default:
				if x < len(line) {
					ch = line[x]
				}
				if style, marked := cs.cellStyle(x, row, styles); marked {
					sgr = style.sgr()
				} else if x < len(own) {
					sgr += own[x]
				}
			}
			if y == cs.cy && x == p.width-1 && cs.cx == p.width {
				// The cursor past the line's end.
				ch, sgr = "$", plain
			}
			if cs.sel && checkSelection(cs.selx, cs.sely, cs.endselx, cs.endsely, cs.rect, cs.vi(), x, row) {
				sgr = styles.mode.sgr()
			}
			if sgr != last {
				b.WriteString(sgr)
				last = sgr
			}
			b.WriteString(ch)
			if ch != " " || last != plain {
				keep = b.Len()
			}
		}
		// Blanks at the end are cleared, as tmux's redraw clears them.
		rows[y] = b.String()[:keep]
	}
	return rows
}

// cellCodes are the style codes of each cell of a row captured with
// them, as cells parts the row: those from the row's start to the
// cell's character, which draw it after a reset.
func cellCodes(row string) []string {
	var out []string
	codes := ""
	for part, w := range rowParts(row) {
		if w < 0 {
			codes += part
			continue
		}
		out = append(out, codes)
		for range w - 1 {
			out = append(out, codes)
		}
	}
	return out
}

// cellStyle is the style of backing cell (fx, fy) as tmux's
// window_copy_update_style gives it: the mark's line in its style (the
// mark's own cell with the colours swapped), and over it a search's
// match in the match style, the current match's style for the match the
// cursor is on; a match on the mark's cell keeps the swap. marked is
// false for a cell that keeps its own style.
func (cs *copyState) cellStyle(fx, fy int, styles copyStyles) (style drawStyle, marked bool) {
	swap := false
	if cs.showMark && fy == cs.my {
		swap = fx == cs.mx
		style, marked = styles.mark.swapped(swap), true
	}
	marks := cs.search.marks
	at, ok := cs.markAt(fx, fy)
	if marks == nil || !ok || at >= len(marks) || marks[at] == 0 {
		return style, marked
	}
	if cs.onMatch(marks[at], at) {
		return styles.current.swapped(swap), true
	}
	return styles.match.swapped(swap), true
}

// onMatch is whether the cursor is on match mark, which covers view cell
// at: the cell under it, or with emacs keys after a search down (which
// leaves the cursor after the match) the cell before it.
func (cs *copyState) onMatch(mark, at int) bool {
	marks := cs.search.marks
	cursor, ok := cs.markAt(cs.cx, cs.row(cs.cy))
	if !ok || cursor >= len(marks) {
		return false
	}
	if cursor != 0 && !cs.vi() && cs.search.ranDown {
		cursor--
	}
	if marks[cursor] != mark {
		return false
	}
	start, end := matchBounds(marks, cursor)
	return at >= start && at <= end
}

// matchBounds are the first and last view cells of the match over cell
// at.
func matchBounds(marks []int, at int) (start, end int) {
	start, end = at, at
	for start > 0 && marks[start-1] == marks[at] {
		start--
	}
	for end < len(marks)-1 && marks[end+1] == marks[at] {
		end++
	}
	return start, end
}

// swapped is the style with its colours swapped when swap is set.
func (d drawStyle) swapped(swap bool) drawStyle {
	if swap {
		d.fg, d.bg = d.bg, d.fg
	}
	return d
}

// checkSelection is whether backing cell x, y is in a selection from
// sx, sy to the cursor's ex, ey, as tmux's screen_check_selection draws
// it: like emacs, the top-left character is in and the bottom-right one
// out (with vi keys, in).
func checkSelection(sx, sy, ex, ey int, rect, vi bool, px, py int) bool {
	last := func(x int) int {
		if vi {
			return x
		}
		return x - 1
	}
	if rect {
		switch {
		case sy < ey && (py < sy || py > ey), sy > ey && (py > sy || py < ey), sy == ey && py != sy:
			return false
		}
		if ex < sx {
			return px >= ex && px <= sx
		}
		return px >= sx && px <= ex
	}
	switch {
	case sy < ey:
		if py < sy || py > ey || py == sy && px < sx {
			return false
		}
		xx := ex
		if !vi {
			xx = max(ex-1, 0)
		}
		return !(py == ey && px > xx)
	case sy > ey:
		if py > sy || py < ey || py == ey && px < ex {
			return false
		}
		return !(py == sy && (sx == 0 || px > last(sx)))
	default:
		if py != sy {
			return false
		}
		if ex < sx {
			return !(px > last(sx) || px < ex)
		}
		xx := ex
		if !vi {
			xx = max(ex-1, 0)
		}
		return !(px < sx || px > xx)
	}
}
