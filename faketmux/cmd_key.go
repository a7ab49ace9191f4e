package faketmux

import (
	_ "embed"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/cmdparse"
	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/keys"
	"github.com/tmuxbuf/tmuxbuf/internal/tmuxargv"
)

// keyCommands are the key-binding commands, as tmux's cmd-*.c declare
// them.
var keyCommands = []*cmdEntry{
	{name: "bind-key", alias: "bind", template: "nrN:T:", lower: 1, upper: -1, usage: `[-nr] [-T key-table] [-N note] key [command [arguments]]`, exec: cmdBindKey},
	{name: "unbind-key", alias: "unbind", template: "anqT:", lower: 0, upper: 1, usage: `[-anq] [-T key-table] key`, exec: cmdUnbindKey},
	{name: "list-keys", alias: "lsk", template: "1aNP:T:", lower: 0, upper: 1, usage: `[-1aN] [-P prefix-string] [-T key-table] [key]`, startServer: true, exec: cmdListKeys},
	{name: "send-keys", alias: "send", template: "FHlMN:Rt:X", lower: 0, upper: -1, usage: `[-FHlMRX] [-N repeat-count] [-t target-pane] key ...`, target: targetSpec{kind: findPane}, exec: cmdSendKeys},
	{name: "send-prefix", alias: "", template: "2t:", lower: 0, upper: 0, usage: `[-2] [-t target-pane]`, target: targetSpec{kind: findPane}, exec: cmdSendPrefix},
}

// binding is one key binding. Its commands are kept as list-keys prints
// them, which is all tmux ever shows of them.
type binding struct {
	key    keys.Code
	note   string
	repeat bool
	cmd    string
}

// keyTable is one of tmux's key tables, its bindings ordered by key code
// as tmux's tree orders them.
type keyTable struct {
	name     string
	bindings []binding
}

func (t *keyTable) find(key keys.Code) (int, bool) {
	return slices.BinarySearchFunc(t.bindings, key, func(b binding, k keys.Code) int {
		switch {
		case b.key < k:
			return -1
		case b.key > k:
			return 1
		}
		return 0
	})
}

// defaultKeysText is tmux 3.3a's default bindings, recorded from its
// list-keys: table, key, repeat (0 or 1), note and command, tab-separated,
// one binding a line. The list-keys differential case checks them against
// real tmux.
//
//go:embed keys_default.tsv
var defaultKeysText string

// defaultKeyTables are read when first needed: a faketmux process that is
// only a client must start as fast as tmux's.
var defaultKeyTables = sync.OnceValue(func() map[string]*keyTable {
	tables := map[string]*keyTable{}
	for _, line := range strings.Split(strings.TrimSuffix(defaultKeysText, "\n"), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 5 {
			panic("faketmux: bad default binding " + strconv.Quote(line))
		}
		key := keys.Lookup(f[1])
		if key == keys.Unknown {
			panic("faketmux: bad default key " + f[1])
		}
		t := tables[f[0]]
		if t == nil {
			t = &keyTable{name: f[0]}
			tables[f[0]] = t
		}
		t.bindings = append(t.bindings, binding{key: key, repeat: f[2] == "1", note: f[3], cmd: f[4]})
	}
	for _, t := range tables {
		slices.SortFunc(t.bindings, func(a, b binding) int {
			if a.key < b.key {
				return -1
			}
			return 1
		})
	}
	return tables
})

// keyOption is a key option's key, as stored in its canonical name.
func keyOption(o *options, name string) keys.Code {
	return keys.Lookup(o.get(name))
}

// keyTables are the server's tables, copied from the defaults when a
// command first looks at them, so that a server that never does costs
// nothing.
func (st *state) keyTables() map[string]*keyTable {
	if st.keys == nil {
		st.keys = make(map[string]*keyTable, len(defaultKeyTables()))
		for name, t := range defaultKeyTables() {
			st.keys[name] = &keyTable{name: name, bindings: slices.Clone(t.bindings)}
		}
	}
	return st.keys
}

// keyTable finds a table, making it when create is set, as tmux's
// key_bindings_get_table does.
func (st *state) keyTable(name string, create bool) *keyTable {
	tables := st.keyTables()
	t := tables[name]
	if t == nil && create {
		t = &keyTable{name: name}
		tables[name] = t
	}
	return t
}

// dropKeyTable removes a table. tmux's server makes the root table again
// as soon as it looks for it, so that one is always there.
func (st *state) dropKeyTable(name string) {
	if name == "root" {
		st.keys[name] = &keyTable{name: name}
		return
	}
	delete(st.keys, name)
}

func tableFlag(a *args) string {
	if v, ok := a.get('T'); ok {
		return v
	}
	if a.has('n') {
		return "root"
	}
	return "prefix"
}

