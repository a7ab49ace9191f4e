package pane

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/wcwidth"
)

// Modes a program sets, as tmux's MODE_* bits: those that change what the
// screen keeps or what the pane sends, and those formats report.
const (
	modeWrap uint16 = 1 << iota
	modeInsert
	modeOrigin
	modeCRLF
	modeBracketPaste
	modeCursor
	modeKCursor
	modeKKeypad
	modeMouseStandard
	modeMouseButton
	modeMouseAll
	modeMouseUTF8
	modeMouseSGR
	modeFocus // focus reports (?1004), tmux's MODE_FOCUSON

	allMouseModes = modeMouseStandard | modeMouseButton | modeMouseAll
)

// modeFlags are the format variables that report modes.
var modeFlags = map[string]uint16{
	"cursor_flag": modeCursor, "insert_flag": modeInsert, "keypad_cursor_flag": modeKCursor,
	"keypad_flag": modeKKeypad, "mouse_all_flag": modeMouseAll, "mouse_any_flag": allMouseModes,
	"mouse_button_flag": modeMouseButton, "mouse_sgr_flag": modeMouseSGR,
	"mouse_standard_flag": modeMouseStandard, "mouse_utf8_flag": modeMouseUTF8,
	"origin_flag": modeOrigin, "wrap_flag": modeWrap,
}

const zwj = '\u200d'

// utf8Size is the most bytes tmux keeps in one cell, combining characters
// included.
const utf8Size = 21

// pen is the style and character set the next character is drawn with.
type pen struct {
	style
	set, g0, g1 uint8 // the shift (SO/SI) and the sets designated G0 and G1
}

// ErrNoAlternate is capture-pane -a's error when the alternate screen is off.
var ErrNoAlternate = errors.New("no alternate screen")

// Screen is a terminal screen as tmux keeps a pane's: a grid whose lines
// hold only what was written on them, its history, the cursor, the scroll
// region, the modes and the alternate screen. It takes a program's output
// through Display. Its methods are safe for concurrent use.
type Screen struct {
	mu     sync.Mutex
	g      *grid
	parser vtParser
	// bell is set when the program rings the bell (BEL as a control, not
	// as the end of a string), until TakeBell reads it.
	bell atomic.Bool

	// saved is the main screen's rows while the alternate screen is on,
	// and savedCx, savedCy (-1 for none) and savedStyle what 1049 saved.
	saved            *grid
	savedHistory     bool
	savedCx, savedCy int
	savedStyle       style

	cx, cy         int
	rupper, rlower int
	mode           uint16
	tabs           []bool
	pen            pen
	// DECSC's saved state.
	oldPen       pen
	oldCx, oldCy int
	oldMode      uint16
	last         rune // the last ASCII character printed, for REP; -1 for none
	// run is the plain characters collected and not yet written, in
	// runStyle, from the cursor.
	run      []byte
	runStyle style
	zwj      bool // a zero width joiner came: the next character combines
	// utf8 is the character whose bytes are coming, outside escape
	// sequences, as tmux's input context collects one.
	utf8 utf8Char
	// str is the string sequence being read, which the screen reads
	// itself (requests.go); requests are what strings asked of the server.
	settings Settings
	str      *stringSeq
	// stringStart is when the string being read began, by clock: tmux
	// gives up on a string after stringTimeout.
	stringStart time.Time
	clock       func() time.Time
	requests    []Request
	requested   atomic.Bool // requests holds some
	pending     []byte
	replies     []byte
}

// utf8Char is a UTF-8 character being collected, tmux's utf8started and
// utf8_data: started by its first byte, it is complete once it has as
// many bytes as that one said, whatever they are.
type utf8Char struct {
	started    bool
	data       [utf8.UTFMax]byte
	have, size int
	bad        bool // a byte after the first was not a continuation byte
}

// NewScreen makes a blank screen of the given size keeping up to
// historyLimit lines of history.
func NewScreen(cols, rows, historyLimit int) *Screen {
	s := &Screen{g: newGrid(cols, rows, max(historyLimit, 0), newTables()), savedCx: -1, savedCy: -1, last: -1, clock: time.Now}
	s.pen.style = defaultStyle
	s.oldPen = s.pen
	s.mode = modeWrap | modeCursor
	s.rlower = rows - 1
	s.resetTabs()
	s.parser = vtParser{print: s.print, execute: s.execute, csi: s.csi, esc: s.esc}
	s.parser.reset()
	return s
}

// Settings are the options of a pane that tmux reads as it draws the
// program's output, each on unless the pane's options turn it off:
// alternate-screen (whether the program may switch to the alternate
// screen) and scroll-on-clear (whether clearing the whole screen scrolls
// it into the history first).
type Settings struct {
	NoAlternateScreen bool
	NoScrollOnClear   bool
}

// Apply takes the pane's settings as they are now, for the output that
// comes after.
func (s *Screen) Apply(o Settings) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.settings = o
}

// TakeBell reports whether the program rang the bell since the last
// call, as tmux's input parser queues WINDOW_BELL for its window.
func (s *Screen) TakeBell() bool { return s.bell.Swap(false) }

// Display draws b on the screen: a program's output, or what tmux draws
// on a pane itself.
func (s *Screen) Display(b []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.expireString()
	for _, c := range b {
		// The parser stays in ground while the screen reads a string
		// itself, and ending one does not move it.
		state := s.parser.state
		wasGround := s.str == nil && state == stGround
		if s.str != nil && !s.stringByte(c) {
			s.pending = append(s.pending, c) // tmux keeps a string's bytes as a sequence's
			if s.str == nil {
				s.pending = s.pending[:0] // BEL ended an OSC string: back to ground
			}
			continue
		}
		ground := state == stGround
		switch {
		case c >= 0x80 && ground:
			s.topBitSet(c)
		case c >= 0x80:
			// tmux's tables have no C1 controls: within a sequence a
			// byte of the top half is ignored, or is a string's, which
			// the screen does not read.
		default:
			// Anything but a printable character ends a run, as every
			// handler of tmux's but input_print does.
			if c < ' ' || c == 0x7f {
				s.flushRun()
			}
			s.parser.advance(c)
			ground = !s.stringStarted() && s.parser.state == stGround
			// Every string begins with the byte after an ESC.
			if state == stEscape && s.inString() {
				s.stringStart = s.clock()
			}
		}
		// tmux keeps the bytes of a sequence not yet complete for
		// capture-pane -P, until it next enters ground (which a string
		// that timed out does not: expireString); a UTF-8 character is
		// not a sequence.
		switch {
		case !ground:
			s.pending = append(s.pending, c)
		case !wasGround:
			s.pending = s.pending[:0]
		}
	}
	s.flushRun()
	s.g.t.compact(s.g, s.saved)
}

