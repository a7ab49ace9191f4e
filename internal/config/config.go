// Package config is tmuxbuf-mcp's command line: the one table of its flags
// and environment variables, mapped to a server.Config, and the clean-up a
// server owes on exit. cmd/tmuxbuf-mcp and the scenario harness's
// in-process `mcp` command both use it, so the two cannot drift apart.
//
// It is internal because the flag table is the binary's interface, not a Go
// API; and it is not in package server, which must not depend on faketmux,
// the home of the fake backend.
package config

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/tmuxbuf/tmuxbuf/server"
)

// MaxMaxContentBytes bounds --max-content-bytes: 1 GiB, far beyond any
// paste.
const MaxMaxContentBytes = 1 << 30

// DefaultHTTPSessionTimeout ends an HTTP session idle this long, with its
// buffers. Long enough for an agent whose user steps away for a meeting to
// find its staged buffers again; short enough that sessions abandoned
// without a DELETE (a client that crashed, one that never says goodbye) stay
// few: about 16 KiB each, even one abandoned a second is some 30 MiB.
const DefaultHTTPSessionTimeout = 30 * time.Minute

// Options is the command line and environment, resolved: a flag wins over its
// environment variable, which wins over the default.
type Options struct {
	TmuxBin, SocketName, SocketPath string
	Backend                         string
	HTTPAddr, HTTPTokenFile         string
	HTTPAllowRemote, HTTPNoAuth     bool
	HTTPSessionTimeout              time.Duration
	AuditLog, AuditKeyFile          string
	BufferPrefix                    string
	MaxContentBytes, MaxShowBytes   int
	MaxReplyBytes                   int
	Timeout                         time.Duration
	KeepBuffers                     bool
	Safety                          string
	Version                         bool

	// WaitMax is LIBTMUX_MCP_WAIT_MAX_SECONDS, the ceiling of every wait:
	// 30 s by default, held to 1-120 s. A value that is not a finite
	// number gets a warning and the default, as in libtmux-mcp.
	WaitMax time.Duration
	// KeepHistory is LIBTMUX_SUPPRESS_HISTORY=0; unset or 1 suppresses,
	// and any other value stops the server at start, as in libtmux-mcp.
	KeepHistory bool

	// TmuxEnv is the environment of the tmux processes that the exec and
	// control backends run; nil means this process's. It is no flag: a
	// test harness that runs the server in its own process sets it to its
	// script's.
	TmuxEnv []string

	// Caller is the tmux pane the server runs in, from TMUX and TMUX_PANE,
	// as tmux tells a pane's programs; nil outside tmux.
	Caller *server.Caller
	// PromptsAsTools is LIBTMUX_MCP_PROMPTS_AS_TOOLS=1.
	PromptsAsTools bool
}

