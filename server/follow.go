package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Following a pane for a wait (wait_for_text, run_command): its state and
// its lines from a fixed row down, looked at whenever something may have
// changed there. A backend that tells of a pane's output (OutputNotifier)
// has the pane looked at on each output and is otherwise left alone; any
// other is polled, as libtmux-mcp polls, every interval.

// paneState is what a look reads of its pane: libtmux-mcp's pane state
// (history size, cursor row, height, pid, death, alternate screen), the
// history limit, and which pane and session the target named.
type paneState struct {
	PaneID       string `tmux:"pane_id"`
	SessionID    string `tmux:"session_id"`
	HistorySize  int64  `tmux:"history_size"`
	CursorY      int64  `tmux:"cursor_y"`
	PaneHeight   int64  `tmux:"pane_height"`
	PanePID      string `tmux:"pane_pid"`
	PaneDead     bool   `tmux:"pane_dead"`
	AlternateOn  bool   `tmux:"alternate_on"`
	HistoryLimit int64  `tmux:"history_limit"`
}

// captureSep separates two captures in one command line's output: a line
// no program can know to print, drawn when the process starts.
var captureSep = func() string {
	var b [12]byte
	rand.Read(b[:])
	return "<c" + hex.EncodeToString(b[:]) + ">"
}()

// Timings of a follow.
const (
	// backstop is how often a pane that tells of its output is looked at
	// all the same: tmux tells no client of some changes (a pane that
	// died under remain-on-exit, a cleared history).
	backstop = time.Second
	// progressEvery is how often a client that asked for progress is told.
	progressEvery = time.Second
	// lookGrace is how long past the wait's end a look may take: a look
	// under way when time runs out is let finish, and one that takes
	// longer says that tmux is not answering.
	lookGrace = 250 * time.Millisecond
	// minGap and maxGap bound the time between the starts of two looks
	// at a pane that tells of its output: four times what the last look
	// took, so that a pane that writes without pause costs tmux a fifth
	// of its time at most, while a pane that writes once, after a quiet
	// while, is looked at at once.
	minGap = 2 * time.Millisecond
	maxGap = 250 * time.Millisecond
)

// paneFollow is one wait's view of its pane.
type paneFollow struct {
	s       *Server
	t       Tmux
	socket  string
	pane    string // %N
	session string // $N, the pane's, to listen to
	// anchor is the absolute row (history size plus row on screen) of the
	// first row the wait looks at; hsize the history size at the last
	// look, which places the next capture.
	anchor, hsize int64
}

// stateLine is the display-message that prints a pane's paneState.
func stateLine(pane string) []string {
	return []string{"display-message", "-p", "-t", pane, recordFormat[paneState]()}
}

// splitState takes the paneState that a command line's output starts
// with, and returns the rest.
func splitState(out []byte) (paneState, string, error) {
	record, rest, found := strings.Cut(string(out), recordMark+"\n")
	if !found {
		return paneState{}, "", errors.New("tmux printed no pane state")
	}
	st, err := oneRecord[paneState]([]byte(record + recordMark + "\n"))
	return st, rest, err
}

