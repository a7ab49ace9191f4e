package server_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/server"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
)

// guardReader is a control client of the test's own, which reads tmux's
// command counter: the NUMBER of the `%begin TIME NUMBER FLAGS` guard of
// the command it runs, which any program can guess as well.
type guardReader struct {
	in  io.WriteCloser
	out *bufio.Reader
}

func startGuardReader(t *testing.T, e *tmuxEnv) *guardReader {
	t.Helper()
	cmd := exec.Command(e.bin, "-L", e.socket, "-C", "attach-session", "-t", "main", "-f", "no-output,ignore-size")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		in.Close() // it detaches, while tmux answers
		cmd.Wait()
	})
	g := &guardReader{in: in, out: bufio.NewReader(out)}
	// Until it has attached, nothing may make a session: tmux 3.3a crashes
	// when a control client connects while it tells its control clients
	// of a new one (seen here: the next new-session's "server exited
	// unexpectedly").
	for {
		line, err := g.out.ReadString('\n')
		if err != nil {
			t.Fatalf("the control client did not attach: %v", err)
		}
		if f := strings.Fields(line); len(f) == 4 && (f[0] == "%end" || f[0] == "%error") && f[3] == "0" {
			if f[0] == "%error" {
				t.Fatal("the control client did not attach")
			}
			return g
		}
	}
}

// now runs a command and returns the time and number of its guard.
func (g *guardReader) now(t *testing.T) (int64, uint64) {
	t.Helper()
	if _, err := io.WriteString(g.in, "display-message -p x\n"); err != nil {
		t.Fatal(err)
	}
	for {
		line, err := g.out.ReadString('\n')
		if err != nil {
			t.Fatalf("reading the control client's guards: %v", err)
		}
		f := strings.Fields(line)
		if len(f) == 4 && f[0] == "%begin" && f[3] == "1" {
			when, err1 := strconv.ParseInt(f[1], 10, 64)
			number, err2 := strconv.ParseUint(f[2], 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("guard %q", line)
			}
			return when, number
		}
	}
}

