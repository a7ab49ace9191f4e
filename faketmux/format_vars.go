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
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
)

// formatVar is one variable of tmux 3.3a's format table (format.c's
// format_table): its name, what of the formatter's target it needs, and
// its callback. A callback appends the value to a buffer, so that a
// listing of many variables allocates none for each; it returns a time as
// t (appending nothing), which find prints as seconds or a date, and ok
// false where tmux's returns NULL: the variable is then not found.
type formatVar struct {
	name  string
	needs formatNeeds
	// steady: the value reads the same from tmux and the emulator at
	// any moment (no times, no process IDs, no names made of them), so
	// that the explorer may put it in formats.
	steady bool
	// value appends the value to b; it is nil for the variables of
	// tmux's table that the emulator never has (a mouse, a terminal's
	// cell size in pixels, a window's offsets).
	value func(f *formatter, b []byte) (v []byte, t time.Time, ok bool)
}

// formatNeeds is what a variable needs of a formatter, as each of tmux's
// callbacks checks its format tree before it looks.
type formatNeeds uint8

const (
	needsNothing formatNeeds = iota
	needsPane                // a pane
	needsWindow              // a window
	// needsPlace: a window's place in a session, which the window's own
	// format (automatic-rename's, f.unplaced) lacks.
	needsPlace
	needsSession // a session, placed
	needsClient  // a client attached to a session
	needsBuffer  // a paste buffer
)

// has reports whether f has what a variable needs.
func (f *formatter) has(n formatNeeds) bool {
	switch n {
	case needsPane:
		return f.p != nil
	case needsWindow:
		return f.w != nil
	case needsPlace:
		return f.w != nil && !f.unplaced
	case needsSession:
		return f.s != nil && !f.unplaced
	case needsClient:
		return f.client != nil && f.client.session != nil
	case needsBuffer:
		return f.buffer != nil
	}
	return true
}

// appendTo appends the variable's value for f to b.
func (v *formatVar) appendTo(f *formatter, b []byte) ([]byte, time.Time, bool) {
	if v.value == nil || !f.has(v.needs) {
		return b, time.Time{}, false
	}
	return v.value(f, b)
}

// get is the variable's value for f.
func (v *formatVar) get(f *formatter) (string, time.Time, bool) {
	b, t, ok := v.appendTo(f, nil)
	return string(b), t, ok
}

// formatVars is formatTable as the lookup reads it. init sets it, so that
// the table's callbacks, which expand formats, can reach the lookup
// without an initialization cycle.
var formatVars []formatVar

func init() { formatVars = formatTable[:] }

// findFormatVar looks a name up in the format table, as tmux's
// format_table_get does: a binary search of the sorted table.
func findFormatVar(name string) *formatVar {
	lo, hi := 0, len(formatVars)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch c := strings.Compare(formatVars[m].name, name); {
		case c == 0:
			return &formatVars[m]
		case c < 0:
			lo = m + 1
		default:
			hi = m
		}
	}
	return nil
}

// variable is one of tmux's format variables for the formatter's target:
// its table's, then those tmux adds to a format tree (the copy-mode
// variables, current_file, command, list-commands').
func (f *formatter) variable(key string) (v string, t time.Time, ok bool) {
	if fv := findFormatVar(key); fv != nil {
		return fv.get(f)
	}
	return f.treeVariable(key)
}

// treeVariable is one of the variables tmux adds to a format tree rather
// than having in its table.
func (f *formatter) treeVariable(key string) (string, time.Time, bool) {
	var t time.Time
	switch key {
	case "current_file":
		if f.c != nil && f.c.currentFile != "" {
			return f.c.currentFile, t, true
		}
		return "", t, false
	case "command":
		return f.c.command, t, f.c.command != ""
	case "command_list_name", "command_list_alias", "command_list_usage":
		if f.entry == nil {
			return "", t, false
		}
		return commandListVariable(f.entry, key)
	}
	if v, ok := f.copyVariable(key); ok {
		return v, t, true
	}
	return "", t, false
}

// each gives every variable the formatter's target has, as tmux's
// format_each does: the table's, then those the command adds.
func (f *formatter) each(fn func(key, value string)) {
	for i := range formatVars {
		value, t, ok := formatVars[i].get(f)
		if !ok {
			continue
		}
		if !t.IsZero() {
			value = strconv.FormatInt(t.Unix(), 10)
		}
		fn(formatVars[i].name, value)
	}
	if f.c.command != "" {
		fn("command", f.c.command)
	}
}

