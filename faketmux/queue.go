package faketmux

// cmdItem is one command of a command line as the queue hands it to its
// exec function, as tmux's cmdq_item is: its arguments and its targets,
// already found.
type cmdItem struct {
	args *args
	// source and target are -s and -t as the entry's kinds found them: the
	// current session, window and pane without the flag, and under
	// canFail whatever was found on the way to a target that was not.
	source, target target
}

// runList runs parsed commands in order, as tmux's command queue fires
// them; the first failure prints its message and skips the rest, as tmux
// drops the rest of a failed group.
func (c *client) runList(cmds []command) int {
	for i := range cmds {
		if err := c.fire(&cmds[i]); err != nil {
			c.errorf("%s", err)
			return 1
		}
	}
	return 0
}

// fire runs one command as tmux's cmdq_fire_command does: its targets are
// found first, with tmux's errors, and only then does its exec run.
func (c *client) fire(cmd *command) error {
	e := cmd.entry
	if e.exec == nil {
		return errorf(errUnsupported, e.name)
	}
	it := &cmd.item
	*it = cmdItem{args: &cmd.args}
	var err error
	if it.source, err = c.resolve(&cmd.args, 's', e.source); err != nil {
		return err
	}
	if it.target, err = c.resolve(&cmd.args, 't', e.target); err != nil {
		return err
	}
	if err := e.exec(c, it); err != nil {
		return err
	}
	// tmux fires the command's after-<command> hook here, for a command
	// that did not fail; hooks come with the options.
	return nil
}

// resolve finds the target the value of a's flag letter names, as spec
// says.
func (c *client) resolve(a *args, letter byte, spec targetSpec) (target, error) {
	if spec.kind == findNone {
		return target{}, nil
	}
	value, given := a.get(letter)
	var t target
	var err error
	if spec.windowIndex {
		t, err = c.windowIndexTarget(value)
	} else {
		t, err = c.findTarget(value, given, spec.kind)
	}
	if err != nil && spec.canFail {
		err = nil
	}
	return t, err
}