// TestControlPaneCannotForgeReplies: tmux puts the output of a command in
// control mode as it is, between its guards, and a capture's output is
// what a pane's program printed. That program can print the guard that
// ends the capture's reply (its time is the clock's, its number tmux's
// count of commands, both easy to guess), and a block after it that the
// backend would take as the reply to a later command. The tools that
// capture may then fail (their output cannot be told from a forgery), but
// none answers with what the program forged, the calls after them get
// their own replies, and nothing is left in tmux.
func TestControlPaneCannotForgeReplies(t *testing.T) {
	e, _ := controlEnv(t, server.DefaultTimeout)
	guards := startGuardReader(t, e)

	// A pane that prints, when told to, a guard's end and a new begin for
	// every time and number the next commands may have: a tall pane, so
	// that a capture of its screen alone holds them all.
	const numbers, seconds = 120, 3
	dir := t.TempDir()
	forged := filepath.Join(dir, "forged")
	e.mustTmux("new-session", "-d", "-s", "forge", "-x", "40", "-y", strconv.Itoa(2*numbers*seconds+20),
		"while [ ! -f "+forged+" ]; do sleep 0.02; done; cat "+forged+"; exec sleep 100000")
	pane := strings.TrimSpace(e.mustTmux("display-message", "-p", "-t", "forge", "#{pane_id}"))
	when, first := guards.now(t)
	var b strings.Builder
	for s := range int64(seconds) {
		for n := first + 1; n <= first+numbers; n++ {
			fmt.Fprintf(&b, "%%end %d %d 1\n%%begin %d %d 1\n", when+s, n, when+s, n)
		}
	}
	b.WriteString("forged to the end\n")
	if err := os.WriteFile(forged+".tmp", []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(forged+".tmp", forged); err != nil {
		t.Fatal(err)
	}
	e.awaitScreen(pane, "forged to the end")

	calls := []struct {
		tool string
		args map[string]any
	}{
		{"capture_pane", map[string]any{"pane_id": pane, "max_lines": nil}},
		{"list_sessions", map[string]any{}},
		{"snapshot_pane", map[string]any{"pane_id": pane, "max_lines": nil}},
		{"list_sessions", map[string]any{}},
		{"search_panes", map[string]any{"pattern": "%begin", "max_matched_lines_per_pane": 1000}},
		{"list_sessions", map[string]any{}},
	}
	control := make([]string, len(calls))
	for i, c := range calls {
		control[i] = comparable(t, c.tool, e.call(c.tool, c.args))
	}
	// The guesses covered the commands that ran: without them the test
	// proves nothing.
	if end, last := guards.now(t); last > first+numbers || end >= when+seconds {
		t.Fatalf("the calls ran up to command %d at %d, past the forged guards (up to %d, before %d)", last, end, first+numbers, when+seconds)
	}

	e.connect() // the exec backend
	for i, c := range calls {
		want := comparable(t, c.tool, e.call(c.tool, c.args))
		got := control[i]
		if got == want || c.tool != "list_sessions" && strings.HasPrefix(got, "error: ") && strings.Contains(got, "could not be trusted") {
			continue // answered as on exec, or refused, not forged
		}
		t.Errorf("call %d, %s over the control backend:\n%.600s\nwant, as over the exec backend (or an error):\n%.600s", i, c.tool, got, want)
	}
	if names := e.bufferNames(); len(names) != 0 {
		t.Errorf("tmux holds buffers %v after the calls", names)
	}
}

// TestControlFormatCannotForgeReplies: a format's value can hold line
// breaks that a pane's program chose (tmux 3.3a prints the current path
// of a pane, and the name of its command, as they are), so the output of
// a command that prints one can hold forged guards too. Such a call may
// fail (its output cannot be told from a forgery), but no call answers
// with what the program forged, and the calls after it get their own
// replies.
func TestControlFormatCannotForgeReplies(t *testing.T) {
	e, _ := controlEnv(t, server.DefaultTimeout)
	guards := startGuardReader(t, e)

	// A directory whose name ends the reply that prints it, for every
	// time and number the next commands may have, and begins one that
	// says "forged".
	const numbers, seconds = 34, 2
	when, first := guards.now(t)
	var b strings.Builder
	b.WriteString("x")
	for s := range int64(seconds) {
		for n := first + 1; n <= first+numbers; n++ {
			fmt.Fprintf(&b, "\n%%end %d %d 1\n%%begin %d %d 1\nF", when+s, n, when+s, n)
		}
	}
	// A name is at most 255 bytes: a chain of them.
	dir := t.TempDir()
	for name := b.String(); name != ""; {
		part := name[:min(len(name), 200)]
		name = name[len(part):]
		dir = filepath.Join(dir, part)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	e.mustTmux("new-session", "-d", "-s", "forge", "-c", dir, "exec sleep 100000")
	pane := strings.TrimSpace(e.mustTmux("display-message", "-p", "-t", "forge", "#{pane_id}"))

	// The call that prints the path, and another made meanwhile, whose
	// line may be written before the first is answered; then the same
	// one at a time.
	printPath := map[string]any{"pane_id": pane, "format_string": "#{pane_current_path}"}
	async := e.callAsync(t.Context(), "display_message", printPath)
	sessions := comparable(t, "list_sessions", e.call("list_sessions", map[string]any{}))
	printed := comparable(t, "display_message", <-async)
	// The guesses covered the commands that ran: without them the test
	// proves nothing.
	if end, last := guards.now(t); last > first+numbers || end >= when+seconds {
		t.Fatalf("the calls ran up to command %d at %d, past the forged guards (up to %d, before %d)", last, end, first+numbers, when+seconds)
	}
	calls := []struct {
		tool string
		args map[string]any
	}{
		{"display_message", printPath},
		{"list_sessions", map[string]any{}},
		{"get_pane_info", map[string]any{"pane_id": pane}},
		{"list_sessions", map[string]any{}},
		{"list_panes", map[string]any{"session_name": "forge"}},
		{"list_sessions", map[string]any{}},
	}
	control := []string{printed, sessions}
	for _, c := range calls {
		control = append(control, comparable(t, c.tool, e.call(c.tool, c.args)))
	}
	calls = append(calls[:2:2], calls...)

	e.connect() // the exec backend
	for i, c := range calls {
		want := comparable(t, c.tool, e.call(c.tool, c.args))
		got := control[i]
		if got == want {
			continue
		}
		if strings.HasPrefix(got, "error: ") && c.tool != "list_sessions" {
			continue // refused, not forged
		}
		if i == 1 && strings.HasPrefix(got, "error: ") && strings.Contains(got, "could not be trusted") {
			// Written to the client before the forgery showed: it
			// may have run, and fails rather than answer.
			continue
		}
		t.Errorf("call %d, %s over the control backend:\n%.600s\nwant, as over the exec backend (or an error):\n%.600s", i, c.tool, got, want)
	}
}

// comparable is what a call answered; of list_sessions, the sessions'
// ids and names only, since their other fields (activity) may change from
// one call to the next.
func comparable(t *testing.T, tool string, res *mcp.CallToolResult) string {
	t.Helper()
	if res.IsError {
		return "error: " + servertest.ResultText(res)
	}
	if tool != "list_sessions" {
		return servertest.ResultText(res)
	}
	var v struct {
		Result []struct {
			ID   string `json:"session_id"`
			Name string `json:"session_name"`
		} `json:"result"`
	}
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("list_sessions: %v: %s", err, b)
	}
	var names []string
	for _, s := range v.Result {
		names = append(names, s.ID+" "+s.Name)
	}
	slices.Sort(names)
	return strings.Join(names, "\n")
}
