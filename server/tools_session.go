package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
)

// The session tools: list_windows, get_session_info, create_window,
// rename_session, select_window and kill_session.

var sessionTools = []tool{
	newTool(tool{
		name:  "list_windows",
		title: "List tmux Windows",
		desc: "List the windows (terminal tabs) of a session, or of every session with no session given. " +
			"Window metadata only (names, indexes, layouts); search_panes searches what panes show. " +
			`filters keeps the windows whose tmux format variables match, e.g. {"window_name__contains": "dev"}.`,
		tier:        TierReadonly,
		annotations: annReadOnly,
		alwaysLoad:  true,
	}, (*Server).listWindows),
	newTool(tool{
		name:        "get_session_info",
		title:       "Get tmux Session Info",
		desc:        "Describe one session: session_id wins over session_name; with neither, tmux's current session.",
		tier:        TierReadonly,
		annotations: annReadOnly,
	}, (*Server).getSessionInfo),
	newTool(tool{
		name:  "create_window",
		title: "Create tmux Window",
		desc: "Create a window, with one pane, in a session (tmux's current one without a target), after its last window, " +
			"or just before or after its current one (direction). environment is the new process's only.",
		tier:        TierMutating,
		annotations: annCreate,
	}, (*Server).createWindow),
	newTool(tool{
		name:        "rename_session",
		title:       "Rename tmux Session",
		desc:        "Rename a session (tmux's current one without a target). Ids, and so pane_id references, stay valid.",
		tier:        TierMutating,
		annotations: annMutating,
	}, (*Server).renameSession),
	newTool(tool{
		name:        "select_window",
		title:       "Select tmux Window",
		desc:        "Make a window its session's current one: by window_id or window_index, or by direction (next, previous, last) in the session given.",
		tier:        TierMutating,
		annotations: annMutating,
	}, (*Server).selectWindow),
	newTool(tool{
		name:  "kill_session",
		title: "Kill tmux Session",
		desc: "Kill a session, with its windows and panes. It must be named: session_id or session_name. " +
			"Refused for the session this MCP server runs in. Use kill_window for one window.",
		tier:        TierDestructive,
		annotations: annDestructive,
	}, (*Server).killSession),
}

type listWindowsArgs struct {
	sessionRef
	onSocket
	filtersArg
}

func (s *Server) listWindows(ctx context.Context, a listWindowsArgs) ([]windowInfo, error) {
	socket, session, err := resolve(a.onSocket, a.sessionRef)
	if err != nil {
		return nil, err
	}
	cmd := []string{"list-windows", "-a"}
	if session != "" {
		cmd = []string{"list-windows", "-t", session}
	}
	return listRecords[windowInfo](ctx, s, socket, a.Filters, cmd...)
}

type sessionInfoArgs struct {
	sessionRef
	onSocket
}

func (s *Server) getSessionInfo(ctx context.Context, a sessionInfoArgs) (sessionInfo, error) {
	socket, session, err := resolve(a.onSocket, a.sessionRef)
	if err != nil {
		return sessionInfo{}, err
	}
	return describe[sessionInfo](ctx, s, socket, session)
}

// describeLine prints the record of T for target, an object tmux finds by
// it ("" for its current one). display-message prints nothing,
// successfully, for a target that is not there, so has-session finds it
// first (checked); for a pane or window target it finds that pane's or
// window's session.
func describeLine[T any](target string) []string {
	return checked(target, withTarget(paneTarget(target), "display-message", "-p", recordFormat[T]())...)
}

// describe runs describeLine for T after the commands before, on the same
// command line, and reads the record it printed.
func describe[T any](ctx context.Context, s *Server, socket, target string, before ...string) (T, error) {
	return describeOn[T](ctx, s, s.cfg.Tmux.Dial(socket), socket, target, before...)
}

// describeOn is describe on the tmux server t.
func describeOn[T any](ctx context.Context, s *Server, t Tmux, socket, target string, before ...string) (T, error) {
	line := describeLine[T](target)
	if len(before) > 0 {
		line = then(before, line)
	}
	out, err := s.tmuxOn(ctx, t, socket, nil, line...)
	if err != nil {
		var zero T
		return zero, err
	}
	return oneRecord[T](out)
}

// describeCaptured reads, on one command line so that both are of one
// moment, the record of T for the pane target names and what capture-pane
// prints of it with flags.
func describeCaptured[T any](ctx context.Context, s *Server, socket, target string, flags ...string) (T, []byte, error) {
	capture := withTarget(target, append([]string{"capture-pane", "-p"}, flags...)...)
	out, err := s.tmux(ctx, socket, nil, then(describeLine[T](target), capture)...)
	var record T
	if err != nil {
		return record, nil, err
	}
	end := bytes.Index(out, []byte(recordMark+"\n"))
	if end < 0 {
		return record, nil, errors.New("tmux display-message printed no pane record")
	}
	end += len(recordMark) + 1
	record, err = oneRecord[T](out[:end])
	return record, out[end:], err
}

