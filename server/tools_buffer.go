package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The paste-buffer tools: load_buffer, show_buffer, paste_buffer,
// paste_text, delete_buffer and list_buffers. Every buffer they make is
// named in the agent namespace (naming.go), and they refuse any other.

const defaultShowMaxLines = 500

// onSocket is the socket_name argument of every tool but list_servers and
// the batches.
type onSocket struct {
	SocketName *string `json:"socket_name" desc:"tmux socket name (tmux -L). Null uses the server's configured socket."`
}

// pasteTarget is where paste_buffer and paste_text paste, and how.
type pasteTarget struct {
	paneRef
	Bracket bool `json:"bracket" default:"true" desc:"Wrap the paste in bracketed-paste markers when the pane's program asked for them."`
}

// pasteLine is the paste-buffer of paste_buffer and paste_text, with the
// bracket argument's -p and any further flags, and after it a command that
// prints the pane it pasted into: the line stops at a paste that failed,
// and display-message prints nothing, successfully, for a pane that is
// not there.
func (a pasteTarget) pasteLine(buffer string, flags ...string) ([]string, error) {
	target, err := a.target()
	if err != nil {
		return nil, err
	}
	cmd := append([]string{"paste-buffer"}, flags...)
	cmd = withTarget(target, append(cmd, "-b", buffer)...)
	if a.Bracket {
		cmd = append(cmd, "-p")
	}
	cmd = append(cmd, ";")
	return append(cmd, printPaneID(target)...), nil
}

var bufferTools = []tool{
	newTool(tool{
		name:  "load_buffer",
		title: "Load tmux Buffer",
		desc: "Load text into a new agent-namespaced tmux paste buffer and return its name. " +
			"Every call makes a fresh, unique buffer, even with the same logical_name, so concurrent agents never collide. " +
			"Pass the returned buffer_name to show_buffer, paste_buffer and delete_buffer.",
		tier: TierMutating,
		// As libtmux-mcp advertises it.
		annotations: mcp.ToolAnnotations{DestructiveHint: yes, IdempotentHint: false, OpenWorldHint: yes, ReadOnlyHint: false},
	}, (*Server).loadBuffer),
	newTool(tool{
		name:  "show_buffer",
		title: "Show tmux Buffer",
		desc: "Read back a buffer that load_buffer made. Long buffers keep their last lines: " +
			"content_truncated says whether lines were dropped from the head and content_truncated_lines how many.",
		tier:        TierReadonly,
		annotations: mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: yes},
	}, (*Server).showBuffer),
	newTool(tool{
		name:  "paste_buffer",
		title: "Paste tmux Buffer",
		desc: "Paste a buffer that load_buffer made into a pane, as tmux paste-buffer does (line feeds become carriage returns). " +
			"Name the pane by pane_id, or by window_id, session_id or session_name for that target's active pane.",
		tier:        TierMutating,
		annotations: mcp.ToolAnnotations{DestructiveHint: yes, OpenWorldHint: yes},
	}, (*Server).pasteBuffer),
	newTool(tool{
		name:  "paste_text",
		title: "Paste Text",
		desc: "Paste text into a pane in one call: it goes into a fresh buffer, is pasted as tmux paste-buffer does " +
			"(line feeds become carriage returns), and the buffer is deleted, whether the paste worked or not. " +
			"Use load_buffer and paste_buffer instead to inspect the text first or paste it more than once. " +
			"Name the pane by pane_id, or by window_id, session_id or session_name for that target's active pane.",
		tier: TierMutating,
		// As load_buffer's: each call makes (and removes) a buffer of its own.
		annotations: mcp.ToolAnnotations{DestructiveHint: yes, IdempotentHint: false, OpenWorldHint: yes, ReadOnlyHint: false},
	}, (*Server).pasteText),
	newTool(tool{
		name:        "delete_buffer",
		title:       "Delete tmux Buffer",
		desc:        "Delete a buffer that load_buffer made.",
		tier:        TierMutating,
		annotations: mcp.ToolAnnotations{DestructiveHint: yes, IdempotentHint: false, OpenWorldHint: yes},
	}, (*Server).deleteBuffer),
	newTool(tool{
		name:  "list_buffers",
		title: "List tmux Buffers",
		desc: "List the buffers this session made that still exist, most recent first, without their content. " +
			"The user's own buffers, other agents' and other sessions' are never listed.",
		tier:        TierReadonly,
		annotations: mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: yes},
	}, (*Server).listBuffers),
}

