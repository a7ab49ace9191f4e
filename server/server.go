package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/internal/lift"
)

// Server is a tmuxbuf MCP server. Serve it with MCP().Run or through an
// mcp.StreamableHTTPHandler; call Cleanup when done.
type Server struct {
	cfg      Config
	names    namer
	payloads *lift.Table // large strings kept out of the go-sdk's way
	owned    registry
	mcp      *mcp.Server
	hidden   map[string]Tier // tools above the safety tier, by name
	calls    sync.WaitGroup  // tool calls under way, which Cleanup waits for
}

// New builds a server from cfg, registering the tools and resources its
// safety tier allows.
func New(cfg Config) (*Server, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	names, err := newNamer(cfg.BufferPrefix)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, names: names, payloads: lift.NewTable(auditHash(cfg.AuditKey)), hidden: map[string]Tier{}}
	s.mcp = mcp.NewServer(&mcp.Implementation{Name: "tmuxbuf", Title: "tmux for agents", Version: cfg.Version},
		&mcp.ServerOptions{CompletionHandler: s.complete, Instructions: instructions(cfg)})
	for _, t := range tools {
		t = t.configured(cfg)
		switch {
		case t.promptTool && !cfg.PromptsAsTools:
			continue
		case t.tier > cfg.Safety:
			s.hidden[t.name] = t.tier
			continue
		}
		s.mcp.AddTool(t.definition(), s.handler(t))
	}
	for _, p := range prompts {
		s.mcp.AddPrompt(p.definition(), p.handler)
	}
	s.addResources()
	s.mcp.AddReceivingMiddleware(s.refuseHiddenTools, s.readResources)
	return s, nil
}

// MCP returns the underlying go-sdk server.
func (s *Server) MCP() *mcp.Server { return s.mcp }

// requestIDKey is where a result's _meta carries the id that the audit log
// records for the call. The go-sdk does not hand tool handlers the JSON-RPC
// id, so the server makes its own.
const requestIDKey = "io.tmuxbuf/request_id"

func (s *Server) handler(t tool) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		s.calls.Add(1)
		defer s.calls.Done()
		started, requestID := time.Now(), newRequestID()
		_, early, out, err := s.call(withRequest(withOwner(ctx, s.owner(req)), req), t, req.Params.Arguments)
		var res *mcp.CallToolResult
		if err == nil {
			res, err = t.successResult(out)
		}
		auditRecord(s.cfg.Audit, t.name, sessionID(req), requestID, s.auditArgs(req.Params.Arguments, t.args, early), started, err)
		if err != nil {
			res = errorResult(err)
		}
		if res.Meta == nil {
			res.Meta = mcp.Meta{}
		}
		res.Meta[requestIDKey] = requestID
		return res, nil
	}
}

// call decodes a call's arguments and runs the tool, while the redaction
// of its large payloads for the audit log goes on beside it (early). A
// panic becomes an error that carries nothing of the panic: it must
// neither stop the server nor carry content to the client or the log.
func (s *Server) call(ctx context.Context, t tool, raw json.RawMessage) (a any, early redactions, out any, err error) {
	defer func() {
		if recover() != nil {
			out, err = nil, &toolError{err: fmt.Errorf("internal error in %s", t.name), errType: "InternalError", unexpected: true}
		}
	}()
	if a, err = t.decode(raw); err != nil {
		return nil, nil, nil, err
	}
	early = s.startRedactions(t.args, a, s.resolvePayloads(t.args, a))
	out, err = t.exec(s, ctx, a)
	if err != nil && t.tier == TierReadonly && !t.selfBounded && transient(err) {
		// As libtmux-mcp retries its read-only tools once: reading twice
		// changes nothing, and a tmux caught between two states (a client
		// that found the server going, a control client that went) may
		// answer the second time.
		select {
		case <-time.After(retryDelay):
			out, err = t.exec(s, ctx, a)
		case <-ctx.Done():
		}
	}
	return a, early, out, err
}

// retryDelay is how long a read-only call waits before its one retry, as
// libtmux-mcp's first backoff.
const retryDelay = 100 * time.Millisecond

// errorResult is a failed call's answer: a tool error, whose text is the
// message and, on a line of its own, what to do about it, and whose _meta
// says what kind of failure it was.
func errorResult(err error) *mcp.CallToolResult {
	meta, suggestion := errorMeta(err)
	text := err.Error()
	if suggestion != "" {
		text += "\n" + suggestion
	}
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: text}}, Meta: meta}
}

// refuseHiddenTools answers a call to a tool above the safety tier with a tool
// error that names the tier, so the caller learns why; only a tool name the
// server has never heard of is a protocol error.
func (s *Server) refuseHiddenTools(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		call, ok := req.(*mcp.CallToolRequest)
		if !ok || method != "tools/call" {
			return next(ctx, method, req)
		}
		need, hidden := s.hidden[call.Params.Name]
		if !hidden {
			return next(ctx, method, req)
		}
		err := refusal(errToolTier(call.Params.Name, need, s.cfg.Safety), "Call a tool of this tier or below, or restart the server at a higher tier.")
		hiddenTool, _ := toolNamed(call.Params.Name)
		auditRecord(s.cfg.Audit, call.Params.Name, sessionID(call), newRequestID(), s.auditArgs(call.Params.Arguments, hiddenTool.args, nil), time.Now(), err)
		return errorResult(err), nil
	}
}

