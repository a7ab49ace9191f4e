package faketmux

import (
	"errors"
	"fmt"
)

// Every text the emulator prints on standard error, in one place, so that a
// difference from tmux is fixed once. Those with verbs are fmt formats. The
// trailing newline is added by the printer, as tmux's cmdq_error does.
const (
	// Client side: printed before any command runs.
	errNoServer     = "no server running on %s"
	errConnecting   = "error connecting to %s (No such file or directory)"
	errServerExited = "server exited unexpectedly"
	errNotATerminal = "open terminal failed: not a terminal"
	// A terminal tmux cannot draw on, as tty_term_create refuses it.
	errTerminalNoClear  = "open terminal failed: terminal does not support clear"
	errTerminalNoCup    = "open terminal failed: terminal does not support cup"
	errContextCancelled = "faketmux: %v"

	// Parsing.
	errUnknownCommand   = "unknown command: %s"
	errAmbiguousCommand = "ambiguous command: %s, could be: %s"
	errUsage            = "usage: %s %s"
	errCommand          = "command %s: %s"
	errUnknownFlag      = "unknown flag -%c"
	errInvalidFlag      = "invalid flag -%c"
	errFlagArgument     = "-%c expects an argument"
	errTooFewArgs       = "too few arguments (need at least %d)"
	errTooManyArgs      = "too many arguments (need at most %d)"
	errDelay            = "delay %s"
	errMenuArguments    = "not enough arguments"

	// Buffers.
	errNoBuffers       = "no buffers"
	errNoBuffer        = "no buffer"
	errNoBufferName    = "no buffer %s"
	errUnknownBuffer   = "unknown buffer: %s"
	errBufferExists    = "buffer %s already exists"
	errEmptyBufferName = "empty buffer name"
	errNewNameEmpty    = "new name is empty"
	errNoData          = "no data specified"
	errFileOp          = "%s: %s"
)

const errNoCommand = "no command"

// errQuiet fails a command without a message, as a tmux command does that
// returns an error without printing one: the rest of its command line is
// skipped, and the client's exit status stays 0.
var errQuiet = errors.New("failed quietly")

// errorf makes the error a command prints; it is a plain error so that a
// parse failure and a run failure print the same way.
func errorf(format string, a ...any) error {
	if len(a) == 0 {
		return errors.New(format)
	}
	return fmt.Errorf(format, a...)
}

// Targets.
const (
	errNoCurrentTarget = "no current target"
	errCantFindSession = "can't find session: %s"
	errCantFindWindow  = "can't find window: %s"
	errPaneNotAllowed  = "can't specify pane here"
	errCantFindPane    = "can't find pane: %s"
	errNoMarkedTarget  = "no marked target"
	errNoMouseTarget   = "no mouse target"
)

// Clients.
const (
	errNoSessions        = "no sessions"
	errNoCurrentClient   = "no current client"
	errCantFindClient    = "can't find client: %s"
	errSizeRange         = "size too small or too big"
	errBadSize           = "bad size argument"
	errNoNextSession     = "can't find next session"
	errNoPreviousSession = "can't find previous session"
	errNoLastSession     = "can't find last session"
)

// server-access, and who may connect.
const (
	errAccessNotAllowed = "access not allowed"
	errClientReadOnly   = "client is read-only"
	errMissingUser      = "missing user argument"
	errUnknownUser      = "unknown user: %s"
	errOwnsServer       = "%s owns the server, can't change access"
	errAccessAddDelete  = "-a and -d cannot be used together"
	errAccessReadWrite  = "-r and -w cannot be used together"
	errUserNotFound     = "user %s not found"
	errUserAdded        = "user %s is already added"
)

