package server

import (
	"strconv"
	"strings"
)

// Targets, as libtmux-mcp's tools take them: the most specific argument
// given wins (pane_id, then window_id, then session_id, then
// session_name, with window_index inside a session), and the call names it
// to tmux in -t, so that tmux finds it and no list comes first. With no
// target at all, the command goes without -t and acts where tmux itself
// would: on its current session, window and pane (libtmux-mcp acts on the
// first pane of the first session listed).

// sessionRef names a session.
type sessionRef struct {
	SessionName *string `json:"session_name" desc:"Session name."`
	SessionID   *string `json:"session_id" desc:"Session ID, e.g. $1; wins over session_name."`
}

// target is the -t value for the session named, "" for none.
func (r sessionRef) target() (string, error) {
	switch {
	case r.SessionID != nil:
		return *r.SessionID, checkID("session_id", '$', *r.SessionID)
	case r.SessionName != nil:
		if err := checkSessionName("session_name", *r.SessionName); err != nil {
			return "", err
		}
		// '=': this session exactly, never one whose name it begins.
		return "=" + *r.SessionName, nil
	}
	return "", nil
}

// windowRef names a window: by id, or by index in a session (its current
// session without one), or a session's current window.
type windowRef struct {
	WindowID    *string `json:"window_id" desc:"Window ID, e.g. @1; wins over the other targets."`
	WindowIndex *string `json:"window_index" desc:"Window index in the session."`
	sessionRef
}

func (r windowRef) target() (string, error) {
	if r.WindowID != nil {
		return *r.WindowID, checkID("window_id", '@', *r.WindowID)
	}
	session, err := r.sessionRef.target()
	if err != nil {
		return "", err
	}
	if r.WindowIndex != nil {
		if _, err := strconv.ParseUint(*r.WindowIndex, 10, 31); err != nil {
			return "", validationError(errBadID("window_index", "a window index, e.g. 1"))
		}
		return session + ":" + *r.WindowIndex, nil
	}
	if session != "" {
		return session + ":", nil
	}
	return "", nil
}

// paneRef names a pane: by id, or a window's or a session's active pane.
type paneRef struct {
	PaneID      *string `json:"pane_id" desc:"Pane ID, e.g. %1; wins over the other targets."`
	SessionName *string `json:"session_name" desc:"Act on this session's active pane."`
	SessionID   *string `json:"session_id" desc:"Act on this session's active pane, e.g. $1."`
	WindowID    *string `json:"window_id" desc:"Act on this window's active pane, e.g. @1."`
}

func (r paneRef) target() (string, error) {
	switch {
	case r.PaneID != nil:
		return *r.PaneID, checkID("pane_id", '%', *r.PaneID)
	case r.WindowID != nil:
		return *r.WindowID, checkID("window_id", '@', *r.WindowID)
	}
	session, err := sessionRef{SessionName: r.SessionName, SessionID: r.SessionID}.target()
	if session != "" {
		session += ":"
	}
	return session, err
}

// targetRef names what a tool acts on: a session, a window or a pane.
type targetRef interface {
	target() (string, error)
}

// resolve checks a call's socket_name, then the target ref names, and
// returns both: every tool with a target starts so.
func resolve(on onSocket, ref targetRef) (socket, target string, err error) {
	if socket, err = on.socket(); err != nil {
		return "", "", err
	}
	target, err = ref.target()
	return socket, target, err
}

// paneTarget is a target as a command that takes a pane finds it: a
// session named exactly ("=name") needs its ':', or tmux looks for a
// window of that name.
func paneTarget(target string) string {
	if strings.HasPrefix(target, "=") && !strings.Contains(target, ":") {
		return target + ":"
	}
	return target
}

// withTarget is cmd with -t target after its name, before any argument
// that ends tmux's flags, or cmd alone for no target.
func withTarget(target string, cmd ...string) []string {
	if target == "" {
		return cmd
	}
	return append([]string{cmd[0], "-t", literal(target)}, cmd[1:]...)
}

func checkID(argName string, sigil byte, id string) error {
	if len(id) < 2 || id[0] != sigil {
		return validationError(errBadID(argName, string(sigil)+"<number>"))
	}
	if _, err := strconv.ParseUint(id[1:], 10, 32); err != nil {
		return validationError(errBadID(argName, string(sigil)+"<number>"))
	}
	return nil
}

// checkSessionName refuses what tmux cannot name a session: empty, or with
// ':' or '.', which would split a target (tmux itself puts '_' in their
// place), as libtmux's session_check_name does.
func checkSessionName(argName, name string) error {
	if name == "" || strings.ContainsAny(name, ":.") {
		return validationError(errBadID(argName, "a tmux session name: not empty, without ':' or '.'"))
	}
	return nil
}