// bind-key binds a key to the commands after it, or to the one string
// after it parsed as tmux's parser reads a string; a key alone only changes the note of
// a binding it has, and makes its table.
func cmdBindKey(c *client, it *cmdItem) error {
	a := it.args
	key := keys.Lookup(a.values[0])
	if key == keys.None || key == keys.Unknown {
		return errorf(errUnknownKey, a.values[0])
	}
	t := c.st.keyTable(tableFlag(a), true)
	note, _ := a.get('N')
	i, found := t.find(key)
	if len(a.values) == 1 {
		if found {
			t.bindings[i].note = note
		}
		return nil
	}
	var groups [][]command
	if len(a.values) == 2 {
		// A block keeps its lines as groups.
		var err error
		if groups, err = c.commandGroups(a, 1, a.values[1], origin{}); err != nil {
			return err
		}
	} else {
		cmds, err := parseCommands(a.words(1), c.st.aliases())
		if err != nil {
			return err
		}
		groups = [][]command{cmds}
	}
	printed := make([]string, len(groups))
	for i, g := range groups {
		printed[i] = printCommands(g, ` \; `)
	}
	bd := binding{key: key, note: note, repeat: a.has('r'), cmd: strings.Join(printed, groupSeparator)}
	if found {
		t.bindings[i] = bd
	} else {
		t.bindings = slices.Insert(t.bindings, i, bd)
	}
	return nil
}

// unbind-key removes a binding, or with -a a whole table; a table left
// with no binding goes, as in tmux.
func cmdUnbindKey(c *client, it *cmdItem) error {
	a := it.args
	fail := func(format string, v ...any) error {
		if a.has('q') {
			return errQuiet
		}
		return errorf(format, v...)
	}
	name := tableFlag(a)
	if a.has('a') {
		if len(a.values) > 0 {
			return fail(errKeyWithA)
		}
		if c.st.keyTable(name, false) == nil {
			return fail(errNoTable, name)
		}
		c.st.dropKeyTable(name)
		return nil
	}
	if len(a.values) == 0 {
		return fail(errMissingKey)
	}
	key := keys.Lookup(a.values[0])
	if key == keys.None || key == keys.Unknown {
		return fail(errUnknownKey, a.values[0])
	}
	t := c.st.keyTable(name, false)
	if t == nil {
		if a.has('T') {
			return fail(errNoTable, name)
		}
		return nil
	}
	if i, found := t.find(key); found {
		t.bindings = slices.Delete(t.bindings, i, i+1)
		if len(t.bindings) == 0 {
			c.st.dropKeyTable(name)
		}
	}
	return nil
}

func cmdListKeys(c *client, it *cmdItem) error {
	a := it.args
	only := keys.Unknown
	if len(a.values) > 0 {
		if only = keys.Lookup(a.values[0]); only == keys.Unknown {
			return errorf(errInvalidKey, a.values[0])
		}
	}
	name, named := a.get('T')
	if named && c.st.keyTable(name, false) == nil {
		return errorf(errNoTable, name)
	}
	var found bool
	if a.has('N') {
		found = c.listKeyNotes(a, name, named, only)
	} else {
		found = c.listBindings(name, named, only)
	}
	if only != keys.Unknown && !found {
		return errorf(errUnknownKey, a.values[0])
	}
	return nil
}

// tablesInOrder are the tables by name, as tmux's tree orders them.
func (st *state) tablesInOrder() []*keyTable {
	tables := st.keyTables()
	names := make([]string, 0, len(tables))
	for name := range tables {
		names = append(names, name)
	}
	slices.Sort(names)
	out := make([]*keyTable, len(names))
	for i, name := range names {
		out[i] = tables[name]
	}
	return out
}

// listBindings prints bindings as bind-key commands, the columns as wide
// as the widest table name and key listed.
func (c *client) listBindings(name string, named bool, only keys.Code) bool {
	type row struct {
		t  *keyTable
		bd *binding
	}
	var rows []row
	repeat := false
	tableWidth, keyWidth := 0, 0
	for _, t := range c.st.tablesInOrder() {
		if named && t.name != name {
			continue
		}
		for i := range t.bindings {
			bd := &t.bindings[i]
			if only != keys.Unknown && bd.key != only {
				continue
			}
			rows = append(rows, row{t, bd})
			repeat = repeat || bd.repeat
			tableWidth = max(tableWidth, textWidth(t.name))
			keyWidth = max(keyWidth, textWidth(argsEscape(bd.key.String())))
		}
	}
	for _, r := range rows {
		flag := ""
		switch {
		case r.bd.repeat:
			flag = "-r "
		case repeat:
			flag = "   "
		}
		c.print("bind-key " + flag + "-T " + padRight(r.t.name, tableWidth) + " " +
			padRight(argsEscape(r.bd.key.String()), keyWidth) + " " + r.bd.cmd)
	}
	return len(rows) > 0
}

