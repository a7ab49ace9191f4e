package server

import (
	"context"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// complete answers completion/complete for the arguments of the prompts
// and of the resource templates, from what tmux has now: session names,
// window indexes, pane ids, and the sockets servers answer on. A reference
// to no prompt or template, or an argument with nothing to offer, gets an
// empty list, and so does a tmux that cannot be asked: completion is a
// help, never an error.
func (s *Server) complete(ctx context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
	p := req.Params
	res := &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: []string{}}}
	if p.Ref == nil || !s.knownReference(*p.Ref, p.Argument.Name) {
		return res, nil
	}
	var given map[string]string
	if p.Context != nil {
		given = p.Context.Arguments
	}
	values := s.completions(ctx, p.Argument.Name, given)
	for _, v := range values {
		if strings.HasPrefix(v, p.Argument.Value) {
			res.Completion.Values = append(res.Completion.Values, v)
		}
	}
	// The protocol's limit for one answer.
	if n := len(res.Completion.Values); n > 100 {
		res.Completion.Values, res.Completion.Total, res.Completion.HasMore = res.Completion.Values[:100], n, true
	}
	return res, nil
}

// knownReference reports whether ref names a prompt or a resource template
// of this server's that takes the argument.
func (s *Server) knownReference(ref mcp.CompleteReference, arg string) bool {
	switch ref.Type {
	case "ref/prompt":
		p, ok := promptNamed(ref.Name)
		return ok && slices.ContainsFunc(p.args, func(a promptArg) bool { return a.name == arg })
	case "ref/resource":
		return strings.Contains(ref.URI, "{"+arg+"}") || strings.Contains(ref.URI, "{?"+arg+"}")
	}
	return false
}

// completions are the values tmux has now for an argument of that name,
// on the socket the other arguments name.
func (s *Server) completions(ctx context.Context, arg string, given map[string]string) []string {
	socket := given["socket_name"]
	if socket != "" && !validSocketName(socket) {
		return nil
	}
	var cmd []string
	switch arg {
	case "socket_name":
		if finder, ok := s.cfg.Tmux.(ServerFinder); ok {
			return finder.LiveSockets()
		}
		return nil
	case "session_name":
		cmd = []string{"list-sessions", "-F", "#{session_name}"}
	case "pane_id":
		cmd = []string{"list-panes", "-a", "-F", "#{pane_id}"}
	case "window_index":
		cmd = []string{"list-windows", "-a", "-F", "#{window_index}"}
		if name := given["session_name"]; name != "" && checkSessionName("session_name", name) == nil {
			cmd = []string{"list-windows", "-t", "=" + name, "-F", "#{window_index}"}
		}
	default:
		return nil
	}
	out, err := s.tmux(ctx, socket, nil, cmd...)
	if err != nil {
		return nil
	}
	values := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	slices.Sort(values)
	return slices.Compact(values)
}
