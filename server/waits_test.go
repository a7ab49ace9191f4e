package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/internal/lockedbuf"
	"github.com/tmuxbuf/tmuxbuf/server"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
)

// backends are the ways the test's tmux is reached: the emulator in fake
// mode; the exec and control backends against real tmux.
func (e *tmuxEnv) backends() map[string]server.Dialer {
	e.t.Helper()
	if e.bin == "" {
		return map[string]server.Dialer{"fake": e.dialer()}
	}
	control := &server.ControlDialer{SocketName: e.socket}
	e.t.Cleanup(func() { control.Close() })
	return map[string]server.Dialer{"exec": e.dialer(), "control": control}
}

// forEachBackend runs test with e's server on each backend, then
// connects e as it was, on its own backend.
func forEachBackend(t *testing.T, e *tmuxEnv, test func(t *testing.T, backend string), configure ...func(*server.Config)) {
	for name, d := range e.backends() {
		t.Run(name, func(t *testing.T) {
			e.t = t
			defer func() { e.t = t }()
			e.connect(append([]func(*server.Config){func(c *server.Config) { c.Tmux = d }}, configure...)...)
			test(t, name)
		})
	}
	e.t = t
	e.connect()
}

// shell is a new window's pane running sh with a prompt of its own
// (sh takes none from the environment as root), once the prompt shows.
func (e *tmuxEnv) shell() string {
	e.t.Helper()
	pane := strings.TrimSpace(e.mustTmux("new-window", "-d", "-P", "-F", "#{pane_id}", "sh"))
	waitFor(e.t, "a shell's prompt", func() (bool, string) {
		screen := e.mustTmux("capture-pane", "-p", "-t", pane)
		return strings.TrimSpace(screen) != "", screen
	})
	e.setPrompt(pane)
	return pane
}

func (e *tmuxEnv) setPrompt(pane string) {
	e.t.Helper()
	e.mustTmux("send-keys", "-t", pane, "PS1='ready''$ '", "Enter")
	e.awaitScreen(pane, "ready$ ")
}

// awaitScreen waits until pane's screen shows want.
func (e *tmuxEnv) awaitScreen(pane, want string) {
	e.t.Helper()
	waitFor(e.t, fmt.Sprintf("%q on %s", want, pane), func() (bool, string) {
		screen := e.mustTmux("capture-pane", "-p", "-J", "-t", pane)
		return strings.Contains(screen, want), screen
	})
}

// callAsync makes a call in the background; its result comes on the
// channel.
func (e *tmuxEnv) callAsync(ctx context.Context, tool string, args any) <-chan *mcp.CallToolResult {
	ch := make(chan *mcp.CallToolResult, 1)
	go func() {
		res, err := e.client.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
		if err != nil {
			res = &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "protocol error: " + err.Error()}}}
		}
		ch <- res
	}()
	return ch
}

// startWait makes a call of a wait in the background and returns once the
// wait is under way: once it has read the pane or started its tmux
// client, when it tells a client that asked of its progress the first
// time. Its result comes on the channel.
func (e *tmuxEnv) startWait(tool string, args map[string]any) <-chan *mcp.CallToolResult {
	e.t.Helper()
	started := make(chan struct{})
	once := sync.OnceFunc(func() { close(started) })
	client := mcp.NewClient(&mcp.Implementation{Name: "waiter", Version: "0"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(context.Context, *mcp.ProgressNotificationClientRequest) { once() },
	})
	ct, st := mcp.NewInMemoryTransports()
	if _, err := e.srv.MCP().Connect(e.t.Context(), st, nil); err != nil {
		e.t.Fatal(err)
	}
	cs, err := client.Connect(e.t.Context(), ct, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	ch := make(chan *mcp.CallToolResult, 1)
	go func() {
		defer cs.Close()
		params := &mcp.CallToolParams{Name: tool, Arguments: args}
		params.SetProgressToken("started")
		res, err := cs.CallTool(context.Background(), params)
		if err != nil {
			res = &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "protocol error: " + err.Error()}}}
		}
		once()
		ch <- res
	}()
	<-started
	return ch
}

func structured(res *mcp.CallToolResult) map[string]any {
	m, _ := res.StructuredContent.(map[string]any)
	return m
}