type loadResult struct {
	BufferName  string  `json:"buffer_name" desc:"The tmux buffer's full name: prefix, UUID nonce and logical name. Pass it to show_buffer, paste_buffer and delete_buffer."`
	LogicalName *string `json:"logical_name" desc:"The logical_name the caller passed, or null."`
}

func (loadResult) SchemaDescription() string {
	return "A handle to the buffer just made. Use buffer_name in later calls."
}

type loadArgs struct {
	Content     string  `json:"content" payload:"true" desc:"The text to load, byte for byte; it may span lines. The audit log records only its length and a digest."`
	LogicalName *string `json:"logical_name" desc:"A short label that ends the buffer's name, matching [A-Za-z0-9_.-]{1,64}. Null or empty means \"buf\"."`
	onSocket
}

func (s *Server) loadBuffer(ctx context.Context, a loadArgs) (loadResult, error) {
	if err := s.checkPayload("content", a.Content, errEmptyContent); err != nil {
		return loadResult{}, err
	}
	socket, err := a.socket()
	if err != nil {
		return loadResult{}, err
	}
	name, err := s.names.allocate(a.LogicalName)
	if err != nil {
		return loadResult{}, err
	}
	if _, err := s.load(ctx, socket, name, a.Content); err != nil {
		return loadResult{}, err
	}
	return loadResult{BufferName: name, LogicalName: a.LogicalName}, nil
}

// checkPayload refuses, before anything reaches tmux, a payload over the
// content cap, and with ifEmpty an empty one, of which tmux makes no buffer.
func (s *Server) checkPayload(argName, payload string, ifEmpty error) error {
	switch {
	case len(payload) > s.cfg.MaxContentBytes:
		return errContentTooLarge(argName, len(payload), s.cfg.MaxContentBytes)
	case payload == "":
		return ifEmpty
	}
	return nil
}

// load makes buffer name from content, and checks in the same tmux command
// line that tmux made it whole: a handle to a buffer that does not exist is
// a bug, and a success is no proof (tmux makes no buffer of an empty load
// and says nothing; a --tmux-bin that is not tmux may exit 0 having done
// nothing). tmux runs the list-buffers after the load has read all of its
// standard input. Names hold nothing a format would read (no '#', ',' or
// '}'), so name goes into the filter as it is.
//
// consume, when given, is commands that use the buffer up (paste-buffer
// -d): they go on the same command line, after the check, so that a paste
// costs one round trip, and what they print is returned. tmux has no way
// to make them wait on the check's answer, so a load that the check finds
// short has been consumed all the same; the error says so.
//
// The buffer is this server's from before the load until it is known to be
// gone: the caller's handle when load returns nil without consume. On any
// failure no buffer of that name is left behind.
func (s *Server) load(ctx context.Context, socket, name, content string, consume ...string) ([]byte, error) {
	s.owned.add(ownerOf(ctx), socket, name)
	line := []string{"load-buffer", "-b", name, "-", ";",
		"list-buffers", "-F", "#{buffer_size}", "-f", "#{==:#{buffer_name}," + name + "}"}
	if len(consume) > 0 {
		line = append(append(line, ";"), consume...)
	}
	out, err := s.tmux(ctx, socket, strings.NewReader(content), line...)
	var te *tmuxError
	if len(consume) > 0 && errors.As(err, &te) {
		// A line that fails with a load behind it fails at the paste
		// (can't find pane, the server gone): name what the caller asked for.
		te.command = consume[0]
	}
	size := strconv.Itoa(len(content)) + "\n"
	confirmed := err == nil && strings.HasPrefix(string(out), size)
	switch {
	case confirmed && len(consume) > 0:
		s.owned.remove(socket, name)
		return out[len(size):], nil
	case confirmed:
		return nil, nil
	case mayStillRun(err):
		s.discard(socket, name)
		return nil, err
	case withdrawn(err), err != nil && len(consume) == 0:
		// tmux refused the load itself, or never had it, so it made
		// nothing.
		s.owned.remove(socket, name)
		return nil, err
	}
	// Whatever tmux made, nobody will get its name: delete it before
	// answering, so that the caller sees nothing left behind.
	if _, err := s.tmux(ctx, socket, nil, "delete-buffer", "-b", name); cutShort(err) {
		s.discard(socket, name)
	} else {
		s.owned.remove(socket, name)
	}
	if err != nil {
		return nil, err
	}
	listed, _, _ := bytes.Cut(out, []byte("\n")) // the size, before what consume printed
	return nil, errLoadUnconfirmed(socket, len(content), listed, len(consume) > 0)
}