type requestKey struct{}

// withRequest carries the call's request to its tool: a batch calls tools
// in its session, and a wait reports progress on it.
func withRequest(ctx context.Context, req *mcp.CallToolRequest) context.Context {
	return context.WithValue(ctx, requestKey{}, req)
}

// requestOf is the request of the call with ctx, nil for a call that came
// by no request (a test's).
func requestOf(ctx context.Context) *mcp.CallToolRequest {
	req, _ := ctx.Value(requestKey{}).(*mcp.CallToolRequest)
	return req
}

// reportProgress tells the client how a call that takes a while is
// going, when it asked to be told (a progressToken in the request's
// _meta). A client that has gone is no concern of the call's.
func reportProgress(ctx context.Context, progress, total float64, message string) {
	req := requestOf(ctx)
	if req == nil || req.Session == nil || req.Params == nil {
		return
	}
	token := req.Params.GetProgressToken()
	if token == nil {
		return
	}
	_ = req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: token, Progress: progress, Total: total, Message: message})
}

type ownerKey struct{}

func withOwner(ctx context.Context, owner string) context.Context {
	return context.WithValue(ctx, ownerKey{}, owner)
}

// ownerOf is who owns the buffers that the call with ctx makes.
func ownerOf(ctx context.Context) string {
	owner, _ := ctx.Value(ownerKey{}).(string)
	return owner
}

// owner returns who owns the buffers that req makes: its session, with
// Config.OwnerPerSession, else the process. The first time a session calls,
// it arranges for the session's buffers to go when it ends.
func (s *Server) owner(req *mcp.CallToolRequest) string {
	if !s.cfg.OwnerPerSession || req.Session == nil {
		return ""
	}
	owner := req.Session.ID()
	if s.owned.join(owner) {
		go s.endWithSession(req.Session, owner)
	}
	return owner
}

// endWithSession waits for session to end (a DELETE, an idle timeout, a
// broken connection) and deletes its buffers. The go-sdk ends a session only
// once its last call has returned, and serves it no more calls after, so
// nothing can add to them meanwhile.
func (s *Server) endWithSession(session *mcp.ServerSession, owner string) {
	session.Wait()
	defer s.owned.leave(owner)
	if s.cfg.KeepBuffers {
		return
	}
	for socket, names := range s.owned.ofOwner(owner) {
		// Straight to delete-buffer, without the list-buffers that Cleanup
		// runs first: a session has few buffers, and thousands of sessions
		// ending would each list every buffer of tmux.
		_, err := s.deleteChained(context.Background(), socket, names)
		for _, name := range names {
			s.owned.remove(socket, name)
			if err != nil {
				// tmux did not answer in time: the process keeps them,
				// so that its exit clean-up tries again.
				s.owned.add("", socket, name)
			}
		}
	}
}

func sessionID(req *mcp.CallToolRequest) string {
	if req.Session == nil {
		return ""
	}
	return req.Session.ID()
}

func newRequestID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// tmux runs one tmux command line on the server for socket within the
// configured timeout, and returns its standard output. A line that changes
// tmux's state runs behind a permit (see permit.go): when the call is cut
// short, its error says whether the line may still run.
func (s *Server) tmux(ctx context.Context, socket string, stdin io.Reader, args ...string) ([]byte, error) {
	return s.tmuxOn(ctx, s.cfg.Tmux.Dial(socket), socket, stdin, args...)
}

// tmuxOn is tmux on the tmux server t, which socket names in errors.
func (s *Server) tmuxOn(ctx context.Context, t Tmux, socket string, stdin io.Reader, args ...string) ([]byte, error) {
	return s.tmuxWithin(ctx, s.cfg.Timeout, t, socket, stdin, args...)
}

// tmuxWithin is tmuxOn with timeout for the configured one: for a
// command that waits (wait-for) as long as its caller asked.
func (s *Server) tmuxWithin(ctx context.Context, timeout time.Duration, t Tmux, socket string, stdin io.Reader, args ...string) ([]byte, error) {
	var stdout bytes.Buffer
	return s.tmuxInto(ctx, timeout, t, socket, stdin, &stdout, args...)
}

// tmuxInto is tmuxWithin writing tmux's standard output to stdout, after
// what it already holds, and returning all of stdout's bytes.
func (s *Server) tmuxInto(ctx context.Context, timeout time.Duration, t Tmux, socket string, stdin io.Reader, stdout *bytes.Buffer, args ...string) ([]byte, error) {
	runCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	line, p, err := gateCommands(runCtx, args, stdin)
	if err != nil {
		return nil, err
	}
	if p != nil {
		stdin = p
	} else if err := refuseShellFormats(args); err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	var code int
	switch t := t.(type) {
	case Backend:
		code, err = t.RunBackend(runCtx, line, stdin, stdout, &stderr)
	default:
		code = t.Run(runCtx, line, stdin, stdout, &stderr)
	}
	if runCtx.Err() != nil {
		cut := &tmuxError{command: args[0], socket: socket, cancelled: ctx.Err() != nil, fate: fateNone}
		if !cut.cancelled {
			cut.timedOut = timeout
		}
		if p != nil {
			cut.fate = fateWithdrawn
			if p.withdraw() {
				cut.fate = fateUnderWay
			}
		}
		return nil, cut
	}
	switch {
	case err != nil:
		return nil, &tmuxError{command: args[0], socket: socket, backend: err}
	case code != 0:
		return nil, &tmuxError{command: args[0], socket: socket, exit: code, stderr: stderr.String()}
	}
	return stdout.Bytes(), nil
}

