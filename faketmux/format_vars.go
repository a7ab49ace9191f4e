package faketmux

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/passwd"
)

// formatKinds are the variables that say what a format is for, which
// tmux defines whether its target was found or not.
var formatKinds = map[string]findType{"session_format": findSession, "window_format": findWindow, "pane_format": findPane}

// variable is one of tmux's format variables for the formatter's target.
// A time is returned as t, which find prints as seconds or a date.
func (f *formatter) variable(key string) (v string, t time.Time, ok bool) {
	switch {
	case strings.HasSuffix(key, "_mode_format"):
		return f.serverVariable(key)
	case formatKinds[key] != findNone:
		return boolString(f.kind == formatKinds[key]), t, true
	case strings.HasPrefix(key, "buffer_"):
		if f.buffer == nil {
			return "", t, false
		}
		return bufferVariable(f.buffer, key)
	case strings.HasPrefix(key, "command_list_"):
		if f.entry == nil {
			return "", t, false
		}
		return commandListVariable(f.entry, key)
	case strings.HasPrefix(key, "pane_"):
		if f.p == nil {
			return "", t, false
		}
		return f.paneVariable(key)
	case strings.HasPrefix(key, "window_"):
		if f.w == nil || f.unplaced && placeVariables[key] {
			return "", t, false
		}
		return f.windowVariable(key)
	case strings.HasPrefix(key, "client_"):
		if f.client == nil || f.client.session == nil {
			return "", t, false
		}
		return f.clientVariable(key)
	case strings.HasPrefix(key, "session_"):
		if f.s == nil || f.unplaced {
			return "", t, false
		}
		return f.sessionVariable(key)
	}
	if v, ok := f.copyVariable(key); ok {
		return v, t, true
	}
	if key == "current_file" && f.c != nil && f.c.currentFile != "" {
		return f.c.currentFile, t, true
	}
	return f.serverVariable(key)
}

// formatTable is every variable of tmux 3.3a's format table, in its order
// (sorted), which display-message -a lists.
var formatTable = []string{
	"active_window_index", "alternate_on", "alternate_saved_x", "alternate_saved_y", "buffer_created",
	"buffer_mode_format", "buffer_name", "buffer_sample", "buffer_size", "client_activity",
	"client_cell_height", "client_cell_width", "client_control_mode", "client_created",
	"client_discarded", "client_flags", "client_height", "client_key_table", "client_last_session",
	"client_mode_format", "client_name", "client_pid", "client_prefix", "client_readonly",
	"client_session", "client_termfeatures", "client_termname", "client_termtype", "client_tty",
	"client_uid", "client_user", "client_utf8", "client_width", "client_written", "config_files",
	"cursor_character", "cursor_flag", "cursor_x", "cursor_y", "history_all_bytes", "history_bytes",
	"history_limit", "history_size", "host", "host_short", "insert_flag", "keypad_cursor_flag",
	"keypad_flag", "last_window_index", "mouse_all_flag", "mouse_any_flag", "mouse_button_flag",
	"mouse_line", "mouse_pane", "mouse_sgr_flag", "mouse_standard_flag", "mouse_utf8_flag",
	"mouse_word", "mouse_x", "mouse_y", "next_session_id", "origin_flag", "pane_active",
	"pane_at_bottom", "pane_at_left", "pane_at_right", "pane_at_top", "pane_bg", "pane_bottom",
	"pane_current_command", "pane_current_path", "pane_dead", "pane_dead_signal", "pane_dead_status",
	"pane_dead_time", "pane_fg", "pane_format", "pane_height", "pane_id", "pane_in_mode",
	"pane_index", "pane_input_off", "pane_last", "pane_left", "pane_marked", "pane_marked_set",
	"pane_mode", "pane_path", "pane_pid", "pane_pipe", "pane_right", "pane_search_string",
	"pane_start_command", "pane_start_path", "pane_synchronized", "pane_tabs", "pane_title",
	"pane_top", "pane_tty", "pane_width", "pid", "scroll_region_lower", "scroll_region_upper",
	"session_activity", "session_alerts", "session_attached", "session_attached_list",
	"session_created", "session_format", "session_group", "session_group_attached",
	"session_group_attached_list", "session_group_list", "session_group_many_attached",
	"session_group_size", "session_grouped", "session_id", "session_last_attached",
	"session_many_attached", "session_marked", "session_name", "session_path", "session_stack",
	"session_windows", "socket_path", "start_time", "tree_mode_format", "uid", "user", "version",
	"window_active", "window_active_clients", "window_active_clients_list", "window_active_sessions",
	"window_active_sessions_list", "window_activity", "window_activity_flag", "window_bell_flag",
	"window_bigger", "window_cell_height", "window_cell_width", "window_end_flag", "window_flags",
	"window_format", "window_height", "window_id", "window_index", "window_last_flag",
	"window_layout", "window_linked", "window_linked_sessions", "window_linked_sessions_list",
	"window_marked_flag", "window_name", "window_offset_x", "window_offset_y", "window_panes",
	"window_raw_flags", "window_silence_flag", "window_stack_index", "window_start_flag",
	"window_visible_layout", "window_width", "window_zoomed_flag", "wrap_flag",
}

