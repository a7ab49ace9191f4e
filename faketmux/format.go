package faketmux

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// formatter expands tmux formats (#{...}) for one target: any of a
// session, window, pane and buffer may be set, as in tmux's format tree.
type formatter struct {
	c      *client
	st     *state
	s      *session
	w      *window
	p      *paneState
	buffer *buffer
	entry  *cmdEntry      // list-commands' command_list_ variables; nil: none
	client *controlClient // the client_ variables'; nil: none
	// unplaced is a window's format with no session or place in one, as
	// tmux expands automatic-rename-format: what needs them is missing.
	unplaced bool
	// kind is what the format is for (tmux's format type), which
	// session_format, window_format and pane_format say.
	kind findType
	// The expansion's state, as tmux's format_expand_state: how deep it
	// is, whether strftime runs first (T:, display-message), the time it
	// uses, and whether each step is traced (display-message -v).
	loop       int
	timeExpand bool
	tm         time.Time
	verbose    bool
}

// formatter is a formatter with no target. As tmux's format_defaults
// has it, the newest buffer is there for the buffer_ variables.
func (c *client) formatter() *formatter {
	return &formatter{c: c, st: c.st, client: c.control, buffer: c.st.buffers.top()}
}

// withoutClient takes the client out of f, as tmux's list commands fill
// their formats in with none.
func (f *formatter) withoutClient() *formatter {
	f.client = nil
	return f
}

// formatFor is a formatter for a pane and the window and session it is in.
func (c *client) formatFor(p *paneState) *formatter {
	if p == nil {
		return c.formatter()
	}
	return c.formatIn(p.window, p)
}

// formatIn is a formatter for pane p of window place w: a window linked
// into several sessions formats as w's session has it.
func (c *client) formatIn(w *window, p *paneState) *formatter {
	f := c.formatter()
	f.p, f.w, f.s = p, w, w.session
	f.kind = findPane
	if p == nil {
		f.kind = findWindow
	}
	return f
}

// formatForTarget is a formatter for a target that may have been found
// only in part, as tmux's format_single_from_target makes one: with the
// command's target client, the current one.
func (c *client) formatForTarget(t target) *formatter {
	return c.formatWithClient(t, c.currentClient())
}

// formatWithClient is a formatter for a target found in part and the
// client cc (nil: none), as tmux's format_defaults fills it in: with no
// session, the client's; then what is missing downwards from what was
// found (a session's current window, a window's active pane).
func (c *client) formatWithClient(t target, cc *controlClient) *formatter {
	f := c.formatter()
	f.client = cc
	switch {
	case t.p != nil:
		f.kind = findPane
	case t.w != nil:
		f.kind = findWindow
	case t.s != nil:
		f.kind = findSession
	}
	if t.s == nil && cc != nil {
		t.s = cc.session
	}
	if t.w == nil && t.s != nil {
		t.w = t.s.current
	}
	if t.p == nil && t.w != nil {
		t.p = t.w.active
	}
	f.s, f.w, f.p = t.s, t.w, t.p
	return f
}

// formatLoopLimit is how deep tmux lets formats expand into formats.
const formatLoopLimit = 100

// shortAliases are tmux's #X forms.
var shortAliases = map[byte]string{
	'D': "pane_id", 'F': "window_flags", 'H': "host", 'I': "window_index",
	'P': "pane_index", 'S': "session_name", 'T': "pane_title", 'W': "window_name",
	'h': "host_short",
}

// trace prints an expansion step as tmux's format_log does for
// display-message -v: a '#', one space a level of nesting (at most ten),
// and the message, given in parts so that nothing is made of them when
// there is no trace.
func (f *formatter) trace(parts ...string) {
	if f.verbose {
		f.c.print("#" + strings.Repeat(" ", min(f.loop, 10)) + strings.Join(parts, ""))
	}
}

