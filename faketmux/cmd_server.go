package faketmux

// start-server has done its work once the client connected.
func cmdStartServer(c *client, a *args) error { return nil }

// kill-server ends the server once this command line finishes: tmux
// signals itself, and the rest of the line still runs first.
func cmdKillServer(c *client, a *args) error {
	c.st.killed = true
	return nil
}

// list-clients lists the attached clients, and the emulator never has one;
// like has-session, all it can do is resolve its target, which tmux does
// whether -t is given or not.
var cmdListClients = cmdHasSession
