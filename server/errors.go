package server

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Every tool error text the server writes itself. None of them quotes
// content; caller-chosen strings are shortened first.
var (
	errBadLogicalName = errors.New("logical_name must match [A-Za-z0-9_.-]{1,64}")
	errEmptyContent   = errors.New("content is empty: tmux keeps no empty buffer, so none was made")
	errEmptyText      = errors.New("text is empty: there is nothing to paste, and nothing was sent to tmux")
	errMaxLines       = errors.New("max_lines must be at least 1, or null for no line limit")
	errNoPaneTarget   = errors.New("name the pane to paste into: pane_id, window_id, session_id or session_name")
)

func errContentTooLarge(argName string, n, max int) error {
	return fmt.Errorf("%s is %d bytes, over the limit of %d bytes (raise it with --max-content-bytes)", argName, n, max)
}

// errLoadUnconfirmed is a load that tmux reported done without the buffer
// to show for it. listed is what tmux printed for the buffer's size; it is
// quoted only when it is a number, since a binary that is not tmux might
// echo its standard input. pasted says that the same command line went on
// to paste the buffer, as tmux cannot make a paste wait on the check.
func errLoadUnconfirmed(socket string, sent int, listed []byte, pasted bool) error {
	size, err := strconv.Atoi(strings.TrimSuffix(string(listed), "\n"))
	if len(listed) == 0 || err != nil {
		return fmt.Errorf("tmux load-buffer on %s reported success, then listed no buffer of that name: the %d bytes were not loaded (is --tmux-bin or LIBTMUX_TMUX_BIN a tmux?)", socketLabel(socket), sent)
	}
	if pasted {
		return fmt.Errorf("tmux load-buffer on %s made a buffer of %d bytes from the %d sent, and they were pasted; the buffer was deleted", socketLabel(socket), size, sent)
	}
	return fmt.Errorf("tmux load-buffer on %s made a buffer of %d bytes from the %d sent; it was deleted", socketLabel(socket), size, sent)
}

func errBadBufferName(n namer) error {
	return fmt.Errorf("buffer_name is not a buffer name this server hands out: want %s, as load_buffer returns", n.shape())
}

func errBadID(argName, shape string) error {
	return fmt.Errorf("%s must look like %s", argName, shape)
}

func errToolTier(tool string, need, have Tier) error {
	return fmt.Errorf("tool %s needs safety tier %q, and this server runs at %q (set --safety or LIBTMUX_SAFETY)", tool, need, have)
}

func errStdinNotFirst(command string) error {
	return fmt.Errorf("internal error: a command line that changes tmux's state must start by reading its standard input, and this one starts with %s", command)
}

// tmuxError is a tmux command that failed, or that its backend could not
// run. Its message says what failed in the caller's terms; stderr is tmux's
// own text, which never holds content because content only ever travels
// on tmux's standard input.
type tmuxError struct {
	command   string // the tmux command, e.g. "load-buffer"
	socket    string // the socket_name argument, "" for the configured one
	exit      int
	stderr    string
	timedOut  time.Duration // non-zero when the command hit the timeout
	cancelled bool          // the call was cancelled while the command ran
	fate      lineFate      // of a command cut short: whether it may still run
	backend   error         // the backend's own failure (a *BackendError), when tmux did not run the command
}

// lineFate is what may become of a command line that was cut short.
type lineFate int

const (
	fateNone      lineFate = iota // a line that changes nothing: it does not matter
	fateWithdrawn                 // its permit never reached tmux: it will not run
	fateUnderWay                  // tmux had begun it: it may still take effect
)

