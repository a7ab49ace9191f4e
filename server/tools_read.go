package server

import (
	"bytes"
	"context"
	"errors"
	"math"
	"strconv"
	"strings"
)

// The tools that read what panes show: capture_pane, capture_since,
// search_panes, snapshot_pane and display_message. Each reads with one
// tmux command line where tmux allows it, keeps its reply within the reply
// bound (the tail of what was asked, and says what it cut), and runs no
// shell: no caller's text goes into a format but display_message's, which
// is refused when it could run one.

const (
	defaultCaptureMaxLines = 500
	defaultSinceMaxBytes   = 128_000
	defaultSearchPerPane   = 50
	defaultSearchLimit     = 500
)

var readTools = []tool{
	newTool(tool{
		name:  "capture_pane",
		title: "Capture Pane",
		desc: "Read what a terminal pane shows: its visible screen, or with start and end a range of its scrollback " +
			"(0 is the first visible line, negative lines are history). Keeps the last max_lines lines; when it cuts, " +
			`the text starts with a line "[... truncated K lines ...]". search_panes searches every pane at once; ` +
			"capture_since returns only what is new since the last call.",
		tier:        TierReadonly,
		annotations: annReadOnly,
	}, (*Server).capturePane),
	newTool(tool{
		name:  "capture_since",
		title: "Capture Since",
		desc: "Follow a pane's output: the first call returns its visible screen and a cursor; pass the cursor back " +
			"to get only the lines written or rewritten since. lines_missed says that history the cursor pointed into " +
			"is gone (cleared, or trimmed past history-limit), and the visible screen comes instead. A cursor of " +
			"another pane, or of a pane that died or was respawned since, is refused.",
		tier:        TierReadonly,
		annotations: annReadOnly,
	}, (*Server).captureSince),
	newTool(tool{
		name:  "search_panes",
		title: "Search Panes",
		desc: "Find the panes whose text shows pattern (literal, or a regular expression with regex; case-insensitive " +
			"unless match_case), with their matching lines; wrapped lines are joined before matching. Searches the " +
			"visible screen, or the range content_start to content_end. Pages by pane with offset and limit; each " +
			"pane keeps its last max_matched_lines_per_pane matches.",
		tier:        TierReadonly,
		annotations: annReadOnly,
	}, (*Server).searchPanes),
	newTool(tool{
		name:  "snapshot_pane",
		title: "Snapshot Pane",
		desc: "Everything about a pane in one call: its visible text, cursor, size and place, mode, scroll position, " +
			"title, command and directory, read together by one tmux command line. content keeps its last max_lines " +
			"lines; content_truncated and content_truncated_lines say what was dropped.",
		tier:        TierReadonly,
		annotations: annReadOnly,
		alwaysLoad:  true,
	}, (*Server).snapshotPane),
	newTool(tool{
		name:  "display_message",
		title: "Evaluate tmux Format String",
		desc: "Expand a tmux format string for a pane (tmux's current one without a target) and return the text, " +
			"e.g. '#{window_zoomed_flag} #{pane_dead}'. Formats that could run a shell are refused: #(...), and the " +
			"E and T modifiers, which expand a value (an option, a pane's title) as a format again; so are the " +
			"buffer_ variables, which read the user's most recent paste buffer.",
		tier:        TierReadonly,
		annotations: annReadOnly,
	}, (*Server).displayMessage),
}

// lineLimit is a max_lines argument: 0 for null (no limit), else at least 1.
func lineLimit(n *int64) (int, error) {
	if n == nil {
		return 0, nil
	}
	if *n < 1 {
		return 0, validationError(errMaxLines)
	}
	return int(*n), nil
}

// lineArg is a line number for capture-pane's -S or -E: tmux reads only
// those from INT_MIN to SHRT_MAX, and silently takes any other for the
// visible screen's edge; a number past them means the farthest line there
// is.
func lineArg(n int64) string {
	return strconv.FormatInt(max(math.MinInt32, min(n, math.MaxInt16)), 10)
}

// withRange adds capture-pane's -S and -E for start and end.
func withRange(cmd []string, start, end *int64) []string {
	if start != nil {
		cmd = append(cmd, "-S", lineArg(*start))
	}
	if end != nil {
		cmd = append(cmd, "-E", lineArg(*end))
	}
	return cmd
}

