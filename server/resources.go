package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The resources: libtmux-mcp's six tmux:// resource templates, which show
// the tmux hierarchy as JSON and a pane's screen as text, each read with
// one tmux command line. They read, so they are of the readonly tier, and
// a read goes through the same tiers and the same audit log as a tool call
// (libtmux-mcp's bypass both); a pane's screen keeps within the reply
// bound as show_buffer does.
//
// URIs are read as libtmux-mcp's server (FastMCP) reads them: a path
// segment is percent-decoded where it can be and taken as it is where it
// cannot, and a query parameter other than socket_name is ignored. So
// tmux://panes/%1 names pane %1, as tmux://panes/%251 does (FastMCP reads
// tmux://panes/%12 as "\x12"; here it is pane %12). The go-sdk matches a
// URI against the templates by RFC 6570, which refuses a bare '%' and most
// punctuation, so a read's URI is first rewritten to its canonical form,
// every segment percent-encoded, before the go-sdk looks at it.

// A resource is one resource template.
type resource struct {
	name, title, desc string
	uriTemplate       string
	mimeType          string
	tier              Tier
	read              func(s *Server, ctx context.Context, p resourceParams) (string, error)
}

// resourceParams are the values a URI gave a template's variables, and
// the URI as the client sent it.
type resourceParams struct {
	uri         string
	socket      string
	sessionName string
	windowIndex string
	paneID      string
}

const (
	mimeJSON = "application/json"
	mimeText = "text/plain"
)

// cacheScope is the cache scope of every read: what a user's tmux holds
// is for that user's client alone.
const cacheScope = "private"

var resources = []resource{
	{name: "get_sessions", title: "All Sessions", mimeType: mimeJSON, tier: TierReadonly,
		uriTemplate: "tmux://sessions{?socket_name}",
		desc:        "Every tmux session, as list_sessions gives them.",
		read:        (*Server).readSessions},
	{name: "get_session", title: "Session Detail", mimeType: mimeJSON, tier: TierReadonly,
		uriTemplate: "tmux://sessions/{session_name}{?socket_name}",
		desc:        "A tmux session, by name, with its windows under \"windows\".",
		read:        (*Server).readSession},
	{name: "get_session_windows", title: "Session Windows", mimeType: mimeJSON, tier: TierReadonly,
		uriTemplate: "tmux://sessions/{session_name}/windows{?socket_name}",
		desc:        "The windows of a tmux session, by name.",
		read:        (*Server).readSessionWindows},
	{name: "get_window", title: "Window Detail", mimeType: mimeJSON, tier: TierReadonly,
		uriTemplate: "tmux://sessions/{session_name}/windows/{window_index}{?socket_name}",
		desc:        "A window of a tmux session, by index, with its panes under \"panes\".",
		read:        (*Server).readWindow},
	{name: "get_pane", title: "Pane Detail", mimeType: mimeJSON, tier: TierReadonly,
		uriTemplate: "tmux://panes/{pane_id}{?socket_name}",
		desc:        "A tmux pane, by ID (%1, or %251 percent-encoded).",
		read:        (*Server).readPane},
	{name: "get_pane_content", title: "Pane Content", mimeType: mimeText, tier: TierReadonly,
		uriTemplate: "tmux://panes/{pane_id}/content{?socket_name}",
		desc: "What a tmux pane shows (its visible screen, as capture-pane -p prints it, without its trailing blank lines). " +
			"A screen too large for one reply keeps its last lines, after a line saying how many were cut.",
		read: (*Server).readPaneContent},
}

// template is what the resource advertises.
func (r resource) template() *mcp.ResourceTemplate {
	return &mcp.ResourceTemplate{Name: r.name, Title: r.title, Description: r.desc, MIMEType: r.mimeType, URITemplate: r.uriTemplate}
}

// addResources registers the resources that the safety tier allows (all of
// them: they read).
func (s *Server) addResources() {
	for _, r := range resources {
		if r.tier <= s.cfg.Safety {
			s.mcp.AddResourceTemplate(r.template(), s.resourceHandler(r))
		}
	}
}

// resourceRead is what the middleware learnt of a read, for its handler.
type resourceRead struct {
	params    resourceParams
	requestID string // as the audit log has it
}

type resourceReadKey struct{}

