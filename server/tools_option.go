package server

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The option tools: show_option and set_option. Each is one tmux command
// line: show-options or set-option, with the scope's flag and the target
// named in -t, as libtmux-mcp builds them through libtmux, but without the
// list of sessions, windows or panes that libtmux-mcp runs first to find
// the target.
//
// What show_option's value is. tmux holds an option as a string, a number,
// a flag (on or off), a choice, a colour, a key, a style or an array of
// strings, and show-options prints the value, escaped as tmux escapes a
// command's argument (args_escape: quoted when it holds a space or one of
// #';${}%", control characters as C escapes or octal). libtmux-mcp answers
// with libtmux's conversion of what it printed: a whole number becomes an
// integer, on and off become true and false, an array becomes an object
// keyed by index, and everything else stays a string; a client of
// libtmux-mcp reads history-limit as 2000 and mouse as false. tmuxbuf keeps
// those types, so that such a client reads the same JSON, with three
// changes that keep the value faithful to what tmux holds:
//   - a value is read back exactly: tmux's escaping is undone as tmux's own
//     parser would (libtmux splits it as a POSIX shell would, which mangles
//     octal escapes and backslashes);
//   - a user option (@name) is tmux's string whatever it holds, "007" or
//     "on", as tmux stores it: only tmux's own options are converted, and a
//     number only when it reads back the same ("007" stays a string);
//   - an array is an object from index ("0", "5": tmux's arrays have gaps)
//     to the element's string, for every array: libtmux parses three of them
//     (command-alias, terminal-features, terminal-overrides) into shapes of
//     their own, which lose their indexes and what does not fit the shape.
//     An empty array is {} (libtmux-mcp: null).
// An option that is not set at the level asked (tmux prints nothing, or
// for a user option says "invalid option") is null.

var optionTools = []tool{
	newTool(tool{
		name:  "show_option",
		title: "Show tmux Option",
		desc: "Read a tmux option, e.g. history-limit, mouse, status-style or a user option @name: its value at the scope " +
			"and target asked, null when it is not set there. Whole numbers come back as integers and on/off as booleans " +
			"(but for user options, which stay strings), arrays as an object from index to element.",
		tier:        TierReadonly,
		annotations: annReadOnly,
	}, (*Server).showOption),
	newTool(tool{
		name:  "set_option",
		title: "Set tmux Option",
		desc: "Set a tmux option at the scope and target asked, e.g. history-limit to 10000 or mouse to on, as tmux set-option does. " +
			"An element of an array option is NAME[INDEX]. Hooks cannot be set: they outlive this server. " +
			"value is a payload: the audit log records only its length and digest, and the result does not repeat it.",
		tier:        TierMutating,
		annotations: annMutating,
	}, (*Server).setOption),
}

// optionScope is the scope, target and global_ arguments of the option and
// hook tools.
type optionScope struct {
	Scope  *string `json:"scope" enum:"server,session,window,pane" desc:"Which options: server, session, window or pane. Null: tmux picks by the option's name (show_option, set_option) or takes the session's (hooks)."`
	Target *string `json:"target" desc:"Whose options, for the scope given: a session by name (session scope), a window by ID, e.g. @1 (window scope), a pane by ID, e.g. %1 (pane scope). Needs scope; the server scope takes none. Null: tmux's current session, window or pane."`
	Global bool    `json:"global_" default:"false" desc:"The global options (tmux -g): the defaults that sessions, windows and panes inherit."`
}

// scopeFlags are the flags that select the options of o's scope: tmux's,
// where the server scope is -s for options but -g for hooks (as libtmux
// maps them).
var scopeFlags = map[bool]map[string]string{
	false: {"server": "-s", "session": "", "window": "-w", "pane": "-p"},
	true:  {"server": "-g", "session": "", "window": "-w", "pane": "-p"},
}

// flags are o's flags for show-options, set-option or show-hooks (hooks):
// -g, the scope's flag and -t with the target. what names the target in
// errors, "" without one.
func (o optionScope) flags(hooks bool) (flags []string, what string, err error) {
	if o.Global {
		flags = append(flags, "-g")
	}
	if o.Scope == nil {
		if o.Target != nil {
			return nil, "", validationError(errors.New("scope is required when target is given: session, window or pane"))
		}
		return flags, "", nil
	}
	if f := scopeFlags[hooks][*o.Scope]; f != "" && !(hooks && o.Global && f == "-g") {
		flags = append(flags, f)
	}
	if o.Target == nil {
		return flags, "", nil
	}
	target := *o.Target
	switch *o.Scope {
	case "server":
		return nil, "", validationError(errors.New("target names a session, window or pane: the server scope takes none"))
	case "session":
		if err := checkSessionName("target", target); err != nil {
			return nil, "", err
		}
		// '=': this session exactly; ':' its current window, since the
		// target of these commands is a pane's, where "=name" alone does
		// not find a session.
		return append(flags, "-t", literal("="+target+":")), "session " + target, nil
	case "window":
		if err := checkID("target", '@', target); err != nil {
			return nil, "", err
		}
		return append(flags, "-t", target), "window " + target, nil
	default:
		if err := checkID("target", '%', target); err != nil {
			return nil, "", err
		}
		return append(flags, "-t", target), "pane " + target, nil
	}
}

