package faketmux

import (
	"cmp"
	"slices"
	"strings"
)

// choose-client's source of the mode tree: the attached clients, each
// with its format, and the preview of what the client shows, as tmux
// 3.3a's window-client.c fills it in and acts on it.

// clientTree is choose-client's source, tmux's window_client_modedata.
type clientTree struct{}

// clientSorts are choose-client's sort orders (-O), as tmux names them.
var clientSorts = []string{"name", "size", "creation", "activity"}

// clientDefaultCommand is choose-client's template when none is given.
const clientDefaultCommand = "detach-client -t '%%'"

// clientDefaultFormat is choose-client's format when none is given, the
// client-mode format that #{client_mode_format} shows.
const clientDefaultFormat = "#{t/p:client_activity}: session #{session_name}"

func (*clientTree) sorts() []string { return clientSorts }

// newClientMode enters client mode on the target pane of a
// choose-client, as tmux's window_client_init does.
func (c *client) newClientMode(it *cmdItem) *treeMode {
	return c.startTree(it.args, it.target, &clientTree{}, clientDefaultFormat, clientDefaultCommand)
}

// listed reports whether cc is a client choose-client lists, one attached
// that is neither suspended nor on its way out (tmux's
// CLIENT_UNATTACHEDFLAGS).
func (st *state) listed(cc *controlClient) bool {
	return cc.session != nil && !cc.exit && !cc.suspended && slices.Contains(st.controls, cc)
}

// listedClients is how many clients choose-client lists, tmux's
// server_client_how_many.
func (st *state) listedClients() int {
	n := 0
	for _, cc := range st.controls {
		if st.listed(cc) {
			n++
		}
	}
	return n
}

// clientFormat is a formatter for cc with no target, as window-client.c
// makes one: the client's session, window and pane.
func (c *client) clientFormat(cc *controlClient) *formatter {
	return c.formatWithClient(target{}, cc)
}

// build adds the clients, sorted by name, by size (narrowest, then
// shortest, first), newest first by creation or by activity, the name
// breaking ties, as tmux's window_client_build does; the item's tag is
// the client.
func (*clientTree) build(c *client, m *treeMode, saved []*treeItem, filter *string) any {
	var list []*controlClient
	for _, cc := range c.st.controls {
		if c.st.listed(cc) {
			list = append(list, cc)
		}
	}
	slices.SortStableFunc(list, func(a, b *controlClient) int {
		r := 0
		switch m.sortField {
		case 1:
			r = cmp.Or(cmp.Compare(a.size.sx, b.size.sx), cmp.Compare(a.size.sy, b.size.sy))
		case 2:
			r = b.created.Compare(a.created)
		case 3:
			r = b.activity.Compare(a.activity)
		}
		return m.ordered(r, a.name, b.name)
	})
	for _, cc := range list {
		f := c.clientFormat(cc)
		if filter != nil && !formatTrue(f.expand(*filter)) {
			continue
		}
		m.add(saved, nil, &treeItem{tag: cc, name: cc.name, text: f.expand(m.format), hasText: true}, -1)
	}
	return nil
}

// client is the client an item names, nil when it is no longer listed.
func (*clientTree) client(c *client, it *treeItem) *controlClient {
	if cc := it.tag.(*controlClient); c.st.listed(cc) {
		return cc
	}
	return nil
}

// search matches a client by its name, as tmux's mode tree does for a
// mode with no search of its own.
func (*clientTree) search(_ *client, it *treeItem, ss string) bool {
	return strings.Contains(it.name, ss)
}

func (ct *clientTree) expand(c *client, m *treeMode, it *treeItem, format string) string {
	cc := ct.client(c, it)
	if cc == nil {
		return ""
	}
	return c.clientFormat(cc).expand(format)
}

// draw shows what the client shows, as tmux's window_client_draw does:
// its active pane, a line, and its status line as it was last drawn,
// below the line; with the status line at the top, tmux draws the status
// line first, the pane below it, and the line over the pane's second
// row.
func (ct *clientTree) draw(c *client, m *treeMode, it *treeItem, t *treeScreen, cx, cy, sx, sy int) {
	cc := ct.client(c, it)
	if cc == nil {
		return
	}
	lines := cc.statusLines()
	if lines >= sy {
		lines = 0
	}
	top := lines > 0 && cc.session.options.get("status-position") == "top"
	at, line, status := 0, cy+sy-1-lines, cy+sy-lines
	if top {
		at, line, status = lines, cy+2, cy
	}
	c.panePreview(t, cc.session.current.active, cx, cy+at, sx, sy-2-lines)
	for i := range sx {
		t.set(cx+i, line, "", "─")
	}
	for i := range lines {
		row, _ := c.statusRow(cc, cc.size.sx, i)
		cells, _ := styledCells(row, "")
		for x, cell := range cells[:min(sx, len(cells))] {
			t.set(cx+x, status+i, cell.sgr, cell.ch)
		}
	}
}

// key is a key of choose-client's own, as tmux's window_client_key takes
// it: d detaches the current client, x detaches it and has it kill its
// parent (detach-client -P), z suspends it, and D, X and Z do the same to
// each tagged one; Enter runs the template with the client's terminal.
// The mode ends after a choice, and when no client is left.
func (ct *clientTree) key(c *client, m *treeMode, name string, _ *treeItem) (bool, []string) {
	cur := m.lines[m.current].item
	act := func(it *treeItem, key string) {
		if it == m.lines[m.current].item {
			m.down(false)
		}
		cc := ct.client(c, it)
		if cc == nil {
			return
		}
		switch key {
		case "d", "D", "x", "X":
			c.leave(cc)
			if cc.tty != nil {
				cc.tty.detachKill = key == "x" || key == "X"
				cc.tty.detachExec = ""
			}
		default:
			c.suspendClient(cc)
		}
	}
	var run []string
	done := false
	switch name {
	case "d", "x", "z":
		act(cur, name)
		c.buildTree(m)
	case "D", "X", "Z":
		for _, l := range slices.Clone(m.lines) {
			if l.item.tagged {
				act(l.item, name)
			}
		}
		c.buildTree(m)
	case "Enter":
		// A client gone still has its terminal's name, as tmux keeps
		// the client an item holds.
		tty := ""
		if cc := cur.tag.(*controlClient); cc.tty != nil {
			tty = cc.tty.t.Name
		}
		run = append(run, templateReplace(m.command, tty, 1))
		done = true
	}
	return done || c.st.listedClients() == 0, run
}