func strs(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// TestWaitForText: a wait ends on a pattern written after it began, on a
// stop marker before a pattern, on any output with patterns null, or on
// its timeout, honestly: saying what it saw, and that a pattern was on the
// screen already.
func TestWaitForText(t *testing.T) {
	e := newEnv(t)
	forEachBackend(t, e, func(t *testing.T, backend string) {
		pane := e.shell()

		// A pattern, written after the wait began.
		wait := e.startWait("wait_for_text", map[string]any{"patterns": []string{"no", "DONE-[0-9]+"}, "regex": true, "pane_id": pane, "timeout": 20})
		e.mustTmux("send-keys", "-t", pane, "printf 'DON''E-%s\\n' 42", "Enter")
		got := structured(<-wait)
		if got["outcome"] != "matched" || got["found"] != true || got["matched_index"] != 1.0 || !slices.Equal(strs(got["matched_lines"]), []string{"DONE-42"}) ||
			got["saw_new_output"] != true || got["pane_id"] != pane || got["effective_timeout"] != 20.0 {
			t.Errorf("a pattern written: %v", got)
		}
		if tail := strs(got["tail"]); !slices.Contains(tail, "DONE-42") {
			t.Errorf("tail %q lacks the match", tail)
		}

		// Already on the screen: not matched, and said so.
		got = e.ok("wait_for_text", map[string]any{"patterns": []string{"done-42"}, "pane_id": pane, "timeout": 0.3})
		if got["outcome"] != "timeout" || got["found"] != false || got["matched_at_entry"] != true || got["saw_new_output"] != false || got["matched_index"] != nil {
			t.Errorf("a pattern there before the wait: %v", got)
		}
		if got["elapsed_seconds"].(float64) < 0.3 {
			t.Errorf("a wait of 0.3 s ended after %v s", got["elapsed_seconds"])
		}

		// stop before patterns; case matters with match_case.
		// (printf writes the three lines at once, which the typed line
		// holds none of)
		wait = e.startWait("wait_for_text", map[string]any{"patterns": []string{"OK"}, "stop": []string{"FAILED"}, "match_case": true, "pane_id": pane, "timeout": 20})
		e.mustTmux("send-keys", "-t", pane, `printf 'fail''ed\nO''K\nFAIL''ED\n'`, "Enter")
		got = structured(<-wait)
		if got["outcome"] != "stopped" || got["found"] != false || got["matched_index"] != 0.0 {
			t.Errorf("a stop marker: %v", got)
		}

		// Any output at all. A line the same as one at the start (the
		// prompt), written anew below it, is new.
		e.awaitScreen(pane, "FAILED\nready$ ")
		wait = e.startWait("wait_for_text", map[string]any{"pane_id": pane, "timeout": 20})
		e.mustTmux("send-keys", "-t", pane, "x")
		got = structured(<-wait)
		if got["outcome"] != "any_output" || got["found"] != true || !slices.Equal(strs(got["matched_lines"]), []string{"ready$ x"}) {
			t.Errorf("any output: %v", got)
		}
		e.mustTmux("send-keys", "-t", pane, "BSpace")
		waitFor(t, "the x erased", func() (bool, string) {
			screen := e.mustTmux("capture-pane", "-p", "-t", pane)
			return !strings.Contains(screen, "ready$ x"), screen
		})
		wait = e.startWait("wait_for_text", map[string]any{"patterns": []string{`^ready\$ $`}, "regex": true, "pane_id": pane, "timeout": 20})
		e.mustTmux("send-keys", "-t", pane, "Enter")
		if got = structured(<-wait); got["outcome"] != "matched" {
			t.Errorf("the prompt again, on a new line: %v", got)
		}
	})
}

// TestWaitForTextRefuses what libtmux-mcp refuses, without quoting it.
func TestWaitForTextRefuses(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"interval": 0.001}, "interval must be at least 0.01 seconds"},
		{map[string]any{"timeout": 0}, "timeout must be positive"},
		{map[string]any{"timeout": -1}, "timeout must be positive"},
		{map[string]any{"patterns": []string{}}, "patterns must be a non-empty list, or null"},
		{map[string]any{"patterns": []string{"a", ""}}, "patterns item 1 must be a non-empty string"},
		{map[string]any{"stop": []string{"(secret"}, "regex": true}, "stop item 0 is not a regular expression: missing closing )"},
		{map[string]any{"pane_id": "%99"}, "pane %99 not found"},
	} {
		got := e.fails("wait_for_text", tc.args)
		if !strings.Contains(got, tc.want) || strings.Contains(got, "secret") {
			t.Errorf("%v: %q, want %q", tc.args, got, tc.want)
		}
	}
}