// Keeper is what Options.Keep takes: a Pane, or a Screen.
type Keeper interface{ screen() *Screen }

func (s *Screen) screen() *Screen { return s }

// reinit readies the screen for a new program, as tmux's screen_reinit
// and input_init do for a respawned pane: the cursor home, the modes, tabs
// and parser reset, the alternate screen left, the rows of the screen
// emptied and the history kept; then the size is the new pane's.
func (s *Screen) reinit(cols, rows int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cx, s.cy = 0, 0
	s.rupper, s.rlower = 0, s.g.sy-1
	s.mode = modeCursor | modeWrap | s.mode&modeCRLF
	if s.saved != nil {
		s.alternateOff(false)
	}
	s.savedCx, s.savedCy = -1, -1
	s.resetTabs()
	s.g.clearLines(s.g.hsize, s.g.sy, colourDefault)
	s.pen = pen{style: defaultStyle}
	s.oldPen, s.oldCx, s.oldCy = s.pen, 0, 0
	s.parser.reset()
	s.pending, s.replies, s.last, s.zwj, s.utf8, s.str = nil, nil, -1, false, utf8Char{}, nil
	s.resize(cols, rows, true)
}

// takeReplies returns the answers to the program's queries since the last
// call.
func (s *Screen) takeReplies() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.replies
	s.replies = nil
	return r
}

// BracketedPaste reports whether the program has turned bracketed paste
// mode on (ESC[?2004h) and not since turned it off or reset the terminal.
func (s *Screen) BracketedPaste() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.mode&modeBracketPaste != 0
}

// Lines returns every line of the screen as `tmux capture-pane -p` prints
// it, without the newline: the history, oldest first, then each row of the
// visible screen; which of them wrap onto the next (tmux's
// GRID_LINE_WRAPPED), those with their trailing spaces, as copy mode takes
// them; and how many of them are history. With the alternate screen on,
// the rows are the alternate screen's, after the main screen's history, as
// in tmux.
func (s *Screen) Lines() (lines [][]byte, wrapped []bool, history int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	lines = make([][]byte, len(s.g.lines))
	wrapped = make([]bool, len(s.g.lines))
	for y := range s.g.lines {
		wrapped[y] = s.g.lines[y].wrapped()
		lines[y] = s.g.render(nil, y, s.g.sx, nil, false, false, !wrapped[y])
	}
	return lines, wrapped, s.g.hsize
}

// CaptureOptions are capture-pane's flags.
type CaptureOptions struct {
	Alternate bool // -a: the main screen kept while the alternate one is on
	Codes     bool // -e: SGR sequences for the cells' styles
	EscapeC0  bool // -C: escape sequences and backslashes as octal escapes
	Join      bool // -J: wrapped rows joined, spaces kept
	NoTrim    bool // -N: trailing spaces kept
	// Pending (-P) captures the start of an escape sequence the program
	// has not finished instead of lines, with EscapeC0 as octal escapes.
	Pending bool
	// Range picks the first and last line, counted from the oldest line
	// of history, given how many lines of history there are and the index
	// of the last line.
	Range func(history, last int) (top, bottom int)
}

// Capture renders lines as capture-pane does: each line ends in a newline
// unless it is joined to the next. It fails with ErrNoAlternate for
// Alternate when the alternate screen is off.
func (s *Screen) Capture(o CaptureOptions) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if o.Pending {
		return pending(s.pending, o.EscapeC0), nil
	}
	g := s.g
	if o.Alternate {
		if g = s.saved; g == nil {
			return nil, ErrNoAlternate
		}
	}
	top, bottom := o.Range(g.hsize, g.hsize+g.sy-1)
	var out []byte
	last := &cell{style: defaultStyle}
	for y := top; y <= bottom; y++ {
		out = g.render(out, y, s.g.sx, last, o.Codes, o.EscapeC0, !o.Join && !o.NoTrim)
		if !o.Join || !g.lines[y].wrapped() {
			out = append(out, '\n')
		}
	}
	return out, nil
}

// pending is what capture-pane -P prints of the bytes of an unfinished
// sequence: as they are, or with escapeC0 control bytes, backslashes and
// bytes beyond ASCII as octal escapes.
func pending(b []byte, escapeC0 bool) []byte {
	var out []byte
	for _, c := range b {
		if !escapeC0 || c >= ' ' && c != '\\' && c < 0x80 {
			out = append(out, c)
		} else {
			out = fmt.Appendf(out, "\\%03o", c)
		}
	}
	return out
}

// Flag reports a mode of the screen by the name of tmux's format
// variable for it (cursor_flag, insert_flag, wrap_flag, …); ok is false
// for another name.
func (s *Screen) Flag(name string) (on, ok bool) {
	m, ok := modeFlags[name]
	if !ok {
		return false, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.mode&m != 0, true
}

// CursorCharacter is the character under the cursor, none on the second
// cell of a wide one (tmux's cursor_character).
func (s *Screen) CursorCharacter() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.g.get(s.cx, s.g.view(s.cy))
	if c.flags&flagPadding != 0 {
		return ""
	}
	return s.g.text(&c)
}

// Tabs are the columns of the tab stops (tmux's pane_tabs): every eight
// when the screen was made or last changed width, and those the program
// set or cleared since.
func (s *Screen) Tabs() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, on := range s.tabs {
		if on {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	stops := make([]int, 0, n)
	for x, on := range s.tabs {
		if on {
			stops = append(stops, x)
		}
	}
	return stops
}

// HistorySize is how many lines the history holds (tmux's history_size).
func (s *Screen) HistorySize() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.g.hsize
}

// HistoryBytes is tmux's history_bytes: what its grid of the screen would
// take.
func (s *Screen) HistoryBytes() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.g.bytes()
}

