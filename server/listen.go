package server

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

// What the waits need of a backend beyond running commands: to be told
// when a pane's program writes, rather than to poll the pane, and to run
// a command that blocks (wait-for) where it holds up no other call.

// OutputNotifier is a Tmux that tells when a pane's program writes: the
// control backend (tmux's %output) and the emulator. A backend that is
// not one is polled.
type OutputNotifier interface {
	// NotifyOutput arranges for wake to be sent to, without blocking (a
	// send that would block is dropped), each time the program of pane
	// (%N), in session ($N, the pane's), writes or something else happens
	// to what tmux shows there; it returns once that is so. lost is closed
	// if it stops being so before stop is called (the tmux server went,
	// say); a nil lost is never closed.
	NotifyOutput(ctx context.Context, pane, session string, wake chan<- struct{}) (stop func(), lost <-chan struct{}, err error)
}

// AloneRunner is a Tmux whose commands share one tmux client, where a
// command that blocks (wait-for) would hold up every command after it:
// Alone is the same tmux server through a client of that command's own.
type AloneRunner interface {
	Alone() Tmux
}

// alone is t, or a client of its own for a command that blocks.
func alone(t Tmux) Tmux {
	if a, ok := t.(AloneRunner); ok {
		return a.Alone()
	}
	return t
}

// Alone is the tmux server of t through a tmux process of the command's
// own, which a cancelled call kills.
func (t controlTmux) Alone() Tmux {
	return execTmux{bin: binOrDefault(t.d.Bin), global: t.global, env: t.d.Env}
}

// NotifyOutput is told by a listener: a control client of its own for the
// pane's session (see listener).
func (t controlTmux) NotifyOutput(ctx context.Context, pane, session string, wake chan<- struct{}) (func(), <-chan struct{}, error) {
	return t.d.listen(ctx, t.global, session, pane, wake)
}

// DefaultLinger is how long a listener that nobody watches through is
// kept, so that a wait that follows another (an agent's loop of commands
// and waits) finds it attached rather than starting a tmux client again.
// Meanwhile it reads its session's output, and drops it.
const DefaultLinger = 10 * time.Second

// A listener is a control client that takes pane output, to tell the
// waits on the panes of one session when their programs write: tmux 3.3a
// gives a control client with no-output (as the client that runs
// commands has) no %output at all, and any other only the output of the
// panes of its own session's windows (control_write_output). So it
// attaches to that session, read-only, with no say in window sizes
// (ignore-size) and without copying its environment into the session's
// (-E): what it changes is what any attached client changes, the
// session's count of attached clients (and the user's client-attached
// hooks run). It runs no command of its own. It is started only by a
// wait whose own command tmux has just answered, and never ended while
// tmux may not have taken it in (see controlClient): it is released,
// once unwatched for ControlDialer.Linger, by closing its input once tmux
// answers, as the command client is.
type listener struct {
	d   *ControlDialer
	key string
	c   *controlClient

	mu       sync.Mutex
	watchers map[string][]chan<- struct{} // by pane
	count    int
	idle     *time.Timer
	released bool          // no more watchers: it is being ended
	lost     chan struct{} // closed once the client has gone
}

var errNotSession = errors.New("a session id ($N) is needed to listen to a pane's output")