// resourceHandler reads resource r for the go-sdk, which has matched the
// URI (the canonical one) to r's template.
func (s *Server) resourceHandler(r resource) mcp.ResourceHandler {
	return func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		read, ok := ctx.Value(resourceReadKey{}).(*resourceRead)
		if !ok {
			// Not through the middleware: the URI is the client's own.
			_, p, err := parseResourceURI(req.Params.URI)
			if err != nil {
				return nil, err
			}
			read = &resourceRead{params: p, requestID: newRequestID()}
		}
		s.calls.Add(1)
		defer s.calls.Done()
		text, err := r.read(s, ctx, read.params)
		if err != nil && transient(err) {
			// As a read-only tool does: reading twice changes nothing.
			select {
			case <-time.After(retryDelay):
				text, err = r.read(s, ctx, read.params)
			case <-ctx.Done():
			}
		}
		if err != nil {
			return nil, resourceError(err, read.params.uri)
		}
		res := &mcp.ReadResourceResult{
			Meta:      mcp.Meta{requestIDKey: read.requestID},
			Cacheable: mcp.Cacheable{CacheScope: cacheScope},
			Contents:  []*mcp.ResourceContents{{URI: read.params.uri, MIMEType: r.mimeType, Text: text}},
		}
		if err := s.checkResourceReply(res); err != nil {
			return nil, err
		}
		return res, nil
	}
}

// readResources is the middleware of resources/read: it puts the read
// through the safety tier and into the audit log, as a tool call is, and
// gives the go-sdk the canonical URI to match.
func (s *Server) readResources(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		rr, ok := req.(*mcp.ReadResourceRequest)
		if !ok || method != "resources/read" || rr.Params == nil {
			return next(ctx, method, req)
		}
		started, requestID := time.Now(), newRequestID()
		uri := rr.Params.URI
		r, params, err := parseResourceURI(uri)
		var res mcp.Result
		switch {
		case err != nil:
		case r.tier > s.cfg.Safety:
			err = &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: fmt.Sprintf(
				"resource %s needs safety tier %q, and this server runs at %q (set --safety or LIBTMUX_SAFETY)", r.name, r.tier, s.cfg.Safety)}
		default:
			canonical := *rr
			p := *rr.Params
			p.URI = params.canonicalURI(r)
			canonical.Params = &p
			res, err = next(context.WithValue(ctx, resourceReadKey{}, &resourceRead{params: params, requestID: requestID}), method, &canonical)
		}
		auditResource(s.cfg.Audit, r.name, uri, sessionOf(rr), requestID, started, err)
		return res, err
	}
}

func sessionOf(req *mcp.ReadResourceRequest) string {
	if req.Session == nil {
		return ""
	}
	return req.Session.ID()
}

// auditResource writes the one record of a resource read: as a tool
// call's, with the resource's name and the URI read in place of the tool
// and its arguments.
func auditResource(log *slog.Logger, name, uri, sessionID, requestID string, started time.Time, err error) {
	outcome, level := "ok", slog.LevelInfo
	attrs := []slog.Attr{
		slog.String("resource", name),
		slog.String("uri", shorten(uri, 256)),
		slog.String("session_id", sessionID),
		slog.String("request_id", requestID),
		slog.Float64("duration_ms", float64(time.Since(started).Microseconds())/1000),
	}
	if err != nil {
		outcome, level = "error", slog.LevelWarn
		attrs = append(attrs, slog.String("error", err.Error()))
	}
	attrs = append(attrs, slog.String("outcome", outcome))
	log.LogAttrs(context.Background(), level, "resource read", attrs...)
}

