package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// capture_since follows a pane's output with a cursor: an opaque string
// that says where the pane's cursor was, as an absolute row of its grid
// (history_size + cursor_y), with digests of that row, of the rows below
// it, and of up to sinceAbove rows above it. The next call reads from that
// row down and returns the rows that are not as they were: the cursor's
// row if it changed, and the rows below from the first that changed.
//
// A row's absolute place shifts when tmux trims its history (past
// history-limit it drops a tenth of it) or clears it. The rows above the
// cursor are what was already written, which does not change: so a read
// whose rows above do not match looks for them in the whole history
// (capture-pane -S -), and finding them once, takes the delta from there;
// else history the cursor pointed into is gone, and the call returns the
// visible screen with lines_missed. Matching the rows above, rather than
// the cursor's row (which the next output rewrites), finds a log's place
// again even after a trim.
//
// Each read is one command line, the pane's state and its rows together:
// a call costs one round trip when the pane has not scrolled since the
// cursor was made, two when it has, and a third for a pane scrolling on
// (each line's state says whether its rows started where the call meant).

const (
	cursorPrefix = "tmuxbuf-since-v1:"
	sinceAbove   = 4 // rows above the cursor's that a cursor keeps digests of
	sinceTries   = 3 // reads of a scrolling pane before reading its whole history
	rowDigest    = 8 // bytes of SHA-256 kept per row
	maxCursorLen = 64 << 10
)

// sinceState is the pane's state that each read prints before its rows.
type sinceState struct {
	PaneID       string `tmux:"pane_id"`
	PanePID      string `tmux:"pane_pid"`
	Dead         string `tmux:"pane_dead"`
	HistorySize  int64  `tmux:"history_size"`
	HistoryLimit int64  `tmux:"history_limit"`
	CursorY      int64  `tmux:"cursor_y"`
	Height       int64  `tmux:"pane_height"`
	ServerPID    string `tmux:"pid"`
	SocketPath   string `tmux:"socket_path"`
}

// server names the tmux server, as one run of it: a cursor is refused by
// another server, or by the same socket's server after a restart, whose
// pane IDs start again.
func (st sinceState) server() string {
	sum := sha256.Sum256([]byte(st.SocketPath + "\x00" + st.ServerPID))
	return hex.EncodeToString(sum[:8])
}

// sinceCursor is what a cursor holds, as JSON.
type sinceCursor struct {
	V      int    `json:"v"`
	Server string `json:"s"`
	Pane   string `json:"p"`
	PID    string `json:"pid"`
	HS     int64  `json:"hs"`
	Height int64  `json:"h"`
	Anchor int64  `json:"a"`
	// Row digests, rowDigest bytes each: the cursor's row, the rows above
	// it (oldest first) and those below it, down to the last that is not
	// blank.
	AnchorSum []byte `json:"ah"`
	Above     []byte `json:"up"`
	Below     []byte `json:"dn"`
}

func rowSum(row []byte) []byte {
	sum := sha256.Sum256(row)
	return sum[:rowDigest]
}

func (c *sinceCursor) encode() string {
	return cursorPrefix + base64.RawURLEncoding.EncodeToString(mustMarshal(c))
}

var errBadCursor = errors.New("cursor is not one that capture_since returned; call capture_since without a cursor to start again")