// TestWaitCeiling: a timeout beyond LIBTMUX_MCP_WAIT_MAX_SECONDS is cut to
// it, and every wait says so.
func TestWaitCeiling(t *testing.T) {
	e := newEnv(t, func(c *server.Config) { c.WaitMax = time.Second })
	pane := e.shell()
	got := e.ok("wait_for_text", map[string]any{"patterns": []string{"never"}, "pane_id": pane, "timeout": 100})
	if got["effective_timeout"] != 1.0 || got["outcome"] != "timeout" || got["elapsed_seconds"].(float64) < 1 {
		t.Errorf("wait_for_text past the ceiling: %v", got)
	}
	got = e.ok("run_command", map[string]any{"command": "sleep 30", "pane_id": pane, "timeout": 100})
	if got["effective_timeout"] != 1.0 || got["timed_out"] != true || got["exit_status"] != nil {
		t.Errorf("run_command past the ceiling: %v", got)
	}
	if msg := e.fails("wait_for_channel", map[string]any{"channel": "never", "timeout": 100}); !strings.Contains(msg, "channel never was not signalled within 1.0s") {
		t.Errorf("wait_for_channel past the ceiling: %q", msg)
	}
	// The server's own bounds: 1 to 120 s.
	for set, want := range map[time.Duration]float64{time.Millisecond: 1, time.Hour: 120} {
		e.connect(func(c *server.Config) { c.WaitMax = set })
		got := e.ok("wait_for_text", map[string]any{"pane_id": pane, "timeout": 0.5, "patterns": []string{"never"}})
		if got["effective_timeout"] != min(0.5, want) {
			t.Errorf("WaitMax %v: %v", set, got)
		}
	}
}

// TestWaitForTextAlternateScreen: a full-screen program's paint is not
// matched, and a wait that ran out under one says so.
func TestWaitForTextAlternateScreen(t *testing.T) {
	e := newEnv(t)
	pane := e.shell()
	e.mustTmux("send-keys", "-t", pane, `printf '\033[?1049h'; sleep 1; printf 'painted\n'; sleep 30`, "Enter")
	waitFor(t, "the alternate screen", func() (bool, string) {
		on := strings.TrimSpace(e.mustTmux("display-message", "-p", "-t", pane, "#{alternate_on}"))
		return on == "1", on
	})
	got := e.ok("wait_for_text", map[string]any{"patterns": []string{"painted"}, "pane_id": pane, "timeout": 2})
	if got["outcome"] != "alternate_screen" || got["alternate_screen"] != true || got["found"] != false {
		t.Errorf("under a full-screen program: %v", got)
	}
	e.mustTmux("send-keys", "-t", pane, "C-c")
}

// TestWaitForTextPaneDies: a pane whose program ends under the wait ends
// it with an error that says so.
func TestWaitForTextPaneDies(t *testing.T) {
	e := newEnv(t)
	pane := strings.TrimSpace(e.mustTmux("new-window", "-d", "-P", "-F", "#{pane_id}", "read x"))
	e.mustTmux("set-option", "-p", "-t", pane, "remain-on-exit", "on")
	wait := e.startWait("wait_for_text", map[string]any{"patterns": []string{"never"}, "pane_id": pane, "timeout": 20})
	e.mustTmux("send-keys", "-t", pane, "Enter")
	res := <-wait
	if text := servertest.ResultText(res); !res.IsError || !strings.Contains(text, "pane "+pane+" died") {
		t.Errorf("a pane that died: %v %q", res.IsError, text)
	}
}