// byteAt is s[i], or 0 past its end, as C reads a string's terminator.
func byteAt(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

// expand expands one format. As in tmux, a malformed #{ or a failed
// replacement ends the output there.
func (f *formatter) expand(s string) string {
	if s == "" {
		return ""
	}
	if f.loop == formatLoopLimit {
		f.trace("reached loop limit (", strconv.Itoa(formatLoopLimit), ")")
		return ""
	}
	f.loop++
	f.trace("expanding format: ", s)
	if f.timeExpand && strings.IndexByte(s, '%') >= 0 {
		if f.tm.IsZero() {
			f.tm = f.c.s.now()
		}
		expanded := strftime(s, f.tm)
		if expanded == "" || len(expanded) >= strftimeMax {
			// tmux returns here without leaving the level it entered.
			f.trace("format is too long")
			return ""
		}
		if expanded != s {
			f.trace("after time expanded: ", expanded)
		}
		s = expanded
	}
	out := f.expandBody(s)
	f.trace("result is: ", out)
	f.loop--
	return out
}

func (f *formatter) expandBody(s string) string {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		if s[i] != '#' {
			j := strings.IndexByte(s[i:], '#')
			if j < 0 {
				j = len(s) - i
			}
			out = append(out, s[i:i+j]...)
			i += j
			continue
		}
		if i+1 >= len(s) {
			out = append(out, '#') // tmux keeps a '#' that ends the format
			break
		}
		ch := s[i+1]
		rest := s[i+2:]
		switch ch {
		case '(':
			// #() runs a shell command in tmux; the emulator runs none and
			// expands it to nothing.
			depth, end := 1, -1
			for k := 0; k < len(rest) && end < 0; k++ {
				switch rest[k] {
				case '(':
					depth++
				case ')':
					if depth--; depth == 0 {
						end = k
					}
				}
			}
			if end < 0 {
				return string(out)
			}
			f.trace("found #(): ", rest[:end])
			i += 2 + end + 1
			continue
		case '{':
			end := formatSkip(s[i:], "}")
			if end < 0 {
				return string(out)
			}
			key := s[i+2 : i+end]
			f.trace("found #{}: ", key)
			if more, ok := f.appendVariable(out, key); ok {
				out = more
				i += end + 1
				continue
			}
			v, ok := f.replace(key)
			if !ok {
				return string(out)
			}
			out = append(out, v...)
			i += end + 1
			continue
		case '#':
			// ##[ (two or more #) is a style, left for the status line.
			k := 0
			for k < len(rest) && rest[k] == '#' {
				k++
			}
			if k < len(rest) && rest[k] == '[' {
				f.trace("found #*", strconv.Itoa(k+2), "[")
				out = append(out, s[i:i+2+k+1]...)
				i += 2 + k + 1
				continue
			}
			fallthrough
		case '}', ',':
			f.trace("found #", string(rune(ch)))
			out = append(out, ch)
			i += 2
			continue
		}
		name, ok := shortAliases[ch]
		if !ok {
			out = append(out, '#', ch)
			i += 2
			continue
		}
		f.trace("found #", string(rune(ch)), ": ", name)
		if more, ok := f.appendVariable(out, name); ok {
			out = more
			i += 2
			continue
		}
		v, ok := f.replace(name)
		if !ok {
			return string(out)
		}
		out = append(out, v...)
		i += 2
	}
	return string(out)
}

// appendVariable is replace's fast path, for a #{} body that is only the
// name of a variable of the format table: it appends the value to out as
// replace would give it, with no string made for it, and reports false
// for anything else (or while tracing), which replace then does. A table
// name is never an option's (TestFormatTableSorted), so find's first look
// is skipped; when the variable is not found, find's later looks follow.
func (f *formatter) appendVariable(out []byte, key string) ([]byte, bool) {
	if f.verbose {
		return out, false
	}
	fv := findFormatVar(key)
	if fv == nil {
		return out, false
	}
	n := len(out)
	out, t, ok := fv.appendTo(f, out)
	switch {
	case !ok:
		out = out[:n]
		if v, ok := f.c.hookFormats[key]; ok {
			return append(out, v...), true
		}
		if v, ok := f.environ(key); ok {
			return append(out, v...), true
		}
		return out, true
	case t.IsZero():
		return out, true
	case t.Unix() == 0:
		return out, true // tmux's unset time: nothing
	}
	return strconv.AppendInt(out, t.Unix(), 10), true
}

// formatSkip returns the index in s of the first byte from end outside any
// nested #{...}, skipping #-escapes; -1 if there is none.
func formatSkip(s string, end string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '#' && i+1 < len(s) {
			if s[i+1] == '{' {
				depth++
			}
			if strings.IndexByte(",#{}:", s[i+1]) >= 0 {
				i++
				continue
			}
		}
		if s[i] == '}' {
			depth--
		}
		if strings.IndexByte(end, s[i]) >= 0 && depth == 0 {
			return i
		}
	}
	return -1
}

