package faketmux

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
)

// optionScope is where tmux keeps an option.
type optionScope int

const (
	scopeServer optionScope = iota
	scopeSession
	scopeWindow
)

// optionType is how tmux parses and prints an option's value.
type optionType int

const (
	optString optionType = iota
	optNumber
	optFlag
	optChoice
)

// optionDef is one option the emulator knows, with tmux's default.
type optionDef struct {
	name     string
	scope    optionScope
	typ      optionType
	min, max int
	choices  []string
	// pattern is tmux's fnmatch pattern for a string option's value,
	// as a regular expression.
	pattern *regexp.Regexp
	def     string
}

// optionDefs are the options the emulator's commands consult, in tmux's
// table order, which is the order show-options lists them in; set-option
// refuses others as unknown, which tmux would accept.
var optionDefs = []optionDef{
	{name: "buffer-limit", scope: scopeServer, typ: optNumber, min: 1, max: maxInt, def: "50"},
	{name: "copy-command", scope: scopeServer, def: ""},
	// tmux's build picks default-terminal's default; tmux 3.3a as
	// packaged with its terminfo entry has this one.
	{name: "default-terminal", scope: scopeServer, def: "tmux-256color"},
	{name: "escape-time", scope: scopeServer, typ: optNumber, min: 0, max: maxInt, def: "500"},
	{name: "exit-empty", scope: scopeServer, typ: optFlag, def: "on"},
	{name: "exit-unattached", scope: scopeServer, typ: optFlag, def: "off"},
	{name: "base-index", scope: scopeSession, typ: optNumber, min: 0, max: maxInt, def: "0"},
	{name: "default-command", scope: scopeSession, def: ""},
	{name: "default-shell", scope: scopeSession, def: "/bin/sh"},
	{name: "default-size", scope: scopeSession, pattern: regexp.MustCompile(`(?s)^[0-9].*x[0-9].*$`), def: "80x24"},
	{name: "history-limit", scope: scopeSession, typ: optNumber, min: 0, max: maxInt, def: "2000"},
	// The prefix keys, by name; the emulator takes any name set.
	{name: "prefix", scope: scopeSession, def: "C-b"},
	{name: "prefix2", scope: scopeSession, def: "None"},
	{name: "renumber-windows", scope: scopeSession, typ: optFlag, def: "off"},
	{name: "word-separators", scope: scopeSession, def: "!\"#$%&'()*+,-./:;<=>?@[\\]^`{|}~"},
	{name: "automatic-rename", scope: scopeWindow, typ: optFlag, def: "on"},
	// The layout presets' sizes: cells, or a percentage of the window.
	{name: "main-pane-height", scope: scopeWindow, def: "24"},
	{name: "main-pane-width", scope: scopeWindow, def: "80"},
	{name: "mode-keys", scope: scopeWindow, typ: optChoice, choices: []string{"emacs", "vi"}, def: "emacs"},
	{name: "other-pane-height", scope: scopeWindow, def: "0"},
	{name: "other-pane-width", scope: scopeWindow, def: "0"},
	{name: "pane-base-index", scope: scopeWindow, typ: optNumber, min: 0, max: 65535, def: "0"},
	{name: "remain-on-exit", scope: scopeWindow, typ: optChoice, choices: []string{"off", "on", "failed"}, def: "off"},
	{name: "remain-on-exit-format", scope: scopeWindow, def: "Pane is dead (#{?#{!=:#{pane_dead_status},},status #{pane_dead_status},}#{?#{!=:#{pane_dead_signal},},signal #{pane_dead_signal},}, #{t:pane_dead_time})"},
	{name: "window-size", scope: scopeWindow, typ: optChoice, choices: []string{"largest", "smallest", "manual", "latest"}, def: "latest"},
}

// maxInt is C's INT_MAX, the bound of tmux's number options.
const maxInt = 1<<31 - 1

var optionByName = func() map[string]*optionDef {
	m := make(map[string]*optionDef, len(optionDefs))
	for i := range optionDefs {
		m[optionDefs[i].name] = &optionDefs[i]
	}
	return m
}()

// parse turns a set-option value into the stored form, as tmux's
// options_from_string does; old is the value in force, for toggles and -a.
func (d *optionDef) parse(value string, given, appending bool, old string) (string, error) {
	if !given && d.typ != optFlag && d.typ != optChoice {
		return "", errorf(errEmptyValue)
	}
	switch d.typ {
	case optNumber:
		return parseNumber(value, d.min, d.max)
	case optFlag:
		switch {
		case value == "":
			return map[bool]string{true: "off", false: "on"}[old == "on"], nil
		case value == "1" || strings.EqualFold(value, "on") || strings.EqualFold(value, "yes"):
			return "on", nil
		case value == "0" || strings.EqualFold(value, "off") || strings.EqualFold(value, "no"):
			return "off", nil
		}
		return "", errorf(errBadFlagValue, value)
	case optChoice:
		if !given {
			// Only the first two choices toggle; a third stays.
			switch old {
			case d.choices[0]:
				return d.choices[1], nil
			case d.choices[1]:
				return d.choices[0], nil
			}
			return old, nil
		}
		for _, c := range d.choices {
			if c == value {
				return c, nil
			}
		}
		return "", errorf(errUnknownValue, value)
	}
	if appending {
		value = old + value
	}
	if d.name == "default-shell" && !suitableShell(value) {
		return "", errorf(errNotSuitableShell, value)
	}
	if d.pattern != nil && !d.pattern.MatchString(value) {
		return "", errorf(errValueInvalid, value)
	}
	return value, nil
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
// chain (a session's options inherit the global session options, which
// inherit the defaults). A global set holds every option of its scope in
// tmux, so there an option is always "set".
type options struct {
	values map[string]string
	parent *options
}

func newOptions(parent *options) *options {
	return &options{values: map[string]string{}, parent: parent}
}

func (o *options) global() bool { return o.parent == nil }

// lookup returns the value set in this very set, as tmux's
// options_get_only does.
func (o *options) lookup(name string) (string, bool) {
	if v, ok := o.values[name]; ok {
		return v, true
	}
	if o.global() {
		if d := optionByName[name]; d != nil {
			return d.def, true
		}
	}
	return "", false
}

// get returns the value in force: own, inherited, else the default.
func (o *options) get(name string) string {
	for p := o; p != nil; p = p.parent {
		if v, ok := p.lookup(name); ok {
			return v
		}
	}
	return ""
}

func (o *options) number(name string) int {
	n, _ := strconv.Atoi(o.get(name))
	return n
}

func (o *options) bufferLimit() int { return o.number("buffer-limit") }

func (o *options) exitEmpty() bool { return o.get("exit-empty") == "on" }