// discard deletes, in the background, a buffer whose load was cut short:
// tmux may have made it before the cut, and no caller holds its name, so
// nothing else would ever delete it. Cleanup waits for it like a call, and
// still deletes the buffer on exit should tmux not answer this time either.
func (s *Server) discard(socket, name string) {
	s.calls.Add(1)
	go func() {
		defer s.calls.Done()
		if _, err := s.tmux(context.Background(), socket, nil, "delete-buffer", "-b", name); !cutShort(err) {
			s.owned.remove(socket, name)
		}
	}()
}

type showResult struct {
	BufferName            string `json:"buffer_name"`
	Content               string `json:"content"`
	ContentTruncated      bool   `json:"content_truncated"`
	ContentTruncatedLines int    `json:"content_truncated_lines"`
}

type showArgs struct {
	BufferName string `json:"buffer_name" desc:"The buffer_name that load_buffer returned. Other names are refused. Buffer to read."`
	MaxLines   *int64 `json:"max_lines" default:"500" desc:"Return at most this many lines, the last ones. Null returns every line, still within the server's byte cap."`
	onSocket
}

func (s *Server) showBuffer(ctx context.Context, a showArgs) (showResult, error) {
	name, socket, err := s.bufferArgs(bufferRef{a.BufferName, a.onSocket})
	if err != nil {
		return showResult{}, err
	}
	maxLines := 0 // null: no line limit
	if n := a.MaxLines; n != nil {
		if *n < 1 {
			return showResult{}, errMaxLines
		}
		maxLines = int(min(*n, int64(s.cfg.MaxShowBytes)))
	}
	out, err := s.tmux(ctx, socket, nil, "show-buffer", "-b", name)
	if err != nil {
		return showResult{}, err
	}
	t := lastLines(out, maxLines, s.cfg.MaxShowBytes, showReplyBudget(s.cfg.MaxReplyBytes, name, len(out)))
	var content string
	if !isNested(ctx) {
		content = s.payloads.Park(t.content) // the transport splices it in
	}
	if content == "" {
		content = string(t.content)
	}
	return showResult{BufferName: name, Content: content, ContentTruncated: t.truncated, ContentTruncatedLines: t.droppedLines}, nil
}

type pasteBufferArgs struct {
	BufferName string `json:"buffer_name" desc:"The buffer_name that load_buffer returned. Other names are refused. Buffer to paste."`
	pasteTarget
	onSocket
}

func (s *Server) pasteBuffer(ctx context.Context, a pasteBufferArgs) (string, error) {
	name, socket, err := s.bufferArgs(bufferRef{a.BufferName, a.onSocket})
	if err != nil {
		return "", err
	}
	line, err := a.pasteLine(name)
	if err != nil {
		return "", err
	}
	pane, err := s.tmux(ctx, socket, nil, line...)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Buffer '%s' pasted to pane %s", name, strings.TrimSpace(string(pane))), nil
}

// pasteText is load_buffer, paste_buffer and delete_buffer in one call and,
// given a pane_id, one tmux round trip: load, check, paste -d.
type pasteTextArgs struct {
	Text string `json:"text" payload:"true" desc:"The text to paste, byte for byte; it may span lines. The audit log records only its length and a digest."`
	pasteTarget
	onSocket
}

func (s *Server) pasteText(ctx context.Context, a pasteTextArgs) (string, error) {
	if err := s.checkPayload("text", a.Text, errEmptyText); err != nil {
		return "", err
	}
	socket, err := a.socket()
	if err != nil {
		return "", err
	}
	logical := "paste"
	name, err := s.names.allocate(&logical)
	if err != nil {
		return "", err
	}
	line, err := a.pasteLine(name, "-d")
	if err != nil {
		return "", err
	}
	pane, err := s.load(ctx, socket, name, a.Text, line...)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Text pasted to pane %s", strings.TrimSpace(string(pane))), nil
}

