package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// The tools that wait: wait_for_text and run_command, which follow a pane
// (follow.go), and wait_for_channel and signal_channel, tmux's wait-for.
// Every wait is bounded by Config.WaitMax, ends when its call is cancelled
// (its tmux clients with it), tells a client that asked how it goes, and
// holds up no other call.

var waitTools = []tool{
	newTool(tool{
		name:  "wait_for_text",
		title: "Wait For Text",
		desc: "Wait for new output in a pane: until one of patterns appears on a line written after the call began " +
			"(outcome matched), one of stop does (stopped), or timeout (timeout); with patterns null, until anything new " +
			"is written (any_output). Lines already there are never matched (matched_at_entry says a pattern was on the " +
			"screen already). Use it for output you did not cause; for a command you run, run_command returns its output " +
			"and exit status. The timeout is cut to the server's ceiling (effective_timeout). On the control and fake " +
			"backends the pane is looked at as it writes; on exec, every interval.",
		tier:        TierReadonly,
		annotations: annReadOnly,
		selfBounded: true,
	}, (*Server).waitForText),
	newTool(tool{
		name:  "run_command",
		title: "Run Command",
		desc: "Run a shell command in a pane's shell, in a subshell (cd and export do not last), wait until it has " +
			"finished and return its exit status and what the pane shows from the command down (output, the " +
			"synchronisation lines left out). timeout is cut to the server's ceiling (effective_timeout); past it the " +
			"command runs on, timed_out is true and exit_status null, and nothing is left in tmux. The pane must run a " +
			"POSIX shell at its prompt.",
		tier:        TierMutating,
		annotations: annShell,
		selfBounded: true,
		defaults: func(c Config) map[string]any {
			return map[string]any{"suppress_history": !c.KeepHistory}
		},
	}, (*Server).runCommand),
	newTool(tool{
		name:  "wait_for_channel",
		title: "Wait For tmux Channel",
		desc: "Wait until a tmux wait-for channel is signalled (tmux wait-for -S NAME, by a command of yours: " +
			"send_keys \"make; tmux wait-for -S built\", then wait_for_channel built). The timeout is cut to the server's " +
			"ceiling; past it, or when the call is cancelled, the wait ends and its tmux client with it.",
		tier:        TierMutating,
		annotations: annMutating,
		selfBounded: true,
	}, (*Server).waitForChannel),
	newTool(tool{
		name:        "signal_channel",
		title:       "Signal tmux Channel",
		desc:        "Signal a tmux wait-for channel (tmux wait-for -S), waking whoever waits on it; with nobody waiting, tmux keeps the signal for the next wait.",
		tier:        TierMutating,
		annotations: annMutating,
	}, (*Server).signalChannel),
}

// The validation errors of the waits. None quotes what was given.
var (
	errTimeoutNotPositive = errors.New("timeout must be positive")
	errIntervalTooShort   = errors.New("interval must be at least 0.01 seconds")
	errEmptyPatterns      = errors.New("patterns must be a non-empty list, or null to wait for any new output")
	errEmptyCommand       = errors.New("command must not be empty")
	errCommandLines       = errors.New("command must be a single line when suppress_history=True")
	errCommandNotSendable = errors.New("command must be text tmux can send: UTF-8, without NUL")
	errChannelName        = errors.New("channel must be 1 to 128 of the characters A-Z a-z 0-9 _ . : -")
)

// effectiveTimeout is timeout cut to the ceiling, in seconds and as a
// duration.
func (s *Server) effectiveTimeout(timeout float64) (float64, time.Duration, error) {
	if !(timeout > 0) {
		return 0, 0, validationError(errTimeoutNotPositive)
	}
	seconds := math.Min(timeout, s.cfg.WaitMax.Seconds())
	return seconds, time.Duration(seconds * float64(time.Second)), nil
}

// pyFloat is a number of seconds as Python prints a float, as
// libtmux-mcp's messages have it: 30.0, 2.5.
func pyFloat(x float64) string {
	s := strconv.FormatFloat(x, 'f', -1, 64)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s
}

// Caps on wait_for_text's tail and matched_lines, as libtmux-mcp's: by
// bytes too, since one joined line can be far wider than the pane.
const (
	tailMaxLines = 20
	tailMaxBytes = 2000
)

