package server_test

import (
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tmuxbuf/tmuxbuf/faketmux"
	"github.com/tmuxbuf/tmuxbuf/server"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
)

// catPane opens a window whose program copies what it is typed to a file,
// and returns the pane and the file.
func catPane(t *testing.T, e *tmuxEnv) (pane, out string) {
	t.Helper()
	out = t.TempDir() + "/pasted"
	pane = strings.TrimSpace(e.mustTmux("new-window", "-P", "-F", "#{pane_id}", "cat > "+out))
	return pane, out
}

func TestPasteTextReachesTheProgram(t *testing.T) {
	e := newEnv(t)
	pane, out := catPane(t, e)
	e.mustTmux("set-buffer", "-b", "clipboard", "the user's own")

	got := e.call("paste_text", map[string]any{"text": "hello\nworld\n", "pane_id": pane})
	if got.IsError || servertest.ResultText(got) != "Text pasted to pane "+pane {
		t.Fatalf("paste_text: %s", servertest.ResultText(got))
	}
	// As with paste_buffer: LF goes as CR, which the terminal turns back
	// into LF for cat, and cat never asked for bracketed paste.
	waitFor(t, "the paste to reach cat", func() (bool, string) {
		b, _ := readFile(out)
		return b == "hello\nworld\n", fmt.Sprintf("%q", b)
	})
	if names := e.bufferNames(); !slices.Equal(names, []string{"clipboard"}) {
		t.Errorf("after paste_text tmux holds %v, want only the user's buffer", names)
	}
	if got := e.ok("list_buffers", map[string]any{})["buffers"].([]any); len(got) != 0 {
		t.Errorf("list_buffers after paste_text: %v", got)
	}
}

// TestPasteTextTargets: the same targets as paste_buffer, resolved the same
// way, and the confirmation names the pane.
func TestPasteTextTargets(t *testing.T) {
	e := newEnv(t)
	ids := strings.Fields(e.mustTmux("display-message", "-p", "-t", "main", "#{session_id} #{window_id} #{pane_id}"))
	for _, args := range []map[string]any{
		{"pane_id": ids[2]},
		{"window_id": ids[1]},
		{"session_id": ids[0]},
		{"session_name": "main", "bracket": false},
	} {
		args["text"] = "#"
		if got := e.call("paste_text", args); got.IsError || servertest.ResultText(got) != "Text pasted to pane "+ids[2] {
			t.Errorf("paste_text(%v) = %s, want a paste into %s", args, servertest.ResultText(got), ids[2])
		}
	}
	if names := e.bufferNames(); len(names) != 0 {
		t.Errorf("tmux holds %v after the pastes", names)
	}
}

// TestPasteTextIsOneRoundTrip: given a pane_id, paste_text costs one tmux
// command line, as a bare paste-buffer does.
func TestPasteTextIsOneRoundTrip(t *testing.T) {
	e := newEnv(t)
	counted := &recordingDialer{Dialer: e.dialer()}
	e.connect(func(c *server.Config) { c.Tmux = counted })
	pane := strings.TrimSpace(e.mustTmux("display-message", "-p", "-t", "main", "#{pane_id}"))
	e.ok("paste_text", map[string]any{"text": "one\ntwo", "pane_id": pane})
	if got := counted.lines(); len(got) != 1 {
		t.Errorf("paste_text ran %d tmux command lines, want 1: %q", len(got), got)
	}
}

