package server

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
)

// The server may run inside the tmux it drives (an agent in a pane): the
// tools that kill or respawn refuse to touch the server, session, window or
// pane it runs in, and panes say whether they are it (is_caller). Which is
// it is told by socket path and pane id together: a pane id is unique only
// within one tmux server.

// sameSocket reports whether two socket paths name one socket, as their
// real paths say; paths that do not resolve (the emulator's, a socket gone)
// are compared as given.
func sameSocket(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	if ra, err := filepath.EvalSymlinks(a); err == nil {
		a = ra
	}
	if rb, err := filepath.EvalSymlinks(b); err == nil {
		b = rb
	}
	return a == b
}

// isCaller is a pane's is_caller: null outside tmux, else whether it is
// the server's own pane on the server's own socket, proven by both.
func (s *Server) isCaller(paneID, socketPath string) *bool {
	c := s.cfg.Caller
	if c == nil || c.PaneID == "" {
		return nil
	}
	is := c.PaneID == paneID && sameSocket(c.SocketPath, socketPath)
	return &is
}

// markCallers sets is_caller on each pane.
func (s *Server) markCallers(panes []paneInfo) {
	for i := range panes {
		panes[i].IsCaller = s.isCaller(panes[i].PaneID, panes[i].SocketPath)
	}
}

// callerPlace is where the server's own pane is on one tmux server: the
// server's socket, and when the pane is on it, its session, window and
// pane; nil when the server runs outside tmux.
type callerPlace struct {
	onServer               bool // the server runs in this tmux server
	sessionID, sessionName string
	windowID, paneID       string
	paneFound              bool
}

// callerOn finds the server's own pane on the tmux server of socket, with
// one command line that changes nothing. It leans to finding it: a pane
// whose socket is unknown (TMUX_PANE without TMUX) counts as on any server
// that has a pane of its id, since a refusal too many is the safe side of a
// kill.
func (s *Server) callerOn(ctx context.Context, socket string) (*callerPlace, error) {
	c := s.cfg.Caller
	if c == nil {
		return nil, nil
	}
	args := []string{"display-message", "-p", "#{socket_path}"}
	if checkID("pane_id", '%', c.PaneID) == nil {
		args = append(args, ";", "list-panes", "-a", "-f", "#{==:#{pane_id},"+c.PaneID+"}",
			"-F", "#{session_id}"+fieldMark+"#{session_name}"+fieldMark+"#{window_id}"+fieldMark+"#{pane_id}")
	}
	out, err := s.tmux(ctx, socket, nil, args...)
	if err != nil {
		return nil, err
	}
	socketPath, rest, _ := strings.Cut(string(out), "\n")
	p := &callerPlace{onServer: sameSocket(c.SocketPath, socketPath)}
	if fields := strings.Split(strings.TrimSuffix(rest, "\n"), fieldMark); len(fields) == 4 {
		p.sessionID, p.sessionName, p.windowID, p.paneID = fields[0], fields[1], fields[2], fields[3]
		p.paneFound = true
		p.onServer = p.onServer || c.SocketPath == ""
	}
	return p, nil
}

// refuseSelf is the refusal of a kill or respawn that would take the MCP
// server's own pane, or what holds it, with it.
func refuseSelf(what string) error {
	return refusal(errors.New("refusing to "+what+" this MCP server runs in; it would end the server and the agent's session. Run tmux yourself if you mean it"),
		"Target another one: list_panes marks the server's own pane is_caller.")
}
