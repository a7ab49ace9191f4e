package server_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/server"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
)

// TestPrompts: libtmux-mcp's four prompts, rendered with their arguments
// and defaults; a missing or unknown argument is an error.
func TestPrompts(t *testing.T) {
	e := newEnv(t)
	list, err := e.client.ListPrompts(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range list.Prompts {
		names = append(names, p.Name)
	}
	if want := []string{"build_dev_workspace", "diagnose_failing_pane", "interrupt_gracefully", "run_and_wait"}; !slices.Equal(names, want) {
		t.Errorf("prompts %v, want %v", names, want)
	}
	get := func(name string, args map[string]string) (string, error) {
		res, err := e.client.GetPrompt(t.Context(), &mcp.GetPromptParams{Name: name, Arguments: args})
		if err != nil {
			return "", err
		}
		return res.Messages[0].Content.(*mcp.TextContent).Text, nil
	}
	text, err := get("run_and_wait", map[string]string{"command": "make test", "pane_id": "%3"})
	if err != nil || !strings.Contains(text, `command="make test"`) || !strings.Contains(text, "timeout=60,") || strings.Contains(text, "suppress_history") {
		t.Errorf("run_and_wait: %v\n%s", err, text)
	}
	text, err = get("run_and_wait", map[string]string{"command": "a\nb", "pane_id": "%3", "timeout": "5"})
	if err != nil || !strings.Contains(text, "suppress_history=false") || !strings.Contains(text, "timeout=5,") {
		t.Errorf("run_and_wait of two lines: %v\n%s", err, text)
	}
	if text, err = get("build_dev_workspace", map[string]string{"session_name": "dev"}); err != nil || !strings.Contains(text, `"watch -n 1 date"`) {
		t.Errorf("build_dev_workspace: %v\n%s", err, text)
	}
	for _, bad := range []map[string]string{{}, {"pane_id": "%1", "extra": "x"}} {
		if _, err := get("diagnose_failing_pane", bad); err == nil {
			t.Errorf("diagnose_failing_pane(%v) rendered", bad)
		}
	}
	if _, err := get("run_and_wait", map[string]string{"command": "x", "pane_id": "%1", "timeout": "soon"}); err == nil {
		t.Error("run_and_wait with a timeout that is no number rendered")
	}
}

// TestPromptsAsTools: with PromptsAsTools, list_prompts and get_prompt
// serve clients that cannot ask for prompts, at the readonly tier, where
// a tier hides and refuses tools as it does any other; without it they
// are not there.
func TestPromptsAsTools(t *testing.T) {
	e := newEnv(t)
	if _, ok := e.schemas["list_prompts"]; ok {
		t.Error("list_prompts is offered without PromptsAsTools")
	}
	e.connect(func(c *server.Config) { c.PromptsAsTools, c.Safety = true, server.TierReadonly })
	got := e.ok("get_prompt", map[string]any{"name": "interrupt_gracefully", "arguments": `{"pane_id":"%7"}`})
	messages := got["messages"].([]any)
	if len(messages) != 1 || !strings.Contains(messages[0].(map[string]any)["content"].(string), `send_keys(pane_id="%7", keys="C-c"`) {
		t.Errorf("get_prompt: %v", got)
	}
	if got := e.fails("get_prompt", map[string]any{"name": "nope"}); !strings.Contains(got, `no prompt "nope"`) {
		t.Errorf("get_prompt of no prompt: %q", got)
	}
	res := e.call("list_prompts", nil)
	if res.IsError || !strings.Contains(servertest.ResultText(res), `"name":"run_and_wait"`) {
		t.Errorf("list_prompts: %v", servertest.ResultText(res))
	}
}

// TestCompletion: the prompts' and the resource templates' arguments
// complete from what tmux has now; an unknown reference gets nothing.
func TestCompletion(t *testing.T) {
	e := newEnv(t)
	e.mustTmux("new-session", "-d", "-s", "mainly")
	complete := func(ref *mcp.CompleteReference, arg, value string, context map[string]string) []string {
		t.Helper()
		params := &mcp.CompleteParams{Ref: ref, Argument: mcp.CompleteParamsArgument{Name: arg, Value: value}}
		if context != nil {
			params.Context = &mcp.CompleteContext{Arguments: context}
		}
		res, err := e.client.Complete(t.Context(), params)
		if err != nil {
			t.Fatalf("complete %s: %v", arg, err)
		}
		return res.Completion.Values
	}
	prompt := &mcp.CompleteReference{Type: "ref/prompt", Name: "diagnose_failing_pane"}
	if got := complete(prompt, "pane_id", "%", nil); !slices.Equal(got, []string{"%0", "%1"}) {
		t.Errorf("pane_id: %v", got)
	}
	workspace := &mcp.CompleteReference{Type: "ref/prompt", Name: "build_dev_workspace"}
	if got := complete(workspace, "session_name", "mai", nil); !slices.Equal(got, []string{"main", "mainly"}) {
		t.Errorf("session_name: %v", got)
	}
	if got := complete(workspace, "session_name", "x", nil); len(got) != 0 {
		t.Errorf("session_name x: %v", got)
	}
	window := &mcp.CompleteReference{Type: "ref/resource", URI: "tmux://sessions/{session_name}/windows/{window_index}{?socket_name}"}
	if got := complete(window, "window_index", "", map[string]string{"session_name": "main"}); !slices.Equal(got, []string{"0"}) {
		t.Errorf("window_index: %v", got)
	}
	for _, ref := range []*mcp.CompleteReference{{Type: "ref/prompt", Name: "nope"}, {Type: "ref/resource", URI: "tmux://nothing"}} {
		if got := complete(ref, "pane_id", "", nil); len(got) != 0 {
			t.Errorf("an unknown reference %v completes to %v", ref, got)
		}
	}
	if got := complete(prompt, "command", "", nil); len(got) != 0 {
		t.Errorf("an argument the prompt has not: %v", got)
	}
}