// The results of callbacks, appended to b.
func vstr(b []byte, s string) ([]byte, time.Time, bool)     { return append(b, s...), time.Time{}, true }
func vtime(b []byte, t time.Time) ([]byte, time.Time, bool) { return b, t, true }
func vnone(b []byte) ([]byte, time.Time, bool)              { return b, time.Time{}, false }

func vnum(b []byte, n int) ([]byte, time.Time, bool) {
	return strconv.AppendInt(b, int64(n), 10), time.Time{}, true
}

func vbool(b []byte, on bool) ([]byte, time.Time, bool) {
	if on {
		return append(b, '1'), time.Time{}, true
	}
	return append(b, '0'), time.Time{}, true
}

// appendJoined appends names separated by commas.
func appendJoined(b []byte, names []string) []byte {
	for i, n := range names {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, n...)
	}
	return b
}

// formatTable is every variable of tmux 3.3a's format table, sorted by
// name as tmux's is (display-message -a lists them in this order).
var formatTable = [...]formatVar{
	{"active_window_index", needsNothing, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		if f.s != nil && f.s.current != nil {
			return vnum(b, f.s.current.index)
		}
		return vnone(b)
	}},
	{"alternate_on", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vbool(b, f.p.prog.AltScreen()) }},
	// The cursor saved on entering the alternate screen; tmux's "none"
	// is the largest unsigned int. What a program saved is not modelled.
	{"alternate_saved_x", needsPane, false, (*formatter).alternateSaved},
	{"alternate_saved_y", needsPane, false, (*formatter).alternateSaved},
	{"buffer_created", needsBuffer, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vtime(b, f.buffer.created) }},
	{"buffer_mode_format", needsNothing, false, func(_ *formatter, b []byte) ([]byte, time.Time, bool) {
		return vstr(b, "#{t/p:buffer_created}: #{buffer_sample}")
	}},
	{"buffer_name", needsBuffer, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.buffer.name) }},
	{"buffer_sample", needsBuffer, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, bufferSample(f.buffer.data)) }},
	{"buffer_size", needsBuffer, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, len(f.buffer.data)) }},
	{"client_activity", needsClient, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vtime(b, f.client.activity) }},
	{"client_cell_height", needsClient, false, nil},
	{"client_cell_width", needsClient, false, nil},
	// A terminal client's control_mode, height, prefix and tty are as
	// tmux has them once its tty started; a control client's as tmux
	// has them for a client without one.
	{"client_control_mode", needsClient, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return vbool(b, f.client.tty == nil)
	}},
	{"client_created", needsClient, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vtime(b, f.client.created) }},
	// No keys and no terminal: nothing pending, nothing written.
	{"client_discarded", needsClient, false, func(_ *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, "0") }},
	{"client_flags", needsClient, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.client.String()) }},
	{"client_height", needsClient, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		if f.client.tty == nil {
			return vnone(b)
		}
		return vnum(b, f.client.size.sy)
	}},
	{"client_key_table", needsClient, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		if f.client.keyTable == "" {
			return vstr(b, "root")
		}
		return vstr(b, f.client.keyTable)
	}},
	// None is no variable at all, as display-message -a shows.
	{"client_last_session", needsClient, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		if s := f.client.lastSession; s != nil && slices.Contains(f.st.sessions, s) {
			return vstr(b, s.name)
		}
		return vnone(b)
	}},
	{"client_mode_format", needsNothing, false, func(_ *formatter, b []byte) ([]byte, time.Time, bool) {
		return vstr(b, "#{t/p:client_activity}: session #{session_name}")
	}},
	{"client_name", needsClient, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.client.name) }},
	{"client_pid", needsClient, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, f.client.pid) }},
	{"client_prefix", needsClient, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return vbool(b, f.client.tty != nil && f.client.keyTable == "prefix")
	}},
	{"client_readonly", needsClient, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return vstr(b, boolFormat(f.client.flags.readOnly))
	}},
	{"client_session", needsClient, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.client.session.name) }},
	{"client_termfeatures", needsClient, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return vstr(b, tmuxcli.FeatureNames(f.client.termFeatures))
	}},
	{"client_termname", needsClient, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.client.termName) }},
	{"client_termtype", needsClient, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.client.termType) }},
	{"client_tty", needsClient, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		if f.client.tty == nil {
			return vstr(b, "")
		}
		return vstr(b, f.client.tty.t.Name)
	}},
	{"client_uid", needsClient, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, f.client.uid) }},
	{"client_user", needsClient, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		u, err := passwd.LookupUID(f.client.uid)
		if err != nil {
			return vnone(b)
		}
		return vstr(b, u.Name)
	}},
	{"client_utf8", needsClient, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, boolFormat(f.client.utf8)) }},
	{"client_width", needsClient, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, f.client.size.sx) }},
	{"client_written", needsClient, false, func(_ *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, "0") }},
	// The starting client's configuration files, as tmux lists them
	// (Call.ConfigNames): "" for none, never unset.
	{"config_files", needsNothing, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return appendJoined(b, f.st.configNames), time.Time{}, true
	}},
	{"cursor_character", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.p.prog.CursorCharacter()) }},
	{"cursor_flag", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return f.modeFlag(b, "cursor_flag") }},
	{"cursor_x", needsPane, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { x, _ := f.p.prog.Cursor(); return vnum(b, x) }},
	{"cursor_y", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { _, y := f.p.prog.Cursor(); return vnum(b, y) }},
	{"history_all_bytes", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.p.prog.HistoryAllBytes()) }},
	{"history_bytes", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, f.p.prog.HistoryBytes()) }},
	{"history_limit", needsPane, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, f.p.historyLimit) }},
	{"history_size", needsPane, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, f.p.prog.HistorySize()) }},
	{"host", needsNothing, false, func(_ *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, hostname()) }},
	{"host_short", needsNothing, false, func(_ *formatter, b []byte) ([]byte, time.Time, bool) {
		h, _, _ := strings.Cut(hostname(), ".")
		return vstr(b, h)
	}},
	{"insert_flag", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return f.modeFlag(b, "insert_flag") }},
	{"keypad_cursor_flag", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return f.modeFlag(b, "keypad_cursor_flag") }},
	{"keypad_flag", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return f.modeFlag(b, "keypad_flag") }},
	// Not the last window used: the highest index, as in tmux.
	{"last_window_index", needsNothing, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		if f.s != nil && len(f.s.winlinks) > 0 {
			return vnum(b, f.s.winlinks[len(f.s.winlinks)-1].index)
		}
		return vnone(b)
	}},
	{"mouse_all_flag", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return f.modeFlag(b, "mouse_all_flag") }},
	{"mouse_any_flag", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return f.modeFlag(b, "mouse_any_flag") }},
	{"mouse_button_flag", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return f.modeFlag(b, "mouse_button_flag") }},
	{"mouse_line", needsNothing, false, nil},
	{"mouse_pane", needsNothing, false, nil},
	{"mouse_sgr_flag", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return f.modeFlag(b, "mouse_sgr_flag") }},
	{"mouse_standard_flag", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return f.modeFlag(b, "mouse_standard_flag") }},
	{"mouse_utf8_flag", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return f.modeFlag(b, "mouse_utf8_flag") }},
	{"mouse_word", needsNothing, false, nil},
	{"mouse_x", needsNothing, false, nil},
	{"mouse_y", needsNothing, false, nil},
	{"next_session_id", needsNothing, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return vnum(append(b, '$'), f.st.nextSession)
	}},
	{"origin_flag", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return f.modeFlag(b, "origin_flag") }},
	{"pane_active", needsPane, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vbool(b, f.p.window.active == f.p) }},
	{"pane_at_bottom", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return vbool(b, f.p.top+f.p.height == f.p.window.edges().bottom+1)
	}},
	{"pane_at_left", needsPane, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vbool(b, f.p.left == 0) }},
	{"pane_at_right", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return vbool(b, f.p.left+f.p.width == f.p.window.width)
	}},
	{"pane_at_top", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return vbool(b, f.p.top == f.p.window.edges().top)
	}},
	{"pane_bg", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return vstr(b, defaultColour(f.p, true, f.expand))
	}},
	{"pane_bottom", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, f.p.top+f.p.height-1) }},
	{"pane_current_command", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.p.foregroundCommand()) }},
	{"pane_current_path", needsPane, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.p.foregroundPath()) }},
	{"pane_dead", needsPane, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vbool(b, f.p.dead != nil) }},
	{"pane_dead_signal", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		if d := f.p.dead; d != nil && d.signal != 0 {
			return vnum(b, d.signal)
		}
		return vnone(b)
	}},
	{"pane_dead_status", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		if d := f.p.dead; d != nil && d.status >= 0 {
			return vnum(b, d.status)
		}
		return vnone(b)
	}},
	{"pane_dead_time", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		if d := f.p.dead; d != nil && !d.when.IsZero() {
			return vtime(b, d.when)
		}
		return vnone(b)
	}},
	{"pane_fg", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return vstr(b, defaultColour(f.p, false, f.expand))
	}},
	{"pane_format", needsNothing, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vbool(b, f.kind == findPane) }},
	{"pane_height", needsPane, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, f.p.height) }},
	{"pane_id", needsPane, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(append(b, '%'), f.p.id) }},
	{"pane_in_mode", needsPane, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return vstr(b, f.p.paneModeVariable("pane_in_mode"))
	}},
	{"pane_index", needsPane, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, f.p.index()) }},
	{"pane_input_off", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vbool(b, f.p.inputOff) }},
	{"pane_last", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vbool(b, f.p.window.lastPane == f.p) }},
	{"pane_left", needsPane, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, f.p.left) }},
	{"pane_marked", needsPane, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		m, ok := f.st.markedPane()
		return vbool(b, ok && m.p == f.p)
	}},
	{"pane_marked_set", needsPane, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		_, ok := f.st.markedPane()
		return vbool(b, ok)
	}},
	{"pane_mode", needsPane, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return append(b, f.p.paneModeVariable("pane_mode")...), time.Time{}, f.p.inMode()
	}},
	{"pane_path", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.p.path) }},
	{"pane_pid", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		if f.p.prog == nil {
			return vstr(b, "0")
		}
		return vnum(b, f.p.prog.PID())
	}},
	{"pane_pipe", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vbool(b, f.st.pipeOf(f.p) != nil) }},
	{"pane_right", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, f.p.left+f.p.width-1) }},
	{"pane_search_string", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.p.searchStr) }},
	{"pane_start_command", needsPane, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.p.startCommand) }},
	{"pane_start_path", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.p.cwd) }},
	{"pane_synchronized", needsPane, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return vbool(b, f.p.opts().get("synchronize-panes") == "on")
	}},
	{"pane_tabs", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		for i, x := range f.p.prog.Tabs() {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(x), 10)
		}
		return vstr(b, "")
	}},
	{"pane_title", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.p.title) }},
	{"pane_top", needsPane, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, f.p.top) }},
	{"pane_tty", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.p.prog.TTY()) }},
	{"pane_width", needsPane, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, f.p.width) }},
	{"pid", needsNothing, false, func(_ *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, os.Getpid()) }},
	// A program's own scroll region is not modelled: the whole screen.
	{"scroll_region_lower", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, f.p.height-1) }},
	{"scroll_region_upper", needsPane, false, func(_ *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, "0") }},
	{"session_activity", needsSession, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vtime(b, f.s.activity) }},
	{"session_alerts", needsSession, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		first := true
		for _, w := range f.s.winlinks {
			if w.alerted() {
				if !first {
					b = append(b, ',')
				}
				first = false
				b = append(strconv.AppendInt(b, int64(w.index), 10), w.alertFlags(false)...)
			}
		}
		return vstr(b, "")
	}},
	{"session_attached", needsSession, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, f.st.attachedTo(f.s)) }},
	{"session_attached_list", needsSession, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		var names []string
		for _, cc := range f.st.controls {
			if cc.session == f.s {
				names = append(names, cc.name)
			}
		}
		return appendJoined(b, names), time.Time{}, len(names) > 0
	}},
	{"session_created", needsSession, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vtime(b, f.s.created) }},
	{"session_format", needsNothing, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vbool(b, f.kind == findSession) }},
	{"session_group", needsSession, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		if g := f.s.group; g != nil {
			return vstr(b, g.name)
		}
		return vnone(b)
	}},
	{"session_group_attached", needsSession, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		if f.s.group == nil {
			return vnone(b)
		}
		return vnum(b, f.groupAttached())
	}},
	// The clients' sessions, in client order.
	{"session_group_attached_list", needsSession, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		g := f.s.group
		if g == nil {
			return vnone(b)
		}
		var list []string
		for _, cc := range f.st.controls {
			if cc.session != nil && cc.session.group == g {
				list = append(list, cc.session.name)
			}
		}
		return appendJoined(b, list), time.Time{}, len(list) > 0
	}},
	{"session_group_list", needsSession, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		g := f.s.group
		if g == nil {
			return vnone(b)
		}
		for i, s := range g.sessions {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, s.name...)
		}
		return vstr(b, "")
	}},
	{"session_group_many_attached", needsSession, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		if f.s.group == nil {
			return vnone(b)
		}
		return vbool(b, f.groupAttached() > 1)
	}},
	{"session_group_size", needsSession, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		if g := f.s.group; g != nil {
			return vnum(b, len(g.sessions))
		}
		return vnone(b)
	}},
	{"session_grouped", needsSession, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vbool(b, f.s.group != nil) }},
	{"session_id", needsSession, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(append(b, '$'), f.s.id) }},
	{"session_last_attached", needsSession, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		if f.s.lastAttached.IsZero() {
			return vtime(b, time.Unix(0, 0))
		}
		return vtime(b, f.s.lastAttached)
	}},
	{"session_many_attached", needsSession, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return vstr(b, boolFormat(f.st.attachedTo(f.s) > 1))
	}},
	{"session_marked", needsSession, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		m, ok := f.st.markedPane()
		return vbool(b, ok && m.s == f.s)
	}},
	{"session_name", needsSession, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.s.name) }},
	{"session_path", needsSession, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.s.cwd) }},
	{"session_stack", needsSession, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		first := true
		for i := -1; i < len(f.s.lastw); i++ {
			w := f.s.current
			if i >= 0 {
				w = f.s.lastw[i]
			}
			if w != nil {
				if !first {
					b = append(b, ',')
				}
				first = false
				b = strconv.AppendInt(b, int64(w.index), 10)
			}
		}
		return vstr(b, "")
	}},
	{"session_windows", needsSession, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, len(f.s.winlinks)) }},
	{"socket_path", needsNothing, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.c.s.opts.SocketPath) }},
	{"start_time", needsNothing, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vtime(b, f.st.started) }},
	{"tree_mode_format", needsNothing, false, func(_ *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, treeModeFormat) }},
	{"uid", needsNothing, false, func(_ *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, os.Getuid()) }},
	{"user", needsNothing, false, func(_ *formatter, b []byte) ([]byte, time.Time, bool) {
		u, err := passwd.Current()
		if err != nil {
			return vnone(b)
		}
		return vstr(b, u.Name)
	}},
	{"version", needsNothing, true, func(_ *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, Version) }},
	{"window_active", needsPlace, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vbool(b, f.w.session.current == f.w) }},
	{"window_active_clients", needsPlace, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return vnum(b, len(f.activeClients()))
	}},
	{"window_active_clients_list", needsPlace, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		names := f.activeClients()
		return appendJoined(b, names), time.Time{}, len(names) > 0
	}},
	{"window_active_sessions", needsPlace, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return vnum(b, len(f.activeSessions()))
	}},
	{"window_active_sessions_list", needsPlace, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		names := f.activeSessions()
		return appendJoined(b, names), time.Time{}, len(names) > 0
	}},
	// tmux's window_update_activity: the window's making, selection and
	// its panes' output.
	{"window_activity", needsWindow, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		last := f.w.activity
		for _, p := range f.w.panes {
			if at := p.outputAt.Load(); at != 0 && time.Unix(0, at).After(last) {
				last = time.Unix(0, at)
			}
		}
		return vtime(b, last)
	}},
	{"window_activity_flag", needsPlace, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vbool(b, f.w.activityAlert) }},
	{"window_bell_flag", needsPlace, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vbool(b, f.w.bell) }},
	// Whether the window is bigger than the client shows, which a
	// control client (sized as the window) never has.
	{"window_bigger", needsWindow, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return append(b, '0'), time.Time{}, f.client != nil
	}},
	// tmux's default cell size in pixels, which only a client that
	// reports its own changes.
	{"window_cell_height", needsWindow, false, func(_ *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, "32") }},
	{"window_cell_width", needsWindow, false, func(_ *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, "16") }},
	{"window_end_flag", needsPlace, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return vbool(b, f.w.session.winlinks[len(f.w.session.winlinks)-1] == f.w)
	}},
	{"window_flags", needsPlace, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.windowFlags(true)) }},
	{"window_format", needsNothing, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vbool(b, f.kind == findWindow) }},
	{"window_height", needsWindow, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, f.w.height) }},
	{"window_id", needsWindow, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(append(b, '@'), f.w.id) }},
	{"window_index", needsPlace, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, f.w.index) }},
	{"window_last_flag", needsPlace, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vbool(b, f.w.session.last() == f.w) }},
	{"window_layout", needsWindow, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(appendLayout(b, f.w, false), "") }},
	// Every session of a group links the group's windows.
	{"window_linked", needsPlace, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		if g := f.w.session.group; g != nil {
			return vbool(b, len(f.w.links) != len(g.sessions))
		}
		return vbool(b, len(f.w.links) > 1)
	}},
	{"window_linked_sessions", needsPlace, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, len(f.w.links)) }},
	{"window_linked_sessions_list", needsPlace, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		for i, l := range f.w.links {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, l.session.name...)
		}
		return vstr(b, "")
	}},
	{"window_marked_flag", needsPlace, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		m, ok := f.st.markedPane()
		return vbool(b, ok && m.w == f.w)
	}},
	{"window_name", needsWindow, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.w.name) }},
	{"window_offset_x", needsWindow, true, nil},
	{"window_offset_y", needsWindow, false, nil},
	{"window_panes", needsWindow, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, len(f.w.panes)) }},
	{"window_raw_flags", needsPlace, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(b, f.windowFlags(false)) }},
	{"window_silence_flag", needsPlace, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vbool(b, f.w.silenceAlert) }},
	{"window_stack_index", needsPlace, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return vnum(b, slices.Index(f.w.session.lastw, f.w)+1)
	}},
	{"window_start_flag", needsPlace, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) {
		return vbool(b, f.w.session.winlinks[0] == f.w)
	}},
	{"window_visible_layout", needsWindow, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vstr(appendLayout(b, f.w, true), "") }},
	{"window_width", needsWindow, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vnum(b, f.w.width) }},
	{"window_zoomed_flag", needsWindow, true, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return vbool(b, f.w.zoomed != nil) }},
	{"wrap_flag", needsPane, false, func(f *formatter, b []byte) ([]byte, time.Time, bool) { return f.modeFlag(b, "wrap_flag") }},
}

