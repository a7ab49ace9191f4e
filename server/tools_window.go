package server

import (
	"context"
	"errors"
	"os"
	"os/user"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/tmuxbuf/tmuxbuf/internal/argspec"
)

// The window tools: list_panes, get_window_info, split_window,
// rename_window, kill_window, select_layout, resize_window and
// move_window. Each that changes a window answers with it as it is
// afterwards, read by the same tmux command line.

var windowTools = []tool{
	newTool(tool{
		name:  "list_panes",
		title: "List tmux Panes",
		desc: "List tmux panes (the splits of a terminal multiplexer window): of one window (window_id, or window_index in a session), " +
			"of every window of a session (session_id or session_name alone), or of the whole server. " +
			"Use it for 'this pane', 'the bottom shell' and the like, not for editor or browser panes; is_caller marks the pane this MCP server runs in. " +
			"It reads what tmux knows of each pane (command, title, directory, geometry); search_panes searches what they show. " +
			`filters keeps the panes whose tmux format variables match, e.g. {"pane_current_command__contains": "vim"}.`,
		tier:        TierReadonly,
		annotations: annReadOnly,
		alwaysLoad:  true,
	}, (*Server).listPanes),
	newTool(tool{
		name:  "get_window_info",
		title: "Get tmux Window Info",
		desc: "Describe one tmux window: its ID, name, index, layout, size, pane count and active pane. " +
			"Name it by window_id, or by window_index in a session; a session alone means its current window.",
		tier:        TierReadonly,
		annotations: annReadOnly,
	}, (*Server).getWindowInfo),
	newTool(tool{
		name:  "split_window",
		title: "Split tmux Window",
		desc: "Make a new pane by splitting one: pane_id, else the active pane of the window named. " +
			"direction says where the new pane goes (below by default), size how big it is (cells, or a percentage of the pane split such as \"50%\"). " +
			"The split pane stays active. Returns the new pane, with its pane_id.",
		tier:        TierMutating,
		annotations: annCreate,
	}, (*Server).splitWindow),
	newTool(tool{
		name:  "rename_window",
		title: "Rename tmux Window",
		desc: "Rename a tmux window, e.g. when its purpose has changed; its window_id stays the same. " +
			"The name is taken as it is ('#' is no format). Returns the window.",
		tier:        TierMutating,
		annotations: annMutating,
	}, (*Server).renameWindow),
	newTool(tool{
		name:  "kill_window",
		title: "Kill tmux Window",
		desc: "Kill (close) a tmux window and every pane in it, named by its exact window_id (e.g. @3). " +
			"Refused for the window this MCP server runs in. Use kill_pane for one pane.",
		tier:        TierDestructive,
		annotations: annDestructive,
	}, (*Server).killWindow),
	newTool(tool{
		name:  "select_layout",
		title: "Select tmux Layout",
		desc: "Arrange the panes of a tmux window: even-horizontal, even-vertical, main-horizontal, main-vertical or tiled, " +
			"or a layout string as window_layout gives it. Returns the window.",
		tier:        TierMutating,
		annotations: annMutating,
	}, (*Server).selectLayout),
	newTool(tool{
		name:  "resize_window",
		title: "Resize tmux Window",
		desc: "Set a tmux window's size, in rows (height) and columns (width); its panes are resized with it. " +
			"tmux then keeps that size whatever clients attach (its window-size option becomes manual). Returns the window.",
		tier:        TierMutating,
		annotations: annMutating,
	}, (*Server).resizeWindow),
	newTool(tool{
		name:  "move_window",
		title: "Move tmux Window",
		desc: "Move a tmux window to another index of its session, or into another session (destination_session). " +
			"An empty destination_index means the first free index. Returns the window where it now is.",
		tier:        TierMutating,
		annotations: annMutating,
	}, (*Server).moveWindow),
}

// windowLine prints the window that target names as a windowInfo: a
// list-panes of its active pane alone, whose pane_id is the window's
// active_pane_id. It fails for a window that is not there, as
// display-message would not.
func windowLine(target string) []string {
	return withTarget(target, "list-panes", "-f", "#{pane_active}", "-F", recordFormat[windowInfo]())
}

// paneLine prints the pane that target names as a paneInfo: the pane
// itself for a pane ID, else the active pane of the window it names.
func paneLine(target string) []string {
	filter := "#{pane_active}"
	if strings.HasPrefix(target, "%") {
		filter = "#{==:#{pane_id}," + target + "}"
	}
	return withTarget(target, "list-panes", "-f", filter, "-F", recordFormat[paneInfo]())
}

// then joins tmux commands into one command line.
func then(cmds ...[]string) []string {
	var line []string
	for i, c := range cmds {
		if i > 0 {
			line = append(line, ";")
		}
		line = append(line, c...)
	}
	return line
}

