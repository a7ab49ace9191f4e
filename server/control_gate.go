package server

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A control client that connects to tmux 3.3a while tmux writes a
// notification to every control client makes the server crash (a
// segfault, every session of the user with it). tmux sets the client's
// control flag when it reads the client's first identify message and
// makes its control state only at the last, which can come in a later
// turn of tmux's event loop; a notification sent to every control client
// in between (control-notify.c, which checks the flag alone) writes
// through the missing state. Those notifications are %client-detached
// (any attached client that goes: a control client whose session ended,
// or one that was told to end), %sessions-changed (a session made or
// ended), %session-renamed, %session-window-changed, %window-pane-changed
// and %pane-mode-changed. Measured here: a control client attached while
// another is ending, its session killed, crashes tmux within a few rounds;
// so does one attached while a rename-session runs in a loop, with no
// client ending at all.
//
// tmuxbuf cannot keep the user (or a program in a pane that exits, ending
// its session) from doing such a thing while a client of ours connects,
// but it keeps its own clients from doing it: a serverGate starts a client
// on its tmux server only once no client of ours there may be ending and
// no line of ours is in flight, and holds every line of ours, and every
// end of a client of ours, until the new client has attached. The cost
// falls on a start alone (rare: the command client once, a listener per
// session watched); a line pays a lock, not a round trip.
type serverGate struct {
	// starts holds a token while a client is being started, from the
	// first wait to its attach: one start at a time.
	starts chan struct{}

	mu       sync.Mutex
	changed  chan struct{} // closed, and made anew, on every change below
	starting bool          // a client is connecting: no line is written, none of ours ended
	inflight int           // lines written to a client of ours, not yet answered
	mayEnd   int           // of those, the ones that may end a session (mayEndSession)
	mayEnds  uint64        // lines that may end a session written so far
	// clients are ours on this server that have not exited: true once
	// known to be ending (its session gone, or told to end by us).
	clients map[*controlClient]bool
}

func newServerGate() *serverGate {
	return &serverGate{starts: make(chan struct{}, 1), changed: make(chan struct{}), clients: map[*controlClient]bool{}}
}

var (
	errClientLeaving = errors.New("control mode: a control client of this server's is still ending (its session ended), and tmux 3.3a crashes if another connects before it has gone; nothing was run; try again")
	errLinesPending  = errors.New("control mode: tmux has not answered the commands already sent to it, and tmux 3.3a can crash if a control client connects while they run; nothing was run; try again")
	errStillStarting = errors.New("control mode: another control client of this server's has not finished connecting, and tmux 3.3a can crash if one connects meanwhile; nothing was run; try again")
)

// changedLocked wakes whoever awaits a change; g.mu held.
func (g *serverGate) changedLocked() {
	close(g.changed)
	g.changed = make(chan struct{})
}

// await returns, with g.mu held, once ready (called with g.mu held) is
// true; or ctx's error, without g.mu.
func (g *serverGate) await(ctx context.Context, ready func() bool) error {
	for {
		g.mu.Lock()
		if ready() {
			return nil
		}
		changed := g.changed
		g.mu.Unlock()
		select {
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// endingLocked counts the clients known to be ending; g.mu held.
func (g *serverGate) endingLocked() int {
	n := 0
	for _, ending := range g.clients {
		if ending {
			n++
		}
	}
	return n
}

// joined counts c, just started, among the clients of the server.
func (g *serverGate) joined(c *controlClient) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.clients[c] = false
	g.changedLocked()
}

// exited forgets c, which has exited with lines written to it
// unanswered, mayEnd of them lines that may end a session.
func (g *serverGate) exited(c *controlClient, lines, mayEnd int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.clients, c)
	g.inflight -= lines
	g.mayEnd -= mayEnd
	g.changedLocked()
}

// ending marks c as ending, since tmux ends it (its session has gone)
// or it is being told to end.
func (g *serverGate) ending(c *controlClient) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if _, ok := g.clients[c]; ok {
		g.clients[c] = true
		g.changedLocked()
	}
}

// mayEndClient is ending for a client that this process is about to end
// itself: it waits for a client that is connecting to have attached
// first, up to patience (past it, tmux is not answering).
func (g *serverGate) mayEndClient(c *controlClient, patience time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	if g.await(ctx, func() bool { return !g.starting }) != nil {
		g.mu.Lock() // tmux is not answering the start: end it all the same
	}
	defer g.mu.Unlock()
	if _, ok := g.clients[c]; ok {
		g.clients[c] = true // before the lock goes, so that no start begins unaware
		g.changedLocked()
	}
}

// admit counts a line about to be written, and reports true; or reports
// false, counting nothing, while a client is connecting.
func (g *serverGate) admit(mayEnd bool) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.starting {
		return false
	}
	g.inflight++
	if mayEnd {
		g.mayEnd++
		g.mayEnds++
	}
	return true
}

// awaitOpen waits until no client is connecting.
func (g *serverGate) awaitOpen() {
	g.await(context.Background(), func() bool { return !g.starting })
	g.mu.Unlock()
}

// answered uncounts a line that tmux has answered.
func (g *serverGate) answered(mayEnd bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.inflight--
	if mayEnd {
		g.mayEnd--
	}
	g.changedLocked()
}

// open lets lines through again, once a client has attached.
func (g *serverGate) open() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.starting = false
	g.changedLocked()
}

