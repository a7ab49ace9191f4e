package faketmux

import (
	"strconv"
)

// optionScope is where tmux keeps an option.
type optionScope int

const (
	scopeServer optionScope = iota
	scopeSession
	scopeWindow
)

// optionDef is one option the emulator knows, with tmux's default.
type optionDef struct {
	name     string
	scope    optionScope
	flag     bool // on/off
	number   bool
	min, max int
	def      string
}

// optionDefs are the options the emulator's commands consult; set-option
// refuses others as unknown, which tmux would accept.
var optionDefs = []optionDef{
	{name: "buffer-limit", scope: scopeServer, number: true, min: 1, max: 2147483647, def: "50"},
	{name: "exit-empty", scope: scopeServer, flag: true, def: "on"},
	{name: "exit-unattached", scope: scopeServer, flag: true, def: "off"},
	{name: "escape-time", scope: scopeServer, number: true, min: 0, max: 2147483647, def: "500"},
	{name: "base-index", scope: scopeSession, number: true, min: 0, max: 2147483647, def: "0"},
	{name: "default-command", scope: scopeSession, def: ""},
	{name: "default-shell", scope: scopeSession, def: "/bin/sh"},
	{name: "default-size", scope: scopeSession, def: "80x24"},
	{name: "history-limit", scope: scopeSession, number: true, min: 0, max: 2147483647, def: "2000"},
	{name: "pane-base-index", scope: scopeWindow, number: true, min: 0, max: 65535, def: "0"},
	{name: "automatic-rename", scope: scopeWindow, flag: true, def: "on"},
	{name: "remain-on-exit", scope: scopeWindow, def: "off"},
}

var optionByName = func() map[string]*optionDef {
	m := make(map[string]*optionDef, len(optionDefs))
	for i := range optionDefs {
		m[optionDefs[i].name] = &optionDefs[i]
	}
	return m
}()

// options is one set of option values; a nil parent ends the inheritance
// chain (a session's options inherit the global session options, which
// inherit the defaults).
type options struct {
	values map[string]string
	parent *options
}

func newOptions(parent *options) *options {
	return &options{values: map[string]string{}, parent: parent}
}

// get returns the value in force: own, inherited, else the default.
func (o *options) get(name string) string {
	for p := o; p != nil; p = p.parent {
		if v, ok := p.values[name]; ok {
			return v
		}
	}
	if d := optionByName[name]; d != nil {
		return d.def
	}
	return ""
}

func (o *options) number(name string) int {
	n, _ := strconv.Atoi(o.get(name))
	return n
}

func (o *options) bufferLimit() int { return o.number("buffer-limit") }

func (o *options) exitEmpty() bool { return o.get("exit-empty") == "on" }
