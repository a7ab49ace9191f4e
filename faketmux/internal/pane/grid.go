package pane

import (
	"strconv"
	"unicode/utf8"
)

// Colours are kept as tmux's grid keeps them, since capture-pane -e prints
// them from that form: 0-7 and 90-97 the named colours, 8 the default, or
// a 256-colour index or an RGB value marked by a flag.
const (
	colourDefault = 8
	colour256     = 0x01000000
	colourRGB     = 0x02000000
)

// Attributes, as tmux's GRID_ATTR_* bits.
const (
	attrBright uint16 = 1 << iota
	attrDim
	attrUnderscore
	attrBlink
	attrReverse
	attrHidden
	attrItalics
	attrCharset
	attrStrikethrough
	attrUnderscore2
	attrUnderscore3
	attrUnderscore4
	attrUnderscore5
	attrOverline

	attrAllUnderscore = attrUnderscore | attrUnderscore2 | attrUnderscore3 | attrUnderscore4 | attrUnderscore5
)

// Cell flags.
const (
	// flagPadding marks the cell a wide character covers after its own.
	flagPadding uint8 = 1 << iota
	// flagText: the character is several runes (a base and what combined
	// onto it), kept in the grid's texts at index r.
	flagText
	// flagExtended: tmux would keep this cell in its line's extended
	// cells, which history_bytes counts.
	flagExtended
)

// style is what a cell is drawn with.
type style struct {
	fg, bg, us int32
	attr       uint16
}

var defaultStyle = style{fg: colourDefault, bg: colourDefault}

// cell is one column of a line as the screen handles it; lines store it
// packed.
type cell struct {
	r rune // the character, or an index into the tables' texts with flagText
	style
	flags uint8
	width uint8
}

// packed is a cell as a line keeps it, in eight bytes (tmux's take five,
// or more when extended): the character, and in meta the index of its
// style in the tables, its flags and its width.
type packed struct {
	r    rune
	meta uint32 // style<<8 | flags<<2 | width
}

// tables hold, once each, the styles and the characters of more than one
// rune that a screen's cells refer to. compact drops those no cell uses.
type tables struct {
	texts    []string
	textIdx  map[string]rune
	styles   []style
	styleIdx map[style]uint32
	// last is the style looked up last, and its index: a run of cells
	// shares one.
	last    style
	lastIdx uint32
}

func newTables() *tables {
	t := &tables{styleIdx: map[style]uint32{}}
	t.style(defaultStyle)
	return t
}

func (t *tables) style(s style) uint32 {
	if s == t.last && len(t.styles) > 0 {
		return t.lastIdx
	}
	i, ok := t.styleIdx[s]
	if !ok {
		i = uint32(len(t.styles))
		t.styles = append(t.styles, s)
		t.styleIdx[s] = i
	}
	t.last, t.lastIdx = s, i
	return i
}

func (t *tables) text(s string) rune {
	if i, ok := t.textIdx[s]; ok {
		return i
	}
	if t.textIdx == nil {
		t.textIdx = map[string]rune{}
	}
	i := rune(len(t.texts))
	t.texts = append(t.texts, s)
	t.textIdx[s] = i
	return i
}

func (t *tables) pack(c cell) packed {
	return packed{r: c.r, meta: t.style(c.style)<<8 | uint32(c.flags)<<2 | uint32(c.width)}
}

func (t *tables) unpack(p packed) cell {
	return cell{r: p.r, style: t.styles[p.meta>>8], flags: uint8(p.meta>>2) & 0x3f, width: uint8(p.meta & 3)}
}

// tablesLimit is how many entries a table may reach before compact runs:
// far below the 1<<24 styles meta can index, which one write cannot pass.
const tablesLimit = 1 << 20

// compact rebuilds the tables from the cells of grids, when they have
// grown past tablesLimit, so that a program drawing ever new styles or
// characters does not grow them without end.
func (t *tables) compact(grids ...*grid) {
	if len(t.styles) < tablesLimit && len(t.texts) < tablesLimit {
		return
	}
	fresh := newTables()
	for _, g := range grids {
		if g == nil {
			continue
		}
		for y := range g.lines {
			l := &g.lines[y]
			l.fill = fresh.style(t.styles[l.fill])
			for x, p := range l.cells() {
				c := t.unpack(p)
				if c.flags&flagText != 0 {
					c.r = fresh.text(t.texts[c.r])
				}
				l.c.cells[x] = fresh.pack(c)
			}
		}
	}
	*t = *fresh
}

