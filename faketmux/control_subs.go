package faketmux

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
)

// What refresh-client -A and -B set up for a control client: the panes
// whose output it has paused or turned off, and its subscriptions, which
// tmux checks every second, writing %subscription-changed for each value
// that differs from the last one written.

// subscriptionPeriod is how often tmux checks a client's subscriptions;
// tests that check them themselves lengthen it.
var subscriptionPeriod = time.Second

// subscription is one of refresh-client -B's: a format to expand for the
// client's session, a pane (%N), every pane (%*), a window (@N) or every
// window (@*), and the last values written, by what they were expanded
// for.
type subscription struct {
	kind   subscriptionKind
	id     int
	format string
	last   map[subscriptionPlace]string
}

type subscriptionKind int

const (
	subSession subscriptionKind = iota
	subPane
	subAllPanes
	subWindow
	subAllWindows
)

// subscriptionPlace is what a value was expanded for: a window place, by
// its window and index, and a pane (-1: none), as tmux keys them.
type subscriptionPlace struct{ window, index, pane int }

// paneFlow is how a client takes a pane's output (refresh-client -A).
type paneFlow struct{ off, paused bool }

// subscribe adds, replaces or (a value with no ':') removes a
// subscription, as tmux's refresh-client -B reads name:what:format; a
// value with one ':' only does nothing.
func (cc *controlClient) subscribe(value string) {
	name, rest, ok := strings.Cut(value, ":")
	if !ok {
		delete(cc.subs, name)
		return
	}
	what, format, ok := strings.Cut(rest, ":")
	if !ok {
		return
	}
	sub := &subscription{kind: subSession, id: -1, format: format, last: map[subscriptionPlace]string{}}
	switch {
	case what == "%*":
		sub.kind = subAllPanes
	case what == "@*":
		sub.kind = subAllWindows
	case strings.HasPrefix(what, "%"):
		if n, ok := leadingNumber(what[1:]); ok && n >= 0 {
			sub.kind, sub.id = subPane, n
		}
	case strings.HasPrefix(what, "@"):
		if n, ok := leadingNumber(what[1:]); ok && n >= 0 {
			sub.kind, sub.id = subWindow, n
		}
	}
	if cc.subs == nil {
		cc.subs = map[string]*subscription{}
	}
	cc.subs[name] = sub
}

// leadingNumber reads a decimal number at the start of s, as sscanf's %d
// does: a sign, then digits, what follows ignored.
func leadingNumber(s string) (int, bool) {
	end := 0
	if end < len(s) && (s[end] == '-' || s[end] == '+') {
		end++
	}
	digits := end
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	if end == digits {
		return 0, false
	}
	n, err := strconv.Atoi(s[:end])
	return n, err == nil
}

// ticks is the channel the client's subscriptions are checked on: a
// ticker that runs while it has any, started by the first.
func (cc *controlClient) ticks() <-chan time.Time {
	switch {
	case len(cc.subs) == 0 && cc.ticker != nil:
		cc.ticker.Stop()
		cc.ticker = nil
	case len(cc.subs) > 0 && cc.ticker == nil:
		cc.ticker = time.NewTicker(subscriptionPeriod)
	}
	if cc.ticker == nil {
		return nil
	}
	return cc.ticker.C
}

