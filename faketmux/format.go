package faketmux

// formatter expands tmux formats against one target.
type formatter struct {
	c      *client
	st     *state
	buffer *buffer
}

func (c *client) formatter() *formatter { return &formatter{c: c, st: c.st} }

func (f *formatter) expand(s string) string { return s }

func formatTrue(s string) bool { return s != "" && s != "0" }

func (c *client) expandPath(s string) string { return s }