// parseResourceURI finds the resource a URI names, and its values.
func parseResourceURI(uri string) (resource, resourceParams, error) {
	p := resourceParams{uri: uri}
	rest, ok := strings.CutPrefix(uri, "tmux://")
	if !ok {
		return resource{}, p, mcp.ResourceNotFoundError(uri)
	}
	path, query, _ := strings.Cut(rest, "?")
	if query != "" {
		values, err := url.ParseQuery(query)
		if err != nil {
			return resource{}, p, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "the URI's query is not one of name=value pairs, percent-encoded"}
		}
		if socket := values.Get("socket_name"); socket != "" {
			if !validSocketName(socket) {
				return resource{}, p, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "socket_name must be a tmux socket name (tmux -L): one name, not . or .., without '/' or control characters"}
			}
			p.socket = socket
		}
	}
	seg := strings.Split(path, "/")
	name := ""
	switch {
	case len(seg) == 1 && seg[0] == "sessions":
		name = "get_sessions"
	case len(seg) >= 2 && seg[0] == "sessions" && seg[1] != "":
		p.sessionName = unescapeSegment(seg[1])
		switch {
		case len(seg) == 2:
			name = "get_session"
		case len(seg) == 3 && seg[2] == "windows":
			name = "get_session_windows"
		case len(seg) == 4 && seg[2] == "windows" && seg[3] != "":
			name = "get_window"
			p.windowIndex = unescapeSegment(seg[3])
		}
	case len(seg) >= 2 && seg[0] == "panes" && seg[1] != "":
		p.paneID = unescapeSegment(seg[1])
		if checkID("pane_id", '%', p.paneID) != nil && checkID("pane_id", '%', seg[1]) == nil {
			p.paneID = seg[1] // %12 is pane %12, not "\x12"
		}
		switch {
		case len(seg) == 2:
			name = "get_pane"
		case len(seg) == 3 && seg[2] == "content":
			name = "get_pane_content"
		}
	}
	for _, r := range resources {
		if r.name == name {
			return r, p, nil
		}
	}
	return resource{}, p, mcp.ResourceNotFoundError(uri)
}

// unescapeSegment is a URI path segment percent-decoded, or as it is when
// it is not percent-encoded (as Python's unquote, which FastMCP uses).
func unescapeSegment(seg string) string {
	if v, err := url.PathUnescape(seg); err == nil {
		return v
	}
	return seg
}

// canonicalURI is the URI of r for p that the go-sdk's template matching
// (RFC 6570) takes: every value percent-encoded but for RFC 3986's
// unreserved characters.
func (p resourceParams) canonicalURI(r resource) string {
	var b strings.Builder
	b.WriteString("tmux://")
	switch r.name {
	case "get_sessions":
		b.WriteString("sessions")
	case "get_session", "get_session_windows", "get_window":
		b.WriteString("sessions/" + escapeUnreserved(p.sessionName))
		if r.name != "get_session" {
			b.WriteString("/windows")
		}
		if r.name == "get_window" {
			b.WriteString("/" + escapeUnreserved(p.windowIndex))
		}
	default:
		b.WriteString("panes/" + escapeUnreserved(p.paneID))
		if r.name == "get_pane_content" {
			b.WriteString("/content")
		}
	}
	if p.socket != "" {
		b.WriteString("?socket_name=" + escapeUnreserved(p.socket))
	}
	return b.String()
}

func escapeUnreserved(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~' {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

// resourceError is a failed read's JSON-RPC error: a miss is the go-sdk's
// resource-not-found error, with a message that names what is missing; any
// other failure an internal error that says what went wrong.
func resourceError(err error, uri string) error {
	var rpc *jsonrpc.Error
	if errors.As(err, &rpc) {
		return err
	}
	var te *tmuxError
	var miss *resourceMiss
	switch {
	case errors.As(err, &miss), errors.As(err, &te) && te.failure() == noTarget:
		data, _ := json.Marshal(map[string]string{"uri": uri})
		return &jsonrpc.Error{Code: mcp.CodeResourceNotFound, Message: err.Error(), Data: data}
	}
	return &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: err.Error()}
}

// resourceMiss is a session or window that a URI names and tmux has not.
type resourceMiss struct{ what string }

func (m *resourceMiss) Error() string { return m.what }

func resourceMissing(socket, format string, args ...any) error {
	return &resourceMiss{fmt.Sprintf(format, args...) + " not found on " + socketLabel(socket)}
}

// partMark separates the outputs of the commands of one line, printed by
// display-message -p between them: drawn at random, as the records' marks,
// so that no value can forge it.
var partMark = func() string {
	var b [8]byte
	rand.Read(b[:])
	return "<p" + hex.EncodeToString(b[:]) + ">"
}()

// tmuxParts runs commands on one tmux command line and returns what each
// printed.
func (s *Server) tmuxParts(ctx context.Context, socket string, commands ...[]string) ([]string, error) {
	var line []string
	for i, cmd := range commands {
		if i > 0 {
			line = append(line, ";", "display-message", "-p", partMark, ";")
		}
		line = append(line, cmd...)
	}
	out, err := s.tmux(ctx, socket, nil, line...)
	if err != nil {
		return nil, err
	}
	parts := strings.Split(string(out), partMark+"\n")
	if len(parts) != len(commands) {
		return nil, fmt.Errorf("tmux printed %d parts where %d were due", len(parts), len(commands))
	}
	return parts, nil
}

