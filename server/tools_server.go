package server

import (
	"context"
	"errors"
	"maps"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tmuxbuf/tmuxbuf/internal/argspec"
)

// The server tools: list_sessions, list_servers, get_server_info,
// create_session and kill_server.

var serverTools = []tool{
	newTool(tool{
		name:  "list_sessions",
		title: "List tmux Sessions",
		desc: "List the tmux sessions (terminal workspaces) of a tmux server: where discovery starts, before targeting " +
			"a session, window or pane. filters keeps the sessions whose tmux format variables match, e.g. " +
			`{"session_name__contains": "dev"}.`,
		tier:        TierReadonly,
		annotations: annReadOnly,
	}, (*Server).listSessions),
	newTool(tool{
		name:  "list_servers",
		title: "List tmux Servers",
		desc: "Find the live tmux servers of this user: the sockets in tmux's socket directory " +
			"(${TMUX_TMPDIR:-/tmp}/tmux-UID) that a server answers on, and any socket paths given. Starts no server.",
		tier:        TierReadonly,
		annotations: annReadOnly,
	}, (*Server).listServers),
	newTool(tool{
		name:        "create_session",
		title:       "Create tmux Session",
		desc:        "Create a tmux session, with one window and one pane, detached. environment goes into the session's environment, which its later panes inherit too.",
		tier:        TierMutating,
		annotations: annCreate,
	}, (*Server).createSession),
	newTool(tool{
		name:  "kill_server",
		title: "Kill tmux Server",
		desc: "Kill a tmux server, with all its sessions, windows and panes. Refused for the tmux server this MCP server runs in. " +
			"Use kill_session for one session.",
		tier:        TierDestructive,
		annotations: annDestructive,
	}, (*Server).killServer),
	newTool(tool{
		name:        "get_server_info",
		title:       "Get tmux Server Info",
		desc:        "Say whether a tmux server runs on the socket, and its socket path, session count and tmux version.",
		tier:        TierReadonly,
		annotations: annReadOnly,
	}, (*Server).getServerInfo),
}

// filtersArg is the filters argument of the list tools.
type filtersArg struct {
	Filters argspec.FlexMap `json:"filters" default:"null" desc:"Keep the objects whose tmux format variables match: {\"VARIABLE__OP\": \"value\"}, OP one of exact, iexact, contains, icontains, startswith, istartswith, endswith, iendswith, in, nin, regex, iregex (exact without one). A JSON object, or the same as a JSON string."`
}

type listSessionsArgs struct {
	onSocket
	filtersArg
}

func (s *Server) listSessions(ctx context.Context, a listSessionsArgs) ([]sessionInfo, error) {
	socket, err := a.socket()
	if err != nil {
		return nil, err
	}
	return listRecords[sessionInfo](ctx, s, socket, a.Filters, "list-sessions")
}

type serverInfoArgs struct{ onSocket }

func (s *Server) getServerInfo(ctx context.Context, a serverInfoArgs) (serverInfo, error) {
	socket, err := a.socket()
	if err != nil {
		return serverInfo{}, err
	}
	return s.serverInfo(ctx, socket, s.cfg.Tmux.Dial(socket))
}

// serverInfo asks the tmux server t, reached by the socket name socket
// ("" for the configured socket or a path), about itself, in one command
// line that starts no server.
func (s *Server) serverInfo(ctx context.Context, socket string, t Tmux) (serverInfo, error) {
	var info serverInfo
	if socket != "" {
		info.SocketName = &socket
	}
	// tmux 3.3a has no variable of the session count: the sessions' ids
	// are listed, one a line.
	out, err := s.tmuxOn(ctx, t, socket, nil, "display-message", "-p", "#{socket_path}"+fieldMark+"#{version}", ";",
		"list-sessions", "-F", "#{session_id}")
	var te *tmuxError
	if errors.As(err, &te) && te.failure() == noServer {
		return info, nil
	}
	if err != nil {
		return serverInfo{}, err
	}
	first, sessions, _ := strings.Cut(string(out), "\n")
	fields := strings.Split(first, fieldMark)
	if len(fields) != 2 {
		return serverInfo{}, errors.New("tmux display-message printed something else than the socket path and the version")
	}
	info.IsAlive, info.SocketPath, info.Version = true, &fields[0], &fields[1]
	info.SessionCount = int64(strings.Count(sessions, "\n"))
	if info.SocketName == nil {
		info.SocketName = socketNameOf(fields[0])
	}
	return info, nil
}

// socketNameOf is the name tmux -L gives the socket at path, when it is one
// of tmux's socket directory (tmux-UID); nil for a socket elsewhere.
func socketNameOf(path string) *string {
	if !strings.HasPrefix(filepath.Base(filepath.Dir(path)), "tmux-") {
		return nil
	}
	name := filepath.Base(path)
	return &name
}