// oneWindow runs a command line whose last command is windowLine's, and
// returns the window it printed.
func (s *Server) oneWindow(ctx context.Context, socket string, line []string) (windowInfo, error) {
	out, err := s.tmux(ctx, socket, nil, line...)
	if err != nil {
		return windowInfo{}, err
	}
	return oneRecord[windowInfo](out)
}

// onePane runs a command line whose last command prints one paneInfo
// record (paneLine's, or split-window's -P), and returns that pane,
// is_caller set.
func (s *Server) onePane(ctx context.Context, socket string, line []string) (paneInfo, error) {
	out, err := s.tmux(ctx, socket, nil, line...)
	if err != nil {
		return paneInfo{}, err
	}
	p, err := oneRecord[paneInfo](out)
	if err != nil {
		return paneInfo{}, err
	}
	p.IsCaller = s.isCaller(p.PaneID, p.SocketPath)
	return p, nil
}

type listPanesArgs struct {
	SessionName *string `json:"session_name" desc:"Session name: without a window, every pane of the session."`
	SessionID   *string `json:"session_id" desc:"Session ID, e.g. $1; wins over session_name. Without a window, every pane of the session."`
	WindowID    *string `json:"window_id" desc:"Window ID, e.g. @1: the panes of this window."`
	WindowIndex *string `json:"window_index" desc:"Window index: the panes of this window of the session (the current session without one)."`
	onSocket
	filtersArg
}

func (s *Server) listPanes(ctx context.Context, a listPanesArgs) ([]paneInfo, error) {
	socket, err := a.socket()
	if err != nil {
		return nil, err
	}
	session := sessionRef{SessionName: a.SessionName, SessionID: a.SessionID}
	var cmd []string
	switch {
	case a.WindowID != nil || a.WindowIndex != nil:
		target, err := windowRef{WindowID: a.WindowID, WindowIndex: a.WindowIndex, sessionRef: session}.target()
		if err != nil {
			return nil, err
		}
		cmd = withTarget(target, "list-panes")
	case a.SessionName != nil || a.SessionID != nil:
		target, err := session.target()
		if err != nil {
			return nil, err
		}
		// "name:", as a session: tmux reads a bare "=name" for this
		// command's target as a window's name first.
		cmd = withTarget(target+":", "list-panes", "-s")
	default:
		cmd = []string{"list-panes", "-a"}
	}
	panes, err := listRecords[paneInfo](ctx, s, socket, a.Filters, cmd...)
	if err != nil {
		return nil, err
	}
	s.markCallers(panes)
	return panes, nil
}

type windowArgs struct {
	windowRef
	onSocket
}

func (s *Server) getWindowInfo(ctx context.Context, a windowArgs) (windowInfo, error) {
	socket, target, err := resolve(a.onSocket, a.windowRef)
	if err != nil {
		return windowInfo{}, err
	}
	return s.oneWindow(ctx, socket, windowLine(target))
}

// paneInWindow names a pane, or a window whose active pane is meant.
type paneInWindow struct {
	PaneID      *string `json:"pane_id" desc:"Pane ID, e.g. %1; wins over the other targets."`
	SessionName *string `json:"session_name" desc:"Session name: its current window's active pane."`
	SessionID   *string `json:"session_id" desc:"Session ID, e.g. $1; wins over session_name."`
	WindowID    *string `json:"window_id" desc:"Window ID, e.g. @1: its active pane."`
	WindowIndex *string `json:"window_index" desc:"Window index in the session (the current session without one): its active pane."`
}

func (r paneInWindow) window() windowRef {
	return windowRef{WindowID: r.WindowID, WindowIndex: r.WindowIndex,
		sessionRef: sessionRef{SessionName: r.SessionName, SessionID: r.SessionID}}
}

func (r paneInWindow) target() (string, error) {
	if r.PaneID != nil {
		return *r.PaneID, checkID("pane_id", '%', *r.PaneID)
	}
	return r.window().target()
}

type splitWindowArgs struct {
	paneInWindow
	Direction      *string           `json:"direction" enum:"above,below,left,right" desc:"Where the new pane goes, beside the pane split: above, below (the default), left or right."`
	Size           *argspec.StrOrInt `json:"size" desc:"Size of the new pane: a number of rows (above, below) or columns (left, right), or a percentage of the pane split, as a string such as \"50%\". Null splits it in half."`
	StartDirectory *string           `json:"start_directory" desc:"Working directory of the new pane (~ is the home directory; tmux formats such as #{pane_current_path} are expanded)."`
	Shell          *string           `json:"shell" payload:"true" desc:"Command to run in the new pane instead of the default shell. The audit log records only its length and digest."`
	onSocket
	spawnEnvironment
}

