package server

import (
	"context"
	"errors"
	"strings"
)

// The pane tools: resize_pane, kill_pane, respawn_pane, set_pane_title,
// get_pane_info, find_pane_by_position, select_pane and swap_pane. Each
// that changes a pane answers with it as it is afterwards, read by the
// same tmux command line.

var paneTools = []tool{
	newTool(tool{
		name:  "resize_pane",
		title: "Resize Pane",
		desc: "Resize a tmux pane to height rows and width columns, or zoom it (zoom true: it fills its window; false: the window is unzoomed). " +
			"zoom does not go with height or width. Returns the pane.",
		tier:        TierMutating,
		annotations: annMutating,
	}, (*Server).resizePane),
	newTool(tool{
		name:  "kill_pane",
		title: "Kill Pane",
		desc: "Kill (close) a tmux pane and its program, named by its exact pane_id (e.g. %5). " +
			"Refused for the pane this MCP server runs in. Use kill_window for a whole window.",
		tier:        TierDestructive,
		annotations: annDestructive,
	}, (*Server).killPane),
	newTool(tool{
		name:  "respawn_pane",
		title: "Respawn Pane",
		desc: "Restart the program of a tmux pane in place (a wedged shell, a hung REPL), keeping its pane_id and its place in the layout, " +
			"which kill_pane and split_window would not. kill (the default) ends the running program first; without it, only a dead pane respawns. " +
			"shell replaces the command (by default the pane's own is run again). " +
			"pane_id is required and refused for the pane this MCP server runs in. Returns the pane, with its new pane_pid.",
		tier: TierMutating,
		// libtmux-mcp's mutating-destructive preset, the values of annDestructive.
		annotations: annDestructive,
	}, (*Server).respawnPane),
	newTool(tool{
		name:  "set_pane_title",
		title: "Set Pane Title",
		desc: "Set a tmux pane's title, to find it again by list_panes or get_pane_info. " +
			"The title is taken as it is ('#' is no format). Returns the pane.",
		tier:        TierMutating,
		annotations: annMutating,
	}, (*Server).setPaneTitle),
	newTool(tool{
		name:  "get_pane_info",
		title: "Get Pane Info",
		desc: "Describe one tmux pane (ID, size, place, command, directory, title, PID) without reading what it shows; " +
			"capture_pane reads that. Name it by pane_id, or a window or session for its active pane.",
		tier:        TierReadonly,
		annotations: annReadOnly,
	}, (*Server).getPaneInfo),
	newTool(tool{
		name:  "find_pane_by_position",
		title: "Find Pane By Position",
		desc: "Find the pane at a corner of a tmux window (\"the bottom-right pane\") in one call: " +
			"the pane that touches both of that corner's edges, the innermost one if several do.",
		tier:        TierReadonly,
		annotations: annReadOnly,
	}, (*Server).findPaneByPosition),
	newTool(tool{
		name:  "select_pane",
		title: "Select Pane",
		desc: "Make a tmux pane the active one of its window: by pane_id, or by direction from a window's active pane " +
			"(up, down, left, right; last for the one active before; next and previous by pane index, round the window). " +
			"Returns the pane active afterwards.",
		tier:        TierMutating,
		annotations: annMutating,
	}, (*Server).selectPane),
	newTool(tool{
		name:  "swap_pane",
		title: "Swap Pane",
		desc: "Swap two tmux panes' places, in one window or across two; their programs and contents go with them. " +
			"Returns the source pane, now where the target was.",
		tier:        TierMutating,
		annotations: annCreate,
	}, (*Server).swapPane),
}

type paneArgs struct {
	paneRef
	onSocket
}

func (s *Server) getPaneInfo(ctx context.Context, a paneArgs) (paneInfo, error) {
	socket, target, err := resolve(a.onSocket, a.paneRef)
	if err != nil {
		return paneInfo{}, err
	}
	return s.onePane(ctx, socket, paneLine(target))
}

type resizePaneArgs struct {
	paneRef
	Height *int64 `json:"height" desc:"New height, in rows."`
	Width  *int64 `json:"width" desc:"New width, in columns."`
	Zoom   *bool  `json:"zoom" desc:"true: zoom the pane, to fill its window; false: unzoom its window. Not with height or width."`
	onSocket
}

func (s *Server) resizePane(ctx context.Context, a resizePaneArgs) (paneInfo, error) {
	socket, target, err := resolve(a.onSocket, a.paneRef)
	if err != nil {
		return paneInfo{}, err
	}
	if a.Zoom != nil && (a.Height != nil || a.Width != nil) {
		return paneInfo{}, refusal(errors.New("zoom cannot be combined with height or width"), "Zoom, or resize, in two calls.")
	}
	var change []string
	if a.Zoom != nil {
		// resize-pane -Z toggles, and resize-pane without flags unzooms
		// the window whatever its state: so zoom is an unzoom, then a
		// zoom of the pane (which makes it active), and the line needs
		// no answer from tmux halfway (if-shell's commands would add
		// replies that a control client cannot tell from the line's).
		change = withTarget(target, "resize-pane")
		if *a.Zoom {
			change = then(change, withTarget(target, "resize-pane", "-Z"))
		}
	} else {
		flags, err := sizeFlags(a.Height, a.Width, "give height, width or zoom")
		if err != nil {
			return paneInfo{}, err
		}
		change = withTarget(target, append([]string{"resize-pane"}, flags...)...)
	}
	return s.onePane(ctx, socket, then(change, paneLine(target)))
}

