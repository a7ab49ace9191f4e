package faketmux

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// optionCommands are the option and hook commands, as tmux's
// cmd-set-option.c and cmd-show-options.c declare them: one exec each for
// setting and showing, which tells the commands apart by name.
var optionCommands = []*cmdEntry{
	{name: "set-option", alias: "set", template: "aFgopqst:uUw", lower: 1, upper: 2, usage: `[-aFgopqsuUw] [-t target-pane] option [value]`, target: targetSpec{kind: findPane, canFail: true}, exec: cmdSetOption},
	{name: "set-window-option", alias: "setw", template: "aFgoqt:u", lower: 1, upper: 2, usage: `[-aFgoqu] [-t target-window] option [value]`, target: targetSpec{kind: findWindow, canFail: true}, exec: cmdSetOption},
	{name: "set-hook", template: "agpRt:uw", lower: 1, upper: 2, usage: `[-agpRuw] [-t target-pane] hook [command]`, target: targetSpec{kind: findPane, canFail: true}, exec: cmdSetOption},
	{name: "show-options", alias: "show", template: "AgHpqst:vw", lower: 0, upper: 1, usage: `[-AgHpqsvw] [-t target-pane] [option]`, target: targetSpec{kind: findPane, canFail: true}, exec: cmdShowOptions},
	{name: "show-window-options", alias: "showw", template: "gvt:", lower: 0, upper: 1, usage: `[-gv] [-t target-window] [option]`, target: targetSpec{kind: findWindow, canFail: true}, exec: cmdShowOptions},
	{name: "show-hooks", template: "gpt:w", lower: 0, upper: 1, usage: `[-gpw] [-t target-pane]`, target: targetSpec{kind: findPane, canFail: true}, exec: cmdShowOptions},
}

// optionSet is the set of options a command acts on and the scope tmux
// gives it.
type optionSet struct {
	o     *options
	scope optionScope
}

// scopeFlags are what tmux's options_scope_from_flags reads of a
// command's flags: -s, -p, -w (or a window command) and -g.
type scopeFlags struct{ server, pane, window, global bool }

// scopeFromFlags is the set the flags choose, as tmux's
// options_scope_from_flags: -s the server's, -p the target pane's (even
// with -g), -w (and the window commands) a window's, else a session's; -g
// the global one. The target may have failed to resolve (tmux's
// CMD_FIND_CANFAIL): only the part the scope needs must have been found.
func (c *client) scopeFromFlags(it *cmdItem, f scopeFlags) (optionSet, error) {
	t := it.target
	spec, given := it.args.get('t')
	missing := func(noSuch, noCurrent string) error {
		if given {
			return fmt.Errorf(noSuch, spec)
		}
		return errors.New(noCurrent)
	}
	switch {
	case f.server:
		return optionSet{c.st.options, scopeServer}, nil
	case f.pane:
		if t.p == nil {
			return optionSet{}, missing(errNoSuchPane, errNoCurrentPane)
		}
		return optionSet{t.p.opts(), scopePane}, nil
	case f.window && f.global:
		return optionSet{c.st.windowOptions, scopeWindow}, nil
	case f.window && t.w == nil:
		return optionSet{}, missing(errNoSuchWindow, errNoCurrentWindow)
	case f.window:
		return optionSet{t.w.options, scopeWindow}, nil
	case f.global:
		return optionSet{c.st.sessionOptions, scopeSession}, nil
	case t.s == nil:
		return optionSet{}, missing(errNoSuchSession, errNoCurrentSession)
	}
	return optionSet{t.s.options, scopeSession}, nil
}

// commandScope is the scope a command's own flags ask for; window is set
// for set-window-option and show-window-options.
func commandScope(a *args, window bool) scopeFlags {
	return scopeFlags{server: a.has('s'), pane: a.has('p'), window: window || a.has('w'), global: a.has('g')}
}