// missingTarget is err, or, when tmux says that the target named what does
// not exist ("no such window: @9"), a clear error that says so: the
// commands whose target may fail say it so, not "can't find".
func missingTarget(err error, what, socket string) error {
	var te *tmuxError
	if what == "" || !errors.As(err, &te) {
		return err
	}
	msg := firstLine(te.stderr)
	for _, p := range []string{"no such session: ", "no such window: ", "no such pane: "} {
		if strings.HasPrefix(msg, p) {
			return &toolError{err: fmt.Errorf("%s not found on %s", what, socketLabel(socket)), errType: "ObjectDoesNotExist",
				suggestion: "Call list_sessions, list_windows or list_panes to find valid ids."}
		}
	}
	return err
}

// checkOptionName refuses what cannot name an option (or a hook) safely:
// tmux expands formats in the name it is given, and a format can run a
// shell (#(...)), which a read-only tool must never do; a NUL cannot go
// through argv, and control characters name nothing.
func checkOptionName(argName, name string) error {
	if name == "" || strings.ContainsRune(name, '#') || strings.ContainsFunc(name, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return validationError(errBadID(argName, "a tmux option name, such as history-limit, status-format[1] or @my-option, without '#' or control characters"))
	}
	return nil
}

type showOptionArgs struct {
	Option string `json:"option" desc:"The option, e.g. history-limit, mouse, status-format[0] (one element of an array) or @my-option."`
	optionScope
	onSocket
}

type optionResult struct {
	Option string `json:"option" desc:"The option, as asked for."`
	Value  any    `json:"value" desc:"Its value: an integer for a whole number, a boolean for on/off (a user option's value is always its string), an object from index to element for an array, else a string; null when the option is not set at that scope and target."`
}

func (optionResult) SchemaDescription() string { return "A tmux option and its value." }

func (s *Server) showOption(ctx context.Context, a showOptionArgs) (optionResult, error) {
	if err := checkOptionName("option", a.Option); err != nil {
		return optionResult{}, err
	}
	socket, err := a.socket()
	if err != nil {
		return optionResult{}, err
	}
	flags, what, err := a.flags(false)
	if err != nil {
		return optionResult{}, err
	}
	cmd := append(append([]string{"show-options"}, flags...), literalArgs(a.Option)...)
	out, err := s.tmux(ctx, socket, nil, cmd...)
	if err != nil {
		if user, _, _ := strings.Cut(a.Option, "["); strings.HasPrefix(user, "@") && isInvalidOption(err) {
			// A user option not set here: tmux has it nowhere else to look.
			return optionResult{Option: a.Option}, nil
		}
		return optionResult{}, missingTarget(err, what, socket)
	}
	indexed := strings.HasSuffix(a.Option, "]")
	return optionResult{Option: a.Option, Value: parseOptionValue(string(out), indexed, !strings.HasPrefix(a.Option, "@"))}, nil
}

// isInvalidOption reports whether err is tmux's "invalid option: NAME".
func isInvalidOption(err error) bool {
	var te *tmuxError
	return errors.As(err, &te) && strings.HasPrefix(firstLine(te.stderr), "invalid option: ")
}

// parseOptionValue reads what show-options printed for one option: a
// line "NAME VALUE" for a value, "NAME[I] VALUE" for each element of an
// array, "NAME" alone for an empty array, nothing for an option not set
// at that level. indexed says that one element was asked for (NAME[I]),
// which tmux prints as a line of an array; convert gives tmux's own
// options libtmux's types.
func parseOptionValue(out string, indexed, convert bool) any {
	out = strings.TrimSuffix(out, "\n")
	if out == "" {
		return nil
	}
	lines := strings.Split(out, "\n")
	if indexed {
		// libtmux converts an element asked for alone, as a value.
		_, value, _ := strings.Cut(lines[0], " ")
		if convert {
			return convertOptionValue(unescapeArg(value))
		}
		return unescapeArg(value)
	}
	key, value, found := strings.Cut(lines[0], " ")
	if len(lines) == 1 && !strings.HasSuffix(key, "]") {
		switch {
		case !found:
			return map[string]string{} // an empty array
		case convert:
			return convertOptionValue(unescapeArg(value))
		}
		return unescapeArg(value)
	}
	elems := map[string]string{}
	for _, line := range lines {
		key, value, _ := strings.Cut(line, " ")
		if open := strings.LastIndexByte(key, '['); open >= 0 && strings.HasSuffix(key, "]") {
			elems[key[open+1:len(key)-1]] = unescapeArg(value)
		}
	}
	return elems
}

