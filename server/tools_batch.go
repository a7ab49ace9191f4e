package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/internal/argspec"
)

// The batch tools call other tools, one after another, in one call: each
// nested call goes through everything a call goes through (decoding, the
// permits, the audit log, its own record), and a batch refuses a tool
// above its own tier, another batch, and a tool that waits within a
// ceiling of its own, which a batch would multiply.

// maxBatchOperations bounds one batch, as libtmux-mcp's.
const maxBatchOperations = 1000

// annBatch: a batch may do what its tools do.
var annBatch = mcp.ToolAnnotations{DestructiveHint: yes, OpenWorldHint: yes}

var batchTools = []tool{
	newTool(tool{
		name:  "call_readonly_tools_batch",
		title: "Call Readonly Tools Batch",
		desc: "Call several read-only tools in one turn, in order, each as if called alone. " +
			"A tool that changes tmux, a tool that waits, and a batch are refused, whatever this server's tier.",
		tier:        TierReadonly,
		annotations: annReadOnly,
		batch:       true,
	}, (*Server).callReadonlyBatch),
	newTool(tool{
		name:  "call_mutating_tools_batch",
		title: "Call Mutating Tools Batch",
		desc: "Call several read-only or mutating tools in one turn, in order, each as if called alone. " +
			"A destructive tool, a tool that waits, and a batch are refused.",
		tier:        TierMutating,
		annotations: annBatch,
		batch:       true,
	}, (*Server).callMutatingBatch),
	newTool(tool{
		name:  "call_destructive_tools_batch",
		title: "Call Destructive Tools Batch",
		desc: "Call several tools of any tier in one turn, in order, each as if called alone. " +
			"A tool that waits, and a batch, are refused.",
		tier:        TierDestructive,
		annotations: annBatch,
		batch:       true,
	}, (*Server).callDestructiveBatch),
}

type toolCallOperation struct {
	Tool      string         `json:"tool" desc:"The name of the tool to call."`
	Arguments argspec.Object `json:"arguments" default:"{}" desc:"Its arguments."`
}

type batchArgs struct {
	Operations []toolCallOperation `json:"operations" desc:"The calls to make, in order (1 to 1000)."`
	OnError    string              `json:"on_error" default:"\"stop\"" enum:"stop,continue" desc:"stop: make no call after one that failed; continue: make them all."`
}

type toolCallOperationResult struct {
	Index             int64            `json:"index" desc:"Its place in operations, from 0."`
	Tool              string           `json:"tool" desc:"The tool it called."`
	Success           bool             `json:"success" desc:"Whether the call succeeded."`
	Error             *string          `json:"error" desc:"What went wrong, when it failed."`
	Content           []map[string]any `json:"content" desc:"The call's content blocks."`
	StructuredContent *map[string]any  `json:"structured_content" desc:"The call's structured content, if any."`
	Meta              *map[string]any  `json:"meta" desc:"The call's _meta, if any."`
	ElapsedSeconds    float64          `json:"elapsed_seconds" desc:"How long it took."`
}

type toolCallBatchResult struct {
	Results                []toolCallOperationResult `json:"results" desc:"The calls made, in order."`
	Succeeded              int64                     `json:"succeeded" desc:"How many succeeded."`
	Failed                 int64                     `json:"failed" desc:"How many failed."`
	StoppedAt              *int64                    `json:"stopped_at" desc:"The index of the failed call after which on_error stop made no more, if any."`
	ResponseTruncated      bool                      `json:"response_truncated" desc:"Whether calls' content was left out, for the reply to fit."`
	ResponseTruncatedBytes int64                     `json:"response_truncated_bytes" desc:"About how many bytes were left out."`
}

func (toolCallBatchResult) SchemaDescription() string {
	return "The calls of a batch, and how each went."
}

func (s *Server) callReadonlyBatch(ctx context.Context, a batchArgs) (toolCallBatchResult, error) {
	return s.callBatch(ctx, a, TierReadonly)
}

func (s *Server) callMutatingBatch(ctx context.Context, a batchArgs) (toolCallBatchResult, error) {
	return s.callBatch(ctx, a, TierMutating)
}

func (s *Server) callDestructiveBatch(ctx context.Context, a batchArgs) (toolCallBatchResult, error) {
	return s.callBatch(ctx, a, TierDestructive)
}

var errBatchSize = fmt.Errorf("operations must hold 1 to %d tool calls", maxBatchOperations)

