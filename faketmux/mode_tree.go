package faketmux

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/keys"
	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/wcwidth"
)

// The mode tree: a list with the current line in mode-style and a preview
// of it below, as tmux 3.3a's mode-tree.c draws and drives it. What fills
// it in and acts on its items is a treeSource, as window-tree.c
// (choose-tree, here), window-buffer.c (choose-buffer, mode_buffer.go) and
// window-client.c (choose-client, mode_client.go) plug into mode-tree.c.

// treeSource fills a mode tree and acts on its items.
type treeSource interface {
	// sorts are the names of the sort orders (-O, O), the first the default.
	sorts() []string
	// build adds the items with m.add, keeping only those filter (when not
	// nil) is true for, and says which item is to be current (nil: the one
	// that was).
	build(c *client, m *treeMode, saved []*treeItem, filter *string) any
	// expand expands a format for an item, as the -K key format is.
	expand(c *client, m *treeMode, it *treeItem, format string) string
	// draw draws the preview of an item in sx by sy cells from cx, cy.
	draw(c *client, m *treeMode, it *treeItem, t *treeScreen, cx, cy, sx, sy int)
	// search reports whether an item matches the search string ss
	// (C-s, n).
	search(c *client, it *treeItem, ss string) bool
	// key acts on a key the generic part did not finish with, named as
	// treeModeKey names it ("Enter" for a chosen item), before the line
	// it was on (before) moved. It reports whether the mode is done and
	// the commands a choice runs.
	key(c *client, m *treeMode, name string, before *treeItem) (done bool, run []string)
}

// treeKind is what an item of the tree is, tmux's window_tree_type.
type treeKind int

const (
	treeNone treeKind = iota
	treeSession
	treeWindow
	treePane
)

// treeItem is one item of the tree, tmux's mode_tree_item with its
// window_tree_itemdata.
type treeItem struct {
	parent   *treeItem
	children []*treeItem
	kind     treeKind
	s        *session
	w        *window
	p        *paneState
	tag      any // what tmux tags the item with: its session, winlink or pane
	data     any // what else the source keeps of it
	name     string
	text     string
	hasText  bool
	expanded bool
	tagged   bool
	line     int
	key      keys.Code
	keystr   string
}

// treeLine is a line of the list, tmux's mode_tree_line.
type treeLine struct {
	item  *treeItem
	depth int
	last  bool
	flat  bool
}

// treeSorts are choose-tree's sort orders (-O), as tmux names them.
var treeSorts = []string{"index", "name", "time"}

// treeMode is the state of a mode tree on a pane, tmux's mode_tree_data
// with what its source's modedata shares.
type treeMode struct {
	p   *paneState
	src treeSource
	// fs is the target the mode was entered for.
	fsS *session
	fsW *window
	fsP *paneState
	// format, keyFormat and command are -F, -K and the template.
	format, keyFormat, command string
	preview                    bool // not -N
	sortField                  int
	reversed                   bool
	filter                     string
	hasFilter                  bool
	search                     string // what n looks for, "" for nothing
	noMatches                  bool
	children                   []*treeItem
	lines                      []treeLine
	width, height              int
	offset, current            int
	// zoomed is -1 without -Z, else whether the window was zoomed
	// before the mode zoomed it.
	zoomed int
}

// windowTree is choose-tree's source, tmux's window_tree_modedata.
type windowTree struct {
	// typ picks the item current at the first build (-s, -w, a pane);
	// treeNone after it.
	typ    treeKind
	squash bool // not -G: a session group shows as one session
	// previewOffset scrolls the preview of a session or window (< >).
	previewOffset int
}

func (*windowTree) sorts() []string { return treeSorts }

// treeDefaultCommand is choose-tree's template when none is given.
const treeDefaultCommand = "switch-client -Zt '%%'"

// treeDefaultKeyFormat is choose-tree's -K when none is given: the line
// number, then M-a to M-z.
const treeDefaultKeyFormat = "#{?#{e|<:#{line},10},#{line},#{?#{e|<:#{line},36},M-#{a:#{e|+:97,#{e|-:#{line},10}}},}}"

// newTreeMode enters tree mode on pane t.p for a choose-tree with
// arguments a, as tmux's window_tree_init does: -s and -w make the
// current item the target's session or window.
func (c *client) newTreeMode(a *args, t target) *treeMode {
	wt := &windowTree{typ: treePane, squash: !a.has('G')}
	switch {
	case a.has('s'):
		wt.typ = treeSession
	case a.has('w'):
		wt.typ = treeWindow
	}
	m := c.startTree(a, t, wt, treeModeFormat, treeDefaultCommand)
	wt.typ = treeNone
	return m
}

// startTree starts a mode tree of src on pane t.p, as tmux's
// mode_tree_start, mode_tree_zoom and the first mode_tree_build do with
// a source's defaults and the arguments a: -F, -K, the template, -N, -O,
// -r, -f, and -Z, which zooms the pane.
func (c *client) startTree(a *args, t target, src treeSource, format, command string) *treeMode {
	m := &treeMode{p: t.p, src: src, fsS: t.s, fsW: t.w, fsP: t.p, zoomed: -1}
	if m.fsW == nil {
		m.fsW = t.p.window
	}
	if m.fsS == nil {
		m.fsS = m.fsW.session
	}
	m.format = format
	if v, ok := a.get('F'); ok {
		m.format = v
	}
	m.keyFormat = treeDefaultKeyFormat
	if v, ok := a.get('K'); ok {
		m.keyFormat = v
	}
	m.command = command
	if len(a.values) > 0 {
		m.command = a.values[0]
	}
	m.preview = !a.has('N')
	if v, ok := a.get('O'); ok {
		for i, name := range src.sorts() {
			if strings.EqualFold(v, name) {
				m.sortField = i
			}
		}
	}
	m.reversed = a.has('r')
	m.filter, m.hasFilter = a.get('f')
	if a.has('Z') {
		w := m.p.window
		m.zoomed = 0
		if w.zoomed != nil {
			m.zoomed = 1
		} else if len(w.panes) > 1 && w.visible(m.p) {
			c.st.zoom(w, m.p)
			c.st.notify(event{kind: eventLayoutChanged, w: w})
		}
	}
	c.buildTree(m)
	return m
}