// tmuxRoom is tmux with captureRoom bytes of room before its output.
func (s *Server) tmuxRoom(ctx context.Context, socket string, args ...string) ([]byte, error) {
	var stdout bytes.Buffer
	stdout.Write(make([]byte, captureRoom))
	return s.tmuxInto(ctx, s.cfg.Timeout, s.cfg.Tmux.Dial(socket), socket, nil, &stdout, args...)
}

// checked is cmd after a has-session that fails for a target tmux cannot
// find: display-message prints nothing, successfully, for a target that
// is not there.
func checked(target string, cmd ...string) []string {
	if target == "" {
		return cmd
	}
	return append([]string{"has-session", "-t", target, ";"}, cmd...)
}

type capturePaneArgs struct {
	paneRef
	Start    *int64 `json:"start" desc:"First line: 0 is the first visible line, negative lines are history (-100: 100 lines back). Null: the first visible line."`
	End      *int64 `json:"end" desc:"Last line, numbered as start. Null: the last visible line."`
	MaxLines *int64 `json:"max_lines" default:"500" desc:"Return at most this many lines, the last ones. Null returns every line, still within the server's reply bound."`
	onSocket
}

func (s *Server) capturePane(ctx context.Context, a capturePaneArgs) (string, error) {
	socket, target, err := resolve(a.onSocket, a.paneRef)
	if err != nil {
		return "", err
	}
	maxLines, err := lineLimit(a.MaxLines)
	if err != nil {
		return "", err
	}
	buf, err := s.tmuxRoom(ctx, socket, withRange(withTarget(target, "capture-pane", "-p"), a.Start, a.End)...)
	if err != nil {
		return "", err
	}
	return s.textReply(ctx, buf, maxLines), nil
}

type displayMessageArgs struct {
	FormatString string `json:"format_string" desc:"A tmux format, e.g. '#{pane_current_command} in #{pane_current_path}'. #(...) and the E and T modifiers are refused, as they can run a shell, and the buffer_ variables, which read the user's paste buffers."`
	paneRef
	onSocket
}

func (s *Server) displayMessage(ctx context.Context, a displayMessageArgs) (string, error) {
	if formatRunsShell(a.FormatString) {
		return "", refusal(errFormatRunsShell, "Read the variables themselves, e.g. #{pane_title}: tmux prints a value as it is unless a modifier expands it again.")
	}
	if strings.Contains(a.FormatString, "buffer_") {
		return "", refusal(errFormatReadsBuffers, "show_buffer and list_buffers read the buffers this server made.")
	}
	if strings.Contains(a.FormatString, "\x00") {
		return "", validationError(errFormatNUL)
	}
	socket, target, err := resolve(a.onSocket, a.paneRef)
	if err != nil {
		return "", err
	}
	// "--": a format that starts with '-' is the format, not flags (-I
	// would make display-message type into the pane).
	buf, err := s.tmuxRoom(ctx, socket, checked(target, withTarget(target, "display-message", "-p", "--", literal(a.FormatString))...)...)
	if err != nil {
		return "", err
	}
	return s.textReply(ctx, buf, 0), nil
}