// line is one row of the grid. It stores cells only up to the last one
// written, so a blank line costs only its header, which is smaller than
// tmux's; size is the cells tmux's line would hold (rounded up as
// grid_expand_line does), which history_bytes counts and erasing reads,
// those past the stored ones being blanks in the fill style.
type line struct {
	c    *lineData // nil until written or wrapped
	size int32     // tmux's cellsize
	used int32     // tmux's cellused: the cells written or cleared in place
	// extd counts tmux's extended cells for this line, which it keeps
	// until the line is compacted (moved into the history) or emptied.
	extd int32
	fill uint32 // the style of the blanks past the stored cells
}

type lineData struct {
	cells   []packed
	wrapped bool // tmux's GRID_LINE_WRAPPED: the row continues on the next
}

func (l *line) cells() []packed {
	if l.c == nil {
		return nil
	}
	return l.c.cells
}

func (l *line) wrapped() bool { return l.c != nil && l.c.wrapped }

func (l *line) setWrapped(w bool) {
	if l.c == nil {
		if !w {
			return
		}
		l.c = &lineData{}
	}
	l.c.wrapped = w
}

// grid is the history and the visible rows of one screen, as tmux's
// struct grid: lines[0:hsize] are the history, oldest first, and the sy
// lines after them the screen.
type grid struct {
	sx, sy    int
	hsize     int
	hscrolled int
	hlimit    int
	history   bool // tmux's GRID_HISTORY: lines scrolled off are kept
	lines     []line
	t         *tables
}

func newGrid(sx, sy, hlimit int, t *tables) *grid {
	return &grid{sx: sx, sy: sy, hlimit: hlimit, history: hlimit != 0, lines: make([]line, sy), t: t}
}

func (g *grid) line(y int) *line { return &g.lines[y] }

func blank(bg int32) cell {
	return cell{r: ' ', style: style{fg: colourDefault, bg: bg}, width: 1}
}

func (g *grid) text(c *cell) string {
	if c.flags&flagText != 0 {
		return g.t.texts[c.r]
	}
	return string(c.r)
}

// needsExtended is tmux's grid_need_extended_cell, for history_bytes.
func (c *cell) needsExtended() bool {
	return c.attr > 0xff || c.width != 1 || c.flags&flagText != 0 || c.r >= utf8.RuneSelf ||
		c.fg&colourRGB != 0 || c.bg&colourRGB != 0 || c.us != 0
}

// expand makes the line hold at least n cells: a quarter of the width,
// half, or all of it, the least that is enough, as tmux does; the new ones
// blanks in bg.
func (g *grid) expand(y, n int, bg int32) {
	l := &g.lines[y]
	if n <= int(l.size) {
		return
	}
	switch {
	case n < g.sx/4:
		n = g.sx / 4
	case n < g.sx/2:
		n = g.sx / 2
	case n < g.sx:
		n = g.sx
	}
	fill := g.t.style(style{fg: colourDefault, bg: bg})
	if fill != l.fill {
		// The blanks past the stored cells are all of one style.
		g.store(l, int(l.size))
		l.fill = fill
	}
	if bg&colourRGB != 0 {
		l.extd += int32(n) - l.size
	}
	l.size = int32(n)
}

// store makes the line keep its first n cells (n at most its size).
func (g *grid) store(l *line, n int) {
	have := len(l.cells())
	if n <= have {
		return
	}
	if l.c == nil {
		l.c = &lineData{}
	}
	if n > cap(l.c.cells) {
		// Grow as append would, but never past what tmux's line holds.
		cells := make([]packed, have, min(max(n, 2*cap(l.c.cells)), int(l.size)))
		copy(cells, l.c.cells)
		l.c.cells = cells
	}
	blank := packed{r: ' ', meta: l.fill<<8 | 1}
	if g.t.styles[l.fill].bg&colourRGB != 0 {
		blank.meta |= uint32(flagExtended) << 2
	}
	for range n - have {
		l.c.cells = append(l.c.cells, blank)
	}
}

func (g *grid) clearCell(l *line, x int, bg int32) {
	g.store(l, x+1)
	c := blank(bg)
	if bg&colourRGB != 0 {
		c.flags |= flagExtended
		l.extd++
	}
	l.c.cells[x] = g.t.pack(c)
}

