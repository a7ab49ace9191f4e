package faketmux

import (
	"context"
	"fmt"
	"io"
)

// client is one command line being run: what tmux's server knows about the
// client that sent it.
type client struct {
	ctx       context.Context
	s         *Server
	st        *state
	stdin     io.Reader
	stdinUsed bool
	stdout    io.Writer
	stderr    io.Writer
	dir       string
	env       []string // nil for the configuration, which tmux runs with no client
	utf8      bool     // tmux's CLIENT_UTF8: output is sanitized without it
}

// errorf writes one error line, as tmux's cmdq_error does.
func (c *client) errorf(format string, a ...any) {
	io.WriteString(c.stderr, c.sanitize(fmt.Sprintf(format, a...))+"\n")
}

// print writes one line of command output, as tmux's cmdq_print does.
func (c *client) print(line string) {
	io.WriteString(c.stdout, c.sanitize(line)+"\n")
}

func (c *client) sanitize(line string) string {
	if c.utf8 {
		return line
	}
	return sanitize(line)
}