type killPaneArgs struct {
	PaneID string `json:"pane_id" desc:"The exact ID of the pane to kill, e.g. %5 (list_panes gives them). Required: there is no default pane to kill."`
	onSocket
}

func (s *Server) killPane(ctx context.Context, a killPaneArgs) (string, error) {
	socket, err := a.socket()
	if err != nil {
		return "", err
	}
	if err := s.checkNotSelf(ctx, socket, a.PaneID, "kill the pane"); err != nil {
		return "", err
	}
	if _, err := s.tmux(ctx, socket, nil, "kill-pane", "-t", a.PaneID); err != nil {
		return "", err
	}
	return "Pane killed: " + a.PaneID, nil
}

// checkNotSelf checks a pane ID, and refuses to do what (a kill, a
// respawn) to the pane this server runs in.
func (s *Server) checkNotSelf(ctx context.Context, socket, paneID, what string) error {
	if err := checkID("pane_id", '%', paneID); err != nil {
		return err
	}
	switch here, err := s.callerOn(ctx, socket); {
	case err != nil:
		return err
	case here != nil && here.onServer && here.paneFound && here.paneID == paneID:
		return refuseSelf(what)
	}
	return nil
}

type respawnPaneArgs struct {
	PaneID         string  `json:"pane_id" desc:"The exact ID of the pane to respawn, e.g. %1 (list_panes gives them). Required: there is no default pane, as kill would end its program."`
	Kill           bool    `json:"kill" default:"true" desc:"End the pane's running program first (respawn-pane -k). false respawns only a pane whose program has exited."`
	Shell          *string `json:"shell" payload:"true" desc:"Command to run instead of the pane's own. The audit log records only its length and digest."`
	StartDirectory *string `json:"start_directory" desc:"Working directory of the new program (~ is the home directory); by default the pane's own."`
	onSocket
	spawnEnvironment
}

func (s *Server) respawnPane(ctx context.Context, a respawnPaneArgs) (paneInfo, error) {
	socket, err := a.socket()
	if err != nil {
		return paneInfo{}, err
	}
	env, err := a.flags(true)
	if err != nil {
		return paneInfo{}, err
	}
	if err := s.checkNotSelf(ctx, socket, a.PaneID, "respawn the pane"); err != nil {
		return paneInfo{}, err
	}
	cmd := []string{"respawn-pane"}
	if a.Kill {
		cmd = append(cmd, "-k")
	}
	if a.StartDirectory != nil && *a.StartDirectory != "" {
		cmd = append(cmd, "-c", literal(expandHome(*a.StartDirectory)))
	}
	cmd = append(append(cmd, env...), "-t", a.PaneID)
	if a.Shell != nil && *a.Shell != "" {
		cmd = append(cmd, literalArgs(*a.Shell)...)
	}
	return s.onePane(ctx, socket, then(cmd, paneLine(a.PaneID)))
}

type setPaneTitleArgs struct {
	Title string `json:"title" desc:"The pane's new title, taken as it is."`
	paneRef
	onSocket
}

func (s *Server) setPaneTitle(ctx context.Context, a setPaneTitleArgs) (paneInfo, error) {
	socket, target, err := resolve(a.onSocket, a.paneRef)
	if err != nil {
		return paneInfo{}, err
	}
	set := withTarget(target, "select-pane", "-T", literal(noFormat(a.Title)))
	return s.onePane(ctx, socket, then(set, paneLine(target)))
}

type findPaneArgs struct {
	Corner string `json:"corner" enum:"top-left,top-right,bottom-left,bottom-right" desc:"The window's corner."`
	windowRef
	onSocket
}

func (s *Server) findPaneByPosition(ctx context.Context, a findPaneArgs) (paneInfo, error) {
	socket, target, err := resolve(a.onSocket, a.windowRef)
	if err != nil {
		return paneInfo{}, err
	}
	vertical, horizontal, _ := strings.Cut(a.Corner, "-")
	filter := "#{&&:#{pane_at_" + vertical + "},#{pane_at_" + horizontal + "}}"
	out, err := s.tmux(ctx, socket, nil, withTarget(target, "list-panes", "-f", filter, "-F", recordFormat[paneInfo]())...)
	if err != nil {
		return paneInfo{}, err
	}
	panes, err := parseRecords[paneInfo](out)
	if err != nil {
		return paneInfo{}, err
	}
	if len(panes) == 0 {
		return paneInfo{}, refusal(errors.New("no pane touches both edges of the window's "+a.Corner+" corner, which tmux's own layouts never leave empty"),
			"Call list_panes for the window's panes and their pane_left, pane_top and pane_at_* edges.")
	}
	// Of several (a window of one pane touches every edge; a zoomed
	// one's hidden panes keep their places), the innermost: the largest
	// pane_left + pane_top, as libtmux-mcp picks.
	best := panes[0]
	score := func(p paneInfo) int64 {
		var n int64
		if p.PaneLeft != nil {
			n += *p.PaneLeft
		}
		if p.PaneTop != nil {
			n += *p.PaneTop
		}
		return n
	}
	for _, p := range panes[1:] {
		if score(p) > score(best) {
			best = p
		}
	}
	best.IsCaller = s.isCaller(best.PaneID, best.SocketPath)
	return best, nil
}