// HistoryAllBytes is tmux's history_all_bytes: the lines of history and
// screen, the cells they hold and their extended cells, each with the bytes
// tmux's grid spends on them.
func (s *Screen) HistoryAllBytes() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	lines, cells, extd := len(s.g.lines), 0, 0
	for i := range s.g.lines {
		cells += int(s.g.lines[i].size)
		extd += int(s.g.lines[i].extd)
	}
	return fmt.Sprintf("%d,%d,%d,%d,%d,%d", lines, 32*lines, cells, 5*cells, extd, 19*extd)
}

// ClearHistory empties the history, as tmux's clear-history does.
func (s *Screen) ClearHistory() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.g.clearHistory()
}

// Cursor is the cursor's column and row on the screen. The column is the
// width when the last character written filled the last column.
func (s *Screen) Cursor() (x, y int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cx, s.cy
}

// FocusReports reports whether the program asked to be told of focus
// changes (?1004h).
func (s *Screen) FocusReports() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.mode&modeFocus != 0
}

// AltScreen reports whether the program has the alternate screen on.
func (s *Screen) AltScreen() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.saved != nil
}

// Trim brings back as many of the newest history lines as there are rows
// below the cursor, moving the screen and the cursor down and losing its
// last rows, as tmux's resize-pane -T does.
func (s *Screen) Trim() {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := min(s.g.sy-1-s.cy, s.g.hsize)
	if n <= 0 {
		return
	}
	k := len(s.g.lines) - n
	clear(s.g.lines[k:])
	s.g.lines = s.g.lines[:k]
	s.g.hsize -= n
	s.cy += n
}

// Resize changes the screen's size as tmux's screen_resize does for a
// pane: a shorter screen loses its empty rows below the cursor, then
// pushes rows into the history; a taller one takes back rows scrolled
// into the history, then adds blank ones; and a new width rewraps the
// rows (not those of the alternate screen) and the cursor with them.
func (s *Screen) Resize(cols, rows int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.resize(cols, rows, s.saved == nil)
}

// resizeCut changes the screen's size without rewrapping its lines.
func (s *Screen) resizeCut(cols, rows int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.resize(cols, rows, false)
}

func (s *Screen) resize(sx, sy int, reflow bool) {
	sx, sy = max(sx, 1), max(sy, 1)
	cx, cy := s.cx, s.g.hsize+s.cy
	if sx != s.g.sx {
		s.g.sx = sx
		s.resetTabs()
		if !reflow {
			cx = min(cx, sx-1)
		}
	} else {
		reflow = false
	}
	if sy != s.g.sy {
		s.resizeY(sy, &cy)
	}
	if reflow {
		wx, wy := s.g.wrapPosition(cx, cy)
		s.g.reflow()
		cx, cy = s.g.unwrapPosition(wx, wy)
	}
	if cy >= s.g.hsize {
		s.cx, s.cy = cx, cy-s.g.hsize
	} else {
		s.cx, s.cy = 0, 0
	}
}

func (s *Screen) resizeY(sy int, cy *int) {
	g := s.g
	oldy := g.sy
	if sy < oldy {
		needed := oldy - sy
		if available := min(oldy-1-s.cy, needed); available > 0 {
			s.deleteLines(oldy-available, available, colourDefault)
			needed -= available
		}
		if g.history {
			g.hscrolled += needed
			g.hsize += needed
		} else if n := min(s.cy, needed); n > 0 {
			s.deleteLines(0, n, colourDefault)
			*cy -= n
		}
	}
	n := g.hsize + sy
	if n < len(g.lines) {
		clear(g.lines[n:])
		g.lines = g.lines[:n]
	}
	for len(g.lines) < n {
		g.lines = append(g.lines, line{})
	}
	if sy > oldy {
		needed := sy - oldy
		if available := min(g.hscrolled, needed); g.history && available > 0 {
			g.hscrolled -= available
			g.hsize -= available
			needed -= available
		}
		for y := g.hsize + sy - needed; y < g.hsize+sy; y++ {
			g.emptyLine(y, colourDefault)
		}
		// Rows taken back from the history leave as many unused at the end.
		clear(g.lines[g.hsize+sy:])
		g.lines = g.lines[:g.hsize+sy]
	}
	g.sy = sy
	s.rupper, s.rlower = 0, sy-1
}

func (s *Screen) resetTabs() {
	s.tabs = make([]bool, s.g.sx)
	for x := 8; x < s.g.sx; x += 8 {
		s.tabs[x] = true
	}
}

// setCursor moves the cursor as tmux's screen_write_set_cursor: -1 keeps
// a coordinate, and the column may be the width (a pending wrap).
func (s *Screen) setCursor(cx, cy int) {
	if cx != -1 {
		if cx > s.g.sx {
			cx = s.g.sx - 1
		}
		s.cx = cx
	}
	if cy != -1 {
		s.cy = min(cy, s.g.sy-1)
	}
}

// cursorMove is tmux's screen_write_cursormove.
func (s *Screen) cursorMove(px, py int, origin bool) {
	if origin && py != -1 && s.mode&modeOrigin != 0 {
		if py > s.rlower-s.rupper {
			py = s.rlower
		} else {
			py += s.rupper
		}
	}
	if px != -1 {
		px = min(px, s.g.sx-1)
	}
	if py != -1 {
		py = min(py, s.g.sy-1)
	}
	s.setCursor(px, py)
}

// topBitSet is tmux's input_top_bit_set for a byte of 0x80 or above
// outside a sequence: it starts a UTF-8 character (a byte that cannot is
// dropped) or adds to the one started, which is written once complete if
// it is valid UTF-8 that the C library gives a width; else it is dropped.
// A printable ASCII character or a control abandons a character started.
func (s *Screen) topBitSet(c byte) {
	s.flushRun()
	s.last = -1
	u := &s.utf8
	if !u.started {
		switch {
		case c >= 0xc2 && c <= 0xdf:
			u.size = 2
		case c >= 0xe0 && c <= 0xef:
			u.size = 3
		case c >= 0xf0 && c <= 0xf4:
			u.size = 4
		default:
			return
		}
		u.started, u.data[0], u.have, u.bad = true, c, 1, false
		return
	}
	if c&0xc0 != 0x80 {
		u.bad = true
	}
	u.data[u.have] = c
	u.have++
	if u.have < u.size {
		return
	}
	u.started = false
	if r, n := utf8.DecodeRune(u.data[:u.size]); !u.bad && n == u.size {
		s.print(r)
	}
}

