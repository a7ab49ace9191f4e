package faketmux

import (
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/keys"
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
)

// optionScope is where tmux keeps an option.
type optionScope int

const (
	scopeServer optionScope = iota
	scopeSession
	scopeWindow
	// scopePane is a pane's own set, which holds the window options that
	// panes may set too (optionDef.pane); no option's home is there.
	scopePane
)

// optionType is how tmux parses and prints an option's value.
type optionType int

const (
	optString optionType = iota
	optNumber
	optKey
	optColour
	optFlag
	optChoice
	optCommand
)

// optionDef is one option of tmux's table, with its default as
// show-options prints it.
type optionDef struct {
	name  string
	scope optionScope
	// pane is a window option that a pane's own set may hold too.
	pane     bool
	typ      optionType
	min, max int
	choices  []string
	// array options hold items by index; hooks are arrays of commands.
	array, hook bool
	// style is a string tmux checks as a style.
	style bool
	// separator joins an appended string value, and splits a value given
	// to an array without an index; an array without one splits on spaces
	// and commas, a hook takes the whole value as one item.
	separator string
	// pattern is tmux's fnmatch pattern for a string option's value.
	pattern string
	def     string
	defArr  []string
}

// maxInt, maxShort and maxUShort are C's INT_MAX, SHRT_MAX and USHRT_MAX, the bounds of
// tmux's number options.
const (
	maxInt    = 1<<31 - 1
	maxShort  = 1<<15 - 1
	maxUShort = 1<<16 - 1
)

// optionByName is every option by name, made on first use.
var optionByName = sync.OnceValue(func() map[string]*optionDef {
	m := make(map[string]*optionDef, len(optionDefs))
	for i := range optionDefs {
		m[optionDefs[i].name] = &optionDefs[i]
	}
	return m
})

// optionAliases are the other spellings tmux takes for some options.
var optionAliases = map[string]string{
	"display-panes-color":        "display-panes-colour",
	"display-panes-active-color": "display-panes-active-colour",
	"clock-mode-color":           "clock-mode-colour",
	"cursor-color":               "cursor-colour",
	"pane-colors":                "pane-colours",
}