// each gives every variable the formatter's target has, as tmux's
// format_each does: the table's, then those the command adds.
func (f *formatter) each(fn func(key, value string)) {
	for _, key := range formatTable {
		value, t, ok := f.variable(key)
		if !ok {
			continue
		}
		if !t.IsZero() {
			value = strconv.FormatInt(t.Unix(), 10)
		}
		fn(key, value)
	}
	if f.c.command != "" {
		fn("command", f.c.command)
	}
}

func bufferVariable(pb *buffer, key string) (string, time.Time, bool) {
	switch key {
	case "buffer_name":
		return pb.name, time.Time{}, true
	case "buffer_size":
		return strconv.Itoa(len(pb.data)), time.Time{}, true
	case "buffer_sample":
		return bufferSample(pb.data), time.Time{}, true
	case "buffer_created":
		return "", pb.created, true
	}
	return "", time.Time{}, false
}

func (f *formatter) serverVariable(key string) (string, time.Time, bool) {
	var t time.Time
	switch key {
	case "host":
		return hostname(), t, true
	case "host_short":
		h, _, _ := strings.Cut(hostname(), ".")
		return h, t, true
	case "pid":
		return strconv.Itoa(os.Getpid()), t, true
	case "socket_path":
		return f.c.s.opts.SocketPath, t, true
	case "start_time":
		return "", f.st.started, true
	case "version":
		return Version, t, true
	case "next_session_id":
		return "$" + strconv.Itoa(f.st.nextSession), t, true
	case "command":
		if f.c.command != "" {
			return f.c.command, t, true
		}
	case "buffer_mode_format":
		return "#{t/p:buffer_created}: #{buffer_sample}", t, true
	case "client_mode_format":
		return "#{t/p:client_activity}: session #{session_name}", t, true
	case "tree_mode_format":
		return treeModeFormat, t, true
	case "server_sessions":
		return strconv.Itoa(len(f.st.sessions)), t, true
	case "uid":
		return strconv.Itoa(os.Getuid()), t, true
	case "user":
		u, err := passwd.Current()
		if err != nil {
			return "", t, false
		}
		return u.Name, t, true
	case "active_window_index":
		if f.s != nil && f.s.current != nil {
			return strconv.Itoa(f.s.current.index), t, true
		}
	case "last_window_index":
		// Not the last window used: the highest index, as in tmux.
		if f.s != nil && len(f.s.winlinks) > 0 {
			return strconv.Itoa(f.s.winlinks[len(f.s.winlinks)-1].index), t, true
		}
	case "history_limit":
		if f.p != nil {
			return strconv.Itoa(f.p.historyLimit), t, true
		}
	case "history_size":
		if f.p != nil {
			return strconv.Itoa(f.p.prog.HistorySize()), t, true
		}
	case "history_bytes":
		if f.p != nil {
			return strconv.Itoa(f.p.prog.HistoryBytes()), t, true
		}
	case "alternate_saved_x", "alternate_saved_y":
		// The cursor saved on entering the alternate screen; tmux's
		// "none" is the largest unsigned int. What a program saved is
		// not modelled.
		if f.p != nil && !f.p.prog.AltScreen() {
			return "4294967295", t, true
		}
	case "scroll_region_upper":
		// A program's own scroll region is not modelled: the whole screen.
		if f.p != nil {
			return "0", t, true
		}
	case "scroll_region_lower":
		if f.p != nil {
			return strconv.Itoa(f.p.height - 1), t, true
		}
	case "cursor_x", "cursor_y":
		if f.p != nil {
			x, y := f.p.prog.Cursor()
			if key == "cursor_y" {
				x = y
			}
			return strconv.Itoa(x), t, true
		}
	case "alternate_on":
		if f.p != nil {
			return boolString(f.p.prog.AltScreen()), t, true
		}
	case "history_all_bytes":
		if f.p != nil {
			return f.p.prog.HistoryAllBytes(), t, true
		}
	case "cursor_character":
		if f.p != nil {
			return f.p.prog.CursorCharacter(), t, true
		}
	case "cursor_flag", "insert_flag", "keypad_cursor_flag", "keypad_flag", "mouse_all_flag", "mouse_any_flag",
		"mouse_button_flag", "mouse_sgr_flag", "mouse_standard_flag", "mouse_utf8_flag", "origin_flag", "wrap_flag":
		if f.p != nil {
			on, _ := f.p.prog.Flag(key)
			return boolString(on), t, true
		}
	}
	return "", t, false
}

