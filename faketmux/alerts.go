package faketmux

import "slices"

// checkWindows is what tmux's event loop looks at in the windows between
// commands: the alerts of their programs, then their names.
func (c *client) checkWindows() {
	c.checkAlerts()
	c.checkWindowNames()
}

// checkAlerts is tmux's alerts_check_activity and alerts_check_bell for
// what the panes' programs did since the last look, which tmux makes from
// its event loop and the emulator where a client could see it, with the
// window names: before a client's command line, and where a control
// client's loop ends. With monitor-bell (monitor-activity) on, each place
// of the window is flagged (but the current window of a session a client
// is attached to), and raises alert-bell (alert-activity) where
// bell-action (activity-action) says; a place flagged for activity
// already is left alone.
func (c *client) checkAlerts() {
	var bells, active []*windowCore
	for _, s := range c.st.sessions {
		for _, w := range s.winlinks {
			core := w.windowCore
			if core.activityQueued && !slices.Contains(active, core) {
				active = append(active, core)
			}
			core.activityQueued = false
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
	for _, w := range active {
		if w.options.get("monitor-activity") != "on" {
			continue
		}
		for _, l := range w.links {
			if l.activityAlert {
				continue
			}
			s := l.session
			if s.current != l || c.st.attachedTo(s) == 0 {
				l.activityAlert = true
			}
			if alertApplies(l, s.options.get("activity-action")) {
				c.st.notify(event{kind: eventSilent, hook: "alert-activity", w: l})
			}
		}
	}
	for _, w := range bells {
		if w.options.get("monitor-bell") != "on" {
			continue
		}
		for _, l := range w.links {
			s := l.session
			if s.current != l || c.st.attachedTo(s) == 0 {
				l.bell = true
			}
			if alertApplies(l, s.options.get("bell-action")) {
				c.st.notify(event{kind: eventSilent, hook: "alert-bell", w: l})
			}
		}
	}
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
func (w *window) alerted() bool { return w.bell || w.activityAlert }

// alertFlags are w's alerts as tmux prints them: '#' for activity (doubled
// when escaped for a format), '!' for a bell.
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
	return flags
}