func (s *Screen) print(r rune) {
	if r < 0x80 {
		s.utf8.started = false // tmux's input_print: a character cut short
		c := cell{r: r, style: s.pen.style, width: 1}
		set := s.pen.g0
		if s.pen.set == 1 {
			set = s.pen.g1
		}
		if set == 1 {
			c.attr |= attrCharset
		}
		if r != 0x7f && set != 1 && s.mode&(modeWrap|modeInsert) == modeWrap {
			s.collect(c)
		} else {
			s.flushRun()
			s.writeCell(c)
		}
		s.last = r
		return
	}
	s.last = -1
	w := wcwidth.Of(r)
	if w < 0 {
		return // tmux's input_top_bit_set drops what the C library gives no width
	}
	s.flushRun()
	s.writeCell(cell{r: r, style: s.pen.style, width: uint8(w)})
}

// collect adds a plain character to the run being written, as tmux's
// screen_write_collect_add: the cursor stays where the run started until
// it is flushed, and a run that reaches the end of the row is flushed and
// the row wrapped first.
func (s *Screen) collect(c cell) {
	sx := s.g.sx
	if s.cx > sx-1 || len(s.run) > sx-1-s.cx {
		s.flushRun()
	}
	if s.cx > sx-1 {
		s.linefeed(true, colourDefault)
		s.setCursor(0, -1)
	}
	if len(s.run) == 0 {
		s.runStyle = c.style
	}
	s.run = append(s.run, byte(c.r))
}

// flushRun writes the run collected, as tmux's screen_write_collect_end:
// the line grows to hold the whole run at once (which decides its size,
// and so history_bytes), and wide characters the run cuts are blanked.
func (s *Screen) flushRun() {
	if len(s.run) == 0 {
		return
	}
	g := s.g
	y := g.view(s.cy)
	if s.cx != 0 {
		x := s.cx
		var c cell
		for ; x > 0; x-- {
			if c = g.get(x, y); c.flags&flagPadding == 0 {
				break
			}
			g.set(x, y, blank(colourDefault), "")
		}
		if c.width > 1 {
			g.set(x, y, blank(colourDefault), "")
		}
	}
	g.expand(y, s.cx+len(s.run), colourDefault)
	l := g.line(y)
	g.store(l, s.cx+len(s.run))
	l.used = max(l.used, int32(s.cx+len(s.run)))
	first := cell{r: ' ', style: s.runStyle, width: 1}
	plain := !first.needsExtended()
	meta := g.t.pack(first).meta
	for i, b := range s.run {
		// A plain cell over one that was never extended is stored as is;
		// the others go through set, which counts extended cells.
		if p := &l.c.cells[s.cx+i]; plain && uint8(p.meta>>2)&flagExtended == 0 {
			*p = packed{r: rune(b), meta: meta}
			continue
		}
		g.set(s.cx+i, y, cell{r: rune(b), style: s.runStyle, width: 1}, "")
	}
	s.setCursor(s.cx+len(s.run), -1)
	s.run = s.run[:0]
	for x := s.cx; x < g.sx; x++ {
		if g.get(x, y).flags&flagPadding == 0 {
			break
		}
		g.set(x, y, blank(colourDefault), "")
	}
}

// writeCell puts a character at the cursor and moves it on, as tmux's
// screen_write_cell.
func (s *Screen) writeCell(c cell) {
	g := s.g
	sx, sy := g.sx, g.sy
	if c.r == zwj {
		s.zwj = true
		return
	}
	if s.zwj {
		s.combine(string(zwj))
	}
	if c.width == 0 || s.zwj {
		s.zwj = false
		s.combine(string(c.r))
		return
	}
	w := int(c.width)
	wrap := s.mode&modeWrap != 0
	if !wrap && w > 1 && (w > sx || (s.cx != sx && s.cx > sx-w)) {
		return
	}
	skip := true
	if s.mode&modeInsert != 0 {
		s.insertCells(s.cx, s.cy, w, colourDefault)
		skip = false
	}
	if wrap && s.cx > sx-w {
		s.linefeed(true, colourDefault)
		s.setCursor(0, -1)
	}
	if s.cx > sx-w || s.cy > sy-1 {
		return
	}
	y := g.view(s.cy)
	if s.overwrite(y, w) {
		skip = false
	}
	for x := s.cx + 1; x < s.cx+w; x++ {
		g.set(x, y, cell{r: '!', style: defaultStyle, flags: flagPadding}, "")
		skip = false
	}
	// tmux does not store a character that changes nothing, so a blank
	// written past a line's cells leaves them as they are.
	if skip {
		l := g.line(y)
		if s.cx >= int(l.size) {
			skip = c == blank(colourDefault)
		} else {
			old := g.get(s.cx, y)
			skip = old.flags&flagExtended == 0 && old == c
		}
	}
	if !skip {
		g.set(s.cx, y, c, "")
	}
	last := 0
	if !wrap {
		last = 1
	}
	if s.cx <= sx-last-w {
		s.setCursor(s.cx+w, -1)
	} else {
		s.setCursor(sx-last, -1)
	}
}

// overwrite blanks what is left of a wide character the one about to be
// written at the cursor covers part of, as tmux's screen_write_overwrite.
func (s *Screen) overwrite(y, w int) bool {
	g := s.g
	now := g.get(s.cx, y)
	done := false
	if now.flags&flagPadding != 0 {
		x := s.cx + 1
		for x--; x > 0; x-- {
			if g.get(x, y).flags&flagPadding == 0 {
				break
			}
			g.set(x, y, blank(colourDefault), "")
		}
		g.set(x, y, blank(colourDefault), "")
		done = true
	}
	if w != 1 || now.width != 1 || now.flags&flagPadding != 0 {
		for x := s.cx + w; x < g.sx; x++ {
			if g.get(x, y).flags&flagPadding == 0 {
				break
			}
			g.set(x, y, blank(colourDefault), "")
			done = true
		}
	}
	return done
}

