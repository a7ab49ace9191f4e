package faketmux

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
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
	envPane   envPane  // of env, once read
	retval    int      // the exit status of its command line so far
	// none is tmux's NULL client: the configuration, hooks of
	// notifications and what the event loop runs (noClient); inConfig,
	// running the configuration a server starts with.
	none, inConfig bool
	// control is set for a client in control mode, whose output is
	// guarded and which attaches without a terminal; controlFlags is the
	// guards' flags field: 0 for the argv's commands, 1 for its input's.
	control      *controlClient
	controlFlags int
	pid          int // the client process's, which names it
	uid          int // the user it runs as
	// term is the client's terminal, which an attach takes over; nil for
	// a client with none.
	term *Terminal
	// features are its terminal features, from tmux's -2 and -T.
	features int
	// mouse is the mouse event of the key binding running, nil for none
	// (tmux's item's event).
	mouse *mouseEvent
	// commandPrefix starts the message log's entry for each command it
	// runs ("client-PID command: "), once it has one.
	commandPrefix string
	// hookFormats and hookTarget are set while a hook's commands run:
	// the hook_ variables of their formats, and their current target.
	hookFormats map[string]string
	hookTarget  *target
	// command is the name of the command running, tmux's #{command}.
	command string
	// currentFile is the file of the command running, which the commands
	// it inserts after itself inherit: #{current_file}. pane is the
	// command's pane (command.pane), inherited likewise.
	currentFile string
	pane        *paneState
}

// noClient is a client of none, as tmux runs items with no client: what
// it prints goes nowhere.
func (st *state) noClient(ctx context.Context) *client {
	return &client{ctx: ctx, s: st.srv, st: st, stdout: io.Discard, stderr: io.Discard, utf8: true, none: true}
}

// current is the target a command gets without -t: a control client's
// own session, else the session of the pane the client runs in, else the
// server's most recently used one.
func (c *client) current() (target, bool) {
	if p := c.pane; p != nil && c.st.panes[p.id] == p {
		return target{s: p.window.session, w: p.window, p: p}, true
	}
	if t := c.hookTarget; t != nil && slices.Contains(c.st.sessions, t.s) && t.p != nil && c.st.panes[t.p.id] == t.p {
		return *t, true
	}
	if cc := c.control; cc != nil && cc.session != nil && slices.Contains(c.st.sessions, cc.session) {
		s := cc.session
		return target{s: s, w: s.current, p: s.current.active}, true
	}
	if t, ok := c.insidePane(); ok {
		return t, true
	}
	return c.st.current()
}

// insidePane is the current target of a client that runs in a pane of
// this server, as tmux 3.3a's cmd_find_from_client finds it for a client
// with no session: the pane is the one its TMUX_PANE names
// (cmd_find_inside_pane; the emulator has no client's tty to match), and
// the target, of the sessions that have that pane's window, the one used
// last, at its own current window and pane, not the pane's.
func (c *client) insidePane() (target, bool) {
	if !c.envPane.read {
		c.envPane = readEnvPane(c.env)
	}
	if !c.envPane.ok {
		return target{}, false
	}
	p := c.st.panes[c.envPane.id]
	if p == nil {
		return target{}, false
	}
	var best *session
	for _, place := range p.window.links {
		if s := place.session; best == nil || s.seq > best.seq {
			best = s
		}
	}
	if best == nil || best.current == nil {
		return target{}, false
	}
	return target{s: best, w: best.current, p: best.current.active}, true
}

// envPane is the pane number a client's TMUX_PANE names, read once per
// environment: every command without a target asks for it.
type envPane struct {
	read, ok bool
	id       int
}

func readEnvPane(env []string) envPane {
	id, ok := strings.CutPrefix(lookupEnv(env, "TMUX_PANE"), "%")
	if !ok {
		return envPane{read: true}
	}
	// tmux reads the number with strtonum: C's strtoll, which takes
	// leading white space and a sign, and a range of 0 to UINT_MAX.
	n, err := strconv.ParseInt(strings.TrimLeft(id, " \t\n\v\f\r"), 10, 64)
	if err != nil || n < 0 || n > math.MaxUint32 {
		return envPane{read: true}
	}
	return envPane{read: true, ok: true, id: int(n)}
}

// errorf writes one error line, as tmux's cmdq_error does, which logs
// it too.
func (c *client) errorf(format string, a ...any) {
	msg := fmt.Sprintf(format, a...)
	c.logMessage(msg)
	c.writeError(msg)
}

// writeError writes one error line, and does not log it. An attached
// terminal client shows it on its status line instead, its first letter
// upper case, as tmux's cmdq_error does.
func (c *client) writeError(msg string) {
	if cc := c.control; cc != nil && cc.tty != nil && cc.session != nil {
		if msg != "" {
			msg = strings.ToUpper(msg[:1]) + msg[1:]
		}
		c.showMessage(cc, msg, -1)
		return
	}
	io.WriteString(c.stderr, c.sanitize(msg)+"\n")
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
