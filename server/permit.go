package server

import (
	"context"
	"encoding/hex"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/google/uuid"
	"github.com/tmuxbuf/tmuxbuf/internal/tmuxargv"
)

// A call that answers with an error, or that was cancelled, must have no
// effect later either: agents retry, and a paste or a kill must never
// happen twice. But a backend that gives up on a command cannot always
// take it back. Measured on tmux 3.3a: a control client's line, once
// written, runs when a stopped tmux resumes; and so does the command of an
// exec client killed while tmux was stopped, which had already sent it.
//
// So every command line that changes tmux's state starts by reading its
// standard input, and tmux runs the rest of the line only once that input
// has come: a permit, which the call withdraws when its context ends. The
// payload's own load (load-buffer -) is the permit of a line that starts
// with one; any other gets a gate in front (gateCommands). A withdrawn
// permit reads as empty, whenever tmux comes to read it: the load then
// makes no buffer, and the first command that needs the buffer fails,
// which stops the line (tmux runs nothing after a failed command). Each
// backend hands the permit over only when tmux reads it: exec's client is
// killed with the input unread in its pipe; control's FIFO is opened by
// tmux when it runs the command, or a one-byte permit waits in a pipe that
// the call drains to withdraw it (control_preload.go); the emulator reads
// while the call lasts.
//
// Once tmux has begun to read a permit, it is taken: the line is under
// way, and its input is delivered whole even if the call's time runs out
// then, since a load cut short would still succeed with part of the
// content. Such a call says that its command may still take effect.

type permitState int

const (
	permitPending   permitState = iota
	permitTaken                 // tmux has begun reading it
	permitWithdrawn             // the call ended first: tmux reads nothing
	permitStaged                // handed to a carrier that tmux reads from unaided
)

// permit is a command line's standard input, released to tmux only while
// the call's context lasts.
type permit struct {
	ctx   context.Context
	mu    sync.Mutex
	state permitState
	r     io.Reader
	// takeBack, for a staged permit, takes it back from its carrier and
	// reports whether it was still there, tmux not having read it.
	takeBack func() bool
}

func newPermit(ctx context.Context, r io.Reader) *permit {
	return &permit{ctx: ctx, r: r}
}

func (p *permit) Read(b []byte) (int, error) {
	p.mu.Lock()
	if p.state == permitPending {
		p.state = permitTaken
		if p.ctx.Err() != nil {
			p.state = permitWithdrawn
		}
	}
	withdrawn := p.state == permitWithdrawn
	p.mu.Unlock()
	if withdrawn {
		return 0, io.EOF
	}
	return p.r.Read(b)
}

// Len is how much input a taker may expect (the emulator sizes its read
// by it), when the permit's reader knows.
func (p *permit) Len() int {
	if sized, ok := p.r.(interface{ Len() int }); ok {
		return sized.Len()
	}
	return 0
}

// stage hands the whole permit over at once, for a carrier that tmux reads
// without this process's help, which takeBack can withdraw it from; or
// reports false, the call having ended (or the permit gone to another
// reader) first. Only a permit that one read takes whole, or not at all,
// may be staged: tmux must never load part of one.
func (p *permit) stage(takeBack func() bool) ([]byte, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.state != permitPending {
		return nil, false
	}
	if p.ctx.Err() != nil {
		p.state = permitWithdrawn
		return nil, false
	}
	data, err := io.ReadAll(p.r)
	if err != nil {
		p.state = permitWithdrawn
		return nil, false
	}
	p.state, p.takeBack = permitStaged, takeBack
	return data, true
}

// withdraw keeps the permit from tmux from now on, and reports whether
// tmux had already begun reading it: whether the line may still run.
func (p *permit) withdraw() (taken bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch p.state {
	case permitPending:
		p.state = permitWithdrawn
	case permitStaged:
		p.state = permitTaken
		if p.takeBack() {
			p.state = permitWithdrawn
		}
	}
	return p.state == permitTaken
}

// reclaim says that what was read of the permit never reached tmux: the
// exec backend's client died with it still in its pipe.
func (p *permit) reclaim() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.state = permitWithdrawn
}

// readOnlyCommands are the tmux commands that change nothing, as the
// server runs them: the lines made only of these need no permit.
// display-message and capture-pane count only with -p, which prints
// rather than shows a message or makes a buffer.
var readOnlyCommands = map[string]bool{
	"list-sessions": true, "list-windows": true, "list-panes": true, "list-buffers": true,
	"list-clients": true, "has-session": true, "show-buffer": true, "save-buffer": true,
	"show-options": true, "show-window-options": true, "show-environment": true,
	"show-hooks": true, "display-message": true, "capture-pane": true,
}

func changesState(command []string) bool {
	if !readOnlyCommands[command[0]] {
		return true
	}
	switch command[0] {
	case "display-message", "capture-pane":
		return !slices.Contains(command[1:], "-p")
	case "save-buffer":
		return command[len(command)-1] != "-"
	}
	return false
}

// gateCommands is the command line to run for args with stdin, with the
// permit that stands in for stdin; nil for a line that changes nothing.
// A line that uses stdin must begin with the load that reads it, which is
// then its permit.
func gateCommands(ctx context.Context, args []string, stdin io.Reader) ([]string, *permit, error) {
	commands := tmuxargv.SplitCommands(args)
	if !slices.ContainsFunc(commands, changesState) {
		return args, nil, nil
	}
	first := commands[0]
	if first[0] == "load-buffer" && first[len(first)-1] == "-" {
		return args, newPermit(ctx, stdin), nil
	}
	if stdin != nil {
		return nil, nil, errStdinNotFirst(first[0])
	}
	id := uuid.New()
	gate := "tmuxbuf_gate_" + hex.EncodeToString(id[:])
	line := append([]string{"load-buffer", "-b", gate, "-", ";", "delete-buffer", "-b", gate, ";"}, args...)
	return line, newPermit(ctx, strings.NewReader("1")), nil
}