// freeTree is tree mode leaving its pane: a window the mode zoomed is
// unzoomed, as tmux's mode_tree_free does.
func (st *state) freeTree(m *treeMode) {
	if m.zoomed == 0 {
		st.unzoomTelling(m.p.window)
	}
}

// findTreeItem finds the item tagged tag in items and their children.
func findTreeItem(items []*treeItem, tag any) *treeItem {
	for _, it := range items {
		if it.tag == tag {
			return it
		}
		if found := findTreeItem(it.children, tag); found != nil {
			return found
		}
	}
	return nil
}

// add adds an item as tmux's mode_tree_add does: an item that was there
// before the build keeps whether it was expanded (and tagged, when its
// parent shows); a new one takes expanded (-1: expanded).
func (m *treeMode) add(saved []*treeItem, parent, item *treeItem, expanded int) {
	item.parent = parent
	if old := findTreeItem(saved, item.tag); old != nil {
		if parent == nil || parent.expanded {
			item.tagged = old.tagged
		}
		item.expanded = old.expanded
	} else {
		item.expanded = expanded != 0
	}
	if parent != nil {
		parent.children = append(parent.children, item)
	} else {
		m.children = append(m.children, item)
	}
}

// remove takes an item out of the tree again.
func (m *treeMode) remove(item *treeItem) {
	del := func(l []*treeItem) []*treeItem {
		return slices.DeleteFunc(l, func(x *treeItem) bool { return x == item })
	}
	if item.parent != nil {
		item.parent.children = del(item.parent.children)
	} else {
		m.children = del(m.children)
	}
}

// treeFormat expands format for an item as tmux's format_single does with
// no client: what is missing below what is given is filled in.
func (c *client) treeFormat(format string, s *session, w *window, p *paneState) string {
	f := c.formatWithClient(target{s: s, w: w, p: p}, nil)
	return f.expand(format)
}

// buildItems fills the tree with the server's sessions, their windows and
// their panes, as tmux's window_tree_build does, and says which item is
// treeOrder orders two sessions, or two windows of a session, as
// window-tree.c's sorts do: by index (a session's id), by activity, most
// recent first with the name breaking ties, or by name; -r reverses it.
func (m *treeMode) treeOrder(ai, bi int, at, bt time.Time, an, bn string) int {
	r := 0
	switch m.sortField {
	case 0:
		r = cmp.Compare(ai, bi)
	case 2:
		r = -at.Compare(bt)
		if r == 0 {
			r = strings.Compare(an, bn)
		}
	default:
		r = strings.Compare(an, bn)
	}
	if m.reversed {
		r = -r
	}
	return r
}

// to be current when the mode is new.
func (wt *windowTree) build(c *client, m *treeMode, saved []*treeItem, filter *string) any {
	st := c.st
	var current *sessionGroup
	if m.fsS != nil {
		current = m.fsS.group
	}
	var sessions []*session
	for _, s := range st.sessions {
		if g := s.group; wt.squash && g != nil {
			if g == current && s != m.fsS || g != current && s != g.sessions[0] {
				continue
			}
		}
		sessions = append(sessions, s)
	}
	sessions = slices.Clone(sessions)
	slices.SortFunc(sessions, func(a, b *session) int {
		return m.treeOrder(a.id, b.id, a.activity, b.activity, a.name, b.name)
	})
	keep := func(s *session, w *window, p *paneState) bool {
		if filter == nil {
			return true
		}
		return formatTrue(c.treeFormat(*filter, s, w, p))
	}
	for _, s := range sessions {
		expanded := 1
		if wt.typ == treeSession {
			expanded = 0
		}
		si := &treeItem{kind: treeSession, s: s, tag: s, name: s.name, text: c.treeFormat(m.format, s, nil, nil), hasText: true}
		m.add(saved, nil, si, expanded)
		windows := slices.Clone(s.winlinks)
		slices.SortFunc(windows, func(a, b *window) int {
			return m.treeOrder(a.index, b.index, a.activity, b.activity, a.name, b.name)
		})
		empty := 0
		for _, w := range windows {
			expanded := 1
			if wt.typ == treeSession || wt.typ == treeWindow {
				expanded = 0
			}
			wi := &treeItem{kind: treeWindow, s: s, w: w, tag: w, name: strconv.Itoa(w.index), text: c.treeFormat(m.format, s, w, nil), hasText: true}
			m.add(saved, si, wi, expanded)
			var panes []*paneState
			for _, p := range w.panes {
				if keep(s, w, p) {
					panes = append(panes, p)
				}
			}
			if len(panes) == 0 {
				m.remove(wi)
				empty++
				continue
			}
			if len(w.panes) == 1 {
				continue
			}
			slices.SortFunc(panes, func(a, b *paneState) int {
				r := cmp.Compare(a.id, b.id)
				if m.reversed {
					r = -r
				}
				return r
			})
			for _, p := range panes {
				pi := &treeItem{kind: treePane, s: s, w: w, p: p, tag: p, name: strconv.Itoa(p.index()), text: c.treeFormat(m.format, s, w, p), hasText: true}
				m.add(saved, wi, pi, -1)
			}
		}
		if empty == len(windows) {
			m.remove(si)
		}
	}
	switch wt.typ {
	case treeSession:
		return m.fsS
	case treeWindow:
		return m.fsW
	case treePane:
		if len(m.fsW.panes) == 1 {
			return m.fsW
		}
		return m.fsP
	}
	return nil
}

