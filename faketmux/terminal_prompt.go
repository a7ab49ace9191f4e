package faketmux

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/keys"
)

// promptHistory is what was entered at the prompts of each type (one of
// promptTypes), oldest first, as tmux's status_prompt_hlist keeps it for
// the whole server.
type promptHistory map[string][]string

// add appends line to kind's history as tmux's status_prompt_add_history
// does: not again when it is the newest already, and the oldest dropped
// beyond limit (prompt-history-limit).
func (h *promptHistory) add(kind, line string, limit int) {
	if *h == nil {
		*h = promptHistory{}
	}
	list := (*h)[kind]
	if n := len(list); n > 0 && list[n-1] == line {
		if limit > n {
			return
		}
	} else {
		list = append(list, line)
	}
	if drop := len(list) - limit; drop > 0 {
		list = slices.Delete(list, 0, drop)
	}
	(*h)[kind] = list
}

// statusPrompt is a prompt on a terminal client's status line
// (command-prompt, confirm-before), tmux's status_prompt_set.
type statusPrompt struct {
	text   string
	input  []rune
	index  int  // the cursor's place in input
	single bool // the first character put in answers (confirm-before, -1)
	// numeric (-N) takes digits, and any other key answers and then does
	// what it does; key (-k) is answered by the name of any key.
	numeric, key bool
	kind         string // the history's type
	// saved is what C-w cut last, which C-y puts back; nil before
	// any.
	saved []rune
	// back is how far Up has gone into the history: 0 is the line being
	// typed, which tmux does not keep (Down to it gives an empty line).
	back int
	// incremental (-i) runs the command at each change of the input,
	// with last (-I's input) for C-r or C-s on an empty line; changed
	// takes the input, after = (or - and + for C-r and C-s).
	incremental bool
	last        string
	changed     func(tc *client, input string)
	// command is vi's command mode, after Escape with status-keys vi
	// (tmux's PROMPT_COMMAND).
	command bool
	// next, when set, takes each answer, and reports whether the prompt
	// goes on to ask another question (command-prompt -p a,b).
	next func(input string) bool
	// answer takes the input when the prompt is done, with ok false when
	// it was cancelled, and tc the prompt's client. The server's lock is
	// held.
	answer func(tc *client, input string, ok bool)
}