// splitFlags are split-window's flags for each direction.
var splitFlags = map[string][]string{
	"above": {"-v", "-b"},
	"below": {"-v"},
	"left":  {"-h", "-b"},
	"right": {"-h"},
}

var splitSize = regexp.MustCompile(`^[0-9]{1,9}%?$`)

func (s *Server) splitWindow(ctx context.Context, a splitWindowArgs) (paneInfo, error) {
	socket, target, err := resolve(a.onSocket, a.paneInWindow)
	if err != nil {
		return paneInfo{}, err
	}
	direction := "below"
	if a.Direction != nil {
		direction = *a.Direction
	}
	// -d, as libtmux splits: the pane split stays active.
	cmd := append([]string{"split-window", "-d"}, splitFlags[direction]...)
	if a.Size != nil {
		size := a.Size.String
		if a.Size.IsInt {
			size = strconv.FormatInt(a.Size.Int, 10)
		}
		if (a.Size.IsInt && a.Size.Int < 1) || !splitSize.MatchString(size) || strings.Trim(size, "0%") == "" {
			return paneInfo{}, validationError(errors.New(`size must be a number of cells of at least 1, e.g. 20, or a percentage, e.g. "50%"`))
		}
		cmd = append(cmd, "-l", size)
	}
	if a.StartDirectory != nil && *a.StartDirectory != "" {
		cmd = append(cmd, "-c", literal(expandHome(*a.StartDirectory)))
	}
	env, err := a.flags(true)
	if err != nil {
		return paneInfo{}, err
	}
	cmd = append(append(cmd, env...), "-P", "-F", recordFormat[paneInfo]())
	cmd = withTarget(target, cmd...)
	if a.Shell != nil && *a.Shell != "" {
		cmd = append(cmd, literalArgs(*a.Shell)...)
	}
	return s.onePane(ctx, socket, cmd)
}

// expandHome is a directory with a leading ~ or ~user made the home
// directory it names, as libtmux expands start_directory before tmux
// sees it (tmux would take it as a directory named ~).
func expandHome(dir string) string {
	if !strings.HasPrefix(dir, "~") {
		return dir
	}
	name, rest, _ := strings.Cut(dir[1:], "/")
	var home string
	if name == "" {
		home, _ = os.UserHomeDir()
	} else if u, err := user.Lookup(name); err == nil {
		home = u.HomeDir
	}
	if home == "" {
		return dir
	}
	return filepath.Join(home, rest)
}

type renameWindowArgs struct {
	NewName string `json:"new_name" desc:"The window's new name, taken as it is."`
	windowRef
	onSocket
}

func (s *Server) renameWindow(ctx context.Context, a renameWindowArgs) (windowInfo, error) {
	socket, target, err := resolve(a.onSocket, a.windowRef)
	if err != nil {
		return windowInfo{}, err
	}
	rename := append(withTarget(target, "rename-window"), literalArgs(noFormat(a.NewName))...)
	return s.oneWindow(ctx, socket, then(rename, windowLine(target)))
}

type killWindowArgs struct {
	WindowID string `json:"window_id" desc:"The exact ID of the window to kill, e.g. @3 (list_windows gives them). Required: there is no default window to kill."`
	onSocket
}

func (s *Server) killWindow(ctx context.Context, a killWindowArgs) (string, error) {
	socket, err := a.socket()
	if err != nil {
		return "", err
	}
	if err := checkID("window_id", '@', a.WindowID); err != nil {
		return "", err
	}
	switch here, err := s.callerOn(ctx, socket); {
	case err != nil:
		return "", err
	case here != nil && here.onServer && here.paneFound && here.windowID == a.WindowID:
		return "", refuseSelf("kill the window")
	}
	if _, err := s.tmux(ctx, socket, nil, "kill-window", "-t", a.WindowID); err != nil {
		return "", err
	}
	return "Window killed: " + a.WindowID, nil
}

type selectLayoutArgs struct {
	Layout string `json:"layout" desc:"A preset: even-horizontal, even-vertical, main-horizontal, main-vertical or tiled (or a prefix that names one of them alone), or a layout string as window_layout gives it, e.g. \"b25f,80x24,0,0,2\"."`
	windowRef
	onSocket
}

// layoutPresets are tmux 3.3a's preset layouts.
var layoutPresets = []string{"even-horizontal", "even-vertical", "main-horizontal", "main-vertical", "tiled"}

// layoutString is the shape of a layout string, as tmux dumps one: a
// checksum of four hex digits, then cells.
var layoutString = regexp.MustCompile(`^[0-9a-fA-F]{4},[0-9x,{}\[\]]+$`)