// Cleanup deletes the buffers this server made and that still exist, on every
// socket it used, and no others. It returns how many it deleted. Call it once
// serving has stopped: it first waits, as long as ctx allows, for the calls
// still under way, so that a load finishing late leaves no buffer behind.
// It works on every socket at once, so that a hung tmux server delays the
// others by nothing and clean-up takes about two tmux timeouts at most.
func (s *Server) Cleanup(ctx context.Context) (int, error) {
	finished := make(chan struct{})
	go func() { s.calls.Wait(); close(finished) }()
	select {
	case <-finished:
	case <-ctx.Done():
	}
	var (
		mu      sync.Mutex
		deleted int
		errs    []error
		sockets sync.WaitGroup
	)
	for socket, names := range s.owned.snapshot() {
		sockets.Go(func() {
			n, err := s.deleteOwned(ctx, socket, names)
			mu.Lock()
			defer mu.Unlock()
			deleted += n
			if err != nil {
				errs = append(errs, err)
			}
		})
	}
	sockets.Wait()
	return deleted, errors.Join(errs...)
}

// chainBudget bounds the argv of one chained delete-buffer command line,
// well inside the 16 KiB that tmux's client lets one command message carry.
const chainBudget = 8 << 10

// deleteOwned deletes those of names that still exist on socket and forgets
// them all. One list-buffers finds which exist, and they go many to a tmux
// command line (delete-buffer -b A ; delete-buffer -b B ; ...): a server
// with hundreds of buffers exits in a few tmux calls rather than hundreds.
func (s *Server) deleteOwned(ctx context.Context, socket string, names []string) (int, error) {
	defer func() {
		for _, name := range names {
			s.owned.remove(socket, name)
		}
	}()
	out, err := s.tmux(ctx, socket, nil, "list-buffers", "-F", "#{buffer_name}")
	if err != nil {
		if isGone(err) {
			return 0, nil // no tmux server: its buffers went with it
		}
		return 0, err
	}
	existing := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		existing[line] = true
	}
	return s.deleteChained(ctx, socket, slices.DeleteFunc(slices.Clone(names), func(name string) bool { return !existing[name] }))
}

// deleteChained deletes names, many to a tmux command line. A name that no
// longer exists only costs a retry of the rest of its line.
func (s *Server) deleteChained(ctx context.Context, socket string, names []string) (int, error) {
	deleted := 0
	for _, batch := range chains(names) {
		for len(batch) > 0 {
			args := make([]string, 0, 4*len(batch))
			for _, name := range batch {
				args = append(args, "delete-buffer", "-b", name, ";")
			}
			_, err := s.tmux(ctx, socket, nil, args[:len(args)-1]...)
			if err == nil {
				deleted += len(batch)
				break
			}
			// A buffer deleted meanwhile fails its command, and tmux skips
			// the rest of the line: those before it went, so go on after it.
			k := failedDelete(err, batch)
			if k < 0 {
				if isGone(err) {
					return deleted, nil // the tmux server exited meanwhile
				}
				return deleted, err
			}
			deleted += k
			batch = batch[k+1:]
		}
	}
	return deleted, nil
}

// failedDelete is the index in batch of the buffer that a chained
// delete-buffer failed on, by tmux's "unknown buffer: NAME", or -1.
func failedDelete(err error, batch []string) int {
	var te *tmuxError
	if !errors.As(err, &te) {
		return -1
	}
	line, _, _ := strings.Cut(te.stderr, "\n")
	name, ok := strings.CutPrefix(line, "unknown buffer: ")
	if !ok {
		return -1
	}
	return slices.Index(batch, name)
}

// chains groups names into command lines within chainBudget.
func chains(names []string) [][]string {
	var out [][]string
	var batch []string
	size := 0
	for _, name := range names {
		n := len("delete-buffer") + len("-b") + len(name) + len(";") + 4 // each argument's NUL
		if size+n > chainBudget && len(batch) > 0 {
			out = append(out, batch)
			batch, size = nil, 0
		}
		batch = append(batch, name)
		size += n
	}
	if len(batch) > 0 {
		out = append(out, batch)
	}
	return out
}

// isGone reports whether err is tmux saying that what was asked for no
// longer exists: the buffer, or the whole server.
func isGone(err error) bool {
	var te *tmuxError
	if !errors.As(err, &te) {
		return false
	}
	failure := te.failure()
	return failure == noServer || failure == noBuffer
}
