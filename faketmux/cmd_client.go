package faketmux

import (
	"os"
	"os/user"
	"slices"
	"strconv"
	"time"
)

// clientCommands are the commands about clients, as tmux's cmd-*.c declare
// them. The only clients the emulator has are control-mode ones (see
// control.go); a client with no terminal gets tmux's answers for one.
var clientCommands = []*cmdEntry{
	{name: "attach-session", alias: "attach", template: "c:dEf:rt:x", lower: 0, upper: 0, usage: `[-dErx] [-c working-directory] [-f flags] [-t target-session]`, startServer: true, target: targetSpec{kind: findSession, canFail: true}, exec: cmdAttachSession},
	{name: "detach-client", alias: "detach", template: "aE:s:t:P", lower: 0, upper: 0, usage: `[-aP] [-E shell-command] [-s target-session] [-t target-client]`, source: targetSpec{kind: findSession, canFail: true}, exec: cmdDetachClient},
	{name: "refresh-client", alias: "refresh", template: "A:B:cC:Df:F:l::LRSt:U", lower: 0, upper: 1, usage: `[-cDlLRSU] [-A pane:state] [-B name:what:format] [-C XxY] [-f flags] [-t target-client] [adjustment]`, exec: cmdRefreshClient},
}

const listClientsTemplate = "#{client_name}: #{session_name} [#{client_width}x#{client_height} #{client_termname}] " +
	"#{?#{!=:#{client_uid},#{uid}},[user #{?client_user,#{client_user},#{client_uid}}] ,}" +
	"#{?client_flags,(,}#{client_flags}#{?client_flags,),}"

// attach-session attaches a control client; a client with no terminal
// cannot attach at all, as tmux's client finds before it asks.
func cmdAttachSession(c *client, it *cmdItem) error {
	a := it.args
	if len(c.st.sessions) == 0 {
		return errorf(errNoSessions)
	}
	var s *session
	if v, ok := a.get('t'); ok {
		t, err := c.findTarget(v, true, findSession)
		if err != nil {
			return err
		}
		s = t.s
	} else {
		s = c.preferUnattached()
	}
	if c.control == nil {
		return errorf(errNotATerminal)
	}
	if v, ok := a.get('c'); ok {
		s.cwd = c.formatFor(s.current.active).expand(v)
	}
	if v, ok := a.get('f'); ok {
		c.control.flags.setFlags(v)
	}
	if a.has('r') {
		c.control.flags.setFlags("read-only")
	}
	if !a.has('E') {
		c.updateEnvironment(s)
	}
	c.attach(s, 1)
	return nil
}

// updateEnvironment is tmux's environ_update for a client attaching to an
// existing session (attach-session, new-session -A): the session's
// update-environment takes the client's variables.
func (c *client) updateEnvironment(s *session) {
	s.env.update(c.env, s.options.getArray("update-environment"))
}

// preferUnattached is the session attach-session picks without -t: the
// most recently used one no client is attached to, else the current one.
func (c *client) preferUnattached() *session {
	var best *session
	for _, s := range c.st.sessions {
		if c.st.attachedTo(s) == 0 && (best == nil || s.seq > best.seq) {
			best = s
		}
	}
	if best == nil {
		t, _ := c.current()
		best = t.s
	}
	return best
}

// targetClient is the client -t names, or the command's own client, as
// tmux's CMD_CLIENT_TFLAG finds it.
func (c *client) targetClient(a *args) (*controlClient, error) {
	name, given := a.get('t')
	if !given {
		if c.control == nil || c.control.session == nil {
			return nil, errorf(errNoCurrentClient)
		}
		return c.control, nil
	}
	for _, cc := range c.st.controls {
		if cc.name == name {
			return cc, nil
		}
	}
	return nil, errorf(errCantFindClient, name)
}

// refresh-client: for a control client, -f sets its flags; a size (-C),
// subscriptions (-B) and pane states (-A) concern what it draws, which
// the emulator never sends.
func cmdRefreshClient(c *client, it *cmdItem) error {
	cc, err := c.targetClient(it.args)
	if err != nil {
		return err
	}
	if v, ok := it.args.get('f'); ok {
		cc.flags.setFlags(v)
	}
	return nil
}

// detach-client: the client leaves once its current batch of input is
// done, as tmux's CLIENT_EXIT does; -s detaches every client of a
// session, -a every client but this one. Like tmux, it needs a client
// first, whatever the flags.
func cmdDetachClient(c *client, it *cmdItem) error {
	a := it.args
	cc, err := c.targetClient(a)
	if err != nil {
		return err
	}
	for _, other := range c.st.controls {
		switch {
		case a.has('s'):
			// tmux finds -s leniently: a session not found detaches
			// nobody.
			if it.source.s != nil && other.session == it.source.s {
				c.leave(other)
			}
		case a.has('a'):
			if other != cc {
				c.leave(other)
			}
		case other == cc:
			c.leave(other)
		}
	}
	return nil
}

// leave detaches cc once its batch is done; its pane loses the focus at
// once.
func (c *client) leave(cc *controlClient) {
	cc.exit = true
	cc.poke()
	if s := cc.session; s != nil && s.current.active.focused {
		p := s.current.active
		p.focused = false
		c.st.notify(event{kind: eventSilent, hook: "pane-focus-out", p: p})
	}
}

// list-clients lists the control clients, those attached to -t's session
// with -t; like has-session it resolves its target whether -t is given or
// not, with tmux's errors.
func cmdListClients(c *client, it *cmdItem) error {
	a := it.args
	template, ok := a.get('F')
	if !ok {
		template = listClientsTemplate
	}
	for _, cc := range slices.Clone(c.st.controls) {
		if cc.session == nil || a.has('t') && cc.session != it.target.s {
			continue
		}
		f := c.formatFor(cc.session.current.active)
		f.client = cc
		c.print(f.expand(template))
	}
	return nil
}

// clientVariable is one of tmux's client_ format variables.
func (f *formatter) clientVariable(key string) (string, time.Time, bool) {
	cc := f.client
	var t time.Time
	switch key {
	case "client_name":
		return cc.name, t, true
	case "client_flags":
		return cc.String(), t, true
	case "client_control_mode":
		return "1", t, true
	case "client_utf8":
		return boolFormat(cc.utf8), t, true
	case "client_readonly":
		return boolFormat(cc.flags.readOnly), t, true
	case "client_session":
		if cc.session != nil {
			return cc.session.name, t, true
		}
		return "", t, true
	case "client_termname":
		return cc.termName, t, true
	case "client_width":
		return "80", t, true
	case "client_uid":
		return strconv.Itoa(os.Getuid()), t, true
	case "client_user":
		u, err := user.Current()
		if err != nil {
			return "", t, false
		}
		return u.Username, t, true
	case "client_pid":
		return strconv.Itoa(cc.pid), t, true
	case "client_created", "client_activity":
		// Activity is when the client last sent a command in tmux; the
		// emulator keeps only when it came.
		return "", cc.created, true
	case "client_key_table":
		return "root", t, true
	case "client_prefix", "client_discarded", "client_written":
		// No keys and no terminal: nothing pending, nothing written.
		return "0", t, true
	case "client_tty", "client_termtype", "client_termfeatures":
		return "", t, true
	}
	return "", t, false
}

func boolFormat(b bool) string {
	if b {
		return "1"
	}
	return "0"
}
