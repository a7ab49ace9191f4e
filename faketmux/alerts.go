package faketmux

import (
	"slices"
	"time"
)

// checkWindows is what tmux's event loop looks at in the windows between
// commands: the output their programs have written, their sizes when their
// clients' changed, what their programs asked of it, their alerts, then
// their names.
func (c *client) checkWindows() {
	for _, p := range c.st.panes {
		if p.prog != nil {
			p.prog.Sync()
		}
	}
	if c.st.resizeSoon {
		c.st.resizeSoon = false
		c.st.recalculateSizes(false)
	}
	c.checkRequests()
	c.checkAlerts()
	c.checkWindowNames()
}

// checkAlerts is tmux's alerts_check_activity, alerts_check_bell and
// alerts_check_silence for what happened since the last look, which tmux
// makes from its event loop and the emulator where a client could see it,
// with the window names (before a client's command line, and where a
// control client's loop ends), and when a silence timer fires. With
// monitor-activity (monitor-bell, monitor-silence) on, each place of the
// window is flagged (but the current window of a session a client is
// attached to), and raises alert-activity (alert-bell, alert-silence)
// where activity-action (bell-action, silence-action) says; a place
// flagged for activity or silence already is left alone.
func (c *client) checkAlerts() {
	var bells, active, silent []*windowCore
	for _, s := range c.st.sessions {
		for _, w := range s.winlinks {
			core := w.windowCore
			if core.activityQueued && !slices.Contains(active, core) {
				active = append(active, core)
			}
			core.activityQueued = false
			if core.silenceQueued && !slices.Contains(silent, core) {
				silent = append(silent, core)
			}
			core.silenceQueued = false
			for _, p := range w.panes {
				if p.output.Swap(false) && !slices.Contains(active, core) {
					active = append(active, core)
				}
				if p.prog != nil && p.prog.TakeBell() && !slices.Contains(bells, core) {
					bells = append(bells, core)
				}
			}
		}
	}
	c.raiseAlerts(active, activityAlert)
	c.raiseAlerts(bells, bellAlert)
	c.raiseAlerts(silent, silenceAlert)
}

// alertKind is what one kind of alert reads and flags.
type alertKind struct {
	monitored func(*windowCore) bool
	flag      func(*window) *bool // the place's flag, tmux's WINLINK_*
	again     bool                // a flagged place raises the hook again (bells)
	action    string              // the session option that says where the hook is raised
	hook      string
}

var (
	activityAlert = alertKind{
		monitored: func(w *windowCore) bool { return w.options.get("monitor-activity") == "on" },
		flag:      func(w *window) *bool { return &w.activityAlert },
		action:    "activity-action", hook: "alert-activity",
	}
	bellAlert = alertKind{
		monitored: func(w *windowCore) bool { return w.options.get("monitor-bell") == "on" },
		flag:      func(w *window) *bool { return &w.bell },
		again:     true,
		action:    "bell-action", hook: "alert-bell",
	}
	silenceAlert = alertKind{
		monitored: func(w *windowCore) bool { return w.options.number("monitor-silence") != 0 },
		flag:      func(w *window) *bool { return &w.silenceAlert },
		action:    "silence-action", hook: "alert-silence",
	}
)

// raiseAlerts flags the places of windows for an alert of kind k.
func (c *client) raiseAlerts(windows []*windowCore, k alertKind) {
	for _, w := range windows {
		if !k.monitored(w) {
			continue
		}
		for _, l := range w.links {
			flag := k.flag(l)
			if *flag && !k.again {
				continue
			}
			s := l.session
			if s.current != l || c.st.attachedTo(s) == 0 {
				*flag = true
			}
			if alertApplies(l, s.options.get(k.action)) {
				c.st.notify(event{kind: eventSilent, hook: k.hook, w: l})
			}
		}
	}
}

// silenceTimer is a window's timer for monitor-silence, tmux's
// alerts_timer.
type silenceTimer struct {
	timer *time.Timer
	armed time.Time // when it started
}

// resetSilence is tmux's alerts_reset: w's silence timer starts again,
// for monitor-silence's seconds from now (none at 0).
func (st *state) resetSilence(w *windowCore) {
	w.stopSilence()
	if secs := w.options.number("monitor-silence"); secs != 0 {
		st.armSilence(w, time.Now(), time.Duration(secs)*time.Second)
	}
}

// armSilence starts w's silence timer as if at from, to fire after d.
func (st *state) armSilence(w *windowCore, from time.Time, d time.Duration) {
	t := &silenceTimer{armed: from}
	w.silence = t
	t.timer = time.AfterFunc(time.Until(from.Add(d)), func() {
		st.srv.asNoClient(st, func(c *client) { c.silenceFired(w, t) })
	})
}

// stopSilenceTimers stops every window's silence timer, for a server
// that ends: a timer would keep the server's state until it fired.
func (st *state) stopSilenceTimers() {
	for _, s := range st.sessions {
		for _, w := range s.winlinks {
			w.stopSilence()
		}
	}
}

func (w *windowCore) stopSilence() {
	if w.silence != nil {
		w.silence.timer.Stop()
		w.silence = nil
	}
	w.silenceQueued = false
}

// silenceFired is a window's silence timer t firing. tmux starts the
// timer again whenever the window is active (its panes' output, its
// selection), which the emulator reads back here: a window active since
// the timer started waits for monitor-silence's seconds from then; one
// that was not is silent, and its alerts are checked at once, as tmux's
// are.
func (c *client) silenceFired(w *windowCore, t *silenceTimer) {
	if w.silence != t || len(w.links) == 0 {
		return
	}
	st := c.st
	d := time.Duration(w.options.number("monitor-silence")) * time.Second
	if last := w.lastActive(); last.After(t.armed) && time.Until(last.Add(d)) > 0 {
		st.armSilence(w, last, d)
		return
	}
	st.resetSilence(w)
	w.silenceQueued = true
	c.checkAlerts()
	st.runEvents()
}

// lastActive is when tmux's window_update_activity last ran for w: its
// panes' output, its selection or its making.
func (w *windowCore) lastActive() time.Time {
	last := w.touched
	for _, p := range w.panes {
		if t := time.Unix(0, p.lastOutput.Load()); t.After(last) {
			last = t
		}
	}
	return last
}

// alertApplies is tmux's alerts_action_applies: whether an alert of place
// w raises its hook, by the session's bell-action (or the like).
func alertApplies(w *window, action string) bool {
	switch action {
	case "any":
		return true
	case "current":
		return w.session.current == w
	case "other":
		return w.session.current != w
	}
	return false
}

// alerted says whether place w has an alert (tmux's WINLINK_ALERTFLAGS).
func (w *window) alerted() bool { return w.bell || w.activityAlert || w.silenceAlert }

// alertFlags are w's alerts as tmux prints them: '#' for activity (doubled
// when escaped for a format), '!' for a bell, '~' for silence.
func (w *window) alertFlags(escape bool) string {
	flags := ""
	if w.activityAlert {
		flags = "#"
		if escape {
			flags = "##"
		}
	}
	if w.bell {
		flags += "!"
	}
	if w.silenceAlert {
		flags += "~"
	}
	return flags
}
