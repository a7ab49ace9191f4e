package faketmux

import (
	"slices"
	"strconv"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/keys"
)

// modeCommands are the commands that put a pane in a mode, as tmux's
// cmd-*.c declare them. With no client attached, tmux still pushes the
// mode on the pane: the emulator keeps tmux's stack of modes, and runs
// copy mode's commands (copymode.go).
var modeCommands = []*cmdEntry{
	{name: "copy-mode", alias: "", template: "eHMs:t:uq", lower: 0, upper: 0, usage: `[-eHMuq] [-s src-pane] [-t target-pane]`, source: targetSpec{kind: findPane}, target: targetSpec{kind: findPane}, exec: cmdCopyMode,
		differs: "Searches take Go's regular expressions (RE2, leftmost-longest), not POSIX's, " +
			"and have no time limit. With wrap-search off, the count of matches the position " +
			"indicator shows after a search that stopped at an end may differ."},
	{name: "clock-mode", alias: "", template: "t:", lower: 0, upper: 0, usage: `[-t target-pane]`, target: targetSpec{kind: findPane}, exec: cmdClockMode},
	{name: "choose-client", alias: "", template: "F:f:K:NO:rt:Z", lower: 0, upper: 1, usage: `[-NrZ] [-F format] [-f filter] [-K key-format] [-O sort-order] [-t target-pane] [template]`, target: targetSpec{kind: findPane}, exec: cmdChooseClient,
		differs: "The list, its keys (moves, tags, sorting, the shortcuts, search and the filter prompt, d, D, " +
			"x, X, z, Z, Enter) and the preview are as tmux draws them on a terminal; the mouse and the menu " +
			"are not modelled. The search and filter prompts open only for a key typed at a terminal. x and X " +
			"detach a control client as d does, without killing its parent. The list is rebuilt at each redraw."},
	{name: "choose-tree", alias: "", template: "F:f:GK:NO:rst:wZ", lower: 0, upper: 1, usage: `[-GNrswZ] [-F format] [-f filter] [-K key-format] [-O sort-order] [-t target-pane] [template]`, target: targetSpec{kind: findPane}, exec: cmdChooseTree,
		differs: "The list, its keys (moves, collapse and expand, tags, sorting, the shortcuts, search and the " +
			"filter prompt, Enter) and the preview are as tmux draws them on a terminal; the mouse, the menu, " +
			"the command and kill prompts (:, x, X) and marking (m, M) are not modelled. The search and filter " +
			"prompts open only for a key typed at a terminal. The list is rebuilt at each redraw. -K sees " +
			"#{line} as text put in its place. Sorting panes by time sorts them by id."},
	{name: "customize-mode", alias: "", template: "F:f:Nt:Z", lower: 0, upper: 0, usage: `[-NZ] [-F format] [-f filter] [-t target-pane]`, target: targetSpec{kind: findPane}, exec: cmdCustomizeMode,
		differs: "What the mode shows is not modelled, nor the keys that do not leave it."},
	{name: "find-window", alias: "findw", template: "CiNrt:TZ", lower: 1, upper: 1, usage: `[-CiNrTZ] [-t target-pane] match-string`, target: targetSpec{kind: findPane}, exec: cmdChooseTree,
		differs: "It is choose-tree with the filter tmux makes of its flags, and differs from tmux as choose-tree " +
			"does. -r's regular expressions are Go's (RE2), not POSIX's."},
}

// modeKind is one of tmux's pane modes.
type modeKind int

const (
	modeView modeKind = iota
	modeCopy
	modeClock
	modeBuffer
	modeTree
	modeClient
	modeOptions
)

// modeNames are pane_mode's names for the modes.
var modeNames = [...]string{"view-mode", "copy-mode", "clock-mode", "buffer-mode", "tree-mode", "client-mode", "options-mode"}

// paneMode is one mode on a pane's stack; copy and view modes have their
// copy state.
type paneMode struct {
	kind  modeKind
	copy  *copyState
	tree  *treeMode  // the list of choose-tree, choose-buffer or choose-client (mode_tree.go)
	clock *clockMode // clock mode's screen (clock.go)
}

func (p *paneState) inMode() bool { return len(p.modes) > 0 }