// treeModeFormat is choose-tree's default format, which tmux gives as
// #{tree_mode_format}.
const treeModeFormat = `#{?pane_format,#{?pane_marked,#[reverse],}#{pane_current_command}#{?pane_active,*,}#{?pane_marked,M,}` +
	`#{?#{&&:#{pane_title},#{!=:#{pane_title},#{host_short}}},: "#{pane_title}",},#{?window_format,#{?window_marked_flag,#[reverse],}` +
	`#{window_name}#{window_flags}#{?#{&&:#{==:#{window_panes},1},#{&&:#{pane_title},#{!=:#{pane_title},#{host_short}}}},: "#{pane_title}",},` +
	`#{session_windows} windows#{?session_grouped, (group #{session_group}: #{session_group_list}),}#{?session_attached, (attached),}}}`

func (f *formatter) sessionVariable(key string) (string, time.Time, bool) {
	s := f.s
	var t time.Time
	switch key {
	case "session_id":
		return "$" + strconv.Itoa(s.id), t, true
	case "session_name":
		return s.name, t, true
	case "session_windows":
		return strconv.Itoa(len(s.winlinks)), t, true
	case "session_created":
		return "", s.created, true
	case "session_activity":
		return "", s.activity, true
	case "session_attached":
		return strconv.Itoa(f.st.attachedTo(s)), t, true
	case "session_many_attached":
		return boolFormat(f.st.attachedTo(s) > 1), t, true
	case "session_grouped":
		return boolString(s.group != nil), t, true
	case "session_group", "session_group_list", "session_group_size", "session_group_attached",
		"session_group_many_attached", "session_group_attached_list":
		return f.groupVariable(key)
	case "session_marked":
		m, ok := f.st.markedPane()
		return boolString(ok && m.s == s), t, true
	case "session_alerts":
		var alerts []string
		for _, w := range s.winlinks {
			if w.alerted() {
				alerts = append(alerts, strconv.Itoa(w.index)+w.alertFlags(false))
			}
		}
		return strings.Join(alerts, ","), t, true
	case "session_attached_list":
		var names []string
		for _, cc := range f.st.controls {
			if cc.session == s {
				names = append(names, cc.name)
			}
		}
		return strings.Join(names, ","), t, len(names) > 0
	case "session_last_attached":
		if s.lastAttached.IsZero() {
			return "", time.Unix(0, 0), true
		}
		return "", s.lastAttached, true
	case "session_path":
		return s.cwd, t, true
	case "session_stack":
		var ids []string
		for _, w := range append([]*window{s.current}, s.lastw...) {
			if w != nil {
				ids = append(ids, strconv.Itoa(w.index))
			}
		}
		return strings.Join(ids, ","), t, true
	}
	return "", t, false
}

