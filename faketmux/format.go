package faketmux

import (
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
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
	loop   int
}

func (c *client) formatter() *formatter { return &formatter{c: c, st: c.st, client: c.control} }

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
	return f
}

// formatForTarget is a formatter for a target that may have been found
// only in part: what is missing is filled in downwards from what was found
// (a session's current window, a window's active pane), as tmux's
// format_defaults does.
func (c *client) formatForTarget(t target) *formatter {
	if t.w == nil && t.s != nil {
		t.w = t.s.current
	}
	if t.p == nil && t.w != nil {
		t.p = t.w.active
	}
	f := c.formatter()
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

// expand expands one format. As in tmux, a malformed #{ or a failed
// replacement ends the output there.
func (f *formatter) expand(s string) string {
	if s == "" || f.loop == formatLoopLimit {
		return ""
	}
	if strings.IndexByte(s, '#') < 0 {
		return s
	}
	f.loop++
	defer func() { f.loop-- }()
	var out strings.Builder
	for i := 0; i < len(s); {
		ch := s[i]
		if ch != '#' {
			j := strings.IndexByte(s[i:], '#')
			if j < 0 {
				out.WriteString(s[i:])
				break
			}
			out.WriteString(s[i : i+j])
			i += j
			continue
		}
		if i+1 >= len(s) {
			out.WriteByte('#') // tmux keeps a '#' that ends the format
			break
		}
		ch = s[i+1]
		rest := s[i+2:]
		switch {
		case ch == '(':
			// #() runs a shell command in tmux; the emulator runs none and
			// expands it to nothing.
			depth, end := 1, -1
			for k := 0; k < len(rest); k++ {
				if rest[k] == '(' {
					depth++
				}
				if rest[k] == ')' {
					depth--
					if depth == 0 {
						end = k
						break
					}
				}
			}
			if end < 0 {
				return out.String()
			}
			i += 2 + end + 1
		case ch == '{':
			end := formatSkip(s[i:], "}")
			if end < 0 {
				return out.String()
			}
			key := s[i+2 : i+end]
			v, ok := f.replace(key)
			if !ok {
				return out.String()
			}
			out.WriteString(v)
			i += end + 1
		case ch == '#':
			// ##[ (two or more #) is a style, left for the status line.
			k := 0
			for k < len(rest) && rest[k] == '#' {
				k++
			}
			if k < len(rest) && rest[k] == '[' {
				out.WriteString(s[i : i+2+k+1])
				i += 2 + k + 1
				continue
			}
			out.WriteByte('#')
			i += 2
		case ch == '}' || ch == ',':
			out.WriteByte(ch)
			i += 2
		default:
			name, ok := shortAliases[ch]
			if !ok {
				out.WriteByte('#')
				out.WriteByte(ch)
				i += 2
				continue
			}
			v, ok := f.replace(name)
			if !ok {
				return out.String()
			}
			out.WriteString(v)
			i += 2
		}
	}
	return out.String()
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

func isModEnd(s string, i int) bool { return i < len(s) && (s[i] == ';' || s[i] == ':') }

// modifiers parses the modifier list at the start of a #{} body; ok is
// false when there is none, and rest is then the whole key.
func (f *formatter) modifiers(s string) (mods []modifier, rest string) {
	i := 0
	for i < len(s) && s[i] != ':' {
		if s[i] == ';' {
			i++
		}
		if i >= len(s) {
			break
		}
		if strings.IndexByte("labcdnwETSWP<>", s[i]) >= 0 && isModEnd(s, i+1) {
			mods = append(mods, modifier{name: s[i : i+1]})
			i++
			continue
		}
		if i+2 < len(s) && isModEnd(s, i+2) {
			switch s[i : i+2] {
			case "||", "&&", "!=", "==", "<=", ">=":
				mods = append(mods, modifier{name: s[i : i+2]})
				i += 2
				continue
			}
		}
		if strings.IndexByte("mCNst=peq", s[i]) < 0 {
			break
		}
		c := s[i : i+1]
		if isModEnd(s, i+1) {
			mods = append(mods, modifier{name: c})
			i++
			continue
		}
		if i+1 >= len(s) {
			break
		}
		if next := s[i+1]; !isPunct(next) || next == '-' {
			end := formatSkip(s[i+1:], ":;")
			if end < 0 {
				break
			}
			mods = append(mods, modifier{name: c, args: []string{f.expand(s[i+1 : i+1+end])}})
			i += 1 + end
			continue
		}
		sep := s[i+1]
		last := string([]byte{sep, ';', ':'})
		i++
		m := modifier{name: c}
		for {
			if s[i] == sep && isModEnd(s, i+1) {
				i++
				break
			}
			end := formatSkip(s[i+1:], last)
			if end < 0 {
				break
			}
			m.args = append(m.args, f.expand(s[i+1:i+1+end]))
			i += 1 + end
			if isModEnd(s, i) || i >= len(s) {
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

// replace expands the body of one #{...}; ok false means tmux's failure,
// which ends the whole expansion.
func (f *formatter) replace(key string) (string, bool) {
	mods, key := f.modifiers(key)
	var (
		literal, basename, dirname, length, width, quote, expandAgain, timestr, pretty bool
		cmp                                                                            *modifier
		subs                                                                           []modifier
		limit, pad                                                                     int
		marker                                                                         string
		hasMarker                                                                      bool
		timeFormat                                                                     string
	)
	for i := range mods {
		m := &mods[i]
		switch m.name {
		case "m", "<", ">", "||", "&&", "==", "!=", "<=", ">=":
			cmp = m
		case "s":
			if len(m.args) >= 2 {
				subs = append(subs, *m)
			}
		case "=":
			if len(m.args) >= 1 {
				limit, _ = strconv.Atoi(m.args[0])
				if len(m.args) >= 2 {
					marker, hasMarker = m.args[1], true
				}
			}
		case "p":
			if len(m.args) >= 1 {
				pad, _ = strconv.Atoi(m.args[0])
			}
		case "w":
			width = true
		case "l":
			literal = true
		case "b":
			basename = true
		case "d":
			dirname = true
		case "n":
			length = true
		case "t":
			timestr = true
			if len(m.args) >= 1 {
				if strings.Contains(m.args[0], "p") {
					pretty = true
				} else if len(m.args) >= 2 && strings.Contains(m.args[0], "f") {
					timeFormat = m.args[1]
				}
			}
		case "q":
			if len(m.args) == 0 {
				quote = true
			}
		case "E":
			expandAgain = true
		}
	}
	var value string
	switch {
	case literal:
		value = key
	case cmp != nil:
		comma := formatSkip(key, ",")
		if comma < 0 {
			return "", false
		}
		left, right := f.expand(key[:comma]), f.expand(key[comma+1:])
		value = boolString(compare(cmp, left, right))
	case strings.HasPrefix(key, "?"):
		comma := formatSkip(key[1:], ",")
		if comma < 0 {
			return "", false
		}
		cond := key[1 : 1+comma]
		found, ok := f.find(cond, basename, dirname, quote, timestr, pretty, timeFormat)
		if !ok {
			found = f.expand(cond)
			if found == cond {
				found = ""
			}
		}
		choices := key[2+comma:]
		comma = formatSkip(choices, ",")
		if comma < 0 {
			return "", false
		}
		if formatTrue(found) {
			value = f.expand(choices[:comma])
		} else {
			value = f.expand(choices[comma+1:])
		}
	case strings.Contains(key, "#{"):
		value = f.expand(key)
	default:
		value, _ = f.find(key, basename, dirname, quote, timestr, pretty, timeFormat)
	}
	if expandAgain {
		value = f.expand(value)
	}
	for _, m := range subs {
		value = substitute(value, f.expand(m.args[0]), f.expand(m.args[1]), len(m.args) >= 3 && strings.Contains(m.args[2], "i"))
	}
	if limit != 0 {
		trimmed := trimWidth(value, limit)
		if hasMarker && trimmed != value {
			if limit > 0 {
				trimmed += marker
			} else {
				trimmed = marker + trimmed
			}
		}
		value = trimmed
	}
	if n := utf8.RuneCountInString(value); pad > 0 && n < pad {
		value += strings.Repeat(" ", pad-n)
	} else if pad < 0 && n < -pad {
		value = strings.Repeat(" ", -pad-n) + value
	}
	if length {
		value = strconv.Itoa(len(value))
	}
	if width {
		value = strconv.Itoa(utf8.RuneCountInString(value))
	}
	return value, true
}

func boolString(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

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
	// m: the pattern is on the left.
	flags := ""
	if len(m.args) >= 1 {
		flags = m.args[0]
	}
	if strings.Contains(flags, "r") {
		if strings.Contains(flags, "i") {
			left = "(?i)" + left
		}
		re, err := regexp.Compile(left)
		return err == nil && re.MatchString(right)
	}
	if strings.Contains(flags, "i") {
		left, right = strings.ToLower(left), strings.ToLower(right)
	}
	ok, _ := path.Match(left, right)
	return ok
}

// substitute is the s/pattern/with/ modifier: every match of an extended
// regular expression, with \1-style references in the replacement.
func substitute(text, pattern, with string, fold bool) string {
	if fold {
		pattern = "(?i)" + pattern
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return text
	}
	with = strings.ReplaceAll(with, "$", "$$")
	for d := '0'; d <= '9'; d++ {
		with = strings.ReplaceAll(with, `\`+string(d), "${"+string(d)+"}")
	}
	return re.ReplaceAllString(text, with)
}

// trimWidth keeps the first n characters, or the last -n.
func trimWidth(s string, n int) string {
	r := []rune(s)
	if n > 0 && len(r) > n {
		return string(r[:n])
	}
	if n < 0 && len(r) > -n {
		return string(r[len(r)+n:])
	}
	return s
}

func formatTrue(s string) bool { return s != "" && s != "0" }

// find looks a key up as tmux's format_find does: options first, then the
// variables, then the environment.
func (f *formatter) find(key string, basename, dirname, quote, timestr, pretty bool, timeFormat string) (string, bool) {
	value, t, ok := f.variable(key)
	if !ok {
		value, ok = f.option(key)
	}
	if !ok {
		value, ok = f.c.hookFormats[key]
	}
	if !ok && !timestr {
		value, ok = f.environ(key)
	}
	if !ok {
		return "", false
	}
	if timestr {
		if t.IsZero() {
			n, err := strconv.ParseInt(value, 10, 64)
			if err != nil || n == 0 {
				return "", false
			}
			t = time.Unix(n, 0)
		}
		switch {
		case pretty:
			return prettyTime(t, f.c.s.now()), true
		case timeFormat != "":
			return strftime(timeFormat, t), true
		}
		return t.Local().Format("Mon Jan _2 15:04:05 2006"), true
	}
	if !t.IsZero() {
		value = strconv.FormatInt(t.Unix(), 10)
	}
	if basename {
		value = filepath.Base(value)
	}
	if dirname {
		value = filepath.Dir(value)
	}
	if quote {
		value = quoteShell(value)
	}
	return value, true
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

// prettyTime is the t/p modifier: a time of day today, else a date.
func prettyTime(t, now time.Time) string {
	t, now = t.Local(), now.Local()
	switch {
	case now.Sub(t) < 24*time.Hour && t.YearDay() == now.YearDay():
		return t.Format("15:04")
	case t.Year() == now.Year() && now.Sub(t) < 7*24*time.Hour:
		return t.Format("Mon15")
	case t.Year() == now.Year():
		return t.Format("02Jan")
	}
	return t.Format("Jan06")
}

// strftime covers the conversions formats commonly use.
func strftime(format string, t time.Time) string {
	t = t.Local()
	r := strings.NewReplacer(
		"%Y", t.Format("2006"), "%m", t.Format("01"), "%d", t.Format("02"),
		"%H", t.Format("15"), "%M", t.Format("04"), "%S", t.Format("05"),
		"%y", t.Format("06"), "%b", t.Format("Jan"), "%a", t.Format("Mon"),
		"%e", t.Format("_2"), "%s", strconv.FormatInt(t.Unix(), 10), "%%", "%",
	)
	return r.Replace(format)
}

// option gives an option's value as a format variable, #{buffer-limit}.
func (f *formatter) option(key string) (string, bool) {
	d := optionByName[key]
	if d == nil {
		return "", false
	}
	switch d.scope {
	case scopeServer:
		return f.st.options.get(key), true
	case scopeWindow:
		if f.w != nil {
			return f.w.options.get(key), true
		}
		return f.st.windowOptions.get(key), true
	}
	if f.s != nil {
		return f.s.options.get(key), true
	}
	return f.st.sessionOptions.get(key), true
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
