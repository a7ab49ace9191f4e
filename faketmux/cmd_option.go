package faketmux

import (
	"strconv"
)

// optionsFor is the option set set-option and show-options act on: the
// option's own scope, global with -g, else the target's.
func (c *client) optionsFor(d *optionDef, a *args) (*options, error) {
	if d.scope == scopeServer {
		return c.st.options, nil
	}
	global := a.has('g')
	if !global {
		t, err := c.targetPane(a)
		if err != nil {
			return nil, err
		}
		if d.scope == scopeSession {
			return t.s.options, nil
		}
		return t.w.options, nil
	}
	if d.scope == scopeSession {
		return c.st.sessionOptions, nil
	}
	return c.st.windowOptions, nil
}

func cmdSetOption(c *client, a *args) error {
	name := a.values[0]
	d := optionByName[name]
	if d == nil {
		if a.has('q') {
			return nil
		}
		return errorf(errInvalidOption, name)
	}
	o, err := c.optionsFor(d, a)
	if err != nil {
		return err
	}
	if a.has('u') {
		delete(o.values, name)
		return nil
	}
	if a.has('o') {
		if _, set := o.values[name]; set {
			return errorf(errAlreadySet, name)
		}
	}
	value := ""
	if len(a.values) > 1 {
		value = a.values[1]
	}
	switch {
	case d.flag:
		switch value {
		case "":
			value = map[bool]string{true: "off", false: "on"}[o.get(name) == "on"]
		case "on", "yes", "1":
			value = "on"
		case "off", "no", "0":
			value = "off"
		default:
			return errorf(errBadFlagValue, value)
		}
	case d.number:
		if len(a.values) < 2 {
			return errorf(errEmptyValue)
		}
		n, err := strconv.Atoi(value)
		switch {
		case err != nil:
			return errorf(errValueInvalid, value)
		case n < d.min:
			return errorf(errValueTooSmall, value)
		case n > d.max:
			return errorf(errValueTooLarge, value)
		}
		value = strconv.Itoa(n)
	case a.has('a'):
		value = o.get(name) + value
	}
	o.values[name] = value
	return nil
}

func cmdShowOptions(c *client, a *args) error {
	if len(a.values) == 0 {
		return errorf(errUnsupported, "show-options without an option name")
	}
	name := a.values[0]
	d := optionByName[name]
	if d == nil {
		if a.has('q') {
			return nil
		}
		return errorf(errInvalidOption, name)
	}
	o, err := c.optionsFor(d, a)
	if err != nil {
		return err
	}
	value, set := o.values[name]
	if !set {
		// Outside the global sets, an option not set here shows nothing.
		if o.parent != nil {
			return nil
		}
		value = o.get(name)
	}
	if value == "" && !d.flag && !d.number {
		value = `""`
	}
	if a.has('v') {
		c.print(value)
	} else {
		c.print(name + " " + value)
	}
	return nil
}
