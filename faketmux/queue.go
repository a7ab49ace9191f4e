package faketmux

// cmdItem is one command of a command line as the queue hands it to its
// exec function, as tmux's cmdq_item is: its arguments and its targets,
// already found.
type cmdItem struct {
	entry *cmdEntry
	args  *args
	// origin is where the command was read.
	origin origin
	// source and target are -s and -t as the entry's kinds found them: the
	// current session, window and pane without the flag, and under
	// canFail whatever was found on the way to a target that was not.
	source, target target
	// client is the entry's target client, when it names one.
	client *controlClient
	// block and resume are set by wait.
	block  func()
	resume func() error
	// then are the groups insertAfter and callAfter give, to run after
	// this command.
	then []inserted
	// hook and hookTarget are the after- hook a command raises itself
	// (see raiseHook).
	hook       string
	hookTarget target
}

// raiseHook is for the commands that insert their after- hook themselves
// in tmux (selfHooked): where and for what target they do.
func (it *cmdItem) raiseHook(name string, t target) {
	it.hook, it.hookTarget = name, t
}

// inserted is a group of commands a command inserted after itself, or a
// callback (an item of tmux's queue that is no command).
type inserted struct {
	cmds     []command
	callback func()
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

// insertAfter makes cmds run right after this command (and what it
// inserted before), as a group of their own, as tmux's cmdq_insert_after
// does.
func (it *cmdItem) insertAfter(cmds []command) {
	it.then = append(it.then, inserted{cmds: cmds})
}

// callAfter runs f after this command and what it inserted before, as a
// callback item of tmux's queue.
func (it *cmdItem) callAfter(f func()) {
	it.then = append(it.then, inserted{callback: f})
}

// runList runs a client's parsed command line, as tmux's command queue
// fires it, and returns the client's exit status: 1 after a command
// failed, or what a run-shell set since.
func (c *client) runList(cmds []command) int {
	c.retval = 0
	c.runGroup(cmds)
	return c.retval
}

// runGroup runs commands in order. A command may insert commands to run
// right after itself (if-shell, run-shell -C), as tmux's
// cmdq_insert_after does: they are a group of their own, and run before
// the rest of this one. The first failure in a group prints its message
// and skips the rest of that group only, as tmux drops the rest of a
// failed group.
func (c *client) runGroup(cmds []command) {
	defer func(file string, p *paneState) { c.currentFile, c.pane = file, p }(c.currentFile, c.pane)
	for i := range cmds {
		if cmds[i].file != "" {
			c.currentFile = cmds[i].file
		}
		if cmds[i].pane != nil {
			c.pane = cmds[i].pane
		}
		// tmux stamps an item with the time and its number as it fires it;
		// a control client sees them in the guards round its output.
		number := c.st.nextNumber()
		fired := c.s.now()
		now := fired.Unix()
		c.logCommand(&cmds[i], fired)
		c.guard("begin", now, number)
		err := c.fire(&cmds[i])
		switch {
		case err == errQuiet:
			c.guard("error", now, number)
		case err != nil:
			c.errorf("%s", err)
			c.guard("error", now, number)
			c.retval = 1
		default:
			c.guard("end", now, number)
			// tmux inserts the after- hook right after the command,
			// before what the command inserted itself.
			c.afterHook(&cmds[i])
		}
		c.runInserted(cmds[i].item.then)
		if c.queueWaits() {
			c.control.tty.queued = append(c.control.tty.queued, inserted{cmds: cmds[i+1:]})
			return
		}
		// A control client held by a prompt runs nothing more.
		if err != nil || c.s.st != c.st || c.control != nil && c.control.held {
			return
		}
	}
}

// runInserted runs what commands inserted after themselves, in order;
// what is left when the client's queue starts to wait waits with it.
func (c *client) runInserted(groups []inserted) {
	for j, g := range groups {
		if c.s.st != c.st {
			return
		}
		if c.queueWaits() {
			c.control.tty.queued = append(c.control.tty.queued, groups[j:]...)
			return
		}
		if g.callback != nil {
			c.st.number++
			g.callback()
		} else {
			c.runGroup(g.cmds)
		}
	}
}

// queueWaits is whether c is a terminal client whose own queue waits for
// its prompt's answer (tmux's CMDQ_WAITING on the client's queue).
func (c *client) queueWaits() bool {
	return c.control != nil && c.control.tty != nil && c.control.tty.queued != nil
}

// fire runs one command as tmux's cmdq_fire_command does: its targets are
// found first, with tmux's errors, and only then does its exec run.
func (c *client) fire(cmd *command) error {
	e := cmd.entry
	it := &cmd.item
	*it = cmdItem{entry: e, args: &cmd.args, origin: cmd.origin}
	c.command = e.name
	cmd.args.printBlockValues()
	var err error
	if e.client != 0 {
		if it.client, err = c.targetClient(&cmd.args, e.client); err != nil {
			return err
		}
	}
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
		t, err = c.findWindowIndex(value)
	} else if m, ok := c.st.markedPane(); ok && spec.defaultMarked {
		t, err = c.findTargetFrom(m, true, value, given, spec.kind)
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
