package faketmux

import (
	"bytes"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/pane"
)

// paneCommands are the pane commands, as tmux's cmd-*.c declare them.
var paneCommands = []*cmdEntry{
	{name: "split-window", alias: "splitw", template: "bc:de:fF:hIl:p:Pt:vZ", lower: 0, upper: -1, usage: `[-bdefhIPvZ] [-c start-directory] [-e environment] [-F format] [-l size] [-t target-pane][shell-command]`, target: targetSpec{kind: findPane}, exec: cmdSplitWindow},
	{name: "kill-pane", alias: "killp", template: "at:", lower: 0, upper: 0, usage: `[-a] [-t target-pane]`, target: targetSpec{kind: findPane}, exec: cmdKillPane},
	{name: "list-panes", alias: "lsp", template: "asF:f:t:", lower: 0, upper: 0, usage: `[-as] [-F format] [-f filter] [-t target-window]`, target: targetSpec{kind: findWindow}, exec: cmdListPanes},
	{name: "select-pane", alias: "selectp", template: "DdegLlMmP:RT:t:UZ", lower: 0, upper: 0, usage: `[-DdeLlMmRUZ] [-T title] [-t target-pane]`, target: targetSpec{kind: findPane}, exec: cmdSelectPane},
	{name: "last-pane", alias: "lastp", template: "det:Z", lower: 0, upper: 0, usage: `[-deZ] [-t target-window]`, target: targetSpec{kind: findWindow}, exec: cmdLastPane},
	{name: "display-message", alias: "display", template: "ac:d:INpt:F:v", lower: 0, upper: 1, usage: `[-aINpv] [-c target-client] [-d delay] [-F format] [-t target-pane] [message]`, target: targetSpec{kind: findPane, canFail: true}, exec: cmdDisplayMessage},
	{name: "send-keys", alias: "send", template: "FHlMN:Rt:X", lower: 0, upper: -1, usage: `[-FHlMRX] [-N repeat-count] [-t target-pane] key ...`, target: targetSpec{kind: findPane}, exec: cmdSendKeys},
	{name: "capture-pane", alias: "capturep", template: "ab:CeE:JNpPqS:t:", lower: 0, upper: 0, usage: `[-aCeJNpPq] [-b buffer-name] [-E end-line] [-S start-line] [-t target-pane]`, target: targetSpec{kind: findPane}, exec: cmdCapturePane},
	{name: "clear-history", alias: "clearhist", template: "t:", lower: 0, upper: 0, usage: `[-t target-pane]`, target: targetSpec{kind: findPane}, exec: cmdClearHistory},
}

const (
	splitWindowTemplate = "#{session_name}:#{window_index}.#{pane_index}"
	paneListTail        = "[#{pane_width}x#{pane_height}] [history #{history_size}/#{history_limit}, " +
		"#{history_bytes} bytes] #{pane_id}#{?pane_active, (active),}#{?pane_dead, (dead),}"
	displayMessageTemplate = "[#{session_name}] #{window_index}:#{window_name}, current pane #{pane_index} - (%H:%M %d-%b-%y)"
)

func cmdSplitWindow(c *client, it *cmdItem) error {
	a, t := it.args, it.target
	for _, f := range []byte("fIZ") {
		if a.has(f) {
			return errorf(errUnsupported, "split-window -"+string(f))
		}
	}
	w, old := t.w, t.p
	typ := layoutTopBottom
	if a.has('h') {
		typ = layoutLeftRight
	}
	size, err := splitSize(a, old.cell.size(typ))
	if err != nil {
		return err
	}
	lc := w.splitPane(old, typ, size, a.has('b'))
	if lc == nil {
		return errorf(errNoSpace)
	}
	cwd := w.session.cwd
	if v, ok := a.get('c'); ok {
		cwd = c.formatter().expand(v)
	}
	p, err := c.spawnPane(w, a.values, cwd, lc.sx, lc.sy, allValues(a, 'e'))
	if err != nil {
		w.closePane(&paneState{cell: lc})
		return err
	}
	p.cell, lc.pane = lc, p
	i := indexOf(w.panes, old)
	if !a.has('b') {
		i++
	}
	w.panes = insertAt(w.panes, i, p)
	w.fixPanes()
	if !a.has('d') {
		c.st.setActive(w, p)
	}
	c.st.notify(event{kind: eventLayoutChanged, w: w})
	if a.has('P') {
		template, ok := a.get('F')
		if !ok {
			template = splitWindowTemplate
		}
		c.print(c.formatFor(p).expand(template))
	}
	return nil
}

