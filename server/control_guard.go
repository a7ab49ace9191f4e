package server

import (
	"crypto/rand"
	"encoding/hex"
	"strconv"
	"strings"
)

// What a control client's output must look like, whatever a program
// prints. tmux 3.3a frames the reply to each command with guards,
// `%begin TIME NUMBER FLAGS` then `%end` or `%error` with the same three
// fields, where NUMBER is the count of the items tmux's command queues
// have fired, server-wide, which only grows; it never nests a reply in
// another; and between replies it writes notifications and lines that no
// reply frames (a command's late error, run-shell's output), none of which
// is a guard. But it escapes nothing of a command's output, and some
// output is a program's: what capture-pane -p prints, and formats of
// values a program sets, such as #{pane_current_path} (a directory's name
// can hold line breaks) or #{pane_current_command} (its argv[0]), which tmux
// 3.3a prints as they are, measured. Such a program can end a reply early
// with its exact guard (the time is the clock's, the number easy to
// guess), and begin one that would pass for the reply to the next
// command, another caller's. A line shaped as some other guard is only
// output (a pane that runs a control client of its own shows many), and
// stays in the reply.
//
// A forged end is followed, sooner or later, by the real one, which then
// stands where no reply is open. So the reader takes for out of step, and
// spoils the client (no reply of it is trusted any more):
//
//   - an %end or %error where no reply is open;
//   - a %begin whose number does not follow the last reply's.
//
// Those find a forgery only once the real end comes, after the forged
// replies. So a line's replies are handed over only once a reply that no
// program can forge has come after them: every line the backend writes is
// followed by a line of its own, `display-message -p NONCE`, with NONCE
// drawn at random for that line (see marked), and a line is answered once
// that command's reply, NONCE, has come. tmux runs a client's lines in
// order, and that line runs even when a command of the line before fails.
// A forged reply, or a forged end followed by real output, comes before the
// real NONCE; the forger cannot know it, so what comes in its place is not
// it, or is a guard out of step. A line that may end the client's session
// or the server gets no such line (tmux may never run it): it is checked
// only by the next line's.
//
// A call whose output was forged so fails, saying so; it never answers
// with the forger's text. Its text stays inline: a capture could travel
// through a buffer and a FIFO instead, and come back exact, but that
// buffer would be tmux's most recent for a turn of its event loop, which a
// paste-buffer of the user's (prefix ]) would type into their pane.

// guardNumber is the number of a guard's fields (TIME NUMBER FLAGS), if
// they are three numbers.
func guardNumber(guard string) (uint32, bool) {
	fields := strings.Split(guard, " ")
	if len(fields) != 3 {
		return 0, false
	}
	for _, f := range fields {
		if f == "" || strings.Trim(f, "0123456789") != "" {
			return 0, false
		}
	}
	n, err := strconv.ParseUint(fields[1], 10, 32)
	return uint32(n), err == nil
}

// isGuard reports whether line, without its line feed, is shaped as a
// guard.
func isGuard(line string) bool {
	for _, kind := range []string{"%begin ", "%end ", "%error "} {
		if guard, ok := strings.CutPrefix(line, kind); ok {
			_, ok := guardNumber(guard)
			return ok
		}
	}
	return false
}

// after reports whether number a comes after b in tmux's count, an
// unsigned int that may wrap.
func after(a, b uint32) bool {
	d := a - b
	return d != 0 && d < 1<<31
}

// newNonce is a marker line's NONCE.
func newNonce() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// marked reports whether a line of commands gets a marker line: not one
// that may end the client's session (see sessionProbe) or the server, after
// which tmux may run no line of the client's.
func marked(commands [][]string, probed bool) bool {
	if probed {
		return false
	}
	for _, cmd := range commands {
		if len(cmd) > 0 && (cmd[0] == "kill-server" || cmd[0] == "detach-client" || cmd[0] == "detach") {
			return false
		}
	}
	return true
}

// markerLine is the marker line for nonce.
func markerLine(nonce string) string { return "display-message -p " + nonce }

// spoil marks the client's output as out of step, for why (no content in
// it): what it says can no longer be told apart from what a program forged.
// No line goes to it any more: those not yet written go back to their
// callers, for the next client (see leave); those written fail, once the
// client has exited, saying that they may have run. Its input closes, for
// tmux to end it, which is safe while tmux answers, as it has just done;
// the reader reads its output to the end, and drops it, so that tmux never
// waits on it. c.mu held.
func (c *controlClient) spoil(why string) {
	if c.spoiled != "" {
		return
	}
	c.spoiled = "control mode: the control client's output could not be trusted (" + why +
		"), as when a program's output in a pane forges the framing of tmux's replies; the command may have run, and what it printed is not given\n"
	c.leave()
	go func() {
		c.gate.mayEndClient(c, DefaultTimeout)
		c.in.Close()
	}()
}

func (c *controlClient) isSpoiled() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.spoiled != ""
}

func (c *controlClient) spoiledText() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.spoiled
}
