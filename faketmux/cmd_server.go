package faketmux

// serverCommands are the server commands, as tmux's cmd-*.c declare them.
var serverCommands = []*cmdEntry{
	{name: "start-server", alias: "start", template: "", lower: 0, upper: 0, usage: ``, startServer: true, exec: cmdStartServer},
	{name: "kill-server", alias: "", template: "", lower: 0, upper: 0, usage: ``, exec: cmdKillServer},
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