// TestRunCommand: a command's exit status and its output, without the
// synchronisation lines; a command that outlasts its timeout leaves
// nothing in tmux, no pane option, no buffer; what is refused.
func TestRunCommand(t *testing.T) {
	e := newEnv(t)
	forEachBackend(t, e, func(t *testing.T, backend string) {
		pane := e.shell()
		got := e.ok("run_command", map[string]any{"command": "echo one; echo two; exit 3", "pane_id": pane, "timeout": 20})
		out := strs(got["output"])
		if got["exit_status"] != 3.0 || got["timed_out"] != false || got["pane_id"] != pane || !slices.Contains(out, "one") || !slices.Contains(out, "two") {
			t.Errorf("a command: %v", got)
		}
		for _, line := range out {
			if strings.Contains(line, "rc_") {
				t.Errorf("a synchronisation line in the output: %q", out)
			}
		}
		if out[len(out)-1] != "ready$" && out[len(out)-1] != "ready$ " {
			t.Errorf("output %q does not end with the prompt", out)
		}
		// A last line without a line feed keeps its text.
		got = e.ok("run_command", map[string]any{"command": "printf partial", "pane_id": pane, "timeout": 20})
		if out := strs(got["output"]); got["exit_status"] != 0.0 || !slices.Contains(out, "partial") {
			t.Errorf("output without a final line feed: %v", got)
		}
		// max_lines keeps the tail.
		got = e.ok("run_command", map[string]any{"command": "seq 1 30", "pane_id": pane, "timeout": 20, "max_lines": 3})
		if out := strs(got["output"]); !slices.Equal(out[:2], []string{"29", "30"}) || got["output_truncated"] != true || got["output_truncated_lines"] != 28.0 {
			t.Errorf("max_lines 3: %v", got)
		}

		// Past its timeout: nothing left behind.
		options := e.mustTmux("show-options", "-p", "-t", pane)
		got = e.ok("run_command", map[string]any{"command": "sleep 30", "pane_id": pane, "timeout": 0.3})
		if got["timed_out"] != true || got["exit_status"] != nil || got["elapsed_seconds"].(float64) < 0.3 {
			t.Errorf("past its timeout: %v", got)
		}
		if after := e.mustTmux("show-options", "-p", "-t", pane); after != options {
			t.Errorf("pane options were\n%s\nand are\n%s", options, after)
		}
		if bufs := e.bufferNames(); len(bufs) != 0 {
			t.Errorf("buffers left: %v", bufs)
		}
		e.mustTmux("send-keys", "-t", pane, "C-c")
	})
	// A pane that goes under the command: the error says the command had
	// been sent.
	pane := e.shell()
	wait := e.startWait("run_command", map[string]any{"command": "sleep 30", "pane_id": pane, "timeout": 20})
	e.mustTmux("kill-pane", "-t", pane)
	if res := <-wait; !res.IsError || !strings.Contains(servertest.ResultText(res), "not found on the configured tmux server; the command had been typed into pane "+pane+", and may have run") {
		t.Errorf("a pane killed under its command: %s", servertest.ResultText(res))
	}
	for _, tc := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"command": " \n"}, "command must not be empty"},
		{map[string]any{"command": "echo secret\necho two"}, "command must be a single line when suppress_history=True"},
		{map[string]any{"command": "echo secret", "timeout": 0}, "timeout must be positive"},
		{map[string]any{"command": "echo secret", "max_lines": 0}, "max_lines must be at least 1"},
		{map[string]any{"command": "echo \x00secret"}, "command must be text tmux can send"},
		{map[string]any{"command": "echo secret", "pane_id": "%99"}, "pane %99 not found"},
	} {
		got := e.fails("run_command", tc.args)
		if !strings.Contains(got, tc.want) || strings.Contains(got, "secret") {
			t.Errorf("%q: %q, want %q", tc.args["command"], got, tc.want)
		}
	}
}