// get returns the cell at x of line y; beyond the cells the line holds,
// a blank one.
func (g *grid) get(x, y int) cell {
	l := &g.lines[y]
	switch cells := l.cells(); {
	case x < len(cells):
		return g.t.unpack(cells[x])
	case x < int(l.size):
		c := cell{r: ' ', style: g.t.styles[l.fill], width: 1}
		if c.bg&colourRGB != 0 {
			c.flags |= flagExtended
		}
		return c
	}
	return blank(colourDefault)
}

// set writes c at x of line y; s is its text when it is more than one
// rune.
func (g *grid) set(x, y int, c cell, s string) {
	g.expand(y, x+1, colourDefault)
	l := &g.lines[y]
	l.used = max(l.used, int32(x+1))
	if s != "" {
		c.flags |= flagText
		c.r = g.t.text(s)
	}
	old := g.get(x, y)
	if old.flags&flagExtended != 0 || c.needsExtended() {
		if old.flags&flagExtended == 0 {
			l.extd++
		}
		c.flags |= flagExtended
	}
	g.store(l, x+1)
	l.c.cells[x] = g.t.pack(c)
}

// clear blanks nx cells from px on ny lines from py, as tmux's grid_clear.
func (g *grid) clear(px, py, nx, ny int, bg int32) {
	if nx <= 0 || ny <= 0 {
		return
	}
	if px == 0 && nx == g.sx {
		g.clearLines(py, ny, bg)
		return
	}
	for y := py; y < py+ny; y++ {
		l := &g.lines[y]
		sx := min(g.sx, int(l.size))
		ox := nx
		if bg == colourDefault {
			if px > sx {
				continue
			}
			ox = min(ox, sx-px)
		}
		g.expand(y, px+ox, colourDefault)
		for x := px; x < px+ox; x++ {
			g.clearCell(l, x, bg)
		}
	}
}

// clearLines empties ny lines from py.
func (g *grid) clearLines(py, ny int, bg int32) {
	for y := py; y < py+ny; y++ {
		g.emptyLine(y, bg)
	}
	if py > 0 {
		g.lines[py-1].setWrapped(false)
	}
}

func (g *grid) emptyLine(y int, bg int32) {
	g.lines[y] = line{}
	if bg != colourDefault {
		g.expand(y, g.sx, bg)
	}
}

// moveLines moves ny lines from py to dy, emptying those left behind.
func (g *grid) moveLines(dy, py, ny int, bg int32) {
	if ny <= 0 || py == dy {
		return
	}
	if dy > 0 {
		g.lines[dy-1].setWrapped(false)
	}
	copy(g.lines[dy:dy+ny], g.lines[py:py+ny])
	for y := py; y < py+ny; y++ {
		if y < dy || y >= dy+ny {
			g.emptyLine(y, bg)
		}
	}
	if py > 0 && (py < dy || py >= dy+ny) {
		g.lines[py-1].setWrapped(false)
	}
}

// moveCells moves nx cells of line py from px to dx, blanking those left
// behind.
func (g *grid) moveCells(dx, px, py, nx int, bg int32) {
	if nx <= 0 || px == dx {
		return
	}
	g.expand(py, px+nx, colourDefault)
	g.expand(py, dx+nx, colourDefault)
	l := &g.lines[py]
	g.store(l, max(px, dx)+nx)
	cells := l.c.cells
	copy(cells[dx:dx+nx], cells[px:px+nx])
	l.used = max(l.used, int32(dx+nx))
	for x := px; x < px+nx; x++ {
		if x < dx || x >= dx+nx {
			g.clearCell(l, x, bg)
		}
	}
}

// collectHistory drops the oldest tenth of a full history (at least one
// line), as tmux does before each line it adds.
func (g *grid) collectHistory() {
	if g.hsize == 0 || g.hsize < g.hlimit {
		return
	}
	g.trimHistory(min(max(g.hlimit/10, 1), g.hsize))
	if g.hscrolled > g.hsize {
		g.hscrolled = g.hsize
	}
}

// trimHistory drops the n oldest lines, clearing the tail so that the
// lines dropped can be freed.
func (g *grid) trimHistory(n int) {
	k := copy(g.lines, g.lines[n:])
	clear(g.lines[k:])
	g.lines = g.lines[:k]
	g.hsize -= n
}

