package faketmux

// optionCommands are the option commands, as tmux's cmd-*.c declare them.
var optionCommands = []*cmdEntry{
	{name: "set-option", alias: "set", template: "aFgopqst:uUw", lower: 1, upper: 2, usage: `[-aFgopqsuUw] [-t target-pane] option [value]`, target: targetSpec{kind: findPane, canFail: true}, exec: cmdSetOption},
	{name: "set-window-option", alias: "setw", template: "aFgoqt:u", lower: 1, upper: 2, usage: `[-aFgoqu] [-t target-window] option [value]`, target: targetSpec{kind: findWindow, canFail: true}, exec: cmdSetWindowOption},
	{name: "show-window-options", alias: "showw", template: "gvt:", lower: 0, upper: 1, usage: `[-gv] [-t target-window] [option]`, target: targetSpec{kind: findWindow, canFail: true}, exec: cmdShowWindowOptions},
	{name: "show-options", alias: "show", template: "AgHpqst:vw", lower: 0, upper: 1, usage: `[-AgHpqsvw] [-t target-pane] [option]`, target: targetSpec{kind: findPane, canFail: true}, exec: cmdShowOptions},
}

// optionsFor is the option set set-option and show-options act on: the
// option's own scope, global with -g, else the target's. The target may
// have failed to resolve (tmux's CMD_FIND_CANFAIL): only the part the scope
// needs must have been found.
func (c *client) optionsFor(scope optionScope, it *cmdItem) (*options, error) {
	a, t := it.args, it.target
	if scope == scopeServer {
		return c.st.options, nil
	}
	if a.has('g') {
		if scope == scopeSession {
			return c.st.sessionOptions, nil
		}
		return c.st.windowOptions, nil
	}
	spec, given := a.get('t')
	switch {
	case scopeSession == scope && t.s != nil:
		return t.s.options, nil
	case scopeWindow == scope && t.w != nil:
		return t.w.options, nil
	case scopeSession == scope && given:
		return nil, errorf(errNoSuchSession, spec)
	case scopeSession == scope:
		return nil, errorf(errNoCurrentSession)
	case given:
		return nil, errorf(errNoSuchWindow, spec)
	}
	return nil, errorf(errNoCurrentWindow)
}

// scopeFromFlags is the option set show-options lists without a name.
func scopeFromFlags(a *args) optionScope {
	switch {
	case a.has('s'):
		return scopeServer
	case a.has('w'):
		return scopeWindow
	}
	return scopeSession
}

// optionName expands an option name as a format, as tmux does, for the
// target however far it was found.
func (c *client) optionName(it *cmdItem) string {
	return c.formatForTarget(it.target).expand(it.args.values[0])
}

// refusePaneOptions refuses -p before anything else, even with -q: the
// emulator has no pane options, and quietly setting none would mislead.
func refusePaneOptions(a *args) error {
	if a.has('p') {
		return errorf(errUnsupported, "pane options (-p)")
	}
	return nil
}

// set-window-option and show-window-options are set-option and
// show-options for windows: tmux's shared code takes them as -w.
func cmdSetWindowOption(c *client, it *cmdItem) error {
	it.args.flags = append(it.args.flags, flag{letter: 'w'})
	return cmdSetOption(c, it)
}

func cmdShowWindowOptions(c *client, it *cmdItem) error {
	it.args.flags = append(it.args.flags, flag{letter: 'w'})
	return cmdShowOptions(c, it)
}

func cmdSetOption(c *client, it *cmdItem) error {
	a := it.args
	if err := refusePaneOptions(a); err != nil {
		return err
	}
	d, err := c.namedOption(it)
	if d == nil {
		return err // nil under -q: an unknown option is quietly no option
	}
	name := d.name
	value, given := "", len(a.values) > 1
	if given {
		value = a.values[1]
		if a.has('F') {
			value = c.formatForTarget(it.target).expand(value)
		}
	}
	o, err := c.optionsFor(d.scope, it)
	if err != nil {
		if a.has('q') {
			return nil
		}
		return err
	}
	_, set := o.lookup(name)
	if a.has('o') && !a.has('u') && set {
		if a.has('q') {
			return nil
		}
		return errorf(errAlreadySet, name)
	}
	if a.has('u') || a.has('U') {
		delete(o.values, name)
		return nil
	}
	value, err = d.parse(value, given, a.has('a'), o.get(name))
	if err != nil {
		return err
	}
	o.values[name] = value
	return nil
}

func cmdShowOptions(c *client, it *cmdItem) error {
	a := it.args
	if err := refusePaneOptions(a); err != nil {
		return err
	}
	if len(a.values) == 0 {
		scope := scopeFromFlags(a)
		o, err := c.optionsFor(scope, it)
		if err != nil {
			if a.has('q') {
				return nil
			}
			return err
		}
		for i := range optionDefs {
			if d := &optionDefs[i]; d.scope == scope {
				if value, set := o.lookup(d.name); set {
					c.printOption(d, value, a.has('v'))
				}
			}
		}
		return nil
	}
	d, err := c.namedOption(it)
	if d == nil {
		return err // nil under -q: an unknown option is quietly no option
	}
	name := d.name
	o, err := c.optionsFor(d.scope, it)
	if err != nil {
		if a.has('q') {
			return nil
		}
		return err
	}
	if value, set := o.lookup(name); set {
		c.printOption(d, value, a.has('v'))
	}
	return nil
}

// printOption prints one line of show-options: string values are quoted
// as tmux quotes command arguments, unless -v asks for the bare value.
func (c *client) printOption(d *optionDef, value string, bare bool) {
	switch {
	case bare:
		c.print(value)
	case d.typ == optString:
		c.print(d.name + " " + argsEscape(value))
	default:
		c.print(d.name + " " + value)
	}
}

// namedOption finds the option that a set-option or show-options names; with
// -q an unknown name gives neither an option nor an error.
func (c *client) namedOption(it *cmdItem) (*optionDef, error) {
	name := c.optionName(it)
	if d := optionByName[name]; d != nil {
		return d, nil
	}
	if it.args.has('q') {
		return nil, nil
	}
	return nil, errorf(errInvalidOption, name)
}