// buildTree rebuilds the tree and its lines, keeping the current item
// where it can, as tmux's mode_tree_build does.
func (c *client) buildTree(m *treeMode) {
	var tag any
	if len(m.lines) > 0 {
		tag = m.lines[m.current].item.tag
	}
	saved := m.children
	m.children = nil
	var filter *string
	if m.hasFilter {
		filter = &m.filter
	}
	if t := m.src.build(c, m, saved, filter); t != nil {
		tag = t
	}
	m.noMatches = len(m.children) == 0
	if m.noMatches {
		m.children = nil
		if t := m.src.build(c, m, saved, nil); t != nil {
			tag = t
		}
	}
	m.lines = nil
	c.buildLines(m, m.children, 0)
	if tag == nil && len(m.lines) > 0 {
		tag = m.lines[min(m.current, len(m.lines)-1)].item.tag
	}
	m.setCurrent(tag)
	sx, sy := m.p.width, m.p.height
	m.width = sx
	if m.preview {
		m.setHeight(sy)
	} else {
		m.height = sy
	}
	m.checkSelected()
}

// buildLines makes the lines of the items shown, and their keys, as
// tmux's mode_tree_build_lines does.
func (c *client) buildLines(m *treeMode, items []*treeItem, depth int) {
	flat := true
	first := len(m.lines)
	for i, it := range items {
		m.lines = append(m.lines, treeLine{item: it, depth: depth, last: i == len(items)-1})
		it.line = len(m.lines) - 1
		if len(it.children) > 0 {
			flat = false
		}
		if it.expanded {
			c.buildLines(m, it.children, depth+1)
		}
		it.key, it.keystr = c.treeKey(m, it), ""
		if it.key != keys.None {
			it.keystr = it.key.String()
		}
	}
	for i := first; i < len(m.lines); i++ {
		if slices.Contains(items, m.lines[i].item) {
			m.lines[i].flat = flat
		}
	}
}

// treeKey is an item's shortcut key, -K expanded for it with its line
// number, as tmux's window_tree_get_key and its kin make it.
func (c *client) treeKey(m *treeMode, it *treeItem) keys.Code {
	format := strings.ReplaceAll(m.keyFormat, "#{line}", strconv.Itoa(it.line))
	k := keys.Lookup(m.src.expand(c, m, it, format))
	if k == keys.Unknown {
		return keys.None
	}
	return k
}

// expand is a format expanded for an item of choose-tree.
func (*windowTree) expand(c *client, m *treeMode, it *treeItem, format string) string {
	switch it.kind {
	case treeSession:
		return c.treeFormat(format, it.s, nil, nil)
	case treeWindow:
		return c.treeFormat(format, it.s, it.w, nil)
	}
	return c.treeFormat(format, it.s, it.w, it.p)
}

// setCurrent makes the line of tag current, else the first, as tmux's
// mode_tree_set_current does; the list scrolls by the height it had.
func (m *treeMode) setCurrent(tag any) bool {
	for i, l := range m.lines {
		if l.item.tag == tag {
			m.current = i
			if m.height > 0 && m.current > m.height-1 {
				m.offset = m.current - m.height + 1
			} else {
				m.offset = 0
			}
			return true
		}
	}
	m.current, m.offset = 0, 0
	return false
}

// setHeight is how many rows the list takes above the preview, as tmux's
// mode_tree_set_height has it: two thirds, or half when the lines are
// fewer; all the rows when the list or the preview would be too small.
func (m *treeMode) setHeight(sy int) {
	m.height = sy / 3 * 2
	if m.height > len(m.lines) {
		m.height = sy / 2
	}
	if m.height < 10 {
		m.height = sy
	}
	if sy-m.height < 2 {
		m.height = sy
	}
}

// checkSelected scrolls the list to keep the current line on it.
func (m *treeMode) checkSelected() {
	if m.current > m.height-1 {
		m.offset = m.current - m.height + 1
	}
}

func (m *treeMode) up(wrap bool) {
	if m.current == 0 {
		if wrap {
			m.current = len(m.lines) - 1
			if len(m.lines) >= m.height {
				m.offset = len(m.lines) - m.height
			}
		}
		return
	}
	m.current--
	if m.current < m.offset {
		m.offset--
	}
}

func (m *treeMode) down(wrap bool) {
	if m.current == len(m.lines)-1 {
		if wrap {
			m.current, m.offset = 0, 0
		}
		return
	}
	m.current++
	if m.current > m.offset+m.height-1 {
		m.offset++
	}
}

// treeKeys are the named keys tree mode takes.
var treeKeys = sync.OnceValue(func() map[keys.Code]string {
	names := map[keys.Code]string{}
	for _, n := range []string{"Up", "Down", "Left", "Right", "PPage", "NPage", "Home", "End", "Enter", "Escape", "M--", "M-+", "C-p", "C-n", "C-b", "C-f", "C-g", "C-t", "C-s"} {
		names[keys.Lookup(n)] = n
	}
	return names
})