// paneSnapshot is libtmux-mcp's PaneSnapshot; the fields with a tmux tag
// are read by one display-message.
type paneSnapshot struct {
	PaneID     string `json:"pane_id" tmux:"pane_id" desc:"Pane ID, e.g. %1."`
	Content    string `json:"content" desc:"The visible text, its lines joined by line feeds, without the blank rows at the bottom."`
	CursorX    int64  `json:"cursor_x" tmux:"cursor_x" desc:"Cursor column, 0-based."`
	CursorY    int64  `json:"cursor_y" tmux:"cursor_y" desc:"Cursor row, 0-based."`
	PaneWidth  int64  `json:"pane_width" tmux:"pane_width" desc:"Width in columns."`
	PaneHeight int64  `json:"pane_height" tmux:"pane_height" desc:"Height in rows."`
	paneGeometry
	PaneTTY               *string `json:"pane_tty" tmux:"pane_tty" desc:"Its terminal's device, e.g. /dev/pts/5."`
	PanePID               *string `json:"pane_pid" tmux:"pane_pid" desc:"Process ID of its first program."`
	PaneDead              *bool   `json:"pane_dead" tmux:"pane_dead" desc:"Whether its program has exited (the pane stays with remain-on-exit)."`
	AlternateOn           *bool   `json:"alternate_on" tmux:"alternate_on" desc:"Whether it shows the alternate screen (a full-screen program's)."`
	PaneInMode            bool    `json:"pane_in_mode" desc:"Whether it is in a mode: copy mode, view mode."`
	PaneMode              *string `json:"pane_mode" tmux:"pane_mode" desc:"The mode's name, e.g. copy-mode; null in none."`
	ScrollPosition        *int64  `json:"scroll_position" tmux:"scroll_position" desc:"Lines scrolled back in copy mode; null outside it."`
	HistorySize           int64   `json:"history_size" tmux:"history_size" desc:"Lines of scrollback history."`
	Title                 *string `json:"title" tmux:"pane_title" desc:"Its title; null when empty."`
	PaneCurrentCommand    *string `json:"pane_current_command" tmux:"pane_current_command" desc:"The command running in it."`
	PaneCurrentPath       *string `json:"pane_current_path" tmux:"pane_current_path" desc:"The working directory of that command."`
	IsCaller              *bool   `json:"is_caller" desc:"Whether this MCP server runs in it: its TMUX_PANE, on the same tmux socket as its TMUX. Null when the server runs outside tmux."`
	ContentTruncated      bool    `json:"content_truncated" desc:"Whether lines were dropped from the head of content."`
	ContentTruncatedLines int64   `json:"content_truncated_lines" desc:"How many lines were dropped from the head of content."`

	InMode     string `json:"-" tmux:"pane_in_mode"`
	SocketPath string `json:"-" tmux:"socket_path"`
}

func (paneSnapshot) SchemaDescription() string {
	return "A pane's visible text with its cursor, size, place, mode and scroll state, read at one moment."
}

type snapshotPaneArgs struct {
	paneRef
	MaxLines *int64 `json:"max_lines" default:"500" desc:"Keep at most this many lines of content, the last ones. Null keeps every line, still within the server's reply bound."`
	onSocket
}

func (s *Server) snapshotPane(ctx context.Context, a snapshotPaneArgs) (paneSnapshot, error) {
	socket, target, err := resolve(a.onSocket, a.paneRef)
	if err != nil {
		return paneSnapshot{}, err
	}
	maxLines, err := lineLimit(a.MaxLines)
	if err != nil {
		return paneSnapshot{}, err
	}
	snap, screen, err := describeCaptured[paneSnapshot](ctx, s, socket, target)
	if err != nil {
		return paneSnapshot{}, err
	}
	for _, p := range []**string{&snap.PaneTTY, &snap.PanePID, &snap.PaneMode, &snap.Title, &snap.PaneCurrentCommand, &snap.PaneCurrentPath} {
		if *p != nil && **p == "" {
			*p = nil
		}
	}
	snap.PaneInMode = snap.InMode != "" && snap.InMode != "0"
	snap.IsCaller = s.isCaller(snap.PaneID, snap.SocketPath)

	data := trimFinalNewlines(screen)
	fixed := snap
	fixed.ContentTruncatedLines = int64(countLines(data)) // as long as it can be
	t := lastLines(data, maxLines, math.MaxInt, s.resultBudget(false, fixed))
	snap.Content = s.park(ctx, t.content)
	snap.ContentTruncated, snap.ContentTruncatedLines = t.truncated, int64(t.droppedLines)
	return snap, nil
}

// paneContentMatch is libtmux-mcp's PaneContentMatch: a pane, read by
// list-panes, and the lines of it that matched.
type paneContentMatch struct {
	PaneID string `json:"pane_id" tmux:"pane_id" desc:"Pane ID, e.g. %1."`
	paneGeometry
	PaneTTY            *string  `json:"pane_tty" tmux:"pane_tty" desc:"Its terminal's device, e.g. /dev/pts/5."`
	PaneCurrentCommand *string  `json:"pane_current_command" tmux:"pane_current_command" desc:"The command running in it."`
	PaneCurrentPath    *string  `json:"pane_current_path" tmux:"pane_current_path" desc:"The working directory of that command."`
	WindowID           *string  `json:"window_id" tmux:"window_id" desc:"Its window's ID."`
	WindowName         *string  `json:"window_name" tmux:"window_name" desc:"Its window's name."`
	SessionID          *string  `json:"session_id" tmux:"session_id" desc:"Its session's ID."`
	SessionName        *string  `json:"session_name" tmux:"session_name" desc:"Its session's name."`
	MatchedLines       []string `json:"matched_lines" desc:"Its lines that matched, oldest first: the last max_matched_lines_per_pane of them."`
	IsCaller           *bool    `json:"is_caller" desc:"Whether this MCP server runs in it: its TMUX_PANE, on the same tmux socket as its TMUX. Null when the server runs outside tmux."`

	SocketPath string `json:"-" tmux:"socket_path"`
}

