package server_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/server"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
)

// outputSchemas are the output schemas a server advertises in tools/list,
// resolved, by tool name; nil for a tool that answers in text.
type outputSchemas map[string]*jsonschema.Resolved

func listOutputSchemas(t testing.TB, cs *mcp.ClientSession) outputSchemas {
	t.Helper()
	list, err := cs.ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	schemas := outputSchemas{}
	for _, tool := range list.Tools {
		schemas[tool.Name] = nil
		if tool.OutputSchema == nil {
			continue
		}
		raw, err := json.Marshal(tool.OutputSchema)
		if err != nil {
			t.Fatal(err)
		}
		var s jsonschema.Schema
		if err := json.Unmarshal(raw, &s); err != nil {
			t.Fatalf("%s: output schema: %v", tool.Name, err)
		}
		if schemas[tool.Name], err = s.Resolve(nil); err != nil {
			t.Fatalf("%s: output schema: %v", tool.Name, err)
		}
	}
	return schemas
}

// check says how a successful result of tool breaks the advertised
// contract: structured content that does not match the output schema, or
// any at all from a tool that advertises none.
func (o outputSchemas) check(tool string, res *mcp.CallToolResult) error {
	rs, listed := o[tool]
	switch {
	case !listed:
		return fmt.Errorf("%s is not in tools/list", tool)
	case rs == nil && res.StructuredContent != nil:
		return fmt.Errorf("%s advertises no output schema, yet answered with structured content", tool)
	case rs == nil:
		return nil
	case res.StructuredContent == nil:
		return fmt.Errorf("%s answered without the structured content its output schema promises", tool)
	}
	if err := rs.Validate(res.StructuredContent); err != nil {
		return fmt.Errorf("%s: structured content does not match the output schema: %v", tool, err)
	}
	return nil
}