// scrollHistory moves the top row of the screen into the history and adds
// an empty row at the bottom.
func (g *grid) scrollHistory(bg int32) {
	g.lines = append(g.lines, line{})
	g.emptyLine(len(g.lines)-1, bg)
	g.hscrolled++
	g.lines[g.hsize].compact(g.t)
	g.hsize++
}

// scrollHistoryRegion moves the top row of a scroll region (screen rows
// upper to lower) into the history and scrolls the rest of it up.
func (g *grid) scrollHistoryRegion(upper, lower int, bg int32) {
	upper, lower = g.hsize+upper, g.hsize+lower
	top := g.lines[upper]
	copy(g.lines[upper:lower], g.lines[upper+1:lower+1])
	g.emptyLine(lower, bg)
	g.lines = append(g.lines, line{})
	copy(g.lines[g.hsize+1:], g.lines[g.hsize:])
	g.lines[g.hsize] = top
	g.hscrolled++
	g.hsize++
}

// clearHistory empties the history.
func (g *grid) clearHistory() {
	g.trimHistory(g.hsize)
	g.hscrolled = 0
	// A fresh array: the history's would stay allocated behind the screen.
	g.lines = append([]line(nil), g.lines...)
}

// compact recounts the extended cells still in use, as tmux compacts a
// line going into the history.
func (l *line) compact(t *tables) {
	l.extd = 0
	for _, p := range l.cells() {
		if uint8(p.meta>>2)&flagExtended != 0 {
			l.extd++
		}
	}
	if t.styles[l.fill].bg&colourRGB != 0 {
		l.extd += l.size - int32(len(l.cells()))
	}
}

// bytes is tmux's history_bytes for the grid: a 32-byte header per line,
// five bytes a cell the line holds and nineteen an extended cell.
func (g *grid) bytes() int {
	n := 32 * len(g.lines)
	for i := range g.lines {
		n += 5*int(g.lines[i].size) + 19*int(g.lines[i].extd)
	}
	return n
}

// view turns a screen row into a line of the grid.
func (g *grid) view(y int) int { return g.hsize + y }

// render appends line y's cells up to column nx to buf as tmux's
// grid_string_cells makes them: padding skipped, cells past the last used
// one left out, and with codes each cell preceded by the SGR sequence that
// changes last's style to it (last carries over from line to line).
func (g *grid) render(buf []byte, y, nx int, last *cell, codes, escapeC0, trim bool) []byte {
	used := int(g.lines[y].used)
	start := len(buf)
	for x := 0; x < nx && x < used; x++ {
		c := g.get(x, y)
		if c.flags&flagPadding != 0 {
			continue
		}
		if codes {
			buf = appendCodes(buf, last, &c, escapeC0)
			*last = c
		}
		if escapeC0 && c.flags&flagText == 0 && c.r == '\\' {
			buf = append(buf, `\\`...)
		} else {
			buf = append(buf, g.text(&c)...)
		}
	}
	if trim {
		for len(buf) > start && buf[len(buf)-1] == ' ' {
			buf = buf[:len(buf)-1]
		}
	}
	return buf
}

// attrCodes are the SGR codes of the attributes, in the order tmux writes
// them.
var attrCodes = []struct {
	mask uint16
	code int
}{
	{attrBright, 1}, {attrDim, 2}, {attrItalics, 3}, {attrUnderscore, 4}, {attrBlink, 5},
	{attrReverse, 7}, {attrHidden, 8}, {attrStrikethrough, 9}, {attrUnderscore2, 42},
	{attrUnderscore3, 43}, {attrUnderscore4, 44}, {attrUnderscore5, 45}, {attrOverline, 53},
}

