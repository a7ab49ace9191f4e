package faketmux

import (
	"fmt"
	"slices"
)

// serverCommands are the server commands, as tmux's cmd-*.c declare them.
var serverCommands = []*cmdEntry{
	{name: "start-server", alias: "start", template: "", lower: 0, upper: 0, usage: ``, startServer: true, exec: cmdStartServer},
	{name: "kill-server", alias: "", template: "", lower: 0, upper: 0, usage: ``, exec: cmdKillServer},
	{name: "show-messages", alias: "showmsgs", template: "JTt:", lower: 0, upper: 0, usage: `[-JT] [-t target-client]`, exec: cmdShowMessages},
	{name: "list-clients", alias: "lsc", template: "F:t:", lower: 0, upper: 0, usage: `[-F format] [-t target-session]`, target: targetSpec{kind: findSession}, exec: cmdListClients},
}

// start-server has done its work once the client connected.
func cmdStartServer(c *client, it *cmdItem) error { return nil }

// kill-server ends the server once this command line finishes: tmux
// signals itself, and the rest of the line still runs first.
func cmdKillServer(c *client, it *cmdItem) error {
	c.st.killed = true
	return nil
}

// show-messages prints the server's message log, newest first, for a
// client; -T the terminals of clients, of which there are none (a control
// client has no terminal); -J the jobs that run, newest first.
func cmdShowMessages(c *client, it *cmdItem) error {
	a := it.args
	if _, err := c.targetClient(a); err != nil {
		return err
	}
	if a.has('J') {
		for n, j := range c.st.jobs {
			c.print(fmt.Sprintf("Job %d: %s [fd=%d, pid=%d, status=0]", n, j.text, j.fd, j.cmd.Process.Pid))
		}
	}
	if a.has('J') || a.has('T') {
		return nil
	}
	now := c.s.now()
	for _, m := range slices.Backward(c.st.messages) {
		c.print(prettyTime(m.when, now) + ": " + m.text)
	}
	return nil
}