// treeModeKey is a key typed in a mode tree, as tmux's mode_tree_key
// takes it and then its source's key function; typed is whether it came
// from a terminal (tmux's mouse event is there), not from send-keys. It
// reports whether the mode is done, and the commands a choice runs (the
// template, with the chosen item's target).
func (c *client) treeModeKey(m *treeMode, key keys.Code, typed bool) (done bool, run []string) {
	if len(m.lines) == 0 {
		return true, nil
	}
	before := m.lines[m.current].item
	name := treeKeys()[key]
	if name == "" && key < 0x80 {
		name = string(rune(key))
	}
	choice := -1
	for i, l := range m.lines {
		if l.item.key != keys.None && l.item.key == key {
			choice = i
			break
		}
	}
	if choice >= 0 {
		m.current = choice
		name = "Enter"
	}
	line := m.lines[m.current]
	cur := line.item
	switch name {
	case "q", "Escape", "C-g":
		return true, nil
	case "Up", "k", "C-p":
		m.up(true)
	case "Down", "j", "C-n":
		m.down(true)
	case "PPage", "C-b":
		for range m.height {
			if m.current == 0 {
				break
			}
			m.up(true)
		}
	case "NPage", "C-f":
		for range m.height {
			if m.current == len(m.lines)-1 {
				break
			}
			m.down(true)
		}
	case "g", "Home":
		m.current, m.offset = 0, 0
	case "G", "End":
		m.current = len(m.lines) - 1
		m.offset = 0
		if m.current > m.height-1 {
			m.offset = m.current - m.height + 1
		}
	case "t":
		if !cur.tagged {
			for p := cur.parent; p != nil; p = p.parent {
				p.tagged = false
			}
			clearTagged(cur.children)
			cur.tagged = true
		} else {
			cur.tagged = false
		}
		if typed {
			m.down(false)
		}
	case "T":
		for _, l := range m.lines {
			l.item.tagged = false
		}
	case "C-t":
		for _, l := range m.lines {
			l.item.tagged = l.item.parent == nil
		}
	case "O":
		m.sortField = (m.sortField + 1) % len(m.src.sorts())
		c.buildTree(m)
	case "r":
		m.reversed = !m.reversed
		c.buildTree(m)
	case "Left", "h", "-":
		if line.flat || !cur.expanded {
			cur = cur.parent
		}
		if cur == nil {
			m.up(false)
		} else {
			cur.expanded = false
			m.current = cur.line
			c.buildTree(m)
		}
	case "Right", "l", "+":
		if line.flat || cur.expanded {
			m.down(false)
		} else {
			cur.expanded = true
			c.buildTree(m)
		}
	case "M--":
		for _, it := range m.children {
			it.expanded = false
		}
		c.buildTree(m)
	case "M-+":
		for _, it := range m.children {
			it.expanded = true
		}
		c.buildTree(m)
	case "?", "/", "C-s":
		c.treePrompt(m, "(search) ", "", func(ss string) {
			m.search = ss
			c.searchTree(m)
		})
	case "n":
		c.searchTree(m)
	case "f":
		c.treePrompt(m, "(filter) ", m.filter, func(filter string) {
			m.filter, m.hasFilter = filter, filter != ""
			c.buildTree(m)
		})
	case "v":
		m.preview = !m.preview
		c.buildTree(m)
		if m.preview {
			m.checkSelected()
		}
	}
	return m.src.key(c, m, name, before)
}

// treePrompt opens the search or filter prompt of a mode tree on the
// status line of the client that typed the key, as tmux's
// status_prompt_set does, with input to start from. done takes the
// answer, "" when the prompt was cancelled, unless the mode has gone
// from its pane by then.
func (c *client) treePrompt(m *treeMode, text, input string, done func(string)) {
	cc := c.control
	if cc == nil || cc.tty == nil {
		return
	}
	c.freeze(cc)
	cc.tty.prompt = &statusPrompt{kind: "search", text: text, input: []rune(input), index: len([]rune(input)), answer: func(_ *client, in string, ok bool) {
		if !ok {
			in = ""
		}
		if slices.ContainsFunc(m.p.modes, func(pm *paneMode) bool { return pm.tree == m }) {
			done(in)
		}
	}}
}

// ordered finishes a comparison r of two items of a mode's list: by
// name where the sort order says nothing, and turned round with -r.
func (m *treeMode) ordered(r int, a, b string) int {
	if r == 0 {
		r = strings.Compare(a, b)
	}
	if m.reversed {
		r = -r
	}
	return r
}

// searchTree makes current the next item that matches the search, its
// parents expanded, as tmux's mode_tree_search_set does.
func (c *client) searchTree(m *treeMode) {
	it := c.searchFrom(m)
	if it == nil {
		return
	}
	for p := it.parent; p != nil; p = p.parent {
		p.expanded = true
	}
	c.buildTree(m)
	m.setCurrent(it.tag)
}

// searchFrom finds the first item after the current one that matches
// the search, in the order of the whole tree (the items of collapsed ones
// too) and going round, as tmux's mode_tree_search_for does; nil for
// none.
func (c *client) searchFrom(m *treeMode) *treeItem {
	if m.search == "" || len(m.lines) == 0 {
		return nil
	}
	last := m.lines[m.current].item
	it := last
	for {
		if len(it.children) > 0 {
			it = it.children[0]
		} else {
			for it != nil {
				if next := m.nextSibling(it); next != nil {
					it = next
					break
				}
				it = it.parent
			}
			if it == nil {
				it = m.children[0]
			}
		}
		if it == last {
			return nil
		}
		if m.src.search(c, it, m.search) {
			return it
		}
	}
}