// TestPasteTextLeavesNoBuffer goes down every way a paste_text can fail
// once it has a pane: each is a clear tool error that does not quote the
// text, no buffer of the server's is left on tmux, and the server keeps
// serving.
func TestPasteTextLeavesNoBuffer(t *testing.T) {
	e := newEnv(t, func(c *server.Config) { c.MaxContentBytes = 1024 })
	e.mustTmux("set-buffer", "-b", "clipboard", "the user's own")
	pane := strings.TrimSpace(e.mustTmux("display-message", "-p", "-t", "main", "#{pane_id}"))
	secret := "sk-" + rand.Text()
	check := func(label, got, want string) {
		t.Helper()
		if !strings.Contains(got, want) {
			t.Errorf("%s: error %q does not say %q", label, got, want)
		}
		if strings.Contains(got, secret) {
			t.Errorf("%s: the error quotes the text", label)
		}
		if names := e.bufferNames(); !slices.Equal(names, []string{"clipboard"}) {
			t.Errorf("%s: tmux holds %v, want only the user's buffer", label, names)
		}
	}

	check("missing pane", e.fails("paste_text", map[string]any{"text": secret, "pane_id": "%99"}),
		"pane %99 not found on the configured tmux server")
	check("missing window", e.fails("paste_text", map[string]any{"text": secret, "window_id": "@99"}), "window @99 not found")
	check("missing session", e.fails("paste_text", map[string]any{"text": secret, "session_name": "nosuch"}), "session nosuch not found")
	check("empty", e.fails("paste_text", map[string]any{"text": "", "pane_id": pane}), "text is empty")
	tooBig := secret + strings.Repeat("x", 1024)
	check("too large", e.fails("paste_text", map[string]any{"text": tooBig, "pane_id": pane}),
		fmt.Sprintf("text is %d bytes, over the limit of 1024 bytes", len(tooBig)))
	check("unknown argument", e.fails("paste_text", map[string]any{"text": secret, "pane_id": pane, "content": "x"}),
		`unknown argument "content"`)

	// A tmux that exits 0 having done nothing: nothing was pasted.
	e.connect(func(c *server.Config) { c.Tmux = server.ExecDialer{Bin: "/bin/true", SocketName: e.socket} })
	check("not tmux", e.fails("paste_text", map[string]any{"text": secret, "pane_id": pane}), "listed no buffer of that name")

	// A load cut short: tmux pasted what it got before the check could
	// stop it (tmux cannot make a command wait on another's output), and
	// the error says so.
	e.connect(func(c *server.Config) { c.Tmux = halfStdin{e.dialer()} })
	check("half loaded", e.fails("paste_text", map[string]any{"text": "0123456789", "pane_id": pane}),
		"made a buffer of 5 bytes from the 10 sent, and they were pasted; the buffer was deleted")

	// tmux hangs with the line under way, then comes back.
	e.connect(func(c *server.Config) { c.Timeout = 200 * time.Millisecond })
	var resume func()
	if e.fake != nil {
		e.fakeServer(e.socket).InjectFault(1, faketmux.Fault{Delay: time.Hour})
		resume = func() {}
	} else {
		resume = stoppedTmux(t, e)
	}
	got := e.fails("paste_text", map[string]any{"text": secret, "pane_id": pane})
	resume()
	// The clean-up of a line cut short runs in the background: wait for
	// it as Cleanup does, by waiting for the server's calls.
	waitFor(t, "the cut-short paste's buffer to go", func() (bool, string) {
		names := e.bufferNames()
		return slices.Equal(names, []string{"clipboard"}), fmt.Sprint(names)
	})
	check("hung tmux", got, "did not answer within 200ms")

	e.connect()
	e.ok("paste_text", map[string]any{"text": "still serving", "pane_id": pane})
	if e.fake == nil {
		return
	}
	// The tmux server dies while it reads the text, between the load and
	// the paste: a clear error, and its buffers went with it.
	e.connect(func(c *server.Config) { c.Tmux = crashAtEOF{e.dialer(), e.fakeServer(e.socket)} })
	if got := e.fails("paste_text", map[string]any{"text": secret, "pane_id": pane}); !strings.Contains(got, "no tmux server is running") || strings.Contains(got, secret) {
		t.Errorf("tmux died mid-paste: %q", got)
	}
	e.mustTmux("new-session", "-d")
	if names := e.bufferNames(); len(names) != 0 {
		t.Errorf("after tmux died mid-paste, the new tmux server holds %v", names)
	}
}

// TestPasteTextAuditRedacted: text is a payload, as load_buffer's content.
func TestPasteTextAuditRedacted(t *testing.T) {
	e := newEnv(t)
	pane := strings.TrimSpace(e.mustTmux("display-message", "-p", "-t", "main", "#{pane_id}"))
	secret := "sk-" + rand.Text()
	e.ok("paste_text", map[string]any{"text": secret, "pane_id": pane, "bracket": false})
	e.fails("paste_text", map[string]any{"text": secret, "pane_id": "%99"})
	log := e.audit.String()
	if strings.Contains(log, secret) || strings.Contains(log, secret[:12]) {
		t.Fatalf("the audit log holds the text:\n%s", log)
	}
	records := auditRecords(t, log)
	if len(records) != 2 {
		t.Fatalf("%d audit records for 2 calls:\n%s", len(records), log)
	}
	for _, r := range records {
		text, _ := r["args"].(map[string]any)["text"].(map[string]any)
		if r["tool"] != "paste_text" || text["len"] != float64(len(secret)) || text["hmac_sha256_prefix"] == nil {
			t.Errorf("record %v does not hold the text as {len, digest}", r)
		}
	}
}

// crashAtEOF is a tmux whose server dies once it has read all of a
// command's standard input, before the rest of the command line runs.
type crashAtEOF struct {
	server.Dialer
	fake *faketmux.Server
}

func (d crashAtEOF) Dial(socket string) server.Tmux {
	return crashAtEOFTmux{d.Dialer.Dial(socket), d.fake}
}

type crashAtEOFTmux struct {
	server.Tmux
	fake *faketmux.Server
}

func (t crashAtEOFTmux) Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if stdin != nil {
		stdin = &crashingReader{r: stdin, fake: t.fake}
	}
	return t.Tmux.Run(ctx, args, stdin, stdout, stderr)
}

type crashingReader struct {
	r    io.Reader
	fake *faketmux.Server
}

func (c *crashingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if err == io.EOF {
		c.fake.Crash()
	}
	return n, err
}