// terminalPrompt opens the prompt of confirm-before or command-prompt on
// a terminal client's status line. As tmux's, the command waits for the
// answer unless -b (or -i), and what the answer runs is inserted after it;
// with -b it runs as the prompt's client's.
func (c *client) terminalPrompt(it *cmdItem) error {
	a, cc := it.args, it.client
	f := c.formatForTarget(it.target)
	f.timeExpand = true
	p := &statusPrompt{kind: "command"}
	// reply is the command line an answer runs, "" for none, and
	// whether it was a yes (confirm-before).
	var reply func(in string, ok bool) (line string, yes bool)
	switch it.entry.name {
	case "confirm-before":
		command := ""
		if len(a.values) > 0 {
			command = a.values[0]
		}
		cmds, err := c.parseCommandString(command)
		if err != nil {
			return err
		}
		text := ""
		if v, ok := a.get('p'); ok {
			text = v + " "
		} else if len(cmds) > 0 {
			text = "Confirm '" + cmds[0].entry.name + "'? (y/n) "
		}
		p.text, p.single = f.expand(text), true
		reply = func(in string, ok bool) (string, bool) {
			if ok && (in == "y" || in == "Y") {
				return command, true
			}
			return "", false
		}
	default:
		if cc.tty.prompt != nil {
			return nil // as tmux, which leaves the open one be
		}
		if name, ok := a.get('T'); ok {
			p.kind = name
		}
		template := "%1"
		if len(a.values) > 0 {
			template = a.values[0]
			if a.has('F') {
				template = c.formatForTarget(it.target).expand(template)
			}
		}
		// Each of -p's prompts asks in turn, with -I's input of the same
		// place; the answers go in the template as %1, %2 and so on.
		texts := []string{":"}
		if v, ok := a.get('p'); ok {
			texts = strings.Split(v, ",")
			for i := range texts {
				texts[i] += " "
			}
		} else if len(a.values) > 0 {
			word, _, _ := strings.Cut(template, " ")
			word, _, _ = strings.Cut(word, ",")
			texts = []string{"(" + word + ") "}
		}
		var inputs []string
		if v, ok := a.get('I'); ok {
			inputs = strings.Split(v, ",")
		}
		var answers []string
		ask := func(i int) {
			p.text, p.back = f.expand(texts[i]), 0
			input := ""
			if i < len(inputs) {
				input = inputs[i]
			}
			p.set(f.expand(input))
			if p.incremental {
				p.last = string(p.input)
				p.set("")
			}
		}
		p.incremental = a.has('i') && !a.has('1') && !a.has('N')
		ask(0)
		p.next = func(in string) bool {
			answers = append(answers, in)
			if len(answers) == len(texts) {
				return false
			}
			ask(len(answers))
			return true
		}
		// One of them, in tmux's order.
		switch {
		case a.has('1'):
			p.single = true
		case a.has('N'):
			p.numeric = true
		case !a.has('i') && a.has('k'):
			p.key = true
		}
		p.changed = func(tc *client, in string) {
			tc.runLine(templateReplace(template, in, 1))
		}
		reply = func(_ string, ok bool) (string, bool) {
			if !ok {
				return "", false
			}
			line := template
			for i, answer := range answers {
				line = templateReplace(line, answer, i+1)
			}
			return line, true
		}
	}
	cc.tty.message = "" // tmux's status_prompt_set clears it first
	if p.incremental {
		// Each change runs the template with the input, as the
		// client's; the answer runs nothing. The window is drawn on
		// meanwhile (no TTY_FREEZE).
		cc.tty.prompt = p
		p.answer = func(*client, string, bool) {}
		it.callAfter(func() { p.changed(c, "=") })
		return nil
	}
	c.freeze(cc)
	cc.tty.prompt = p
	if a.has('b') || a.has('i') {
		p.answer = func(tc *client, in string, ok bool) {
			if line, _ := reply(in, ok); line != "" {
				tc.runLine(line)
			}
		}
		return nil
	}
	if c.control == cc {
		// The client cannot wait for itself here: its queue waits, and
		// the rest of it runs after what the answer runs.
		cc.tty.queued = []inserted{}
		p.answer = func(tc *client, in string, ok bool) {
			rest := cc.tty.queued
			cc.tty.queued = nil
			if line, _ := reply(in, ok); line != "" {
				tc.runLine(line)
			}
			tc.runInserted(rest)
		}
		return nil
	}
	answered := make(chan struct{})
	var cmds []command
	yes := false
	p.answer = func(tc *client, in string, ok bool) {
		defer close(answered)
		var line string
		if line, yes = reply(in, ok); line == "" {
			return
		}
		var err error
		if cmds, err = tc.parseCommandString(line); err != nil {
			tc.writeError(err.Error())
		}
	}
	done := c.s.done
	return it.wait(func() {
		select {
		case <-answered:
		case <-done:
		case <-c.ctx.Done():
		}
	}, func() error {
		if err := c.ctx.Err(); err != nil {
			return errorf(errContextCancelled, err)
		}
		it.insertAfter(cmds)
		if it.entry.name == "confirm-before" && c.control == nil && !yes {
			c.retval = 1 // a client not attached exits 1 unless answered yes
		}
		return nil
	})
}

// runLine parses and runs a command line as c's, its errors c's.
func (c *client) runLine(line string) {
	cmds, err := c.parseCommandString(line)
	if err != nil {
		c.writeError(err.Error())
		return
	}
	if len(cmds) > 0 {
		c.runList(cmds)
	}
}