// combine adds a zero-width character to the one before the cursor.
func (s *Screen) combine(add string) {
	if s.cx == 0 {
		return
	}
	g := s.g
	y := g.view(s.cy)
	n := 1
	for ; n <= s.cx; n++ {
		if g.get(s.cx-n, y).flags&flagPadding == 0 {
			break
		}
	}
	if n > s.cx {
		return
	}
	x := s.cx - n
	c := g.get(x, y)
	text := g.text(&c) + add
	if len(text) > utf8Size {
		return
	}
	c.flags &^= flagText
	g.set(x, y, c, text)
}

func (s *Screen) execute(b byte) {
	if b != 0x7f {
		s.utf8.started = false // tmux's input_c0_dispatch: a character cut short; DEL has no handler
	}
	switch b {
	case 0x07:
		s.bell.Store(true)
	case '\b':
		s.backspace()
	case '\t':
		if s.cx >= s.g.sx-1 {
			break
		}
		for {
			s.cx++
			if s.tabs[s.cx] || s.cx >= s.g.sx-1 {
				break
			}
		}
	case '\n', '\v', '\f':
		s.linefeed(false, s.pen.bg)
		if s.mode&modeCRLF != 0 {
			s.setCursor(0, -1)
		}
	case '\r':
		s.setCursor(0, -1)
	case 0x0e:
		s.pen.set = 1
	case 0x0f:
		s.pen.set = 0
	}
	s.last = -1
}

// backspace moves left, or from the first column to the end of the row
// above when this one continues it.
func (s *Screen) backspace() {
	cx, cy := s.cx, s.cy
	if cx == 0 {
		if cy == 0 {
			return
		}
		if s.g.line(s.g.view(cy - 1)).wrapped() {
			cy--
			cx = s.g.sx - 1
		}
	} else {
		cx--
	}
	s.setCursor(cx, cy)
}

// linefeed moves down a row, scrolling the region at its foot; wrapped
// marks the row as continued on the next.
func (s *Screen) linefeed(wrapped bool, bg int32) {
	if wrapped {
		s.g.line(s.g.view(s.cy)).setWrapped(true)
	}
	switch {
	case s.cy == s.rlower:
		s.scrollRegionUp(s.rupper, s.rlower, bg)
	case s.cy < s.g.sy-1:
		s.setCursor(-1, s.cy+1)
	}
}

// scrollRegionUp scrolls screen rows upper to lower up one; with history
// on, the top row goes into it.
func (s *Screen) scrollRegionUp(upper, lower int, bg int32) {
	g := s.g
	if g.history {
		g.collectHistory()
		if upper == 0 && lower == g.sy-1 {
			g.scrollHistory(bg)
		} else {
			g.scrollHistoryRegion(upper, lower, bg)
		}
		return
	}
	g.moveLines(g.view(upper), g.view(upper+1), lower-upper, bg)
}

func (s *Screen) scrollRegionDown(upper, lower int, bg int32) {
	s.g.moveLines(s.g.view(upper+1), s.g.view(upper), lower-upper, bg)
}

func (s *Screen) insertCells(px, py, nx int, bg int32) {
	g := s.g
	if px >= g.sx-1 {
		g.clear(px, g.view(py), 1, 1, bg)
		return
	}
	g.moveCells(px+nx, px, g.view(py), g.sx-px-nx, bg)
}

func (s *Screen) deleteCells(px, py, nx int, bg int32) {
	g := s.g
	g.moveCells(px, px+nx, g.view(py), g.sx-px-nx, bg)
	g.clear(g.sx-nx, g.view(py), nx, 1, bg)
}

func (s *Screen) insertLines(py, ny int, bg int32) {
	g := s.g
	g.moveLines(g.view(py+ny), g.view(py), g.sy-py-ny, bg)
}

func (s *Screen) insertLinesRegion(lower, py, ny int, bg int32) {
	g := s.g
	ny2 := lower + 1 - py - ny
	g.moveLines(g.view(lower+1-ny2), g.view(py), ny2, bg)
	g.clear(0, g.view(py+ny2), g.sx, ny-ny2, bg)
}

func (s *Screen) deleteLines(py, ny int, bg int32) {
	g := s.g
	g.moveLines(g.view(py), g.view(py+ny), g.sy-py-ny, bg)
	g.clear(0, g.view(g.sy-ny), g.sx, py+ny-(g.sy-ny), bg)
}

func (s *Screen) deleteLinesRegion(lower, py, ny int, bg int32) {
	g := s.g
	ny2 := lower + 1 - py - ny
	g.moveLines(g.view(py), g.view(py+ny), ny2, bg)
	g.clear(0, g.view(py+ny2), g.sx, ny-ny2, bg)
}

// clearView clears nx cells from px on ny screen rows from py.
func (s *Screen) clearView(px, py, nx, ny int, bg int32) {
	s.g.clear(px, s.g.view(py), nx, ny, bg)
}

// clearScreen clears the screen; with history on, tmux (scroll-on-clear)
// scrolls the rows down to the last one used into it instead.
func (s *Screen) clearScreen(bg int32) {
	g := s.g
	if !g.history || s.settings.NoScrollOnClear {
		s.clearView(0, 0, g.sx, g.sy, bg)
		return
	}
	last := 0
	for y := range g.sy {
		if g.line(g.view(y)).used != 0 {
			last = y + 1
		}
	}
	if last == 0 {
		s.clearView(0, 0, g.sx, g.sy, bg)
		return
	}
	for range last {
		g.collectHistory()
		g.scrollHistory(bg)
	}
	if last < g.sy {
		s.clearView(0, 0, g.sx, g.sy-last, bg)
	}
	g.hscrolled = 0
}

func (s *Screen) alternateOn(cursor bool) {
	if s.saved != nil {
		return
	}
	g := s.g
	s.saved = newGrid(g.sx, g.sy, 0, g.t)
	for y := range g.sy {
		s.saved.lines[y] = g.line(g.view(y)).clone()
	}
	if cursor {
		s.savedCx, s.savedCy = s.cx, s.cy
	}
	s.savedStyle = s.pen.style
	s.clearView(0, 0, g.sx, g.sy, colourDefault)
	s.savedHistory = g.history
	g.history = false
}