type selectPaneArgs struct {
	PaneID      *string `json:"pane_id" desc:"Pane ID, e.g. %1, to select; wins over direction."`
	Direction   *string `json:"direction" enum:"up,down,left,right,last,next,previous" desc:"Where to go from the window's active pane: up, down, left, right, last (the pane active before), next or previous (by pane index, round the window)."`
	WindowID    *string `json:"window_id" desc:"Window ID, e.g. @1, to move in; wins over the session targets."`
	WindowIndex *string `json:"window_index" desc:"Window index in the session (the current session without one) to move in."`
	SessionName *string `json:"session_name" desc:"Session name: move in its current window."`
	SessionID   *string `json:"session_id" desc:"Session ID, e.g. $1; wins over session_name."`
	onSocket
}

// selectFlags are select-pane's flags for each direction tmux knows.
var selectFlags = map[string]string{"up": "-U", "down": "-D", "left": "-L", "right": "-R", "last": "-l"}

func (s *Server) selectPane(ctx context.Context, a selectPaneArgs) (paneInfo, error) {
	socket, err := a.socket()
	if err != nil {
		return paneInfo{}, err
	}
	if a.PaneID != nil {
		if err := checkID("pane_id", '%', *a.PaneID); err != nil {
			return paneInfo{}, err
		}
		return s.onePane(ctx, socket, then([]string{"select-pane", "-t", *a.PaneID}, paneLine(*a.PaneID)))
	}
	if a.Direction == nil {
		return paneInfo{}, refusal(errors.New("provide either pane_id or direction"), "Give pane_id, or a direction to move from the window's active pane.")
	}
	window, err := windowRef{WindowID: a.WindowID, WindowIndex: a.WindowIndex,
		sessionRef: sessionRef{SessionName: a.SessionName, SessionID: a.SessionID}}.target()
	if err != nil {
		return paneInfo{}, err
	}
	if flag, ok := selectFlags[*a.Direction]; ok {
		return s.onePane(ctx, socket, then(withTarget(window, "select-pane", flag), paneLine(window)))
	}
	// next and previous: tmux 3.3a counts a target's +1 from the current
	// pane, whatever the window named, so the pane is found from the
	// window's own list, by index, and selected by its ID.
	out, err := s.tmux(ctx, socket, nil, withTarget(window, "list-panes", "-F", "#{pane_id}"+fieldMark+"#{pane_active}")...)
	if err != nil {
		return paneInfo{}, err
	}
	var ids []string
	active := 0
	if len(out) == 0 {
		return paneInfo{}, errors.New("tmux list-panes printed no pane")
	}
	for i, line := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		id, flag, _ := strings.Cut(line, fieldMark)
		if checkID("pane_id", '%', id) != nil {
			return paneInfo{}, errors.New("tmux list-panes printed something else than pane IDs")
		}
		ids = append(ids, id)
		if flag == "1" {
			active = i
		}
	}
	step := 1
	if *a.Direction == "previous" {
		step = len(ids) - 1
	}
	next := ids[(active+step)%len(ids)]
	return s.onePane(ctx, socket, then([]string{"select-pane", "-t", next}, paneLine(next)))
}

type swapPaneArgs struct {
	SourcePaneID string `json:"source_pane_id" desc:"Pane ID of the pane to move, e.g. %1."`
	TargetPaneID string `json:"target_pane_id" desc:"Pane ID of the pane whose place it takes, e.g. %2."`
	onSocket
}

func (s *Server) swapPane(ctx context.Context, a swapPaneArgs) (paneInfo, error) {
	socket, err := a.socket()
	if err != nil {
		return paneInfo{}, err
	}
	if err := checkID("source_pane_id", '%', a.SourcePaneID); err != nil {
		return paneInfo{}, err
	}
	if err := checkID("target_pane_id", '%', a.TargetPaneID); err != nil {
		return paneInfo{}, err
	}
	// As libtmux swaps: the source is swap-pane's -t, which is left the
	// active pane of the window it moves to.
	swap := []string{"swap-pane", "-s", a.TargetPaneID, "-t", a.SourcePaneID}
	return s.onePane(ctx, socket, then(swap, paneLine(a.SourcePaneID)))
}
