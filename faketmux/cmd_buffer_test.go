package faketmux

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestBufferStdinIsByteExact(t *testing.T) {
	s := started(t)
	data := "a\x00b\xff\x1b[0m\n"
	if _, errs, rc := run(t, s, data, "load-buffer", "-b", "bin", "-"); rc != 0 {
		t.Fatalf("load-buffer: %d %q", rc, errs)
	}
	if out := mustRun(t, s, "show-buffer", "-b", "bin"); out != data {
		t.Fatalf("show-buffer = %q, want %q", out, data)
	}
	bufs := s.Buffers()
	if len(bufs) != 1 || string(bufs[0].Data) != data || bufs[0].Automatic {
		t.Fatalf("Buffers() = %+v", bufs)
	}
}

func TestBufferEvictionKeepsNamed(t *testing.T) {
	s := started(t)
	mustRun(t, s, "set-option", "-g", "buffer-limit", "2")
	mustRun(t, s, "set-buffer", "-b", "keep", "k", ";", "set-buffer", "1", ";", "set-buffer", "2", ";", "set-buffer", "3")
	out := mustRun(t, s, "list-buffers", "-F", "#{buffer_name}")
	if want := "buffer2\nbuffer1\nkeep\n"; out != want {
		t.Fatalf("list-buffers = %q, want %q", out, want)
	}
}

func TestBufferCreatedUsesClock(t *testing.T) {
	when := time.Unix(1700000000, 0)
	s := New(Options{SocketPath: "/x", Clock: func() time.Time { return when }})
	defer s.Close()
	mustRun(t, s, "new-session", "-d", "cat")
	mustRun(t, s, "set-buffer", "x")
	if out := mustRun(t, s, "list-buffers", "-F", "#{buffer_created}"); out != "1700000000\n" {
		t.Fatalf("buffer_created = %q", out)
	}
}

func TestSaveBufferRelativeToClientDir(t *testing.T) {
	s := started(t)
	dir := t.TempDir()
	mustRun(t, s, "set-buffer", "-b", "b", "saved")
	var errb bytes.Buffer
	if rc := s.Exec(t.Context(), Call{Args: []string{"save-buffer", "-b", "b", "out"}, Stderr: &errb, Dir: dir}); rc != 0 {
		t.Fatalf("save-buffer: %d %q", rc, errb.String())
	}
	got, err := os.ReadFile(filepath.Join(dir, "out"))
	if err != nil || string(got) != "saved" {
		t.Fatalf("file = %q, %v", got, err)
	}
}

func TestBufferSampleEscapes(t *testing.T) {
	for in, want := range map[string]string{
		"a\tb\n":     `a\tb\n`,
		"\x00" + "1": `\0001`,
		"\xff":       `\377`,
		"$HOME $":    `\$HOME $`,
		"é":          "é",
		"\xc3(":      `\303(`,
		`\`:          `\\`,
	} {
		if got := bufferSample([]byte(in)); got != want {
			t.Errorf("bufferSample(%q) = %q, want %q", in, got, want)
		}
	}
}

// tmux's client reads its standard input only when load-buffer - runs, so
// a line that never gets there leaves the input to the next reader.
func TestLoadBufferLeavesStdinUnreadWhenItDoesNotRun(t *testing.T) {
	s := New(Options{SocketPath: "/sock"})
	defer s.Close()
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no server", []string{"load-buffer", "-"}, "error connecting to /sock (No such file or directory)\n"},
		{"an earlier command fails", []string{"has-session", "-t", "nope", ";", "load-buffer", "-"}, errNoCurrentTarget + "\n"}, // no session yet
	} {
		if tc.name != "no server" {
			mustRun(t, s, "start-server", ";", "set-option", "-s", "exit-empty", "off")
		}
		in := strings.NewReader("x")
		var errb bytes.Buffer
		rc := s.Run(t.Context(), tc.args, in, io.Discard, &errb)
		if rc != 1 || errb.String() != tc.want || in.Len() != 1 {
			t.Errorf("%s: exit %d, stderr %q, %d bytes unread; want 1, %q, 1", tc.name, rc, errb.String(), in.Len(), tc.want)
		}
	}
}

// While a client's input trickles in, other clients are served, and a
// server with nothing else to keep it waits for that client.
func TestLoadBufferServesOthersWhileReading(t *testing.T) {
	s := RunT(t)
	pr, pw := io.Pipe()
	done := make(chan string)
	go func() {
		var out, errb bytes.Buffer
		s.Run(context.Background(), []string{"start-server", ";", "load-buffer", "-b", "in", "-", ";", "show-buffer", "-b", "in"}, pr, &out, &errb)
		done <- out.String() + errb.String()
	}()
	// The write returns once the load is reading, with the lock let go.
	if _, err := pw.Write([]byte("late")); err != nil {
		t.Fatal(err)
	}
	mustRun(t, s, "set-buffer", "-b", "other", "x")
	if !s.Running() {
		t.Fatal("the server exited while a client was still reading its input")
	}
	pw.Close()
	if got := <-done; got != "late" {
		t.Fatalf("the reading client's line gave %q", got)
	}
	if s.Running() {
		t.Fatal("a server with no session outlived its last client")
	}
}