func decodeCursor(s string) (*sinceCursor, error) {
	bad := validationError(errBadCursor)
	rest, ok := strings.CutPrefix(s, cursorPrefix)
	if !ok || len(s) > maxCursorLen {
		return nil, bad
	}
	raw, err := base64.RawURLEncoding.DecodeString(rest)
	if err != nil {
		return nil, bad
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var c sinceCursor
	if err := dec.Decode(&c); err != nil || dec.More() {
		return nil, bad
	}
	switch {
	case c.V != 1, checkID("pane", '%', c.Pane) != nil, c.PID == "", len(c.Server) != 16,
		c.HS < 0, c.Height < 1, c.Anchor < 0, c.Anchor >= c.HS+c.Height,
		len(c.AnchorSum) != rowDigest, len(c.Above)%rowDigest != 0, len(c.Above) > sinceAbove*rowDigest,
		int64(len(c.Above)/rowDigest) > c.Anchor, len(c.Below)%rowDigest != 0:
		return nil, bad
	}
	return &c, nil
}

// sums are the digests of rows, concatenated.
func sums(rows [][]byte) []byte {
	out := make([]byte, 0, len(rows)*rowDigest)
	for _, r := range rows {
		out = append(out, rowSum(r)...)
	}
	return out
}

type captureSinceArgs struct {
	Cursor *string `json:"cursor" desc:"The cursor the last call returned; null for the first call, which returns the visible screen."`
	paneRef
	MaxLines *int64 `json:"max_lines" default:"500" desc:"Return at most this many lines, the last ones. Null: no line limit, still within max_bytes and the server's reply bound."`
	MaxBytes *int64 `json:"max_bytes" default:"128000" desc:"Return at most this many bytes of lines (UTF-8, line feeds between them counted), the last ones. Null: no byte limit, still within the server's reply bound."`
	onSocket
}

type captureSinceResult struct {
	PaneID         string   `json:"pane_id" desc:"The pane read."`
	Cursor         string   `json:"cursor" desc:"Pass it to the next call to get what is new after this one."`
	Lines          []string `json:"lines" desc:"The new lines, oldest first (the first call: the visible screen), without blank rows at the bottom."`
	ElapsedSeconds float64  `json:"elapsed_seconds" desc:"How long the call took, in seconds."`
	LinesMissed    bool     `json:"lines_missed" desc:"Whether history the cursor pointed into was gone (cleared, or trimmed past history-limit): lines is then the visible screen, not a complete delta."`
	Truncated      bool     `json:"truncated" desc:"Whether lines were dropped from the head (max_lines, max_bytes or the reply bound)."`
	TruncatedLines int64    `json:"truncated_lines" desc:"How many whole lines were dropped from the head."`
	TruncatedBytes int64    `json:"truncated_bytes" desc:"How many bytes were dropped from the head, line feeds between lines counted."`
}

func (captureSinceResult) SchemaDescription() string {
	return "What a pane printed since the last call, and the cursor for the next."
}

var errMaxBytes = errors.New("max_bytes must be at least 1, or null for no byte limit")

func (s *Server) captureSince(ctx context.Context, a captureSinceArgs) (captureSinceResult, error) {
	started := time.Now()
	maxLines, err := lineLimit(a.MaxLines)
	if err != nil {
		return captureSinceResult{}, err
	}
	maxBytes := math.MaxInt
	if a.MaxBytes != nil {
		if *a.MaxBytes < 1 {
			return captureSinceResult{}, validationError(errMaxBytes)
		}
		maxBytes = int(*a.MaxBytes)
	}
	var c *sinceCursor
	if a.Cursor != nil {
		if c, err = decodeCursor(*a.Cursor); err != nil {
			return captureSinceResult{}, err
		}
	}
	socket, target, err := resolve(a.onSocket, a.paneRef)
	if err != nil {
		return captureSinceResult{}, err
	}
	if c != nil && target == "" {
		target = c.Pane // the cursor's pane, as libtmux-mcp takes it
	}
	r := sinceReader{s: s, socket: socket, target: target, cursor: c}
	var got sinceRead
	if c == nil {
		got, err = r.visible(ctx)
	} else {
		got, err = r.delta(ctx)
	}
	if err != nil {
		return captureSinceResult{}, err
	}

	res := captureSinceResult{PaneID: got.state.PaneID, Cursor: got.cursor().encode(), Lines: []string{}, LinesMissed: got.missed}
	lines := got.lines
	fixed := res
	fixed.ElapsedSeconds = 99999.999 // as long as it will be
	fixed.TruncatedLines = int64(len(lines))
	for _, l := range lines {
		fixed.TruncatedBytes += int64(len(l) + 1)
	}
	kept, droppedLines, droppedBytes := keepLastLines(lines, maxLines, maxBytes, s.resultBudget(false, fixed))
	for _, l := range kept {
		res.Lines = append(res.Lines, string(l))
	}
	res.TruncatedLines, res.TruncatedBytes = int64(droppedLines), int64(droppedBytes)
	res.Truncated = droppedLines > 0 || droppedBytes > 0
	res.ElapsedSeconds = math.Round(time.Since(started).Seconds()*1000) / 1000
	return res, nil
}

// sinceReader reads a pane for capture_since.
type sinceReader struct {
	s              *Server
	socket, target string
	cursor         *sinceCursor // nil for a first call
}

// sinceRead is one read: the pane's state, and its rows from the absolute
// row top to its last row; lines are what the call returns.
type sinceRead struct {
	state  sinceState
	rows   [][]byte
	top    int64
	lines  [][]byte
	missed bool
}

// read prints the pane's state and its rows from start (capture-pane -S)
// down, in one command line, and checks the state against the cursor.
func (r sinceReader) read(ctx context.Context, start string) (sinceRead, error) {
	st, text, err := describeCaptured[sinceState](ctx, r.s, r.socket, r.target, "-S", start)
	if err != nil {
		return sinceRead{}, err
	}
	if len(text) == 0 || text[len(text)-1] != '\n' {
		return sinceRead{}, errors.New("tmux capture-pane printed no whole rows")
	}
	rows := bytes.Split(text[:len(text)-1], []byte("\n"))
	got := sinceRead{state: st, rows: rows, top: st.HistorySize + st.Height - int64(len(rows))}
	if got.top < 0 || st.Height < 1 {
		return sinceRead{}, fmt.Errorf("tmux capture-pane printed %d rows of a pane of %d", len(rows), st.HistorySize+st.Height)
	}
	return got, r.check(st)
}

// check refuses a pane that died, and a cursor of another pane, of
// another tmux server, or of the pane before it was respawned.
func (r sinceReader) check(st sinceState) error {
	c := r.cursor
	switch {
	case c != nil && c.Server != st.server():
		return refusal(errors.New("the cursor is of another tmux server, or of this socket's server before it restarted; call capture_since without a cursor to start again"), "Call capture_since without a cursor.")
	case c != nil && c.Pane != st.PaneID:
		return refusal(fmt.Errorf("the cursor is of pane %s, not of pane %s; pass it without a target, or call capture_since without a cursor for pane %s", c.Pane, st.PaneID, st.PaneID), "Call capture_since without a cursor.")
	case st.Dead == "1":
		return refusal(fmt.Errorf("pane %s is dead: its program has exited, and there is nothing more to follow", st.PaneID), "capture_pane still reads what it left.")
	case c != nil && c.PID != st.PanePID:
		return refusal(fmt.Errorf("pane %s was respawned (pid %s, now %s): the cursor was of the program before; call capture_since without a cursor to follow the new one", st.PaneID, c.PID, st.PanePID), "Call capture_since without a cursor.")
	}
	return nil
}

// visible reads the visible screen, and the rows above the cursor's for
// the cursor.
func (r sinceReader) visible(ctx context.Context) (sinceRead, error) {
	got, err := r.read(ctx, "-"+strconv.Itoa(sinceAbove))
	if err != nil {
		return sinceRead{}, err
	}
	got.lines = trimBlankRows(got.rows[int64(len(got.rows))-got.state.Height:])
	return got, nil
}

// delta reads what changed since the cursor.
func (r sinceReader) delta(ctx context.Context) (sinceRead, error) {
	c := r.cursor
	above := int64(len(c.Above) / rowDigest)
	hs := c.HS
	for range sinceTries {
		got, err := r.read(ctx, lineArg(c.Anchor-above-hs))
		if err != nil {
			return sinceRead{}, err
		}
		if got.state.HistorySize != hs {
			// The pane scrolled since: its rows started elsewhere than
			// meant. Read again from where they start now.
			hs = got.state.HistorySize
			continue
		}
		// The rows start where meant, those above the cursor's are as they
		// were, and the rows the next cursor needs are here.
		if got.top == c.Anchor-above && int64(len(got.rows)) > above && bytes.Equal(sums(got.rows[:above]), c.Above) &&
			got.cursorRow()-got.top >= min(got.cursorRow(), sinceAbove) {
			got.lines = c.changed(got.rows[above:])
			return got, nil
		}
		break
	}
	// The rows above the cursor's are not where they were, or the pane
	// kept scrolling: look for them in the whole history.
	got, err := r.read(ctx, "-")
	if err != nil {
		return sinceRead{}, err
	}
	if i, ok := c.relocate(got); ok {
		got.lines = c.changed(got.rows[i:])
		return got, nil
	}
	got.lines = trimBlankRows(got.rows[int64(len(got.rows))-got.state.Height:])
	got.missed = true
	return got, nil
}

// cursorRow is the absolute row of the pane's cursor.
func (got sinceRead) cursorRow() int64 { return got.state.HistorySize + got.state.CursorY }

// relocate finds the cursor's row among the rows of a whole history read:
// at its place if the rows above it are there, else where they are, if
// they are in one place only. A cursor with no rows above (made on an
// empty pane) has its place, unless tmux may have trimmed the history
// since, when its row and the rows below must be found once.
func (c *sinceCursor) relocate(got sinceRead) (int, bool) {
	rows := got.rows // got.top is 0
	above := len(c.Above) / rowDigest
	at := func(i int) bool { // the rows above row i match
		return i >= above && i < len(rows) && bytes.Equal(sums(rows[i-above:i]), c.Above)
	}
	if above > 0 {
		if at(int(c.Anchor)) {
			return int(c.Anchor), true
		}
		return unique(len(rows), at)
	}
	limit := got.state.HistoryLimit
	band := limit - max(limit/10, 1)
	if c.HS < band && got.state.HistorySize < band && int(c.Anchor) < len(rows) {
		return int(c.Anchor), true
	}
	below := len(c.Below) / rowDigest
	return unique(len(rows), func(i int) bool {
		return i+1+below <= len(rows) && bytes.Equal(rowSum(rows[i]), c.AnchorSum) && bytes.Equal(sums(rows[i+1:i+1+below]), c.Below)
	})
}

// unique is the one i below n for which match holds, if there is one.
func unique(n int, match func(int) bool) (int, bool) {
	found := -1
	for i := range n {
		if match(i) {
			if found >= 0 {
				return 0, false
			}
			found = i
		}
	}
	return found, found >= 0
}

// changed is what of rows, from the cursor's row down, is new: the
// cursor's row if it is not as it was, and the rows below from the first
// that is not as it was; less blank rows at the bottom.
func (c *sinceCursor) changed(rows [][]byte) [][]byte {
	if len(rows) == 0 {
		return nil
	}
	var out [][]byte
	if !bytes.Equal(rowSum(rows[0]), c.AnchorSum) {
		out = append(out, rows[0])
	}
	tail := rows[1:]
	same := 0
	for same < len(tail) && (same+1)*rowDigest <= len(c.Below) && bytes.Equal(rowSum(tail[same]), c.Below[same*rowDigest:(same+1)*rowDigest]) {
		same++
	}
	return trimBlankRows(append(out, tail[same:]...))
}

// cursor is the cursor for the next call: where the pane's cursor is now.
// A read has the rows it needs (delta checks that it does, or reads the
// whole history).
func (got sinceRead) cursor() *sinceCursor {
	st := got.state
	anchor := got.cursorRow()
	i := anchor - got.top
	above := min(anchor, sinceAbove, i)
	return &sinceCursor{
		V: 1, Server: st.server(), Pane: st.PaneID, PID: st.PanePID, HS: st.HistorySize, Height: st.Height, Anchor: anchor,
		AnchorSum: rowSum(got.rows[i]),
		Above:     sums(got.rows[i-above : i]),
		Below:     sums(trimBlankRows(got.rows[i+1:])),
	}
}

// trimBlankRows is rows without the empty ones at the end.
func trimBlankRows(rows [][]byte) [][]byte {
	n := len(rows)
	for n > 0 && len(rows[n-1]) == 0 {
		n--
	}
	return rows[:n]
}
