package faketmux

// cmdItem is one command of a command line as the queue hands it to its
// exec function, as tmux's cmdq_item is.
type cmdItem struct {
	args *args
}

// runList runs parsed commands in order, as tmux's command queue fires
// them; the first failure prints its message and skips the rest, as tmux
// drops the rest of a failed group.
func (c *client) runList(cmds []command) int {
	for i := range cmds {
		cmd := &cmds[i]
		if cmd.entry.exec == nil {
			c.errorf(errUnsupported, cmd.entry.name)
			return 1
		}
		it := cmdItem{args: &cmd.args}
		if err := cmd.entry.exec(c, &it); err != nil {
			c.errorf("%s", err)
			return 1
		}
	}
	return 0
}
