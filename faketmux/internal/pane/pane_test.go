package pane

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// patience bounds every wait on a condition. It is generous because the
// machines are shared; no test asserts on how long anything takes.
const patience = 30 * time.Second

func start(t *testing.T, o Options) *Pane {
	t.Helper()
	p, err := Start(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.Close() })
	return p
}

// sh runs script in sh with the given terminal size.
func sh(t *testing.T, cols, rows int, script string, args ...string) *Pane {
	t.Helper()
	return start(t, Options{Argv: append([]string{"sh", "-c", script, "sh"}, args...), Cols: cols, Rows: rows})
}

// waitScreen waits until the screen contains want and returns it.
func waitScreen(t *testing.T, p *Pane, want string) string {
	t.Helper()
	deadline := time.Now().Add(patience)
	for {
		got := screen(p)
		if strings.Contains(got, want) {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("screen never showed %q; it shows:\n%s", want, got)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// screen is the visible screen as capture-pane -p prints it.
func screen(p *Pane) string {
	lines, _, history := p.Lines()
	return text(lines[history:])
}

// everything is the history and the screen, as capture-pane -p -S - prints
// them.
func everything(p *Pane) string {
	lines, _, _ := p.Lines()
	return text(lines)
}

func text(lines [][]byte) string {
	var b strings.Builder
	for _, l := range lines {
		b.Write(l)
		b.WriteByte('\n')
	}
	return b.String()
}

func waitClosed(t *testing.T, c <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-c:
	case <-time.After(patience):
		t.Fatalf("%s never happened", what)
	}
}

func TestProgramReadsExactlyTheBytesWritten(t *testing.T) {
	out := filepath.Join(t.TempDir(), "got")
	var in []byte
	for b := range 256 {
		in = append(in, byte(b))
	}
	in = append(in, "\x1b[200~pasted\rtext\x1b[201~ é中"...)
	// Raw mode, no echo, no literal-next: the terminal passes every byte.
	p := sh(t, 80, 24, `stty raw -echo -iexten; echo ready; exec head -c "$1" > "$2"`,
		strconv.Itoa(len(in)), out)
	waitScreen(t, p, "ready")
	for chunk := range slicesChunk(in, 100) {
		if err := p.Write(chunk); err != nil {
			t.Fatal(err)
		}
	}
	waitClosed(t, p.Exited(), "exit after reading every byte")
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, in) {
		t.Errorf("program read\n%q\nwant\n%q", got, in)
	}
	if !bytes.Equal(p.Input(), in) {
		t.Errorf("Input() = %q, want %q", p.Input(), in)
	}
}

func slicesChunk(b []byte, n int) func(func([]byte) bool) {
	return func(yield func([]byte) bool) {
		for len(b) > 0 {
			k := min(n, len(b))
			if !yield(b[:k]) {
				return
			}
			b = b[k:]
		}
	}
}

func TestBracketedPasteFollowsTheProgram(t *testing.T) {
	// The mode sequences are split across writes on purpose, and the
	// last step resets the terminal (RIS), which turns the mode off too.
	p := sh(t, 40, 5, `
		echo start; read x
		printf '\033[?20'; printf '04h'; echo on; read x
		printf '\033[?2004l'; echo off; read x
		printf '\033[?2004h'; echo again; read x
		printf '\033c'; echo reset; read x`)
	waitScreen(t, p, "start")
	if p.BracketedPaste() {
		t.Error("bracketed paste on before the program asked")
	}
	if err := p.Write([]byte("\r")); err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct {
		shows string
		on    bool
	}{{"on", true}, {"off", false}, {"again", true}, {"reset", false}} {
		waitScreen(t, p, step.shows)
		if got := p.BracketedPaste(); got != step.on {
			t.Errorf("after %q: BracketedPaste() = %v, want %v", step.shows, got, step.on)
		}
		if err := p.Write([]byte("\r")); err != nil {
			t.Fatal(err)
		}
	}
}

func TestEmulatorAnswersQueries(t *testing.T) {
	// A program that asks for the cursor position must get an answer,
	// as it does in tmux; otherwise it would wait forever.
	p := sh(t, 40, 5, `stty raw -echo; printf '\033[6n'; r=$(head -c 6 | od -An -c); printf '\r\n[%s]\r\n' "$r"; read x`)
	waitScreen(t, p, `[ 033   [   1   ;   1   R]`)
}

func TestResize(t *testing.T) {
	p := sh(t, 80, 24, `echo ready; read x; stty size; read x`)
	waitScreen(t, p, "ready")
	if err := p.Resize(40, 10); err != nil {
		t.Fatal(err)
	}
	if err := p.Write([]byte("\r")); err != nil {
		t.Fatal(err)
	}
	screen := waitScreen(t, p, "10 40")
	if n := strings.Count(screen, "\n"); n != 10 {
		t.Errorf("capture has %d rows after resize, want 10:\n%s", n, screen)
	}
}

// A popup's terminal is resized as tmux resizes a popup's screen: a
// line wrapped at the old width is cut at the new one, not rewrapped.
func TestResizeWithoutReflow(t *testing.T) {
	for _, noReflow := range []bool{false, true} {
		p := StartEmpty(Options{Cols: 6, Rows: 3, NoReflow: noReflow})
		p.Display([]byte("abcdefgh"))
		p.Resize(4, 3)
		out, err := p.Capture(CaptureOptions{Range: func(history, last int) (int, int) { return history, last }})
		if err != nil {
			t.Fatal(err)
		}
		want := "abcd\nefgh\n\n"
		if noReflow {
			want = "abcd\ngh\n\n"
		}
		if string(out) != want {
			t.Errorf("NoReflow %v: %q, want %q", noReflow, out, want)
		}
	}
}

func TestExitedAfterOutputIsOnScreen(t *testing.T) {
	for name, script := range map[string]string{
		"alone": `echo bye`,
		// A background process keeps the terminal open, so the pane
		// cannot wait for end of file to know the output is complete.
		"holder": `sleep 60 & echo bye`,
	} {
		t.Run(name, func(t *testing.T) {
			p := sh(t, 20, 3, script)
			waitClosed(t, p.Exited(), "Exited")
			if got := screen(p); got != "bye\n\n\n" {
				t.Errorf("capture after exit = %q", got)
			}
		})
	}
}

func TestCloseReapsAndIsIdempotent(t *testing.T) {
	for name, script := range map[string]string{
		"hangs-up":       `echo ready; exec sleep 60`,
		"ignores-hangup": `trap '' HUP; echo ready; sleep 60; sleep 60`,
	} {
		t.Run(name, func(t *testing.T) {
			p := sh(t, 20, 3, script)
			waitScreen(t, p, "ready")
			pid := p.PID()
			if err := p.Close(); err != nil {
				t.Fatal(err)
			}
			// ECHILD: pid is no longer a child of ours, not even a zombie.
			if _, err := syscall.Wait4(pid, nil, syscall.WNOHANG, nil); !errors.Is(err, syscall.ECHILD) {
				t.Errorf("after Close, wait4(%d) = %v, want ECHILD", pid, err)
			}
			waitClosed(t, p.Exited(), "Exited after Close")
			if err := p.Close(); err != nil {
				t.Errorf("second Close = %v", err)
			}
			if err := p.Write([]byte("x")); err == nil {
				t.Error("Write after Close succeeded")
			}
		})
	}
}

func TestStartErrors(t *testing.T) {
	if _, err := Start(Options{}); err == nil {
		t.Error("Start with no command succeeded")
	}
	if _, err := Start(Options{Argv: []string{filepath.Join(t.TempDir(), "missing")}}); err == nil {
		t.Error("Start of a missing program succeeded")
	}
}

func TestOptionsReachTheProgram(t *testing.T) {
	dir := t.TempDir()
	p := start(t, Options{
		Argv: []string{"sh", "-c", `echo "$TERM $TMUX_PANE"; pwd; stty size; read x`},
		Dir:  dir,
		Env:  []string{"TERM=tmux-256color", "TMUX_PANE=%7", "PATH=" + os.Getenv("PATH")},
	})
	screen := waitScreen(t, p, "24 80")
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := "tmux-256color %7\n" + real + "\n24 80\n"
	if !strings.HasPrefix(screen, want) {
		t.Errorf("screen = %q, want it to start %q", screen, want)
	}
}

// seq is the lines from..to, each ending in a newline.
func seq(from, to int) string {
	var b strings.Builder
	for i := from; i <= to; i++ {
		b.WriteString(strconv.Itoa(i) + "\n")
	}
	return b.String()
}

func TestHistory(t *testing.T) {
	for _, tc := range []struct {
		name, script string
		limit        int
		want         string // history and screen, ending in the marker END
		size         int
	}{
		// A full history loses its oldest tenth, at least one line.
		{"limit-5", "seq 1 40", 5, seq(32, 40), 5},
		{"limit-20", "seq 1 40", 20, seq(17, 40), 20},
		{"none", "seq 1 40", 0, seq(37, 40), 0},
		// A wrapped line goes into the history row by row.
		{"wrapped", "printf '%050d\\n' 0; seq 1 5", 100, strings.Repeat("0", 20) + "\n" + strings.Repeat("0", 20) + "\n0000000000\n" + seq(1, 5), 4},
		// ED 2 scrolls rows down to the last one used into the history,
		// blank ones between included.
		{"erase-display", `printf 'a\n\n\nb\n\033[2J'`, 100, "a\n\n\nb\n\n\n\n\n", 4},
		// ED 3 clears the history and leaves the screen.
		{"erase-history", `seq 1 10; printf '\033[3J'; seq 11 12`, 100, seq(7, 12), 2},
		// The alternate screen adds nothing to the history.
		{"alternate", `seq 1 10; printf '\033[?1049h\033[H'; seq 100 120`, 100, seq(1, 6) + seq(117, 120), 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			argv := []string{"sh", "-c", tc.script + "; printf END; exec sleep 60"}
			p := start(t, Options{Argv: argv, Cols: 20, Rows: 5, HistoryLimit: tc.limit})
			waitScreen(t, p, "END")
			want := tc.want + "END\n"
			if got := everything(p); got != want || p.HistorySize() != tc.size {
				t.Errorf("history and screen = %q (history %d), want %q (history %d)", got, p.HistorySize(), want, tc.size)
			}
			p.ClearHistory()
			if got := everything(p); got != screen(p) || p.HistorySize() != 0 {
				t.Errorf("after ClearHistory: %q (history %d)", got, p.HistorySize())
			}
		})
	}
}