type deleteArgs struct {
	BufferName string `json:"buffer_name" desc:"The buffer_name that load_buffer returned. Other names are refused. Buffer to delete."`
	onSocket
}

func (s *Server) deleteBuffer(ctx context.Context, a deleteArgs) (string, error) {
	name, socket, err := s.bufferArgs(bufferRef{a.BufferName, a.onSocket})
	if err != nil {
		return "", err
	}
	if _, err := s.tmux(ctx, socket, nil, "delete-buffer", "-b", name); err != nil {
		return "", err
	}
	s.owned.remove(socket, name)
	return fmt.Sprintf("Buffer '%s' deleted", name), nil
}

type listedBuffer struct {
	BufferName  string `json:"buffer_name"`
	LogicalName string `json:"logical_name"`
	SizeBytes   int64  `json:"size_bytes"`
	Created     string `json:"created" format:"date-time"`
}

type listResult struct {
	Buffers []listedBuffer `json:"buffers"`
}

type listBuffersArgs struct{ onSocket }

func (s *Server) listBuffers(ctx context.Context, a listBuffersArgs) (listResult, error) {
	socket, err := a.socket()
	if err != nil {
		return listResult{}, err
	}
	// Spaces, not tabs, between fields: without a UTF-8 locale tmux prints
	// control characters in formats as '_'. Our names hold no spaces, and a
	// line that does not split into three is someone else's buffer.
	out, err := s.tmux(ctx, socket, nil, "list-buffers", "-F", "#{buffer_name} #{buffer_size} #{buffer_created}")
	if err != nil {
		return listResult{}, err
	}
	res := listResult{Buffers: []listedBuffer{}}
	for line := range strings.Lines(string(out)) {
		fields := strings.Fields(line)
		if len(fields) != 3 || !s.owned.has(ownerOf(ctx), socket, fields[0]) {
			continue
		}
		logical, _ := s.names.logicalName(fields[0])
		size, err1 := strconv.ParseInt(fields[1], 10, 64)
		created, err2 := strconv.ParseInt(fields[2], 10, 64)
		if err1 != nil || err2 != nil {
			return listResult{}, fmt.Errorf("tmux list-buffers on %s printed a line that is not name, size and time", socketLabel(socket))
		}
		res.Buffers = append(res.Buffers, listedBuffer{
			BufferName:  fields[0],
			LogicalName: logical,
			SizeBytes:   size,
			Created:     time.Unix(created, 0).UTC().Format(time.RFC3339),
		})
	}
	return res, nil
}

// bufferRef is the buffer_name and socket_name of a tool that uses a
// buffer.
type bufferRef struct {
	BufferName string
	onSocket
}

// bufferArgs checks the buffer_name and socket_name of a call.
func (s *Server) bufferArgs(r bufferRef) (name, socket string, err error) {
	if _, ok := s.names.logicalName(r.BufferName); !ok {
		return "", "", errBadBufferName(s.names)
	}
	socket, err = r.socket()
	return r.BufferName, socket, err
}

// socket returns the socket_name argument, "" for the configured socket.
func (o onSocket) socket() (string, error) {
	socket := o.SocketName
	if socket == nil {
		return "", nil
	}
	if !validSocketName(*socket) {
		return "", validationError(errBadID("socket_name", "a tmux socket name (tmux -L): one name, not . or .., "+
			"of at most "+strconv.Itoa(maxSocketName)+" bytes, without '/' or control characters"))
	}
	return *socket, nil
}

// maxSocketName is the longest socket name tmux can make a socket of: its
// path must fit a unix socket address (107 bytes), and the shortest socket
// directory, /tmp/tmux-0/, takes 12 of them.
const maxSocketName = 107 - len("/tmp/tmux-0/")

// validSocketName reports whether name can name a tmux socket in its
// socket directory, as tmux -L does: "", "." and ".." name the directory
// (tmux: "Is a directory"), a '/' a path outside it, and a control
// character would reach error texts and the audit log as it is.
func validSocketName(name string) bool {
	if name == "" || name == "." || name == ".." || len(name) > maxSocketName {
		return false
	}
	return !strings.ContainsFunc(name, func(r rune) bool { return r == '/' || r < ' ' || r == 0x7f })
}

func socketLabel(socket string) string {
	if socket == "" {
		return "the configured tmux server"
	}
	return fmt.Sprintf("tmux socket %q", socket)
}
