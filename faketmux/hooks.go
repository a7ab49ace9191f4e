package faketmux

import (
	"context"
	"slices"
	"strconv"
	"strings"
)

// Hooks are array options of commands (tmux 3.3a's options table): each
// item is kept as tmux prints it (cmd_list_print), which parses back to
// the same commands, and runs through the command queue.

// hookCommand parses a hook's command string as tmux does when the hook
// is set, with tmux's errors, and gives it as tmux prints it
// (cmd_list_print).
func (c *client) hookCommand(s string) (string, error) {
	cmds, err := c.parseCommandString(s)
	if err != nil {
		return "", err
	}
	return printCommands(cmds, " ; "), nil
}

// hookOptions is the set tmux looks a hook up in: the session's, else the
// global session options.
func (st *state) hookOptions(s *session) *options {
	if s != nil {
		return s.options
	}
	return st.sessionOptions
}

// selfHooked are the commands that insert their after- hook themselves in
// tmux, not through the queue (raiseHook): only where they do, with the
// target they give, and next-window, previous-window and last-window
// raise after-select-window.
var selfHooked = map[string]bool{
	"new-session": true, "new-window": true, "split-window": true, "select-pane": true,
	"select-window": true, "next-window": true, "previous-window": true, "last-window": true,
}

// afterHook runs a command's after-<command> hook, as tmux's
// cmdq_insert_hook does for it once the command succeeded: with the
// command's target, else the current one, and the hook_ variables of its
// arguments. Hook commands run no hooks themselves.
func (c *client) afterHook(cmd *command) {
	name, t := cmd.entry.afterHook, cmd.item.target
	if cmd.entry.selfHooked {
		name, t = cmd.item.hook, cmd.item.hookTarget
	}
	if c.hookFormats != nil || name == "" || !c.st.hooksSet {
		return
	}
	if t.p == nil {
		cur, ok := c.current()
		if !ok {
			return
		}
		t = cur
	}
	items := c.st.hookOptions(t.s).getArray(name)
	if len(items) == 0 {
		return // most commands have no hook: build nothing for one
	}
	formats := map[string]string{"hook": name}
	a := &cmd.args
	args := printCommand(cmd)
	args = strings.TrimPrefix(strings.TrimPrefix(args, cmd.entry.name), " ")
	formats["hook_arguments"] = args
	for i, v := range a.values {
		formats["hook_argument_"+strconv.Itoa(i)] = v
	}
	counts := map[byte]int{}
	for _, f := range a.flags {
		key := "hook_flag_" + string(f.letter)
		if !f.hasValue {
			formats[key] = "1"
			continue
		}
		formats[key] = f.value
		formats[key+"_"+strconv.Itoa(counts[f.letter])] = f.value
		counts[f.letter]++
	}
	c.runHook(items, t, formats)
}

// runHookNow is set-hook -R: the hook runs at once for the target.
func (c *client) runHookNow(it *cmdItem, name string) {
	c.runHook(c.st.hookItems(name, it.target), it.target, map[string]string{"hook": name})
}

// hookItems looks a hook up for a target as tmux's notify_insert_hook
// does: the session's options, else the pane's, else the window's.
func (st *state) hookItems(name string, t target) []string {
	o := st.hookOptions(t.s)
	if o.owner(name) == nil && t.p != nil {
		o = t.p.opts()
	}
	if o.owner(name) == nil && t.w != nil {
		o = t.w.options
	}
	return o.getArray(name)
}

// runHook runs a hook's commands, each item a group of its own, as the
// queue would right after the item that raised it. A failure prints its
// error, fails the client and ends its own group only.
func (c *client) runHook(items []string, t target, formats map[string]string) {
	// The hook's commands have a state of their own, which is not a
	// control client's: their guards' flags are 0.
	saved, savedTarget, savedFlags := c.hookFormats, c.hookTarget, c.controlFlags
	c.hookFormats, c.hookTarget, c.controlFlags = formats, &t, 0
	defer func() { c.hookFormats, c.hookTarget, c.controlFlags = saved, savedTarget, savedFlags }()
	for _, item := range items {
		if c.s.st != c.st {
			return
		}
		// An item was parsed when it was set, and prints as it parses.
		if cmds, err := c.parseCommandString(item); err == nil {
			c.runGroup(cmds)
		}
	}
}

