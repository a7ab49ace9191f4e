package faketmux

import (
	"fmt"
	"maps"
	"os"
	"slices"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/passwd"
)

// serverCommands are the server commands, as tmux's cmd-*.c declare them.
var serverCommands = []*cmdEntry{
	{name: "start-server", alias: "start", template: "", lower: 0, upper: 0, usage: ``, startServer: true, exec: cmdStartServer},
	{name: "kill-server", alias: "", template: "", lower: 0, upper: 0, usage: ``, exec: cmdKillServer},
	{name: "show-messages", alias: "showmsgs", template: "JTt:", lower: 0, upper: 0, usage: `[-JT] [-t target-client]`, client: 't', exec: cmdShowMessages},
	{name: "server-access", alias: "", template: "adlrw", lower: 0, upper: 1, usage: `[-adlrw] [-t target-pane] [user]`, exec: cmdServerAccess},
	{name: "list-clients", alias: "lsc", template: "F:t:", lower: 0, upper: 0, usage: `[-F format] [-t target-session]`, readOnly: true, target: targetSpec{kind: findSession}, exec: cmdListClients},
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
// client; -T the terminals of the clients attached to one (with -t, of
// that client only), newest first, each with every capability of tmux's
// table; -J the jobs that run, newest first, after a blank line when
// terminals were listed.
func cmdShowMessages(c *client, it *cmdItem) error {
	a := it.args
	blank := false
	if a.has('T') {
		blank = c.printTerminals(it.client, a.has('t'))
	}
	if a.has('J') {
		for n, j := range c.st.jobs {
			if blank {
				c.print("")
				blank = false
			}
			c.print(fmt.Sprintf("Job %d: %s [fd=%d, pid=%d, status=0]", n, j.text, j.fd, j.cmd.Process.Pid))
		}
	}
	if a.has('J') || a.has('T') {
		return nil
	}
	now := c.s.now()
	for _, m := range slices.Backward(c.st.messageLog()) {
		c.print(prettyTime(m.when, now) + ": " + m.String())
	}
	return nil
}

// server-access lists (-l) or changes who may connect: -a adds a user, -d
// removes one and exits its clients, -r and -w make one and its clients
// read-only or not (adding it if need be). Root and the server's owner
// cannot be changed.
func cmdServerAccess(c *client, it *cmdItem) error {
	a := it.args
	st := c.st
	if a.has('l') {
		// By uid, as tmux's tree keeps them, root left out.
		for _, uid := range slices.Sorted(maps.Keys(st.acl)) {
			if uid == 0 {
				continue
			}
			name := "unknown"
			if u, err := passwd.LookupUID(uid); err == nil {
				name = u.Name
			}
			mode := "W"
			if st.acl[uid] {
				mode = "R"
			}
			c.print(name + " (" + mode + ")")
		}
		return nil
	}
	if len(a.values) == 0 {
		return errorf(errMissingUser)
	}
	f := c.formatter()
	if cc := c.control; cc != nil && cc.session != nil {
		f = c.formatForTarget(target{s: cc.session})
	}
	name := f.expand(a.values[0])
	u, err := passwd.LookupName(name)
	if err != nil {
		return errorf(errUnknownUser, name)
	}
	uid := u.UID
	if uid == 0 || uid == os.Getuid() {
		return errorf(errOwnsServer, u.Name)
	}
	switch {
	case a.has('a') && a.has('d'):
		return errorf(errAccessAddDelete)
	case a.has('r') && a.has('w'):
		return errorf(errAccessReadWrite)
	}
	_, listed := st.acl[uid]
	switch {
	case a.has('d'):
		if !listed {
			return errorf(errUserNotFound, u.Name)
		}
		st.denyConnected(uid)
		delete(st.acl, uid)
		return nil
	case a.has('a') && listed:
		return errorf(errUserAdded, u.Name)
	case a.has('a'), a.has('r'), a.has('w'):
		st.acl[uid] = st.acl[uid] && !a.has('w') || a.has('r')
	}
	if a.has('r') || a.has('w') {
		st.setReadOnly(uid, st.acl[uid])
	}
	return nil
}
