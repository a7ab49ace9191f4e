package server

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// The tools that type into panes: send_keys, and the others of
// libtmux-mcp's pane I/O.

var ioTools = []tool{
	newTool(tool{
		name:  "send_keys_batch",
		title: "Send Keys Batch",
		desc: "Type several things in order, each as send_keys would, into the same or other panes: for input a program " +
			"takes step by step. Each operation reports alone; on_error stop types nothing after one that failed; " +
			"timeout bounds the whole batch.",
		tier:        TierMutating,
		annotations: annShell,
	}, (*Server).sendKeysBatch),
	newTool(tool{
		name:        "clear_pane",
		title:       "Clear Pane",
		desc:        "Clear a pane's screen and its history, as a terminal reset would, in one tmux command line.",
		tier:        TierMutating,
		annotations: annDestructive,
	}, (*Server).clearPane),
	newTool(tool{
		name:  "pipe_pane",
		title: "Pipe Pane",
		desc: "Append (or write) everything a pane's program writes, escape sequences included, to a file, until " +
			"called again with output_path null. The file may be anywhere this server's user can write: the widest reach " +
			"of the mutating tier. A pane has one pipe: this replaces any other.",
		tier:        TierMutating,
		annotations: annShell,
	}, (*Server).pipePane),
	newTool(tool{
		name:        "enter_copy_mode",
		title:       "Enter Copy Mode",
		desc:        "Put a pane in copy mode, to look back through its history, scrolled up scroll_up lines.",
		tier:        TierMutating,
		annotations: annCreate,
	}, (*Server).enterCopyMode),
	newTool(tool{
		name:        "exit_copy_mode",
		title:       "Exit Copy Mode",
		desc:        "Take a pane out of copy mode (or any other mode); a pane in none is left as it is.",
		tier:        TierMutating,
		annotations: annMutating,
	}, (*Server).exitCopyMode),
	newTool(tool{
		name:  "send_keys",
		title: "Send Keys",
		desc: "Type into a pane: keys (tmux key names such as C-c or Enter, or text) and, with enter, Enter after them. " +
			"For raw input: keys for a program, partial input, an interrupt. For a shell command whose output and exit " +
			"status you need, use run_command; to see what it printed, capture_since. Set enter false for control keys.",
		tier:        TierMutating,
		annotations: annShell,
	}, (*Server).sendKeys),
}

type sendKeysArgs struct {
	Keys string `json:"keys" payload:"true" desc:"What to type: a tmux key name (C-c, Escape, Up) or text, which tmux types as it is; with literal, always as text. The audit log records only its length and a digest."`
	paneRef
	Enter           bool `json:"enter" default:"true" desc:"Press Enter after the keys. Set it false for control keys such as C-c."`
	Literal         bool `json:"literal" default:"false" desc:"Type the keys as characters, never as key names (send-keys -l): ESC, control characters and any Unicode character go as they are."`
	SuppressHistory bool `json:"suppress_history" default:"false" desc:"Put a space before the keys, which shells that ignore space-led commands (HISTCONTROL=ignorespace) keep out of their history."`
	onSocket
}

var errKeysNotSendable = errors.New("keys must be text tmux can send: UTF-8, without NUL")

func (s *Server) sendKeys(ctx context.Context, a sendKeysArgs) (string, error) {
	socket, target, err := resolve(a.onSocket, a.paneRef)
	if err != nil {
		return "", err
	}
	pane, err := s.typeKeys(ctx, socket, target, a.Keys, a.Literal, a.SuppressHistory, a.Enter)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Keys sent to pane %s", pane), nil
}

// typeKeys types keys into the pane target names, as keysLine has it,
// and returns that pane's ID.
func (s *Server) typeKeys(ctx context.Context, socket, target, keys string, asText, suppressHistory, enter bool) (string, error) {
	line, err := keysLine(target, keys, asText, suppressHistory, enter)
	if err != nil {
		return "", err
	}
	return s.paneAfter(ctx, socket, target, line)
}

// paneAfter runs line, each of its commands ended by ";", and then prints
// the ID of the pane target names: the pane the line acted on. The line
// stops at a command that failed.
func (s *Server) paneAfter(ctx context.Context, socket, target string, line []string) (string, error) {
	out, err := s.tmux(ctx, socket, nil, append(line, printPaneID(target)...)...)
	return strings.TrimSpace(string(out)), err
}

// printPaneID prints the ID of the pane target names; nothing,
// successfully, for a pane that is not there.
func printPaneID(target string) []string {
	return withTarget(target, "display-message", "-p", "#{pane_id}")
}