// alternateSaved is alternate_saved_x and _y: tmux's "none" outside the
// alternate screen, nothing in it.
func (f *formatter) alternateSaved(b []byte) ([]byte, time.Time, bool) {
	if f.p.prog.AltScreen() {
		return vnone(b)
	}
	return vstr(b, "4294967295")
}

// modeFlag is one of the variables of a pane's screen modes.
func (f *formatter) modeFlag(b []byte, name string) ([]byte, time.Time, bool) {
	on, _ := f.p.prog.Flag(name)
	return vbool(b, on)
}

// groupAttached is how many clients are attached to the sessions of f's
// session's group.
func (f *formatter) groupAttached() int {
	n := 0
	for _, s := range f.s.group.sessions {
		n += f.st.attachedTo(s)
	}
	return n
}

// activeSessions are the sessions whose current window is f's window.
func (f *formatter) activeSessions() []string {
	var names []string
	for _, l := range f.w.links {
		if l.session.current == l {
			names = append(names, l.session.name)
		}
	}
	return names
}

// activeClients are the control clients whose session's current window
// is f's window.
func (f *formatter) activeClients() []string {
	var names []string
	for _, cc := range f.st.controls {
		if cc.session != nil && cc.session.current != nil && cc.session.current.windowCore == f.w.windowCore {
			names = append(names, cc.name)
		}
	}
	return names
}

// treeModeFormat is choose-tree's default format, which tmux gives as
// #{tree_mode_format}.
const treeModeFormat = `#{?pane_format,#{?pane_marked,#[reverse],}#{pane_current_command}#{?pane_active,*,}#{?pane_marked,M,}` +
	`#{?#{&&:#{pane_title},#{!=:#{pane_title},#{host_short}}},: "#{pane_title}",},#{?window_format,#{?window_marked_flag,#[reverse],}` +
	`#{window_name}#{window_flags}#{?#{&&:#{==:#{window_panes},1},#{&&:#{pane_title},#{!=:#{pane_title},#{host_short}}}},: "#{pane_title}",},` +
	`#{session_windows} windows#{?session_grouped, (group #{session_group}: #{session_group_list}),}#{?session_attached, (attached),}}}`

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