// Parse reads argv (without the program name) and the environment through
// getenv. Usage and flag errors go to stderr; -help returns flag.ErrHelp.
func Parse(argv []string, getenv func(string) string, stderr io.Writer) (Options, error) {
	var o Options
	fs := flag.NewFlagSet("tmuxbuf-mcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.TmuxBin, "tmux-bin", envOr(getenv, "LIBTMUX_TMUX_BIN", "tmux"), "tmux binary (env LIBTMUX_TMUX_BIN)")
	fs.StringVar(&o.SocketName, "socket-name", "", "tmux socket name, as tmux -L (env LIBTMUX_SOCKET)")
	fs.StringVar(&o.SocketPath, "socket-path", "", "tmux socket path, as tmux -S, which wins over a socket name (env LIBTMUX_SOCKET_PATH)")
	fs.StringVar(&o.Backend, "backend", envOr(getenv, "TMUXBUF_BACKEND", "exec"), "exec: run the tmux binary for each command; control: one persistent tmux -C client per tmux server, far faster; fake: the in-process emulator, no tmux needed (env TMUXBUF_BACKEND)")
	fs.StringVar(&o.HTTPAddr, "http", "", "serve Streamable HTTP at http://ADDR/mcp instead of stdio; loopback addresses only unless --http-allow-remote")
	fs.StringVar(&o.HTTPTokenFile, "http-token-file", "", "file holding the bearer token HTTP clients must send (or env TMUXBUF_HTTP_TOKEN; given neither, the server makes one and says where)")
	fs.BoolVar(&o.HTTPAllowRemote, "http-allow-remote", false, "let --http listen on a non-loopback address")
	fs.BoolVar(&o.HTTPNoAuth, "http-no-auth", false, "serve --http without a bearer token: any local process could then paste into your terminals")
	fs.DurationVar(&o.HTTPSessionTimeout, "http-session-timeout", DefaultHTTPSessionTimeout, "end an HTTP session idle this long, deleting its buffers")
	fs.StringVar(&o.AuditLog, "audit-log", "", "append the audit log (JSON lines) to this file instead of stderr")
	fs.StringVar(&o.AuditKeyFile, "audit-key-file", "", "file holding the key of the audit log's content digests, to match them across runs; private to you, at least 32 bytes (default: a random key for each run)")
	fs.StringVar(&o.BufferPrefix, "buffer-prefix", server.DefaultBufferPrefix, "prefix of the buffer names this server makes")
	fs.IntVar(&o.MaxContentBytes, "max-content-bytes", server.DefaultMaxContentBytes, "largest content load_buffer accepts, in bytes")
	fs.IntVar(&o.MaxShowBytes, "max-show-bytes", 0, "largest content show_buffer returns, in bytes (default: --max-content-bytes)")
	fs.IntVar(&o.MaxReplyBytes, "max-reply-bytes", server.DefaultMaxReplyBytes, "largest show_buffer reply, in bytes of the whole JSON-RPC message as sent (the official TypeScript MCP client drops its connection over 10 MiB)")
	fs.DurationVar(&o.Timeout, "timeout", server.DefaultTimeout, "how long one tmux command may take")
	fs.BoolVar(&o.KeepBuffers, "keep-buffers", false, "do not delete this server's buffers on exit, nor an HTTP session's when it ends")
	fs.StringVar(&o.Safety, "safety", envOr(getenv, "LIBTMUX_SAFETY", "mutating"), "readonly, mutating or destructive: tools above the tier are not offered (env LIBTMUX_SAFETY)")
	fs.BoolVar(&o.Version, "version", false, "print the version and exit")
	if err := fs.Parse(argv); err != nil {
		return o, err
	}
	// The socket is chosen as a whole, so that a flag wins over every
	// variable: either socket flag sets both variables aside. Within one
	// level a path wins over a name, as tmux -S wins over -L whatever
	// their order (tmux.c makes a path from -L only when -S gave none).
	socketFlag := false
	fs.Visit(func(f *flag.Flag) { socketFlag = socketFlag || f.Name == "socket-name" || f.Name == "socket-path" })
	if !socketFlag {
		o.SocketName, o.SocketPath = getenv("LIBTMUX_SOCKET"), getenv("LIBTMUX_SOCKET_PATH")
	}
	if o.SocketPath != "" {
		o.SocketName = ""
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected argument %q; see -help", fs.Arg(0))
	}
	o.Caller = server.ParseCaller(getenv("TMUX"), getenv("TMUX_PANE"))
	o.WaitMax = waitMax(getenv(waitMaxEnv), stderr)
	switch getenv(suppressHistoryEnv) {
	case "", "1":
	case "0":
		o.KeepHistory = true
	default:
		return o, errors.New("LIBTMUX_SUPPRESS_HISTORY must be unset, '0', or '1'")
	}
	o.PromptsAsTools = getenv("LIBTMUX_MCP_PROMPTS_AS_TOOLS") == "1"
	if o.Backend != "exec" && o.Backend != "control" && o.Backend != "fake" {
		return o, fmt.Errorf("unknown backend %q: want exec, control or fake", o.Backend)
	}
	if o.MaxContentBytes <= 0 || o.MaxShowBytes < 0 || o.Timeout <= 0 || o.HTTPSessionTimeout <= 0 {
		return o, errors.New("--max-content-bytes, --timeout and --http-session-timeout must be positive, --max-show-bytes not negative")
	}
	if o.MaxContentBytes > MaxMaxContentBytes {
		// Beyond, the request size that JSON escaping allows would overflow.
		return o, fmt.Errorf("--max-content-bytes may be %d at most", MaxMaxContentBytes)
	}
	if o.MaxReplyBytes < server.MinMaxReplyBytes {
		return o, fmt.Errorf("--max-reply-bytes must be at least %d", server.MinMaxReplyBytes)
	}
	return o, checkHTTPAuth(o)
}

const (
	waitMaxEnv         = "LIBTMUX_MCP_WAIT_MAX_SECONDS"
	suppressHistoryEnv = "LIBTMUX_SUPPRESS_HISTORY"
)

// waitMax reads LIBTMUX_MCP_WAIT_MAX_SECONDS as libtmux-mcp does: a
// number of seconds, held to the range the server allows. Anything else
// is no reason to refuse to start: it gets a warning on stderr, and the
// default. An empty value counts as unset, as for every variable here.
func waitMax(value string, stderr io.Writer) time.Duration {
	if value == "" {
		return server.DefaultWaitMax
	}
	seconds, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		fmt.Fprintf(stderr, "tmuxbuf-mcp: %s=%q is not a number of seconds; using %v\n", waitMaxEnv, shortened(value), server.DefaultWaitMax)
		return server.DefaultWaitMax
	case math.IsNaN(seconds) || math.IsInf(seconds, 0):
		fmt.Fprintf(stderr, "tmuxbuf-mcp: %s=%q is not a finite number of seconds; using %v\n", waitMaxEnv, shortened(value), server.DefaultWaitMax)
		return server.DefaultWaitMax
	}
	lo, hi := server.MinWaitMax.Seconds(), server.MaxWaitMax.Seconds()
	if clamped := min(max(seconds, lo), hi); clamped != seconds {
		fmt.Fprintf(stderr, "tmuxbuf-mcp: %s=%q is out of range (%v to %v); using %v\n", waitMaxEnv, shortened(value), server.MinWaitMax, server.MaxWaitMax, time.Duration(clamped*float64(time.Second)))
		seconds = clamped
	}
	return time.Duration(seconds * float64(time.Second))
}