// listKeyNotes prints bindings by their notes: without -T those of the
// root table, then the prefix table's after the prefix key.
func (c *client) listKeyNotes(a *args, name string, named bool, only keys.Code) bool {
	start, given := a.get('P')
	if named {
		return c.printNotes(a, c.st.keyTable(name, false), noteWidth(c.st.keyTable(name, false), only), only, start)
	}
	root, prefix := c.st.keyTable("root", false), c.st.keyTable("prefix", false)
	// tmux takes the global prefix, whatever a session has.
	key := keyOption(c.st.sessionOptions, "prefix")
	usePrefix := key != keys.None
	if !given {
		start = ""
		if usePrefix {
			start = key.String() + " "
		}
	}
	width := noteWidth(root, only)
	if usePrefix {
		if w := noteWidth(prefix, only); w == 0 {
			usePrefix = false
		} else {
			width = max(width, w)
		}
	}
	found := c.printNotes(a, root, width, only, strings.Repeat(" ", textWidth(start)))
	if usePrefix && c.printNotes(a, prefix, width, only, start) {
		found = true
	}
	return found
}

// noteWidth is the width of the widest key with a note; mouse keys are
// never listed by note.
func noteWidth(t *keyTable, only keys.Code) int {
	width := 0
	if t == nil {
		return 0
	}
	for _, bd := range t.bindings {
		if only != keys.Unknown && bd.key != only || bd.key.IsMouse() || bd.note == "" {
			continue
		}
		width = max(width, textWidth(bd.key.String()))
	}
	return width
}

func (c *client) printNotes(a *args, t *keyTable, width int, only keys.Code, start string) bool {
	found := false
	if t == nil {
		return false
	}
	for _, bd := range t.bindings {
		if only != keys.Unknown && bd.key != only || bd.key.IsMouse() || bd.note == "" && !a.has('a') {
			continue
		}
		found = true
		note := bd.note
		if note == "" {
			note = bd.cmd
		}
		c.print(start + padRight(bd.key.String(), width+1) + note)
		if a.has('1') {
			break
		}
	}
	return found
}

// textWidth is the columns s takes, as tmux's utf8_cstrwidth counts them.
func textWidth(s string) int {
	n := 0
	for _, r := range s {
		n += columns(r)
	}
	return n
}

// padRight pads s with spaces to width columns, as tmux's utf8_padcstr
// does; s wider than that is left as it is.
func padRight(s string, width int) string {
	if n := textWidth(s); n < width {
		return s + strings.Repeat(" ", width-n)
	}
	return s
}

// send-prefix sends the target session's prefix key (-2: the second
// prefix) to the pane as send-keys would send it.
func cmdSendPrefix(c *client, it *cmdItem) error {
	name := "prefix"
	if it.args.has('2') {
		name = "prefix2"
	}
	key := keyOption(it.target.s.options, name)
	in := keyInput{c: c, it: it, p: it.target.p}
	if key != keys.None {
		b, _ := key.Bytes()
		in.send(key, b)
	}
	in.done()
	return nil
}

// send-keys types keys into a pane, or gives them to the pane's mode;
// -X runs a command of the mode (copy or view mode, the modes with
// commands), -N times for those that repeat. -M gives the mouse event of
// the key binding running to the pane under the mouse; a command line
// has none, so there it fails.
func cmdSendKeys(c *client, it *cmdItem) error {
	a, p := it.args, it.target.p
	repeat := 1
	if v, ok := a.get('N'); ok {
		n, err := strtonum(v, 1, math.MaxUint32)
		if err != nil {
			return errorf(errRepeatCount, err)
		}
		repeat = n
		if p.inMode() && (a.has('X') || len(a.values) == 0) && p.copyState() == nil {
			return errorf(errNotInMode)
		}
	}
	switch {
	case a.has('X'):
		if p.copyState() == nil {
			return errorf(errNotInMode)
		}
		c.runCopyCommand(p, a.values, repeat, a.has('F'))
		return nil
	case a.has('M'):
		// The mouse event of the binding running goes to the pane under
		// the mouse, as tmux's window_pane_key takes it.
		var mp *paneState
		if c.mouse != nil {
			mp = c.mouse.targetPane(c.st)
		}
		if mp == nil {
			return errorf(errNoMouseTarget)
		}
		in := keyInput{c: c, it: it, p: mp}
		in.sendMouse(c.mouse)
		in.done()
		return nil
	}
	if a.has('R') {
		// tmux resets the pane's terminal: the screen is cleared as ED 2
		// clears it, into the history, and the modes reset; and unlike
		// RIS from the program, the palette's reset shows at once.
		p.prog.Display([]byte("\x1b[2J\x1bc"))
		p.resetPalette("")
		p.styleChanged = true
	}
	if len(a.values) == 0 {
		return nil
	}
	in := keyInput{c: c, it: it, p: p}
	for range repeat {
		for _, v := range a.values {
			in.sendString(v, a)
		}
	}
	in.done()
	return nil
}