// promptKey is a key typed while a prompt is open, as tmux's
// status_prompt_key edits the line with emacs keys (or vi's, translated to
// them, with status-keys vi): Enter answers (and goes into the history),
// Escape, C-c and C-g cancel. It reports whether the key goes on to do
// what it does without a prompt, as a key that ends a numeric prompt does.
func (c *client) promptKey(key keys.Code, raw []byte) bool {
	t := c.control.tty
	p := t.prompt
	done := func(in string, ok bool) {
		if ok && p.next != nil && p.next(in) {
			return
		}
		t.prompt = nil
		p.answer(c, in, ok)
	}
	name := key.String()
	switch {
	case p.key:
		done(name, true)
		return false
	case p.numeric:
		if len(raw) == 1 && raw[0] >= '0' && raw[0] <= '9' {
			p.input = slices.Insert(p.input, p.index, rune(raw[0]))
			p.index++
			return false
		}
		done(string(p.input), true)
		return true
	}
	insert := false
	if c.control.session.options.get("status-keys") == "vi" {
		var ok bool
		if name, insert, ok = p.viKey(name); !ok {
			return false
		}
	}
	separators := c.control.session.options.get("word-separators")
	changed, prefix := false, "="
	typed := func() bool {
		if !p.insert(raw) {
			return false
		}
		switch {
		case !p.single:
		case len(p.input) == 1:
			done(string(p.input), true)
		default:
			// As tmux, which closes the prompt unanswered: what waits
			// for it waits on.
			t.prompt = nil
		}
		return true
	}
	switch {
	case insert:
		changed = typed()
	case name == "Escape" || name == "C-c" || name == "C-g":
		done("", false)
	case name == "Enter" || name == "C-j":
		in := string(p.input)
		if in != "" {
			c.st.promptHistory.add(p.kind, in, c.st.options.number("prompt-history-limit"))
		}
		done(in, !p.incremental)
	case name == "Up" || name == "C-p":
		if list := c.st.promptHistory[p.kind]; p.back < len(list) {
			p.back++
			p.set(list[len(list)-p.back])
			changed = true
		}
	case name == "Down" || name == "C-n":
		list := c.st.promptHistory[p.kind]
		if p.back > 0 {
			p.back--
		}
		if p.back == 0 {
			p.set("")
		} else {
			p.set(list[len(list)-p.back])
		}
		changed = true
	case name == "Tab":
		changed = c.promptComplete(p)
	case name == "C-y":
		paste := p.saved
		if paste == nil {
			if pb := c.st.buffers.top(); pb != nil {
				paste = pasteText(pb.data)
			}
		}
		p.input = slices.Insert(p.input, p.index, paste...)
		p.index += len(paste)
		changed = len(paste) > 0
	case (name == "C-r" || name == "C-s") && p.incremental:
		// Search again: the last search on an empty line, else the next
		// match before (C-r) or after (C-s).
		switch {
		case len(p.input) == 0:
			p.set(p.last)
		case name == "C-r":
			prefix = "-"
		default:
			prefix = "+"
		}
		changed = true
	default:
		var edited bool
		if edited, changed = p.edit(name, separators); !edited {
			changed = typed()
		}
	}
	if changed && p.incremental && t.prompt == p {
		p.changed(c, prefix+string(p.input))
	}
	return false
}

// insert puts a character typed in at the cursor, and reports whether it
// was one: a control character, or a key that is no character, is
// dropped.
func (p *statusPrompt) insert(raw []byte) bool {
	r, n := utf8.DecodeRune(raw)
	if n != len(raw) || r < ' ' || r == 0x7f {
		return false
	}
	p.input = slices.Insert(p.input, p.index, r)
	p.index++
	return true
}

// pasteText is what C-y puts in from a buffer, as tmux's
// status_prompt_paste takes it: the characters up to the first control
// character or byte that is not UTF-8.
func pasteText(data []byte) []rune {
	var out []rune
	for len(data) > 0 {
		r, n := utf8.DecodeRune(data)
		if r < ' ' || r == 0x7f || r == utf8.RuneError && n <= 1 {
			break
		}
		out = append(out, r)
		data = data[n:]
	}
	return out
}

// set replaces the input, the cursor at its end.
func (p *statusPrompt) set(s string) {
	p.input = []rune(s)
	p.index = len(p.input)
}

