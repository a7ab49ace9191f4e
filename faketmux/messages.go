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

// addMessage appends to the log and keeps the newest message-limit
// messages, as server_add_message does after adding: a limit of 0 keeps
// not even this one. The oldest are dropped by reslicing, so that a
// command costs the same however long the log is; append copies the live
// ones to a new array once the old one is used up.
func (st *state) addMessage(now time.Time, text string) {
	st.messages = append(st.messages, logMessage{now, text})
	if over := len(st.messages) - st.options.number("message-limit"); over > 0 {
		clear(st.messages[:over]) // their texts can go now
		st.messages = st.messages[over:]
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