type waitForTextArgs struct {
	Patterns []string `json:"patterns" default:"null" desc:"Success patterns: the first to appear on a new line ends the wait (outcome matched, matched_index its index). Literal text unless regex. Null: wait for any new output (outcome any_output)."`
	Stop     []string `json:"stop" default:"null" desc:"Failure markers (error:, FAILED, Traceback): one on a new line ends the wait at once with outcome stopped, matched_index its index here. Checked before patterns."`
	Regex    bool     `json:"regex" default:"false" desc:"Read patterns and stop as regular expressions (Go's RE2 syntax), not literal text."`
	paneRef
	Timeout   float64 `json:"timeout" default:"8.0" desc:"Seconds to wait, cut to the server's ceiling (LIBTMUX_MCP_WAIT_MAX_SECONDS, 30 by default): effective_timeout says what was used."`
	Interval  float64 `json:"interval" default:"0.05" desc:"Seconds between looks at the pane on the exec backend, which polls (at least 0.01). The control and fake backends look as the pane writes."`
	MatchCase bool    `json:"match_case" default:"false" desc:"Match case; by default case is ignored."`
	onSocket
}

type waitForTextResult struct {
	Found            bool     `json:"found" desc:"Whether a patterns entry matched new output, or with patterns null any new output appeared."`
	Outcome          string   `json:"outcome" enum:"matched,any_output,stopped,alternate_screen,timeout" desc:"How the wait ended: matched (a patterns entry), any_output (patterns null, and something, maybe a prompt redrawn, was written: the pane moved, not necessarily a command ended), stopped (a stop entry), alternate_screen (the pane showed a full-screen program, whose redraws are not matched: read it with snapshot_pane), timeout (nothing matched in time)."`
	MatchedIndex     *int64   `json:"matched_index" desc:"Index in patterns, or in stop when stopped, of the entry that matched; null otherwise."`
	MatchedLines     []string `json:"matched_lines" desc:"The new lines that matched (20 lines and 2000 bytes at most, the last)."`
	Tail             []string `json:"tail" desc:"The pane's lines from the row the cursor was on at the start, as they were at the last look (20 lines and 2000 bytes at most, the last): on a timeout, read it before trying another pattern."`
	SawNewOutput     bool     `json:"saw_new_output" desc:"Whether anything was written from the cursor's row down after the start. With found false: true means output came and did not match; false means the pane was quiet."`
	MatchedAtEntry   bool     `json:"matched_at_entry" desc:"Whether patterns already matched the screen before the wait began and nothing new matched: the text is there, but from before the call."`
	AlternateScreen  bool     `json:"alternate_screen" desc:"Whether the pane showed a full-screen program (the terminal's alternate screen) at some point of the wait."`
	PaneID           string   `json:"pane_id" desc:"The pane waited on."`
	ElapsedSeconds   float64  `json:"elapsed_seconds" desc:"Seconds the wait took."`
	EffectiveTimeout float64  `json:"effective_timeout" desc:"The timeout used, in seconds: the one asked for, cut to the server's ceiling."`
}

func (waitForTextResult) SchemaDescription() string { return "How a wait for new pane output ended." }

// compilePatterns makes patterns regular expressions, label naming them
// in errors: literal text unless regex, case ignored unless matchCase.
func compilePatterns(label string, patterns []string, regex, matchCase bool) ([]*regexp.Regexp, error) {
	out := make([]*regexp.Regexp, 0, len(patterns))
	for i, p := range patterns {
		if p == "" {
			return nil, validationError(fmt.Errorf("%s item %d must be a non-empty string", label, i))
		}
		re, code, err := compileText(p, regex, matchCase)
		if err != nil {
			what := "is not a regular expression"
			if code != "" {
				what += ": " + string(code)
			}
			return nil, validationError(fmt.Errorf("%s item %d %s", label, i, what))
		}
		out = append(out, re)
	}
	return out, nil
}

// firstMatch is the first of patterns that some of lines match, with
// those lines.
func firstMatch(patterns []*regexp.Regexp, lines []string) (int, []string, bool) {
	for i, re := range patterns {
		var hits []string
		for _, line := range lines {
			if re.MatchString(line) {
				hits = append(hits, line)
			}
		}
		if len(hits) > 0 {
			return i, hits, true
		}
	}
	return 0, nil, false
}