// hookName is the hook a notification raises, if any.
func (e event) hookName() string {
	switch e.kind {
	case eventWindowLinked:
		return "window-linked"
	case eventWindowUnlinked:
		return "window-unlinked"
	case eventWindowRenamed:
		return "window-renamed"
	case eventSessionRenamed:
		return "session-renamed"
	case eventLayoutChanged:
		return "window-layout-changed"
	case eventPaneChanged:
		return "window-pane-changed"
	case eventWindowChanged:
		return "session-window-changed"
	case eventSessionChanged:
		return "client-session-changed"
	case eventPaneModeChanged:
		return "pane-mode-changed"
	}
	return e.hook
}

// eventHook runs the hook of a notification as tmux's notify_callback does
// when the notification's item fires: with no client (its commands' output
// goes nowhere), the hook_ variables of what the notification is about,
// and as current target that, while it is still there, else the server's
// current one. The notifications of sessions (created, closed, renamed,
// current window) give the session; of windows linked or unlinked, the
// session and window; of windows, the window alone; of clients, the client
// (and its session as target); of panes, the pane.
func (st *state) eventHook(e event) {
	name := e.hookName()
	if name == "" {
		return
	}
	formats := map[string]string{"hook": name}
	var t target
	s, w := e.s, e.w
	switch {
	case e.client != nil:
		formats["hook_client"] = e.client.name
		if cs := e.client.session; cs != nil && slices.Contains(st.sessions, cs) {
			t = target{s: cs, w: cs.current, p: cs.current.active}
		}
		s, w = nil, nil
	case e.p != nil:
		formats["hook_pane"] = "%" + strconv.Itoa(e.p.id)
		if st.panes[e.p.id] == e.p {
			t = target{s: e.p.window.session, w: e.p.window, p: e.p}
		}
		s, w = nil, nil
	case e.kind == eventWindowLinked, e.kind == eventWindowUnlinked:
		s = w.session
	case e.kind == eventWindowRenamed, e.kind == eventLayoutChanged, e.kind == eventPaneChanged:
		s = nil
	}
	if s != nil {
		formats["hook_session"] = "$" + strconv.Itoa(s.id)
		formats["hook_session_name"] = s.name
		if slices.Contains(st.sessions, s) && s.current != nil {
			t = target{s: s, w: s.current, p: s.current.active}
		}
	}
	if w != nil {
		formats["hook_window"] = "@" + strconv.Itoa(w.id)
		formats["hook_window_name"] = w.name
		if l := st.liveLink(w); l != nil && (s == nil || l.session == s) {
			t = target{s: l.session, w: l, p: l.active}
		}
	}
	st.runEventHook(name, t, formats)
}

// paneHook runs pane-exited or pane-died for p, as tmux's notify_pane
// raises them when a pane's program ends. The emulator runs them then,
// without counting a notification, as the item tmux queues for them is
// already in its measured counts.
func (st *state) paneHook(name string, p *paneState) {
	var t target
	if st.panes[p.id] == p && slices.Contains(st.sessions, p.window.session) {
		t = target{s: p.window.session, w: p.window, p: p}
	}
	st.runEventHook(name, t, map[string]string{"hook": name, "hook_pane": "%" + strconv.Itoa(p.id)})
}

// liveLink is a place of w's window still in a live session: w itself if
// it is, else another.
func (st *state) liveLink(w *window) *window {
	for _, s := range st.sessions {
		for _, l := range s.winlinks {
			if l == w {
				return l
			}
		}
	}
	for _, s := range st.sessions {
		for _, l := range s.winlinks {
			if l.windowCore == w.windowCore {
				return l
			}
		}
	}
	return nil
}

// runEventHook runs a notification's hook with no client.
func (st *state) runEventHook(name string, t target, formats map[string]string) {
	c := st.noClient(context.Background())
	if t.s == nil {
		t, _ = c.current()
	}
	items := st.hookItems(name, t)
	if len(items) == 0 {
		return
	}
	st.inEventHook = true
	defer func() { st.inEventHook = false }()
	c.runHook(items, t, formats)
}
