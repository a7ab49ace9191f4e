package server_test

import (
	"bytes"
	"context"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/internal/config"
	"github.com/tmuxbuf/tmuxbuf/server"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
)

// BenchmarkTools times one call of each tool on every backend, and the
// tmux command lines that call ran, alone, through tmux's own client. Its
// goals are ratios within one run:
//
//	control/fake  ≤ 1.5: the server's round trip to a live tmux is not
//	                     much more than to the in-process emulator;
//	exec/bare     ≤ 1.2: the server adds little to the tmux process it
//	                     runs.
//
// e.g. go test -run XXX -bench Tools -count 6 ./server | benchstat -col /backend -
//
// Each case runs on a fixture made the same way on every backend; calls
// that change it are undone, untimed, after each call. Left out:
// list_servers, whose cost is the number of sockets in the machine's tmux
// directory; kill_server, which would take the fixture with it; and the
// tools that wait (wait_for_text, run_command, wait_for_channel), whose
// time is their pane's or their channel's.
func BenchmarkTools(b *testing.B) {
	for _, c := range benchCalls {
		b.Run("tool="+c.tool, func(b *testing.B) {
			b.Run("backend=fake", func(b *testing.B) {
				fake := config.NewFakeBackend()
				b.Cleanup(func() { fake.Sockets.Close() })
				benchTool(b, c, fake)
			})
			b.Run("backend=control", func(b *testing.B) {
				d := &server.ControlDialer{SocketName: benchTmux(b)}
				b.Cleanup(func() { d.Close() })
				benchTool(b, c, d)
			})
			b.Run("backend=exec", func(b *testing.B) {
				benchTool(b, c, server.ExecDialer{SocketName: benchTmux(b)})
			})
			b.Run("backend=bare", func(b *testing.B) {
				benchBare(b, c, server.ExecDialer{SocketName: benchTmux(b)})
			})
		})
	}
}

// benchCall is one tool call of BenchmarkTools. setup lines run, untimed,
// before each call, and the output of the last is given to args as made;
// undo lines run, untimed, after it.
type benchCall struct {
	tool  string
	setup func(f benchFixture) [][]string
	args  func(f benchFixture, made string) map[string]any
	undo  func(f benchFixture) [][]string
}

// benchFixture is what every case starts from: session bench, whose window
// one has panes one0 and one1 and whose window two has pane two0, and two
// of the server's own buffers.
type benchFixture struct {
	session, one, two, one0, one1, two0 string
	buffer, doomedBuffer                string
}

// clearLine empties the line of the shell in a pane that a call typed in.
func clearLine(pane string) [][]string { return [][]string{{"send-keys", "-t", pane, "C-u"}} }