// groupVariable is one of the session_group_ variables, which a session
// in no group does not have.
func (f *formatter) groupVariable(key string) (string, time.Time, bool) {
	var t time.Time
	g := f.s.group
	if g == nil {
		return "", t, false
	}
	attached, names := 0, make([]string, len(g.sessions))
	for i, s := range g.sessions {
		attached += f.st.attachedTo(s)
		names[i] = s.name
	}
	switch key {
	case "session_group":
		return g.name, t, true
	case "session_group_list":
		return strings.Join(names, ","), t, true
	case "session_group_size":
		return strconv.Itoa(len(g.sessions)), t, true
	case "session_group_attached":
		return strconv.Itoa(attached), t, true
	case "session_group_many_attached":
		return boolString(attached > 1), t, true
	}
	// session_group_attached_list: the clients' sessions, in client order.
	var list []string
	for _, cc := range f.st.controls {
		if cc.session != nil && cc.session.group == g {
			list = append(list, cc.session.name)
		}
	}
	return strings.Join(list, ","), t, len(list) > 0
}

func (f *formatter) windowVariable(key string) (string, time.Time, bool) {
	w := f.w
	var t time.Time
	switch key {
	case "window_id":
		return "@" + strconv.Itoa(w.id), t, true
	case "window_index":
		return strconv.Itoa(w.index), t, true
	case "window_name":
		return w.name, t, true
	case "window_panes":
		return strconv.Itoa(len(w.panes)), t, true
	case "window_active":
		return boolString(w.session.current == w), t, true
	case "window_last_flag":
		return boolString(w.session.last() == w), t, true
	case "window_flags":
		return f.windowFlags(true), t, true
	case "window_raw_flags":
		return f.windowFlags(false), t, true
	case "window_width":
		return strconv.Itoa(w.width), t, true
	case "window_height":
		return strconv.Itoa(w.height), t, true
	case "window_layout":
		return windowLayout(w, false), t, true
	case "window_visible_layout":
		return windowLayout(w, true), t, true
	case "window_zoomed_flag":
		return boolString(w.zoomed != nil), t, true
	case "window_activity":
		// tmux's window_update_activity: the window's making, selection
		// and its panes' output.
		last := w.activity
		for _, p := range w.panes {
			if at := p.outputAt.Load(); at != 0 && time.Unix(0, at).After(last) {
				last = time.Unix(0, at)
			}
		}
		return "", last, true
	case "window_bell_flag":
		return boolString(w.bell), t, true
	case "window_activity_flag":
		return boolString(w.activityAlert), t, true
	case "window_silence_flag":
		return boolString(w.silenceAlert), t, true
	case "window_marked_flag":
		m, ok := f.st.markedPane()
		return boolString(ok && m.w == w), t, true
	case "window_stack_index":
		if i := slices.Index(w.session.lastw, w); i >= 0 {
			return strconv.Itoa(i + 1), t, true
		}
		return "0", t, true
	case "window_active_sessions", "window_active_sessions_list":
		var names []string
		for _, l := range w.links {
			if l.session.current == l {
				names = append(names, l.session.name)
			}
		}
		if key == "window_active_sessions" {
			return strconv.Itoa(len(names)), t, true
		}
		return strings.Join(names, ","), t, len(names) > 0
	case "window_active_clients", "window_active_clients_list":
		var names []string
		for _, cc := range f.st.controls {
			if cc.session != nil && cc.session.current != nil && cc.session.current.windowCore == w.windowCore {
				names = append(names, cc.name)
			}
		}
		if key == "window_active_clients" {
			return strconv.Itoa(len(names)), t, true
		}
		return strings.Join(names, ","), t, len(names) > 0
	case "window_linked":
		// Every session of a group links the group's windows.
		if g := w.session.group; g != nil {
			return boolString(len(w.links) != len(g.sessions)), t, true
		}
		return boolString(len(w.links) > 1), t, true
	case "window_linked_sessions":
		return strconv.Itoa(len(w.links)), t, true
	case "window_linked_sessions_list":
		names := make([]string, len(w.links))
		for i, l := range w.links {
			names[i] = l.session.name
		}
		return strings.Join(names, ","), t, true
	case "window_start_flag":
		return boolString(w.session.winlinks[0] == w), t, true
	case "window_end_flag":
		return boolString(w.session.winlinks[len(w.session.winlinks)-1] == w), t, true
	case "window_bigger":
		// Whether the window is bigger than the client shows, which
		// a control client (sized as the window) never has.
		return "0", t, f.client != nil
	case "window_cell_width":
		// tmux's default cell size in pixels, which only a client
		// that reports its own changes.
		return "16", t, true
	case "window_cell_height":
		return "32", t, true
	}
	return "", t, false
}