// edit moves the cursor or deletes for an emacs key of tmux's
// status_prompt_key (or one a vi key became), reporting whether name was
// one, and whether tmux takes the input as changed (which an incremental
// prompt runs its command for): an edit that did something, and a move by
// words, always.
func (p *statusPrompt) edit(name, separators string) (edited, changed bool) {
	before := string(p.input)
	switch name {
	case "Left", "C-b":
		p.index = max(p.index-1, 0)
	case "Right", "C-f":
		p.index = min(p.index+1, len(p.input))
	case "Home", "C-a":
		p.index = 0
	case "End", "C-e":
		p.index = len(p.input)
	case "BSpace", "C-h":
		if p.index > 0 {
			p.input = slices.Delete(p.input, p.index-1, p.index)
			p.index--
		}
	case "DC", "C-d":
		if p.index < len(p.input) {
			p.input = slices.Delete(p.input, p.index, p.index+1)
		}
	case "C-u":
		p.set("")
		return true, true
	case "C-k":
		p.input = p.input[:p.index]
	case "C-w":
		start := p.wordStart(separators)
		p.saved = append([]rune{}, p.input[start:p.index]...)
		p.input = slices.Delete(p.input, start, p.index)
		p.index = start
		return true, true
	case "M-b", "C-Left":
		p.index = p.wordStart(separators)
		return true, true
	case viBackWORD:
		p.index = p.wordStart("")
		return true, true
	case "M-f", "C-Right":
		p.forwardWord(separators, false)
		return true, true
	case viForwardWord, viForwardWORD:
		if name == viForwardWORD {
			separators = ""
		}
		p.forwardWord(separators, true)
		return true, true
	case viEndWord, viEndWORD:
		if name == viEndWORD {
			separators = ""
		}
		p.endWord(separators)
		return true, true
	case "C-t":
		i := min(p.index+1, len(p.input))
		if i >= 2 {
			p.input[i-2], p.input[i-1] = p.input[i-1], p.input[i-2]
			p.index = i
			return true, true
		}
	default:
		return false, false
	}
	return true, string(p.input) != before
}

// isSeparator is whether r is one of word-separators; a space is not a
// word, nor a wide character a separator, as tmux's
// status_prompt_in_list has it.
func isSeparator(r rune, separators string) bool {
	return r < utf8.RuneSelf && strings.ContainsRune(separators, r)
}

// wordStart is where the word before the cursor starts, past spaces, a
// word being a run of separators or of other characters, as C-w and M-b
// find it (tmux's status_prompt_backward_word).
func (p *statusPrompt) wordStart(separators string) int {
	i := p.index
	for i > 0 {
		i--
		if p.input[i] != ' ' {
			break
		}
	}
	if i >= len(p.input) {
		return i
	}
	inSeps := isSeparator(p.input[i], separators)
	for i > 0 {
		i--
		if p.input[i] == ' ' || isSeparator(p.input[i], separators) != inSeps {
			return i + 1
		}
	}
	return 0
}

// forwardWord moves the cursor to the end of the word after it, past
// the spaces before it (M-f), or with vi to the start of the next word
// (w, W), as tmux's status_prompt_forward_word does.
func (p *statusPrompt) forwardWord(separators string, vi bool) {
	i, n := p.index, len(p.input)
	for !vi && i < n && p.input[i] == ' ' {
		i++
	}
	if i == n {
		p.index = i
		return
	}
	inSeps := isSeparator(p.input[i], separators) && p.input[i] != ' '
	for {
		i++
		if i < n && p.input[i] == ' ' {
			for vi && i < n && p.input[i] == ' ' {
				i++
			}
			break
		}
		if i == n || isSeparator(p.input[i], separators) != inSeps {
			break
		}
	}
	p.index = i
}

// endWord moves the cursor to the last character of the next word (vi's
// e and E), as tmux's status_prompt_end_word does.
func (p *statusPrompt) endWord(separators string) {
	i, n := p.index, len(p.input)
	if i == n {
		return
	}
	for {
		i++
		if i == n {
			p.index = i
			return
		}
		if p.input[i] != ' ' {
			break
		}
	}
	inSeps := isSeparator(p.input[i], separators)
	for {
		i++
		if i == n || p.input[i] == ' ' || isSeparator(p.input[i], separators) != inSeps {
			break
		}
	}
	p.index = i - 1
}

// promptRow is the status line with a prompt open, as tmux's
// status_prompt_redraw draws it: the prompt, then as much of the input as
// fits after it, scrolled so that the cursor (a cell in reverse) is on
// the line, all in message-style (message-command-style in vi's command
// mode).
func (c *client) promptRow(cc *controlClient, p *statusPrompt, sx int) string {
	s := cc.session
	f := c.formatIn(s.current, s.current.active)
	f.client = cc
	styleOption := "message-style"
	if p.command {
		styleOption = "message-command-style"
	}
	style := parseDrawStyle(drawStyle{}, f.expand(s.options.get(styleOption)))
	cursor := style
	cursor.attrs = append(slices.Clone(cursor.attrs), "reverse")

	var row strings.Builder
	start := min(textWidth(p.text), sx)
	row.WriteString(fitLine(style.sgr()+p.text, start, false))
	used := start
	left := sx - start
	if left > 0 {
		at := textWidth(string(p.input[:p.index]))
		room, offset := min(textWidth(string(p.input)), left), 0
		if at >= left {
			offset, room = at-left+1, left
		}
		width, i := 0, 0
		for ; i < len(p.input); i++ {
			cw := columns(p.input[i])
			if width < offset {
				width += cw
				continue
			}
			if width >= offset+room || width+cw > offset+room {
				break
			}
			width += cw
			cell := style
			if i == p.index {
				cell = cursor
			}
			row.WriteString(cell.sgr() + string(p.input[i]))
			used += cw
		}
		if used < sx && p.index >= i {
			row.WriteString(cursor.sgr() + " ")
			used++
		}
	}
	if used < sx {
		row.WriteString(style.sgr() + strings.Repeat(" ", sx-used))
	}
	return row.String()
}