// TestResultsMatchOutputSchemas calls every tool the server lists, through
// the paths whose results differ in shape: tmuxEnv.call checks each success
// against the tool's advertised output schema.
func TestResultsMatchOutputSchemas(t *testing.T) {
	e := newEnv(t, func(c *server.Config) { c.Safety, c.PromptsAsTools = server.TierDestructive, true })
	called := map[string]bool{}
	ok := func(tool string, args map[string]any) map[string]any {
		t.Helper()
		called[tool] = true
		return e.ok(tool, args)
	}
	if got := ok("list_buffers", nil); len(got["buffers"].([]any)) != 0 {
		t.Errorf("list_buffers before any load: %v", got)
	}
	named := ok("load_buffer", map[string]any{"content": "one\ntwo\nthree\n", "logical_name": "lines"})["buffer_name"].(string)
	unnamed := ok("load_buffer", map[string]any{"content": "x"})["buffer_name"].(string)
	if got := ok("show_buffer", map[string]any{"buffer_name": named}); got["content_truncated"] != false {
		t.Errorf("show_buffer of three lines: %v", got)
	}
	if got := ok("show_buffer", map[string]any{"buffer_name": named, "max_lines": 1}); got["content_truncated"] != true {
		t.Errorf("show_buffer of three lines with max_lines 1: %v", got)
	}
	ok("show_buffer", map[string]any{"buffer_name": unnamed, "max_lines": nil})
	if got := ok("list_buffers", map[string]any{"socket_name": nil}); len(got["buffers"].([]any)) != 2 {
		t.Errorf("list_buffers after two loads: %v", got)
	}
	pane := strings.TrimSpace(e.mustTmux("display-message", "-p", "#{pane_id}"))
	ok("paste_buffer", map[string]any{"buffer_name": named, "pane_id": pane})
	ok("paste_text", map[string]any{"text": "y", "session_name": "main", "bracket": false})
	ok("send_keys", map[string]any{"keys": "z", "pane_id": pane, "enter": false})
	ok("send_keys_batch", map[string]any{"operations": []any{map[string]any{"keys": "z", "pane_id": pane, "enter": false}, map[string]any{"keys": "z", "pane_id": "%99"}}})
	ok("clear_pane", map[string]any{"pane_id": pane})
	ok("pipe_pane", map[string]any{"pane_id": pane})
	ok("enter_copy_mode", map[string]any{"pane_id": pane, "scroll_up": 1})
	ok("exit_copy_mode", map[string]any{"pane_id": pane})
	ok("wait_for_text", map[string]any{"pane_id": pane, "timeout": 0.1})
	shell := strings.TrimSpace(e.mustTmux("new-window", "-d", "-P", "-F", "#{pane_id}", "sh")) // nothing typed at its prompt
	ok("run_command", map[string]any{"command": "true", "pane_id": shell, "max_lines": 1, "timeout": 10})
	ok("signal_channel", map[string]any{"channel": "schemas"})
	ok("wait_for_channel", map[string]any{"channel": "schemas"})
	ok("delete_buffer", map[string]any{"buffer_name": unnamed})
	ok("list_sessions", map[string]any{"filters": map[string]any{"session_name": "main"}})
	ok("get_server_info", nil)
	ok("list_servers", map[string]any{"extra_socket_paths": []string{"/no/such/socket"}})
	ok("create_session", map[string]any{"session_name": "made", "environment": `{"A":"1"}`})
	ok("list_windows", map[string]any{"session_name": "main"})
	ok("get_session_info", map[string]any{"session_name": "made"})
	ok("create_window", map[string]any{"session_name": "made", "window_name": "w", "direction": "after"})
	ok("rename_session", map[string]any{"session_name": "made", "new_name": "renamed"})
	ok("select_window", map[string]any{"session_name": "renamed", "direction": "next"})
	ok("kill_session", map[string]any{"session_name": "renamed"})
	ok("call_readonly_tools_batch", map[string]any{"operations": []any{map[string]any{"tool": "list_buffers"}}})
	ok("call_mutating_tools_batch", map[string]any{"operations": []any{map[string]any{"tool": "nope"}}})
	ok("call_destructive_tools_batch", map[string]any{"operations": []any{map[string]any{"tool": "get_server_info"}}})
	ok("capture_pane", map[string]any{"pane_id": pane, "start": -5, "max_lines": 1})
	ok("display_message", map[string]any{"format_string": "#{pane_id}", "session_name": "main"})
	snap := ok("snapshot_pane", map[string]any{"pane_id": pane, "max_lines": nil})
	since := ok("capture_since", map[string]any{"pane_id": pane})
	ok("capture_since", map[string]any{"cursor": since["cursor"], "max_bytes": 1})
	ok("search_panes", map[string]any{"pattern": "z", "limit": nil})
	ok("search_panes", map[string]any{"pattern": ".", "regex": true, "limit": 0, "content_start": -10})
	if snap["pane_id"] != pane {
		t.Errorf("snapshot_pane of %s: %v", pane, snap)
	}
	ok("list_prompts", nil)
	ok("get_prompt", map[string]any{"name": "run_and_wait", "arguments": map[string]any{"command": "true", "pane_id": "%0"}})
	// The window and pane tools, on main's window and a pane split off it.
	ok("list_panes", map[string]any{"filters": `{"pane_id__startswith":"%"}`})
	ok("get_window_info", map[string]any{"session_name": "main"})
	split := ok("split_window", map[string]any{"pane_id": pane, "direction": "right", "size": "50%", "shell": "sh"})["pane_id"].(string)
	ok("rename_window", map[string]any{"new_name": "work", "session_name": "main"})
	ok("select_layout", map[string]any{"layout": "tiled", "session_name": "main"})
	ok("resize_window", map[string]any{"session_name": "main", "width": 100, "height": 30})
	ok("get_pane_info", map[string]any{"pane_id": split})
	ok("find_pane_by_position", map[string]any{"corner": "bottom-right", "session_name": "main"})
	ok("select_pane", map[string]any{"direction": "next", "session_name": "main"})
	ok("swap_pane", map[string]any{"source_pane_id": pane, "target_pane_id": split})
	ok("resize_pane", map[string]any{"pane_id": split, "zoom": true})
	ok("set_pane_title", map[string]any{"pane_id": split, "title": "#t"})
	ok("respawn_pane", map[string]any{"pane_id": split, "environment": map[string]any{"B": "2"}})
	ok("move_window", map[string]any{"session_name": "main", "destination_index": "5"})
	ok("kill_pane", map[string]any{"pane_id": split})
	gone := ok("create_window", map[string]any{"session_name": "main", "window_name": "gone"})["window_id"].(string)
	ok("kill_window", map[string]any{"window_id": gone})
	ok("show_option", map[string]any{"option": "history-limit", "global_": true})
	ok("show_option", map[string]any{"option": "command-alias", "scope": "server"})
	ok("show_option", map[string]any{"option": "mode-keys", "scope": "window"})
	ok("set_option", map[string]any{"option": "@o", "value": "v", "scope": "session", "target": "main"})
	ok("show_environment", nil)
	ok("set_environment", map[string]any{"name": "E", "value": "v", "session_name": "main"})
	e.mustTmux("set-environment", "-g", "-r", "GONE")
	if got := ok("show_environment", map[string]any{"socket_name": nil}); got["variables"].(map[string]any)["GONE"] != true {
		t.Errorf("show_environment of a removed variable: %v", got)
	}
	e.mustTmux("set-hook", "-g", "after-new-window[2]", "display-message x")
	ok("show_hooks", map[string]any{"scope": "server"})
	ok("show_hook", map[string]any{"hook_name": "after-new-window", "global_": true})
	ok("kill_server", nil)
	for tool := range e.schemas {
		if !called[tool] {
			t.Errorf("%s is listed but not called here", tool)
		}
	}

	// Over the byte cap, show_buffer keeps the tail and says so.
	e = newEnv(t, func(c *server.Config) { c.MaxShowBytes = 4 })
	named = e.load("aaaa\nbbbb\n")
	if got := e.ok("show_buffer", map[string]any{"buffer_name": named}); got["content_truncated"] != true {
		t.Errorf("show_buffer over the byte cap: %v", got)
	}
}

