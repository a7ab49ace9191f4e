package faketmux

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
)

// ttyTerm is a client's terminal as tmux 3.3a's server keeps it
// (tty-term.c): the capabilities of tmux's table that the client's
// terminfo entry sent, with the features added and terminal-overrides
// applied, and the flags tmux derives from them.
type ttyTerm struct {
	name     string
	codes    []termCap // one for each of tmuxcli.TermCodes
	flags    int       // tmuxcli.Term256Colours and the others
	features int       // the features applied so far
	// acs is the terminal's character for each key of the line-drawing
	// set: acsc's, else the ASCII tmux draws lines with.
	acs map[byte]string
}

// termCap is one capability's value; typ is tmuxcli.CapMissing for one
// the terminal lacks.
type termCap struct {
	typ  tmuxcli.CapType
	str  string
	num  int
	flag bool
}

// termCodeIndex finds a capability of tmux's table by its name.
var termCodeIndex = func() map[string]int {
	m := make(map[string]int, len(tmuxcli.TermCodes))
	for i, code := range tmuxcli.TermCodes {
		m[code.Name] = i
	}
	return m
}()

// newTTYTerm makes a client's terminal from what its client sent, as
// tmux's tty_term_create: caps are its "name=value" capabilities, feat
// its features, to which terminal-features' entries for its name are
// added, and those tmux gives any terminal like a VT100 or with RGB
// colours. A terminal that cannot clear or move its cursor is an error.
func newTTYTerm(name string, caps []string, feat *int, features, overrides []string) (*ttyTerm, error) {
	t := &ttyTerm{name: name, codes: make([]termCap, len(tmuxcli.TermCodes))}
	for _, c := range caps {
		capName, value, _ := strings.Cut(c, "=")
		i, ok := termCodeIndex[capName]
		if !ok {
			continue
		}
		switch typ := tmuxcli.TermCodes[i].Type; typ {
		case tmuxcli.CapString:
			t.codes[i] = termCap{typ: typ, str: stripPadding(value)}
		case tmuxcli.CapNumber:
			t.codes[i] = termCap{typ: typ, num: atoiPrefix(value)}
		case tmuxcli.CapFlag:
			t.codes[i] = termCap{typ: typ, flag: strings.HasPrefix(value, "1")}
		}
	}
	for _, entry := range features {
		pattern, rest := nextOverride(entry)
		if fnmatch(pattern, name, false) {
			tmuxcli.AddFeatures(feat, rest, ":")
		}
	}
	t.applyOverrides(overrides)
	if !t.has("clear") {
		return nil, errorf(errTerminalNoClear)
	}
	if !t.has("cup") {
		return nil, errorf(errTerminalNoCup)
	}
	if t.flag("XT") || strings.HasPrefix(t.string("clear"), "\x1b[") {
		t.flags |= tmuxcli.TermVT100Like
		tmuxcli.AddFeatures(feat, "bpaste,focus,title", ",")
	}
	if (t.flag("Tc") || t.has("RGB")) && (!t.has("setrgbf") || !t.has("setrgbb")) {
		tmuxcli.AddFeatures(feat, "RGB", ",")
	}
	t.update(*feat, overrides)
	return t, nil
}

// update applies the features of feat not yet applied, then
// terminal-overrides again, as tmux does when it learns of more.
func (t *ttyTerm) update(feat int, overrides []string) {
	if t.applyFeatures(feat) {
		t.applyOverrides(overrides)
	}
}

func (t *ttyTerm) has(name string) bool {
	return t.codes[termCodeIndex[name]].typ != tmuxcli.CapMissing
}

func (t *ttyTerm) string(name string) string {
	if c := t.codes[termCodeIndex[name]]; c.typ == tmuxcli.CapString {
		return c.str
	}
	return ""
}

func (t *ttyTerm) number(name string) int {
	if c := t.codes[termCodeIndex[name]]; c.typ == tmuxcli.CapNumber {
		return c.num
	}
	return 0
}

func (t *ttyTerm) flag(name string) bool {
	c := t.codes[termCodeIndex[name]]
	return c.typ == tmuxcli.CapFlag && c.flag
}

// stripPadding drops terminfo's $<...> delays from a string, as tmux's
// tty_term_strip does.
func stripPadding(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '$' && i+1 < len(s) && s[i+1] == '<' {
			end := strings.IndexByte(s[i:], '>')
			if end < 0 || i+end+1 == len(s) {
				break
			}
			i += end + 1
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// atoiPrefix is C's atoi: the number its leading digits make, 0 for none.
func atoiPrefix(s string) int {
	end := 0
	if end < len(s) && (s[end] == '-' || s[end] == '+') {
		end++
	}
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	n, _ := strconv.Atoi(s[:end])
	return n
}

// nextOverride splits an entry of terminal-overrides or
// terminal-features into its first field (the terminals' pattern) and the
// rest, as tmux's tty_term_override_next reads a field: "::" is a colon
// within it.
func nextOverride(s string) (field, rest string) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == ':' {
			if i+1 < len(s) && s[i+1] == ':' {
				b.WriteByte(':')
				i++
				continue
			}
			return b.String(), s[i+1:]
		}
		b.WriteByte(s[i])
	}
	return b.String(), ""
}