// Lines keeps its rendering between changes; every kind of change must
// still show in the next call, and what a caller does with the slice it
// got must not reach the next one.
func TestLinesFollowEveryChange(t *testing.T) {
	p := StartEmpty(Options{Cols: 10, Rows: 3, HistoryLimit: 10})
	defer p.Close()
	p.Display([]byte("a"))
	if got := everything(p); got != "a\n\n\n" {
		t.Fatalf("after a: %q", got)
	}
	lines, _, _ := p.Lines()
	lines[0] = []byte("changed by the caller")
	p.Display([]byte("\nb\nc\nd"))
	if got := everything(p); got != "a\nb\nc\nd\n" {
		t.Errorf("after a line scrolled into the history: %q", got)
	}
	p.ClearHistory()
	if got := everything(p); got != "b\nc\nd\n" {
		t.Errorf("after ClearHistory: %q", got)
	}
	if err := p.Resize(10, 2); err != nil {
		t.Fatal(err)
	}
	if lines, _, history := p.Lines(); len(lines)-history != 2 {
		t.Errorf("after a resize to 2 rows the screen has %d", len(lines)-history)
	}
}

// TestForeground checks the terminal's foreground group and session: the
// program leads both from its start, a group it puts in front takes
// over, and a closed pane has none.
func TestForeground(t *testing.T) {
	p := sh(t, 80, 24, `set -m; echo ready; read x; sleep 1000`)
	waitScreen(t, p, "ready")
	pgrp, sid, ok := p.Foreground()
	if !ok || pgrp != p.PID() || sid != p.PID() {
		t.Fatalf("Foreground() = %d, %d, %v; want %d, %d, true", pgrp, sid, ok, p.PID(), p.PID())
	}
	if err := p.Write([]byte("\r")); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(patience)
	for {
		pgrp, sid, ok = p.Foreground()
		if !ok || sid != p.PID() {
			t.Fatalf("Foreground() = %d, %d, %v while sleep runs", pgrp, sid, ok)
		}
		if pgrp != p.PID() {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("sleep never took the terminal")
		}
		time.Sleep(time.Millisecond)
	}
	// The shell hands the terminal to its child before the child has
	// exec'd sleep: until then (and, while it execs, briefly nothing) the
	// group runs something else.
	for {
		line, _ := os.ReadFile("/proc/" + strconv.Itoa(pgrp) + "/cmdline")
		if strings.HasPrefix(string(line), "sleep\x00") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("foreground group %d runs %q, want sleep", pgrp, line)
		}
		time.Sleep(time.Millisecond)
	}
	p.Close()
	if _, _, ok := p.Foreground(); ok {
		t.Error("a closed pane has a foreground group")
	}
}