// listen has wake told of pane's output, through the listener for
// session, started if need be.
func (d *ControlDialer) listen(ctx context.Context, global []string, session, pane string, wake chan<- struct{}) (func(), <-chan struct{}, error) {
	if !isID(session, '$') || !isID(pane, '%') {
		return nil, nil, errNotSession
	}
	d.mu.Lock()
	if d.closed {
		d.mu.Unlock()
		return nil, nil, errDialerClosed
	}
	key := strings.Join(global, "\x00") + "\x00" + session
	l := d.listeners[key]
	if l == nil {
		l = &listener{d: d, key: key, watchers: map[string][]chan<- struct{}{}, lost: make(chan struct{})}
		attach := []string{"attach-session", "-t", session, "-E", "-f", "ignore-size,read-only"}
		c, err := startClient(binOrDefault(d.Bin), d.Env, global, attach, d.orphan, l.notify)
		if err != nil {
			d.mu.Unlock()
			return nil, nil, err
		}
		l.c = c
		if d.listeners == nil {
			d.listeners = map[string]*listener{}
		}
		d.listeners[key] = l
		go l.watchExit()
	}
	stop := l.add(pane, wake)
	d.mu.Unlock()

	select {
	case <-l.c.attachDone:
	case <-ctx.Done():
		stop()
		return nil, nil, ctx.Err()
	}
	if !l.c.isAttached() {
		stop()
		l.c.mu.Lock()
		failure := l.c.failure
		l.c.mu.Unlock()
		return nil, nil, fmt.Errorf("listening to %s: %s", session, firstLine(failure))
	}
	return stop, l.lost, nil
}

// add watches pane through l: d.mu is held, so that l is not released
// meanwhile. stop undoes it.
func (l *listener) add(pane string, wake chan<- struct{}) (stop func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.watchers[pane] = append(l.watchers[pane], wake)
	l.count++
	if l.idle != nil {
		l.idle.Stop()
		l.idle = nil
	}
	return sync.OnceFunc(func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		ws := l.watchers[pane]
		for i, w := range ws {
			if w == wake {
				ws = append(ws[:i:i], ws[i+1:]...)
				break
			}
		}
		if len(ws) == 0 {
			delete(l.watchers, pane)
		} else {
			l.watchers[pane] = ws
		}
		l.count--
		if l.count == 0 && !l.released {
			l.idle = time.AfterFunc(cmp.Or(l.d.Linger, DefaultLinger), l.release)
		}
	})
}

// notify takes the client's notifications: %output wakes the watchers of
// its pane, and those that may change what a pane shows or whether it is
// there (its window's layout, a window closed, the client's end) wake all
// of them, who look again; they are rare.
func (l *listener) notify(line string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	name, rest, _ := strings.Cut(line, " ")
	switch name {
	case "%output":
		pane, _, _ := strings.Cut(rest, " ")
		for _, w := range l.watchers[pane] {
			poke(w)
		}
	case "%layout-change", "%window-close", "%unlinked-window-close", "%exit":
		for _, ws := range l.watchers {
			for _, w := range ws {
				poke(w)
			}
		}
	}
}

func poke(wake chan<- struct{}) {
	select {
	case wake <- struct{}{}:
	default:
	}
}

// watchExit forgets l once its client has gone (its session or tmux
// server ended), and tells its watchers, so that the next wait starts
// another.
func (l *listener) watchExit() {
	<-l.c.exited
	l.d.mu.Lock()
	if l.d.listeners[l.key] == l {
		delete(l.d.listeners, l.key)
	}
	l.d.mu.Unlock()
	l.mu.Lock()
	l.released = true
	if l.idle != nil {
		l.idle.Stop()
	}
	l.mu.Unlock()
	close(l.lost)
}

// release ends l, unwatched since the linger, unless a watcher came
// meanwhile.
func (l *listener) release() {
	l.d.mu.Lock()
	l.mu.Lock()
	if l.count > 0 || l.released {
		l.mu.Unlock()
		l.d.mu.Unlock()
		return
	}
	l.released = true
	if l.d.listeners[l.key] == l {
		delete(l.d.listeners, l.key)
	}
	l.mu.Unlock()
	l.d.mu.Unlock()
	l.end(cmp.Or(l.d.Timeout, DefaultTimeout))
}

// end ends l's client once tmux has taken it in (its attach answered) and
// answers now, as close does; a client tmux has yet to answer is left to
// end when it does.
func (l *listener) end(patience time.Duration) error {
	<-l.c.attachDone
	return l.c.close(patience)
}

// isID reports whether id is sigil and a number, as tmux's ids are.
func isID(id string, sigil byte) bool {
	if len(id) < 2 || id[0] != sigil {
		return false
	}
	_, err := strconv.ParseUint(id[1:], 10, 32)
	return err == nil
}