func (s *Screen) alternateOff(cursor bool) {
	sx, sy := s.g.sx, s.g.sy
	if s.saved != nil {
		s.resize(s.saved.sx, s.saved.sy, true)
	}
	if cursor && s.savedCx != -1 && s.savedCy != -1 {
		s.cx, s.cy = s.savedCx, s.savedCy
		s.pen.style = s.savedStyle
	}
	if s.saved == nil {
		s.cx, s.cy = min(s.cx, sx-1), min(s.cy, sy-1)
		return
	}
	g := s.g
	for y := range s.saved.sy {
		g.lines[g.view(y)] = s.saved.lines[y]
	}
	g.history = s.savedHistory
	s.resize(sx, sy, true)
	s.saved = nil
}

func (l *line) clone() line {
	c := *l
	if l.c != nil {
		c.c = &lineData{cells: append([]packed(nil), l.c.cells...), wrapped: l.c.wrapped}
	}
	return c
}

// reset is RIS: tmux resets the pen, tabs, region and modes and clears
// the screen (into the history), but leaves the alternate screen on; and
// it forgets the palette, which only the server holds.
func (s *Screen) reset() {
	s.request(Request{Kind: ResetPalette})
	s.pen = pen{style: defaultStyle}
	s.oldPen, s.oldCx, s.oldCy = s.pen, 0, 0
	s.resetTabs()
	s.scrollRegion(0, s.g.sy-1)
	s.mode = modeWrap | modeCursor
	s.clearScreen(colourDefault)
	s.setCursor(0, 0)
}

func (s *Screen) scrollRegion(upper, lower int) {
	upper, lower = min(upper, s.g.sy-1), min(lower, s.g.sy-1)
	if upper >= lower {
		return
	}
	s.setCursor(0, 0)
	s.rupper, s.rlower = upper, lower
}

func (s *Screen) esc(cmd vtCmd) {
	switch inter, final := cmd.intermediate(), cmd.final(); {
	case inter == 0 && final == 'c':
		s.reset()
	case inter == 0 && final == 'k':
		s.str = &stringSeq{kind: renameString} // tmux's rename_string
	case inter == 0 && final == 'D':
		s.linefeed(false, s.pen.bg)
	case inter == 0 && final == 'E':
		s.setCursor(0, -1)
		s.linefeed(false, s.pen.bg)
	case inter == 0 && final == 'H':
		if s.cx < s.g.sx {
			s.tabs[s.cx] = true
		}
	case inter == 0 && final == 'M':
		if s.cy == s.rupper {
			s.scrollRegionDown(s.rupper, s.rlower, s.pen.bg)
		} else if s.cy > 0 {
			s.setCursor(-1, s.cy-1)
		}
	case inter == 0 && final == '7':
		s.saveState()
	case inter == 0 && final == '8':
		s.restoreState()
	case inter == 0 && final == '=':
		s.mode |= modeKKeypad
	case inter == 0 && final == '>':
		s.mode &^= modeKKeypad
	case inter == '#' && final == '8':
		s.alignmentTest()
	case inter == '(' && final == '0':
		s.pen.g0 = 1
	case inter == ')' && final == '0':
		s.pen.g1 = 1
	case inter == '(' && final == 'B':
		s.pen.g0 = 0
	case inter == ')' && final == 'B':
		s.pen.g1 = 0
	}
	s.last = -1
}

func (s *Screen) saveState() {
	s.oldPen, s.oldCx, s.oldCy, s.oldMode = s.pen, s.cx, s.cy, s.mode
}

func (s *Screen) restoreState() {
	s.pen = s.oldPen
	s.mode = s.mode&^modeOrigin | s.oldMode&modeOrigin
	s.cursorMove(s.oldCx, s.oldCy, false)
}

func (s *Screen) alignmentTest() {
	g := s.g
	for y := range g.sy {
		for x := range g.sx {
			g.set(x, g.view(y), cell{r: 'E', style: defaultStyle, width: 1}, "")
		}
	}
	s.setCursor(0, 0)
	s.rupper, s.rlower = 0, g.sy-1
}

// param is one CSI parameter as tmux splits them: a number, missing, or a
// string of colon-separated parts (each -1 when empty).
type param struct {
	n       int
	missing bool
	parts   []int
}

func splitParams(ps []vtParam) []param {
	var out []param
	for i := 0; i < len(ps); i++ {
		if !ps[i].more() {
			n := ps[i].value(-1)
			out = append(out, param{n: n, missing: n == -1})
			continue
		}
		var parts []int
		for ; i < len(ps); i++ {
			parts = append(parts, ps[i].value(-1))
			if !ps[i].more() {
				break
			}
		}
		out = append(out, param{parts: parts})
	}
	return out
}

// get is tmux's input_get: parameter i, def when it is absent, -1 when it
// is a string, at least minv.
func get(ps []param, i, minv, def int) int {
	switch {
	case i >= len(ps) || ps[i].missing:
		return def
	case ps[i].parts != nil:
		return -1
	}
	return max(ps[i].n, minv)
}