func (paneContentMatch) SchemaDescription() string {
	return "A pane whose text matched, with the lines that did."
}

type searchPanesResult struct {
	Matches           []paneContentMatch `json:"matches" desc:"The matching panes of this page, by pane ID."`
	Truncated         bool               `json:"truncated" desc:"Whether anything was left out: panes past limit, or past what one reply holds (in truncated_panes), or matched lines past max_matched_lines_per_pane."`
	TruncatedPanes    []string           `json:"truncated_panes" desc:"Matching panes left out of this page, by pane ID: ask again with a larger offset for them."`
	TotalPanesMatched int64              `json:"total_panes_matched" desc:"How many panes matched, before offset and limit."`
	Offset            int64              `json:"offset" desc:"The offset of this page."`
	Limit             *int64             `json:"limit" desc:"The limit of this page; null for none."`
}

func (searchPanesResult) SchemaDescription() string {
	return "The panes whose text matched a pattern, a page at a time."
}

type searchPanesArgs struct {
	Pattern                string  `json:"pattern" desc:"Text to find, literally unless regex. It never goes to tmux: the server matches what panes show."`
	Regex                  bool    `json:"regex" default:"false" desc:"Read pattern as a regular expression (Go's RE2 syntax: no backreferences or lookaround)."`
	SessionName            *string `json:"session_name" desc:"Search only this session's panes."`
	SessionID              *string `json:"session_id" desc:"Search only this session's panes, e.g. $1; wins over session_name."`
	MatchCase              bool    `json:"match_case" default:"false" desc:"Match case; by default case is ignored."`
	ContentStart           *int64  `json:"content_start" desc:"First line searched: 0 is the first visible line, negative lines are history. Null: the first visible line."`
	ContentEnd             *int64  `json:"content_end" desc:"Last line searched, numbered as content_start. Null: the last visible line."`
	MaxMatchedLinesPerPane int64   `json:"max_matched_lines_per_pane" default:"50" desc:"Keep at most this many matching lines of each pane, the last ones."`
	Limit                  *int64  `json:"limit" default:"500" desc:"Return at most this many matching panes. Null: every one, within the server's reply bound."`
	Offset                 int64   `json:"offset" default:"0" desc:"Skip this many matching panes, for the next page."`
	onSocket
}

var (
	errPerPane     = errors.New("max_matched_lines_per_pane must be at least 1")
	errSearchLimit = errors.New("limit must be 0 or more, or null for no limit")
	errOffset      = errors.New("offset must be 0 or more")
)

func (s *Server) searchPanes(ctx context.Context, a searchPanesArgs) (searchPanesResult, error) {
	switch {
	case a.MaxMatchedLinesPerPane < 1:
		return searchPanesResult{}, validationError(errPerPane)
	case a.Limit != nil && *a.Limit < 0:
		return searchPanesResult{}, validationError(errSearchLimit)
	case a.Offset < 0:
		return searchPanesResult{}, validationError(errOffset)
	}
	match, err := compilePattern(a.Pattern, a.Regex, a.MatchCase)
	if err != nil {
		return searchPanesResult{}, err
	}
	socket, session, err := resolve(a.onSocket, sessionRef{SessionName: a.SessionName, SessionID: a.SessionID})
	if err != nil {
		return searchPanesResult{}, err
	}
	hits, err := s.matchPanes(ctx, socket, session, a, match)
	if err != nil {
		return searchPanesResult{}, err
	}
	res := searchPanesResult{Matches: []paneContentMatch{}, TruncatedPanes: []string{}, TotalPanesMatched: int64(len(hits)), Offset: a.Offset, Limit: a.Limit}
	page := hits[min(int64(len(hits)), a.Offset):]
	if a.Limit != nil && int64(len(page)) > *a.Limit {
		for _, h := range page[*a.Limit:] {
			res.TruncatedPanes = append(res.TruncatedPanes, h.PaneID)
		}
		page = page[:*a.Limit]
	}
	res.Truncated = len(res.TruncatedPanes) > 0
	s.fitSearch(&res, page, int(a.MaxMatchedLinesPerPane))
	return res, nil
}