// startOn starts a client on g's tmux server with launch, once that cannot
// crash tmux (see serverGate), waiting up to the dialer's Timeout (and no
// longer than ctx allows) for that; nothing is started when, by then, needed
// says the client is no longer needed (another call started it). launch
// returns the new client, which has joined g. The next start waits for it
// to have attached.
func (d *ControlDialer) startOn(ctx context.Context, g *serverGate, global []string, needed func() bool, launch func() (*controlClient, error)) (*controlClient, error) {
	patience := cmp.Or(d.Timeout, DefaultTimeout)
	ctx, cancel := context.WithTimeout(ctx, patience)
	defer cancel()
	select {
	case g.starts <- struct{}{}:
	case <-ctx.Done():
		return nil, &BackendError{Err: errStillStarting}
	}
	if !needed() {
		<-g.starts
		return nil, nil
	}
	if err := d.settle(ctx, g, global); err != nil {
		<-g.starts
		return nil, err
	}
	c, err := launch()
	if err != nil || c == nil {
		g.open()
		<-g.starts
		return c, err
	}
	go func() {
		timer := time.NewTimer(patience)
		defer timer.Stop()
		select {
		case <-c.attachDone:
		case <-timer.C:
			// tmux has not taken the client in: it is not answering,
			// and the lines held back would wait for it anyway.
		}
		g.open()
		<-g.starts
	}()
	return c, nil
}

// settle returns, with g.starting set (lines held back), once no client of
// ours on g's server is ending and no line of ours is in flight there. A
// client of ours that tmux no longer lists is ending (tmux lists only
// clients with a session): settle asks tmux before a start whenever there
// is a client of ours to ask about, since a session can end by the doing
// of others (a kill, the exit of its last program), and once more after any
// client it waited for has exited, so that tmux has dealt with that exit
// (and told every control client of it) before the new client connects.
func (d *ControlDialer) settle(ctx context.Context, g *serverGate, global []string) error {
	waited := false
	for {
		g.mu.Lock()
		if g.endingLocked() > 0 {
			waited = true
		}
		g.mu.Unlock()
		if err := g.await(ctx, func() bool { return g.endingLocked() == 0 && g.mayEnd == 0 }); err != nil {
			g.mu.Lock()
			defer g.mu.Unlock()
			if g.endingLocked() > 0 {
				return &BackendError{Err: errClientLeaving}
			}
			return &BackendError{Err: errLinesPending}
		}
		mark := g.mayEnds
		var ours []*controlClient
		for c := range g.clients {
			ours = append(ours, c)
		}
		g.mu.Unlock()
		if len(ours) > 0 || waited {
			missing, err := d.unlisted(ctx, global, ours)
			if err != nil {
				return err
			}
			if len(missing) > 0 {
				for _, c := range missing {
					c.mu.Lock()
					c.leave() // no more lines to it
					c.mu.Unlock()
				}
				continue
			}
			waited = false
		}
		g.mu.Lock()
		g.starting = true
		g.changedLocked()
		g.mu.Unlock()
		if err := g.await(ctx, func() bool { return g.inflight == 0 }); err != nil {
			g.open()
			return &BackendError{Err: errLinesPending}
		}
		if g.mayEnds == mark && g.endingLocked() == 0 {
			g.mu.Unlock()
			return nil
		}
		// A line that may end a session went to tmux meanwhile: look
		// again once it is answered.
		g.starting = false
		g.changedLocked()
		g.mu.Unlock()
	}
}

// unlisted are the clients of ours that tmux does not list: ending, or
// gone. It asks through the command client when there is one that is not
// leaving (a round trip), else through a tmux process of its own, which
// is safe while a control client ends (measured on tmux 3.3a: plain
// commands in that moment never crashed it). With no server to ask, none
// is.
func (d *ControlDialer) unlisted(ctx context.Context, global []string, ours []*controlClient) ([]*controlClient, error) {
	args := []string{"list-clients", "-F", "#{client_pid}"}
	var stdout, stderr bytes.Buffer
	d.mu.Lock()
	c := d.clients[strings.Join(global, "\x00")]
	d.mu.Unlock()
	asked := false
	if c != nil && !c.hasGone() {
		l := &controlLine{text: strings.Join(args[:2], " ") + " " + quoteArg(args[2]), commands: 1, fifos: []*fifo{nil}}
		code, retry, err := c.run(ctx, l, &stdout, &stderr)
		switch {
		case err != nil:
			return nil, err
		case !retry && code == 0:
			asked = true
		default:
			// The client went before tmux answered (its session had
			// ended, say): ask again, another way.
			stdout.Reset()
		}
	}
	if !asked {
		code, err := execTmux{bin: binOrDefault(d.Bin), global: global, env: d.Env}.RunBackend(ctx, args, nil, &stdout, &stderr)
		switch {
		case err != nil:
			return nil, err
		case code != 0:
			return nil, nil // no server: nothing of it to crash
		}
	}
	listed := map[string]bool{}
	for _, pid := range strings.Fields(stdout.String()) {
		listed[pid] = true
	}
	var missing []*controlClient
	for _, c := range ours {
		select {
		case <-c.attachDone:
		default:
			// Not listed yet: tmux has yet to take it in (a start that
			// gave up waiting for that), not ending.
			continue
		}
		if !listed[strconv.Itoa(c.cmd.Process.Pid)] {
			missing = append(missing, c)
		}
	}
	return missing, nil
}

// gateLocked is the gate of the tmux server that key reaches; d.mu held.
func (d *ControlDialer) gateLocked(key string) *serverGate {
	g := d.gates[key]
	if g == nil {
		g = newServerGate()
		if d.gates == nil {
			d.gates = map[string]*serverGate{}
		}
		d.gates[key] = g
	}
	return g
}
