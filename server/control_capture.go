package server

import (
	"cmp"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/google/uuid"
)

// A control client's replies are framed by guard lines (%begin TIME
// NUMBER FLAGS, then %end or %error with the same three fields), and tmux
// 3.3a puts a command's output between them as it is: nothing in it is
// escaped. capture-pane -p prints what a pane's program wrote, and that
// program can write the guard that ends the reply (the time is the
// clock's, the number tmux's count of the commands it has run: both easy
// to guess), then a block that would pass for the reply to a later
// command, another caller's. So on a control client a capture never
// travels inline: capture-pane … -p runs as
//
//	capture-pane … -b T ; save-buffer -b T FIFO ; delete-buffer -b T
//
// with T a buffer name of its own (tmuxbuf_capture_ and 32 hex digits
// drawn at random: not a name of the agent namespace, nor a user's), and
// its output comes through the FIFO, as show-buffer's does. The caller
// gets what capture-pane -p prints (the same bytes, the same errors, the
// same exit status): capture-pane -p ends its output with one line feed,
// which the buffer may lack; and a capture of nothing (the pending output
// of -P, an alternate screen that -a -q did not find, rows that -J joined
// into nothing) makes no buffer, which save-buffer would take for an
// error that stops the line, so such a capture runs on a buffer set
// beforehand to a value of its own (T's name), which no capture can
// print but by chance.
//
// T exists from the capture to the delete, the same line, which no other
// command of this client's can come between; but tmux 3.3a makes any
// buffer, named or not, the most recent (paste_get_top: 3.4 skips named
// buffers), and save-buffer waits for one turn of tmux's event loop, in
// which a command of another client (a key bound to paste-buffer, a
// script's show-buffer, a user's hook on after-save-buffer) that names no
// buffer finds T. Nothing of the commands tmux 3.3a has avoids that turn.
//
// A line cut short leaves T behind: an error after the capture (the
// seeded capture's own, a save that fails), a caller who gave up on a line
// tmux will still run, a client that went mid-line. The backend then
// deletes T with a line of its own, on the same client while it stays
// (a control client runs its lines in order, so that line runs after the
// capture's, however late tmux is), else through the next.

type captureStep uint8

const (
	stepPlain   captureStep = iota // a command as the caller sent it
	stepSeed                       // set-buffer -b T T
	stepCapture                    // capture-pane … -b T
	stepSave                       // save-buffer -b T FIFO
	stepDelete                     // delete-buffer -b T
)

// capture is one capture-pane -p of a caller's line.
type capture struct {
	buffer string // T
	first  int    // the index, on the line, of its first command
	seeded bool
}

// steps are the commands it runs, in order.
func (c *capture) steps() []captureStep {
	if c.seeded {
		return []captureStep{stepSeed, stepCapture, stepSave, stepDelete}
	}
	return []captureStep{stepCapture, stepSave, stepDelete}
}

// index is the index on the line of its command step.
func (c *capture) index(step captureStep) int {
	return c.first + slices.Index(c.steps(), step)
}

const captureFlags = "ab:CeE:JNpPqS:t:" // tmux 3.3a's, cmd-capture-pane.c

// captureToBuffer is cmd, if it is a capture-pane that prints (-p) and
// that tmux will run, made to capture into a buffer instead: every flag as
// it was but -p and -b, to which -b and the buffer's name are to be
// added. seed reports a capture
// that may be of nothing (-P, -a, -J). ok is false for any other command,
// and for a capture-pane that tmux refuses to parse (an unknown flag, a
// value missing, an argument), which prints nothing.
func captureToBuffer(cmd []string) (out []string, seed, ok bool) {
	if len(cmd) == 0 || cmd[0] != "capture-pane" && cmd[0] != "capturep" {
		return nil, false, false
	}
	out = []string{cmd[0]}
	printed := false
	i := 1
	for i < len(cmd) {
		a := cmd[i]
		if len(a) < 2 || a[0] != '-' {
			break
		}
		i++
		if a == "--" {
			break
		}
		for j := 1; j < len(a); j++ {
			flag := a[j]
			at := strings.IndexByte(captureFlags, flag)
			if at < 0 || flag == ':' {
				return nil, false, false
			}
			if at+1 == len(captureFlags) || captureFlags[at+1] != ':' {
				switch flag {
				case 'p':
					printed = true
					continue
				case 'P', 'a', 'J':
					seed = true
				}
				out = append(out, "-"+string(flag))
				continue
			}
			value := a[j+1:]
			if value == "" {
				if i == len(cmd) {
					return nil, false, false
				}
				value = cmd[i]
				i++
			}
			if flag != 'b' {
				out = append(out, "-"+string(flag), value)
			}
			break
		}
	}
	if i != len(cmd) || !printed {
		return nil, false, false // tmux takes no argument
	}
	return out, seed, true
}

// newCaptureBuffer is a name for T.
func newCaptureBuffer() string {
	id := uuid.New()
	return "tmuxbuf_capture_" + hex.EncodeToString(id[:])
}

