package server

import (
	"context"
	"encoding/json"
	"reflect"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/internal/argspec"
)

// A tool is one MCP tool, declared once: its name, title, tier,
// annotations and description, and a typed function whose argument and
// result structs give both schemas (see package argspec) and the decoding
// of its calls. Each family's tools are declared in its tools_<family>.go.
type tool struct {
	name, title, desc string
	tier              Tier
	annotations       mcp.ToolAnnotations
	// alwaysLoad is libtmux-mcp's discovery hint (anthropic/alwaysLoad in
	// the tool's _meta), on the tools an agent reaches for first.
	alwaysLoad bool
	// selfBounded marks a tool that waits, within a ceiling of its own:
	// it is never retried, and no batch may call it.
	selfBounded bool
	// defaults, if set, are the defaults of arguments that depend on the
	// server's configuration, by argument name: what the tool advertises
	// and what an omitted argument becomes.
	defaults func(Config) map[string]any
	// batch marks a tool that calls others, which no batch may call.
	batch bool
	// promptTool marks list_prompts and get_prompt, offered only with
	// Config.PromptsAsTools.
	promptTool bool

	args   *argspec.Spec
	result reflect.Type
	output argspec.Schema
	wraps  bool // the result goes under "result" (argspec.Output)
	decode func(raw json.RawMessage) (any, error)
	exec   func(s *Server, ctx context.Context, args any) (any, error)
	// decoder makes decode for a spec of the same struct.
	decoder func(*argspec.Spec) func(json.RawMessage) (any, error)
}

// newTool completes t with run, a method of Server that takes its
// arguments as A and answers with R.
func newTool[A, R any](t tool, run func(*Server, context.Context, A) (R, error)) tool {
	t.args = argspec.For[A]()
	t.result = reflect.TypeFor[R]()
	t.output = argspec.Output[R]()
	t.wraps = argspec.Wraps(reflect.TypeFor[R]())
	t.decoder = func(spec *argspec.Spec) func(json.RawMessage) (any, error) {
		return func(raw json.RawMessage) (any, error) {
			a := new(A)
			if err := spec.Decode(raw, a); err != nil {
				return nil, validationError(err)
			}
			return a, nil
		}
	}
	t.decode = t.decoder(t.args)
	t.exec = func(s *Server, ctx context.Context, a any) (any, error) {
		return run(s, ctx, *a.(*A))
	}
	return t
}

// The annotation presets of libtmux-mcp, by what a tool does.
var (
	// annReadOnly: reads, and changes nothing.
	annReadOnly = mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: no, IdempotentHint: true, OpenWorldHint: no}
	// annMutating: changes state, the same way each time.
	annMutating = mcp.ToolAnnotations{DestructiveHint: no, IdempotentHint: true, OpenWorldHint: no}
	// annCreate: makes something new each time.
	annCreate = mcp.ToolAnnotations{DestructiveHint: no, OpenWorldHint: no}
	// annShell: what it sends runs in a shell, which reaches anywhere.
	annShell = mcp.ToolAnnotations{DestructiveHint: no, OpenWorldHint: yes}
	// annDestructive: destroys something.
	annDestructive = mcp.ToolAnnotations{DestructiveHint: yes, OpenWorldHint: no}
)

// yes and no are for the annotations whose value must be spelt out, being
// pointers whose nil means "unknown".
var yes, no = func() (*bool, *bool) { t, f := true, false; return &t, &f }()

// configured is t as a server with cfg offers it: with the defaults that
// depend on cfg.
func (t tool) configured(cfg Config) tool {
	if t.defaults == nil {
		return t
	}
	for name, v := range t.defaults(cfg) {
		value, err := json.Marshal(v)
		if err != nil {
			panic(err)
		}
		t.args = t.args.WithDefault(name, value)
	}
	t.decode = t.decoder(t.args)
	return t
}

// definition is what the tool advertises.
func (t tool) definition() *mcp.Tool {
	def := &mcp.Tool{
		Name:         t.name,
		Title:        t.title,
		Description:  t.desc,
		InputSchema:  t.args.InputSchema(),
		OutputSchema: t.output,
		Annotations:  &t.annotations,
	}
	if t.alwaysLoad {
		def.Meta = mcp.Meta{"anthropic/alwaysLoad": true}
	}
	return def
}

// successResult is a tool's answer: its result as structured content, under
// "result" for a tool that wraps it, and as text: a text result as itself,
// any other as its JSON, as libtmux-mcp's server (FastMCP) answers.
func (t tool) successResult(out any) (*mcp.CallToolResult, error) {
	var structured any = out
	if t.wraps {
		structured = map[string]any{"result": out}
	}
	data, err := json.Marshal(structured)
	if err != nil {
		return nil, err
	}
	text, isText := out.(string)
	if !isText {
		if text, err = marshalText(out, t.wraps, data); err != nil {
			return nil, err
		}
	}
	return &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: text}},
		StructuredContent: json.RawMessage(data),
	}, nil
}

// marshalText is a result's text: its own JSON, which for a wrapped result
// is not the structured content's.
func marshalText(out any, wraps bool, structured []byte) (string, error) {
	if !wraps {
		return string(structured), nil
	}
	data, err := json.Marshal(out)
	return string(data), err
}

// families are the tools by family, in libtmux-mcp's order of
// registration, each declared in its tools_<family>.go.
var families = []struct {
	name  string
	tools []tool
}{
	{"server", serverTools},
	{"session", sessionTools},
	{"window", windowTools},
	{"pane", paneTools},
	{"pane input", ioTools},
	{"wait", waitTools},
	{"pane read", readTools},
	{"option", optionTools},
	{"env", envTools},
	{"buffer", bufferTools},
	{"hook", hookTools},
	{"batch", batchTools},
	{"prompt", promptTools},
}

// tools is every tool the server can offer; the safety tier picks which it
// does.
var tools = func() []tool {
	var all []tool
	for _, f := range families {
		all = append(all, f.tools...)
	}
	return all
}()

// toolsByName indexes tools. It is made by init, not by its declaration:
// the batch tools look tools up, and would otherwise be part of their own
// initialisation.
var toolsByName map[string]tool

func init() {
	toolsByName = make(map[string]tool, len(tools))
	for _, t := range tools {
		toolsByName[t.name] = t
	}
}

// toolNamed is the tool of that name, if the server has one.
func toolNamed(name string) (tool, bool) {
	t, ok := toolsByName[name]
	return t, ok
}