// TestRunCommandHistory: suppress_history puts a space first, by default
// unless LIBTMUX_SUPPRESS_HISTORY=0, which the tool's schema advertises;
// without it a command may span lines.
func TestRunCommandHistory(t *testing.T) {
	e := newEnv(t)
	pane := e.shell()
	typed := func() string { // the row the command was typed on
		t.Helper()
		got := e.ok("run_command", map[string]any{"command": "echo 1\necho 2", "pane_id": pane, "timeout": 20, "suppress_history": false})
		out := strs(got["output"])
		// (the shell's continuation prompt comes before the output)
		if got["exit_status"] != 0.0 || !slices.ContainsFunc(out, func(l string) bool { return strings.HasSuffix(l, "1") }) || !slices.Contains(out, "2") {
			t.Errorf("a command of two lines: %v", got)
		}
		e.ok("run_command", map[string]any{"command": "echo typed", "pane_id": pane, "timeout": 20})
		screen := strings.Split(e.mustTmux("capture-pane", "-p", "-J", "-t", pane), "\n")
		i := len(screen) - 1 // the last time it was typed
		for i >= 0 && !strings.Contains(screen[i], "'echo typed'") {
			i--
		}
		if i < 0 {
			t.Fatalf("the command is not on the screen:\n%s", strings.Join(screen, "\n"))
		}
		return screen[i]
	}
	if row := typed(); !strings.HasPrefix(row, "ready$  (") {
		t.Errorf("by default the command goes after a space: %q", row)
	}
	if d := e.inputDefault("run_command", "suppress_history"); d != true {
		t.Errorf("advertised default %v, want true", d)
	}
	e.connect(func(c *server.Config) { c.KeepHistory = true })
	if row := typed(); !strings.HasPrefix(row, "ready$ (") {
		t.Errorf("with LIBTMUX_SUPPRESS_HISTORY=0 it goes as it is: %q", row)
	}
	if d := e.inputDefault("run_command", "suppress_history"); d != false {
		t.Errorf("advertised default %v, want false", d)
	}
}

// inputDefault is the default that the server advertises for tool's arg.
func (e *tmuxEnv) inputDefault(tool, arg string) any {
	e.t.Helper()
	list, err := e.client.ListTools(e.t.Context(), nil)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, tl := range list.Tools {
		if tl.Name == tool {
			b, _ := json.Marshal(tl.InputSchema)
			var s struct {
				Properties map[string]struct{ Default any }
			}
			json.Unmarshal(b, &s)
			return s.Properties[arg].Default
		}
	}
	e.t.Fatalf("%s is not listed", tool)
	return nil
}

// TestRunCommandFitsTheReply: however much a command prints, the reply
// keeps within the reply limit, its last lines kept.
func TestRunCommandFitsTheReply(t *testing.T) {
	e := newEnv(t, func(c *server.Config) { c.MaxReplyBytes = server.MinMaxReplyBytes })
	e.mustTmux("set-option", "-g", "history-limit", "5000") // for the panes made from now on
	pane := e.shell()
	wire := newWireClient(t, e.srv)
	line := wire.request("tools/call", map[string]any{"name": "run_command", "arguments": map[string]any{
		"command": `i=0; while [ $i -lt 1000 ]; do echo "line $i <&> \"quoted\""; i=$((i+1)); done`, "pane_id": pane, "timeout": 20,
	}})
	if len(line) > server.MinMaxReplyBytes {
		t.Errorf("a reply of %d bytes, over the limit of %d", len(line), server.MinMaxReplyBytes)
	}
	var msg struct {
		Result struct{ StructuredContent map[string]any }
	}
	if err := json.Unmarshal(line, &msg); err != nil {
		t.Fatal(err)
	}
	got := msg.Result.StructuredContent
	out := strs(got["output"])
	if got["exit_status"] != 0.0 || got["output_truncated"] != true || len(out) < 10 || !slices.Contains(out, `line 999 <&> "quoted"`) {
		t.Errorf("a long output in a small reply: %d lines, %v %v", len(out), got["exit_status"], got["output_truncated"])
	}
	if len(line) < server.MinMaxReplyBytes-400 {
		t.Errorf("a reply of %d bytes kept fewer lines than fit in %d", len(line), server.MinMaxReplyBytes)
	}
}

