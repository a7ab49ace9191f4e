package server

import (
	"fmt"
	"log/slog"
	"strings"
	"time"
)

// Config is everything the server needs; cmd/tmuxbuf-mcp fills it from flags
// and the environment.
type Config struct {
	Tmux            Dialer
	BufferPrefix    string        // "" means DefaultBufferPrefix
	MaxContentBytes int           // cap on load_buffer content; 0 means DefaultMaxContentBytes
	MaxShowBytes    int           // cap on the content of a show_buffer reply; 0 means MaxContentBytes
	MaxReplyBytes   int           // cap on a show_buffer reply's JSON-RPC message, encoded; 0 means DefaultMaxReplyBytes
	Timeout         time.Duration // per tmux command; 0 means DefaultTimeout
	Safety          Tier
	Audit           *slog.Logger // one record per tool call; nil discards them
	Version         string
	// AuditKey keys the digests of payloads in the audit log (see
	// ReadAuditKey); nil means a random key for this Server.
	AuditKey []byte

	// OwnerPerSession makes each MCP session the owner of the buffers it
	// loads, as Streamable HTTP needs, where sessions come and go within one
	// process: list_buffers shows the caller's session's buffers only, and
	// when a session ends its buffers are deleted (unless KeepBuffers). Off,
	// the process is their one owner, as over stdio, whose one session lasts
	// as long as the process. Cleanup deletes every owner's buffers either way.
	OwnerPerSession bool
	// KeepBuffers leaves an ended session's buffers in tmux (the server
	// forgets them). Whether to call Cleanup on exit is the caller's choice.
	KeepBuffers bool

	// PromptsAsTools adds the tools list_prompts and get_prompt, for
	// clients that cannot ask for prompts (LIBTMUX_MCP_PROMPTS_AS_TOOLS).
	PromptsAsTools bool

	// Caller is the tmux pane this server runs in, nil when it runs
	// outside tmux: the tools never kill or respawn it, or what holds it,
	// and mark it is_caller. ParseCaller reads it from TMUX and TMUX_PANE.
	Caller *Caller

	// WaitMax is the ceiling of every wait (wait_for_text, run_command,
	// wait_for_channel), LIBTMUX_MCP_WAIT_MAX_SECONDS: a longer timeout
	// is cut to it, and the result says so. 0 means DefaultWaitMax; it is
	// held to MinWaitMax..MaxWaitMax, as libtmux-mcp holds it.
	WaitMax time.Duration
	// KeepHistory is LIBTMUX_SUPPRESS_HISTORY=0: run_command's
	// suppress_history defaults to false, so that the commands it types
	// go into the shell's history. Off, as libtmux-mcp has it by default,
	// they do not (where the shell ignores a line that starts with a space).
	KeepHistory bool
}

// Caller is where in tmux the server runs, as tmux tells a pane's
// programs: the socket of its tmux server (the first field of TMUX) and
// its pane (TMUX_PANE). Either may be unknown ("").
type Caller struct {
	SocketPath string
	PaneID     string
}

// ParseCaller reads a Caller from the values of TMUX and TMUX_PANE, nil
// when both are empty: a process outside tmux.
func ParseCaller(tmux, tmuxPane string) *Caller {
	if tmux == "" && tmuxPane == "" {
		return nil
	}
	socket, _, _ := strings.Cut(tmux, ",")
	return &Caller{SocketPath: socket, PaneID: tmuxPane}
}

const (
	DefaultMaxContentBytes = 8 << 20
	DefaultTimeout         = 5 * time.Second

	// The ceiling of waits, as libtmux-mcp has it: 30 s unless
	// LIBTMUX_MCP_WAIT_MAX_SECONDS says otherwise, and never below 1 s
	// (every wait would be useless) or above 120 s (no ceiling then).
	DefaultWaitMax = 30 * time.Second
	MinWaitMax     = 1 * time.Second
	MaxWaitMax     = 120 * time.Second
)

// Tier is a safety tier: a server offers the tools at or below its tier.
type Tier int

const (
	TierReadonly Tier = iota + 1
	TierMutating
	TierDestructive
)

var tierNames = map[Tier]string{TierReadonly: "readonly", TierMutating: "mutating", TierDestructive: "destructive"}

func (t Tier) String() string { return tierNames[t] }

// ParseTier reads a tier as LIBTMUX_SAFETY spells it.
func ParseTier(s string) (Tier, error) {
	for t, name := range tierNames {
		if name == s {
			return t, nil
		}
	}
	return 0, fmt.Errorf("unknown safety tier %q: want readonly, mutating or destructive", s)
}

func (c Config) withDefaults() (Config, error) {
	if c.Tmux == nil {
		c.Tmux = ExecDialer{}
	}
	if c.MaxContentBytes == 0 {
		c.MaxContentBytes = DefaultMaxContentBytes
	}
	if c.MaxShowBytes == 0 {
		c.MaxShowBytes = c.MaxContentBytes
	}
	if c.MaxReplyBytes == 0 {
		c.MaxReplyBytes = DefaultMaxReplyBytes
	}
	if c.Timeout == 0 {
		c.Timeout = DefaultTimeout
	}
	if c.Safety == 0 {
		c.Safety = TierMutating
	}
	if c.Audit == nil {
		c.Audit = slog.New(slog.DiscardHandler)
	}
	if c.AuditKey == nil {
		c.AuditKey = newAuditKey()
	}
	if c.Version == "" {
		c.Version = "devel"
	}
	if c.WaitMax == 0 {
		c.WaitMax = DefaultWaitMax
	}
	c.WaitMax = min(max(c.WaitMax, MinWaitMax), MaxWaitMax)
	switch {
	case c.MaxContentBytes < 0:
		return c, fmt.Errorf("max content bytes must be positive, got %d", c.MaxContentBytes)
	case c.MaxShowBytes < 0:
		return c, fmt.Errorf("max show bytes must be positive, got %d", c.MaxShowBytes)
	case c.MaxReplyBytes < MinMaxReplyBytes:
		return c, fmt.Errorf("max reply bytes must be at least %d, got %d", MinMaxReplyBytes, c.MaxReplyBytes)
	case c.Timeout < 0:
		return c, fmt.Errorf("timeout must be positive, got %v", c.Timeout)
	case len(c.AuditKey) < MinAuditKeyLen:
		return c, fmt.Errorf("audit key is %d bytes, fewer than %d", len(c.AuditKey), MinAuditKeyLen)
	case tierNames[c.Safety] == "":
		return c, fmt.Errorf("unknown safety tier %d", c.Safety)
	}
	return c, nil
}
