package server

// The objects the tools return, with libtmux-mcp's field names and types
// (its models.py): each field's tmux tag is the format variable it is
// read from (records.go). Numbers that libtmux-mcp gives as strings stay
// strings, for clients that read them so.

type sessionInfo struct {
	SessionID       string  `json:"session_id" tmux:"session_id" desc:"Session ID, e.g. $1."`
	SessionName     *string `json:"session_name" tmux:"session_name" desc:"Session name."`
	WindowCount     int64   `json:"window_count" tmux:"session_windows" desc:"Number of windows."`
	SessionAttached *string `json:"session_attached" tmux:"session_attached" desc:"How many clients are attached."`
	SessionCreated  *string `json:"session_created" tmux:"session_created" desc:"When it was made, in seconds since the epoch."`
	ActivePaneID    *string `json:"active_pane_id" tmux:"pane_id" desc:"Pane id (%N) of the active pane of the session's current window."`
}

func (sessionInfo) SchemaDescription() string { return "A tmux session." }

type windowInfo struct {
	WindowID     string  `json:"window_id" tmux:"window_id" desc:"Window ID, e.g. @1."`
	WindowName   *string `json:"window_name" tmux:"window_name" desc:"Window name."`
	WindowIndex  *string `json:"window_index" tmux:"window_index" desc:"Window index in its session."`
	SessionID    *string `json:"session_id" tmux:"session_id" desc:"Its session's ID."`
	SessionName  *string `json:"session_name" tmux:"session_name" desc:"Its session's name."`
	PaneCount    int64   `json:"pane_count" tmux:"window_panes" desc:"Number of panes."`
	WindowLayout *string `json:"window_layout" tmux:"window_layout" desc:"Layout string, as select_layout takes it."`
	WindowActive *string `json:"window_active" tmux:"window_active" desc:"1 for its session's current window, else 0."`
	WindowWidth  *string `json:"window_width" tmux:"window_width" desc:"Width in columns."`
	WindowHeight *string `json:"window_height" tmux:"window_height" desc:"Height in rows."`
	ActivePaneID *string `json:"active_pane_id" tmux:"pane_id" desc:"Pane id (%N) of its active pane."`
}

func (windowInfo) SchemaDescription() string { return "A tmux window." }

// paneGeometry is where a pane sits in its window.
type paneGeometry struct {
	PaneLeft     *int64 `json:"pane_left" tmux:"pane_left" desc:"Left edge column, 0-based, in the window."`
	PaneTop      *int64 `json:"pane_top" tmux:"pane_top" desc:"Top edge row, 0-based, in the window."`
	PaneRight    *int64 `json:"pane_right" tmux:"pane_right" desc:"Right edge column, inclusive."`
	PaneBottom   *int64 `json:"pane_bottom" tmux:"pane_bottom" desc:"Bottom edge row, inclusive."`
	PaneAtLeft   *bool  `json:"pane_at_left" tmux:"pane_at_left" desc:"Whether it touches the window's left edge."`
	PaneAtRight  *bool  `json:"pane_at_right" tmux:"pane_at_right" desc:"Whether it touches the window's right edge."`
	PaneAtTop    *bool  `json:"pane_at_top" tmux:"pane_at_top" desc:"Whether it touches the window's top edge."`
	PaneAtBottom *bool  `json:"pane_at_bottom" tmux:"pane_at_bottom" desc:"Whether it touches the window's bottom edge."`
}

type paneInfo struct {
	PaneID     string  `json:"pane_id" tmux:"pane_id" desc:"Pane ID, e.g. %1."`
	PaneIndex  *string `json:"pane_index" tmux:"pane_index" desc:"Pane index in its window."`
	PaneWidth  *string `json:"pane_width" tmux:"pane_width" desc:"Width in columns."`
	PaneHeight *string `json:"pane_height" tmux:"pane_height" desc:"Height in rows."`
	paneGeometry
	PaneTTY            *string `json:"pane_tty" tmux:"pane_tty" desc:"Its terminal's device, e.g. /dev/pts/5."`
	PaneCurrentCommand *string `json:"pane_current_command" tmux:"pane_current_command" desc:"The command running in it."`
	PaneCurrentPath    *string `json:"pane_current_path" tmux:"pane_current_path" desc:"The working directory of that command."`
	PanePID            *string `json:"pane_pid" tmux:"pane_pid" desc:"Process ID of its first program."`
	PaneTitle          *string `json:"pane_title" tmux:"pane_title" desc:"Its title."`
	PaneActive         *string `json:"pane_active" tmux:"pane_active" desc:"1 for its window's active pane, else 0."`
	WindowID           *string `json:"window_id" tmux:"window_id" desc:"Its window's ID."`
	SessionID          *string `json:"session_id" tmux:"session_id" desc:"Its session's ID."`
	IsCaller           *bool   `json:"is_caller" desc:"Whether this MCP server runs in it: its TMUX_PANE, on the same tmux socket as its TMUX. Null when the server runs outside tmux."`
	// SocketPath is its server's socket, to tell is_caller.
	SocketPath string `json:"-" tmux:"socket_path"`
}

func (paneInfo) SchemaDescription() string { return "A tmux pane." }

type serverInfo struct {
	IsAlive      bool    `json:"is_alive" desc:"Whether a tmux server answers on the socket."`
	SocketName   *string `json:"socket_name" desc:"The socket's name (tmux -L), if it was given by name."`
	SocketPath   *string `json:"socket_path" desc:"The socket's path."`
	SessionCount int64   `json:"session_count" desc:"How many sessions it has."`
	Version      *string `json:"version" desc:"tmux's version, e.g. 3.3a."`
}

func (serverInfo) SchemaDescription() string { return "A tmux server." }