// Sessions, windows and panes.
const (
	errCreateWindow      = "create window failed: %v"
	errDuplicateSession  = "duplicate session: %s"
	errInvalidSession    = "invalid session: %s"
	errCommandWithTarget = "command or window name given with target"
	errInvalidGroup      = "invalid session group: %s"
	errSessionsGrouped   = "sessions are grouped"
	errCantMoveGrouped   = "can't move window, sessions are grouped"
	errWidth             = "width %s"
	errPopupBorderLines  = "popup-border-lines unknown value: %s"
	errHeight            = "height %s"
	errIndexInUse        = "index in use: %d"
	errNoSpace           = "no space for new pane"
	errPercentage        = "percentage %v"
	errLines             = "lines %v"
	errSplitPercentage   = "create pane failed: -p %v"
	errNoNextWindow      = "no next window"
	errNoPreviousWindow  = "no previous window"
	errNoLastWindow      = "no last window"
	errNoLastPane        = "no last pane"
	errSameIndex         = "same index: %d"
	errOnlyLinkedOnce    = "window only linked to one session"
	errRespawnPane       = "respawn pane failed: %s"
	errRespawnWindow     = "respawn window failed: %s"
	errPaneStillActive   = "pane %s:%d.%d still active"
	errWindowStillActive = "window %s:%d still active"
	errSamePanes         = "source and target panes must be different"
	errSize              = "size %s"
	errPaneTooSmall      = "create pane failed: pane too small"
	errMultipleWindows   = "multiple windows named %s"
	errInvalidLayout     = "invalid layout"
	errLayoutPanes       = "have %d panes but need %d"
	errLayoutMismatch    = "size mismatch after applying layout"
	errAdjustment        = "adjustment %s"
	errNoAlternateScreen = "no alternate screen"
)

const (
	errOnlyOneOfFOrArgument = "only one of -F or argument must be given"
)

// The words strtonum fails with, which tmux puts in its messages.
const (
	numInvalid  = "invalid"
	numTooSmall = "too small"
	numTooLarge = "too large"
)

// Options.
const (
	errInvalidOption    = "invalid option: %s"
	errAlreadySet       = "already set: %s"
	errBadFlagValue     = "bad value: %s"
	errEmptyValue       = "empty value"
	errValueInvalid     = "value is invalid: %s"
	errValueIs          = "value is %v: %s"
	errUnknownValue     = "unknown value: %s"
	errNotSuitableShell = "not a suitable shell: %s"
	errNoSuchSession    = "no such session: %s"
	errNoSuchWindow     = "no such window: %s"
	errNoCurrentSession = "no current session"
	errNoCurrentWindow  = "no current window"
	errAmbiguousOption  = "ambiguous option: %s"
	errNotAnArray       = "not an array: %s"
	errBadKey           = "bad key: %s"
	errBadColour        = "bad colour: %s"
	errInvalidStyle     = "invalid style: %s"
	errNoSuchPane       = "no such pane: %s"
	errNoCurrentPane    = "no current pane"
)

// Environments.
const (
	errEmptyVariableName = "empty variable name"
	errVariableNameHasEq = "variable name contains ="
	errValueWithUnset    = "can't specify a value with -u"
	errValueWithRemove   = "can't specify a value with -r"
	errNoValueSpecified  = "no value specified"
	errUnknownVariable   = "unknown variable: %s"
)

// Key bindings.
const (
	errUnknownKey        = "unknown key: %s"
	errInvalidKey        = "invalid key: %s"
	errNoTable           = "table %s doesn't exist"
	errUnknownPromptType = "unknown type: %s"
	errKeyWithA          = "key given with -a"
	errMissingKey        = "missing key"
	errRepeatCount       = "repeat count %s"
	errNotInMode         = "not in a mode"
)

// Scripting: wait-for, run-shell, if-shell, source-file, pipe-pane.
const (
	errNotAbleToWait     = "not able to wait"
	errNotAbleToLock     = "not able to lock"
	errChannelNotLocked  = "channel %s not locked"
	errInvalidDelay      = "invalid delay time: %s"
	errFailedToRun       = "failed to run command: %s"
	errInvalidPromptType = "invalid type: %s"
	errPaneExited        = "target pane has exited"
	errPaneNotEmpty      = "pane is not empty"
	errFork              = "fork error: %v"
)

// Command blocks ({ … } arguments).
const (
	errFlagNotString = "-%c argument must be a string"
	errArgNotString  = `argument %d must be "string"`
)