// convertOptionValue is libtmux's conversion of an option's value: a whole
// number becomes an integer and on/off a boolean, but only where the
// value reads back the same.
func convertOptionValue(v string) any {
	switch v {
	case "on":
		return true
	case "off":
		return false
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil && n >= 0 && strconv.FormatInt(n, 10) == v {
		return n
	}
	return v
}

// unescapeArg undoes tmux 3.3a's args_escape, with which show-options
// prints a string option's value: two single quotes for an empty string, a lone special
// character after a backslash, else the value in double quotes (when it
// holds a space or one of #';${}%), in single quotes (when it holds a "),
// or bare, a leading ~ escaped, and inside, as vis(3) writes with
// VIS_OCTAL|VIS_CSTYLE|VIS_TAB|VIS_NL: \\, \" and \$ (in double quotes), C escapes
// (\n, \t, \s, ...) and octal for other bytes that are not printable.
// Values of other types are printed bare and unescaped (a number, a flag,
// a colour, a key such as C-\); what is not a well-formed escape is taken
// as printed.
func unescapeArg(s string) string {
	if s == "''" {
		return ""
	}
	body := s
	if len(s) >= 2 && (s[0] == '"' && s[len(s)-1] == '"' || s[0] == '\'' && s[len(s)-1] == '\'') {
		body = s[1 : len(s)-1]
	}
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		i++
		if i == len(body) {
			return s // a bare value ending in a backslash: a key, C-\ say
		}
		switch c = body[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 'b':
			b.WriteByte('\b')
		case 'a':
			b.WriteByte('\a')
		case 'v':
			b.WriteByte('\v')
		case 't':
			b.WriteByte('\t')
		case 'f':
			b.WriteByte('\f')
		case 's':
			b.WriteByte(' ')
		case '0', '1', '2', '3', '4', '5', '6', '7':
			n := 0
			for j := 0; j < 3 && i < len(body) && body[i] >= '0' && body[i] <= '7'; j++ {
				n = n*8 + int(body[i]-'0')
				i++
			}
			i--
			b.WriteByte(byte(n))
		default:
			b.WriteByte(c) // \\, \", \~, \# and the like
		}
	}
	return b.String()
}

type setOptionArgs struct {
	Option string `json:"option" desc:"The option, e.g. history-limit, mouse, status-format[1] (one element of an array) or @my-option. Hooks are refused."`
	Value  string `json:"value" payload:"true" desc:"The value, as tmux set-option takes it: on/off for a flag, digits for a number. The audit log records only its length and a digest. It goes to tmux as an argument (in argv on the exec backend)."`
	optionScope
	onSocket
}

type optionSetResult struct {
	Option string  `json:"option" desc:"The option, as asked for."`
	Value  *string `json:"value" desc:"Always null: the value is a payload, which the result does not repeat (libtmux-mcp echoes it here)."`
	Status string  `json:"status" desc:"\"set\"."`
}

func (optionSetResult) SchemaDescription() string { return "Confirmation that the option was set." }

func (s *Server) setOption(ctx context.Context, a setOptionArgs) (optionSetResult, error) {
	if err := checkOptionName("option", a.Option); err != nil {
		return optionSetResult{}, err
	}
	if isHookName(a.Option) {
		return optionSetResult{}, refusal(errors.New("option names a hook, and hooks stay read-only: a hook outlives this server and runs its command on every event"),
			"Put hooks in your tmux configuration file; show_hooks and show_hook read them.")
	}
	if err := s.checkArgvPayload("value", a.Value); err != nil {
		return optionSetResult{}, err
	}
	socket, err := a.socket()
	if err != nil {
		return optionSetResult{}, err
	}
	flags, what, err := a.flags(false)
	if err != nil {
		return optionSetResult{}, err
	}
	if err := s.setScoped(ctx, socket, "set-option", flags, what, a.Option, a.Value); err != nil {
		return optionSetResult{}, err
	}
	return optionSetResult{Option: a.Option, Status: "set"}, nil
}

// setScoped runs command (set-option, set-environment) with the flags
// that choose where, setting name to value, a payload: tmux's errors come
// back without the value, and a target that is not there is named by
// what.
func (s *Server) setScoped(ctx context.Context, socket, command string, flags []string, what, name, value string) error {
	cmd := append(append([]string{command}, flags...), literalArgs(name, value)...)
	if _, err := s.tmux(ctx, socket, nil, cmd...); err != nil {
		return missingTarget(withoutValue(err, value), what, socket)
	}
	return nil
}

