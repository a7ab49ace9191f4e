package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tmuxbuf/tmuxbuf/internal/lockedbuf"
	"github.com/tmuxbuf/tmuxbuf/internal/rawmcp"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
)

// TestClientClosingStdoutCleansUp plays a client that stops reading and
// closes its end of the server's standard output while a request is on its
// way: the server's answer meets a broken pipe. The server must not die of
// SIGPIPE, but clean up and exit, saying why.
func TestClientClosingStdoutCleansUp(t *testing.T) {
	socket, tmux := privateTmux(t)
	cmd := exec.Command(binary(t, servertest.MCPBinEnv), "--tmux-bin", tmuxBin(t), "--socket-name", socket)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	stderr := &lockedbuf.Buffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewReader(stdout)
	send := func(line string) {
		if _, err := io.WriteString(stdin, line+"\n"); err != nil {
			t.Fatalf("writing to the server: %v", err)
		}
	}
	send(rawmcp.Initialize)
	lines.ReadString('\n')
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"load_buffer","arguments":{"content":"x","logical_name":"gone"}}}`)
	if answer, _ := lines.ReadString('\n'); !strings.Contains(answer, "_gone") {
		t.Fatalf("load_buffer answered %q", answer)
	}

	stdout.Close()
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	if code := waitExit(t, cmd); code != 0 {
		t.Errorf("exit status %d after the client went away; stderr:\n%s", code, stderr)
	}
	if !strings.Contains(stderr.String(), "the client went away") {
		t.Errorf("stderr does not say the client went away:\n%s", stderr)
	}
	if left := tmux("list-buffers", "-F", "#{buffer_name}"); left != "" {
		t.Errorf("after exit tmux still holds %q", left)
	}
}

// TestSecondSignalEndsCleanupAtOnce stops the server with SIGTERM while
// tmux hangs, so that its clean-up waits for tmux; a second SIGTERM must
// end the process at once rather than be ignored.
func TestSecondSignalEndsCleanupAtOnce(t *testing.T) {
	socket, _ := privateTmux(t)
	tmux, hang, waitHung := hangableTmux(t, "list-buffers")
	cs, cmd := startBinary(t, "--tmux-bin", tmux, "--socket-name", socket, "--timeout", "1h")
	loadVia(t, cs, "to clean up")
	hang()

	cmd.Process.Signal(syscall.SIGTERM)
	waitHung()
	cmd.Process.Signal(syscall.SIGTERM)
	cs.Close() // waits for the process to exit
	if got := cmd.ProcessState.ExitCode(); got != 128+int(syscall.SIGTERM) {
		t.Errorf("exit status %d after a second SIGTERM, want %d; stderr:\n%s", got, 128+int(syscall.SIGTERM), cmd.Stderr)
	}
	if !strings.Contains(cmd.Stderr.(*lockedbuf.Buffer).String(), "terminated again") {
		t.Errorf("stderr does not say why it stopped:\n%s", cmd.Stderr)
	}
}

// hangableTmux is a tmux binary that runs the mode's tmux until hang is
// called, and from then on hangs on every command line that has command in
// it; waitHung waits until one has started hanging. A command hung at the
// end of the test is killed.
func hangableTmux(t *testing.T, command string) (bin string, hang, waitHung func()) {
	dir := t.TempDir()
	hangFile, hungFile := filepath.Join(dir, "hang"), filepath.Join(dir, "hung")
	bin = filepath.Join(dir, "tmux")
	script := fmt.Sprintf("#!/bin/sh\n"+
		"if [ -e %q ]; then case \" $* \" in *' %s '*) echo $$ > %q.tmp && mv %q.tmp %q; exec sleep 3600;; esac; fi\n"+
		"exec %q \"$@\"\n",
		hangFile, command, hungFile, hungFile, hungFile, tmuxBin(t))
	if err := os.WriteFile(bin, []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if pid, err := os.ReadFile(hungFile); err == nil {
			if n, err := strconv.Atoi(strings.TrimSpace(string(pid))); err == nil {
				syscall.Kill(n, syscall.SIGKILL)
			}
		}
	})
	hang = func() {
		if err := os.WriteFile(hangFile, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	waitHung = func() {
		deadline := time.Now().Add(time.Minute)
		for _, err := os.Stat(hungFile); err != nil; _, err = os.Stat(hungFile) {
			if time.Now().After(deadline) {
				t.Fatal("tmux was never run after it was made to hang")
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	return bin, hang, waitHung
}

// TestCancellationReachesTheCall cancels a call under way, naming it by the
// client's id: the framing must pass the cancellation on with the id the
// SDK knows the call by, and the answer must carry the client's id.
func TestCancellationReachesTheCall(t *testing.T) {
	socket, _ := privateTmux(t)
	tmux, hang, waitHung := hangableTmux(t, "load-buffer")
	hang()
	s := startStdio(t, "--backend", "exec", "--tmux-bin", tmux, "--socket-name", socket, "--timeout", "1h")
	s.Send(t, `{"jsonrpc":"2.0","id":"slow 1.5","method":"tools/call","params":{"name":"load_buffer","arguments":{"content":"x"}}}`)
	waitHung()
	s.Send(t, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"slow 1.5","reason":"test"}}`)
	line := s.Next(t)
	if r := rawmcp.ParseResponse(t, line); string(r.ID) != `"slow 1.5"` || !strings.Contains(string(r.Result), "cancelled") {
		t.Errorf("the cancelled call was answered %s", line)
	}
	s.End()
}

// waitExit waits for cmd to exit, killing it after a minute.
func waitExit(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	select {
	case <-exited:
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		<-exited
		t.Errorf("the server did not exit within a minute")
	}
	return cmd.ProcessState.ExitCode()
}