type modifier struct {
	name string
	args []string
}

func isModEnd(c byte) bool { return c == ';' || c == ':' }

// modifiers parses the modifier list at the start of a #{} body, as tmux's
// format_build_modifiers does, its arguments expanded. Without a ':'
// ending the list there are none, and rest is the whole key.
func (f *formatter) modifiers(s string) (mods []modifier, rest string) {
	i := 0
	for i < len(s) && s[i] != ':' {
		if s[i] == ';' {
			i++
		}
		c := byteAt(s, i)
		if c != 0 && strings.IndexByte("labcdnwETSWP<>", c) >= 0 && isModEnd(byteAt(s, i+1)) {
			mods = append(mods, modifier{name: s[i : i+1]})
			i++
			continue
		}
		if i+2 <= len(s) && isModEnd(byteAt(s, i+2)) {
			switch two := s[i : i+2]; two {
			case "||", "&&", "!=", "==", "<=", ">=":
				mods = append(mods, modifier{name: two})
				i += 2
				continue
			}
		}
		if c == 0 || strings.IndexByte("mCNst=peq", c) < 0 {
			break
		}
		m := modifier{name: s[i : i+1]}
		next := byteAt(s, i+1)
		if isModEnd(next) {
			mods = append(mods, m)
			i++
			continue
		}
		if !isPunct(next) || next == '-' {
			end := formatSkip(s[i+1:], ":;")
			if end < 0 {
				break
			}
			m.args = []string{f.expand(s[i+1 : i+1+end])}
			mods = append(mods, m)
			i += 1 + end
			continue
		}
		// Arguments between a wrapper character: s/a/b/, =/5/.../.
		last := string([]byte{next, ';', ':'})
		i++
		for {
			if s[i] == next && isModEnd(byteAt(s, i+1)) {
				i++
				break
			}
			end := formatSkip(s[i+1:], last)
			if end < 0 {
				break
			}
			m.args = append(m.args, f.expand(s[i+1:i+1+end]))
			i += 1 + end
			if isModEnd(s[i]) {
				break
			}
		}
		mods = append(mods, m)
	}
	if i >= len(s) || s[i] != ':' {
		return nil, s
	}
	return mods, s[i+1:]
}

func isPunct(c byte) bool {
	return c > ' ' && c < 0x7f && !isAlnum(c)
}

// modifierSet is what a #{} body's modifiers ask for, as tmux's
// format_replace gathers them: the last of a kind wins.
type modifierSet struct {
	cmp, search, expr                              *modifier
	subs                                           []*modifier
	limit, pad                                     int
	marker                                         *string
	literal, char, colour, length, width           bool
	expandAgain, expandTime                        bool
	sessions, windows, panes, windowName, sessName bool
	find                                           findModifiers
}

// findModifiers change how a variable's value is given, as format_find
// applies them.
type findModifiers struct {
	basename, dirname, quoteShell, quoteStyle bool
	timestr, pretty                           bool
	timeFormat                                *string
}

