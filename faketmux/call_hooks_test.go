package faketmux

import (
	"context"
	"strings"
	"testing"
)

// A server that speaks tmux's protocol leaves the last line of a control
// client, and a refused client's message, to the client (Call.ExitMessage),
// and answers a client of -c with its default-shell (Call.Shell).
func TestCallHooks(t *testing.T) {
	s := RunT(t)
	ctx := context.Background()
	var out, errb strings.Builder
	if rc := s.Run(ctx, []string{"new-session", "-d", "-s", "m", "sleep 1000"}, nil, &out, &errb); rc != 0 {
		t.Fatalf("new-session: %d %s", rc, errb.String())
	}
	var got []string
	exit := func(msg string) { got = append(got, msg) }
	out.Reset()
	rc := s.Exec(ctx, Call{
		Args: []string{"attach", "-t", "m"}, Control: 1, Stdin: strings.NewReader("display -p hi\n"),
		Stdout: &out, ExitMessage: exit, ParseLine: func(line string) ([]string, error) { return strings.Fields(line), nil },
	})
	if rc != 0 || strings.Contains(out.String(), "%exit") || !strings.Contains(out.String(), "\nhi\n") || len(got) != 1 || got[0] != "" {
		t.Errorf("control client: exit %d, stdout %q, exit messages %q", rc, out.String(), got)
	}

	got = nil
	out.Reset()
	rc = s.Exec(ctx, Call{Args: []string{"attach", "-t", "nope"}, Control: 1, Stdout: &out, ExitMessage: exit})
	if rc != 1 || strings.Contains(out.String(), "%exit") || len(got) != 1 || got[0] != "" {
		t.Errorf("control client that does not attach: exit %d, stdout %q, exit messages %q", rc, out.String(), got)
	}

	var shell string
	s.Run(ctx, []string{"set", "-g", "default-shell", "/bin/sh"}, nil, nil, nil)
	if rc := s.Exec(ctx, Call{Args: []string{"start-server"}, Shell: func(sh string) { shell = sh }}); rc != 0 || shell != "/bin/sh" {
		t.Errorf("-c: exit %d, shell %q", rc, shell)
	}
}