// splitSize is the new pane's size from -l (cells, or N% of the pane being
// split) or -p (a percentage); -1, to split in half, without either.
func splitSize(a *args, whole int) (int, error) {
	if v, ok := a.get('l'); ok {
		if pct, isPct := strings.CutSuffix(v, "%"); isPct {
			n, err := strtonum(pct, 0, maxInt)
			if err != nil {
				return 0, errorf(errPercentage, err)
			}
			return whole * n / 100, nil
		}
		n, err := strtonum(v, 0, maxInt)
		if err != nil {
			return 0, errorf(errLines, err)
		}
		return n, nil
	}
	if v, ok := a.get('p'); ok {
		n, err := strtonum(v, 0, maxInt)
		if err != nil {
			return 0, errorf(errSplitPercentage, err)
		}
		return whole * n / 100, nil
	}
	return -1, nil
}

func cmdKillPane(c *client, it *cmdItem) error {
	t := it.target
	if it.args.has('a') {
		for _, p := range append([]*paneState(nil), t.w.panes...) {
			if p != t.p {
				c.st.destroyPane(p)
			}
		}
		return nil
	}
	c.st.destroyPane(t.p)
	return nil
}

func cmdListPanes(c *client, it *cmdItem) error {
	a := it.args
	template, custom := a.get('F')
	filter, filtered := a.get('f')
	var windows []*window
	prefix := ""
	switch {
	case a.has('a'):
		prefix = "#{session_name}:#{window_index}."
		for _, s := range c.st.sessions {
			windows = append(windows, s.winlinks...)
		}
	case a.has('s'):
		prefix = "#{window_index}."
		windows = it.target.s.winlinks
	default:
		windows = []*window{it.target.w}
	}
	if !custom {
		template = prefix + "#{pane_index}: " + paneListTail
	}
	for _, w := range windows {
		for _, p := range w.panes {
			f := c.formatFor(p)
			if filtered && !formatTrue(f.expand(filter)) {
				continue
			}
			c.print(f.expand(template))
		}
	}
	return nil
}

func cmdDisplayMessage(c *client, it *cmdItem) error {
	// A -t that cannot be found is not an error here (tmux's
	// CMD_FIND_CANFAIL): whatever part was found gives the format.
	a, t := it.args, it.target
	template, ok := a.get('F')
	if len(a.values) > 0 {
		if ok {
			return errorf(errOnlyOneOfFOrArgument)
		}
		template = a.values[0]
	} else if !ok {
		template = displayMessageTemplate
	}
	f := c.formatForTarget(t)
	if !a.has('p') {
		return nil
	}
	c.print(f.expand(template))
	return nil
}

func cmdSendKeys(c *client, it *cmdItem) error {
	a, t := it.args, it.target
	var in []byte
	leaves := false
	for _, k := range a.values {
		if !a.has('l') {
			if b, ok := pane.KeyBytes(k); ok {
				in = append(in, b...)
				leaves = leaves || leavesViewMode[string(b)]
				continue
			}
		}
		in = append(in, k...)
		for i := range len(k) {
			leaves = leaves || leavesViewMode[k[i:i+1]]
		}
	}
	if t.p.viewMode {
		// The mode takes every key of the command; a cancel it is bound
		// to runs after the command, so later keys are not typed either.
		t.p.viewMode = !leaves
		return nil
	}
	if t.p.inputOff {
		return nil
	}
	t.p.prog.Write(in)
	return nil
}

// leavesViewMode are the keys tmux's default copy-mode table binds to
// cancel (q, C-c, Escape), by the bytes send-keys makes of them.
var leavesViewMode = map[string]bool{"q": true, "\x03": true, "\x1b": true}

func cmdCapturePane(c *client, it *cmdItem) error {
	a, t := it.args, it.target
	// -q only silences -a's error, so it is accepted alone.
	for _, f := range []byte("aCeJNP") {
		if a.has(f) {
			return errorf(errUnsupported, "capture-pane -"+string(f))
		}
	}
	lines, history := t.p.prog.Lines()
	last := len(lines) - 1
	top := captureLine(a, 'S', 0, history, last)
	bottom := captureLine(a, 'E', last, history, last)
	if bottom < top {
		top, bottom = bottom, top
	}
	var out []byte
	for _, l := range lines[top : bottom+1] {
		out = append(append(out, l...), '\n')
	}
	if a.has('p') {
		c.stdout.Write(out)
		return nil
	}
	name, named := a.get('b')
	return c.storeBuffer(name, named, out)
}