// keysLine is the send-keys of keys into target, as libtmux sends them:
// the keys as one argument (a key name, or text that is no key name, which
// tmux types as it is), then Enter as its own key. It ends with ";" for
// the command after it.
func keysLine(target, keys string, asText, suppressHistory, enter bool) ([]string, error) {
	if !utf8.ValidString(keys) || strings.Contains(keys, "\x00") {
		return nil, validationError(errKeysNotSendable)
	}
	if suppressHistory {
		keys = " " + keys
	}
	send := []string{"send-keys"}
	if asText {
		send = append(send, "-l")
	}
	// "--": keys that start with '-' are keys, not flags.
	line := append(withTarget(target, send...), "--", literal(keys), ";")
	if enter {
		line = append(append(line, withTarget(target, "send-keys")...), "Enter", ";")
	}
	return line, nil
}

type sendKeysOperation struct {
	Keys            string  `json:"keys" payload:"true" desc:"What to type, as send_keys takes it."`
	PaneID          *string `json:"pane_id" desc:"Pane ID, e.g. %1; wins over the other targets."`
	SessionName     *string `json:"session_name" desc:"Type into this session's active pane."`
	SessionID       *string `json:"session_id" desc:"Type into this session's active pane, e.g. $1."`
	WindowID        *string `json:"window_id" desc:"Type into this window's active pane, e.g. @1."`
	Enter           bool    `json:"enter" default:"true" desc:"Press Enter after the keys."`
	Literal         bool    `json:"literal" default:"false" desc:"Type the keys as characters, never as key names."`
	SuppressHistory bool    `json:"suppress_history" default:"false" desc:"Put a space before the keys."`
}

type sendKeysBatchArgs struct {
	Operations []sendKeysOperation `json:"operations" desc:"What to type, in order."`
	OnError    string              `json:"on_error" default:"\"stop\"" enum:"stop,continue" desc:"stop: type nothing after an operation that failed; continue: try them all."`
	Timeout    *float64            `json:"timeout" desc:"Seconds the whole batch may take; later operations fail once they are spent."`
	onSocket
}

type sendKeysOperationResult struct {
	Index          int64   `json:"index" desc:"Its place in operations, from 0."`
	PaneID         *string `json:"pane_id" desc:"The pane it typed into, null when there was none."`
	Success        bool    `json:"success" desc:"Whether it typed."`
	Error          *string `json:"error" desc:"What went wrong, when it failed."`
	ElapsedSeconds float64 `json:"elapsed_seconds" desc:"How long it took."`
}

type sendKeysBatchResult struct {
	Results   []sendKeysOperationResult `json:"results" desc:"The operations tried, in order."`
	Succeeded int64                     `json:"succeeded" desc:"How many typed."`
	Failed    int64                     `json:"failed" desc:"How many failed."`
	StoppedAt *int64                    `json:"stopped_at" desc:"The index of the failed operation after which on_error stop typed no more, if any."`
}

var errEmptyBatch = errors.New("operations must not be empty")

func (s *Server) sendKeysBatch(ctx context.Context, a sendKeysBatchArgs) (sendKeysBatchResult, error) {
	socket, err := a.socket()
	if err != nil {
		return sendKeysBatchResult{}, err
	}
	if len(a.Operations) == 0 {
		return sendKeysBatchResult{}, validationError(errEmptyBatch)
	}
	batchCtx := ctx
	if a.Timeout != nil {
		if *a.Timeout <= 0 {
			return sendKeysBatchResult{}, validationError(errTimeoutNotPositive)
		}
		var cancel context.CancelFunc
		batchCtx, cancel = context.WithTimeout(ctx, time.Duration(*a.Timeout*float64(time.Second)))
		defer cancel()
	}
	var res sendKeysBatchResult
	res.Results, res.Succeeded, res.Failed, res.StoppedAt = runOperations(len(a.Operations), a.OnError, func(i int) (sendKeysOperationResult, bool) {
		started := time.Now()
		r := sendKeysOperationResult{Index: int64(i)}
		pane, err := s.sendOperation(batchCtx, socket, a.Operations[i])
		switch {
		case batchCtx.Err() != nil && ctx.Err() == nil:
			err = fmt.Errorf("batch execution exceeded timeout of %gs", *a.Timeout)
		case err == nil:
			r.PaneID, r.Success = &pane, true
		}
		if err != nil {
			msg := err.Error()
			if _, suggestion := errorMeta(err); suggestion != "" {
				msg += "\n" + suggestion
			}
			r.Error = &msg
		}
		r.ElapsedSeconds = time.Since(started).Seconds()
		return r, r.Success
	})
	return res, nil
}

// sendOperation types one operation of a batch, as send_keys would, and
// returns the pane it typed into.
func (s *Server) sendOperation(ctx context.Context, socket string, op sendKeysOperation) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	target, err := paneRef{PaneID: op.PaneID, SessionName: op.SessionName, SessionID: op.SessionID, WindowID: op.WindowID}.target()
	if err != nil {
		return "", err
	}
	return s.typeKeys(ctx, socket, target, op.Keys, op.Literal, op.SuppressHistory, op.Enter)
}