// TestChannels: a signal wakes a wait; a wait that runs out says so; a
// signal with nobody waiting is kept for the next wait, as tmux keeps it;
// names tmux could take otherwise are refused.
func TestChannels(t *testing.T) {
	e := newEnv(t)
	forEachBackend(t, e, func(t *testing.T, backend string) {
		ch := "ch." + backend + ":1"
		wait := e.callAsync(t.Context(), "wait_for_channel", map[string]any{"channel": ch, "timeout": 20})
		waitForChild(t, e, "wait-for", true)
		if got := servertest.ResultText(e.call("signal_channel", map[string]any{"channel": ch})); got != "Channel '"+ch+"' signalled" {
			t.Errorf("signal: %q", got)
		}
		if got := servertest.ResultText(<-wait); got != "Channel '"+ch+"' was signalled (timeout 20.0s)" {
			t.Errorf("the wait: %q", got)
		}
		e.ok2("signal_channel", map[string]any{"channel": ch})
		if got := servertest.ResultText(e.call("wait_for_channel", map[string]any{"channel": ch, "timeout": 2.5})); got != "Channel '"+ch+"' was signalled (timeout 2.5s)" {
			t.Errorf("a signal kept: %q", got)
		}
		got := e.fails("wait_for_channel", map[string]any{"channel": "never", "timeout": 0.2})
		if !strings.Contains(got, "channel never was not signalled within 0.2s") {
			t.Errorf("a wait that ran out: %q", got)
		}
		waitForChild(t, e, "wait-for", false)
	})
	for _, bad := range []string{"", "has space", "semi;colon", strings.Repeat("x", 129), "new\nline"} {
		for _, tool := range []string{"wait_for_channel", "signal_channel"} {
			if got := e.fails(tool, map[string]any{"channel": bad}); !strings.Contains(got, "channel must be 1 to 128 of the characters") {
				t.Errorf("%s %q: %q", tool, bad, got)
			}
		}
	}
}

// ok2 is ok for a tool that answers in text.
func (e *tmuxEnv) ok2(tool string, args any) string {
	e.t.Helper()
	res := e.call(tool, args)
	if res.IsError {
		e.t.Fatalf("%s(%s): tool error: %s", tool, shortJSON(args), servertest.ResultText(res))
	}
	return servertest.ResultText(res)
}

// TestWaitForChannelServerGone: wait-for ends successfully when its
// server exits; the tool finds the server gone and does not say the
// channel was signalled.
func TestWaitForChannelServerGone(t *testing.T) {
	e := newEnv(t)
	wait := e.callAsync(t.Context(), "wait_for_channel", map[string]any{"channel": "c", "timeout": 20})
	waitForChild(t, e, "wait-for", true)
	e.killServer()
	res := <-wait
	if text := servertest.ResultText(res); !res.IsError || !strings.Contains(text, "no longer running") {
		t.Errorf("after kill-server: %v %q", res.IsError, text)
	}
}

// waitForChild waits until a child of this process runs a tmux command
// line holding what (running, or not), as /proc shows them; in fake mode
// the emulator runs in this process, and its waits are goroutines, so
// there is nothing to see: it waits a moment for the call to get there.
func waitForChild(t *testing.T, e *tmuxEnv, what string, running bool) {
	t.Helper()
	if e.bin == "" {
		time.Sleep(100 * time.Millisecond)
		return
	}
	waitFor(t, fmt.Sprintf("a tmux child running %q: %v", what, running), func() (bool, string) {
		found := tmuxChildren(what)
		return (len(found) > 0) == running, fmt.Sprint(found)
	})
}

// tmuxChildren are the command lines of this process's children whose
// command line holds what.
func tmuxChildren(what string) []string {
	me := strconv.Itoa(os.Getpid())
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var found []string
	for _, path := range stats {
		b, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		// ppid is the second field after the command name, which is in
		// parentheses and may hold anything.
		fields := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
		if len(fields) < 2 || fields[1] != me {
			continue
		}
		cmdline, _ := os.ReadFile(filepath.Join(filepath.Dir(path), "cmdline"))
		line := strings.ReplaceAll(string(cmdline), "\x00", " ")
		if strings.Contains(line, what) {
			found = append(found, line)
		}
	}
	return found
}