func shortened(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

func envOr(getenv func(string) string, key, def string) string {
	if v := getenv(key); v != "" {
		return v
	}
	return def
}

// checkHTTPAuth refuses the combinations of --http-no-auth that can only be
// mistakes. With --http-allow-remote it would let anyone who can reach the
// address type into the user's shells, and a token file costs nothing.
func checkHTTPAuth(o Options) error {
	switch {
	case !o.HTTPNoAuth:
		return nil
	case o.HTTPAllowRemote:
		return errors.New("--http-no-auth with --http-allow-remote would let anyone who can reach the address paste into your terminals; give a token (TMUXBUF_HTTP_TOKEN or --http-token-file) instead")
	case o.HTTPTokenFile != "":
		return errors.New("--http-no-auth and --http-token-file contradict each other")
	}
	return nil
}

// Server builds the server's configuration; the returned func releases
// what it opened: the audit log file, the fake backend's servers, the
// control backend's clients. Messages from that release go to stderr, as
// does the audit log when --audit-log names no file.
func (o Options) Server(stderr io.Writer) (server.Config, func(), error) {
	tier, err := server.ParseTier(o.Safety)
	if err != nil {
		return server.Config{}, nil, err
	}
	var auditKey []byte // nil: a random key for this run
	if o.AuditKeyFile != "" {
		if auditKey, err = server.ReadAuditKey(o.AuditKeyFile); err != nil {
			return server.Config{}, nil, err
		}
	}
	cfg := server.Config{
		BufferPrefix:    o.BufferPrefix,
		MaxContentBytes: o.MaxContentBytes,
		MaxShowBytes:    o.MaxShowBytes,
		MaxReplyBytes:   o.MaxReplyBytes,
		Timeout:         o.Timeout,
		Safety:          tier,
		Version:         Version(),
		AuditKey:        auditKey,
		OwnerPerSession: o.HTTPAddr != "",
		KeepBuffers:     o.KeepBuffers,
		Caller:          o.Caller,
		WaitMax:         o.WaitMax,
		KeepHistory:     o.KeepHistory,
		PromptsAsTools:  o.PromptsAsTools,
	}
	closers := []func(){}
	closeAll := func() {
		for _, c := range closers {
			c()
		}
	}
	switch o.Backend {
	case "fake":
		fake := NewFakeBackend()
		cfg.Tmux, closers = fake, append(closers, fake.Sockets.Close)
	case "control":
		control := &server.ControlDialer{Bin: o.TmuxBin, SocketName: o.SocketName, SocketPath: o.SocketPath, Env: o.TmuxEnv, Timeout: o.Timeout}
		cfg.Tmux, closers = control, append(closers, func() {
			if err := control.Close(); err != nil {
				fmt.Fprintf(stderr, "tmuxbuf-mcp: control mode: %v\n", err)
			}
		})
	default:
		cfg.Tmux = server.ExecDialer{Bin: o.TmuxBin, SocketName: o.SocketName, SocketPath: o.SocketPath, Env: o.TmuxEnv}
	}
	auditTo := stderr
	if o.AuditLog != "" {
		f, err := os.OpenFile(o.AuditLog, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
		if err != nil {
			closeAll()
			return server.Config{}, nil, fmt.Errorf("audit log: %w", err)
		}
		auditTo, closers = f, append(closers, func() { f.Close() })
	}
	cfg.Audit = server.NewAuditLogger(auditTo)
	return cfg, closeAll, nil
}

// cleanupBudget bounds the deletion of the server's own buffers on exit: a
// list-buffers and a chained delete-buffer on each socket, at once on every
// socket, each command within the timeout; so that the process exits within
// about twice the timeout, whatever tmux does.
func cleanupBudget(timeout time.Duration) time.Duration { return 2 * timeout }

// Cleanup is what a server owes on exit: it deletes the server's own
// buffers, unless --keep-buffers, within cleanupBudget.
func (o Options) Cleanup(srv *server.Server) error {
	if o.KeepBuffers {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), cleanupBudget(o.Timeout))
	defer cancel()
	if _, err := srv.Cleanup(ctx); err != nil {
		return fmt.Errorf("deleting this server's buffers: %w", err)
	}
	return nil
}

// Version is the module version the binary was built from: a tag for
// go install …@vX, "(devel)" for a local build.
func Version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}