// appendCodes appends what changes last's style to c's, as tmux's
// grid_string_cells_code: attributes (from 0 when one goes), then each
// colour that differs, then SO or SI for the line-drawing set.
func appendCodes(buf []byte, last, c *cell, escapeC0 bool) []byte {
	esc := "\x1b["
	if escapeC0 {
		esc = `\033[`
	}
	attr, lastAttr := c.attr, last.attr
	var s []int
	for _, a := range attrCodes {
		if (attr&a.mask == 0 && lastAttr&a.mask != 0) || (last.us != 0 && c.us == 0) {
			s = append(s, 0)
			lastAttr &= attrCharset
			break
		}
	}
	for _, a := range attrCodes {
		if attr&a.mask != 0 && lastAttr&a.mask == 0 {
			s = append(s, a.code)
		}
	}
	if len(s) > 0 {
		buf = append(buf, esc...)
		for i, n := range s {
			if i > 0 {
				buf = append(buf, ';')
			}
			if n < 10 {
				buf = strconv.AppendInt(buf, int64(n), 10)
			} else {
				buf = strconv.AppendInt(buf, int64(n/10), 10)
				buf = append(buf, ':')
				buf = strconv.AppendInt(buf, int64(n%10), 10)
			}
		}
		buf = append(buf, 'm')
	}
	reset := len(s) > 0 && s[0] == 0
	for _, which := range []func(style) []int{fgCodes, bgCodes, usCodes} {
		now, before := which(c.style), which(last.style)
		if len(now) == 0 || (equalInts(now, before) && !reset) {
			continue
		}
		buf = append(buf, esc...)
		for i, n := range now {
			if i > 0 {
				buf = append(buf, ';')
			}
			buf = strconv.AppendInt(buf, int64(n), 10)
		}
		buf = append(buf, 'm')
	}
	switch {
	case attr&attrCharset != 0 && lastAttr&attrCharset == 0:
		buf = appendC0(buf, '\x0e', escapeC0)
	case attr&attrCharset == 0 && lastAttr&attrCharset != 0:
		buf = appendC0(buf, '\x0f', escapeC0)
	}
	return buf
}