type listServersArgs struct {
	ExtraSocketPaths []string `json:"extra_socket_paths" default:"null" desc:"Socket paths (tmux -S) to probe as well, for servers outside tmux's socket directory. Paths with no server answering are left out."`
}

// probeTimeout bounds the connect that tells a live socket from a stale
// one: the kernel answers a connect at once, alive or not.
const probeTimeout = 100 * time.Millisecond

// listServers probes each socket with a connect, which starts nothing and
// costs the kernel alone (a socket directory may hold thousands of stale
// sockets), then asks each live one about itself, all at once: a hung
// server costs the call one timeout, not one each.
func (s *Server) listServers(ctx context.Context, a listServersArgs) ([]serverInfo, error) {
	finder, ok := s.cfg.Tmux.(ServerFinder)
	if !ok {
		return nil, errors.New("this backend cannot list tmux servers")
	}
	type probe struct {
		socket string // by name, "" for a path
		t      Tmux
	}
	var probes []probe
	for _, name := range finder.LiveSockets() {
		probes = append(probes, probe{name, s.cfg.Tmux.Dial(name)})
	}
	for _, path := range a.ExtraSocketPaths {
		if t, ok := finder.DialPath(path); ok {
			probes = append(probes, probe{"", t})
		}
	}
	infos := make([]*serverInfo, len(probes))
	var wg sync.WaitGroup
	for i, p := range probes {
		wg.Go(func() {
			info, err := s.serverInfo(ctx, p.socket, p.t)
			if err == nil && info.IsAlive {
				if p.socket == "" {
					info.SocketName = nil
				}
				infos[i] = &info
			}
		})
	}
	wg.Wait()
	out := []serverInfo{}
	for _, info := range infos {
		if info != nil {
			out = append(out, *info)
		}
	}
	return out, nil
}

// ServerFinder is a Dialer that can find the tmux servers that run, for
// list_servers.
type ServerFinder interface {
	// LiveSockets are the names of the sockets in tmux's socket directory
	// that a server answers on, in order.
	LiveSockets() []string
	// DialPath is the tmux server on the socket at path (tmux -S), if a
	// server answers there.
	DialPath(path string) (Tmux, bool)
}

// liveSockets lists the sockets of tmux's socket directory, as tmux makes
// it from env (TMUX_TMPDIR, else /tmp), that a server answers on.
func liveSockets(env []string) []string {
	dir := socketDir(env)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var live []string
	for _, e := range entries {
		if e.Type()&os.ModeSocket != 0 && answers(filepath.Join(dir, e.Name())) {
			live = append(live, e.Name())
		}
	}
	return live
}

// socketDir is tmux's socket directory, as tmux makes it from env
// (TMUX_TMPDIR, else /tmp); nil env means this process's.
func socketDir(env []string) string {
	if env == nil {
		env = os.Environ()
	}
	dir := "/tmp"
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "TMUX_TMPDIR="); ok && v != "" {
			dir = v
		}
	}
	return filepath.Join(dir, "tmux-"+strconv.Itoa(os.Geteuid()))
}

// socketOf is the socket that tmux's global flags select, with env.
func socketOf(global, env []string) string {
	name := "default"
	for i := 0; i+1 < len(global); i++ {
		switch global[i] {
		case "-S":
			return global[i+1]
		case "-L":
			name = global[i+1]
		}
	}
	return filepath.Join(socketDir(env), name)
}

// answers reports whether a server accepts connections on the socket at
// path: a stale socket refuses at once.
func answers(path string) bool {
	if info, err := os.Stat(path); err != nil || info.Mode()&os.ModeSocket == 0 {
		return false
	}
	conn, err := net.DialTimeout("unix", path, probeTimeout)
	if err != nil {
		return false
	}
	conn.Close()
	return true
}

type createSessionArgs struct {
	SessionName    *string `json:"session_name" desc:"Its name, taken as it is; tmux numbers it without one."`
	WindowName     *string `json:"window_name" desc:"The name of its first window, taken as it is."`
	StartDirectory *string `json:"start_directory" desc:"The working directory of its first pane and later ones (~ is the home directory; tmux formats such as #{pane_current_path} are expanded)."`
	X              *int64  `json:"x" desc:"Width of its window, in columns."`
	Y              *int64  `json:"y" desc:"Height of its window, in rows."`
	spawnEnvironment
	onSocket
}

