//go:build linux && !faketmux_thin

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// TestOtherUsersNeedAccess runs a client as another user against a
// daemon whose socket anyone may open, as people share a session: the
// daemon reads the client's user off the socket and lets it in only as
// server-access says, as tmux does. Before, it ran any user's commands as
// its owner (issue 29). faketmux's answers to other users are checked
// against tmux's in faketmux's differential cases; this checks that the
// daemon knows who is calling.
func TestOtherUsersNeedAccess(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("running a client as another user needs root")
	}
	const nobody = 65534
	// Everything the other user runs or opens must be theirs to reach.
	dir, err := os.MkdirTemp("", "ftacl")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	bin := filepath.Join(dir, "tmux")
	exe, err := os.ReadFile(fakeBin)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, exe, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	socket := filepath.Join(dir, "s")
	runWith := func(client string, uid uint32, args ...string) result {
		t.Helper()
		cmd := exec.Command(client, append([]string{"-S", socket, "-f", "/dev/null"}, args...)...)
		cmd.Env, cmd.Dir = cleanEnv(), "/"
		if uid != 0 {
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uid, Gid: uid}}
		}
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		code := exitCode(t, cmd.Run())
		return result{out.String(), errb.String(), code}
	}
	run := func(uid uint32, args ...string) result { t.Helper(); return runWith(bin, uid, args...) }
	t.Cleanup(func() { run(0, "kill-server") })
	run(0, "new-session", "-d", "-s", "m", "sleep 1000")
	run(0, "set-buffer", "-b", "secret", "hush")
	if err := os.Chmod(socket, 0o777); err != nil {
		t.Fatal(err)
	}

	// The same checks with tmux's own client, which the daemon's answers
	// (tmux's exit message) serve as they serve faketmux's.
	clients := []string{bin}
	if p, err := exec.LookPath("tmux"); err == nil {
		clients = append(clients, p)
	}
	for _, client := range clients {
		run(0, "server-access", "-d", "nobody")
		run := func(uid uint32, args ...string) result {
			t.Helper()
			if uid == 0 {
				return runWith(bin, uid, args...)
			}
			return runWith(client, uid, args...)
		}
		denied := result{stderr: "access not allowed\n"}
		if got := run(nobody, "show-buffer", "-b", "secret"); got != denied {
			t.Errorf("%s: show-buffer by another user: %v, want %v", client, got, denied)
		}
		marker := filepath.Join(dir, "ran")
		if got := run(nobody, "run-shell", "id > "+marker); got != denied {
			t.Errorf("%s: run-shell by another user: %v, want %v", client, got, denied)
		}
		if _, err := os.Stat(marker); err == nil {
			t.Error("run-shell of a user not let in ran its command")
		}

		run(0, "server-access", "-a", "nobody")
		if got, want := run(nobody, "show-buffer", "-b", "secret"), (result{stdout: "hush"}); got != want {
			t.Errorf("%s: show-buffer by a user let in: %v, want %v", client, got, want)
		}
		run(0, "server-access", "-r", "nobody")
		if got, want := run(nobody, "show-buffer", "-b", "secret"), (result{stderr: "client is read-only\n", code: 1}); got != want {
			t.Errorf("%s: show-buffer by a read-only user: %v, want %v", client, got, want)
		}
	}
}