// mode is the mode on top of the pane's stack, the one that shows and
// takes keys; nil with none.
func (p *paneState) mode() *paneMode {
	if len(p.modes) == 0 {
		return nil
	}
	return p.modes[0]
}

// setMode puts a mode of kind on top of p's stack, as tmux's
// window_pane_set_mode does: one already on the stack moves to the top,
// keeping its state; init makes a new one. It reports whether the mode is
// new.
func (st *state) setMode(p *paneState, kind modeKind, init func() *paneMode) bool {
	if top := p.mode(); top != nil && top.kind == kind {
		return false
	}
	i := slices.IndexFunc(p.modes, func(m *paneMode) bool { return m.kind == kind })
	isNew := i < 0
	var m *paneMode
	if isNew {
		m = init()
	} else {
		m = p.modes[i]
		p.modes = slices.Delete(p.modes, i, i+1)
	}
	p.modes = slices.Insert(p.modes, 0, m)
	p.changed.Store(true) // automatic-rename-format shows a mode
	st.notify(event{kind: eventPaneModeChanged, p: p})
	return isNew
}

// resetMode takes the top mode off p's stack, as tmux's
// window_pane_reset_mode does.
func (st *state) resetMode(p *paneState) {
	if len(p.modes) == 0 {
		return
	}
	if m := p.modes[0]; m.tree != nil {
		st.freeTree(m.tree)
	}
	p.modes = p.modes[1:]
	p.changed.Store(true)
	st.notify(event{kind: eventPaneModeChanged, p: p})
}

// resetModes takes every mode off p's stack.
func (st *state) resetModes(p *paneState) {
	for p.inMode() {
		st.resetMode(p)
	}
}

// viewMode shows p in view mode, where tmux shows a command's output or
// errors when no client can, and returns the mode's state.
func (st *state) viewMode(p *paneState) *copyState {
	st.setMode(p, modeView, func() *paneMode { return &paneMode{kind: modeView, copy: newViewState(p)} })
	return p.mode().copy
}

// copy-mode: -q leaves every mode; otherwise the pane enters copy mode on
// a copy of -s's screen (its own by default), and -u pages up. -M is the
// pane under the mouse of the key binding running, which starts
// selecting with the mouse; a command line has no mouse, and does
// nothing.
func cmdCopyMode(c *client, it *cmdItem) error {
	a, p := it.args, it.target.p
	switch {
	case a.has('q'):
		c.st.resetModes(p)
		return nil
	case a.has('M'):
		// The pane under the mouse of the key binding running, for this
		// client's session only.
		if c.mouse == nil {
			return nil
		}
		if p = c.mouse.targetPane(c.st); p == nil || c.control == nil || c.control.session != c.mouse.session {
			return nil
		}
	}
	src := p
	if a.has('s') {
		src = it.source.p
	}
	// A drag starts only as the mode does, or comes back on top.
	onTop := p.mode() != nil && p.mode().kind == modeCopy
	c.st.setMode(p, modeCopy, func() *paneMode {
		return &paneMode{kind: modeCopy, copy: newCopyState(p, src, a.has('e'), a.has('H'))}
	})
	if !onTop && a.has('M') {
		c.startCopyDrag(c.mouse)
	}
	if a.has('u') {
		p.mode().copy.pageUp(false)
	}
	return nil
}

func cmdClockMode(c *client, it *cmdItem) error {
	c.st.setMode(it.target.p, modeClock, func() *paneMode { return &paneMode{kind: modeClock, clock: &clockMode{}} })
	return nil
}

// choose-buffer (a buffer command, declared with them) with no buffer,
// and choose-client with no client, leave the pane as it is, as in tmux.
func cmdChooseBuffer(c *client, it *cmdItem) error {
	if c.st.buffers.top() == nil {
		return nil
	}
	c.st.setMode(it.target.p, modeBuffer, func() *paneMode { return &paneMode{kind: modeBuffer, tree: c.newBufferMode(it)} })
	return nil
}

func cmdChooseClient(c *client, it *cmdItem) error {
	if c.st.listedClients() == 0 {
		return nil
	}
	c.st.setMode(it.target.p, modeClient, func() *paneMode { return &paneMode{kind: modeClient, tree: c.newClientMode(it)} })
	return nil
}