func (s *Screen) csi(cmd vtCmd, raw []vtParam) {
	ps := splitParams(raw)
	var key []byte
	if p := cmd.prefix(); p != 0 {
		key = append(key, p)
	}
	if i := cmd.intermediate(); i != 0 {
		key = append(key, i)
	}
	bg := s.pen.bg
	sx, sy := s.g.sx, s.g.sy
	n := get(ps, 0, 1, 1)
	switch string(key) + string(cmd.final()) {
	case "Z": // CBT
		cx := min(s.cx, sx-1)
		for ; cx > 0 && n > 0; n-- {
			for cx--; cx > 0 && !s.tabs[cx]; cx-- {
			}
		}
		s.cx = cx
	case "D":
		if n != -1 {
			s.cursorLeft(n)
		}
	case "B":
		if n != -1 {
			s.cursorDown(n)
		}
	case "C":
		if n != -1 {
			s.cursorRight(n)
		}
	case "H", "f":
		if m := get(ps, 1, 1, 1); n != -1 && m != -1 {
			s.cursorMove(m-1, n-1, true)
		}
	case "A":
		if n != -1 {
			s.cursorUp(n)
		}
	case "E":
		if n != -1 {
			s.setCursor(0, -1)
			s.cursorDown(n)
		}
	case "F":
		if n != -1 {
			s.setCursor(0, -1)
			s.cursorUp(n)
		}
	case "c":
		if get(ps, 0, 0, 0) == 0 {
			s.replies = append(s.replies, "\x1b[?1;2c"...)
		}
	case ">c":
		if get(ps, 0, 0, 0) == 0 {
			s.replies = append(s.replies, "\x1b[>84;0;0c"...)
		}
	case "X":
		if n != -1 && s.cx <= sx-1 {
			s.clearView(s.cx, s.cy, min(n, sx-s.cx), 1, bg)
		}
	case "P":
		if n != -1 && s.cx <= sx-1 {
			s.deleteCells(s.cx, s.cy, min(n, sx-s.cx), bg)
		}
	case "@":
		if n != -1 && s.cx <= sx-1 {
			s.insertCells(s.cx, s.cy, min(n, sx-s.cx), bg)
		}
	case "r":
		if m := get(ps, 1, 1, sy); n != -1 && m != -1 {
			s.scrollRegion(n-1, m-1)
		}
	case "M":
		if n != -1 {
			s.editLines(n, bg, false)
		}
	case "L":
		if n != -1 {
			s.editLines(n, bg, true)
		}
	case "n":
		switch get(ps, 0, 0, 0) {
		case 5:
			s.replies = append(s.replies, "\x1b[0n"...)
		case 6:
			s.replies = fmt.Appendf(s.replies, "\x1b[%d;%dR", s.cy+1, s.cx+1)
		}
	case "J":
		s.eraseDisplay(get(ps, 0, 0, 0), get(ps, 1, 0, 0), bg)
	case "K":
		s.eraseLine(get(ps, 0, 0, 0), bg)
	case "G", "`":
		if n != -1 {
			s.cursorMove(n-1, -1, true)
		}
	case "d":
		if n != -1 {
			s.cursorMove(-1, n-1, true)
		}
	case "b": // REP
		if n != -1 && s.last != -1 {
			r := s.last
			for range min(n, sx-s.cx) {
				s.print(r)
			}
		}
	case "u":
		s.restoreState()
	case "s":
		s.saveState()
	case "h", "l":
		for i := range ps {
			if get(ps, i, 0, -1) == 4 {
				s.setMode(modeInsert, cmd.final() == 'h')
			}
		}
	case "?h", "?l":
		for i := range ps {
			s.privateMode(get(ps, i, 0, -1), cmd.final() == 'h')
		}
	case "m":
		s.sgr(ps)
	case "S":
		if n != -1 {
			for range min(n, s.rlower-s.rupper+1) {
				s.scrollRegionUp(s.rupper, s.rlower, bg)
			}
		}
	case "T":
		if n != -1 {
			for range min(n, s.rlower-s.rupper+1) {
				s.scrollRegionDown(s.rupper, s.rlower, bg)
			}
		}
	case "g":
		switch get(ps, 0, 0, 0) {
		case 0:
			if s.cx < sx {
				s.tabs[s.cx] = false
			}
		case 3:
			clear(s.tabs)
		}
	case ">q":
		if get(ps, 0, 0, 0) == 0 {
			s.replies = append(s.replies, "\x1bP>|tmux 3.3a\x1b\\"...)
		}
	}
	s.last = -1
}

func (s *Screen) setMode(m uint16, on bool) {
	if on {
		s.mode |= m
	} else {
		s.mode &^= m
	}
}

func (s *Screen) privateMode(n int, on bool) {
	switch n {
	case 3: // DECCOLM
		s.cursorMove(0, 0, true)
		s.clearScreen(s.pen.bg)
	case 6: // DECOM
		s.setMode(modeOrigin, on)
		s.cursorMove(0, 0, true)
	case 7:
		s.setMode(modeWrap, on)
	case 47, 1047, 1049:
		switch {
		case s.settings.NoAlternateScreen:
		case on:
			s.alternateOn(n == 1049)
		default:
			s.alternateOff(n == 1049)
		}
	case 2004:
		s.setMode(modeBracketPaste, on)
	case 1:
		s.setMode(modeKCursor, on)
	case 25:
		s.setMode(modeCursor, on)
	case 1000, 1002, 1003:
		s.mode &^= allMouseModes
		if on {
			s.mode |= map[int]uint16{1000: modeMouseStandard, 1002: modeMouseButton, 1003: modeMouseAll}[n]
		}
	case 1001:
		if !on {
			s.mode &^= allMouseModes
		}
	case 1004:
		// Only a program newly asking is told at once where the focus
		// is, which the server knows (tmux's input_csi_dispatch_sm_private).
		if on && s.mode&modeFocus == 0 {
			s.request(Request{Kind: FocusReports})
		}
		s.setMode(modeFocus, on)
	case 1005:
		s.setMode(modeMouseUTF8, on)
	case 1006:
		s.setMode(modeMouseSGR, on)
	}
}

func (s *Screen) cursorUp(n int) {
	cx, cy := s.cx, s.cy
	if cy < s.rupper {
		n = min(n, cy)
	} else {
		n = min(n, cy-s.rupper)
	}
	if cx == s.g.sx {
		cx--
	}
	s.setCursor(cx, cy-n)
}

func (s *Screen) cursorDown(n int) {
	cx, cy := s.cx, s.cy
	if cy > s.rlower {
		n = min(n, s.g.sy-1-cy)
	} else {
		n = min(n, s.rlower-cy)
	}
	if cx == s.g.sx {
		cx--
	} else if n == 0 {
		return
	}
	s.setCursor(cx, cy+n)
}

func (s *Screen) cursorRight(n int) {
	// Past the last column (a pending wrap) tmux's unsigned room is huge,
	// and the move lands on the last column.
	if room := s.g.sx - 1 - s.cx; room >= 0 {
		n = min(n, room)
	}
	if n > 0 {
		s.setCursor(s.cx+n, -1)
	}
}

func (s *Screen) cursorLeft(n int) {
	if n = min(n, s.cx); n > 0 {
		s.setCursor(s.cx-n, -1)
	}
}

// editLines inserts (or deletes) n lines at the cursor, as tmux's
// screen_write_insertline and screen_write_deleteline: inside the scroll
// region its rows move, outside it those down to the foot of the screen.
func (s *Screen) editLines(n int, bg int32, insert bool) {
	rows, region := s.deleteLines, s.deleteLinesRegion
	if insert {
		rows, region = s.insertLines, s.insertLinesRegion
	}
	if s.cy < s.rupper || s.cy > s.rlower {
		if n = min(n, s.g.sy-s.cy); n > 0 {
			rows(s.cy, n, bg)
		}
		return
	}
	if n = min(n, s.rlower+1-s.cy); n > 0 {
		region(s.rlower, s.cy, n, bg)
	}
}

