package faketmux

// checkWindows is what tmux's event loop looks at in the windows between
// commands: the alerts of their programs, then their names.
func (c *client) checkWindows() {
	c.checkAlerts()
	c.checkWindowNames()
}

// checkAlerts is tmux's alerts_check_bell for the bells the panes'
// programs rang since the last look, which tmux makes from its event loop
// and the emulator where a client could see them, with the window names:
// before a client's command line, and where a control client's loop ends.
// With monitor-bell on, each place of the window is flagged (but the
// current window of a session a client is attached to), and raises
// alert-bell where bell-action says.
func (c *client) checkAlerts() {
	var rang []*windowCore
	for _, s := range c.st.sessions {
		for _, w := range s.winlinks {
			for _, p := range w.panes {
				if p.prog != nil && p.prog.TakeBell() && !containsCore(rang, w.windowCore) {
					rang = append(rang, w.windowCore)
				}
			}
		}
	}
	for _, w := range rang {
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

func containsCore(cores []*windowCore, w *windowCore) bool {
	for _, c := range cores {
		if c == w {
			return true
		}
	}
	return false
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