func (s *Server) waitForText(ctx context.Context, a waitForTextArgs) (waitForTextResult, error) {
	socket, target, err := resolve(a.onSocket, a.paneRef)
	if err != nil {
		return waitForTextResult{}, err
	}
	if !(a.Interval >= 0.01) {
		return waitForTextResult{}, validationError(errIntervalTooShort)
	}
	effective, budget, err := s.effectiveTimeout(a.Timeout)
	if err != nil {
		return waitForTextResult{}, err
	}
	if a.Patterns != nil && len(a.Patterns) == 0 {
		return waitForTextResult{}, validationError(errEmptyPatterns)
	}
	patterns, err := compilePatterns("patterns", a.Patterns, a.Regex, a.MatchCase)
	if err != nil {
		return waitForTextResult{}, err
	}
	stops, err := compilePatterns("stop", a.Stop, a.Regex, a.MatchCase)
	if err != nil {
		return waitForTextResult{}, err
	}

	started := time.Now()
	deadline := started.Add(budget)
	t := s.cfg.Tmux.Dial(socket)
	st, err := describeOn[paneState](ctx, s, t, socket, target)
	if err != nil {
		return waitForTextResult{}, err
	}
	f := &paneFollow{s: s, t: t, socket: socket, pane: st.PaneID, session: st.SessionID}
	entry, entryRows, visible, err := f.entry(ctx, st)
	if err != nil {
		return waitForTextResult{}, err
	}
	_, _, staleMatch := firstMatch(patterns, visible)

	res := waitForTextResult{Outcome: "timeout", PaneID: f.pane, AlternateScreen: entry.AlternateOn, EffectiveTimeout: effective}
	var lastRows, matched []string
	check := func(st paneState, rows []string) (bool, error) {
		if err := lifeChanged(f.pane, entry, st); err != nil {
			return false, err
		}
		res.AlternateScreen = res.AlternateScreen || st.AlternateOn
		lastRows = rows
		// A line is new unless it is, at the same place below the
		// anchor, what was there at the start: what a program had
		// painted below the cursor is not new, and a line the same as
		// one there at the start, written anew (a prompt again), is.
		var fresh []string
		for i, line := range rows {
			if i >= len(entryRows) || line != entryRows[i] {
				fresh = append(fresh, line)
			}
		}
		res.SawNewOutput = res.SawNewOutput || len(fresh) > 0
		if st.AlternateOn {
			// A full-screen program repaints the whole grid: its paint
			// is not output written since. Matching resumes when it
			// leaves.
			return false, nil
		}
		if i, hits, ok := firstMatch(stops, fresh); ok {
			res.Outcome, res.MatchedIndex, matched = "stopped", ptr(int64(i)), hits
			return true, nil
		}
		if i, hits, ok := firstMatch(patterns, fresh); ok {
			res.Outcome, res.MatchedIndex, matched = "matched", ptr(int64(i)), hits
			return true, nil
		}
		if a.Patterns == nil && len(fresh) > 0 {
			res.Outcome, matched = "any_output", fresh
			return true, nil
		}
		return false, nil
	}
	interval := time.Duration(a.Interval * float64(time.Second))
	timedOut, err := f.follow(ctx, started, deadline, budget, interval, check)
	if err != nil {
		return waitForTextResult{}, err
	}
	res.Found = res.Outcome == "matched" || res.Outcome == "any_output"
	if timedOut && res.AlternateScreen {
		res.Outcome = "alternate_screen"
	}
	res.MatchedAtEntry = staleMatch && !res.Found
	res.Tail = limitLines(lastRows, tailMaxLines, tailMaxBytes)
	res.MatchedLines = limitLines(matched, tailMaxLines, tailMaxBytes)
	res.ElapsedSeconds = roundTo(time.Since(started).Seconds(), 3)
	return res, nil
}

// lifeChanged says why a wait on pane can no longer tell new rows from
// old, as libtmux-mcp does: the pane's program died or was replaced, or
// its history shrank (cleared, or cut at its limit) without the pane
// growing, which would take rows back from the history.
func lifeChanged(pane string, entry, st paneState) error {
	switch {
	case st.PaneDead:
		return refusal(fmt.Errorf("pane %s died during the wait: there is no more output to wait for", pane), "Read the pane with capture_pane; respawn_pane starts its program again.")
	case st.PanePID != entry.PanePID:
		return refusal(fmt.Errorf("pane %s was respawned during the wait (pid %s, then %s): its output since is another program's", pane, entry.PanePID, st.PanePID), "Call wait_for_text again to wait on the new program.")
	case st.HistorySize < entry.HistorySize && st.PaneHeight <= entry.PaneHeight:
		return refusal(fmt.Errorf("pane %s lost history during the wait (history_size %d, then %d): the row the wait started at is gone", pane, entry.HistorySize, st.HistorySize), "Call wait_for_text again, or for a command of yours use run_command or wait_for_channel.")
	}
	return nil
}