// checkLayout refuses what tmux 3.3a cannot be given safely: a name that
// is no preset (nor names one alone) and does not begin as a layout string
// makes it print an error it never set, which crashes the server (or read
// past the name's end, when it begins with a hex digit).
func checkLayout(layout string) error {
	if layoutString.MatchString(layout) {
		return nil
	}
	matches := 0
	for _, p := range layoutPresets {
		if p == layout {
			return nil
		}
		if layout != "" && strings.HasPrefix(p, layout) {
			matches++
		}
	}
	if matches == 1 {
		return nil
	}
	return validationError(errors.New("layout must be one of " + strings.Join(layoutPresets, ", ") +
		", or a layout string as a window's window_layout gives it"))
}

func (s *Server) selectLayout(ctx context.Context, a selectLayoutArgs) (windowInfo, error) {
	socket, target, err := resolve(a.onSocket, a.windowRef)
	if err != nil {
		return windowInfo{}, err
	}
	if err := checkLayout(a.Layout); err != nil {
		return windowInfo{}, err
	}
	sel := append(withTarget(target, "select-layout"), literalArgs(a.Layout)...)
	return s.oneWindow(ctx, socket, then(sel, windowLine(target)))
}

type resizeWindowArgs struct {
	windowRef
	Height *int64 `json:"height" desc:"New height, in rows."`
	Width  *int64 `json:"width" desc:"New width, in columns."`
	onSocket
}

func (s *Server) resizeWindow(ctx context.Context, a resizeWindowArgs) (windowInfo, error) {
	socket, target, err := resolve(a.onSocket, a.windowRef)
	if err != nil {
		return windowInfo{}, err
	}
	flags, err := sizeFlags(a.Height, a.Width, "give height, width or both")
	if err != nil {
		return windowInfo{}, err
	}
	resize := withTarget(target, append([]string{"resize-window"}, flags...)...)
	return s.oneWindow(ctx, socket, then(resize, windowLine(target)))
}

// sizeFlags are the -x and -y of a resize; none is an error.
func sizeFlags(height, width *int64, none string) ([]string, error) {
	var flags []string
	if width != nil {
		flags = append(flags, "-x", strconv.FormatInt(*width, 10))
	}
	if height != nil {
		flags = append(flags, "-y", strconv.FormatInt(*height, 10))
	}
	switch {
	case (height != nil && *height < 1) || (width != nil && *width < 1):
		return nil, validationError(errors.New("height and width must be at least 1"))
	case flags == nil:
		return nil, validationError(errors.New(none))
	}
	return flags, nil
}

type moveWindowArgs struct {
	windowRef
	DestinationIndex   string  `json:"destination_index" default:"\"\"" desc:"Index to move the window to; empty for the first free index."`
	DestinationSession *string `json:"destination_session" desc:"Name or ID ($1) of the session to move it into; its own session by default."`
	onSocket
}

func (s *Server) moveWindow(ctx context.Context, a moveWindowArgs) (windowInfo, error) {
	socket, source, err := resolve(a.onSocket, a.windowRef)
	if err != nil {
		return windowInfo{}, err
	}
	if a.DestinationIndex != "" {
		if _, err := strconv.ParseUint(a.DestinationIndex, 10, 31); err != nil {
			return windowInfo{}, validationError(errBadID("destination_index", "a window index, e.g. 3, or empty"))
		}
	}
	var session string
	if d := a.DestinationSession; d != nil {
		if strings.HasPrefix(*d, "$") {
			session, err = sessionRef{SessionID: d}.target()
		} else {
			session, err = sessionRef{SessionName: d}.target()
		}
		if err != nil {
			return windowInfo{}, validationError(errBadID("destination_session", "a session ID ($1) or a tmux session name: not empty, without ':' or '.'"))
		}
	}
	// The window is moved, and read back, by its ID: the index or the
	// session that named it names another window once it has gone. Its
	// own session, the default destination, is the one tmux finds it in.
	window := source
	if a.WindowID == nil || session == "" {
		out, err := s.tmux(ctx, socket, nil, withTarget(source, "list-panes", "-f", "#{pane_active}", "-F", "#{window_id}"+fieldMark+"#{session_id}")...)
		if err != nil {
			return windowInfo{}, err
		}
		id, sid, ok := strings.Cut(strings.TrimSuffix(string(out), "\n"), fieldMark)
		if !ok || checkID("window_id", '@', id) != nil {
			return windowInfo{}, errors.New("tmux list-panes printed something else than the window's ID and its session's")
		}
		window = id
		if session == "" {
			session = sid
		}
	}
	move := []string{"move-window", "-s", window, "-t", literal(session + ":" + a.DestinationIndex)}
	return s.oneWindow(ctx, socket, then(move, windowLine(window)))
}