var benchCalls = []benchCall{
	{tool: "list_sessions"},
	{tool: "get_server_info"},
	{tool: "list_windows", args: func(f benchFixture, _ string) map[string]any { return map[string]any{"session_id": f.session} }},
	{tool: "get_session_info", args: func(f benchFixture, _ string) map[string]any { return map[string]any{"session_id": f.session} }},
	{tool: "list_panes", args: func(f benchFixture, _ string) map[string]any { return map[string]any{"window_id": f.one} }},
	{tool: "get_window_info", args: func(f benchFixture, _ string) map[string]any { return map[string]any{"window_id": f.one} }},
	{tool: "get_pane_info", args: func(f benchFixture, _ string) map[string]any { return map[string]any{"pane_id": f.one0} }},
	{tool: "find_pane_by_position", args: func(f benchFixture, _ string) map[string]any {
		return map[string]any{"window_id": f.one, "corner": "bottom-right"}
	}},
	{tool: "list_buffers"},
	{tool: "show_buffer", args: func(f benchFixture, _ string) map[string]any { return map[string]any{"buffer_name": f.buffer} }},
	{tool: "load_buffer", args: func(benchFixture, string) map[string]any { return map[string]any{"content": "echo hello\n"} },
		undo: func(benchFixture) [][]string { return [][]string{{"delete-buffer"}} }},
	{tool: "delete_buffer",
		setup: func(f benchFixture) [][]string { return [][]string{{"set-buffer", "-b", f.doomedBuffer, "x"}} },
		args:  func(f benchFixture, _ string) map[string]any { return map[string]any{"buffer_name": f.doomedBuffer} }},
	{tool: "paste_buffer", args: func(f benchFixture, _ string) map[string]any {
		return map[string]any{"buffer_name": f.buffer, "pane_id": f.one0}
	}, undo: func(f benchFixture) [][]string { return clearLine(f.one0) }},
	{tool: "paste_text", args: func(f benchFixture, _ string) map[string]any {
		return map[string]any{"text": "echo hello", "pane_id": f.one0}
	}, undo: func(f benchFixture) [][]string { return clearLine(f.one0) }},
	{tool: "send_keys", args: func(f benchFixture, _ string) map[string]any {
		return map[string]any{"keys": "echo hello", "enter": false, "pane_id": f.one0}
	}, undo: func(f benchFixture) [][]string { return clearLine(f.one0) }},
	{tool: "send_keys_batch", args: func(f benchFixture, _ string) map[string]any {
		return map[string]any{"operations": []any{map[string]any{"keys": "echo", "enter": false, "pane_id": f.one0}}}
	}, undo: func(f benchFixture) [][]string { return clearLine(f.one0) }},
	{tool: "clear_pane", args: func(f benchFixture, _ string) map[string]any { return map[string]any{"pane_id": f.one0} }},
	{tool: "enter_copy_mode", args: func(f benchFixture, _ string) map[string]any { return map[string]any{"pane_id": f.one0} },
		undo: func(f benchFixture) [][]string { return [][]string{{"send-keys", "-X", "-t", f.one0, "cancel"}} }},
	{tool: "exit_copy_mode", args: func(f benchFixture, _ string) map[string]any { return map[string]any{"pane_id": f.one0} },
		setup: func(f benchFixture) [][]string { return [][]string{{"copy-mode", "-t", f.one0}} }},
	{tool: "pipe_pane", args: func(f benchFixture, _ string) map[string]any {
		return map[string]any{"pane_id": f.one0, "output_path": "/dev/null"}
	}, undo: func(f benchFixture) [][]string { return [][]string{{"pipe-pane", "-t", f.one0}} }},
	{tool: "create_session", args: func(benchFixture, string) map[string]any { return map[string]any{"session_name": "made"} },
		undo: func(benchFixture) [][]string { return [][]string{{"kill-session", "-t", "=made"}} }},
	{tool: "rename_session", args: func(f benchFixture, _ string) map[string]any {
		return map[string]any{"session_id": f.session, "new_name": "bench"}
	}},
	{tool: "select_window", args: func(f benchFixture, _ string) map[string]any { return map[string]any{"window_id": f.one} }},
	{tool: "kill_session",
		setup: func(benchFixture) [][]string { return [][]string{{"new-session", "-d", "-s", "doomed"}} },
		args:  func(benchFixture, string) map[string]any { return map[string]any{"session_name": "doomed"} }},
	{tool: "create_window", args: func(f benchFixture, _ string) map[string]any { return map[string]any{"session_id": f.session} },
		undo: func(f benchFixture) [][]string { return [][]string{{"kill-window", "-t", f.session + ":2"}} }},
	{tool: "split_window", args: func(f benchFixture, _ string) map[string]any { return map[string]any{"pane_id": f.two0} },
		undo: func(f benchFixture) [][]string { return [][]string{{"kill-pane", "-a", "-t", f.two0}} }},
	{tool: "rename_window", args: func(f benchFixture, _ string) map[string]any {
		return map[string]any{"window_id": f.one, "new_name": "one"}
	}},
	{tool: "select_layout", args: func(f benchFixture, _ string) map[string]any {
		return map[string]any{"window_id": f.one, "layout": "even-horizontal"}
	}},
	{tool: "resize_window", args: func(f benchFixture, _ string) map[string]any {
		return map[string]any{"window_id": f.two, "width": 80, "height": 24}
	}},
	{tool: "move_window", args: func(f benchFixture, _ string) map[string]any {
		return map[string]any{"window_id": f.two, "destination_index": "5"}
	}, undo: func(f benchFixture) [][]string {
		return [][]string{{"move-window", "-s", f.two, "-t", f.session + ":1"}}
	}},
	{tool: "kill_window",
		setup: func(f benchFixture) [][]string {
			return [][]string{{"new-window", "-d", "-P", "-F", "#{window_id}", "-t", f.session + ":"}}
		},
		args: func(_ benchFixture, made string) map[string]any { return map[string]any{"window_id": made} }},
	{tool: "select_pane", args: func(f benchFixture, _ string) map[string]any { return map[string]any{"pane_id": f.one1} }},
	{tool: "swap_pane", args: func(f benchFixture, _ string) map[string]any {
		return map[string]any{"source_pane_id": f.one0, "target_pane_id": f.one1}
	}},
	{tool: "resize_pane", args: func(f benchFixture, _ string) map[string]any { return map[string]any{"pane_id": f.one0, "height": 10} }},
	{tool: "respawn_pane", args: func(f benchFixture, _ string) map[string]any { return map[string]any{"pane_id": f.two0, "kill": true} }},
	{tool: "set_pane_title", args: func(f benchFixture, _ string) map[string]any { return map[string]any{"pane_id": f.one0, "title": "t"} }},
	{tool: "kill_pane",
		setup: func(f benchFixture) [][]string {
			return [][]string{{"split-window", "-d", "-P", "-F", "#{pane_id}", "-t", f.two0}}
		},
		args: func(_ benchFixture, made string) map[string]any { return map[string]any{"pane_id": made} }},
	{tool: "show_option", args: func(f benchFixture, _ string) map[string]any {
		return map[string]any{"option": "history-limit", "scope": "session", "target": "bench"}
	}},
	{tool: "set_option", args: func(f benchFixture, _ string) map[string]any {
		return map[string]any{"option": "@bench", "value": "1", "scope": "session", "target": "bench"}
	}},
	{tool: "show_environment", args: func(f benchFixture, _ string) map[string]any { return map[string]any{"session_id": f.session} }},
	{tool: "set_environment", args: func(f benchFixture, _ string) map[string]any {
		return map[string]any{"name": "BENCH", "value": "1", "session_id": f.session}
	}},
	{tool: "show_hooks"},
	{tool: "show_hook", args: func(benchFixture, string) map[string]any { return map[string]any{"hook_name": "after-new-window"} }},
	{tool: "capture_pane", args: func(f benchFixture, _ string) map[string]any { return map[string]any{"pane_id": f.one0} }},
	{tool: "snapshot_pane", args: func(f benchFixture, _ string) map[string]any { return map[string]any{"pane_id": f.one0} }},
	{tool: "display_message", args: func(f benchFixture, _ string) map[string]any {
		return map[string]any{"pane_id": f.one0, "format_string": "#{pane_id} #{pane_width}"}
	}},
	{tool: "search_panes", args: func(f benchFixture, _ string) map[string]any {
		return map[string]any{"pattern": "bench", "session_id": f.session}
	}},
	{tool: "signal_channel", args: func(benchFixture, string) map[string]any { return map[string]any{"channel": "bench"} },
		undo: func(benchFixture) [][]string { return [][]string{{"wait-for", "bench"}} }},
	{tool: "call_readonly_tools_batch", args: func(f benchFixture, _ string) map[string]any {
		return map[string]any{"operations": []any{
			map[string]any{"tool": "get_pane_info", "arguments": map[string]any{"pane_id": f.one0}},
			map[string]any{"tool": "list_windows", "arguments": map[string]any{"session_id": f.session}},
		}}
	}},
}