// limitLines keeps the last lines, at most maxLines of them and maxBytes
// in all, joined by line feeds, as libtmux-mcp counts them; a last line
// longer on its own is cut to its final bytes, on a UTF-8 boundary. It
// never returns nil.
func limitLines(lines []string, maxLines, maxBytes int) []string {
	if len(lines) > maxLines {
		lines = lines[len(lines)-maxLines:]
	}
	size := len(lines) - 1
	for _, l := range lines {
		size += len(l)
	}
	for len(lines) > 1 && size > maxBytes {
		size -= len(lines[0]) + 1
		lines = lines[1:]
	}
	out := append([]string{}, lines...)
	if len(out) == 1 && len(out[0]) > maxBytes {
		cut := len(out[0]) - maxBytes
		for cut < len(out[0]) && !utf8Start(out[0][cut]) {
			cut++
		}
		out[0] = out[0][cut:]
	}
	return out
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

func roundTo(x float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(x*p) / p
}

func ptr[T any](v T) *T { return &v }

type runCommandArgs struct {
	Command string `json:"command" payload:"true" desc:"The shell command, run in a subshell of the pane's shell. A single line when suppress_history. The audit log records only its length and a digest."`
	paneRef
	Timeout         float64 `json:"timeout" default:"30.0" desc:"Seconds to wait for the command to finish, cut to the server's ceiling (LIBTMUX_MCP_WAIT_MAX_SECONDS, 30 by default): effective_timeout says what was used."`
	MaxLines        *int64  `json:"max_lines" desc:"Keep only the last this many lines of output; null keeps them all (within the reply's limit)."`
	SuppressHistory bool    `json:"suppress_history" default:"true" desc:"Put a space before the command, which shells that ignore space-led commands (HISTCONTROL=ignorespace) keep out of their history. Its default is the server's (LIBTMUX_SUPPRESS_HISTORY)."`
	onSocket
}

type runCommandResult struct {
	PaneID               string   `json:"pane_id" desc:"The pane the command ran in."`
	ExitStatus           *int64   `json:"exit_status" desc:"The command's exit status; null when it had not finished in time."`
	TimedOut             bool     `json:"timed_out" desc:"Whether the wait ran out of time; the command runs on."`
	ElapsedSeconds       float64  `json:"elapsed_seconds" desc:"Seconds from sending the command to its end, or to the timeout."`
	Output               []string `json:"output" desc:"What the pane shows from the line the command was typed on down, its last lines kept, without the synchronisation lines."`
	OutputTruncated      bool     `json:"output_truncated" desc:"Whether lines were dropped from the head of output, for max_lines or the reply's limit."`
	OutputTruncatedLines int64    `json:"output_truncated_lines" desc:"How many lines were dropped from the head."`
	EffectiveTimeout     float64  `json:"effective_timeout" desc:"The timeout used, in seconds: the one asked for, cut to the server's ceiling."`
}

func (runCommandResult) SchemaDescription() string { return "A shell command's end in a pane." }

// runPayload is what run_command types: the command in a subshell, as
// libtmux-mcp runs it, then a printf of a marker with its exit status,
// rc_ID:STATUS, which ends the command's last line. The echo of what was
// typed holds the marker's parts apart, so that only the printout matches.
// The command goes to eval as one quoted word, so that the line it is
// typed on always parses: a command with a quote left open, or a comment
// at its end, fails or finishes as it would on its own line, rather than
// swallowing the marker and leaving the shell waiting for more input; and
// a command of one line is read as one line, with no continuation prompts
// (PS2) in its output.
func runPayload(command, id string) string {
	return "( eval " + shellQuote(command) + ` ); printf 'rc_%s:%d\n' ` + id + " $?"
}

func (s *Server) runCommand(ctx context.Context, a runCommandArgs) (runCommandResult, error) {
	socket, target, err := resolve(a.onSocket, a.paneRef)
	if err != nil {
		return runCommandResult{}, err
	}
	if strings.TrimSpace(a.Command) == "" {
		return runCommandResult{}, validationError(errEmptyCommand)
	}
	if a.SuppressHistory && strings.ContainsAny(a.Command, "\r\n") {
		return runCommandResult{}, validationError(errCommandLines)
	}
	effective, budget, err := s.effectiveTimeout(a.Timeout)
	if err != nil {
		return runCommandResult{}, err
	}
	if a.MaxLines != nil && *a.MaxLines < 1 {
		return runCommandResult{}, validationError(errMaxLines)
	}
	var b [5]byte
	rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	payload := runPayload(strings.TrimRight(a.Command, " \t\r\n"), id)
	keys, err := keysLine(target, payload, true, a.SuppressHistory, true)
	if errors.Is(err, errKeysNotSendable) {
		return runCommandResult{}, validationError(errCommandNotSendable)
	} else if err != nil {
		return runCommandResult{}, err
	}

	// One command line finds the pane, reads where its cursor is (the
	// row the command is typed on) and types the command.
	started := time.Now()
	deadline := started.Add(budget)
	t := s.cfg.Tmux.Dial(socket)
	line := append(describeLine[paneState](target), ";")
	out, err := s.tmuxOn(ctx, t, socket, nil, append(line, keys...)...)
	if err != nil {
		return runCommandResult{}, err
	}
	st, err := oneRecord[paneState](out)
	if err != nil {
		return runCommandResult{}, err
	}
	f := &paneFollow{s: s, t: t, socket: socket, pane: st.PaneID, session: st.SessionID, anchor: st.HistorySize + st.CursorY, hsize: st.HistorySize}

	marker := regexp.MustCompile(`rc_` + id + `:(\d+)$`)
	var rows []string
	var status *int64
	check := func(st paneState, r []string) (bool, error) {
		rows = r
		for i := len(r) - 1; i >= 0; i-- {
			if m := marker.FindStringSubmatch(r[i]); m != nil {
				n, _ := strconv.ParseInt(m[1], 10, 64)
				status = &n
				return true, nil
			}
		}
		if st.PaneDead {
			return false, refusal(fmt.Errorf("pane %s died before the command finished", f.pane), "Read the pane with capture_pane; respawn_pane starts its program again.")
		}
		return false, nil
	}
	timedOut, err := f.follow(ctx, started, deadline, budget, runPoll, check)
	if err != nil {
		// The command is in the pane's shell: say so, whatever went wrong.
		return runCommandResult{}, fmt.Errorf("%w; the command had been typed into pane %s, and may have run", err, f.pane)
	}
	res := runCommandResult{PaneID: f.pane, ExitStatus: status, TimedOut: timedOut || status == nil, EffectiveTimeout: effective}
	res.ElapsedSeconds = roundTo(time.Since(started).Seconds(), 3)
	output := commandOutput(rows, id)
	kept := output
	if a.MaxLines != nil && int64(len(kept)) > *a.MaxLines {
		kept = kept[int64(len(kept))-*a.MaxLines:]
	}
	kept = withinReply(kept, s.cfg.MaxReplyBytes, res)
	res.Output = kept
	res.OutputTruncatedLines = int64(len(output) - len(kept))
	res.OutputTruncated = res.OutputTruncatedLines > 0
	return res, nil
}

// runPoll is how often run_command looks on a backend that is polled,
// as wait_for_text's default interval.
const runPoll = 50 * time.Millisecond

// commandOutput is rows without run_command's synchronisation: the echoed
// end of the payload, which names the marker's id, and the marker, which
// ends the command's last line (on a line of its own when the output ended
// with a line feed).
func commandOutput(rows []string, id string) []string {
	out := []string{}
	printed := "rc_" + id + ":"
	for _, row := range rows {
		if i := strings.LastIndex(row, printed); i >= 0 {
			if row = row[:i]; row != "" {
				out = append(out, row)
			}
			continue
		}
		if strings.Contains(row, id) {
			continue
		}
		out = append(out, row)
	}
	return out
}

// withinReply keeps the last of lines that fit, with the rest of res, in
// a reply of maxReply bytes as sent (the result's JSON twice: structured,
// and as the text's escaped JSON), whole lines, dropped from the head.
func withinReply(lines []string, maxReply int, res runCommandResult) []string {
	res.Output = []string{}
	res.OutputTruncated, res.OutputTruncatedLines = false, math.MaxInt64 // at their longest
	budget := maxReply - replyOverhead(false, res)
	for i := len(lines) - 1; i >= 0; i-- {
		// Each line is a JSON string in the structured content, and again,
		// escaped once more, in the text: replyCost counts both, and the
		// quotes and comma around each add "", and \"\", of the text.
		budget -= replyCost([]byte(lines[i])) + len(`"",`) + len(`\"\",`)
		if budget < 0 {
			return lines[i+1:]
		}
	}
	return lines
}

type waitForChannelArgs struct {
	Channel string  `json:"channel" desc:"The channel's name: 1 to 128 of A-Z a-z 0-9 _ . : -"`
	Timeout float64 `json:"timeout" default:"30.0" desc:"Seconds to wait, cut to the server's ceiling (LIBTMUX_MCP_WAIT_MAX_SECONDS, 30 by default), as the answer says."`
	onSocket
}

var channelName = regexp.MustCompile(`^[A-Za-z0-9_.:-]{1,128}$`)

func (s *Server) waitForChannel(ctx context.Context, a waitForChannelArgs) (string, error) {
	socket, err := a.socket()
	if err != nil {
		return "", err
	}
	if !channelName.MatchString(a.Channel) {
		return "", validationError(errChannelName)
	}
	effective, budget, err := s.effectiveTimeout(a.Timeout)
	if err != nil {
		return "", err
	}
	t := s.cfg.Tmux.Dial(socket)
	wctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	// Progress, while tmux's client waits, and none after the answer.
	started := time.Now()
	waited, reported := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(reported)
		tick := time.NewTicker(progressEvery)
		defer tick.Stop()
		for {
			elapsed := time.Since(started)
			reportProgress(ctx, elapsed.Seconds(), effective, fmt.Sprintf("Waiting on channel %s: %.1fs elapsed, %.1fs left", a.Channel, elapsed.Seconds(), max(budget-elapsed, 0).Seconds()))
			select {
			case <-waited:
				return
			case <-tick.C:
			}
		}
	}()
	// A client of its own, killed when the wait ends early: tmux's wait-for
	// holds up the commands after it on its client.
	_, err = s.tmuxWithin(wctx, budget+time.Second, alone(t), socket, nil, "wait-for", a.Channel)
	close(waited)
	<-reported
	switch {
	case err != nil && ctx.Err() == nil && wctx.Err() != nil:
		return "", refusal(fmt.Errorf("channel %s was not signalled within %ss; the wait and its tmux client ended (tmux counts the client among the channel's waiters until the channel is next signalled)", a.Channel, pyFloat(effective)),
			"Check that the command meant to signal it ran (tmux wait-for -S "+a.Channel+"), or wait again.")
	case err != nil:
		return "", err
	}
	// wait-for also ends, successfully, when its tmux server exits: only a
	// server still there says that the channel was signalled.
	if _, err := s.tmuxOn(ctx, t, socket, nil, "list-sessions", "-F", "#{session_id}"); err != nil {
		var te *tmuxError
		if errors.As(err, &te) && te.failure() == noServer {
			return "", refusal(fmt.Errorf("wait-for on channel %s returned, but the tmux server on %s is no longer running, so the channel was probably never signalled: tmux's wait-for ends the same way when its server exits", a.Channel, socketLabel(socket)),
				"Re-check the work you were waiting on.")
		}
		return "", err
	}
	return fmt.Sprintf("Channel '%s' was signalled (timeout %ss)", a.Channel, pyFloat(effective)), nil
}

type signalChannelArgs struct {
	Channel string `json:"channel" desc:"The channel's name: 1 to 128 of A-Z a-z 0-9 _ . : -"`
	onSocket
}

func (s *Server) signalChannel(ctx context.Context, a signalChannelArgs) (string, error) {
	socket, err := a.socket()
	if err != nil {
		return "", err
	}
	if !channelName.MatchString(a.Channel) {
		return "", validationError(errChannelName)
	}
	if _, err := s.tmux(ctx, socket, nil, "wait-for", "-S", a.Channel); err != nil {
		return "", err
	}
	return fmt.Sprintf("Channel '%s' signalled", a.Channel), nil
}