func (s *Server) createSession(ctx context.Context, a createSessionArgs) (sessionInfo, error) {
	socket, err := a.socket()
	if err != nil {
		return sessionInfo{}, err
	}
	cmd := []string{"new-session", "-d", "-P", "-F", recordFormat[sessionInfo]()}
	if a.SessionName != nil {
		if err := checkSessionName("session_name", *a.SessionName); err != nil {
			return sessionInfo{}, err
		}
		cmd = append(cmd, "-s", literal(noFormat(*a.SessionName)))
	}
	if a.WindowName != nil {
		cmd = append(cmd, "-n", literal(noFormat(*a.WindowName)))
	}
	if a.StartDirectory != nil && *a.StartDirectory != "" {
		cmd = append(cmd, "-c", literal(expandHome(*a.StartDirectory)))
	}
	for flag, size := range map[string]*int64{"-x": a.X, "-y": a.Y} {
		if size != nil {
			if *size < 1 {
				return sessionInfo{}, validationError(errors.New("x and y must be at least 1"))
			}
			cmd = append(cmd, flag, strconv.FormatInt(*size, 10))
		}
	}
	env, err := a.flags(true)
	if err != nil {
		return sessionInfo{}, err
	}
	out, err := s.tmux(ctx, socket, nil, append(cmd, env...)...)
	if err != nil {
		return sessionInfo{}, err
	}
	return oneRecord[sessionInfo](out)
}

// oneRecord is the one record a command printed.
func oneRecord[T any](out []byte) (T, error) {
	records, err := parseRecords[T](out)
	if err == nil && len(records) != 1 {
		err = errors.New("tmux printed " + strconv.Itoa(len(records)) + " records where one was due")
	}
	if err != nil {
		var zero T
		return zero, err
	}
	return records[0], nil
}

type killServerArgs struct{ onSocket }

func (s *Server) killServer(ctx context.Context, a killServerArgs) (string, error) {
	socket, err := a.socket()
	if err != nil {
		return "", err
	}
	switch here, err := s.callerOn(ctx, socket); {
	case err != nil:
		return "", err
	case here != nil && here.onServer:
		return "", refuseSelf("kill the tmux server")
	}
	if _, err := s.tmux(ctx, socket, nil, "kill-server"); err != nil {
		return "", err
	}
	return "Server killed successfully", nil
}

// spawnEnvironment is the environment of a new pane's process, and the
// shell-history controls, of create_session, create_window, split_window
// and respawn_pane.
type spawnEnvironment struct {
	Environment               argspec.FlexMap `json:"environment" default:"null" payload:"true" desc:"Environment variables for the new process, {\"NAME\": \"value\"}, a JSON object or the same as a JSON string. They go to tmux as -e NAME=value (in argv on the exec backend), and tmux keeps them; pass references to secrets, not secrets. The audit log records only each value's length and digest."`
	SuppressPersistentHistory bool            `json:"suppress_persistent_history" default:"false" desc:"Keep the new shell from saving its history: HISTFILE and fish_history empty, fish_private_mode 1, and ignorespace in HISTCONTROL. Best effort: a shell's startup files may undo it."`
}

// historyControls are the variables that keep a shell's history off disk,
// as libtmux-mcp sets them, with what to do about a conflicting value.
var historyControls = map[string]struct{ value, fix string }{
	"HISTFILE":          {"", "omit it or set it to an empty string"},
	"fish_history":      {"", "omit it or set it to an empty string"},
	"fish_private_mode": {"1", "omit it or set it to '1'"},
}

// flags are the -e flags of the environment, with the history controls
// merged in when asked for. No value is quoted in an error.
func (e spawnEnvironment) flags(history bool) ([]string, error) {
	env := maps.Clone(map[string]string(e.Environment))
	if env == nil {
		env = map[string]string{}
	}
	for name := range env {
		if name == "" || strings.ContainsAny(name, "=\x00") {
			return nil, validationError(errors.New("environment names must be non-empty, without '=' or NUL"))
		}
	}
	if history && e.SuppressPersistentHistory {
		for name, c := range historyControls {
			if v, ok := env[name]; ok && v != c.value {
				return nil, refusal(errors.New("environment variable "+name+" conflicts with suppress_persistent_history=true; "+c.fix), "")
			}
			env[name] = c.value
		}
		var tokens []string
		for t := range strings.SplitSeq(env["HISTCONTROL"], ":") {
			if t != "" {
				tokens = append(tokens, t)
			}
		}
		if !slices.Contains(tokens, "ignorespace") && !slices.Contains(tokens, "ignoreboth") {
			tokens = append(tokens, "ignorespace")
		}
		env["HISTCONTROL"] = strings.Join(tokens, ":")
	}
	var flags []string
	for _, name := range slices.Sorted(maps.Keys(env)) {
		flags = append(flags, "-e", literal(name+"="+env[name]))
	}
	return flags, nil
}
