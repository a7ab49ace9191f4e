package faketmux

import "github.com/tmuxbuf/tmuxbuf/faketmux/internal/keys"

// Focus, as tmux 3.3a keeps it: a client has the focus unless its terminal
// reported that it lost it (CLIENT_FOCUSED); a pane has it (PANE_FOCUSED)
// once a look found it the active pane of a window some focused client
// shows. tmux looks when a client's session or terminal's focus changes,
// when the active pane goes, and with focus-events on when the active pane
// or a session's current window changes: between looks a pane keeps what
// it had, which the hooks and the pane's program see.

// focusReport is what a program that asked for focus reports (?1004h) is
// sent, as a terminal sends it.
func focusReport(in bool) []byte {
	if in {
		return []byte("\x1b[I")
	}
	return []byte("\x1b[O")
}

// isFocusKey is whether key is a focus report, which a program is never
// sent as a key: it hears of the focus only as its pane gains or loses it
// (tmux's input_key has no sequence for them).
func isFocusKey(key keys.Code) bool {
	return key == keys.FocusIn || key == keys.FocusOut
}

// focusPane gives p the focus or takes it away: its program is told if it
// asked, then pane-focus-in or pane-focus-out runs.
func (st *state) focusPane(p *paneState, in bool) {
	p.focused = in
	if p.prog != nil && p.prog.FocusReports() {
		p.prog.Write(focusReport(in))
	}
	hook := "pane-focus-out"
	if in {
		hook = "pane-focus-in"
	}
	st.notify(event{kind: eventSilent, hook: hook, p: p})
}

// updateFocus looks at p's focus, as tmux's window_pane_update_focus does:
// p has it while it is its window's active pane and a focused client shows
// that window.
func (st *state) updateFocus(p *paneState) {
	if p == nil {
		return
	}
	focused := false
	if p == p.window.active {
		for _, cc := range st.controls {
			if s := cc.session; s != nil && !cc.unfocused && s.current != nil && s.current.windowCore == p.window.windowCore {
				focused = true
				break
			}
		}
	}
	if focused != p.focused {
		st.focusPane(p, focused)
	}
}

// focusEvents is whether changes of the active pane and of the current
// window move the focus (focus-events), and terminals are asked for focus
// reports.
func (st *state) focusEvents() bool {
	return st.options.get("focus-events") == "on"
}

// activeChanged moves the focus from w's active pane before to its active
// pane now, with focus-events on (tmux's window_set_active_pane).
func (st *state) activeChanged(w *window, was *paneState) {
	if st.focusEvents() {
		st.updateFocus(was)
		st.updateFocus(w.active)
	}
}

// windowSelected moves the focus from the active pane of a session's
// current window before to that of its current window now, with
// focus-events on (tmux's session_set_current).
func (st *state) windowSelected(was, now *window) {
	if st.focusEvents() {
		if was != nil {
			st.updateFocus(was.active)
		}
		st.updateFocus(now.active)
	}
}

// terminalFocus is a focus report from cc's terminal, as tmux's
// tty_keys_next takes it before the key goes on: the client's focus
// changes, its window's active pane is looked at, and the client's hook
// runs (after the pane's when the focus goes, before when it comes).
func (c *client) terminalFocus(cc *controlClient, key keys.Code) {
	in := key == keys.FocusIn
	cc.unfocused = !in
	if in {
		c.st.notify(event{kind: eventSilent, hook: "client-focus-in", client: cc})
	}
	c.st.updateFocus(cc.session.current.active)
	if !in {
		c.st.notify(event{kind: eventSilent, hook: "client-focus-out", client: cc})
	}
}