// promptLayouts are the layout names Tab completes after a command.
var promptLayouts = []string{"even-horizontal", "even-vertical", "main-horizontal", "main-vertical", "tiled"}

// promptComplete completes the word at the cursor for Tab, as tmux's
// status_prompt_replace_complete does: one candidate is put in with a
// space after it, several put in what they start with, and when that adds
// nothing a menu of them opens. It reports whether the word was replaced.
func (c *client) promptComplete(p *statusPrompt) (replaced bool) {
	first, last, ok := p.word()
	if !ok {
		return false
	}
	word := string(p.input[first:last])
	// tmux copies the word into 64 bytes, its NUL with it, and gives up
	// on a longer one.
	if len(word) >= 64 {
		return false
	}
	cp, ok := c.completions(p.kind, word)
	if !ok {
		cp.list = c.commandCompletions(word, first)
		switch len(cp.list) {
		case 0:
		case 1:
			cp.out = cp.list[0] + " "
		default:
			cp.out = commonPrefix(cp.list)
		}
	}
	if cp.out != "" && cp.out != word {
		p.replace(first, last, cp.out)
		return true
	}
	c.completionMenu(p, cp, first)
	return false
}

// completion is what Tab found for a word: the candidates, what it puts
// in at once ("" for nothing), and how a menu of them is made.
type completion struct {
	list []string
	out  string
	// labels, when set, name each candidate in a menu of windows, which
	// shows them all (the first that fit) where another menu shows the
	// last.
	labels []string
	lead   string // goes before a candidate chosen from the menu (-t)
	whole  bool   // a candidate chosen replaces the whole input
}

// word is the word at (or just before) the cursor, as input[first:last];
// ok is false when the cursor is among spaces only.
func (p *statusPrompt) word() (first, last int, ok bool) {
	n := len(p.input)
	at := max(p.index-1, 0)
	first = at
	for first > 0 && first < n && p.input[first] != ' ' {
		first--
	}
	for first < n && p.input[first] == ' ' {
		first++
	}
	last = at
	for last < n && p.input[last] != ' ' {
		last++
	}
	for last > 0 && last < n && p.input[last] == ' ' {
		last--
	}
	if last < n {
		last++
	}
	return first, last, last >= first
}

// replace puts s in place of input[first:last], the cursor after it.
func (p *statusPrompt) replace(first, last int, s string) {
	p.input = slices.Concat(p.input[:first], []rune(s), p.input[last:])
	p.index = first + len([]rune(s))
}

// completions are the candidates for word of a target, as tmux's
// status_prompt_complete finds them: sessions after -t or -s or at a
// prompt for a target, windows after a session and a colon, or at a
// prompt for a window. ok is false for other words, which are commands
// and options (commandCompletions).
func (c *client) completions(kind, word string) (cp completion, ok bool) {
	name, lead := word, ""
	switch {
	case kind == "window-target":
		cp := c.windowCompletions(c.control.session, word, kind)
		cp.whole = true
		return cp, true
	case kind == "target":
	case strings.HasPrefix(word, "-t") || strings.HasPrefix(word, "-s"):
		name, lead = word[2:], word[:2]
	default:
		return completion{}, false
	}
	sessionName, windowName, colon := strings.Cut(name, ":")
	if !colon {
		for _, s := range c.st.sessions {
			id := "$" + strconv.Itoa(s.id)
			switch {
			case strings.HasPrefix(s.name, name):
				cp.list = append(cp.list, s.name+":")
			case strings.HasPrefix(id, name):
				cp.list = append(cp.list, id+":")
			}
		}
		if prefix := commonPrefix(cp.list); prefix != "" {
			cp.out = lead + prefix
		}
		slices.Sort(cp.list)
		cp.lead = lead
		return cp, true
	}
	s := c.control.session
	if sessionName != "" {
		s = c.st.findSession(sessionName)
	}
	if strings.Contains(windowName, ".") || s == nil {
		return completion{}, true
	}
	cp = c.windowCompletions(s, windowName, kind)
	cp.lead = lead
	if cp.out != "" {
		cp.out = lead + cp.out
	}
	return cp, true
}

