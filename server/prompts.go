package server

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/internal/argspec"
)

// The prompts are libtmux-mcp's recipes, in our words: templates an agent
// is handed to do a common thing well with the tools. Each is declared
// once here, and serves prompts/get, the prompt tools that clients without
// prompts use (LIBTMUX_MCP_PROMPTS_AS_TOOLS), and completion of its
// arguments.

type prompt struct {
	name, title, desc string
	args              []promptArg
	render            func(args map[string]string) string
}

type promptArg struct {
	name, desc string
	required   bool
	def        string // for an optional one
}

var prompts = []prompt{
	{
		name:  "run_and_wait",
		title: "Run a Command and Wait",
		desc:  "Run a shell command in a pane, wait until it ends, and read its exit status and output, in one call.",
		args: []promptArg{
			{name: "command", desc: "The shell command.", required: true},
			{name: "pane_id", desc: "The pane to run it in, e.g. %1.", required: true},
			{name: "timeout", desc: "Seconds to wait for it, at most.", def: "60"},
		},
		render: func(a map[string]string) string {
			history, warning := "", ""
			if strings.ContainsAny(a["command"], "\r\n") {
				history = "    suppress_history=false,\n"
				warning = "\nThe command spans lines, so its shell history cannot be kept clean: the shell may record it.\n"
			}
			return fmt.Sprintf("In tmux pane %s, run this command and wait for it to end:\n\n"+
				"    run_command(\n        pane_id=%s,\n        command=%s,\n%s        timeout=%s,\n        max_lines=100,\n    )\n%s\n"+
				"Decide from the result: exit_status, timed_out and output. Do not send_keys and then capture_pane "+
				"in a loop: run_command knows when the command ends, and keeps the end of its output.\n\n"+
				"The server bounds every wait (30 s unless configured otherwise): effective_timeout says what it "+
				"allowed. A command that needs longer goes on running in the pane; call again to wait for it.\n\n"+
				"For a shell that must keep its state, or a program that reads keys, use send_keys or send_keys_batch, "+
				"and read later output with capture_since.\n",
				a["pane_id"], strconv.Quote(a["pane_id"]), strconv.Quote(a["command"]), history, a["timeout"], warning)
		},
	},
	{
		name:  "diagnose_failing_pane",
		title: "Diagnose a Failing Pane",
		desc:  "Look at what a pane shows, find the command that failed and its last output, and propose a cause and a check, running nothing.",
		args:  []promptArg{{name: "pane_id", desc: "The pane to look at, e.g. %1.", required: true}},
		render: func(a map[string]string) string {
			p := strconv.Quote(a["pane_id"])
			return fmt.Sprintf("Something went wrong in tmux pane %s. Find out what:\n\n"+
				"1. snapshot_pane(pane_id=%s): its content, cursor, mode and scroll position in one call.\n"+
				"2. If content_truncated is true, call it again with max_lines=null.\n"+
				"3. To follow the pane over several turns, call capture_since(pane_id=%s) and pass the cursor it "+
				"returns to each later capture_since.\n"+
				"4. Find the last command run (the prompt line, and the line above it) and its last line of output.\n"+
				"5. Say what you think went wrong, and the smallest command that would confirm it. Run nothing yet: "+
				"the plan comes first.\n", a["pane_id"], p, p)
		},
	},
	{
		name:  "build_dev_workspace",
		title: "Build a Development Workspace",
		desc:  "Make a session of three panes: an editor above, a shell below on the left, and a log on the right.",
		args: []promptArg{
			{name: "session_name", desc: "The new session's name.", required: true},
			{name: "log_command", desc: "What the log pane runs.", def: "watch -n 1 date"},
		},
		render: func(a map[string]string) string {
			return fmt.Sprintf("Build a development workspace, session %s: an editor above, a shell below on the left, "+
				"a log on the right.\n\n"+
				"1. create_session(session_name=%s). Its active_pane_id is the editor's pane: call it %%A.\n"+
				"2. split_window(pane_id=\"%%A\", direction=\"below\"). The new pane_id is the shell's: %%B.\n"+
				"3. split_window(pane_id=\"%%B\", direction=\"right\"). The new pane_id is the log's: %%C.\n"+
				"4. send_keys(pane_id=\"%%A\", keys=\"vim\") and send_keys(pane_id=\"%%C\", keys=%s). The shell needs "+
				"nothing. No wait is needed first: tmux holds the keys for the pane's program until it reads them.\n"+
				"5. If you want to see that each program started, wait_for_text(pane_id=\"%%A\", patterns=null, "+
				"timeout=3) waits for any new output, whatever the program draws; the same for %%C.\n\n"+
				"Name panes by their ids (%%N) from then on: they stay the same when the layout changes, where window "+
				"names may not.\n", a["session_name"], strconv.Quote(a["session_name"]), strconv.Quote(a["log_command"]))
		},
	},
	{
		name:  "interrupt_gracefully",
		title: "Interrupt a Command Gracefully",
		desc:  "Interrupt what runs in a pane with C-c, and check that the shell is back; never escalate on its own.",
		args:  []promptArg{{name: "pane_id", desc: "The pane, e.g. %1.", required: true}},
		render: func(a map[string]string) string {
			p := strconv.Quote(a["pane_id"])
			return fmt.Sprintf("Interrupt what runs in tmux pane %s, and check that its shell is back:\n\n"+
				"1. get_pane_info(pane_id=%s): note pane_current_command, the thing to change.\n"+
				"2. send_keys(pane_id=%s, keys=\"C-c\", enter=false): tmux sends C-c as SIGINT.\n"+
				"3. wait_for_text(pane_id=%s, patterns=[\"\\\\$\", \"\\\\#\", \"\\\\%%\", \">\"], regex=true, timeout=5): "+
				"wait for a prompt (adjust the glyphs to the user's shell). Do not put ^C in stop: the terminal "+
				"echoes it whenever SIGINT arrives, whether or not the program ends.\n"+
				"4. get_pane_info(pane_id=%s) again. If pane_current_command is a shell once more, it worked; believe "+
				"this over the wait, which times out on a prompt it did not expect.\n"+
				"5. If the command is still the same, the program ignores SIGINT: stop and ask what to do. Do not send "+
				"C-\\ (SIGQUIT) or kill anything on your own.\n", a["pane_id"], p, p, p, p)
		},
	},
}

