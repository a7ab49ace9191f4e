package faketmux

// cmdItem is one command of a command line as the queue hands it to its
// exec function, as tmux's cmdq_item is: its arguments and its targets,
// already found.
type cmdItem struct {
	entry *cmdEntry
	args  *args
	// source and target are -s and -t as the entry's kinds found them: the
	// current session, window and pane without the flag, and under
	// canFail whatever was found on the way to a target that was not.
	source, target target
	// block and resume are set by wait.
	block  func()
	resume func() error
	// hookTarget is set by a command whose after-hook tmux runs for what
	// it made (new-session, new-window, split-window) rather than its
	// target.
	hookTarget *target
}

// wait is what an exec function returns to make its command wait, as
// tmux's CMD_RETURN_WAIT does: block runs without the server's lock, so
// that other clients are served meanwhile, and the server counts the
// client as connected, so that it does not exit under it; resume then
// finishes the command with the lock held again. Other clients may have
// changed anything meanwhile, the command's targets included, as in tmux.
// A command may wait again from resume.
func (it *cmdItem) wait(block func(), resume func() error) error {
	it.block, it.resume = block, resume
	return nil
}

// runList runs parsed commands in order, as tmux's command queue fires
// them; the first failure prints its message and skips the rest, as tmux
// drops the rest of a failed group.
func (c *client) runList(cmds []command) int {
	status := 0
	for i := range cmds {
		// tmux stamps an item with the time and its number as it fires it;
		// a control client sees them in the guards round its output.
		number := c.st.nextNumber()
		now := c.s.now().Unix()
		c.guard("begin", now, number)
		switch err := c.fire(&cmds[i]); {
		case err == errQuiet:
			c.guard("error", now, number)
			return status
		case err != nil:
			c.errorf("%s", err)
			c.guard("error", now, number)
			return 1
		}
		c.guard("end", now, number)
		status |= c.afterHook(&cmds[i])
	}
	return status
}

// fire runs one command as tmux's cmdq_fire_command does: its targets are
// found first, with tmux's errors, and only then does its exec run.
func (c *client) fire(cmd *command) error {
	e := cmd.entry
	if e.exec == nil {
		return errorf(errUnsupported, e.name)
	}
	it := &cmd.item
	*it = cmdItem{entry: e, args: &cmd.args}
	var err error
	if it.source, err = c.resolve(&cmd.args, 's', e.source); err != nil {
		return err
	}
	if it.target, err = c.resolve(&cmd.args, 't', e.target); err != nil {
		return err
	}
	err = e.exec(c, it)
	for err == nil && it.block != nil {
		block, resume := it.block, it.resume
		it.block, it.resume = nil, nil
		if err = c.unlocked(block); err == nil {
			err = resume()
		}
	}
	return err
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

// unlocked runs block without the server's lock, for a command that
// waits. A server that exited meanwhile (Crash, Close) fails the command
// as tmux's client sees a server that went away.
func (c *client) unlocked(block func()) error {
	st := c.st
	st.waiting++
	c.s.mu.Unlock()
	block()
	c.s.mu.Lock()
	st.waiting--
	if c.s.st != st {
		return errorf(errServerExited)
	}
	return nil
}