func (s *Server) clearPane(ctx context.Context, a paneArgs) (string, error) {
	socket, target, err := resolve(a.onSocket, a.paneRef)
	if err != nil {
		return "", err
	}
	// send-keys -R resets the terminal (what the program drew) and
	// clear-history drops what scrolled off, as libtmux's reset does.
	line := append(withTarget(target, "send-keys", "-R"), ";")
	line = append(append(line, withTarget(target, "clear-history")...), ";")
	pane, err := s.paneAfter(ctx, socket, target, line)
	if err != nil {
		return "", err
	}
	return "Pane cleared: " + pane, nil
}

type pipePaneArgs struct {
	paneRef
	OutputPath *string `json:"output_path" desc:"The file to write to; null stops the pipe."`
	Append     bool    `json:"append" default:"true" desc:"Append to the file; false writes it anew."`
	onSocket
}

var errEmptyOutputPath = errors.New("output_path must be a non-empty path, or null to stop piping")

func (s *Server) pipePane(ctx context.Context, a pipePaneArgs) (string, error) {
	socket, target, err := resolve(a.onSocket, a.paneRef)
	if err != nil {
		return "", err
	}
	pipe := withTarget(target, "pipe-pane")
	if a.OutputPath != nil {
		if strings.TrimSpace(*a.OutputPath) == "" || strings.Contains(*a.OutputPath, "\x00") {
			return "", validationError(errEmptyOutputPath)
		}
		redirect := ">>"
		if !a.Append {
			redirect = ">"
		}
		pipe = append(pipe, "cat "+redirect+" "+escapeFormat(shellQuote(*a.OutputPath)))
	}
	pane, err := s.paneAfter(ctx, socket, target, append(pipe, ";"))
	if err != nil {
		return "", err
	}
	if a.OutputPath == nil {
		return "Piping stopped for pane " + pane, nil
	}
	return "Piping pane " + pane + " to " + *a.OutputPath, nil
}

// shellQuote is s as one word for /bin/sh.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// escapeFormat keeps s as it is through what tmux does to pipe-pane's
// command before the shell sees it (format_expand_time): every % doubled
// for strftime, and a run of # doubled, but for a run before '[', which
// tmux keeps as it is (measured on tmux 3.3a: a##b gives a#b, a##[x]
// stays a##[x], h#S gives h and the session's name).
func escapeFormat(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		switch {
		case s[i] == '%':
			b.WriteString("%%")
			i++
		case s[i] == '#':
			j := i
			for j < len(s) && s[j] == '#' {
				j++
			}
			run := s[i:j]
			b.WriteString(run)
			if j >= len(s) || s[j] != '[' {
				b.WriteString(run)
			}
			i = j
		default:
			b.WriteByte(s[i])
			i++
		}
	}
	return b.String()
}

type enterCopyModeArgs struct {
	paneRef
	ScrollUp *int64 `json:"scroll_up" desc:"Lines to scroll up once in copy mode."`
	onSocket
}

func (s *Server) enterCopyMode(ctx context.Context, a enterCopyModeArgs) (paneInfo, error) {
	socket, target, err := resolve(a.onSocket, a.paneRef)
	if err != nil {
		return paneInfo{}, err
	}
	line := withTarget(target, "copy-mode")
	if n := a.ScrollUp; n != nil && *n > 0 {
		line = append(append(line, ";"), withTarget(target, "send-keys", "-N", strconv.FormatInt(*n, 10), "-X", "scroll-up")...)
	}
	return s.describePane(ctx, socket, target, line...)
}

func (s *Server) exitCopyMode(ctx context.Context, a paneArgs) (paneInfo, error) {
	socket, target, err := resolve(a.onSocket, a.paneRef)
	if err != nil {
		return paneInfo{}, err
	}
	pane, err := s.describePane(ctx, socket, target, withTarget(target, "send-keys", "-X", "cancel")...)
	var te *tmuxError
	if errors.As(err, &te) && firstLine(te.stderr) == "not in a mode" {
		// Nothing to leave: the pane is as the caller wants it.
		return s.describePane(ctx, socket, target)
	}
	return pane, err
}

// describePane is the pane of target, after the commands before on the
// same line, with is_caller set.
func (s *Server) describePane(ctx context.Context, socket, target string, before ...string) (paneInfo, error) {
	pane, err := describe[paneInfo](ctx, s, socket, target, before...)
	if err == nil {
		pane.IsCaller = s.isCaller(pane.PaneID, pane.SocketPath)
	}
	return pane, err
}