// choose-tree and find-window both show tree mode.
func cmdChooseTree(c *client, it *cmdItem) error {
	a := it.args
	if it.entry.name == "find-window" {
		a = findWindowArgs(a)
	}
	c.st.setMode(it.target.p, modeTree, func() *paneMode {
		return &paneMode{kind: modeTree, tree: c.newTreeMode(a, it.target)}
	})
	return nil
}

// findWindowArgs are the arguments of the choose-tree that find-window
// is, as tmux's cmd_find_window_exec makes them: -Z, and a filter that
// matches the panes whose content (-C), window name (-N) or title (-T)
// has the match string (all three without any of them), as a pattern
// with * around it or, with -r, a regular expression (names and titles
// still have * around it), ignoring case with -i.
func findWindowArgs(a *args) *args {
	s := a.values[0]
	suffix := ""
	switch {
	case a.has('r') && a.has('i'):
		suffix = "/ri"
	case a.has('r'):
		suffix = "/r"
	case a.has('i'):
		suffix = "/i"
	}
	C, N, T := a.has('C'), a.has('N'), a.has('T')
	if !C && !N && !T {
		C, N, T = true, true, true
	}
	var parts []string
	if C {
		parts = append(parts, "#{C"+suffix+":"+s+"}")
	}
	if N {
		parts = append(parts, "#{m"+suffix+":*"+s+"*,#{window_name}}")
	}
	if T {
		parts = append(parts, "#{m"+suffix+":*"+s+"*,#{pane_title}}")
	}
	// tmux joins them right to left: #{||:a,#{||:b,c}}.
	filter := parts[len(parts)-1]
	for i := len(parts) - 2; i >= 0; i-- {
		filter = "#{||:" + parts[i] + "," + filter + "}"
	}
	fw := &args{}
	if a.has('Z') {
		fw.flags = append(fw.flags, flag{letter: 'Z'})
	}
	fw.flags = append(fw.flags, flag{letter: 'f', value: filter, hasValue: true})
	return fw
}

func cmdCustomizeMode(c *client, it *cmdItem) error {
	c.st.setMode(it.target.p, modeOptions, func() *paneMode { return &paneMode{kind: modeOptions} })
	return nil
}

// modeKey gives a key to a mode without a key table, which handles it at
// once: any key leaves clock mode; the choosers take it as their mode
// tree does (typed: from a terminal, not send-keys).
// tmux gives such a mode only the keys of a command that has a client to
// show it to: its own, or one attached to the pane's session; without
// one the key is dropped. It returns the commands a choice runs.
func (c *client) modeKey(p *paneState, key keys.Code, typed bool) []string {
	if !c.hasTargetClient(p) {
		return nil
	}
	st := c.st
	switch {
	case p.mode().tree != nil:
		done, run := c.treeModeKey(p.mode().tree, key, typed)
		if done {
			st.resetMode(p)
		}
		return run
	case p.mode().kind == modeClock:
		st.resetMode(p)
	case key == 'q' || key == '\x1b' || key == '\x07':
		st.resetMode(p)
	}
	return nil
}

// paneModeVariable is pane_in_mode (how many modes the pane has) or
// pane_mode (the name of the one showing).
func (p *paneState) paneModeVariable(key string) string {
	if key == "pane_in_mode" {
		return strconv.Itoa(len(p.modes))
	}
	if m := p.mode(); m != nil {
		return modeNames[m.kind]
	}
	return ""
}

// copyState is the copy state of the mode showing on p, when it is copy
// or view mode.
func (p *paneState) copyState() *copyState {
	if m := p.mode(); m != nil {
		return m.copy
	}
	return nil
}

// copyVariable is one of the variables copy and view mode add to their
// pane's formats.
func (f *formatter) copyVariable(key string) (string, bool) {
	if f.p == nil {
		return "", false
	}
	if cs := f.p.copyState(); cs != nil {
		return cs.variable(key, f.st.sessionOptions.get("word-separators"))
	}
	return "", false
}

// hasTargetClient reports whether a command of c about p has a client to
// show it to, as tmux's cmd_find_client finds one.
func (c *client) hasTargetClient(p *paneState) bool {
	if c.control != nil && c.control.session != nil {
		return true
	}
	for _, cc := range c.st.controls {
		if cc.session != nil && cc.session == p.window.session {
			return true
		}
	}
	return false
}