// windowFlags is tmux's window_printable_flags: the alerts, then current
// or last, marked and zoomed; escaped, '#' doubles, as window_flags has
// it for a format.
func (f *formatter) windowFlags(escape bool) string {
	w := f.w
	flags := w.alertFlags(escape)
	// Both, when renumbering left the current window's place on top of
	// the last-window stack too.
	if w.session.current == w {
		flags += "*"
	}
	if w.session.last() == w {
		flags += "-"
	}
	if m, ok := f.st.markedPane(); ok && m.w == w {
		flags += "M"
	}
	if w.zoomed != nil {
		flags += "Z"
	}
	return flags
}

func (f *formatter) paneVariable(key string) (string, time.Time, bool) {
	p := f.p
	w := p.window
	var t time.Time
	switch key {
	case "pane_id":
		return "%" + strconv.Itoa(p.id), t, true
	case "pane_index":
		return strconv.Itoa(p.index()), t, true
	case "pane_active":
		return boolString(w.active == p), t, true
	case "pane_pid":
		if p.prog == nil {
			return "0", t, true
		}
		return strconv.Itoa(p.prog.PID()), t, true
	case "pane_width":
		return strconv.Itoa(p.width), t, true
	case "pane_height":
		return strconv.Itoa(p.height), t, true
	case "pane_left":
		return strconv.Itoa(p.left), t, true
	case "pane_top":
		return strconv.Itoa(p.top), t, true
	case "pane_right":
		return strconv.Itoa(p.left + p.width - 1), t, true
	case "pane_bottom":
		return strconv.Itoa(p.top + p.height - 1), t, true
	case "pane_at_left":
		return boolString(p.left == 0), t, true
	case "pane_at_top":
		return boolString(p.top == w.edges().top), t, true
	case "pane_at_right":
		return boolString(p.left+p.width == w.width), t, true
	case "pane_at_bottom":
		return boolString(p.top+p.height == w.edges().bottom+1), t, true
	case "pane_current_command":
		return p.foregroundCommand(), t, true
	case "pane_current_path":
		return p.foregroundPath(), t, true
	case "pane_path":
		return p.path, t, true
	case "pane_start_command":
		return p.startCommand, t, true
	case "pane_title":
		return p.title, t, true
	case "pane_fg", "pane_bg":
		return defaultColour(p, key == "pane_bg", f.expand), t, true
	case "pane_last":
		return boolString(w.lastPane == p), t, true
	case "pane_in_mode":
		return p.paneModeVariable(key), t, true
	case "pane_mode":
		return p.paneModeVariable(key), t, p.inMode()
	case "pane_input_off":
		return boolString(p.inputOff), t, true
	case "pane_dead":
		return boolString(p.dead != nil), t, true
	case "pane_dead_status":
		if p.dead == nil || p.dead.status < 0 {
			return "", t, false
		}
		return strconv.Itoa(p.dead.status), t, true
	case "pane_dead_signal":
		if p.dead == nil || p.dead.signal == 0 {
			return "", t, false
		}
		return strconv.Itoa(p.dead.signal), t, true
	case "pane_dead_time":
		if p.dead == nil || p.dead.when.IsZero() {
			return "", t, false
		}
		return "", p.dead.when, true
	case "pane_pipe":
		return boolString(f.st.pipeOf(p) != nil), t, true
	case "pane_marked":
		m, ok := f.st.markedPane()
		return boolString(ok && m.p == p), t, true
	case "pane_marked_set":
		_, ok := f.st.markedPane()
		return boolString(ok), t, true
	case "pane_synchronized":
		return boolString(p.opts().get("synchronize-panes") == "on"), t, true
	case "pane_tty":
		return p.prog.TTY(), t, true
	case "pane_start_path":
		return p.cwd, t, true
	case "pane_tabs":
		var stops []string
		for _, x := range p.prog.Tabs() {
			stops = append(stops, strconv.Itoa(x))
		}
		return strings.Join(stops, ","), t, true
	case "pane_search_string":
		return p.searchStr, t, true
	}
	return "", t, false
}