// scopeFromName is the set a named option lives in, as tmux's
// options_scope_from_name: its own scope's (-g the global one), a pane's
// with -p for the window options panes may have; a user option's from the
// flags.
func (c *client) scopeFromName(it *cmdItem, window bool, name string) (optionSet, error) {
	d, g := optionByName()[name], it.args.has('g')
	switch {
	case d == nil:
		return c.scopeFromFlags(it, commandScope(it.args, window))
	case d.scope == scopeServer:
		return c.scopeFromFlags(it, scopeFlags{server: true})
	case d.scope == scopeSession:
		return c.scopeFromFlags(it, scopeFlags{global: g})
	case d.pane && it.args.has('p'):
		return c.scopeFromFlags(it, scopeFlags{pane: true})
	}
	return c.scopeFromFlags(it, scopeFlags{window: true, global: g})
}

func cmdSetOption(c *client, it *cmdItem) error {
	a, entry := it.args, it.entry
	argument := c.formatForTarget(it.target).expand(a.values[0])
	if entry.name == "set-hook" && a.has('R') {
		c.runHookNow(it, argument)
		return nil
	}
	name, index, err := matchOption(argument)
	if err != nil {
		if a.has('q') {
			return nil
		}
		return err
	}
	value, given := "", len(a.values) > 1
	if given {
		value = a.values[1]
		if a.has('F') {
			value = c.formatForTarget(it.target).expand(value)
		}
	}
	set, err := c.scopeFromName(it, entry.name == "set-window-option", name)
	if err != nil {
		if a.has('q') {
			return nil
		}
		return err
	}
	o, d := set.o, optionByName()[name]
	if index != -1 && (d == nil || !d.array) {
		return errorf(errNotAnArray, argument)
	}
	if a.has('o') && !a.has('u') && o.isSet(name) {
		already := true
		if index != -1 {
			items, _ := o.items(name)
			_, already = items[index]
		}
		if already {
			if a.has('q') {
				return nil
			}
			return errorf(errAlreadySet, argument)
		}
	}
	if a.has('U') && set.scope == scopeWindow && it.target.w != nil {
		for _, p := range it.target.w.panes {
			if p.opts().isSet(name) {
				p.opts().unset(name, index)
			}
		}
	}
	switch {
	case a.has('u') || a.has('U'):
		if !o.isSet(name) {
			return nil
		}
		o.unset(name, index)
	case d == nil:
		if !given {
			return errorf(errEmptyValue)
		}
		if old, ok := o.values[name]; ok && a.has('a') {
			value = old + value
		}
		o.values[name] = value
	case !d.array:
		own, isOwn := o.lookup(name)
		inForce := o.get(name)
		value, err = d.parse(value, given, a.has('a'), own, isOwn, inForce)
		if err != nil {
			if d.typ == optString && given {
				// tmux sets a string, checks it, and puts back the
				// value in force before, which is now this set's own.
				o.values[name] = inForce
			}
			return err
		}
		o.values[name] = value
	default:
		if !given {
			return errorf(errEmptyValue)
		}
		parse := d.parseItem
		if d.hook {
			parse = c.hookCommand
		}
		if err := o.setArray(d, index, value, a.has('a'), parse); err != nil {
			return err
		}
	}
	c.st.pushChanges(name)
	return nil
}

// pushChanges is tmux's options_push_changes: what an option that was
// set or unset, at any scope, changes at once.
func (st *state) pushChanges(name string) {
	if d := optionByName()[name]; d != nil && d.hook {
		st.hooksSet = true
	}
	switch name {
	case "message-limit":
		st.messageLimit = st.options.number(name)
	case "automatic-rename":
		st.renameSoon()
	case "monitor-silence":
		for _, s := range st.sessions {
			for _, w := range s.winlinks {
				st.resetSilence(w.windowCore)
			}
		}
	case "cursor-colour":
		for _, p := range st.panes {
			p.defaultCursor = p.opts().get(name)
		}
	case "window-style", "window-active-style":
		for _, p := range st.panes {
			p.styleChanged = true
		}
	case "alternate-screen", "scroll-on-clear":
		for _, p := range st.panes {
			if p.prog != nil {
				p.prog.Apply(p.settings())
			}
		}
	case "pane-border-status":
		for _, s := range st.sessions {
			for _, w := range s.winlinks {
				w.fixPanes()
			}
		}
	}
	st.recalculateSoon()
}