// benchTool times c's call through a tmuxbuf server on d.
func benchTool(b *testing.B, c benchCall, d server.Dialer) {
	cs, f, tmux := benchFixtureOn(b, d)
	made := benchRun(b, tmux, c.setup, f)
	params := &mcp.CallToolParams{Name: c.tool, Arguments: c.arguments(f, made)}
	for b.Loop() {
		res, err := cs.CallTool(context.Background(), params)
		if err != nil || res.IsError {
			b.Fatal(c.tool, err, servertest.ResultText(res))
		}
		b.StopTimer()
		benchRun(b, tmux, c.undo, f)
		if made = benchRun(b, tmux, c.setup, f); made != "" {
			params.Arguments = c.arguments(f, made)
		}
		b.StartTimer()
	}
}

// benchBare times the tmux command lines that c's call runs, as tmux's own
// client runs them: the lines of one call are recorded, then replayed
// without the server. A line's gate (see permit.go) is left out: the bare
// line is what a script would run for the same effect.
func benchBare(b *testing.B, c benchCall, d server.ExecDialer) {
	rec := &recordingDialer{Dialer: d, keepStdin: true}
	cs, f, tmux := benchFixtureOn(b, rec)
	recordedMade := benchRun(b, tmux, c.setup, f)
	before := len(rec.recorded())
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.tool, Arguments: c.arguments(f, recordedMade)})
	if err != nil || res.IsError {
		b.Fatal(c.tool, err, servertest.ResultText(res))
	}
	var runs []recordedRun
	for _, r := range rec.recorded()[before:] {
		if len(r.args) > 9 && r.args[0] == "load-buffer" && strings.HasPrefix(r.args[2], "tmuxbuf_gate_") {
			r = recordedRun{args: r.args[9:]} // the gate and its input
		}
		runs = append(runs, r)
	}
	benchRun(b, tmux, c.undo, f)
	made := benchRun(b, tmux, c.setup, f)
	for b.Loop() {
		for _, r := range runs {
			args := slices.Clone(r.args)
			if made != "" {
				// The recorded call's target was made for it, and is gone.
				for i, a := range args {
					if a == recordedMade {
						args[i] = made
					}
				}
			}
			var stdin io.Reader
			if r.stdin != nil {
				stdin = bytes.NewReader(r.stdin)
			}
			if tmux.Run(context.Background(), args, stdin, io.Discard, io.Discard) != 0 {
				b.Fatal("bare tmux failed:", args)
			}
		}
		b.StopTimer()
		benchRun(b, tmux, c.undo, f)
		made = benchRun(b, tmux, c.setup, f)
		b.StartTimer()
	}
}

