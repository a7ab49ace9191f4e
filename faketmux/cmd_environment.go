package faketmux

import (
	"strings"
)

// environmentCommands are the environment commands, as tmux's cmd-*.c declare them.
var environmentCommands = []*cmdEntry{
	{name: "set-environment", alias: "setenv", template: "Fhgrt:u", lower: 1, upper: 2, usage: `[-Fhgru] [-t target-session] name [value]`, target: targetSpec{kind: findSession, canFail: true}, exec: cmdSetEnvironment},
	{name: "show-environment", alias: "showenv", template: "hgst:", lower: 0, upper: 1, usage: `[-hgs] [-t target-session] [name]`, target: targetSpec{kind: findSession, canFail: true}, exec: cmdShowEnvironment},
}

// environFor is the environment set-environment and show-environment act
// on: the global one with -g, else the target session's. The target may
// have failed to resolve (tmux's CMD_FIND_CANFAIL): a session found on the
// way to a missing window or pane still counts.
func (c *client) environFor(a *args, t target) (*environ, error) {
	if a.has('g') {
		return &c.st.env, nil
	}
	if t.s != nil {
		return &t.s.env, nil
	}
	if spec, given := a.get('t'); given {
		return nil, errorf(errNoSuchSession, spec)
	}
	return nil, errorf(errNoCurrentSession)
}

func cmdSetEnvironment(c *client, it *cmdItem) error {
	a := it.args
	name := a.values[0]
	switch {
	case name == "":
		return errorf(errEmptyVariableName)
	case strings.Contains(name, "="):
		return errorf(errVariableNameHasEq)
	}
	t := it.target
	value, given := "", len(a.values) > 1
	if given {
		value = a.values[1]
		if a.has('F') {
			value = c.formatForTarget(t).expand(value)
		}
	}
	env, err := c.environFor(a, t)
	if err != nil {
		return err
	}
	switch {
	case a.has('u') && given:
		return errorf(errValueWithUnset)
	case a.has('u'):
		env.unset(name)
	case a.has('r') && given:
		return errorf(errValueWithRemove)
	case a.has('r'):
		env.clear(name)
	case !given:
		return errorf(errNoValueSpecified)
	default:
		env.set(name, value, a.has('h'))
	}
	return nil
}

func cmdShowEnvironment(c *client, it *cmdItem) error {
	a, t := it.args, it.target
	// Unlike set-environment, a -t that names no session fails even with -g.
	if spec, given := a.get('t'); given && t.s == nil {
		return errorf(errNoSuchSession, spec)
	}
	env, err := c.environFor(a, t)
	if err != nil {
		return err
	}
	if len(a.values) == 0 {
		for _, v := range env.vars {
			c.printVariable(a, v)
		}
		return nil
	}
	v, ok := env.find(a.values[0])
	if !ok {
		return errorf(errUnknownVariable, a.values[0])
	}
	c.printVariable(a, v)
	return nil
}

// printVariable prints one line of show-environment: hidden variables only
// with -h and only they; with -s, as a POSIX shell command.
func (c *client) printVariable(a *args, v envVar) {
	if v.hidden != a.has('h') {
		return
	}
	switch {
	case a.has('s') && v.removed:
		c.print("unset " + v.name + ";")
	case a.has('s'):
		c.print(v.name + `="` + shellDoubleQuote.Replace(v.value) + `"; export ` + v.name + ";")
	case v.removed:
		c.print("-" + v.name)
	default:
		c.print(v.name + "=" + v.value)
	}
}

// shellDoubleQuote escapes what a POSIX shell interprets inside double
// quotes.
var shellDoubleQuote = strings.NewReplacer(`$`, `\$`, "`", "\\`", `"`, `\"`, `\`, `\\`)