// setArray sets an array option's item, or with no index replaces (or with
// appending, adds to) its items with those the value splits into, each
// read by parse. A value that fails leaves the items before it, as in
// tmux: none, when it replaces them.
func (o *options) setArray(d *optionDef, index int, value string, appending bool, parse func(string) (string, error)) error {
	items := o.array(d.name)
	if index != -1 {
		v, err := parse(value)
		if err != nil {
			return err
		}
		if old, ok := items[index]; ok && appending && d.typ == optString {
			v = old + v
		}
		items[index] = v
		return nil
	}
	if !appending {
		clear(items)
	}
	for _, part := range d.split(value) {
		v, err := parse(part)
		if err != nil {
			return err
		}
		next := 0
		for ; ; next++ {
			if _, used := items[next]; !used {
				break
			}
		}
		items[next] = v
	}
	return nil
}

func cmdShowOptions(c *client, it *cmdItem) error {
	a := it.args
	window := it.entry.name == "show-window-options"
	if len(a.values) == 0 {
		set, err := c.scopeFromFlags(it, commandScope(a, window))
		if err != nil {
			if a.has('q') {
				return nil
			}
			return err
		}
		c.showAll(it, set)
		return nil
	}
	argument := c.formatForTarget(it.target).expand(a.values[0])
	name, index, err := matchOption(argument)
	if err != nil {
		if a.has('q') {
			return nil
		}
		return err
	}
	set, err := c.scopeFromName(it, window, name)
	if err != nil {
		if a.has('q') {
			return nil
		}
		return err
	}
	o, inherited := set.o, false
	if !o.isSet(name) && a.has('A') {
		o, inherited = o.owner(name), true
	}
	switch {
	case o != nil && o.isSet(name):
		c.showOption(a, o, name, index, inherited)
	case strings.HasPrefix(name, "@") && !a.has('q'):
		return errorf(errInvalidOption, argument)
	}
	return nil
}

// showAll lists a set as tmux's cmd_show_options_all does: its user
// options by name, then the table's options of its scope in table order
// (hooks only with -H, or only hooks for show-hooks); -A fills in the
// values inherited, marked with '*'.
func (c *client) showAll(it *cmdItem, set optionSet) {
	a, o := it.args, set.o
	hooks := it.entry.name == "show-hooks"
	if !hooks {
		for _, name := range slices.Sorted(maps.Keys(o.values)) {
			if optionByName()[name] == nil {
				c.showOption(a, o, name, -1, false)
			}
		}
	}
	for i := range optionDefs {
		d := &optionDefs[i]
		inScope := d.scope == set.scope || set.scope == scopePane && d.pane
		if !inScope || d.hook != hooks && !(d.hook && a.has('H')) {
			continue
		}
		from, inherited := o, false
		if !o.isSet(d.name) {
			if !a.has('A') {
				continue
			}
			if from, inherited = o.owner(d.name), true; from == nil {
				continue
			}
		}
		// The listing marks an inherited array with no items, where
		// showOption does not.
		if items, _ := from.items(d.name); d.array && len(items) == 0 && inherited {
			if !a.has('v') {
				c.print(d.name + "*")
			}
			continue
		}
		c.showOption(a, from, d.name, -1, inherited)
	}
}

// showOption prints an option as tmux's cmd_show_options_print does: each
// item of an array (its name alone when it has none), string values quoted
// as tmux quotes command arguments, unless -v asks for bare values.
func (c *client) showOption(a *args, o *options, name string, index int, inherited bool) {
	d := optionByName()[name]
	star := ""
	if inherited {
		star = "*"
	}
	label := name
	var value string
	switch {
	case index != -1:
		label = name + "[" + strconv.Itoa(index) + "]"
		if d != nil && d.array {
			items, _ := o.items(name)
			value = items[index]
		} else {
			value, _ = o.lookup(name)
		}
	case d != nil && d.array:
		items, _ := o.items(name)
		if len(items) == 0 {
			if !a.has('v') {
				c.print(name)
			}
			return
		}
		for _, i := range slices.Sorted(maps.Keys(items)) {
			c.showOption(a, o, name, i, inherited)
		}
		return
	default:
		value, _ = o.lookup(name)
	}
	switch {
	case a.has('v'):
		c.print(value)
	case d == nil || d.typ == optString:
		c.print(label + star + " " + argsEscape(value))
	default:
		c.print(label + star + " " + value)
	}
}