// checkArgvPayload refuses a payload that must go to tmux in argv (tmux
// has no way to read it from standard input) but cannot: one over the
// content cap, or with a NUL, which ends an argument.
func (s *Server) checkArgvPayload(argName, value string) error {
	if err := s.checkPayload(argName, value, nil); err != nil {
		return err
	}
	if strings.ContainsRune(value, 0) {
		return validationError(fmt.Errorf("%s holds a NUL byte, which cannot reach tmux: it takes the value as an argument", argName))
	}
	return nil
}

// valueErrors begin tmux 3.3a's errors that quote the value set
// (options.c): the rest of such a message is left out.
var valueErrors = []string{"not a suitable shell: ", "value is invalid: ", "invalid style: ", "bad value: ",
	"unknown value: ", "value is too large: ", "value is too small: ", "bad key: ", "bad colour: "}

// targetErrors begin tmux's errors about the option or the target, which
// quote those and never the value.
var targetErrors = []string{"invalid option: ", "ambiguous option: ", "unknown option: ", "not an array: ",
	"already set: ", "no such session: ", "no such window: ", "no such pane: ", "no current ", "can't find ",
	"no server running on ", "error connecting to "}

// withoutValue is err with tmux's message rid of value, a payload, which
// tmux quotes in some of its errors ("bad value: maybe"): the error must
// not carry it to the caller or the audit log.
func withoutValue(err error, value string) error {
	var te *tmuxError
	if !errors.As(err, &te) || te.stderr == "" {
		return err
	}
	msg := strings.TrimSpace(te.stderr)
	for _, p := range valueErrors {
		if strings.HasPrefix(msg, p) {
			te.stderr = strings.TrimSuffix(p, ": ") + " (tmux's message quoted the value, which is left out)"
			return err
		}
	}
	for _, p := range targetErrors {
		if strings.HasPrefix(msg, p) {
			return err // what it quotes is the option or the target
		}
	}
	if trimmed := strings.TrimSpace(value); value != "" && strings.Contains(te.stderr, value) ||
		trimmed != "" && strings.Contains(te.stderr, trimmed) {
		te.stderr = "tmux refused the value (its message quoted the value, which is left out)"
	}
	return err
}

// hookNames are tmux 3.3a's hooks (show-hooks -g, show-hooks -gw). tmux's
// set-option sets a hook as readily as set-hook does, and takes any
// unambiguous prefix of a name for the name, so set_option refuses these
// names and their prefixes: no tool sets a hook.
var hookNames = []string{
	"after-bind-key", "after-capture-pane", "after-copy-mode", "after-display-message", "after-display-panes",
	"after-kill-pane", "after-list-buffers", "after-list-clients", "after-list-keys", "after-list-panes",
	"after-list-sessions", "after-list-windows", "after-load-buffer", "after-lock-server", "after-new-session",
	"after-new-window", "after-paste-buffer", "after-pipe-pane", "after-queue", "after-refresh-client",
	"after-rename-session", "after-rename-window", "after-resize-pane", "after-resize-window", "after-save-buffer",
	"after-select-layout", "after-select-pane", "after-select-window", "after-send-keys", "after-set-buffer",
	"after-set-environment", "after-set-hook", "after-set-option", "after-show-environment", "after-show-messages",
	"after-show-options", "after-split-window", "after-unbind-key", "alert-activity", "alert-bell", "alert-silence",
	"client-active", "client-attached", "client-detached", "client-focus-in", "client-focus-out", "client-resized",
	"client-session-changed", "command-error", "pane-died", "pane-exited", "pane-focus-in", "pane-focus-out",
	"pane-mode-changed", "pane-set-clipboard", "pane-title-changed", "session-closed", "session-created",
	"session-renamed", "session-window-changed", "window-layout-changed", "window-linked", "window-pane-changed",
	"window-renamed", "window-resized", "window-unlinked",
}

// hookFamilies begin the names of hooks only, in every tmux since 3.0:
// later versions add hooks under them (client-light-theme, say).
var hookFamilies = []string{"after-", "alert-", "client-", "session-"}

// isHookName reports whether set-option would take name for a hook: a
// hook's name, a prefix of one (tmux takes an unambiguous prefix for the
// name; no option of tmux 3.3a is a prefix of a hook's name), or a name
// of a family of hooks, with or without an index.
func isHookName(name string) bool {
	if strings.HasPrefix(name, "@") {
		return false
	}
	base, _, _ := strings.Cut(name, "[")
	if base == "" {
		return false
	}
	for _, f := range hookFamilies {
		if strings.HasPrefix(base, f) {
			return true
		}
	}
	for _, h := range hookNames {
		if strings.HasPrefix(h, base) {
			return true
		}
	}
	return false
}