// windowCompletions are s's windows whose index starts with word, as
// many as a menu has room for, as tmux's
// status_prompt_complete_window_menu lists them: the index alone at a
// prompt for a window, else with the session's name.
func (c *client) windowCompletions(s *session, word, kind string) completion {
	cc := c.control
	room := min(cc.size.sy-cc.statusLines()-2, 10)
	cp := completion{labels: []string{}}
	if room < 1 {
		return cp // tmux's check that there are 3 lines for a menu
	}
	for _, w := range s.winlinks {
		index := strconv.Itoa(w.index)
		if !strings.HasPrefix(index, word) {
			continue
		}
		value := s.name + ":" + index
		if kind == "window-target" {
			value = index
		}
		cp.list = append(cp.list, value)
		cp.labels = append(cp.labels, value+" ("+w.name+")")
		if len(cp.list) == room {
			break
		}
	}
	if len(cp.list) == 1 {
		cp.out = cp.list[0]
	}
	return cp
}

// commandCompletions are the commands (names, aliases and
// command-alias's names) word starts, and after the first word (at is
// not 0) the options and layouts too, sorted.
func (c *client) commandCompletions(word string, at int) []string {
	if word == "" {
		return nil
	}
	var list []string
	add := func(name string) {
		if strings.HasPrefix(name, word) && !slices.Contains(list, name) {
			list = append(list, name)
		}
	}
	for _, e := range cmdTable() {
		add(e.name)
		if e.alias != "" {
			add(e.alias)
		}
	}
	for _, alias := range c.st.options.getArray("command-alias") {
		if name, _, ok := strings.Cut(alias, "="); ok {
			add(name)
		}
	}
	if at != 0 {
		for _, d := range optionDefs {
			add(d.name)
		}
		for _, name := range promptLayouts {
			add(name)
		}
	}
	slices.Sort(list)
	return list
}

// commonPrefix is what every string of list starts with.
func commonPrefix(list []string) string {
	if len(list) == 0 {
		return ""
	}
	prefix := list[0]
	for _, s := range list[1:] {
		n := 0
		for n < len(prefix) && n < len(s) && prefix[n] == s[n] {
			n++
		}
		prefix = prefix[:n]
	}
	return prefix
}

// completionMenu opens a menu of the candidates over the status line, as
// tmux's status_prompt_complete_list_menu does: the last ten (or as many
// as fit above the status line) with keys 0 to 9, by the word at column
// at of the input. Tab there moves down, and closes the menu from the
// last item; BSpace closes it. The item chosen, after lead, replaces the
// word (or the input).
func (c *client) completionMenu(p *statusPrompt, cp completion, at int) {
	cc := c.control
	sx, sy, lines := cc.size.sx, cc.size.sy, cc.statusLines()
	if len(cp.list) <= 1 || sy-lines < 3 {
		return
	}
	height := min(sy-lines-2, 10, len(cp.list))
	m := &menuOverlay{choice: 0, tab: true, picked: func(s string) {
		if cp.whole {
			p.set(s)
		} else if first, last, ok := p.word(); ok {
			p.replace(first, last, cp.lead+s)
		}
	}}
	f := &formatter{c: c, st: c.st}
	values, labels := cp.list[len(cp.list)-height:], cp.labels
	if labels == nil {
		labels = values
	}
	for i, label := range labels {
		m.add(f, sx, label, strconv.Itoa(i), values[i])
	}
	if sx < m.width+4 || sy < height+2 {
		return
	}
	m.px = max(at+len([]rune(cp.lead))+textWidth(p.text)-2, 0)
	m.py = lines
	if cc.session.options.get("status-position") != "top" {
		m.py = sy - 3 - height
	}
	m.px, m.py = min(m.px, sx-m.width-4), min(m.py, sy-height-2)
	cc.tty.menu = m
}