// nextSibling is the item after it among its parent's children, nil
// for the last.
func (m *treeMode) nextSibling(it *treeItem) *treeItem {
	siblings := m.children
	if it.parent != nil {
		siblings = it.parent.children
	}
	if i := slices.Index(siblings, it); i >= 0 && i+1 < len(siblings) {
		return siblings[i+1]
	}
	return nil
}

// search matches a session or window by its name and a pane by the
// command it runs, as tmux's window_tree_search does.
func (*windowTree) search(c *client, it *treeItem, ss string) bool {
	if c.st.treeTarget(it) == "" {
		return false
	}
	switch it.kind {
	case treeSession:
		return strings.Contains(it.s.name, ss)
	case treeWindow:
		return strings.Contains(it.w.name, ss)
	}
	command := it.p.foregroundCommand()
	return command != "" && strings.Contains(command, ss)
}

// key is a key of choose-tree's own, as tmux's window_tree_key takes it:
// < and > scroll the preview, H goes to the target, Enter chooses.
func (wt *windowTree) key(c *client, m *treeMode, name string, before *treeItem) (bool, []string) {
	if m.lines[m.current].item != before {
		wt.previewOffset = 0
	}
	cur := m.lines[m.current].item
	switch name {
	case "<":
		wt.previewOffset--
	case ">":
		wt.previewOffset++
	case "H":
		if it := findTreeItem(m.children, any(m.fsS)); it != nil && !it.expanded {
			it.expanded = true
			c.buildTree(m)
		}
		if it := findTreeItem(m.children, any(m.fsW)); it != nil && !it.expanded {
			it.expanded = true
			c.buildTree(m)
		}
		if !m.setCurrent(m.p) {
			m.setCurrent(m.fsW)
		}
	case "Enter":
		if target := c.st.treeTarget(cur); target != "" {
			return true, []string{templateReplace(m.command, target, 1)}
		}
		return true, nil
	}
	return false, nil
}

func clearTagged(items []*treeItem) {
	for _, it := range items {
		it.tagged = false
		clearTagged(it.children)
	}
}

// treeTarget is the target an item names for the template, as tmux's
// window_tree_get_target makes it; "" when the item is gone.
func (st *state) treeTarget(it *treeItem) string {
	gone := !slices.Contains(st.sessions, it.s)
	switch it.kind {
	case treeSession:
		if gone {
			return ""
		}
		return "=" + it.s.name + ":"
	case treeWindow:
		if gone || !slices.Contains(it.s.winlinks, it.w) {
			return ""
		}
		return "=" + it.s.name + ":" + strconv.Itoa(it.w.index) + "."
	case treePane:
		if gone || !slices.Contains(it.s.winlinks, it.w) || !slices.Contains(it.w.panes, it.p) {
			return ""
		}
		return "=" + it.s.name + ":" + strconv.Itoa(it.w.index) + ".%" + strconv.Itoa(it.p.id)
	}
	return ""
}

// templateReplace puts s into a command template as tmux's
// cmd_template_replace does: every %idx, and the first %%, becomes s;
// written %%% (or %idx%), s with its quotes and such escaped.
func templateReplace(template, s string, idx int) string {
	if !strings.Contains(template, "%") {
		return template
	}
	var b strings.Builder
	replaced := false
	for i := 0; i < len(template); {
		ch := template[i]
		i++
		if ch == '%' {
			next := byteAt(template, i)
			if next < '1' || next > '9' || int(next-'0') != idx {
				if next != '%' || replaced {
					b.WriteByte(ch)
					continue
				}
				replaced = true
			}
			i++
			quoted := byteAt(template, i) == '%'
			if quoted {
				i++
			}
			for j := 0; j < len(s); j++ {
				if quoted && strings.IndexByte("\"\\$;~", s[j]) >= 0 {
					b.WriteByte('\\')
				}
				b.WriteByte(s[j])
			}
			continue
		}
		b.WriteByte(ch)
	}
	return b.String()
}

// treeCell is one cell of tree mode's screen: its style as SGR sequences
// from a reset, and its character ("" for a blank never written).
type treeCell struct {
	sgr string
	ch  string
}

// treeScreen is tree mode's screen as mode_tree_draw writes it.
type treeScreen struct {
	cells  [][]treeCell
	sx, sy int
}

func newTreeScreen(sx, sy int) *treeScreen {
	t := &treeScreen{sx: sx, sy: sy, cells: make([][]treeCell, sy)}
	for y := range t.cells {
		t.cells[y] = make([]treeCell, sx)
	}
	return t
}

func (t *treeScreen) set(x, y int, sgr, ch string) {
	if x >= 0 && y >= 0 && x < t.sx && y < t.sy {
		t.cells[y][x] = treeCell{sgr, ch}
	}
}

// puts writes text from x, y with sgr, up to max columns; \001 switches
// the line drawing characters on and off, as tmux's screen_write_nputs
// takes it. It returns the column after the text.
func (t *treeScreen) puts(x, y int, sgr, text string, max int) int {
	acs := false
	cols := 0
	for _, r := range text {
		if r == '\001' {
			acs = !acs
			continue
		}
		ch := string(r)
		if acs {
			ch = acsChar(r)
		}
		w := max0(wcwidth.Of(r))
		if acs {
			w = 1
		}
		if cols+w > max {
			break
		}
		t.set(x+cols, y, sgr, ch)
		for i := 1; i < w; i++ {
			t.set(x+cols+i, y, sgr, "\x00")
		}
		cols += w
	}
	return x + cols
}