// promptNamed is the prompt of that name, if there is one.
func promptNamed(name string) (prompt, bool) {
	i := slices.IndexFunc(prompts, func(p prompt) bool { return p.name == name })
	if i < 0 {
		return prompt{}, false
	}
	return prompts[i], true
}

func (p prompt) definition() *mcp.Prompt {
	def := &mcp.Prompt{Name: p.name, Title: p.title, Description: p.desc}
	for _, a := range p.args {
		def.Arguments = append(def.Arguments, &mcp.PromptArgument{Name: a.name, Description: a.desc, Required: a.required})
	}
	return def
}

// get renders the prompt with args, given as prompts/get gives them:
// every required one, defaults for the others, none unknown.
func (p prompt) get(args map[string]string) (*mcp.GetPromptResult, error) {
	full := map[string]string{}
	for _, a := range p.args {
		v, given := args[a.name]
		switch {
		case !given && a.required:
			return nil, validationError(fmt.Errorf("prompt %s needs argument %q", p.name, a.name))
		case !given:
			v = a.def
		}
		full[a.name] = v
	}
	for name := range args {
		if _, known := full[name]; !known {
			return nil, validationError(fmt.Errorf("prompt %s takes no argument %q", p.name, shorten(name, 64)))
		}
	}
	if t, ok := full["timeout"]; ok {
		if _, err := strconv.ParseFloat(t, 64); err != nil {
			return nil, validationError(errors.New("timeout must be a number of seconds"))
		}
	}
	return &mcp.GetPromptResult{
		Description: p.desc,
		Messages:    []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: p.render(full)}}},
	}, nil
}

func (p prompt) handler(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	return p.get(req.Params.Arguments)
}

// The prompt tools, for clients that cannot ask for prompts: with
// LIBTMUX_MCP_PROMPTS_AS_TOOLS=1, as libtmux-mcp adds them, but at the
// readonly tier, so that a tier hides and refuses them as it does any
// tool (libtmux-mcp's have none, and its tier gate may hide them).

var promptTools = []tool{
	newTool(tool{
		name:        "list_prompts",
		title:       "List Prompts",
		desc:        "List the prompts (recipes for common tmux work) and their arguments, for a client that cannot ask for prompts.",
		tier:        TierReadonly,
		annotations: annReadOnly,
		promptTool:  true,
	}, (*Server).listPrompts),
	newTool(tool{
		name:        "get_prompt",
		title:       "Get Prompt",
		desc:        "Render a prompt with its arguments, for a client that cannot ask for prompts.",
		tier:        TierReadonly,
		annotations: annReadOnly,
		promptTool:  true,
	}, (*Server).getPrompt),
}

type promptInfo struct {
	Name        string               `json:"name"`
	Title       string               `json:"title"`
	Description string               `json:"description"`
	Arguments   []promptArgumentInfo `json:"arguments"`
}

type promptArgumentInfo struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Required    bool   `json:"required"`
}

type listPromptsArgs struct{}

func (s *Server) listPrompts(context.Context, listPromptsArgs) ([]promptInfo, error) {
	out := []promptInfo{}
	for _, p := range prompts {
		info := promptInfo{Name: p.name, Title: p.title, Description: p.desc, Arguments: []promptArgumentInfo{}}
		for _, a := range p.args {
			info.Arguments = append(info.Arguments, promptArgumentInfo{a.name, a.desc, a.required})
		}
		out = append(out, info)
	}
	return out, nil
}

type getPromptArgs struct {
	Name      string          `json:"name" desc:"The prompt's name, as list_prompts gives it."`
	Arguments argspec.FlexMap `json:"arguments" default:"null" desc:"Its arguments, {\"name\": \"value\"}."`
}

type promptMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type getPromptResult struct {
	Description string          `json:"description"`
	Messages    []promptMessage `json:"messages"`
}

func (s *Server) getPrompt(_ context.Context, a getPromptArgs) (getPromptResult, error) {
	p, ok := promptNamed(a.Name)
	if !ok {
		return getPromptResult{}, refusal(fmt.Errorf("no prompt %q", shorten(a.Name, 64)), "Call list_prompts for the prompts there are.")
	}
	res, err := p.get(a.Arguments)
	if err != nil {
		return getPromptResult{}, err
	}
	out := getPromptResult{Description: res.Description}
	for _, m := range res.Messages {
		out.Messages = append(out.Messages, promptMessage{Role: string(m.Role), Content: m.Content.(*mcp.TextContent).Text})
	}
	return out, nil
}