// cutShortText says what happened to a command cut short, and what may
// still happen.
func (e *tmuxError) cutShortText(where string) string {
	var what string
	if e.cancelled {
		what = fmt.Sprintf("the call was cancelled while tmux %s on %s ran", e.command, where)
	} else {
		what = fmt.Sprintf("tmux %s on %s did not answer within %v", e.command, where, e.timedOut)
	}
	var fate string
	switch e.fate {
	case fateWithdrawn:
		fate = "; it had not begun, and will not run when tmux answers"
	case fateUnderWay:
		fate = "; tmux had begun it, so it may still take effect when tmux answers"
	}
	if e.cancelled {
		return what + fate
	}
	return what + " and was stopped" + fate + "; the tmux server may be hung (see --timeout)"
}

// tmuxFailure is what a failed tmux command says went wrong, in the terms
// the server acts on.
type tmuxFailure int

const (
	otherFailure tmuxFailure = iota
	noServer                 // no tmux server runs on the socket, or it died under the command
	noBuffer                 // the buffer does not exist
	noTarget                 // tmux cannot find the session, window or pane named
)

// failure reads tmux's message, the only account tmux gives of a failed
// command: its client prints it and exits 1 whatever went wrong.
func (e *tmuxError) failure() tmuxFailure {
	if e.backend != nil || e.timedOut > 0 || e.cancelled {
		return otherFailure
	}
	switch msg := firstLine(e.stderr); {
	case strings.HasPrefix(msg, "no server running on "), strings.HasPrefix(msg, "error connecting to "),
		msg == "server exited unexpectedly": // a client that caught the server dying
		return noServer
	case strings.HasPrefix(msg, "no buffer "), strings.HasPrefix(msg, "unknown buffer: "):
		return noBuffer
	case strings.HasPrefix(msg, "can't find "):
		return noTarget
	}
	return otherFailure
}

func (e *tmuxError) Error() string {
	where := socketLabel(e.socket)
	var be *BackendError
	switch {
	case e.timedOut > 0 || e.cancelled:
		return e.cutShortText(where)
	case errors.As(e.backend, &be) && be.NotRun:
		return fmt.Sprintf("tmux could not be run for %s: %s (see --tmux-bin or LIBTMUX_TMUX_BIN)", e.command, firstLine(be.Error()))
	case e.backend != nil:
		return fmt.Sprintf("tmux %s on %s: %s", e.command, where, firstLine(e.backend.Error()))
	}
	msg := firstLine(e.stderr)
	switch e.failure() {
	case noServer:
		return fmt.Sprintf("no tmux server is running on %s (%s); start one, e.g. tmux new-session -d", where, msg)
	case noBuffer:
		return fmt.Sprintf("no such buffer on %s: it was deleted, or its tmux server restarted (%s)", where, msg)
	case noTarget:
		return notFoundText(msg, where)
	}
	if msg == "" {
		return fmt.Sprintf("tmux %s on %s failed with exit status %d", e.command, where, e.exit)
	}
	return fmt.Sprintf("tmux %s on %s failed with exit status %d: %s", e.command, where, e.exit, msg)
}

// notFoundText says what tmux could not find, as "pane %9 not found on
// ...": tmux says "can't find pane: %9", and a session named exactly is
// "=name" to it.
func notFoundText(msg, where string) string {
	what, name, ok := strings.Cut(strings.TrimPrefix(msg, "can't find "), ": ")
	if !ok {
		return fmt.Sprintf("%s on %s", msg, where)
	}
	name = strings.TrimSuffix(strings.TrimPrefix(name, "="), ":")
	return fmt.Sprintf("%s %s not found on %s", what, name, where)
}

// cutShort reports whether err is a tmux command stopped before it
// answered: timed out, or cancelled.
func cutShort(err error) bool {
	var te *tmuxError
	return errors.As(err, &te) && (te.timedOut > 0 || te.cancelled)
}

// transient reports whether err is a failure that the same command may not
// meet again: tmux's client caught its server going ("server exited
// unexpectedly"), or the control backend lost its client. A missing
// target, a refused argument or a timeout is not: the first would fail
// again, and the last has waited long enough.
func transient(err error) bool {
	var te *tmuxError
	if !errors.As(err, &te) || te.timedOut > 0 || te.cancelled {
		return false
	}
	var be *BackendError
	if errors.As(te.backend, &be) {
		return !be.NotRun
	}
	return firstLine(te.stderr) == "server exited unexpectedly"
}

