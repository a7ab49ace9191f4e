// Package controlrun runs a control-mode tmux client (tmux -C) the way the
// project's differential tests need to, against tmux and faketmux alike,
// and names the normalisers its output needs.
//
// tmux 3.3a runs the lines of input it reads before the client's argv has
// run (before an attach-session has attached, say) without a session, so a
// client whose input is all there at once behaves by chance. Run sends the
// input only once the client has answered its argv.
package controlrun

import (
	"bufio"
	"io"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"time"
)

// Patience bounds how long Run keeps the input open waiting for until;
// the comparison then shows what came.
const Patience = 15 * time.Second

// Run starts cmd (a tmux -C command line; the caller sets its Stderr, Dir
// and Env), sends input once the client has answered its argv (its first
// guard with flags 0 closed, or %exit), and closes the input once a line
// of output contains until (at once when until is empty). It returns the
// client's whole standard output and cmd.Wait's error.
func Run(cmd *exec.Cmd, input, until string) (string, error) {
	in, err := cmd.StdinPipe()
	if err != nil {
		return "", err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", err
	}
	if err := cmd.Start(); err != nil {
		return "", err
	}
	stdout := Drive(in, out, input, until)
	return stdout, cmd.Wait()
}

// Drive does Run's work for a client started otherwise (an emulator's,
// in process): in is its standard input, out its standard output, read
// to the end, which Drive returns.
func Drive(in io.WriteCloser, out io.Reader, input, until string) string {
	var stdout strings.Builder
	var closeOnce sync.Once
	// The input is written while the output is read, so that a client
	// that answers before it reads (or never reads) blocks neither; it
	// is closed once written.
	written := make(chan struct{})
	closeInput := func() { closeOnce.Do(func() { go func() { <-written; in.Close() }() }) }
	r := bufio.NewReader(out)
	sent := false
	for {
		line, err := r.ReadString('\n')
		stdout.WriteString(line)
		if !sent && (answersArgv(line) || err != nil) {
			go func() { io.WriteString(in, input); close(written) }()
			sent = true
			time.AfterFunc(Patience, closeInput)
		}
		if sent && (until == "" || strings.Contains(stdout.String(), until) || err != nil) {
			closeInput()
		}
		if err != nil {
			break
		}
	}
	return stdout.String()
}

var (
	guardTimeRE  = regexp.MustCompile(`(?m)^(%begin|%end|%error) [0-9]+ `)
	argvAnswerRE = regexp.MustCompile(`^%(end|error) [0-9]+ [0-9]+ 0\n$`)
	clientNameRE = regexp.MustCompile(`\bclient-[0-9]+\b`)
)

func answersArgv(line string) bool { return line == "%exit\n" || argvAnswerRE.MatchString(line) }

// NormGuardTimes replaces the time in the guards, the second each command
// fired.
func NormGuardTimes(s string) string { return guardTimeRE.ReplaceAllString(s, "$1 TIME ") }

// NormClientNames replaces the process ID in a client's name.
func NormClientNames(s string) string { return clientNameRE.ReplaceAllString(s, "client-PID") }