// keyInput is the keys of one command on their way to a pane. A key a
// pane's mode takes runs the commands its key table binds it to after the
// command that sent it, for the pane, as tmux queues them; until then the
// mode takes every key.
type keyInput struct {
	c      *client
	it     *cmdItem
	p      *paneState
	queued []string
	chosen []string // the commands a chooser's choice runs (modeKey)
}

// sendString sends one argument of send-keys: a byte in hex (-H), a key
// by name, or the characters of the string, which is what tmux types
// for -l and for a name it cannot send.
func (in *keyInput) sendString(v string, a *args) {
	if a.has('H') {
		if n, ok := hexByte(v); ok {
			in.send(keys.Code(n), []byte{n})
		}
		return
	}
	if !a.has('l') {
		if key := keys.Lookup(v); key != keys.None && key != keys.Unknown {
			if b, ok := key.Bytes(); ok || in.p.inMode() {
				in.send(key, b)
				return
			}
		}
	}
	for _, r := range v {
		in.send(keys.Rune(r), utf8.AppendRune(nil, r))
	}
}

// hexByte reads send-keys -H's argument as tmux's strtol in base 16
// does (leading blanks, a sign and 0x allowed), accepting only a whole
// number from 0 to ff.
func hexByte(v string) (byte, bool) {
	s := strings.TrimLeft(v, " \t\n\v\f\r")
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if len(s) > 2 && s[0] == '0' && s[1]|0x20 == 'x' {
		s = s[2:]
	}
	n, err := strconv.ParseUint(s, 16, 64)
	if err != nil || neg && n != 0 || n > 0xff {
		return 0, false
	}
	return byte(n), true
}

// copyKeyTable is the key table of copy and view mode on p: copy-mode-vi
// when its window's mode-keys is vi, else copy-mode.
func copyKeyTable(p *paneState) string {
	if p.viKeys() {
		return "copy-mode-vi"
	}
	return "copy-mode"
}

// send gives a key to the pane's mode, or its bytes to the pane's program
// unless its input is off. Copy and view mode look the key up in their
// key table (copyKeyTable) and run the mode
// commands (send-keys -X) of its binding after the command, as tmux
// queues them; the other modes take a key at once.
func (in *keyInput) send(key keys.Code, b []byte) {
	p := in.p
	switch {
	case p.copyState() != nil:
		t := in.c.st.keyTable(copyKeyTable(p), false)
		if t == nil {
			return
		}
		if i, found := t.find(key); found {
			in.queued = append(in.queued, t.bindings[i].cmd)
		}
	case p.inMode():
		in.chosen = append(in.chosen, in.c.modeKey(p, key, in.it == nil)...)
	case isFocusKey(key):
	case !p.inputOff:
		p.prog.Write(b)
		synchronizeKey(p, b)
	}
}

// synchronizeKey types a key typed into p into the other panes of its
// window too, when p has synchronize-panes on, as tmux's window_pane_key
// does: into each one with the option on itself that is in no mode, alive,
// takes input and shows (not behind a zoomed pane). A paste is not copied.
func synchronizeKey(p *paneState, b []byte) {
	if p.dead != nil || p.opts().get("synchronize-panes") != "on" {
		return
	}
	w := p.window
	for _, q := range w.panes {
		if q != p && !q.inMode() && q.dead == nil && !q.inputOff && w.visible(q) &&
			q.opts().get("synchronize-panes") == "on" {
			q.prog.Write(b)
		}
	}
}

// groupSeparator parts the groups of a binding's printed commands, as
// list-keys prints them.
const groupSeparator = ` \;\; `

// done queues the commands the keys were bound to after the command, each
// group of a key's binding a group of its own, to run for the pane.
func (in *keyInput) done() {
	in.insertChosen()
	for _, bound := range in.queued {
		for _, group := range strings.Split(bound, groupSeparator) {
			cmds, err := in.c.boundCommands(group)
			if err != nil {
				continue
			}
			for i := range cmds {
				cmds[i].pane = in.p
			}
			in.it.insertAfter(cmds)
		}
	}
}

// boundCommands parses a binding's printed commands back, as bind-key
// read them: one line whose ';' words part its commands. Their aliases
// were expanded when the key was bound, so none are now.
func (c *client) boundCommands(text string) ([]command, error) {
	lines, err := cmdparse.Parse([]byte(text), c.parseOptions())
	if err != nil || len(lines) == 0 {
		return nil, err
	}
	return parseCommands(tmuxargv.SplitCommands(lines[0].Argv)[0], nil)
}