func max0(n int) int { return max(n, 0) }

// acsChar is the character a line drawing character of the VT100's
// alternate character set is drawn as on a UTF-8 terminal.
func acsChar(r rune) string {
	switch r {
	case 'q':
		return "─"
	case 'x':
		return "│"
	case 'l':
		return "┌"
	case 'k':
		return "┐"
	case 'm':
		return "└"
	case 'j':
		return "┘"
	case 't':
		return "├"
	case 'u':
		return "┤"
	case 'w':
		return "┬"
	case 'v':
		return "┴"
	case 'n':
		return "┼"
	}
	return string(r)
}

// box draws a box of nx by ny cells from x, y in line drawing characters,
// as tmux's screen_write_box does.
func (t *treeScreen) box(x, y, nx, ny int) {
	t.set(x, y, "", "┌")
	t.set(x+nx-1, y, "", "┐")
	t.set(x, y+ny-1, "", "└")
	t.set(x+nx-1, y+ny-1, "", "┘")
	for i := 1; i < nx-1; i++ {
		t.set(x+i, y, "", "─")
		t.set(x+i, y+ny-1, "", "─")
	}
	for i := 1; i < ny-1; i++ {
		t.set(x, y+i, "", "│")
		t.set(x+nx-1, y+i, "", "│")
	}
}

// vline draws a vertical line of ny cells down from x, y.
func (t *treeScreen) vline(x, y, ny int) {
	for i := range ny {
		t.set(x, y+i, "", "│")
	}
}

// rows renders the screen's rows: each cell's style and character, the
// blanks at a row's end left out for the terminal to clear.
func (t *treeScreen) rows() []string {
	out := make([]string, t.sy)
	for y, row := range t.cells {
		keep := 0
		for x, c := range row {
			if c.sgr != "" || (c.ch != "" && c.ch != " ") {
				keep = x + 1
			}
		}
		var b strings.Builder
		last := ""
		for _, c := range row[:keep] {
			if c.ch == "\x00" {
				continue
			}
			if c.sgr != last {
				b.WriteString("\x1b[0m" + c.sgr)
				last = c.sgr
			}
			ch := c.ch
			if ch == "" {
				ch = " "
			}
			b.WriteString(ch)
		}
		out[y] = b.String()
	}
	return out
}

// treeModeRows are the rows tree mode shows of pane p, as tmux's
// mode_tree_draw draws them: the list, the current line in mode-style,
// and below it the preview's box, with its label and what the current
// item shows.
func (c *client) treeModeRows(p *paneState, m *treeMode) []string {
	c.buildTree(m)
	t := newTreeScreen(p.width, p.height)
	if len(m.lines) == 0 {
		return t.rows()
	}
	f := c.formatIn(p.window, p)
	mode := parseDrawStyle(drawStyle{}, f.expand(p.window.options.get("mode-style")))
	w, h := m.width, m.height
	keylen := 0
	for _, l := range m.lines {
		if l.item.key != keys.None {
			keylen = max(keylen, len(l.item.keystr)+3)
		}
	}
	for i := m.offset; i < len(m.lines) && i <= m.offset+h-1; i++ {
		line := m.lines[i]
		it := line.item
		y := i - m.offset
		key := ""
		if it.key != keys.None {
			key = "(" + it.keystr + ")" + strings.Repeat(" ", max(keylen-2-len(it.keystr), 0))
		}
		symbol := ""
		switch {
		case line.flat:
		case len(it.children) == 0:
			symbol = "  "
		case it.expanded:
			symbol = "- "
		default:
			symbol = "+ "
		}
		start := symbol
		if line.depth > 0 {
			var sb strings.Builder
			for j := 1; j < line.depth; j++ {
				if it.parent != nil && m.lines[it.parent.line].last {
					sb.WriteString("    ")
				} else {
					sb.WriteString("\001x\001   ")
				}
			}
			if line.last {
				sb.WriteString("\001mq\001> ")
			} else {
				sb.WriteString("\001tq\001> ")
			}
			sb.WriteString(symbol)
			start = sb.String()
		}
		tag := ""
		if it.tagged {
			tag = "*"
		}
		sep := ""
		if it.hasText {
			sep = ": "
		}
		text := key + strings.Repeat(" ", max(keylen-len(key), 0)) + start + it.name + tag + sep
		width := 0
		for _, r := range text {
			if r >= ' ' && r != 0x7f {
				width += max0(wcwidth.Of(r))
			}
		}
		width = min(width, w)
		style := drawStyle{}
		if i == m.current {
			style = mode
		}
		if it.tagged {
			style.attrs = toggleBright(style.attrs)
		}
		if i == m.current {
			fill := drawStyle{bg: mode.bg}.sgr()
			for x := range w {
				t.set(x, y, fill, " ")
			}
		}
		x := t.puts(0, y, styleSGR(style), text, w)
		if it.hasText {
			drawTreeFormat(t, x, y, it.text, style, w-width)
		}
	}
	sy := p.height
	if !m.preview || sy <= 4 || h <= 4 || sy-h <= 4 || w <= 4 {
		return t.rows()
	}
	it := m.lines[m.current].item
	t.box(0, h, w, sy-h)
	label := " " + it.name + " (sort: " + m.src.sorts()[m.sortField]
	if m.reversed {
		label += ", reversed"
	}
	label += ")"
	if w-2 >= len(label) {
		x := t.puts(1, h, "", label, w)
		n := len("active")
		if m.noMatches {
			n = len("no matches")
		}
		if m.hasFilter && w-2 >= len(label)+10+n+2 {
			x = t.puts(x, h, "", " (filter: ", w)
			if m.noMatches {
				x = t.puts(x, h, styleSGR(mode), "no matches", w)
			} else {
				x = t.puts(x, h, "", "active", w)
			}
			t.puts(x, h, "", ") ", w)
		} else {
			t.puts(x, h, "", " ", w)
		}
	}
	if bx, by := w-4, sy-h-2; bx > 0 && by > 0 {
		m.src.draw(c, m, it, t, 2, h+1, bx, by)
	}
	return t.rows()
}