// sampleWidth is how many bytes of a buffer #{buffer_sample} shows.
const sampleWidth = 200

// bufferSample is #{buffer_sample}: the first 200 bytes made visible as
// tmux's vis(3) with C-style and octal escapes does, cut to 200 bytes of
// output with "..." when anything was left out.
func bufferSample(data []byte) string {
	n := min(len(data), sampleWidth)
	out := strvis(data[:n])
	if len(data) > sampleWidth || len(out) > sampleWidth {
		out = out[:min(len(out), sampleWidth)] + "..."
	}
	return out
}

// strvis is tmux's utf8_strvis with VIS_OCTAL|VIS_CSTYLE|VIS_TAB|VIS_NL:
// printable ASCII and complete printable UTF-8 characters stay, a
// backslash doubles, "$" before a name gets a backslash, the rest is
// escaped.
func strvis(b []byte) string { return strvisQuoting(b, false) }

// strvisQuoting is strvis that, with dq (vis's VIS_DQ), also escapes '"'.
func strvisQuoting(b []byte, dq bool) string {
	var out strings.Builder
	out.Grow(len(b))
	for i := 0; i < len(b); {
		c := b[i]
		if c >= 0xc2 && c <= 0xf4 {
			r, size := utf8.DecodeRune(b[i:])
			if r != utf8.RuneError && size > 1 && hasWidth(r) {
				out.Write(b[i : i+size])
				i += size
				continue
			}
		}
		next := byte(0)
		if i+1 < len(b) {
			next = b[i+1]
		}
		if c == '$' && i+1 < len(b) {
			if next == '_' || next == '{' || next < 0x80 && unicode.IsLetter(rune(next)) {
				out.WriteByte('\\')
			}
			out.WriteByte('$')
			i++
			continue
		}
		vis(&out, c, next, dq)
		i++
	}
	return out.String()
}

// visPlain reports whether strvisQuoting leaves s as it is: printable
// ASCII with no space and no backslash.
func visPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f || c == '\\' {
			return false
		}
	}
	return true
}

func vis(out *strings.Builder, c, next byte, dq bool) {
	switch {
	case c == '\\' || c == '"' && dq:
		out.WriteByte('\\')
		out.WriteByte(c)
		return
	case c == ' ' || c > ' ' && c < 0x7f:
		out.WriteByte(c)
		return
	}
	switch c {
	case '\n':
		out.WriteString(`\n`)
	case '\r':
		out.WriteString(`\r`)
	case '\b':
		out.WriteString(`\b`)
	case '\a':
		out.WriteString(`\a`)
	case '\v':
		out.WriteString(`\v`)
	case '\t':
		out.WriteString(`\t`)
	case '\f':
		out.WriteString(`\f`)
	case 0:
		out.WriteString(`\0`)
		if next >= '0' && next <= '7' {
			out.WriteString("00")
		}
	default:
		out.WriteByte('\\')
		out.WriteByte('0' + c>>6&7)
		out.WriteByte('0' + c>>3&7)
		out.WriteByte('0' + c&7)
	}
}

// argsEscape quotes a value as tmux's args_escape does for show-options:
// two single quotes when empty; double quotes around a value with any of ` #';${}%`,
// else single quotes around one with a space or '"'; a lone special
// character or a leading '~' gets a backslash instead; the rest through
// strvis.
func argsEscape(s string) string {
	if s == "" {
		return "''"
	}
	var quote byte
	switch {
	case strings.ContainsAny(s, " #';${}%"):
		quote = '"'
	case strings.ContainsAny(s, ` "`):
		quote = '\''
	}
	if len(s) == 1 && s[0] != ' ' && (quote != 0 || s[0] == '~') {
		return `\` + s
	}
	if quote == 0 && s[0] != '~' && visPlain(s) {
		return s // most words: nothing to quote or escape
	}
	escaped := strvisQuoting([]byte(s), quote == '"')
	tilde := ""
	if escaped[0] == '~' {
		tilde = `\`
	}
	switch quote {
	case '\'':
		return "'" + escaped + "'"
	case '"':
		return `"` + tilde + escaped + `"`
	}
	return tilde + escaped
}