// apply sets capabilities written as terminal-overrides writes them,
// "name=value", "name" for a flag or "name@" to remove one, parted by
// colons, as tmux's tty_term_apply.
func (t *ttyTerm) apply(capabilities string) {
	for s := capabilities; s != ""; {
		var field string
		field, s = nextOverride(s)
		if field == "" {
			continue
		}
		name, value, hasValue := strings.Cut(field, "=")
		remove := false
		if hasValue {
			if unvised, ok := unvis(value); ok {
				value = unvised
			}
		} else if strings.HasSuffix(name, "@") {
			name, remove = name[:len(name)-1], true
		}
		i, ok := termCodeIndex[name]
		if !ok {
			continue
		}
		if remove {
			t.codes[i] = termCap{}
			continue
		}
		switch typ := tmuxcli.TermCodes[i].Type; typ {
		case tmuxcli.CapString:
			t.codes[i] = termCap{typ: typ, str: value}
		case tmuxcli.CapNumber:
			if n, err := strconv.Atoi(value); err == nil && n >= 0 {
				t.codes[i] = termCap{typ: typ, num: n}
			}
		case tmuxcli.CapFlag:
			t.codes[i] = termCap{typ: typ, flag: true}
		}
	}
}

// applyOverrides applies the entries of terminal-overrides whose pattern
// matches the terminal's name, then derives its flags from what it has,
// as tmux's tty_term_apply_overrides.
func (t *ttyTerm) applyOverrides(overrides []string) {
	for _, entry := range overrides {
		if pattern, rest := nextOverride(entry); fnmatch(pattern, t.name, false) {
			t.apply(rest)
		}
	}
	t.setFlag(tmuxcli.TermRGBColours, t.has("setrgbf") && t.has("setrgbb"))
	t.setFlag(tmuxcli.TermDECSLRM, t.has("Cmg") && t.has("Clmg"))
	t.setFlag(tmuxcli.TermDECFRA, t.has("Rect"))
	t.setFlag(tmuxcli.TermNoAM, !t.flag("am"))
	acs := defaultACS
	if t.has("acsc") {
		acs = t.string("acsc")
	}
	t.acs = map[byte]string{}
	for ; len(acs) >= 2; acs = acs[2:] {
		t.acs[acs[0]] = acs[1:2]
	}
}

// defaultACS is the ASCII tmux draws lines with on a terminal with no
// acsc.
const defaultACS = "a#j+k+l+m+n+o-p-q-r-s-t+u+v+w+x|y<z>~."

func (t *ttyTerm) setFlag(flag int, on bool) {
	if on {
		t.flags |= flag
	} else {
		t.flags &^= flag
	}
}

// applyFeatures adds the capabilities and flags of the features of feat
// the terminal has not had yet, as tmux's tty_apply_features; false when
// there were none.
func (t *ttyTerm) applyFeatures(feat int) bool {
	if feat == 0 {
		return false
	}
	for i, f := range tmuxcli.TermFeatures {
		if t.features&(1<<i) != 0 || feat&(1<<i) == 0 {
			continue
		}
		for _, c := range f.Capabilities {
			t.apply(c)
		}
		t.flags |= f.Flags
	}
	if t.features|feat == t.features {
		return false
	}
	t.features |= feat
	return true
}

// describe is capability i as show-messages -T lists it.
func (t *ttyTerm) describe(i int) string {
	name := tmuxcli.TermCodes[i].Name
	switch c := t.codes[i]; c.typ {
	case tmuxcli.CapString:
		return fmt.Sprintf("%4d: %s: (string) %s", i, name, visString(c.str, 127))
	case tmuxcli.CapNumber:
		return fmt.Sprintf("%4d: %s: (number) %d", i, name, c.num)
	case tmuxcli.CapFlag:
		return fmt.Sprintf("%4d: %s: (flag) %t", i, name, c.flag)
	}
	return fmt.Sprintf("%4d: %s: [missing]", i, name)
}

