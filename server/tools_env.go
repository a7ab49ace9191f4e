package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/tmuxbuf/tmuxbuf/internal/argspec"
)

// The environment tools: show_environment and set_environment, on tmux's
// global environment (-g) or a session's, one tmux command line each.

var envTools = []tool{
	newTool(tool{
		name:  "show_environment",
		title: "Show tmux Environment",
		desc: "Read tmux's environment: the global one, or a session's (session_name or session_id), which new panes start with. " +
			"A variable tmux marks as removed (its value is taken out of the global environment for that session) shows as true.",
		tier:        TierReadonly,
		annotations: annReadOnly,
	}, (*Server).showEnvironment),
	newTool(tool{
		name:  "set_environment",
		title: "Set tmux Environment",
		desc: "Set a variable in tmux's global environment, or a session's (session_name or session_id). Panes started later " +
			"inherit it, including the user's own; running programs do not see it. For one command, prefer env NAME=value in the command. " +
			"value is a payload: the audit log records only its length and digest, and the result does not repeat it.",
		tier:        TierMutating,
		annotations: annMutating,
	}, (*Server).setEnvironment),
}

// envSession is the session argument of the environment tools: a session,
// or none for the global environment.
type envSession struct {
	SessionName *string `json:"session_name" desc:"The session whose environment to use. Null, with session_id null: the global environment."`
	SessionID   *string `json:"session_id" desc:"The session whose environment to use, by ID, e.g. $1; wins over session_name."`
}

// flags are -g for the global environment, else -t and the session, and
// what names the session in errors.
func (e envSession) flags() (flags []string, what string, err error) {
	ref := sessionRef{SessionName: e.SessionName, SessionID: e.SessionID}
	target, err := ref.target()
	switch {
	case err != nil:
		return nil, "", err
	case target == "":
		return []string{"-g"}, "", nil
	case e.SessionID != nil:
		return []string{"-t", target}, "session " + *e.SessionID, nil
	}
	return []string{"-t", literal(target)}, "session " + *e.SessionName, nil
}

type showEnvironmentArgs struct {
	envSession
	onSocket
}

// envValue is a variable of tmux's environment: its value, or true for a
// variable that tmux marks as removed.
type envValue struct {
	value   string
	removed bool
}

func (v envValue) MarshalJSON() ([]byte, error) {
	if v.removed {
		return []byte("true"), nil
	}
	return json.Marshal(v.value)
}

func (envValue) JSONSchema() argspec.Schema {
	return argspec.Schema{"anyOf": []any{argspec.Schema{"type": "string"}, argspec.Schema{"type": "boolean", "const": true}}}
}

type environmentResult struct {
	Variables map[string]envValue `json:"variables" desc:"Each variable's value, by name; true for one that tmux marks as removed (tmux set-environment -r): a pane of that session starts without it."`
}

func (environmentResult) SchemaDescription() string { return "A tmux environment." }

func (s *Server) showEnvironment(ctx context.Context, a showEnvironmentArgs) (environmentResult, error) {
	socket, err := a.socket()
	if err != nil {
		return environmentResult{}, err
	}
	flags, what, err := a.flags()
	if err != nil {
		return environmentResult{}, err
	}
	// -s prints each variable as a shell's assignment, its value quoted,
	// which keeps a value's line breaks from reading as more variables
	// (bash's exported functions have them).
	out, err := s.tmux(ctx, socket, nil, append([]string{"show-environment", "-s"}, flags...)...)
	if err != nil {
		return environmentResult{}, missingTarget(err, what, socket)
	}
	vars, err := parseShellEnvironment(string(out))
	if err != nil {
		return environmentResult{}, err
	}
	return environmentResult{Variables: vars}, nil
}

// parseShellEnvironment reads what show-environment -s prints: for each
// variable `NAME="VALUE"; export NAME;` with $, `, " and \ escaped by a
// backslash in VALUE (which may span lines), or `unset NAME;` for one
// marked as removed.
func parseShellEnvironment(out string) (map[string]envValue, error) {
	vars := map[string]envValue{}
	for out != "" {
		if rest, ok := strings.CutPrefix(out, "unset "); ok {
			line, after, _ := strings.Cut(rest, "\n")
			name, ok := strings.CutSuffix(line, ";")
			if !ok {
				return nil, errors.New("tmux show-environment printed an unset line without its end")
			}
			vars[name] = envValue{removed: true}
			out = after
			continue
		}
		name, rest, ok := strings.Cut(out, `="`)
		if !ok || strings.Contains(name, "\n") {
			return nil, errors.New("tmux show-environment printed a line that is not a variable")
		}
		var value strings.Builder
		i := 0
		for ; i < len(rest) && rest[i] != '"'; i++ {
			if rest[i] == '\\' && i+1 < len(rest) {
				i++
			}
			value.WriteByte(rest[i])
		}
		end := `"; export ` + name + ";\n"
		if !strings.HasPrefix(rest[i:], end) {
			return nil, fmt.Errorf("tmux show-environment printed variable %s without its end", shorten(name, 64))
		}
		vars[name] = envValue{value: value.String()}
		out = rest[i+len(end):]
	}
	return vars, nil
}

type setEnvironmentArgs struct {
	Name  string `json:"name" desc:"The variable's name: not empty, without '='."`
	Value string `json:"value" payload:"true" desc:"Its value. The audit log records only its length and a digest. It goes to tmux as an argument (in argv on the exec backend), and tmux keeps it; pass references to secrets, not secrets."`
	envSession
	onSocket
}

type environmentSetResult struct {
	Name   string  `json:"name" desc:"The variable's name."`
	Value  *string `json:"value" desc:"Always null: the value is a payload, which the result does not repeat (libtmux-mcp echoes it here)."`
	Status string  `json:"status" desc:"\"set\"."`
}

func (environmentSetResult) SchemaDescription() string {
	return "Confirmation that the variable was set."
}

func (s *Server) setEnvironment(ctx context.Context, a setEnvironmentArgs) (environmentSetResult, error) {
	if a.Name == "" || strings.ContainsAny(a.Name, "=\x00") {
		return environmentSetResult{}, validationError(errors.New("name must be a variable's name: not empty, without '=' or NUL"))
	}
	if err := s.checkArgvPayload("value", a.Value); err != nil {
		return environmentSetResult{}, err
	}
	socket, err := a.socket()
	if err != nil {
		return environmentSetResult{}, err
	}
	flags, what, err := a.flags()
	if err != nil {
		return environmentSetResult{}, err
	}
	if err := s.setScoped(ctx, socket, "set-environment", flags, what, a.Name, a.Value); err != nil {
		return environmentSetResult{}, err
	}
	return environmentSetResult{Name: a.Name, Status: "set"}, nil
}
