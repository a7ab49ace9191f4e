package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"time"

	"github.com/tmuxbuf/tmuxbuf/server"
)

var errHelp = flag.ErrHelp

// maxMaxContentBytes bounds --max-content-bytes: 1 GiB, far beyond any paste.
const maxMaxContentBytes = 1 << 30

// options is the command line and environment, resolved: a flag wins over its
// environment variable, which wins over the default.
type options struct {
	tmuxBin, socketName, socketPath string
	backend                         string
	httpAddr, httpTokenFile         string
	httpAllowRemote, httpNoAuth     bool
	httpSessionTimeout              time.Duration
	auditLog, auditKeyFile          string
	bufferPrefix                    string
	maxContentBytes, maxShowBytes   int
	maxReplyBytes                   int
	timeout                         time.Duration
	keepBuffers                     bool
	safety                          string
	version                         bool
}

func parseOptions(argv []string, getenv func(string) string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("tmuxbuf-mcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.tmuxBin, "tmux-bin", envOr(getenv, "LIBTMUX_TMUX_BIN", "tmux"), "tmux binary (env LIBTMUX_TMUX_BIN)")
	fs.StringVar(&o.socketName, "socket-name", "", "tmux socket name, as tmux -L (env LIBTMUX_SOCKET)")
	fs.StringVar(&o.socketPath, "socket-path", "", "tmux socket path, as tmux -S, which wins over a socket name (env LIBTMUX_SOCKET_PATH)")
	fs.StringVar(&o.backend, "backend", envOr(getenv, "TMUXBUF_BACKEND", "exec"), "exec: run the tmux binary for each command; control: one persistent tmux -C client per tmux server, far faster; fake: the in-process emulator, no tmux needed (env TMUXBUF_BACKEND)")
	fs.StringVar(&o.httpAddr, "http", "", "serve Streamable HTTP at http://ADDR/mcp instead of stdio; loopback addresses only unless --http-allow-remote")
	fs.StringVar(&o.httpTokenFile, "http-token-file", "", "file holding the bearer token HTTP clients must send (or env TMUXBUF_HTTP_TOKEN; given neither, the server makes one and says where)")
	fs.BoolVar(&o.httpAllowRemote, "http-allow-remote", false, "let --http listen on a non-loopback address")
	fs.BoolVar(&o.httpNoAuth, "http-no-auth", false, "serve --http without a bearer token: any local process could then paste into your terminals")
	fs.DurationVar(&o.httpSessionTimeout, "http-session-timeout", defaultHTTPSessionTimeout, "end an HTTP session idle this long, deleting its buffers")
	fs.StringVar(&o.auditLog, "audit-log", "", "append the audit log (JSON lines) to this file instead of stderr")
	fs.StringVar(&o.auditKeyFile, "audit-key-file", "", "file holding the key of the audit log's content digests, to match them across runs; private to you, at least 32 bytes (default: a random key for each run)")
	fs.StringVar(&o.bufferPrefix, "buffer-prefix", server.DefaultBufferPrefix, "prefix of the buffer names this server makes")
	fs.IntVar(&o.maxContentBytes, "max-content-bytes", server.DefaultMaxContentBytes, "largest content load_buffer accepts, in bytes")
	fs.IntVar(&o.maxShowBytes, "max-show-bytes", 0, "largest content show_buffer returns, in bytes (default: --max-content-bytes)")
	fs.IntVar(&o.maxReplyBytes, "max-reply-bytes", server.DefaultMaxReplyBytes, "largest show_buffer reply, in bytes of the whole JSON-RPC message as sent (the official TypeScript MCP client drops its connection over 10 MiB)")
	fs.DurationVar(&o.timeout, "timeout", server.DefaultTimeout, "how long one tmux command may take")
	fs.BoolVar(&o.keepBuffers, "keep-buffers", false, "do not delete this server's buffers on exit, nor an HTTP session's when it ends")
	fs.StringVar(&o.safety, "safety", envOr(getenv, "LIBTMUX_SAFETY", "mutating"), "readonly, mutating or destructive: tools above the tier are not offered (env LIBTMUX_SAFETY)")
	fs.BoolVar(&o.version, "version", false, "print the version and exit")
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
		o.socketName, o.socketPath = getenv("LIBTMUX_SOCKET"), getenv("LIBTMUX_SOCKET_PATH")
	}
	if o.socketPath != "" {
		o.socketName = ""
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected argument %q; see -help", fs.Arg(0))
	}
	if o.backend != "exec" && o.backend != "control" && o.backend != "fake" {
		return o, fmt.Errorf("unknown backend %q: want exec, control or fake", o.backend)
	}
	if o.maxContentBytes <= 0 || o.maxShowBytes < 0 || o.timeout <= 0 || o.httpSessionTimeout <= 0 {
		return o, errors.New("--max-content-bytes, --timeout and --http-session-timeout must be positive, --max-show-bytes not negative")
	}
	if o.maxContentBytes > maxMaxContentBytes {
		// Beyond, the request size that JSON escaping allows (maxFrame) would overflow.
		return o, fmt.Errorf("--max-content-bytes may be %d at most", maxMaxContentBytes)
	}
	if o.maxReplyBytes < server.MinMaxReplyBytes {
		return o, fmt.Errorf("--max-reply-bytes must be at least %d", server.MinMaxReplyBytes)
	}
	return o, checkHTTPAuth(o)
}

