package faketmux

import (
	"bytes"
	"cmp"
	"slices"
	"strings"
)

// choose-buffer's source of the mode tree: the paste buffers, each with
// its format, and the preview of its content, as tmux 3.3a's
// window-buffer.c fills it in and acts on it.

// bufferTree is choose-buffer's source, tmux's window_buffer_modedata.
type bufferTree struct{}

// bufferSorts are choose-buffer's sort orders (-O), as tmux names them.
var bufferSorts = []string{"time", "name", "size"}

// bufferDefaultCommand is choose-buffer's template when none is given.
const bufferDefaultCommand = "paste-buffer -b '%%'"

// bufferDefaultFormat is choose-buffer's format when none is given, the
// buffer-mode format that #{buffer_mode_format} shows.
const bufferDefaultFormat = "#{t/p:buffer_created}: #{buffer_sample}"

func (*bufferTree) sorts() []string { return bufferSorts }

// newBufferMode enters buffer mode on the target pane of a
// choose-buffer, as tmux's window_buffer_init does.
func (c *client) newBufferMode(it *cmdItem) *treeMode {
	return c.startTree(it.args, it.target, &bufferTree{}, bufferDefaultFormat, bufferDefaultCommand)
}

// bufferFormat is a formatter for pb, with the target the mode was
// entered for and no client, as window-buffer.c makes one.
func (c *client) bufferFormat(m *treeMode, pb *buffer) *formatter {
	f := c.formatWithClient(target{s: m.fsS, w: m.fsW, p: m.fsP}, nil)
	f.buffer = pb
	return f
}

// build adds the buffers, sorted newest first (time), by name, or largest
// first (size), with the name breaking ties, as tmux's
// window_buffer_build does; the item's tag is the buffer's order.
func (bt *bufferTree) build(c *client, m *treeMode, saved []*treeItem, filter *string) any {
	var list []*buffer
	c.st.buffers.newestFirst(func(pb *buffer) { list = append(list, pb) })
	slices.SortStableFunc(list, func(a, b *buffer) int {
		r := 0
		switch m.sortField {
		case 0:
			r = cmp.Compare(b.order, a.order)
		case 2:
			r = cmp.Compare(len(b.data), len(a.data))
		}
		return m.ordered(r, a.name, b.name)
	})
	for _, pb := range list {
		f := c.bufferFormat(m, pb)
		if filter != nil && !formatTrue(f.expand(*filter)) {
			continue
		}
		m.add(saved, nil, &treeItem{tag: pb.order, name: pb.name, text: f.expand(m.format), hasText: true}, -1)
	}
	return nil
}

// buffer is the buffer an item names, nil when it is gone.
func (*bufferTree) buffer(c *client, it *treeItem) *buffer {
	return c.st.buffers.get(it.name)
}

// search matches a buffer by its name or its content, as tmux's
// window_buffer_search does.
func (bt *bufferTree) search(c *client, it *treeItem, ss string) bool {
	pb := bt.buffer(c, it)
	return pb != nil && (strings.Contains(it.name, ss) || bytes.Contains(pb.data, []byte(ss)))
}

func (bt *bufferTree) expand(c *client, m *treeMode, it *treeItem, format string) string {
	pb := bt.buffer(c, it)
	if pb == nil {
		return ""
	}
	return c.bufferFormat(m, pb).expand(format)
}

// draw shows the buffer's first lines, each made visible as tmux's
// utf8_strvis does (octal, C-style and tabs escaped), as
// window_buffer_draw does.
func (bt *bufferTree) draw(c *client, m *treeMode, it *treeItem, t *treeScreen, cx, cy, sx, sy int) {
	pb := bt.buffer(c, it)
	if pb == nil {
		return
	}
	data := pb.data
	for i := range sy {
		line, rest, more := bytes.Cut(data, []byte{'\n'})
		if text := strvis(line); text != "" {
			t.puts(cx, cy+i, "", text, sx)
		}
		if !more {
			break
		}
		data = rest
	}
}

// key is a key of choose-buffer's own, as tmux's window_buffer_key takes
// it: Enter and p paste the current buffer with the template, P each
// tagged one; d deletes the current buffer, D each tagged one. The mode
// ends after a paste, and when no buffer is left.
func (bt *bufferTree) key(c *client, m *treeMode, name string, _ *treeItem) (bool, []string) {
	cur := m.lines[m.current].item
	var run []string
	paste := func(it *treeItem) {
		if bt.buffer(c, it) != nil {
			run = append(run, templateReplace(m.command, it.name, 1))
		}
	}
	del := func(it *treeItem) {
		if it == m.lines[m.current].item {
			m.down(false)
		}
		if pb := bt.buffer(c, it); pb != nil {
			c.st.buffers.remove(pb)
		}
	}
	done := false
	switch name {
	case "d":
		del(cur)
		c.buildTree(m)
	case "D":
		for _, l := range slices.Clone(m.lines) {
			if l.item.tagged {
				del(l.item)
			}
		}
		c.buildTree(m)
	case "P":
		for _, l := range m.lines {
			if l.item.tagged {
				paste(l.item)
			}
		}
		done = true
	case "p", "Enter":
		paste(cur)
		done = true
	}
	return done || c.st.buffers.top() == nil, run
}