func appendC0(buf []byte, b byte, escapeC0 bool) []byte {
	if escapeC0 {
		return append(buf, `\0`+strconv.Itoa(int(b/8))+strconv.Itoa(int(b%8))...)
	}
	return append(buf, b)
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// colourCodes is the SGR parameters of colour c: base+8 and the extended
// forms, or for a named colour (only when named) base plus its number,
// base+9 for the default, and the bright ones as they are.
func colourCodes(c int32, base int, named bool) []int {
	switch {
	case c&colour256 != 0:
		return []int{base + 8, 5, int(c & 0xff)}
	case c&colourRGB != 0:
		return []int{base + 8, 2, int(c>>16) & 0xff, int(c>>8) & 0xff, int(c) & 0xff}
	case !named:
		return nil
	case c >= 0 && c <= 7:
		return []int{base + int(c)}
	case c == colourDefault:
		return []int{base + 9}
	case c >= 90 && c <= 97:
		return []int{int(c) + base - 30}
	}
	return nil
}

func fgCodes(s style) []int { return colourCodes(s.fg, 30, true) }
func bgCodes(s style) []int { return colourCodes(s.bg, 40, true) }

// usCodes: the underscore colour has only the extended forms.
func usCodes(s style) []int { return colourCodes(s.us, 50, false) }

// reflow rewraps the lines to the grid's width (already set), as tmux's
// grid_reflow: a line too long is split onto new wrapped lines, and a
// wrapped line takes as much of the lines after it as fits.
func (g *grid) reflow() {
	r := &reflow{g: g, src: g.lines, dead: make([]bool, len(g.lines)), to: &grid{sx: g.sx, t: g.t}}
	for yy := range r.src {
		if r.dead[yy] {
			continue
		}
		l := &r.src[yy]
		at, width := 0, 0
		for x := range int(l.used) {
			w := int(g.get(x, yy).width)
			if at == 0 && width+w > g.sx {
				at = x
			}
			width += w
		}
		switch {
		case width > g.sx:
			r.split(yy, at)
		case width < g.sx && l.wrapped():
			r.join(yy, width, false)
		default:
			r.move(yy)
		}
	}
	for len(r.to.lines) < g.sy {
		r.to.lines = append(r.to.lines, line{})
	}
	g.lines = r.to.lines
	g.hsize = len(g.lines) - g.sy
	g.hscrolled = min(g.hscrolled, g.hsize)
}

// reflow is one rewrap: the lines of g in src, those already taken in
// dead, the new ones in to.
type reflow struct {
	g    *grid
	src  []line
	dead []bool
	to   *grid
}

func (r *reflow) move(yy int) {
	r.to.lines = append(r.to.lines, r.src[yy])
	r.src[yy] = line{}
	r.dead[yy] = true
}

// copyCell puts a cell of the old lines on a new one; whether it is
// extended there is counted afresh.
func (r *reflow) copyCell(x, y int, c cell) {
	c.flags &^= flagExtended
	r.to.set(x, y, c, "")
}

// cut makes l hold only its first n cells.
func cut(l *line, n int) {
	l.size, l.used = int32(n), int32(n)
	if l.c != nil && len(l.c.cells) > n {
		l.c.cells = l.c.cells[:n:n]
	}
}

// join appends to a new line (yy moved first unless already) the cells
// of the lines after yy that fit in the width, as grid_reflow_join.
func (r *reflow) join(yy, width int, already bool) {
	g, sx := r.g, r.g.sx
	if !already {
		r.move(yy)
	}
	to := len(r.to.lines) - 1
	at := int(r.to.lines[to].used)
	lines, want := 0, 0
	wrapped := true
	var from *line
	for yy+1+lines < len(r.src) {
		y := yy + 1 + lines
		if !r.src[y].wrapped() {
			wrapped = false
		}
		if r.src[y].used == 0 {
			if !wrapped {
				break
			}
			lines++
			continue
		}
		c := g.get(0, y)
		if width+int(c.width) > sx {
			break
		}
		width += int(c.width)
		r.copyCell(at, to, c)
		at++
		from = &r.src[y]
		for want = 1; want < int(from.used); want++ {
			c := g.get(want, y)
			if width+int(c.width) > sx {
				break
			}
			width += int(c.width)
			r.copyCell(at, to, c)
			at++
		}
		lines++
		if !wrapped || want != int(from.used) || width == sx {
			break
		}
	}
	if lines == 0 {
		return
	}
	if left := 0; from != nil {
		if left = int(from.used) - want; left != 0 {
			g.moveCells(0, want, yy+lines, left, colourDefault)
			cut(from, left)
			lines--
		} else if !wrapped {
			r.to.lines[to].setWrapped(false)
		}
	}
	for y := yy + 1; y < yy+1+lines; y++ {
		r.src[y] = line{}
		r.dead[y] = true
	}
	switch {
	case g.hscrolled > to+lines:
		g.hscrolled -= lines
	case g.hscrolled > to:
		g.hscrolled = to
	}
}

// split cuts line yy at cell at, putting the rest on new wrapped lines,
// as grid_reflow_split.
func (r *reflow) split(yy, at int) {
	g, sx := r.g, r.g.sx
	l := &r.src[yy]
	used, wasWrapped := int(l.used), l.wrapped()
	lines, width := 2, 0
	for x := at; x < used; x++ {
		w := int(g.get(x, yy).width)
		if width+w > sx {
			lines++
			width = 0
		}
		width += w
	}
	first := len(r.to.lines)
	r.to.lines = append(r.to.lines, make([]line, lines)...)
	y, xx := first+1, 0
	width = 0
	for x := at; x < used; x++ {
		c := g.get(x, yy)
		if width+int(c.width) > sx {
			r.to.lines[y].setWrapped(true)
			y++
			width, xx = 0, 0
		}
		width += int(c.width)
		r.copyCell(xx, y, c)
		xx++
	}
	if wasWrapped {
		r.to.lines[y].setWrapped(true)
	}
	cut(l, at)
	l.setWrapped(true)
	r.to.lines[first] = *l
	r.src[yy] = line{}
	r.dead[yy] = true
	if yy <= g.hscrolled {
		g.hscrolled += lines - 1
	}
	if width < sx && wasWrapped {
		r.join(yy, width, true)
	}
}

// wrapPosition turns a position into one counted along unwrapped lines,
// -1 for the end of a line, as grid_wrap_position.
func (g *grid) wrapPosition(px, py int) (wx, wy int) {
	for y := range py {
		if g.lines[y].wrapped() {
			wx += int(g.lines[y].used)
		} else {
			wx, wy = 0, wy+1
		}
	}
	if px >= int(g.lines[py].used) {
		return -1, wy
	}
	return wx + px, wy
}

// unwrapPosition undoes wrapPosition on the rewrapped lines.
func (g *grid) unwrapPosition(wx, wy int) (px, py int) {
	ay := 0
	for ; py < len(g.lines)-1; py++ {
		if ay == wy {
			break
		}
		if !g.lines[py].wrapped() {
			ay++
		}
	}
	if wx == -1 {
		for py < len(g.lines)-1 && g.lines[py].wrapped() {
			py++
		}
		return int(g.lines[py].used), py
	}
	for py < len(g.lines)-1 && g.lines[py].wrapped() {
		if wx < int(g.lines[py].used) {
			break
		}
		wx -= int(g.lines[py].used)
		py++
	}
	return wx, py
}