// captureLines are the lines capture-pane -p printed, without the empty
// ones at the end (the screen's unused rows), as libtmux-mcp reads them.
func captureLines(text string) []string {
	lines := strings.Split(text, "\n")
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// entry reads the pane's state and its lines from the cursor row down and
// from the top of the screen down (visible), in one command line, which
// tmux runs without taking any of the pane's output in between; the
// cursor row found first (in st) places the capture, and if the cursor
// has moved meanwhile it reads again. The anchor is the row captured from.
func (f *paneFollow) entry(ctx context.Context, st paneState) (paneState, []string, []string, error) {
	for try := 0; ; try++ {
		row := st.CursorY
		line := append(stateLine(f.pane), ";",
			"capture-pane", "-p", "-J", "-t", f.pane, "-S", strconv.FormatInt(row, 10), ";",
			"display-message", "-p", captureSep, ";",
			"capture-pane", "-p", "-J", "-t", f.pane, "-S", "0")
		out, err := f.s.tmuxOn(ctx, f.t, f.socket, nil, line...)
		if err != nil {
			return st, nil, nil, err
		}
		var rest string
		if st, rest, err = splitState(out); err != nil {
			return st, nil, nil, err
		}
		below, visible, found := strings.Cut(rest, captureSep+"\n")
		if !found {
			return st, nil, nil, errors.New("tmux printed one capture of two")
		}
		if st.CursorY != row && try < 2 {
			continue
		}
		f.anchor, f.hsize = st.HistorySize+row, st.HistorySize
		return st, captureLines(below), captureLines(visible), nil
	}
}

// look reads the pane's state and its lines from the anchor down, joined
// where they wrapped, in one command line. The capture's first row is
// placed with the history size of the last look: if the history has grown
// meanwhile (the rows moved up), it reads again from the right row.
func (f *paneFollow) look(ctx context.Context) (paneState, []string, error) {
	for try := 0; ; try++ {
		start := f.anchor - f.hsize
		line := append(stateLine(f.pane), ";", "capture-pane", "-p", "-J", "-t", f.pane, "-S", strconv.FormatInt(start, 10))
		out, err := f.s.tmuxOn(ctx, f.t, f.socket, nil, line...)
		if err != nil {
			return paneState{}, nil, err
		}
		st, rest, err := splitState(out)
		if err != nil {
			return st, nil, err
		}
		moved := st.HistorySize != f.hsize
		f.hsize = st.HistorySize
		if moved && try < 2 {
			continue
		}
		if start >= st.PaneHeight {
			// Nothing below the anchor yet: tmux would capture the last
			// row instead.
			return st, nil, nil
		}
		return st, captureLines(rest), nil
	}
}

// follow looks at the pane until check says the wait is over, or until
// deadline, when it looks once more and reports timedOut. It looks at once,
// then on each output of the pane and every backstop on a backend that
// tells of output, else every interval. A client that asked for progress
// is told, every progressEvery, how long the wait has run of total.
func (f *paneFollow) follow(ctx context.Context, started, deadline time.Time, total, interval time.Duration, check func(paneState, []string) (bool, error)) (timedOut bool, err error) {
	wake := make(chan struct{}, 1)
	var lost <-chan struct{}
	every := interval
	if n, ok := f.t.(OutputNotifier); ok {
		lctx, cancel := context.WithDeadline(ctx, deadline)
		stop, l, err := n.NotifyOutput(lctx, f.pane, f.session, wake)
		cancel()
		if err == nil {
			defer stop()
			lost, every = l, backstop
		} else if ctx.Err() != nil {
			return false, ctx.Err()
		}
	}
	end := time.NewTimer(time.Until(deadline))
	defer end.Stop()
	progress := time.NewTicker(progressEvery)
	defer progress.Stop()
	report := func() {
		elapsed := time.Since(started)
		reportProgress(ctx, elapsed.Seconds(), total.Seconds(), fmt.Sprintf("Waiting on pane %s: %.1fs elapsed, %.1fs left", f.pane, elapsed.Seconds(), max(total-elapsed, 0).Seconds()))
	}
	report()

	next := time.NewTimer(0)
	defer next.Stop()
	var lastLook time.Time
	var took time.Duration
	for {
		select {
		case <-ctx.Done():
			return false, ctx.Err()
		case <-end.C:
			st, rows, err := f.lookBy(ctx, time.Now())
			if err != nil {
				return false, err
			}
			done, err := check(st, rows)
			return !done && err == nil, err
		case <-progress.C:
			report()
			continue
		case <-lost:
			lost, every = nil, interval // the listener went: poll
			next.Reset(0)
			continue
		case <-wake:
			gap := min(max(4*took, minGap), maxGap)
			next.Reset(max(time.Until(lastLook.Add(gap)), 0))
			continue
		case <-next.C:
		}
		lastLook = time.Now()
		st, rows, err := f.lookBy(ctx, deadline)
		if err != nil {
			return false, err
		}
		took = time.Since(lastLook)
		if done, err := check(st, rows); done || err != nil {
			return false, err
		}
		next.Reset(every)
	}
}

// lookBy is a look that must end by deadline, and lookGrace after: past
// that, tmux is not answering.
func (f *paneFollow) lookBy(ctx context.Context, deadline time.Time) (paneState, []string, error) {
	if now := time.Now(); deadline.Before(now) {
		deadline = now
	}
	lctx, cancel := context.WithDeadline(ctx, deadline.Add(lookGrace))
	defer cancel()
	st, rows, err := f.look(lctx)
	if err != nil && ctx.Err() == nil && lctx.Err() != nil {
		return st, nil, fmt.Errorf("tmux did not answer a look at pane %s before the wait's end: the tmux server on %s may be hung", f.pane, socketLabel(f.socket))
	}
	return st, rows, err
}