// TestWaitsEndWhenCancelled: a client's notifications/cancelled ends a
// wait at once, and with it its tmux child: the wait-for of
// wait_for_channel, and every look of wait_for_text and run_command.
func TestWaitsEndWhenCancelled(t *testing.T) {
	e := newEnv(t)
	audit := &lockedbuf.Buffer{}
	forEachBackend(t, e, func(t *testing.T, backend string) {
		pane := e.shell()
		for _, c := range []struct {
			tool string
			args map[string]any
		}{
			{"wait_for_channel", map[string]any{"channel": "never", "timeout": 60}},
			{"wait_for_text", map[string]any{"patterns": []string{"never"}, "pane_id": pane, "timeout": 60, "interval": 0.01}},
			{"run_command", map[string]any{"command": "sleep 60", "pane_id": pane, "timeout": 60}},
		} {
			ctx, cancel := context.WithCancel(t.Context())
			calls := strings.Count(audit.String(), `"tool":"`+c.tool+`"`)
			wait := e.callAsync(ctx, c.tool, c.args)
			if c.tool == "wait_for_channel" {
				waitForChild(t, e, "wait-for never", true)
			} else {
				time.Sleep(300 * time.Millisecond) // looking at the pane
			}
			cancel()
			<-wait
			waitFor(t, "the cancelled call to end", func() (bool, string) {
				return strings.Count(audit.String(), `"tool":"`+c.tool+`"`) > calls, audit.String()
			})
			for _, what := range []string{"wait-for", "capture-pane", "display-message"} {
				if left := tmuxChildren(what); len(left) > 0 {
					t.Errorf("%s: tmux children left after its cancellation: %q", c.tool, left)
				}
			}
		}
		e.mustTmux("send-keys", "-t", pane, "C-c")
	}, func(c *server.Config) { c.Audit = server.NewAuditLogger(audit) })
}

// TestCallsServedDuringAWait: while waits are pending, 50 other calls are
// answered; they are not queued behind the waits.
func TestCallsServedDuringAWait(t *testing.T) {
	e := newEnv(t)
	forEachBackend(t, e, func(t *testing.T, backend string) {
		pane := e.shell()
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		waits := []<-chan *mcp.CallToolResult{
			e.callAsync(ctx, "wait_for_channel", map[string]any{"channel": "hold", "timeout": 60}),
			e.callAsync(ctx, "wait_for_text", map[string]any{"patterns": []string{"never"}, "pane_id": pane, "timeout": 60}),
			e.callAsync(ctx, "run_command", map[string]any{"command": "sleep 60", "pane_id": e.shell(), "timeout": 60}),
		}
		var wg sync.WaitGroup
		var failed atomic.Int64
		for i := range 50 {
			wg.Go(func() {
				tool, args := "list_sessions", map[string]any{}
				if i%2 == 1 {
					tool, args = "signal_channel", map[string]any{"channel": "other"}
				}
				if res := e.call(tool, args); res.IsError {
					failed.Add(1)
				}
			})
		}
		wg.Wait()
		if n := failed.Load(); n > 0 {
			t.Errorf("%d calls failed", n)
		}
		for i, w := range waits {
			select {
			case res := <-w:
				t.Errorf("wait %d ended before the calls were served: %s", i, servertest.ResultText(res))
			default:
			}
		}
	})
}

// TestWaitProgress: a client that sends a progressToken hears how a wait
// goes, every second; one that does not hears nothing.
func TestWaitProgress(t *testing.T) {
	e := newEnv(t)
	pane := e.shell()
	var mu sync.Mutex
	var heard []*mcp.ProgressNotificationParams
	client := mcp.NewClient(&mcp.Implementation{Name: "progress", Version: "0"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			mu.Lock()
			defer mu.Unlock()
			heard = append(heard, req.Params)
		},
	})
	ct, st := mcp.NewInMemoryTransports()
	if _, err := e.srv.MCP().Connect(t.Context(), st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := client.Connect(t.Context(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	params := &mcp.CallToolParams{Name: "wait_for_text", Arguments: map[string]any{"patterns": []string{"never"}, "pane_id": pane, "timeout": 1.5}}
	params.SetProgressToken("tok")
	if _, err := cs.CallTool(t.Context(), params); err != nil {
		t.Fatal(err)
	}
	params = &mcp.CallToolParams{Name: "wait_for_channel", Arguments: map[string]any{"channel": "never", "timeout": 1.5}}
	params.SetProgressToken(7)
	cs.CallTool(t.Context(), params)
	cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "wait_for_text", Arguments: map[string]any{"pane_id": pane, "timeout": 1.2, "patterns": []string{"never"}}})
	mu.Lock()
	defer mu.Unlock()
	var text, channel int
	for _, p := range heard {
		switch {
		case p.ProgressToken == "tok" && p.Total == 1.5 && strings.HasPrefix(p.Message, "Waiting on pane "+pane+": "):
			text++
		case p.ProgressToken == 7.0 && p.Total == 1.5 && strings.HasPrefix(p.Message, "Waiting on channel never: "):
			channel++
		default:
			t.Errorf("progress %+v", p)
		}
	}
	if text < 2 || channel < 2 {
		t.Errorf("heard %d progress notifications of wait_for_text and %d of wait_for_channel over 1.5 s each, want 2 at least", text, channel)
	}
}