// TestOutputSchemaCheckCatchesMismatches shows that the check above can
// fail: results of the wrong shape, and a right result for another tool.
func TestOutputSchemaCheckCatchesMismatches(t *testing.T) {
	srv, err := server.New(server.Config{Safety: server.TierDestructive})
	if err != nil {
		t.Fatal(err)
	}
	schemas := listOutputSchemas(t, servertest.Connect(t, srv))
	show := `{"buffer_name":"b","content":"x","content_truncated":false,"content_truncated_lines":0}`
	for _, c := range []struct {
		name, tool, structured string
	}{
		{"show_buffer with a string for a boolean", "show_buffer",
			`{"buffer_name":"b","content":"x","content_truncated":"no","content_truncated_lines":0}`},
		{"show_buffer without content_truncated_lines", "show_buffer",
			`{"buffer_name":"b","content":"x","content_truncated":false}`},
		{"show_buffer with a fraction of a line", "show_buffer",
			`{"buffer_name":"b","content":"x","content_truncated":true,"content_truncated_lines":1.5}`},
		{"load_buffer without buffer_name", "load_buffer", `{"logical_name":"clip"}`},
		{"load_buffer with a number for logical_name", "load_buffer", `{"buffer_name":"b","logical_name":5}`},
		{"list_buffers with buffers an object", "list_buffers", `{"buffers":{}}`},
		{"list_buffers with a buffer missing created", "list_buffers",
			`{"buffers":[{"buffer_name":"b","logical_name":"l","size_bytes":1}]}`},
		{"show_buffer's result for list_buffers", "list_buffers", show},
		{"structured content from a text tool", "delete_buffer", `{}`},
		{"no structured content from show_buffer", "show_buffer", ``},
		{"a tool that is not listed", "no_such_tool", show},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := &mcp.CallToolResult{}
			if c.structured != "" {
				if err := json.Unmarshal([]byte(c.structured), &res.StructuredContent); err != nil {
					t.Fatal(err)
				}
			}
			if err := schemas.check(c.tool, res); err == nil {
				t.Errorf("%s: %s passed the check", c.tool, c.structured)
			}
		})
	}
	// And the right result passes, or the cases above prove nothing.
	res := &mcp.CallToolResult{}
	if err := json.Unmarshal([]byte(show), &res.StructuredContent); err != nil {
		t.Fatal(err)
	}
	if err := schemas.check("show_buffer", res); err != nil {
		t.Errorf("a right show_buffer result failed: %v", err)
	}
}
