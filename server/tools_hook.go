package server

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"strings"
)

// The hook tools: show_hooks and show_hook. Hooks are read-only here, as in
// libtmux-mcp: a hook outlives the process that set it (a crash, a kill -9)
// and runs its command on every event, so no tool sets one (set_option
// refuses hooks' names too).

var hookTools = []tool{
	newTool(tool{
		name:  "show_hooks",
		title: "Show tmux Hooks",
		desc: "List the tmux hooks set at a scope: the commands tmux runs on events such as pane-exited or after-new-window. " +
			"scope server lists the global hooks of both of tmux's trees (session hooks and window/pane hooks). " +
			"Hooks are read-only here: set them in your tmux configuration.",
		tier:        TierReadonly,
		annotations: annReadOnly,
	}, (*Server).showHooks),
	newTool(tool{
		name:        "show_hook",
		title:       "Show tmux Hook",
		desc:        "Read one tmux hook, e.g. pane-exited or session-renamed[0]: one entry for each command set on it, none when it is unset.",
		tier:        TierReadonly,
		annotations: annReadOnly,
	}, (*Server).showHook),
}

type hookEntry struct {
	HookName string `json:"hook_name" desc:"The hook's name, e.g. pane-exited."`
	Index    *int64 `json:"index" desc:"The command's index in the hook's array (hook_name[index])."`
	Command  string `json:"command" desc:"The tmux command set there, as tmux prints it."`
}

func (hookEntry) SchemaDescription() string { return "One command set on a tmux hook." }

type hookListResult struct {
	Entries []hookEntry `json:"entries" desc:"The hooks' commands, by hook name, then index."`
}

func (hookListResult) SchemaDescription() string { return "The commands set on tmux hooks." }

type showHooksArgs struct {
	optionScope
	onSocket
}

func (s *Server) showHooks(ctx context.Context, a showHooksArgs) (hookListResult, error) {
	socket, err := a.socket()
	if err != nil {
		return hookListResult{}, err
	}
	var windows []string
	if a.Scope != nil && *a.Scope == "server" {
		// tmux keeps the global hooks in two trees: those of sessions
		// (show-hooks -g) and those of windows and panes (-gw).
		windows = []string{";", "show-hooks", "-g", "-w"}
	}
	return s.listHooks(ctx, socket, a.optionScope, windows...)
}

// listHooks runs show-hooks with scope's flags, then args, and reads the
// hooks it printed.
func (s *Server) listHooks(ctx context.Context, socket string, scope optionScope, args ...string) (hookListResult, error) {
	flags, what, err := scope.flags(true)
	if err != nil {
		return hookListResult{}, err
	}
	out, err := s.tmux(ctx, socket, nil, append(append([]string{"show-hooks"}, flags...), args...)...)
	if err != nil {
		return hookListResult{}, missingTarget(err, what, socket)
	}
	return hookListResult{Entries: parseHooks(string(out))}, nil
}

type showHookArgs struct {
	HookName string `json:"hook_name" desc:"The hook, e.g. pane-exited, or one of its commands, e.g. session-renamed[0]."`
	optionScope
	onSocket
}

func (s *Server) showHook(ctx context.Context, a showHookArgs) (hookListResult, error) {
	if err := checkOptionName("hook_name", a.HookName); err != nil {
		return hookListResult{}, err
	}
	socket, err := a.socket()
	if err != nil {
		return hookListResult{}, err
	}
	return s.listHooks(ctx, socket, a.optionScope, literalArgs(a.HookName)...)
}

// parseHooks reads what show-hooks printed: "NAME[I] COMMAND" for each
// command set, "NAME" alone for a hook with none, and "NAME[I] " for an
// index asked for that holds none. A hook's command is printed as tmux
// prints a command, never over more than one line. The entries come by
// name, then index, and a hook listed twice (tmux's two trees of global
// hooks) counts once, as listed first.
func parseHooks(out string) []hookEntry {
	entries := []hookEntry{}
	seen := map[string]bool{}
	for line := range strings.Lines(out) {
		key, command, _ := strings.Cut(strings.TrimSuffix(line, "\n"), " ")
		if command == "" {
			continue
		}
		e := hookEntry{HookName: key, Command: command}
		if open := strings.LastIndexByte(key, '['); open > 0 && strings.HasSuffix(key, "]") {
			if i, err := strconv.ParseInt(key[open+1:len(key)-1], 10, 64); err == nil {
				e.HookName, e.Index = key[:open], &i
			}
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		entries = append(entries, e)
	}
	slices.SortStableFunc(entries, func(a, b hookEntry) int {
		if c := strings.Compare(a.HookName, b.HookName); c != 0 {
			return c
		}
		return cmp.Compare(hookIndex(a), hookIndex(b))
	})
	return entries
}

func hookIndex(e hookEntry) int64 {
	if e.Index == nil {
		return -1
	}
	return *e.Index
}