// visString is s as show-messages -T shows a capability's value (strnvis
// with VIS_OCTAL, VIS_CSTYLE, VIS_TAB and VIS_NL into a buffer of max+1):
// escaped byte by byte, up to the last escape that fits in max bytes.
func visString(s string, max int) string {
	var out, one strings.Builder
	for i := 0; i < len(s); i++ {
		next := byte(0)
		if i+1 < len(s) {
			next = s[i+1]
		}
		one.Reset()
		vis(&one, s[i], next, false)
		if out.Len()+one.Len() > max {
			break
		}
		out.WriteString(one.String())
	}
	return out.String()
}

// unvis decodes the backslash escapes of a terminal-overrides value as
// OpenBSD's strunvis, which tmux asks: C's escapes, \s for a space, \E for
// Escape, octal, \^X for a control character, \M- for a meta one, \$ and
// an escaped newline for nothing; false for anything else, which tmux
// then takes as it is.
func unvis(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		i++
		if i == len(s) {
			return "", false
		}
		meta := byte(0)
		if s[i] == 'M' {
			if i+2 >= len(s) || s[i+1] != '-' && s[i+1] != '^' {
				return "", false
			}
			meta = 0x80
			if s[i+1] == '-' {
				b.WriteByte(s[i+2] | meta)
				i += 2
				continue
			}
			i++
		}
		switch c := s[i]; {
		case c == '^':
			if i+1 == len(s) {
				return "", false
			}
			i++
			if s[i] == '?' {
				b.WriteByte(0x7f | meta)
			} else {
				b.WriteByte(s[i]&0x1f | meta)
			}
		case meta != 0:
			return "", false
		case c >= '0' && c <= '7':
			n := 0
			for j := 0; j < 3 && i < len(s) && s[i] >= '0' && s[i] <= '7'; j++ {
				n = n*8 + int(s[i]-'0')
				i++
			}
			i--
			b.WriteByte(byte(n))
		case c == '$' || c == '\n':
		default:
			decoded, ok := unvisSimple[c]
			if !ok {
				return "", false
			}
			b.WriteByte(decoded)
		}
	}
	return b.String(), true
}

// unvisSimple are the one-letter escapes of unvis.
var unvisSimple = map[byte]byte{
	'\\': '\\', 'n': '\n', 'r': '\r', 'b': '\b', 'a': '\a', 'v': '\v', 't': '\t', 'f': '\f', 's': ' ', 'E': 0x1b,
}

// printTerminals lists the terminals of the attached clients as
// show-messages -T does, the newest first (only target's when onlyTarget),
// and reports whether it listed any.
func (c *client) printTerminals(target *controlClient, onlyTarget bool) bool {
	n := 0
	for _, cc := range slices.Backward(c.st.controls) {
		if cc.tty == nil || cc.tty.term == nil || onlyTarget && cc != target {
			continue
		}
		term := cc.tty.term
		c.print(fmt.Sprintf("Terminal %d: %s for %s, flags=0x%x:", n, term.name, cc.name, term.flags))
		n++
		for i := range term.codes {
			c.print(term.describe(i))
		}
	}
	return n > 0
}

// acsNeeded is whether tmux draws lines in the terminal's alternate
// character set rather than in UTF-8 (tty_acs_needed): for a client
// without UTF-8, or a terminal whose U8 says it cannot have both.
func (t *ttyTerm) acsNeeded(utf8Client bool) bool {
	if t.has("U8") && t.number("U8") == 0 {
		return true
	}
	return !utf8Client
}

// acsLineChars are the characters of the line-drawing set (acsc's keys)
// for the border cells of kind cellInside to cellOutside.
const acsLineChars = " xqlkmjwvtun~"

// borderGlyph is what the terminal is sent for a border cell of kind
// typ: borderGlyph's character, or, for the cells tmux draws from the
// line-drawing set (all of single lines', the outside of number's), the
// line set's.
func (t *ttyTerm) borderGlyph(lines string, typ int, owner *paneState, acs bool) string {
	_, otherSet := borderSets[lines]
	if lines == "single" || !otherSet && lines != "number" || lines == "number" && typ == cellOutside {
		return t.lineSet(acs)[typ]
	}
	return borderGlyph(lines, typ, owner)
}

// lineSet is what the terminal is sent for each kind of cell of single
// lines, which tmux draws from the line-drawing set: UTF-8, or with acs the
// terminal's own character for each between its smacs and rmacs, as
// tmux's tty_putc sends it (the set's key itself when acsc has none for
// it).
func (t *ttyTerm) lineSet(acs bool) []string {
	if !acs {
		return borderSets["single"]
	}
	set := make([]string, len(acsLineChars))
	for typ := range acsLineChars {
		key := acsLineChars[typ]
		ch, ok := t.acs[key]
		if !ok {
			ch = string(key)
		}
		set[typ] = t.string("smacs") + ch + t.string("rmacs")
	}
	return set
}