// resourceJSON is a resource's JSON text, indented as libtmux-mcp's.
func resourceJSON(v any) (string, error) {
	data, err := json.MarshalIndent(v, "", "  ")
	return string(data), err
}

func (s *Server) readSessions(ctx context.Context, p resourceParams) (string, error) {
	out, err := s.tmux(ctx, p.socket, nil, "list-sessions", "-F", recordFormat[sessionInfo]())
	if err != nil {
		return "", err
	}
	sessions, err := parseRecords[sessionInfo](out)
	if err != nil {
		return "", err
	}
	return resourceJSON(nonNilRecords(sessions))
}

// sessionWithWindows is get_session's object: the session's fields, and
// its windows.
type sessionWithWindows struct {
	sessionInfo
	Windows []windowInfo `json:"windows"`
}

func (s *Server) readSession(ctx context.Context, p resourceParams) (string, error) {
	// Every session and window, kept by name here: a target cannot name a
	// session exactly whatever its name ("=$1" is session $1, by ID).
	parts, err := s.tmuxParts(ctx, p.socket,
		[]string{"list-sessions", "-F", recordFormat[sessionInfo]()},
		[]string{"list-windows", "-a", "-F", recordFormat[windowInfo]()})
	if err != nil {
		return "", err
	}
	sessions, err := parseRecords[sessionInfo]([]byte(parts[0]))
	if err != nil {
		return "", err
	}
	windows, err := parseRecords[windowInfo]([]byte(parts[1]))
	if err != nil {
		return "", err
	}
	for _, session := range sessions {
		if session.SessionName == nil || *session.SessionName != p.sessionName {
			continue
		}
		detail := sessionWithWindows{sessionInfo: session, Windows: []windowInfo{}}
		for _, w := range windows {
			if w.SessionID != nil && *w.SessionID == session.SessionID {
				detail.Windows = append(detail.Windows, w)
			}
		}
		return resourceJSON(detail)
	}
	return "", resourceMissing(p.socket, "session %s", p.sessionName)
}

// windowsOfSession are the windows of the session named, which has at least
// one: a session with none is no session.
func windowsOfSession(windows []windowInfo, name string) []windowInfo {
	var kept []windowInfo
	for _, w := range windows {
		if w.SessionName != nil && *w.SessionName == name {
			kept = append(kept, w)
		}
	}
	return kept
}

func (s *Server) readSessionWindows(ctx context.Context, p resourceParams) (string, error) {
	out, err := s.tmux(ctx, p.socket, nil, "list-windows", "-a", "-F", recordFormat[windowInfo]())
	if err != nil {
		return "", err
	}
	windows, err := parseRecords[windowInfo](out)
	if err != nil {
		return "", err
	}
	kept := windowsOfSession(windows, p.sessionName)
	if len(kept) == 0 {
		return "", resourceMissing(p.socket, "session %s", p.sessionName)
	}
	return resourceJSON(kept)
}

// windowWithPanes is get_window's object: the window's fields, and its
// panes.
type windowWithPanes struct {
	windowInfo
	Panes []paneInfo `json:"panes"`
}

func (s *Server) readWindow(ctx context.Context, p resourceParams) (string, error) {
	parts, err := s.tmuxParts(ctx, p.socket,
		[]string{"list-windows", "-a", "-F", recordFormat[windowInfo]()},
		[]string{"list-panes", "-a", "-F", recordFormat[paneInfo]()})
	if err != nil {
		return "", err
	}
	windows, err := parseRecords[windowInfo]([]byte(parts[0]))
	if err != nil {
		return "", err
	}
	panes, err := parseRecords[paneInfo]([]byte(parts[1]))
	if err != nil {
		return "", err
	}
	kept := windowsOfSession(windows, p.sessionName)
	if len(kept) == 0 {
		return "", resourceMissing(p.socket, "session %s", p.sessionName)
	}
	for _, w := range kept {
		if w.WindowIndex == nil || *w.WindowIndex != p.windowIndex {
			continue
		}
		s.markCallers(panes)
		detail := windowWithPanes{windowInfo: w, Panes: []paneInfo{}}
		for _, pane := range panes {
			// A window linked into several sessions lists its panes once
			// for each: these are the session's.
			if pane.WindowID != nil && *pane.WindowID == w.WindowID && pane.SessionID != nil && w.SessionID != nil && *pane.SessionID == *w.SessionID {
				detail.Panes = append(detail.Panes, pane)
			}
		}
		return resourceJSON(detail)
	}
	return "", resourceMissing(p.socket, "window %s of session %s", p.windowIndex, p.sessionName)
}