// captureLine is the line -S or -E names, counted from the oldest line of
// history, as tmux reads it: "-" is the given end of the grid, a number
// counts from the top row of the screen (negative into the history) and is
// clamped to the grid, and anything else (no flag, not a number, above
// 32767) leaves the default: the top row of the screen for -S, the last
// row for -E.
func captureLine(a *args, flag byte, dash, history, last int) int {
	v, ok := a.get(flag)
	if ok && v == "-" {
		return dash
	}
	n, err := strtonum(v, math.MinInt32, math.MaxInt16)
	switch {
	case !ok || err != nil:
		if flag == 'S' {
			return history
		}
		return last
	default:
		return min(max(history+n, 0), last)
	}
}

// cmdClearHistory empties the pane's history; like tmux, it also takes the
// pane out of any mode (here, view mode).
func cmdClearHistory(c *client, it *cmdItem) error {
	t := it.target
	t.p.viewMode = false
	t.p.prog.ClearHistory()
	return nil
}

func cmdPasteBuffer(c *client, it *cmdItem) error {
	a, t := it.args, it.target
	var pb *buffer
	if name, ok := a.get('b'); ok {
		if pb = c.st.buffers.get(name); pb == nil {
			return errorf(errNoBufferName, name)
		}
	} else if pb = c.st.buffers.top(); pb == nil {
		return nil
	}
	sep, ok := a.get('s')
	if !ok {
		sep = "\r"
		if a.has('r') {
			sep = "\n"
		}
	}
	bracket := a.has('p') && t.p.prog.BracketedPaste()
	var out bytes.Buffer
	if bracket {
		out.WriteString("\x1b[200~")
	}
	data := pb.data
	for {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			break
		}
		out.Write(data[:i])
		out.WriteString(sep)
		data = data[i+1:]
	}
	out.Write(data)
	if bracket {
		out.WriteString("\x1b[201~")
	}
	if !t.p.inputOff {
		t.p.prog.Write(out.Bytes())
	}
	if a.has('d') {
		c.st.buffers.remove(pb)
	}
	return nil
}

func cmdSelectPane(c *client, it *cmdItem) error {
	a, t := it.args, it.target
	if a.has('l') {
		return selectLastPane(c, it)
	}
	// Marks and pane styles are not modelled.
	for _, f := range []byte("mMPg") {
		if a.has(f) {
			return errorf(errUnsupported, "select-pane -"+string(f))
		}
	}
	p := t.p
	if d, ok := selectDirection(a); ok {
		// The rest of the command applies to the neighbour, and there
		// is nothing to do without one.
		if p = t.w.neighbour(p, d); p == nil {
			return nil
		}
	}
	switch title, titled := a.get('T'); {
	case a.has('e'):
		p.inputOff = false
	case a.has('d'):
		p.inputOff = true
	case titled:
		// The title is expanded for the target, not the neighbour, and
		// tmux keeps the old one when the new one is not valid UTF-8.
		if title = c.formatFor(t.p).expand(title); utf8.ValidString(title) {
			p.title = title
		}
	default:
		// -Z keeps a zoomed window zoomed, and no window is ever zoomed.
		c.st.setActive(t.w, p)
	}
	return nil
}

// selectDirection is select-pane's direction flag; when several are
// given, tmux takes the first of -L, -R, -U, -D.
func selectDirection(a *args) (direction, bool) {
	for _, d := range []struct {
		flag byte
		direction
	}{
		{'L', direction{}},
		{'R', direction{forward: true}},
		{'U', direction{vertical: true}},
		{'D', direction{vertical: true, forward: true}},
	} {
		if a.has(d.flag) {
			return d.direction, true
		}
	}
	return direction{}, false
}

func cmdLastPane(c *client, it *cmdItem) error { return selectLastPane(c, it) }

// selectLastPane is last-pane, and select-pane -l: the pane active before,
// or with two panes and none active before, the other one, in the target's
// window.
func selectLastPane(c *client, it *cmdItem) error {
	a, w := it.args, it.target.w
	last := w.lastPane
	if last == nil && len(w.panes) == 2 {
		last = w.panes[1-indexOf(w.panes, w.active)]
	}
	switch {
	case last == nil:
		return errorf(errNoLastPane)
	case a.has('e'):
		last.inputOff = false
	case a.has('d'):
		last.inputOff = true
	default:
		c.st.setActive(w, last)
	}
	return nil
}