type createWindowArgs struct {
	sessionRef
	WindowName     *string `json:"window_name" desc:"Its name, taken as it is."`
	StartDirectory *string `json:"start_directory" desc:"The working directory of its pane (~ is the home directory; tmux formats such as #{pane_current_path} are expanded)."`
	Attach         bool    `json:"attach" default:"false" desc:"Make it the session's current window."`
	Direction      *string `json:"direction" enum:"before,after" desc:"Put it just before or after the session's current window, rather than after its last."`
	onSocket
	spawnEnvironment
}

func (s *Server) createWindow(ctx context.Context, a createWindowArgs) (windowInfo, error) {
	socket, session, err := resolve(a.onSocket, a.sessionRef)
	if err != nil {
		return windowInfo{}, err
	}
	cmd := []string{"new-window", "-P", "-F", recordFormat[windowInfo]()}
	if !a.Attach {
		cmd = append(cmd, "-d")
	}
	if a.WindowName != nil {
		cmd = append(cmd, "-n", literal(noFormat(*a.WindowName)))
	}
	if a.StartDirectory != nil && *a.StartDirectory != "" {
		cmd = append(cmd, "-c", literal(expandHome(*a.StartDirectory)))
	}
	if a.Direction != nil {
		cmd = append(cmd, map[string]string{"before": "-b", "after": "-a"}[*a.Direction])
	}
	env, err := a.flags(true)
	if err != nil {
		return windowInfo{}, err
	}
	cmd = append(cmd, env...)
	if session != "" {
		cmd = append(cmd, "-t", session+":")
	}
	out, err := s.tmux(ctx, socket, nil, cmd...)
	if err != nil {
		return windowInfo{}, err
	}
	return oneRecord[windowInfo](out)
}

type renameSessionArgs struct {
	NewName string `json:"new_name" desc:"Its new name: not empty, without ':' or '.'."`
	sessionRef
	onSocket
}

func (s *Server) renameSession(ctx context.Context, a renameSessionArgs) (sessionInfo, error) {
	socket, session, err := resolve(a.onSocket, a.sessionRef)
	if err != nil {
		return sessionInfo{}, err
	}
	if err := checkSessionName("new_name", a.NewName); err != nil {
		return sessionInfo{}, err
	}
	rename := append(withTarget(session, "rename-session"), literalArgs(noFormat(a.NewName))...)
	return describe[sessionInfo](ctx, s, socket, "="+a.NewName, rename...)
}

type selectWindowArgs struct {
	WindowID    *string `json:"window_id" desc:"The window to select, e.g. @1."`
	WindowIndex *string `json:"window_index" desc:"The index of the window to select, in the session given."`
	Direction   *string `json:"direction" enum:"next,previous,last" desc:"Select the next, previous or last (previously current) window of the session given."`
	sessionRef
	onSocket
}

var errNoWindowChoice = errors.New("provide window_id, window_index or direction")

func (s *Server) selectWindow(ctx context.Context, a selectWindowArgs) (windowInfo, error) {
	socket, err := a.socket()
	if err != nil {
		return windowInfo{}, err
	}
	if a.WindowID != nil || a.WindowIndex != nil {
		target, err := windowRef{WindowID: a.WindowID, WindowIndex: a.WindowIndex, sessionRef: a.sessionRef}.target()
		if err != nil {
			return windowInfo{}, err
		}
		return describe[windowInfo](ctx, s, socket, target, "select-window", "-t", target)
	}
	if a.Direction == nil {
		return windowInfo{}, refusal(errNoWindowChoice, "Call list_windows for the windows' ids and indexes.")
	}
	session, err := a.sessionRef.target()
	if err != nil {
		return windowInfo{}, err
	}
	move := map[string]string{"next": "next-window", "previous": "previous-window", "last": "last-window"}[*a.Direction]
	return describe[windowInfo](ctx, s, socket, session, withTarget(session, move)...)
}

type killSessionArgs struct {
	sessionRef
	onSocket
}

var errKillNoTarget = errors.New("refusing to kill without an explicit target: give session_name or session_id")

func (s *Server) killSession(ctx context.Context, a killSessionArgs) (string, error) {
	socket, session, err := resolve(a.onSocket, a.sessionRef)
	if err != nil {
		return "", err
	}
	if session == "" {
		return "", refusal(errKillNoTarget, "Call list_sessions for the sessions' names and ids.")
	}
	here, err := s.callerOn(ctx, socket)
	if err != nil {
		return "", err
	}
	if here != nil && here.onServer && here.paneFound &&
		(session == here.sessionID || session == "="+here.sessionName) {
		return "", refuseSelf("kill the session")
	}
	out, err := s.tmux(ctx, socket, nil, "has-session", "-t", session, ";",
		"display-message", "-p", "-t", paneTarget(session), "#{session_name}", ";", "kill-session", "-t", session)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Session killed: %s", strings.TrimSuffix(string(out), "\n")), nil
}