// checkSubscriptions writes %subscription-changed for each value of the
// client's subscriptions that changed since it was last written, by
// subscription name, as tmux's timer does. s.mu is held.
func (c *client) checkSubscriptions() {
	cc := c.control
	s := cc.session
	if s == nil {
		return
	}
	st := c.st
	for _, name := range slices.Sorted(maps.Keys(cc.subs)) {
		sub := cc.subs[name]
		report := func(at subscriptionPlace, f *formatter, ids string) {
			value := f.expand(sub.format)
			if last, ok := sub.last[at]; ok && last == value {
				return
			}
			sub.last[at] = value
			fmt.Fprintf(cc.out, "%%subscription-changed %s $%d %s : %s\n", name, s.id, ids, value)
		}
		windowIDs := func(w *window) string { return fmt.Sprintf("@%d %d", w.id, w.index) }
		switch sub.kind {
		case subSession:
			report(subscriptionPlace{-1, -1, -1}, c.formatForTarget(target{s: s}), "- - -")
		case subPane:
			p := st.panes[sub.id]
			if p == nil || p.dead != nil {
				break
			}
			for _, w := range s.winlinks {
				if w.windowCore == p.window.windowCore {
					report(subscriptionPlace{w.id, w.index, p.id}, c.formatIn(w, p), windowIDs(w)+fmt.Sprintf(" %%%d", p.id))
				}
			}
		case subAllPanes:
			for _, w := range s.winlinks {
				for _, p := range w.panes {
					report(subscriptionPlace{w.id, w.index, p.id}, c.formatIn(w, p), windowIDs(w)+fmt.Sprintf(" %%%d", p.id))
				}
			}
		case subWindow, subAllWindows:
			for _, w := range s.winlinks {
				if sub.kind == subAllWindows || w.id == sub.id {
					report(subscriptionPlace{w.id, w.index, -1}, c.formatIn(w, w.active), windowIDs(w)+" -")
				}
			}
		}
	}
}

// setPaneFlow applies one of refresh-client -A's %N:on, off, pause or
// continue to a pane that exists. s.mu is held.
func (cc *controlClient) setPaneFlow(st *state, value string) {
	what, action, ok := strings.Cut(value, ":")
	if !ok || !strings.HasPrefix(what, "%") {
		return
	}
	if id, ok := leadingNumber(what[1:]); ok && id >= 0 && st.panes[id] != nil {
		cc.changeFlow(st, id, action)
	}
}

// changeFlow turns pane id's output on or off, or pauses or continues
// it, for the client, which is told %pause or %continue when the pane's
// state changes; output of a pane paused or off is dropped, what is
// pending included. s.mu is held.
func (cc *controlClient) changeFlow(st *state, id int, action string) {
	st.outMu.Lock()
	flow := cc.flows[id]
	was := flow
	switch action {
	case "on":
		flow.off = false
	case "off":
		flow.off = true
	case "continue":
		flow.paused = false
	case "pause":
		flow.paused = true
	}
	if cc.flows == nil {
		cc.flows = map[int]paneFlow{}
	}
	cc.flows[id] = flow
	if !cc.takesOutput(id) {
		cc.output = slices.DeleteFunc(cc.output, func(ch paneChunk) bool { return ch.pane == id })
	}
	st.outMu.Unlock()
	// Written without outMu, which the panes' readers need, since the
	// client may be slow to read.
	switch {
	case flow.paused && !was.paused:
		io.WriteString(cc.out, "%pause %"+strconv.Itoa(id)+"\n")
	case was.paused && !flow.paused:
		io.WriteString(cc.out, "%continue %"+strconv.Itoa(id)+"\n")
	}
}

// stillTakes is takesOutput for a chunk already taken from the queue.
func (cc *controlClient) stillTakes(st *state, id int) bool {
	st.outMu.Lock()
	defer st.outMu.Unlock()
	return cc.takesOutput(id)
}

// setFlags applies flags as refresh-client -f and attach-session -f
// do; naming no-output, either way, forgets every pane's flow, as tmux's
// control_reset_offsets does.
func (cc *controlClient) setFlags(list string) {
	if cc.flags.setFlags(list) {
		cc.srv.st.outMu.Lock()
		cc.flows = nil
		cc.srv.st.outMu.Unlock()
	}
}

// takesOutput reports whether the client takes pane id's output now.
// st.outMu is held.
func (cc *controlClient) takesOutput(id int) bool {
	flow := cc.flows[id]
	return !flow.off && !flow.paused
}