// addCapture appends to line the commands that run cmd, a capture-pane -p
// that captureToBuffer made to capture into a buffer, and returns the
// capture; its drain, of the line's FIFOs, is the save-buffer's. A held
// drain keeps its data until the replies ahead of it are written.
func (d *ControlDialer) addCapture(line *[][]string, fifos *[]*fifo, cmd []string, seed bool, stdout io.Writer, held bool) (*capture, error) {
	buffer := newCaptureBuffer()
	c := &capture{buffer: buffer, first: len(*line), seeded: seed}
	sentinel := ""
	if seed {
		sentinel = buffer
		*line = append(*line, []string{"set-buffer", "-b", buffer, "--", sentinel})
		*fifos = append(*fifos, nil)
	}
	f, err := d.captureDrain(stdout, held, sentinel)
	if err != nil {
		return nil, err
	}
	*line = append(*line, append(cmd, "-b", buffer), []string{"save-buffer", "-b", buffer, f.path}, []string{"delete-buffer", "-b", buffer})
	*fifos = append(*fifos, nil, f, nil)
	return c, nil
}

// step is what the line's command i does, and the capture it is of.
func (l *controlLine) step(i int) (captureStep, *capture) {
	for _, c := range l.captures {
		if i >= c.first && i < c.first+len(c.steps()) {
			return c.steps()[i-c.first], c
		}
	}
	return stepPlain, nil
}

// write writes replies, those of the line's commands in order, to stdout
// and stderr as tmux's own client would have written those of the
// caller's commands, and returns the exit status; err is a failure of the
// backend's own.
func (l *controlLine) write(replies []controlReply, stdout, stderr io.Writer) (int, error) {
	for i, reply := range replies {
		step, c := l.step(i)
		switch {
		case !reply.ok && (step == stepPlain || step == stepCapture):
			stderr.Write(reply.output) // tmux runs none of the rest
			return 1, nil
		case !reply.ok && step == stepDelete && i == l.commands-1:
			// Someone deleted T meanwhile (a delete-buffer that names no
			// buffer finds it, see capture): the capture is done.
		case !reply.ok:
			what := map[captureStep]string{stepSeed: "setting up", stepSave: "saving", stepDelete: "deleting"}[step]
			return 0, &BackendError{Err: fmt.Errorf("control mode: %s the buffer %s of a capture: %s; tmux ran none of the line's commands after it", what, c.buffer, firstLine(string(reply.output)))}
		case l.fifos[i] != nil:
			if err := l.fifos[i].finish(); err != nil {
				return 0, &BackendError{Err: fmt.Errorf("control mode: moving data through %s: %v", l.fifos[i].path, err)}
			}
		case len(reply.output) > 0:
			// Not of a capture-pane -b, which prints nothing: the drain
			// of a capture not held may be writing to stdout meanwhile.
			stdout.Write(reply.output)
		}
	}
	return 0, nil
}

// strays are the buffers of l's captures that may be left in tmux, once
// l is answered, or its client has gone, or its caller gave up on it;
// c.mu held. Of a client whose output could not be trusted (spoiled),
// the replies say nothing: each may be left.
func (l *controlLine) strays(spoiled bool) []string {
	if !l.written {
		return nil // tmux never had it
	}
	var names []string
	for _, c := range l.captures {
		if l.abandoned || spoiled {
			// tmux runs it later, or has: a line of its own deletes T
			// should the capture's not have run to its delete.
			names = append(names, c.buffer)
			continue
		}
		n := len(l.replies)
		switch {
		case n > c.index(stepDelete):
			continue // deleted, or found gone by its delete
		case n > c.first && !l.replies[c.first].ok:
			continue // its first command failed, and made no buffer
		case n <= c.first && (l.failure == "" || n > 0 && !l.replies[n-1].ok):
			continue // the line stopped before it
		}
		names = append(names, c.buffer)
	}
	return names
}

// sweep has the strays of l deleted: by a line queued on c, which runs
// after l, or, if c has gone, by RunBackend, through the next client
// (l.strays). A client that went with its tmux server leaves no buffer.
func (c *controlClient) sweep(l *controlLine) {
	if len(l.captures) == 0 {
		return
	}
	c.mu.Lock()
	names := l.strays(c.spoiled != "")
	if len(names) == 0 {
		c.mu.Unlock()
		return
	}
	if !c.gone && !c.leaving {
		for _, name := range names {
			c.queued = append(c.queued, &controlLine{text: "delete-buffer -b " + quoteArg(name), commands: 1, fifos: []*fifo{nil}, abandoned: true, done: make(chan struct{})})
		}
		c.changed.Broadcast()
		c.mu.Unlock()
		return
	}
	c.mu.Unlock()
	if answers(c.socket) {
		l.left = names
	}
}

// deleteStrays deletes, in the background, the buffers of l's captures
// that l's client, gone, left behind.
func (t controlTmux) deleteStrays(l *controlLine) {
	if len(l.left) == 0 {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), cmp.Or(t.d.Timeout, DefaultTimeout))
		defer cancel()
		for _, name := range l.left {
			if _, err := t.RunBackend(ctx, []string{"delete-buffer", "-b", name}, nil, io.Discard, io.Discard); errors.Is(err, errDialerClosed) {
				return
			}
		}
	}()
}