// mayStillRun reports whether err is a tmux command stopped before it
// answered (timed out or cancelled) that may yet take effect: tmux had
// begun it, or it changes nothing, so that nobody can tell.
func mayStillRun(err error) bool {
	var te *tmuxError
	return cutShort(err) && errors.As(err, &te) && te.fate != fateWithdrawn
}

// withdrawn reports whether err is a command cut short before tmux began
// it, which will never run.
func withdrawn(err error) bool {
	var te *tmuxError
	return errors.As(err, &te) && te.fate == fateWithdrawn
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return shorten(s, 200)
}

// A toolError is a failure as the caller gets it: a message that names the
// thing, and in the result's _meta, as libtmux-mcp gives them, what kind of
// failure it was (error_type), whether it is one a caller should expect
// (bad input, a missing pane) rather than a fault of the server's, and
// what to do about it (suggestion, also on the text's last line).
type toolError struct {
	err        error
	errType    string
	suggestion string
	unexpected bool
}

func (e *toolError) Error() string { return e.err.Error() }
func (e *toolError) Unwrap() error { return e.err }

// validationError is arguments that do not fit the tool's schema.
func validationError(err error) error {
	return &toolError{err: err, errType: "ValidationError", suggestion: "Check the arguments against the tool's input schema."}
}

// refusal is a call the server will not make, for a reason the message
// gives.
func refusal(err error, suggestion string) error {
	return &toolError{err: err, errType: "ExpectedToolError", suggestion: suggestion}
}

// errorMeta is what a failed call's result says of err in its _meta, and
// the suggestion for its text.
func errorMeta(err error) (mcp.Meta, string) {
	var te *toolError
	if !errors.As(err, &te) {
		te = classify(err)
	}
	meta := mcp.Meta{"error_type": te.errType, "expected": !te.unexpected}
	if te.suggestion != "" {
		meta["suggestion"] = te.suggestion
	}
	return meta, te.suggestion
}

// classify names the kind of an error that is not a toolError: a tmux
// command's failure, by what tmux said, or the server's own.
func classify(err error) *toolError {
	var tme *tmuxError
	if !errors.As(err, &tme) {
		return &toolError{err: err, errType: "InternalError", unexpected: true}
	}
	var be *BackendError
	switch {
	case tme.timedOut > 0 || tme.cancelled:
		return &toolError{err: err, errType: "TmuxTimeout", suggestion: "Check that the tmux server answers (it may be stopped or busy), or raise --timeout."}
	case errors.As(tme.backend, &be) && be.NotRun:
		return &toolError{err: err, errType: "TmuxCommandNotFound", suggestion: "Install tmux, or point --tmux-bin or LIBTMUX_TMUX_BIN at it."}
	case tme.backend != nil:
		return &toolError{err: err, errType: "TmuxBackendError"}
	}
	switch tme.failure() {
	case noServer:
		return &toolError{err: err, errType: "TmuxServerNotRunning", suggestion: "Call list_servers to find running tmux servers, or create_session to start one."}
	case noBuffer:
		return &toolError{err: err, errType: "BufferNotFound", suggestion: "Call list_buffers for the buffers this session still has, or load_buffer for a new one."}
	case noTarget:
		return &toolError{err: err, errType: "ObjectDoesNotExist", suggestion: "Call list_sessions, list_windows or list_panes to find valid ids."}
	}
	return &toolError{err: err, errType: "LibTmuxException"}
}

// shorten keeps caller-chosen and tmux-written strings short in error texts.
func shorten(s string, max int) string {
	if len(s) <= max {
		return s
	}
	return s[:max] + "…"
}
