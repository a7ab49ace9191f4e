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
	text string // the message; for a command, what comes before it
	// cmd is a command logged as it fired (entry nil for none), printed
	// only when the log is read: printing every command cost a third of a
	// set-buffer's time, and few logs are ever read. It is kept by value,
	// saving an allocation per command.
	cmd loggedCommand
}

// loggedCommand is what printing a command needs. A command's arguments
// do not change once parsed, so it shares them.
type loggedCommand struct {
	entry *cmdEntry
	args  args
}

// String is the message as show-messages prints it.
func (m logMessage) String() string {
	if m.cmd.entry == nil {
		return m.text
	}
	return m.text + printArgs(m.cmd.entry, &m.cmd.args)
}

// addMessage appends to the log and keeps the newest message-limit
// messages, as server_add_message does after adding: a limit of 0 keeps
// not even this one. The dropped ones leave a gap at the front, closed
// once it is as long as what is kept, so that a message costs the same
// however long the log is.
func (st *state) addMessage(m logMessage) {
	st.messages = append(st.messages, m)
	if over := len(st.messages) - st.firstMessage - st.messageLimit; over > 0 {
		clear(st.messages[st.firstMessage : st.firstMessage+over]) // their texts can go now
		st.firstMessage += over
	}
	if st.firstMessage > 0 && st.firstMessage >= len(st.messages)-st.firstMessage {
		n := copy(st.messages, st.messages[st.firstMessage:])
		clear(st.messages[n:])
		st.messages, st.firstMessage = st.messages[:n], 0
	}
}

// messageLog is the log kept, oldest first.
func (st *state) messageLog() []logMessage { return st.messages[st.firstMessage:] }

// name is the client's name, as tmux names a client with no terminal.
func (c *client) name() string {
	if c.control != nil {
		return c.control.name
	}
	return "client-" + strconv.Itoa(c.pid)
}

// commandPrefix is "NAME command: " for c.
func (st *state) commandPrefix(c *client) string {
	if c.control != nil {
		return c.name() + " command: "
	}
	if st.cliPrefix == "" || st.cliPrefixPID != c.pid {
		st.cliPrefix, st.cliPrefixPID = c.name()+" command: ", c.pid
	}
	return st.cliPrefix
}

// logCommand logs a command about to fire, as tmux's cmdq_add_message
// does once the configuration has been loaded.
func (c *client) logCommand(cmd *command, fired time.Time) {
	if c.inConfig {
		return
	}
	m := logMessage{when: fired, text: "command: "}
	if !c.hasNoClient() {
		if c.commandPrefix == "" {
			c.commandPrefix = c.st.commandPrefix(c)
		}
		m.text = c.commandPrefix
	}
	if cmd.args.blocks == nil {
		m.cmd = loggedCommand{entry: cmd.entry, args: cmd.args}
	} else {
		// A block's parsed commands are not kept in the log.
		m.text += printCommand(cmd)
	}
	c.st.addMessage(m)
}

// logMessage logs an error the client was shown, as tmux's cmdq_error
// does for a client (not for the configuration, which has none).
func (c *client) logMessage(msg string) {
	if !c.hasNoClient() {
		c.st.addMessage(logMessage{when: c.s.now(), text: c.name() + " message: " + msg})
	}
}