// styleSGR is a style's SGR, "" for the default style.
func styleSGR(d drawStyle) string {
	if d.fg == "" && d.bg == "" && len(d.attrs) == 0 {
		return ""
	}
	return d.sgr()
}

// toggleBright flips bright, as tmux marks a tagged item.
func toggleBright(attrs []string) []string {
	if i := slices.Index(attrs, "bright"); i >= 0 {
		return slices.Delete(slices.Clone(attrs), i, i+1)
	}
	if i := slices.Index(attrs, "bold"); i >= 0 {
		return slices.Delete(slices.Clone(attrs), i, i+1)
	}
	return append(slices.Clone(attrs), "bright")
}

// drawTreeFormat draws an expanded format from x, y in at most width
// columns over base, its #[...] styles applied, as tmux's format_draw
// draws an item's text (left-aligned, nothing filled after it).
func drawTreeFormat(t *treeScreen, x, y int, text string, base drawStyle, width int) {
	cur := base
	cols := 0
	for i := 0; i < len(text) && cols < width; {
		if text[i] == '#' && i+1 < len(text) && text[i+1] == '[' {
			if j := strings.IndexByte(text[i:], ']'); j >= 0 {
				for _, word := range strings.FieldsFunc(text[i+2:i+j], func(r rune) bool { return r == ',' || r == ' ' }) {
					name, _, _ := strings.Cut(word, "=")
					switch name {
					case "default":
						cur = base
					case "align", "list", "nolist", "range", "norange", "fill", "push-default", "pop-default":
					default:
						cur = parseDrawStyle(cur, word)
					}
				}
				i += j + 1
				continue
			}
		}
		if text[i] == '#' && i+1 < len(text) && text[i+1] == '#' {
			i++
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		i += n
		cw := max0(wcwidth.Of(r))
		if cols+cw > width {
			break
		}
		t.set(x+cols, y, styleSGR(cur), string(r))
		cols += cw
	}
}

// draw draws the preview of an item in the box's inside, as
// tmux's window_tree_draw does: a session's windows or a window's panes
// side by side, each with its label, or a pane's screen.
func (wt *windowTree) draw(c *client, m *treeMode, it *treeItem, t *treeScreen, cx, cy, sx, sy int) {
	if c.st.treeTarget(it) == "" {
		return
	}
	switch it.kind {
	case treeSession:
		s := it.s
		var panes []*paneState
		var labels []string
		current := 0
		for i, w := range s.winlinks {
			if w == s.current {
				current = i
			}
			panes = append(panes, w.active)
			labels = append(labels, " "+strconv.Itoa(w.index)+":"+w.name+" ")
		}
		c.treePreviewRow(wt, s, t, cx, cy, sx, sy, panes, labels, current, true, func(i int) string { return " " + strconv.Itoa(s.winlinks[i].index) + " " })
	case treeWindow:
		w := it.w
		var labels []string
		current := 0
		for i, p := range w.panes {
			if p == w.active {
				current = i
			}
			labels = append(labels, " "+strconv.Itoa(p.index())+" ")
		}
		c.treePreviewRow(wt, it.s, t, cx, cy, sx, sy, w.panes, labels, current, false, nil)
	case treePane:
		c.panePreview(t, it.p, cx, cy, sx, sy)
	}
}

// treePreviewRow draws previews side by side, as tmux's
// window_tree_draw_session and window_tree_draw_window do: as many as fit
// at 24 columns each around the current one, arrows where there are more,
// and each labelled in a small box, in display-panes-active-colour for
// the current one and display-panes-colour for the others. short is the
// label of a window whose name does not fit.
func (c *client) treePreviewRow(wt *windowTree, s *session, t *treeScreen, cx, cy, sx, sy int, panes []*paneState, labels []string, current int, isSession bool, short func(int) string) {
	total := len(panes)
	if total == 0 {
		return
	}
	colour := s.options.get("display-panes-colour")
	active := s.options.get("display-panes-active-colour")
	visible := total
	if sx/total < 24 {
		visible = max(sx/24, 1)
	}
	var start, end int
	switch {
	case current < visible:
		start, end = 0, visible
	case current >= total-visible:
		start, end = total-visible, total
	default:
		start = current - visible/2
		end = start + visible
	}
	wt.previewOffset = max(wt.previewOffset, -start)
	wt.previewOffset = min(wt.previewOffset, total-end)
	start += wt.previewOffset
	end += wt.previewOffset
	left, right := start != 0, end != total
	if left && right && sx <= 6 || (left || right) && sx <= 3 {
		left, right = false, false
	}
	var each, remaining int
	switch {
	case left && right:
		each = (sx - 6) / visible
		remaining = (sx - 6) - visible*each
	case left || right:
		each = (sx - 3) / visible
		remaining = (sx - 3) - visible*each
	default:
		each = sx / visible
		remaining = sx - visible*each
	}
	if each == 0 {
		return
	}
	if left {
		t.vline(cx+2, cy, sy)
		t.set(cx, cy+sy/2, "", "<")
	}
	if right {
		t.vline(cx+sx-3, cy, sy)
		t.set(cx+sx-1, cy+sy/2, "", ">")
	}
	for i, loop := 0, start; loop < end; i, loop = i+1, loop+1 {
		col := colour
		if loop == current {
			col = active
		}
		offset := i * each
		if left {
			offset += 3
		}
		width := each - 1
		if loop == end-1 {
			width = each + remaining
		}
		c.panePreview(t, panes[loop], cx+offset, cy, width, sy)
		label := labels[loop]
		labelWidth := each
		if isSession {
			if len(label) > width {
				label = short(loop)
			}
			labelWidth = width
		}
		treeLabel(t, cx+offset, cy, labelWidth, sy, drawStyle{fg: col}.sgr(), label)
		if loop != end-1 {
			t.vline(cx+offset+width, cy, sy)
		}
	}
}

// treeLabel draws a preview's label in the middle of its sx by sy cells,
// in a box when there is room, as tmux's window_tree_draw_label does.
func treeLabel(t *treeScreen, px, py, sx, sy int, sgr, label string) {
	n := len(label)
	if sx == 0 || sy == 1 || n > sx {
		return
	}
	ox, oy := (sx-n+1)/2, (sy+1)/2
	if ox > 1 && ox+n < sx-1 && sy >= 3 {
		t.box(px+ox-1, py+oy-1, n+2, 3)
	}
	t.puts(px+ox, py+oy, sgr, label, n)
}

// panePreview copies nx by ny cells of p's screen to x, y, as tmux's
// screen_write_preview does: around the cursor when it shows, with the
// cursor's cell in reverse; else from the top left.
func (c *client) panePreview(t *treeScreen, p *paneState, x, y, nx, ny int) {
	if p.prog == nil {
		return
	}
	out, err := p.prog.Capture(paneCapture)
	if err != nil {
		return
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	cells := make([][]treeCell, len(lines))
	acc := ""
	for i, line := range lines {
		cells[i], acc = styledCells(line, acc)
	}
	px, py := 0, 0
	cursorX, cursorY := p.prog.Cursor()
	on, ok := p.prog.Flag("cursor_flag")
	cursor := !ok || on
	if cursor {
		around := func(c, n, size int) int {
			v := 0
			if c >= n/3 {
				v = c - n/3
			}
			if v+n > size {
				if n > size {
					v = 0
				} else {
					v = size - n
				}
			}
			return v
		}
		px = around(cursorX, nx, p.width)
		py = around(cursorY, ny, p.height)
	}
	cell := func(cx, cy int) treeCell {
		if cy < len(cells) && cx < len(cells[cy]) {
			return cells[cy][cx]
		}
		return treeCell{}
	}
	for j := range ny {
		if py+j >= p.height {
			break
		}
		for i := range nx {
			if px+i >= p.width {
				break
			}
			t.set(x+i, y+j, cell(px+i, py+j).sgr, cell(px+i, py+j).ch)
		}
	}
	if cursor {
		cc := cell(cursorX, cursorY)
		ch := cc.ch
		if ch == "" || ch == "\x00" {
			ch = " "
		}
		t.set(x+cursorX-px, y+cursorY-py, cc.sgr+"\x1b[7m", ch)
	}
}

// styledCells are the cells of a line written with SGR sequences, each
// with the style it was written in, starting from style acc; a wide
// character's second cell is "\x00". It returns the style at the end.
func styledCells(line, acc string) ([]treeCell, string) {
	var cells []treeCell
	for j := 0; j < len(line); {
		if line[j] == 0x1b {
			k := escapeEnd(line, j)
			seq := line[j:k]
			if seq == "\x1b[0m" || seq == "\x1b[m" {
				acc = ""
			} else {
				acc += seq
			}
			j = k
			continue
		}
		r, n := utf8.DecodeRuneInString(line[j:])
		cells = append(cells, treeCell{acc, string(r)})
		for range max0(wcwidth.Of(r)) - 1 {
			cells = append(cells, treeCell{acc, "\x00"})
		}
		j += n
	}
	return cells, acc
}

// chosenCommands parses the commands a chooser's choice runs; a parse
// error goes to the client's status line, its first letter upper case,
// as tmux's mode_tree_run_command shows it.
func (c *client) chosenCommands(text string) []command {
	cmds, err := c.parseCommandString(text)
	if err != nil {
		if cc := c.control; cc != nil && cc.tty != nil {
			msg := err.Error()
			if msg != "" {
				msg = strings.ToUpper(msg[:1]) + msg[1:]
			}
			c.showMessage(cc, msg, -1)
		}
		return nil
	}
	return cmds
}

// runChosen runs the commands a choice typed at a terminal made.
func (in *keyInput) runChosen() {
	for _, text := range in.chosen {
		if cmds := in.c.chosenCommands(text); len(cmds) > 0 {
			in.c.runList(cmds)
		}
	}
	in.chosen = nil
}

// insertChosen queues the commands a choice sent by send-keys made, after
// the command, as tmux appends them.
func (in *keyInput) insertChosen() {
	for _, text := range in.chosen {
		if cmds := in.c.chosenCommands(text); len(cmds) > 0 {
			in.it.insertAfter(cmds)
		}
	}
	in.chosen = nil
}