func (f *formatter) gather(mods []modifier) modifierSet {
	var ms modifierSet
	for i := range mods {
		m := &mods[i]
		f.trace("modifier ", strconv.Itoa(i), " is ", m.name)
		for j, a := range m.args {
			f.trace("modifier ", strconv.Itoa(i), " argument ", strconv.Itoa(j), ": ", a)
		}
		switch m.name {
		case "m", "<", ">", "||", "&&", "==", "!=", "<=", ">=":
			ms.cmp = m
		case "C":
			ms.search = m
		case "s":
			if len(m.args) >= 2 {
				ms.subs = append(ms.subs, m)
			}
		case "=":
			if len(m.args) >= 1 {
				ms.limit, _ = strtonum(m.args[0], math.MinInt32, math.MaxInt32) // 0 when invalid
				if len(m.args) >= 2 {
					ms.marker = &m.args[1]
				}
			}
		case "p":
			if len(m.args) >= 1 {
				ms.pad, _ = strtonum(m.args[0], math.MinInt32, math.MaxInt32) // 0 when invalid
			}
		case "w":
			ms.width = true
		case "e":
			if len(m.args) >= 1 && len(m.args) <= 3 {
				ms.expr = m
			}
		case "l":
			ms.literal = true
		case "a":
			ms.char = true
		case "b":
			ms.find.basename = true
		case "c":
			ms.colour = true
		case "d":
			ms.find.dirname = true
		case "n":
			ms.length = true
		case "t":
			ms.find.timestr = true
			switch {
			case len(m.args) < 1:
			case strings.Contains(m.args[0], "p"):
				ms.find.pretty = true
			case len(m.args) >= 2 && strings.Contains(m.args[0], "f"):
				tf := formatStrip(m.args[1])
				ms.find.timeFormat = &tf
			}
		case "q":
			if len(m.args) < 1 {
				ms.find.quoteShell = true
			} else if strings.ContainsAny(m.args[0], "eh") {
				ms.find.quoteStyle = true
			}
		case "E":
			ms.expandAgain = true
		case "T":
			ms.expandTime = true
		case "N":
			if len(m.args) < 1 || strings.Contains(m.args[0], "w") {
				ms.windowName = true
			} else if strings.Contains(m.args[0], "s") {
				ms.sessName = true
			}
		case "S":
			ms.sessions = true
		case "W":
			ms.windows = true
		case "P":
			ms.panes = true
		}
	}
	return ms
}

