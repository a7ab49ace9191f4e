package faketmux

import (
	"strconv"
	"time"
)

// The server's message log, which show-messages prints newest first: every
// command fired once the configuration is done ("client-PID command: ...",
// or "command: ..." for one with no client), and every error and message
// a client was shown ("client-PID message: ..."), as tmux's
// server_add_message keeps them.
type logMessage struct {
	when time.Time
	text string
}

// messageLimit is tmux's default message-limit: the log keeps the newest
// so many. The option itself is not modelled.
const messageLimit = 1000

// addMessage appends to the log, dropping the oldest beyond the limit.
func (st *state) addMessage(now time.Time, text string) {
	st.messages = append(st.messages, logMessage{now, text})
	if over := len(st.messages) - messageLimit; over > 0 {
		st.messages = append(st.messages[:0:0], st.messages[over:]...)
	}
}

// name is the client's name, as tmux names a client with no terminal.
func (c *client) name() string {
	if c.control != nil {
		return c.control.name
	}
	return "client-" + strconv.Itoa(c.pid)
}

// logCommand logs a command about to fire, as tmux's cmdq_add_message
// does once the configuration has been loaded.
func (c *client) logCommand(cmd *command) {
	switch {
	case c.inConfig:
	case c.hasNoClient():
		c.st.addMessage(c.s.now(), "command: "+printCommand(cmd))
	default:
		c.st.addMessage(c.s.now(), c.name()+" command: "+printCommand(cmd))
	}
}

// logMessage logs an error the client was shown, as tmux's cmdq_error
// does for a client (not for the configuration, which has none).
func (c *client) logMessage(msg string) {
	if !c.hasNoClient() {
		c.st.addMessage(c.s.now(), c.name()+" message: "+msg)
	}
}