// parseOptionName splits NAME[INDEX] as tmux's options_parse does; index
// is -1 without one. ok is false for an empty name or a bad index.
func parseOptionName(s string) (name string, index int, ok bool) {
	if s == "" {
		return "", 0, false
	}
	open := strings.IndexByte(s, '[')
	if open < 0 {
		return s, -1, true
	}
	rest := s[open+1:]
	end := strings.IndexByte(rest, ']')
	if end < 1 || end != len(rest)-1 || !isDigit(rest[end-1]) {
		return "", 0, false
	}
	// tmux reads the index with sscanf's %d: leading space and a sign are
	// taken, and anything after the digits is ignored.
	digits := strings.TrimLeft(rest[:end], " \t\n\v\f\r")
	n := 0
	for n < len(digits) && (isDigit(digits[n]) || n == 0 && (digits[0] == '-' || digits[0] == '+')) {
		n++
	}
	i, err := strconv.Atoi(digits[:n])
	if err != nil || i < 0 {
		return "", 0, false
	}
	return s[:open], i, true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// matchOption finds the option a name gives, as tmux's options_match does:
// a user option (@name) as it is, else a table option by its name or alias
// or a unique prefix (in table order, an exact name ending the scan).
func matchOption(s string) (name string, index int, err error) {
	name, index, ok := parseOptionName(s)
	if !ok {
		// tmux 3.3a leaves its ambiguity flag unset here, and its build
		// reads it as set.
		return "", 0, errorf(errAmbiguousOption, s)
	}
	if strings.HasPrefix(name, "@") {
		return name, index, nil
	}
	if alias, ok := optionAliases[name]; ok {
		name = alias
	}
	var found *optionDef
	for i := range optionDefs {
		d := &optionDefs[i]
		if d.name == name {
			return name, index, nil
		}
		if strings.HasPrefix(d.name, name) {
			if found != nil {
				return "", 0, errorf(errAmbiguousOption, s)
			}
			found = d
		}
	}
	if found == nil {
		return "", 0, errorf(errInvalidOption, s)
	}
	return found.name, index, nil
}

// parse checks a value for a scalar option and gives its stored form, as
// tmux's options_from_string does. own is the value set in the very set
// being changed (tmux appends to it only), inherited the one in force
// (which a flag or choice without a value toggles).
func (d *optionDef) parse(value string, given, appending bool, own string, isOwn bool, inherited string) (string, error) {
	if !given && d.typ != optFlag && d.typ != optChoice {
		return "", errorf(errEmptyValue)
	}
	switch d.typ {
	case optNumber:
		return parseNumber(value, d.min, d.max)
	case optKey:
		key := keys.Lookup(value)
		if key == keys.Unknown {
			return "", errorf(errBadKey, value)
		}
		return key.String(), nil
	case optColour:
		return parseColour(value)
	case optFlag:
		switch {
		case value == "":
			return map[bool]string{true: "off", false: "on"}[inherited == "on"], nil
		case value == "1" || strings.EqualFold(value, "on") || strings.EqualFold(value, "yes"):
			return "on", nil
		case value == "0" || strings.EqualFold(value, "off") || strings.EqualFold(value, "no"):
			return "off", nil
		}
		return "", errorf(errBadFlagValue, value)
	case optChoice:
		if !given {
			// Only the first two choices toggle; a later one stays.
			switch inherited {
			case d.choices[0]:
				return d.choices[1], nil
			case d.choices[1]:
				return d.choices[0], nil
			}
			return inherited, nil
		}
		if slices.Contains(d.choices, value) {
			return value, nil
		}
		return "", errorf(errUnknownValue, value)
	}
	if appending && isOwn {
		value = own + d.separator + value
	}
	switch {
	case d.name == "default-shell" && !tmuxcli.SuitableShell(value):
		return "", errorf(errNotSuitableShell, value)
	case d.pattern != "" && !fnmatch(d.pattern, value, false):
		return "", errorf(errValueInvalid, value)
	case d.style && !strings.Contains(value, "#{") && !validStyle(value):
		return "", errorf(errInvalidStyle, value)
	}
	return value, nil
}

// parseItem checks one item of an array option, as tmux's
// options_array_set does, but a hook's command, which the command setting
// it parses.
func (d *optionDef) parseItem(value string) (string, error) {
	if d.typ == optColour {
		return parseColour(value)
	}
	return value, nil
}

// split is the items a value given to an array without an index makes, as
// tmux's options_array_assign splits it.
func (d *optionDef) split(value string) []string {
	if value == "" {
		return nil
	}
	if d.hook {
		return []string{value}
	}
	sep := d.separator
	if sep == "" {
		sep = " ,"
	}
	return strings.FieldsFunc(value, func(r rune) bool { return strings.ContainsRune(sep, r) })
}

// parseNumber is a number option's value, with tmux's messages.
func parseNumber(value string, lo, hi int) (string, error) {
	n, err := strtonum(value, lo, hi)
	if err != nil {
		return "", errorf(errValueIs, err, value)
	}
	return strconv.Itoa(n), nil
}

// strtonum is OpenBSD's strtonum, which tmux uses for numbers: leading
// space and a sign are allowed; the error is the word tmux prints after
// it ("invalid", "too small", "too large").
func strtonum(value string, lo, hi int) (int, error) {
	n, err := strconv.ParseInt(strings.TrimLeft(value, " \t\n\v\f\r"), 10, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		return 0, errors.New(numInvalid)
	case n < int64(lo):
		return 0, errors.New(numTooSmall)
	case n > int64(hi):
		return 0, errors.New(numTooLarge)
	}
	return int(n), nil
}

// options is one set of option values; a nil parent ends the inheritance
// chain (a pane's options inherit its window's, which inherit the global
// window options). A global set holds every option of its scope, as tmux
// fills it with the defaults, so there a table option is always set.
type options struct {
	values map[string]string
	// arrays are the array options set here, by index; an entry with no
	// items is still set.
	arrays map[string]map[int]string
	parent *options
	scope  optionScope // of a global set
}

func newOptions(parent *options) *options {
	return &options{values: map[string]string{}, arrays: map[string]map[int]string{}, parent: parent}
}

func newGlobalOptions(scope optionScope) *options {
	o := newOptions(nil)
	o.scope = scope
	return o
}

func (o *options) global() bool { return o.parent == nil }

// holds says whether a global set holds d: its scope's options.
func (o *options) holds(d *optionDef) bool {
	return o.global() && d != nil && d.scope == o.scope
}

// isSet says whether the option is set in this very set, as tmux's
// options_get_only finds it.
func (o *options) isSet(name string) bool {
	if _, ok := o.values[name]; ok {
		return true
	}
	if _, ok := o.arrays[name]; ok {
		return true
	}
	return o.holds(optionByName()[name])
}

// lookup returns a scalar value set in this very set.
func (o *options) lookup(name string) (string, bool) {
	if v, ok := o.values[name]; ok {
		return v, true
	}
	if d := optionByName()[name]; o.holds(d) && !d.array {
		return d.def, true
	}
	return "", false
}

// items returns an array option's items in this very set.
func (o *options) items(name string) (map[int]string, bool) {
	if a, ok := o.arrays[name]; ok {
		return a, true
	}
	if d := optionByName()[name]; o.holds(d) && d.array {
		return defaultItems(d), true
	}
	return nil, false
}

func defaultItems(d *optionDef) map[int]string {
	a := make(map[int]string, len(d.defArr))
	for i, v := range d.defArr {
		a[i] = v
	}
	return a
}

// array is an array option's items in this set for changing them: a
// global set's defaults, or none, become its own.
func (o *options) array(name string) map[int]string {
	a, ok := o.arrays[name]
	if !ok {
		a, _ = o.items(name)
		if a == nil {
			a = map[int]string{}
		}
		o.arrays[name] = a
	}
	return a
}

// unset is set-option -u: a global set goes back to the default, another
// forgets the option; with an index only that item goes.
func (o *options) unset(name string, index int) {
	if index >= 0 {
		if o.isSet(name) {
			delete(o.array(name), index)
		}
		return
	}
	delete(o.values, name)
	delete(o.arrays, name)
}

// owner is the set the option in force comes from: this one, a parent, or
// nil when none has it.
func (o *options) owner(name string) *options {
	for p := o; p != nil; p = p.parent {
		if p.isSet(name) {
			return p
		}
	}
	return nil
}

// get returns a scalar value in force: own, inherited, else the default;
// an array gives "", as tmux's options_to_string does without an index.
// It is owner then lookup in one walk: every command reads several
// options, and this halves the map look-ups that cost.
func (o *options) get(name string) string {
	for p := o; p != nil; p = p.parent {
		if v, ok := p.values[name]; ok {
			return v
		}
		if _, ok := p.arrays[name]; ok {
			return ""
		}
		if p.parent == nil {
			if d := optionByName()[name]; p.holds(d) && !d.array {
				return d.def
			}
		}
	}
	return ""
}

// getArray returns the items in force of an array option, in index order.
// Like get, it walks the sets once: every command looks up its after-
// hook, and almost none has one.
func (o *options) getArray(name string) []string {
	for p := o; p != nil; p = p.parent {
		if a, ok := p.arrays[name]; ok {
			return sortedItems(a)
		}
		if _, ok := p.values[name]; ok {
			return nil
		}
		if p.parent == nil {
			if d := optionByName()[name]; p.holds(d) && d.array && len(d.defArr) > 0 {
				return slices.Clone(d.defArr)
			}
		}
	}
	return nil
}

func sortedItems(a map[int]string) []string {
	if len(a) == 0 {
		return nil
	}
	var out []string
	for _, i := range slices.Sorted(maps.Keys(a)) {
		out = append(out, a[i])
	}
	return out
}

func (o *options) number(name string) int {
	n, _ := strconv.Atoi(o.get(name))
	return n
}

func (o *options) bufferLimit() int { return o.number("buffer-limit") }

func (o *options) exitEmpty() bool { return o.get("exit-empty") == "on" }

// opts is the pane's own option set, made on first use; its parent is the
// options of the window the pane is in now, as tmux moves it with the pane.
func (p *paneState) opts() *options {
	if p.options == nil {
		p.options = newOptions(nil)
	}
	p.options.parent = p.window.options
	return p.options
}

// checkUnattached destroys the sessions no client is attached to that have
// destroy-unattached on, as tmux's server_check_unattached does whenever a
// client attaches to a session or goes: a session made detached goes then
// too.
func (st *state) checkUnattached() {
	var doomed []*session // found first: destroying changes st.sessions
	for _, s := range st.sessions {
		if st.attachedTo(s) == 0 && s.options.get("destroy-unattached") == "on" {
			doomed = append(doomed, s)
		}
	}
	for _, s := range doomed {
		st.destroySession(s)
	}
}

// formatOption is an option as a format variable, as tmux's format_find
// looks it up: NAME or NAME[N], no prefix, user options too, in the server
// options, then the pane's, the window's, the global window options, the
// session's and the global session options (each with what it inherits);
// a flag is 1 or 0 there.
func (st *state) formatOption(key string, p *paneState, w *window, s *session) (string, bool) {
	name, index, ok := parseOptionName(key)
	if !ok {
		return "", false
	}
	if alias, ok := optionAliases[name]; ok {
		name = alias
	}
	// Most keys are no option: only the table's names and user options
	// can be found.
	if !strings.HasPrefix(name, "@") && optionByName()[name] == nil {
		return "", false
	}
	sets := []*options{st.options}
	if p != nil {
		sets = append(sets, p.opts())
	}
	if w != nil {
		sets = append(sets, w.options)
	}
	sets = append(sets, st.windowOptions)
	if s != nil {
		sets = append(sets, s.options)
	}
	sets = append(sets, st.sessionOptions)
	for _, o := range sets {
		if owner := o.owner(name); owner != nil {
			return owner.formatValue(name, index), true
		}
	}
	return "", false
}

// formatValue is an option's value in a set that has it, as tmux's
// options_to_string gives it to formats: an array's item by index (none
// without one), a flag as 1 or 0.
func (o *options) formatValue(name string, index int) string {
	d := optionByName()[name]
	if d != nil && d.array {
		items, _ := o.items(name)
		return items[index]
	}
	v, _ := o.lookup(name)
	if d != nil && d.typ == optFlag {
		return map[bool]string{true: "1", false: "0"}[v == "on"]
	}
	return v
}