func (s *Server) callBatch(ctx context.Context, a batchArgs, tier Tier) (toolCallBatchResult, error) {
	if len(a.Operations) == 0 || len(a.Operations) > maxBatchOperations {
		return toolCallBatchResult{}, validationError(errBatchSize)
	}
	var res toolCallBatchResult
	res.Results, res.Succeeded, res.Failed, res.StoppedAt = runOperations(len(a.Operations), a.OnError, func(i int) (toolCallOperationResult, bool) {
		op := a.Operations[i]
		started := time.Now()
		r := s.callNested(ctx, op, tier)
		r.Index, r.Tool, r.ElapsedSeconds = int64(i), op.Tool, time.Since(started).Seconds()
		return r, r.Success
	})
	return s.fitBatch(res), nil
}

// runOperations runs the n operations of a batch in order, each with do,
// which says whether it succeeded, and counts them. With on_error stop it
// runs none after the first that failed, and stoppedAt is that one's
// index, as libtmux-mcp's batches have it.
func runOperations[R any](n int, onError string, do func(i int) (R, bool)) (results []R, succeeded, failed int64, stoppedAt *int64) {
	results = []R{}
	for i := range n {
		r, ok := do(i)
		results = append(results, r)
		if ok {
			succeeded++
			continue
		}
		failed++
		if onError == "stop" {
			at := int64(i)
			return results, succeeded, failed, &at
		}
	}
	return results, succeeded, failed, nil
}

// callNested makes one call of a batch, as the batch's caller would have
// made it, or says why it may not.
func (s *Server) callNested(ctx context.Context, op toolCallOperation, tier Tier) toolCallOperationResult {
	t, known := toolNamed(op.Tool)
	var refused error
	switch {
	case !known:
		refused = fmt.Errorf("unknown tool %q", shorten(op.Tool, 64))
	case t.batch:
		refused = errors.New("a batch cannot call a batch")
	case t.selfBounded:
		refused = fmt.Errorf("%s waits within a ceiling of its own, which a batch would multiply: call it alone", t.name)
	case t.tier > tier:
		refused = fmt.Errorf("%s needs safety tier %q, above this batch's %q", t.name, t.tier, tier)
	case t.tier > s.cfg.Safety:
		refused = errToolTier(t.name, t.tier, s.cfg.Safety)
	}
	if refused != nil {
		msg := refused.Error()
		return toolCallOperationResult{Error: &msg, Content: []map[string]any{}}
	}
	req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: op.Tool, Arguments: json.RawMessage(op.Arguments)}}
	if outer := requestOf(ctx); outer != nil {
		req.Session = outer.Session
	}
	res, _ := s.handler(t)(withNested(ctx), req)
	return nestedResult(res)
}

// nestedResult is a call's result as a batch reports it.
func nestedResult(res *mcp.CallToolResult) toolCallOperationResult {
	r := toolCallOperationResult{Success: !res.IsError, Content: []map[string]any{}}
	for _, c := range res.Content {
		raw, _ := json.Marshal(c)
		var block map[string]any
		json.Unmarshal(raw, &block)
		r.Content = append(r.Content, block)
	}
	if res.IsError {
		text := textOf(res)
		r.Error = &text
	}
	if sc, ok := res.StructuredContent.(json.RawMessage); ok {
		var m map[string]any
		if json.Unmarshal(sc, &m) == nil {
			r.StructuredContent = &m
		}
	}
	if len(res.Meta) > 0 {
		m := map[string]any(res.Meta)
		r.Meta = &m
	}
	return r
}

// textOf is the text of a result's text content.
func textOf(res *mcp.CallToolResult) string {
	var text string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			text += tc.Text
		}
	}
	return text
}

// truncatedContent stands for the content a batch left out.
var truncatedContent = map[string]any{"type": "text", "text": "[... batch truncated nested content ...]"}

// fitBatch keeps a batch's reply within the reply bound: the content of
// its calls is left out, the first calls' first, until it fits, and the
// result says so.
func (s *Server) fitBatch(res toolCallBatchResult) toolCallBatchResult {
	budget := s.cfg.MaxReplyBytes - replyIDReserve - len(`{"jsonrpc":"2.0","id":,"result":}`+"\n") - 512
	size := func() int {
		out, err := tool{}.successResult(res)
		if err != nil {
			return 0
		}
		data, _ := json.Marshal(out)
		return len(data)
	}
	before := size()
	for i := range res.Results {
		if before <= budget {
			break
		}
		r := &res.Results[i]
		if len(r.Content) == 0 && r.StructuredContent == nil {
			continue
		}
		r.Content, r.StructuredContent = []map[string]any{truncatedContent}, nil
		res.ResponseTruncated = true
		after := size()
		res.ResponseTruncatedBytes += int64(before - after)
		before = after
	}
	return res
}

type nestedKey struct{}

// withNested marks a call made by a batch: its reply is a part of the
// batch's, which no transport splices large content into.
func withNested(ctx context.Context) context.Context {
	return context.WithValue(ctx, nestedKey{}, true)
}

func isNested(ctx context.Context) bool { nested, _ := ctx.Value(nestedKey{}).(bool); return nested }