// replace expands the body of one #{...} as tmux's format_replace does;
// ok false means tmux's failure, which ends the whole expansion.
func (f *formatter) replace(key string) (string, bool) {
	whole := key
	mods, key := f.modifiers(key)
	ms := f.gather(mods)
	value, ok := f.replaceValue(key, &ms)
	if !ok {
		f.trace("failed ", whole)
		return "", false
	}
	if ms.expandAgain {
		value = f.expand(value)
	} else if ms.expandTime {
		saved := f.timeExpand
		f.timeExpand = true
		value = f.expand(value)
		f.timeExpand = saved
	}
	for _, m := range ms.subs {
		pattern, with := f.expand(m.args[0]), f.expand(m.args[1])
		value = regsub(pattern, with, value, len(m.args) >= 3 && strings.Contains(m.args[2], "i"))
		f.trace("substitute '", pattern, "' to '", with, "': ", value)
	}
	if ms.limit != 0 {
		var trimmed string
		if ms.limit > 0 {
			trimmed = trimLeft(value, ms.limit)
		} else {
			trimmed = trimRight(value, -ms.limit)
		}
		switch {
		case ms.marker == nil || trimmed == value:
			value = trimmed
		case ms.limit > 0:
			value = trimmed + *ms.marker
		default:
			value = *ms.marker + trimmed
		}
		f.trace("applied length limit ", strconv.Itoa(ms.limit), ": ", value)
	}
	if ms.pad != 0 {
		if n := stringWidth(value); n < abs(ms.pad) {
			if ms.pad > 0 {
				value += strings.Repeat(" ", ms.pad-n)
			} else {
				value = strings.Repeat(" ", -ms.pad-n) + value
			}
		}
		f.trace("applied padding width ", strconv.Itoa(ms.pad), ": ", value)
	}
	if ms.length {
		value = strconv.Itoa(len(value))
		f.trace("replacing with length: ", value)
	}
	if ms.width {
		value = strconv.Itoa(formatWidth(value))
		f.trace("replacing with width: ", value)
	}
	f.trace("replaced '", whole, "' with '", value, "'")
	return value, true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// replaceValue is the value of a #{} body before the modifiers that work
// on a value (E, T, s, =, p, n, w), in tmux's order of precedence.
func (f *formatter) replaceValue(key string, ms *modifierSet) (string, bool) {
	switch {
	case ms.literal:
		return key, true
	case ms.char:
		c, err := strtonum(f.expand(key), 32, 126)
		if err != nil {
			return "", true
		}
		return string(rune(c)), true
	case ms.colour:
		rgb, ok := colourRGB(f.expand(key))
		if !ok {
			return "", true
		}
		return fmt.Sprintf("%06x", rgb), true
	case ms.sessions:
		return f.loopSessions(key), true
	case ms.windows:
		return f.loopWindows(key)
	case ms.panes:
		return f.loopPanes(key)
	case ms.windowName:
		if f.s == nil {
			f.trace("window name but no session")
			return "", false
		}
		name := f.expand(key)
		for _, w := range f.s.winlinks {
			if w.name == name {
				return "1", true
			}
		}
		return "0", true
	case ms.sessName:
		name := f.expand(key)
		return boolString(f.st.findSession(name) != nil), true
	case ms.search != nil:
		text := f.expand(key)
		if f.p == nil {
			f.trace("search '", text, "' but no pane")
			return "0", true
		}
		f.trace("search '", text, "' pane %", strconv.Itoa(f.p.id))
		return strconv.Itoa(f.searchPane(ms.search, text)), true
	case ms.cmp != nil:
		left, right, ok := f.choose(key, true)
		if !ok {
			f.trace("compare ", ms.cmp.name, " syntax error: ", key)
			return "", false
		}
		f.trace("compare ", ms.cmp.name, " left is: ", left)
		f.trace("compare ", ms.cmp.name, " right is: ", right)
		return boolString(compare(ms.cmp, left, right)), true
	case strings.HasPrefix(key, "?"):
		return f.conditional(key[1:], ms)
	case ms.expr != nil:
		return f.expression(ms.expr, key), true
	case strings.Contains(key, "#{"):
		f.trace("expanding inner format '", key, "'")
		return f.expand(key), true
	}
	value, ok := f.find(key, ms.find)
	if !ok {
		f.trace("format '", key, "' not found")
		return "", true
	}
	f.trace("format '", key, "' found: ", value)
	return value, true
}

// choose splits s at its first comma outside #{}, expanding both sides
// if asked.
func (f *formatter) choose(s string, expand bool) (left, right string, ok bool) {
	comma := formatSkip(s, ",")
	if comma < 0 {
		return "", "", false
	}
	left, right = s[:comma], s[comma+1:]
	if expand {
		left, right = f.expand(left), f.expand(right)
	}
	return left, right, true
}

// conditional is #{?cond,a,b}: cond is looked up as a variable, else
// expanded, and counts as false if expanding leaves it as it was.
func (f *formatter) conditional(s string, ms *modifierSet) (string, bool) {
	comma := formatSkip(s, ",")
	if comma < 0 {
		f.trace("condition syntax error: ", s)
		return "", false
	}
	cond := s[:comma]
	f.trace("condition is: ", cond)
	found, ok := f.find(cond, ms.find)
	if ok {
		f.trace("condition '", cond, "' found: ", found)
	} else if found = f.expand(cond); found == cond {
		found = ""
		f.trace("condition '", cond, "' not found; assuming false")
	}
	left, right, ok := f.choose(s[comma+1:], false)
	if !ok {
		f.trace("condition '", cond, "' syntax error: ", s[comma+1:])
		return "", false
	}
	if formatTrue(found) {
		f.trace("condition '", cond, "' is true")
		return f.expand(left), true
	}
	f.trace("condition '", cond, "' is false")
	return f.expand(right), true
}

// child is a formatter for another target of the same expansion, as
// tmux's loops make one for each item with the expansion's state. Like
// every format tree tmux fills in for a target, it has the newest buffer,
// whatever buffer f had.
func (f *formatter) child(s *session, w *window, p *paneState) *formatter {
	g := *f
	g.s, g.w, g.p, g.buffer = s, w, p, f.st.buffers.top()
	return &g
}

// adopt takes back the expansion state a child changed.
func (f *formatter) adopt(g *formatter) { f.tm = g.tm }

func (f *formatter) loopSessions(format string) string {
	var out strings.Builder
	for _, s := range f.st.sessions {
		f.trace("session loop: $", strconv.Itoa(s.id))
		var w *window
		var p *paneState
		if s.current != nil {
			w, p = s.current, s.current.active
		}
		g := f.child(s, w, p)
		g.kind = findSession
		out.WriteString(g.expand(format))
		f.adopt(g)
	}
	return out.String()
}

// loopWindows is W:, each window of the session; a second format after a
// comma is for the current window.
func (f *formatter) loopWindows(format string) (string, bool) {
	if f.s == nil {
		f.trace("window loop but no session")
		return "", false
	}
	return f.loopItems(format, len(f.s.winlinks), func(i int) (*formatter, bool) {
		w := f.s.winlinks[i]
		f.trace("window loop: ", strconv.Itoa(w.index), " @", strconv.Itoa(w.id))
		g := f.child(f.s, w, w.active)
		g.kind = findWindow
		return g, w == f.s.current
	}), true
}

// loopPanes is P:, each pane of the window; a second format after a comma
// is for the active pane.
func (f *formatter) loopPanes(format string) (string, bool) {
	if f.w == nil {
		f.trace("pane loop but no window")
		return "", false
	}
	return f.loopItems(format, len(f.w.panes), func(i int) (*formatter, bool) {
		p := f.w.panes[i]
		f.trace("pane loop: %", strconv.Itoa(p.id))
		g := f.child(f.s, f.w, p)
		g.kind = findPane
		return g, p == f.w.active
	}), true
}

// loopItems expands format for each of n items, with the formatter item
// gives; the format after a comma, if there is one, is for the current
// item.
func (f *formatter) loopItems(format string, n int, item func(i int) (*formatter, bool)) string {
	all, current, ok := f.choose(format, false)
	if !ok {
		all = format
	}
	var out strings.Builder
	for i := range n {
		g, isCurrent := item(i)
		use := all
		if ok && isCurrent {
			use = current
		}
		out.WriteString(g.expand(use))
		f.adopt(g)
	}
	return out.String()
}

// searchPane is C: the number of the first line of the pane's screen
// (from 1) that matches, or 0.
func (f *formatter) searchPane(m *modifier, text string) int {
	flags := ""
	if len(m.args) >= 1 {
		flags = m.args[0]
	}
	fold := strings.Contains(flags, "i")
	var match func(string) bool
	if strings.Contains(flags, "r") {
		re, err := compileRegex(text, fold)
		if err != nil {
			return 0
		}
		match = re.MatchString
	} else {
		pattern := "*" + text + "*"
		match = func(line string) bool { return fnmatch(pattern, line, fold) }
	}
	lines, _, history := f.p.prog.Lines()
	for i, l := range lines[history:] {
		if match(strings.TrimRightFunc(string(l), isCSpace)) {
			return i + 1
		}
	}
	return 0
}

// expression is e|op|flags|precision: arithmetic or a numeric comparison
// on the two sides, whole numbers unless flags has f.
func (f *formatter) expression(m *modifier, s string) string {
	op := m.args[0]
	switch op {
	case "+", "-", "*", "/", "%", "m", "==", "!=", ">", "<", ">=", "<=":
	default:
		f.trace("expression has no valid operator: '", op, "'")
		return ""
	}
	float, prec := false, 0
	if len(m.args) >= 2 && strings.Contains(m.args[1], "f") {
		float, prec = true, 2
	}
	if len(m.args) >= 3 {
		n, err := strtonum(m.args[2], math.MinInt32, math.MaxInt32)
		if err != nil {
			f.trace("expression precision ", err.Error(), ": ", m.args[2])
			return ""
		}
		prec = n
	}
	left, right, ok := f.choose(s, true)
	if !ok {
		f.trace("expression syntax error")
		return ""
	}
	l, ok := strtod(left)
	if !ok {
		f.trace("expression left side is invalid: ", left)
		return ""
	}
	r, ok := strtod(right)
	if !ok {
		f.trace("expression right side is invalid: ", right)
		return ""
	}
	if !float {
		l, r = math.Trunc(l), math.Trunc(r)
	}
	f.trace("expression left side is: ", cFixed(l, prec))
	f.trace("expression right side is: ", cFixed(r, prec))
	var result float64
	switch op {
	case "+":
		result = l + r
	case "-":
		result = l - r
	case "*":
		result = l * r
	case "/":
		result = l / r
	case "%", "m":
		result = math.Mod(l, r)
	case "==":
		result = b2f(math.Abs(l-r) < 1e-9)
	case "!=":
		result = b2f(math.Abs(l-r) > 1e-9)
	case ">":
		result = b2f(l > r)
	case ">=":
		result = b2f(l >= r)
	case "<":
		result = b2f(l < r)
	case "<=":
		result = b2f(l <= r)
	}
	if !float {
		result = float64(cLongLong(result))
	}
	value := cFixed(result, prec)
	f.trace("expression result is ", value)
	return value
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func boolString(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// compare is a comparison modifier on the expanded sides: strings compare
// as bytes, and m: matches the pattern on the left, fnmatch(3) or (with
// r) a regular expression, i folding case.
func compare(m *modifier, left, right string) bool {
	switch m.name {
	case "||":
		return formatTrue(left) || formatTrue(right)
	case "&&":
		return formatTrue(left) && formatTrue(right)
	case "==":
		return left == right
	case "!=":
		return left != right
	case "<":
		return left < right
	case ">":
		return left > right
	case "<=":
		return left <= right
	case ">=":
		return left >= right
	}
	flags := ""
	if len(m.args) >= 1 {
		flags = m.args[0]
	}
	fold := strings.Contains(flags, "i")
	if strings.Contains(flags, "r") {
		re, err := compileRegex(left, fold)
		return err == nil && re.MatchString(right)
	}
	return fnmatch(left, right, fold)
}

func formatTrue(s string) bool { return s != "" && s != "0" }

// find looks a key up as tmux's format_find does: options first, then the
// variables, then the environment (not for a time), and applies mods.
func (f *formatter) find(key string, mods findModifiers) (string, bool) {
	value, ok := f.option(key)
	var t time.Time
	if !ok {
		value, t, ok = f.variable(key)
	}
	if !ok {
		value, ok = f.c.hookFormats[key]
	}
	if !ok && !mods.timestr {
		value, ok = f.environ(key)
	}
	if !ok {
		return "", false
	}
	if !t.IsZero() && t.Unix() == 0 {
		return "", false // tmux's unset time
	}
	if mods.timestr {
		if t.IsZero() {
			n, err := strtonum(value, 0, math.MaxInt64)
			if err != nil || n == 0 {
				return "", false
			}
			t = time.Unix(int64(n), 0)
		}
		switch {
		case mods.pretty:
			return prettyTime(t, f.c.s.now()), true
		case mods.timeFormat != nil:
			return strftime(*mods.timeFormat, t), true
		}
		return t.Local().Format("Mon Jan _2 15:04:05 2006"), true
	}
	if !t.IsZero() {
		value = strconv.FormatInt(t.Unix(), 10)
	}
	if mods.basename {
		value = filepath.Base(value)
	}
	if mods.dirname {
		value = dirname(value)
	}
	if mods.quoteShell {
		value = quoteShell(value)
	}
	if mods.quoteStyle {
		value = strings.ReplaceAll(value, "#", "##")
	}
	return value, true
}

// dirname is POSIX dirname(3): trailing slashes do not make a component.
func dirname(p string) string {
	trimmed := strings.TrimRight(p, "/")
	if trimmed == "" {
		if p == "" {
			return "."
		}
		return "/"
	}
	i := strings.LastIndexByte(trimmed, '/')
	if i < 0 {
		return "."
	}
	if d := strings.TrimRight(trimmed[:i], "/"); d != "" {
		return d
	}
	return "/"
}

func quoteShell(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("|&;<>()$`\\\"'*?[# =%", s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// prettyTime is the t/p modifier as tmux words a time by its age: the time
// of day within a day, the weekday and day within the month or four
// weeks, the day and month within a year, else the month and year.
func prettyTime(t, now time.Time) string {
	t, now = t.Local(), now.Local()
	if now.Before(t) {
		now = t
	}
	age := now.Sub(t)
	switch {
	case age < 24*time.Hour:
		return t.Format("15:04")
	case t.Year() == now.Year() && t.Month() == now.Month() || age < 28*24*time.Hour:
		return t.Format("Mon02")
	case t.Year() == now.Year() && t.Month() < now.Month(),
		t.Year() == now.Year()-1 && t.Month() > now.Month():
		return t.Format("02Jan")
	}
	return t.Format("Jan06")
}

// option gives an option's value as a format variable, #{buffer-limit}.
func (f *formatter) option(key string) (string, bool) {
	return f.st.formatOption(key, f.p, f.w, f.s)
}

// environ looks a variable up as tmux's format_find does: the session's
// environment, then the global one; a variable removed from the session is
// found there, and so hides the global one.
func (f *formatter) environ(key string) (string, bool) {
	var v envVar
	ok := false
	if f.s != nil {
		v, ok = f.s.env.find(key)
	}
	if !ok {
		v, ok = f.st.env.find(key)
	}
	return v.value, ok && !v.removed
}

// expandPath expands a file argument of load-buffer and save-buffer, which
// tmux treats as a format.
func (c *client) expandPath(s string) string {
	return c.formatter().expand(s)
}