// TestAgentLoop is what an agent does: run a command and read its output,
// start one that runs away, interrupt it, wait for the shell's prompt, and
// run the next.
func TestAgentLoop(t *testing.T) {
	e := newEnv(t)
	forEachBackend(t, e, func(t *testing.T, backend string) {
		pane := e.shell()
		got := e.ok("run_command", map[string]any{"command": "echo built > out.txt; cat out.txt", "pane_id": pane, "timeout": 20})
		if got["exit_status"] != 0.0 || !slices.Contains(strs(got["output"]), "built") {
			t.Fatalf("the first command: %v", got)
		}
		got = e.ok("run_command", map[string]any{"command": "echo started; sleep 60", "pane_id": pane, "timeout": 1})
		if got["timed_out"] != true || !slices.Contains(strs(got["output"]), "started") {
			t.Fatalf("the runaway: %v", got)
		}
		wait := e.startWait("wait_for_text", map[string]any{"patterns": []string{`^ready\$`}, "regex": true, "pane_id": pane, "timeout": 20})
		e.ok2("send_keys", map[string]any{"keys": "C-c", "pane_id": pane, "enter": false})
		if got = structured(<-wait); got["outcome"] != "matched" {
			t.Fatalf("the prompt after C-c: %v", got)
		}
		got = e.ok("run_command", map[string]any{"command": "cat out.txt; rm out.txt", "pane_id": pane, "timeout": 20})
		if got["exit_status"] != 0.0 || !slices.Contains(strs(got["output"]), "built") {
			t.Errorf("the command after the interrupt: %v", got)
		}
	})
}

// TestWaitsListen: on a backend that tells of output, a wait on a quiet
// pane looks at it only as often as the backstop; a backend that does not
// is polled every interval.
func TestWaitsListen(t *testing.T) {
	e := newEnv(t)
	pane := e.shell()
	for name, d := range e.backends() {
		t.Run(name, func(t *testing.T) {
			counted := &lookCounter{Dialer: d}
			e.connect(func(c *server.Config) { c.Tmux = counted })
			got := e.ok("wait_for_text", map[string]any{"patterns": []string{"never"}, "pane_id": pane, "timeout": 2, "interval": 0.01})
			if got["outcome"] != "timeout" {
				t.Fatal(got)
			}
			n := counted.n.Load()
			listens := name != "exec"
			t.Logf("%s: %d tmux command lines in a wait of 2 s", name, n)
			if listens && n > 6 {
				t.Errorf("%s listens, yet ran %d command lines in a quiet wait of 2 s", name, n)
			}
			if !listens && n < 10 {
				t.Errorf("%s polls every 10 ms, yet ran %d command lines in 2 s", name, n)
			}
		})
	}
}

// lookCounter counts the command lines run through it, and passes on
// what the Tmux it wraps can do besides.
type lookCounter struct {
	server.Dialer
	n atomic.Int64
}

func (d *lookCounter) Dial(socket string) server.Tmux {
	t := d.Dialer.Dial(socket)
	if n, ok := t.(server.OutputNotifier); ok {
		return lookCountingNotifier{lookCountingTmux{t, &d.n}, n}
	}
	return lookCountingTmux{t, &d.n}
}

type lookCountingTmux struct {
	server.Tmux
	n *atomic.Int64
}

func (t lookCountingTmux) Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	t.n.Add(1)
	return t.Tmux.Run(ctx, args, stdin, stdout, stderr)
}

type lookCountingNotifier struct {
	lookCountingTmux
	server.OutputNotifier
}

func (t lookCountingNotifier) Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return t.lookCountingTmux.Run(ctx, args, stdin, stdout, stderr)
}