// resourcePaneID refuses what is not a pane's ID, without quoting it.
func resourcePaneID(id string) error {
	if checkID("pane_id", '%', id) != nil {
		return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "pane_id must look like %<number> (percent-encoded: %25<number>)"}
	}
	return nil
}

func (s *Server) readPane(ctx context.Context, p resourceParams) (string, error) {
	if err := resourcePaneID(p.paneID); err != nil {
		return "", err
	}
	out, err := s.tmux(ctx, p.socket, nil, "display-message", "-p", "-t", p.paneID, recordFormat[paneInfo]())
	if err != nil {
		return "", err
	}
	pane, err := oneRecord[paneInfo](out)
	if err != nil {
		return "", err
	}
	if pane.PaneID != p.paneID {
		// display-message may fail to find its target: it then prints
		// its format for no pane at all.
		return "", resourceMissing(p.socket, "pane %s", p.paneID)
	}
	pane.IsCaller = s.isCaller(pane.PaneID, pane.SocketPath)
	return resourceJSON(pane)
}

func (s *Server) readPaneContent(ctx context.Context, p resourceParams) (string, error) {
	if err := resourcePaneID(p.paneID); err != nil {
		return "", err
	}
	out, err := s.tmux(ctx, p.socket, nil, "capture-pane", "-p", "-t", p.paneID)
	if err != nil {
		return "", err
	}
	// libtmux drops the trailing empty lines, and libtmux-mcp joins the
	// rest with line feeds: no final one.
	screen := []byte(strings.TrimRight(string(out), "\n"))
	t := lastLines(screen, 0, len(screen), 2*s.contentBudget(p.uri))
	if !t.truncated {
		return string(screen), nil
	}
	return truncatedHeader(t.droppedLines) + string(t.content), nil
}

// truncatedHeader is the line that starts a screen cut to fit the reply,
// as libtmux-mcp's capture_pane marks its cuts.
func truncatedHeader(lines int) string {
	return "[... truncated " + strconv.Itoa(lines) + " lines ...]\n"
}

// contentBudget is how many bytes the text of a get_pane_content reply for
// uri may take, escaped, within the reply bound: the rest is the reply's
// fixed part, counted with the longest header. lastLines
// counts a text's cost as show_buffer's reply has it, where the text goes
// twice and is escaped twice over: at least twice its cost here, where it
// goes once (exactly twice for text that JSON need not escape), so a
// budget of twice this one keeps the reply within the bound.
func (s *Server) contentBudget(uri string) int {
	res := &mcp.ReadResourceResult{
		Meta:      mcp.Meta{requestIDKey: newRequestID()},
		Cacheable: mcp.Cacheable{CacheScope: cacheScope},
		Contents:  []*mcp.ResourceContents{{URI: uri, MIMEType: mimeText, Text: truncatedHeader(1 << 62)}},
	}
	data, err := json.Marshal(res)
	if err != nil {
		panic(err) // strings only
	}
	envelope := len(`{"jsonrpc":"2.0","id":`) + replyIDReserve + len(`,"result":`) + len("}\n")
	return max(0, s.cfg.MaxReplyBytes-envelope-len(data))
}

// checkResourceReply refuses a reply over the reply bound: a listing so
// large (tens of thousands of sessions) is no use whole, and cutting JSON
// would make it wrong.
func (s *Server) checkResourceReply(res *mcp.ReadResourceResult) error {
	data, err := json.Marshal(res)
	if err != nil {
		return err
	}
	envelope := len(`{"jsonrpc":"2.0","id":`) + replyIDReserve + len(`,"result":`) + len("}\n")
	if len(data)+envelope > s.cfg.MaxReplyBytes {
		return &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf(
			"the resource is %d bytes, over the reply limit of %d (--max-reply-bytes); read the same through a tool with filters, e.g. list_sessions", len(data), s.cfg.MaxReplyBytes)}
	}
	return nil
}

// nonNilRecords is records, or an empty list for none: JSON [] rather than null.
func nonNilRecords[T any](records []T) []T {
	if records == nil {
		return []T{}
	}
	return records
}