func (s *Screen) eraseDisplay(n, second int, bg int32) {
	g := s.g
	sx, sy := g.sx, g.sy
	switch n {
	case 0:
		if s.cx == 0 && s.cy == 0 && g.history && !s.settings.NoScrollOnClear {
			s.clearScreen(bg)
			return
		}
		if s.cx <= sx-1 {
			s.clearView(s.cx, s.cy, sx-s.cx, 1, bg)
		}
		s.clearView(0, s.cy+1, sx, sy-(s.cy+1), bg)
	case 1:
		if s.cy > 0 {
			s.clearView(0, 0, sx, s.cy, bg)
		}
		if s.cx > sx-1 {
			s.clearView(0, s.cy, sx, 1, bg)
		} else {
			s.clearView(0, s.cy, s.cx+1, 1, bg)
		}
	case 2:
		s.clearScreen(bg)
	case 3:
		if second == 0 {
			g.clearHistory()
		}
	}
}

func (s *Screen) eraseLine(n int, bg int32) {
	g := s.g
	sx := g.sx
	l := g.line(g.view(s.cy))
	switch {
	case n == 2, n == 0 && s.cx == 0, n == 1 && s.cx >= sx-1:
		if l.size == 0 && bg == colourDefault {
			return
		}
		s.clearView(0, s.cy, sx, 1, bg)
	case n == 0:
		if s.cx > sx-1 || (s.cx >= int(l.size) && bg == colourDefault) {
			return
		}
		s.clearView(s.cx, s.cy, sx-s.cx, 1, bg)
	case n == 1:
		s.clearView(0, s.cy, s.cx+1, 1, bg)
	}
}

// sgrSets and sgrClears are the SGR parameters that set or clear
// attributes.
var (
	sgrSets = map[int]uint16{1: attrBright, 2: attrDim, 3: attrItalics, 5: attrBlink, 6: attrBlink,
		7: attrReverse, 8: attrHidden, 9: attrStrikethrough, 53: attrOverline}
	sgrClears = map[int]uint16{22: attrBright | attrDim, 23: attrItalics, 24: attrAllUnderscore, 25: attrBlink,
		27: attrReverse, 28: attrHidden, 29: attrStrikethrough, 55: attrOverline}
)

// sgr sets the pen's style as tmux's input_csi_dispatch_sgr.
func (s *Screen) sgr(ps []param) {
	st := &s.pen.style
	if len(ps) == 0 {
		*st = defaultStyle
		return
	}
	for i := 0; i < len(ps); i++ {
		if ps[i].parts != nil {
			s.sgrColon(ps[i].parts)
			continue
		}
		n := get(ps, i, 0, 0)
		if n == -1 {
			continue
		}
		if n == 38 || n == 48 || n == 58 {
			i++
			switch get(ps, i, 0, -1) {
			case 2:
				r, g, b := get(ps, i+1, 0, -1), get(ps, i+2, 0, -1), get(ps, i+3, 0, -1)
				if s.rgb(n, r, g, b) {
					i += 3
				}
			case 5:
				s.colour256(n, get(ps, i+1, 0, -1))
				i++
			}
			continue
		}
		if a, ok := sgrSets[n]; ok {
			st.attr |= a
			continue
		}
		if a, ok := sgrClears[n]; ok {
			st.attr &^= a
			continue
		}
		switch {
		case n == 0:
			*st = defaultStyle
		case n == 4:
			st.attr = st.attr&^attrAllUnderscore | attrUnderscore
		case n == 21:
			st.attr = st.attr&^attrAllUnderscore | attrUnderscore2
		case n >= 30 && n <= 37:
			st.fg = int32(n - 30)
		case n == 39:
			st.fg = colourDefault
		case n >= 40 && n <= 47:
			st.bg = int32(n - 40)
		case n == 49:
			st.bg = colourDefault
		case n == 59:
			st.us = 0
		case n >= 90 && n <= 97:
			st.fg = int32(n)
		case n >= 100 && n <= 107:
			st.bg = int32(n - 10)
		}
	}
}

func (s *Screen) colour256(which, c int) {
	st := &s.pen.style
	if c == -1 || c > 255 {
		switch which {
		case 38:
			st.fg = colourDefault
		case 48:
			st.bg = colourDefault
		}
		return
	}
	switch which {
	case 38:
		st.fg = int32(c) | colour256
	case 48:
		st.bg = int32(c) | colour256
	case 58:
		st.us = int32(c) | colour256
	}
}

func (s *Screen) rgb(which, r, g, b int) bool {
	for _, v := range []int{r, g, b} {
		if v == -1 || v > 255 {
			return false
		}
	}
	c := int32(r)<<16 | int32(g)<<8 | int32(b) | colourRGB
	switch which {
	case 38:
		s.pen.fg = c
	case 48:
		s.pen.bg = c
	case 58:
		s.pen.us = c
	}
	return true
}

// sgrColon handles an SGR parameter with colons (4:N, 38:2:…, 38:5:N).
func (s *Screen) sgrColon(p []int) {
	if len(p) >= 8 {
		return
	}
	st := &s.pen.style
	if p[0] == 4 {
		if len(p) != 2 {
			return
		}
		under := []uint16{0, attrUnderscore, attrUnderscore2, attrUnderscore3, attrUnderscore4, attrUnderscore5}
		if p[1] >= 0 && p[1] < len(under) {
			st.attr = st.attr&^attrAllUnderscore | under[p[1]]
		}
		return
	}
	if len(p) < 2 || (p[0] != 38 && p[0] != 48 && p[0] != 58) {
		return
	}
	switch p[1] {
	case 2:
		i := 3
		if len(p) == 5 {
			i = 2
		}
		if len(p) >= 3 && len(p) >= i+3 {
			s.rgb(p[0], p[i], p[i+1], p[i+2])
		}
	case 5:
		if len(p) >= 3 {
			s.colour256(p[0], p[2])
		}
	}
}