func (c benchCall) arguments(f benchFixture, made string) map[string]any {
	if c.args == nil {
		return map[string]any{}
	}
	return c.args(f, made)
}

// benchFixtureOn makes the fixture on d's default server and connects a
// tmuxbuf server to it.
func benchFixtureOn(b *testing.B, d server.Dialer) (*mcp.ClientSession, benchFixture, server.Tmux) {
	srv, err := server.New(server.Config{Tmux: d, Safety: server.TierDestructive, Audit: server.NewAuditLogger(io.Discard)})
	if err != nil {
		b.Fatal(err)
	}
	cs := benchClient(b, srv.MCP())
	tmux := d.Dial("")
	benchRun(b, tmux, func(benchFixture) [][]string {
		return [][]string{
			{"new-session", "-d", "-s", "bench", "-n", "one", "-x", "80", "-y", "24"},
			{"split-window", "-d", "-t", "=bench:one"},
			{"new-window", "-d", "-t", "=bench:1", "-n", "two"},
		}
	}, benchFixture{})
	ids := strings.Fields(benchRun(b, tmux, func(benchFixture) [][]string {
		return [][]string{{"list-panes", "-s", "-t", "=bench", "-F", "#{session_id} #{window_id} #{pane_id}"}}
	}, benchFixture{}))
	if len(ids) != 9 {
		b.Fatalf("fixture: %q", ids)
	}
	f := benchFixture{session: ids[0], one: ids[1], one0: ids[2], one1: ids[5], two: ids[7], two0: ids[8]}
	for _, name := range []*string{&f.buffer, &f.doomedBuffer} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "load_buffer", Arguments: map[string]any{"content": "echo hello"}})
		if err != nil || res.IsError {
			b.Fatal(err, res)
		}
		*name = res.StructuredContent.(map[string]any)["buffer_name"].(string)
	}
	return cs, f, tmux
}

// benchRun runs the lines that lines gives for f, failing b if one fails,
// and returns the last one's output, trimmed.
func benchRun(b *testing.B, tmux server.Tmux, lines func(benchFixture) [][]string, f benchFixture) string {
	if lines == nil {
		return ""
	}
	var out, errs bytes.Buffer
	for _, line := range lines(f) {
		out.Reset()
		if tmux.Run(context.Background(), line, nil, &out, &errs) != 0 {
			b.Fatalf("%q: %s", line, errs.Bytes())
		}
	}
	return strings.TrimSpace(out.String())
}