func envOr(getenv func(string) string, key, def string) string {
	if v := getenv(key); v != "" {
		return v
	}
	return def
}

// serverConfig builds the server's configuration; the returned func releases
// what it opened: the audit log file, the fake backend's servers, the
// control backend's clients.
func (o options) serverConfig(stderr io.Writer) (server.Config, func(), error) {
	tier, err := server.ParseTier(o.safety)
	if err != nil {
		return server.Config{}, nil, err
	}
	var auditKey []byte // nil: a random key for this run
	if o.auditKeyFile != "" {
		if auditKey, err = server.ReadAuditKey(o.auditKeyFile); err != nil {
			return server.Config{}, nil, err
		}
	}
	cfg := server.Config{
		BufferPrefix:    o.bufferPrefix,
		MaxContentBytes: o.maxContentBytes,
		MaxShowBytes:    o.maxShowBytes,
		MaxReplyBytes:   o.maxReplyBytes,
		Timeout:         o.timeout,
		Safety:          tier,
		Version:         version(),
		AuditKey:        auditKey,
		OwnerPerSession: o.httpAddr != "",
		KeepBuffers:     o.keepBuffers,
	}
	closers := []func(){}
	closeAll := func() {
		for _, c := range closers {
			c()
		}
	}
	switch o.backend {
	case "fake":
		fake := &fakeDialer{}
		cfg.Tmux, closers = fake, append(closers, fake.Close)
	case "control":
		control := &server.ControlDialer{Bin: o.tmuxBin, SocketName: o.socketName, SocketPath: o.socketPath, Timeout: o.timeout}
		cfg.Tmux, closers = control, append(closers, func() {
			if err := control.Close(); err != nil {
				fmt.Fprintf(stderr, "tmuxbuf-mcp: control mode: %v\n", err)
			}
		})
	default:
		cfg.Tmux = server.ExecDialer{Bin: o.tmuxBin, SocketName: o.socketName, SocketPath: o.socketPath}
	}
	auditTo := stderr
	if o.auditLog != "" {
		f, err := os.OpenFile(o.auditLog, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
		if err != nil {
			closeAll()
			return server.Config{}, nil, fmt.Errorf("audit log: %w", err)
		}
		auditTo, closers = f, append(closers, func() { f.Close() })
	}
	cfg.Audit = server.NewAuditLogger(auditTo)
	return cfg, closeAll, nil
}

// version is the module version the binary was built from: a tag for
// go install …@vX, "(devel)" for a local build.
func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}
