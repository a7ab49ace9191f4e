package server

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// controlClient is one tmux -C process. Callers queue command lines; a
// writer goroutine sends them in order, without waiting for the replies to
// those before, and a reader goroutine hands each reply block to the
// oldest line still waiting for one.
//
// A client is never ended because tmux is slow to answer. Measured on tmux
// 3.3a: control clients started while the server is stopped (SIGSTOP) and
// then ended, killed or with their input closed, make the server crash
// when it resumes, taking every session of the user with it; one client
// per server, never ended while the server is unresponsive, is survived.
// So a call that runs out of time leaves its line to be answered later,
// and the answer is dropped; the dialer starts a second command client for
// a server only once the first has gone.
//
// Nor is a client started while tmux could crash for it. tmux 3.3a
// segfaults when a control client connects while tmux tells every control
// client of something: another client's end (measured: a control client
// that attaches while another is ending, its session killed, crashes tmux
// within a few rounds, whether that session was killed through the ending
// client, through another, or by a tmux process of its own), a session
// made, ended or renamed, a window or pane selected. So every start of a
// client of ours, command client or listener, goes through its server's
// serverGate (control_gate.go): it waits until no client of ours there
// is ending (tmux lists a client whose session has gone no more) and no
// line of ours is in flight, and holds our lines, and our clients' ends,
// until the new client has attached.
type controlClient struct {
	cmd    *exec.Cmd
	socket string      // the tmux server's
	gate   *serverGate // of that server: see serverGate
	in     io.WriteCloser
	out    *os.File // the client's standard output, read by read
	// alive is never written: once handOver has given the client's output
	// to a process of its own, that process starts reading when alive
	// closes, which is when this process exits or, should it live on,
	// when the client is collected, its read loop long over.
	alive *os.File

	mu       sync.Mutex
	changed  *sync.Cond     // signalled when any field below changes
	queued   []*controlLine // waiting to be written, oldest first
	sent     []*controlLine // written, waiting for their replies, oldest first
	closing  bool           // no more lines: close wants the client idle
	gone     bool           // the process has exited
	attached bool           // the attach command succeeded
	failure  string         // why the process exited, once gone
	// leaving is set once a line's probe found the client without a
	// session, which makes tmux end it (see sessionProbe), or tmux no
	// longer listed it (see ControlDialer.settle): no new line goes to it,
	// and those queued go back to their callers, for the next client.
	leaving bool
	// spoiled says why the client's output was found out of step (see
	// spoil, control_guard.go): it is leaving, and the lines written to it
	// fail with this once it has gone.
	spoiled string
	// probing counts the lines written with sessionProbe and not yet
	// answered: until their answers say whether the client stays, no
	// line is written after them.
	probing int

	// attachDone is closed once the client has attached, or has gone.
	// Lines read by tmux before then run without a session, where
	// load-buffer and save-buffer would use the client's files rather than
	// the server's, so none is written before it.
	attachDone chan struct{}
	exited     chan struct{} // closed once the process has been waited for

	// preloadMu guards the answer of preloads (control_preload.go).
	preloadMu     sync.Mutex
	preloadAsking chan struct{} // while a call asks tmux; closed when it is done
	preloadKnown  bool          // tmux has answered
	preloadOK     bool

	// orphan takes the FIFOs of a line whose fate the client's exit left
	// unknown: tmux may still open them (see ControlDialer.orphan).
	orphan func(*fifo)
	// notify, if set, gets each notification line (%output, %exit, ...),
	// on the reader's goroutine: it must not block.
	notify func(line string)
}

// controlLine is one command line and, once it is answered, its replies:
// one per command, up to the first that fails, after which tmux runs none
// of the rest.
type controlLine struct {
	text     string
	commands int
	fifos    []*fifo // one entry, maybe nil, per command
	probed   bool    // its last command is sessionProbe, the backend's own
	// preloaded says that its permit waits in a pipe (control_preload.go),
	// which only a client whose server reads this process's pipes may take.
	preloaded bool
	// nonce, when not "", is what the marker line written after it
	// prints (control_guard.go): the line is answered once that has come.
	nonce string

	// Guarded by the client's mu.
	written   bool
	abandoned bool // its caller gave up: its FIFOs are the client's to release
	replies   []controlReply
	verified  bool          // its marker line's reply has come
	failure   string        // set when the client went before the line was answered
	done      chan struct{} // closed once answered, or once the client has gone
}

type controlReply struct {
	output []byte
	ok     bool // %end rather than %error
}

func (l *controlLine) answered() bool {
	return len(l.replies) == l.commands || len(l.replies) > 0 && !l.replies[len(l.replies)-1].ok
}

// complete reports whether the line is answered and, if it has a marker
// line, that line too.
func (l *controlLine) complete() bool {
	return l.answered() && (l.nonce == "" || l.verified)
}

// startControlClient starts a control client that attaches to the session
// tmux picks. Whether that worked shows when the first line is answered: a
// client that could not attach (no server, no session) has gone by then,
// with tmux's message in failure.
func startControlClient(bin string, env, global []string, gate *serverGate, orphan func(*fifo)) (*controlClient, error) {
	return startClient(bin, env, global, []string{"attach-session", "-f", "no-output,ignore-size"}, gate, orphan, nil)
}

// startClient starts a control client (tmux -N -C) that runs attach, an
// attach-session command, and hands notify its notifications. Only
// ControlDialer.startOn calls it: see serverGate.
func startClient(bin string, env, global, attach []string, gate *serverGate, orphan func(*fifo), notify func(string)) (*controlClient, error) {
	args := append(append(slices.Clone(global), "-N", "-C"), attach...)
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	// A process group of its own: the signals a terminal sends its
	// foreground group must not end the client behind this process's back
	// (measured on tmux 3.3a: a control client exits on SIGHUP, and one
	// ended while tmux is stopped puts the server at risk). This process
	// ends it, once tmux has answered.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	// The pipe is made here rather than by StdoutPipe, so that its read
	// end can outlive the read loop: see handOver.
	out, outW, err := os.Pipe()
	if err != nil {
		in.Close()
		return nil, err
	}
	cmd.Stdout = outW
	err = cmd.Start()
	outW.Close()
	if err != nil {
		in.Close()
		out.Close()
		return nil, err
	}
	c := &controlClient{cmd: cmd, in: in, out: out, socket: socketOf(global, env), gate: gate, attachDone: make(chan struct{}), exited: make(chan struct{}), orphan: orphan, notify: notify}
	c.changed = sync.NewCond(&c.mu)
	gate.joined(c)
	go c.read(bufio.NewReader(out), &stderr)
	go c.write()
	return c, nil
}

// write sends the queued lines, oldest first, once the client has
// attached; none behind a line that may end the client's session until
// that line's answer says the client stays, and none while a client of
// ours connects to the same server (see serverGate). It may block on a
// full pipe while tmux is stopped; callers do not wait for it.
func (c *controlClient) write() {
	<-c.attachDone
	for {
		c.mu.Lock()
		for !c.gone && (len(c.queued) == 0 && !c.closing || len(c.queued) > 0 && c.probing > 0) {
			c.changed.Wait()
		}
		if c.gone || len(c.queued) == 0 {
			c.mu.Unlock()
			return
		}
		l := c.queued[0]
		if !c.gate.admit(l.probed) {
			c.mu.Unlock()
			c.gate.awaitOpen()
			continue
		}
		c.queued[0] = nil // the array must not keep the line, and its data
		c.queued = c.queued[1:]
		c.sent = append(c.sent, l)
		l.written = true
		if l.probed {
			c.probing++
		}
		c.mu.Unlock()
		text := l.text + "\n"
		if l.nonce != "" {
			text += markerLine(l.nonce) + "\n"
		}
		if _, err := io.WriteString(c.in, text); err != nil {
			return // the process has gone; read fails what is left
		}
	}
}

// read parses the client's output for as long as it runs. Reply blocks to
// this process's lines (flag 1) go to the oldest line sent; notifications
// and the attach command's block are read and dropped, so that tmux never
// waits on a full pipe. Output out of step (see control_guard.go) spoils
// the client: what comes after it is read and dropped.
func (c *controlClient) read(out *bufio.Reader, stderr *bytes.Buffer) {
	var (
		attachError []byte
		last        uint32 // the number of the last reply
		begun       bool   // whether there was one
	)
	attached := sync.OnceFunc(func() { close(c.attachDone) })
	defer attached()
	spoil := func(why string) {
		c.mu.Lock()
		c.spoil(why)
		c.mu.Unlock()
	}
	for {
		line, err := out.ReadString('\n')
		if err != nil {
			break
		}
		if c.isSpoiled() {
			continue
		}
		line = strings.TrimSuffix(line, "\n")
		guard, ok := strings.CutPrefix(line, "%begin ")
		if !ok {
			if isGuard(line) {
				spoil("the end of a reply that did not begin")
				continue
			}
			if c.notify != nil {
				c.notify(line)
			}
			continue
		}
		number, ok := guardNumber(guard)
		if !ok || begun && !after(number, last) {
			spoil("a reply whose number does not follow the last one's")
			continue
		}
		last, begun = number, true
		reply, err := readBlock(out, guard)
		if err != nil {
			break
		}
		switch {
		case strings.HasSuffix(guard, " 1"):
			c.deliver(reply)
		case !reply.ok:
			attachError = reply.output
		default:
			c.mu.Lock()
			c.attached = true
			c.mu.Unlock()
			attached()
		}
	}
	c.cmd.Wait()
	c.out.Close()
	failure := "server exited unexpectedly\n" // as tmux's own client says
	c.mu.Lock()
	spoiled := c.spoiled
	c.mu.Unlock()
	switch {
	case spoiled != "":
		failure = spoiled
	case len(attachError) > 0:
		failure = string(attachError)
	case stderr.Len() > 0:
		failure = stderr.String()
	}
	c.mu.Lock()
	c.gone, c.failure = true, failure
	unanswered, mayEnd := len(c.sent), 0
	for _, l := range c.sent {
		if l.probed {
			mayEnd++
		}
	}
	c.gate.exited(c, unanswered, mayEnd)
	var abandoned []*controlLine
	for _, l := range append(c.sent, c.queued...) {
		l.failure = failure
		if l.abandoned {
			abandoned = append(abandoned, l)
		}
		close(l.done)
	}
	c.sent, c.queued = nil, nil
	c.changed.Broadcast()
	c.mu.Unlock()
	for _, l := range abandoned {
		abortAll(c.settle(l))
	}
	close(c.exited)
}

// deliver hands a reply to the oldest line sent, and retires the line once
// it is answered. A line whose caller gave up has its FIFOs released here:
// tmux is done with them.
func (c *controlClient) deliver(reply controlReply) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.sent) == 0 {
		return // not an answer to a line of ours
	}
	if c.spoiled != "" {
		return // the lines written fail once the client has gone
	}
	l := c.sent[0]
	if l.nonce != "" && l.answered() {
		// The marker line's reply (see control_guard.go).
		if !reply.ok || string(reply.output) != l.nonce+"\n" {
			c.spoil("a reply that is not the one a line's marker asked for")
			return
		}
		l.verified = true
	} else {
		l.replies = append(l.replies, reply)
		if !l.complete() {
			return
		}
	}
	if l.probed {
		c.probing--
	}
	if l.probed && len(l.replies) == l.commands {
		// The probe's answer: another client's pid, or none, means
		// that this one has no session and tmux is ending it (see
		// sessionProbe). Decided here, as the line leaves the count of
		// those in flight, so that a start never finds the line
		// answered and the client not yet known to be ending.
		if probe := l.replies[len(l.replies)-1]; probe.ok && string(probe.output) != strconv.Itoa(c.cmd.Process.Pid)+"\n" {
			c.leave()
		}
	}
	c.gate.answered(l.probed)
	// The array must not keep the line: its FIFOs hold the caller's
	// writer, and with it a show-buffer's whole output.
	c.sent[0] = nil
	c.sent = c.sent[1:]
	close(l.done)
	if l.abandoned {
		go abortAll(l.fifos)
	}
	c.changed.Broadcast()
}

// leave marks the client as leaving (see leaving), and hands the lines
// queued for it back to their callers, unwritten, for the next client;
// c.mu held.
func (c *controlClient) leave() {
	if c.leaving {
		return
	}
	c.leaving = true
	c.gate.ending(c)
	for _, l := range c.queued {
		l.failure = errLeaving
		close(l.done)
	}
	c.queued = nil
	c.changed.Broadcast()
}

// errLeaving is the failure of a line handed back by a leaving client,
// which run sends to the next client.
const errLeaving = "control mode: the client's session ended before the line was written\n"

// settle hands the FIFOs of l's unanswered commands to orphan, since the
// client went before tmux said whether it ran them, and returns the rest.
func (c *controlClient) settle(l *controlLine) []*fifo {
	for _, f := range l.fifos[len(l.replies):] {
		if f != nil {
			c.orphan(f)
		}
	}
	return l.fifos[:len(l.replies)]
}

func abortAll(fifos []*fifo) {
	for _, f := range fifos {
		if f != nil {
			f.abort()
		}
	}
}

// readBlock reads the lines of one reply up to its %end or %error, whose
// guard (time, number, flags) repeats its %begin's: an output line that
// merely starts with "%end" does not end it, and a line shaped as another
// guard is output (a pane running a control client of its own shows such
// lines). Only a program that guessed this very guard ends the reply
// early, which the reader finds when the real end comes (control_guard.go).
func readBlock(out *bufio.Reader, guard string) (controlReply, error) {
	var reply controlReply
	end, failed := "%end "+guard+"\n", "%error "+guard+"\n"
	for {
		line, err := out.ReadString('\n')
		if err != nil {
			return reply, err
		}
		switch line {
		case end:
			reply.ok = true
			return reply, nil
		case failed:
			return reply, nil
		}
		reply.output = append(reply.output, line...)
	}
}

// run queues l and waits, as long as ctx allows, for its replies, which it
// writes to stdout and stderr as tmux's own client would; err is a failure
// of the control client's own. retry reports that nothing ran because the
// client went before l was written, after it had attached: a new client may
// take l.
func (c *controlClient) run(ctx context.Context, l *controlLine, stdout, stderr io.Writer) (exit int, retry bool, err error) {
	c.mu.Lock()
	if c.closing {
		c.mu.Unlock()
		return 0, false, &BackendError{Err: errDialerClosed}
	}
	l.done, l.written, l.replies, l.verified, l.failure = make(chan struct{}), false, nil, false, ""
	switch {
	case c.gone:
		l.failure = c.failure
		close(l.done)
	case c.leaving:
		l.failure = errLeaving
		close(l.done)
	default:
		c.queued = append(c.queued, l)
		c.changed.Broadcast()
	}
	c.mu.Unlock()

	select {
	case <-l.done:
	case <-ctx.Done():
		if c.giveUp(l) {
			return 0, false, &BackendError{Err: fmt.Errorf("tmux: %v", ctx.Err())}
		}
	}

	// Answered, or the client has gone: l is no longer shared.
	settled := l.fifos
	if l.failure != "" {
		if c.attached && (!l.written || c.ranNothingOfDeadServer(l)) {
			return 0, true, nil
		}
		settled = c.settle(l)
	}
	defer abortAll(settled) // each finished below, or never to be used
	if l.failure != "" && c.isSpoiled() {
		// Its replies may be another line's, or forged.
		return 0, false, &BackendError{Err: errors.New(strings.TrimSuffix(c.spoiledText(), "\n"))}
	}
	replies := l.replies
	if l.probed && len(replies) == l.commands {
		replies = replies[:len(replies)-1] // the probe, read by deliver
	}
	for i, reply := range replies {
		if !reply.ok {
			stderr.Write(reply.output) // tmux runs none of the rest
			return 1, false, nil
		}
		if f := l.fifos[i]; f == nil {
			stdout.Write(reply.output)
		} else if err := f.finish(); err != nil {
			return 0, false, &BackendError{Err: fmt.Errorf("control mode: moving data through %s: %v", f.path, err)}
		}
	}
	if l.failure != "" {
		io.WriteString(stderr, l.failure)
		return 1, false, nil
	}
	return 0, false, nil
}

// ranNothingOfDeadServer reports whether l, written to a client that has
// gone since, can be sent again: its tmux server is gone too (killed by
// another client, say), so nothing of l can run later, and it never began
// (no reply, no FIFO of its opened).
func (c *controlClient) ranNothingOfDeadServer(l *controlLine) bool {
	if len(l.replies) > 0 || answers(c.socket) {
		return false
	}
	for _, f := range l.fifos {
		if f != nil && (f.dst != nil || f.opened()) {
			return false // tmux read a feed, or may have written a drain to its caller
		}
	}
	return true
}

// giveUp withdraws l, whose caller's time ran out, and reports true; or
// reports false when l was answered meanwhile. A line not yet written is
// dropped, and its FIFOs with it; a line written stays for tmux to answer,
// its output now going nowhere.
func (c *controlClient) giveUp(l *controlLine) bool {
	c.mu.Lock()
	select {
	case <-l.done:
		c.mu.Unlock()
		return false
	default:
	}
	if i := slices.Index(c.queued, l); i >= 0 {
		c.queued = slices.Delete(c.queued, i, i+1)
		c.changed.Broadcast()
		c.mu.Unlock()
		abortAll(l.fifos)
		return true
	}
	for _, f := range l.fifos {
		if f != nil && f.dst != nil {
			f.dst.set(io.Discard) // the caller's writer is the caller's again
		}
	}
	l.abandoned = true
	c.mu.Unlock()
	return true
}

// close ends the client once tmux has answered every line it was sent and
// one more that close sends itself, waiting up to patience for that. A
// tmux that is not answering keeps its client (see controlClient): close
// says so and leaves it to end as soon as tmux answers, or when this
// process exits.
func (c *controlClient) close(patience time.Duration) error {
	deadline := time.Now().Add(patience)
	expired := false
	timer := time.AfterFunc(patience, func() {
		c.mu.Lock()
		expired = true
		c.changed.Broadcast()
		c.mu.Unlock()
	})
	defer timer.Stop()

	c.mu.Lock()
	c.closing = true
	if !c.gone && !c.leaving { // a leaving client ends of itself
		// The last line, answered only by a tmux that is answering now:
		// an idle client says nothing of a tmux stopped since its last
		// answer, and its input must not be closed then.
		c.queued = append(c.queued, &controlLine{text: "has-session", commands: 1, fifos: []*fifo{nil}, abandoned: true, done: make(chan struct{})})
	}
	c.changed.Broadcast()
	for !c.idle() && !expired {
		c.changed.Wait()
	}
	idle := c.idle()
	c.mu.Unlock()
	if !idle {
		c.gate.ending(c) // whenever tmux answers
		if err := c.handOver(); err != nil {
			go c.endWhenIdle()
		}
		return fmt.Errorf("tmux did not answer within %v; its control client (pid %d) is left attached until tmux answers, since ending it now could crash a stopped tmux", patience, c.cmd.Process.Pid)
	}
	// Not while a client of ours connects (see serverGate), and known
	// to be ending from now on.
	c.gate.mayEndClient(c, max(time.Until(deadline), time.Second))
	c.in.Close() // end of input: the client detaches and exits
	select {
	case <-c.exited:
	case <-time.After(max(time.Until(deadline), time.Second)):
		// tmux answered close's own line a moment ago, so ending the
		// client is safe.
		c.cmd.Process.Kill()
		<-c.exited
	}
	return nil
}

// handOver leaves what tmux still has to say to a process of its own, for
// when this one exits with tmux not answering. Measured on tmux 3.3a: a
// control client with a line pending whose output nobody reads any more
// stays attached once tmux resumes, and tmux then never exits, not even on
// kill-server. So the client's input closes, for it to detach once tmux has
// answered what it was sent, and a shell in a session of its own (no
// signal to this process's group reaches it) waits for this process to end
// (the end of a pipe only this process can write to) and then reads the
// client's output to its end: while this process lives, its own reader
// takes the answers. One client per server with its input closed while
// tmux is stopped is survived, as controlClient says.
func (c *controlClient) handOver() error {
	sh, err := exec.LookPath("sh")
	if err != nil {
		return err
	}
	ended, alive, err := os.Pipe()
	if err != nil {
		return err
	}
	defer ended.Close()
	reader := exec.Command(sh, "-c", "read -r _ <&3; exec cat >/dev/null")
	reader.Stdin = c.out
	reader.ExtraFiles = []*os.File{ended}
	reader.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := reader.Start(); err != nil {
		alive.Close()
		return err
	}
	c.alive = alive
	go reader.Wait() // should this process live on after all
	return c.in.Close()
}

// idle reports whether no line is queued or waiting for replies; c.mu held.
func (c *controlClient) idle() bool {
	return c.gone || len(c.queued) == 0 && len(c.sent) == 0
}

// endWhenIdle closes the client's input once tmux has answered everything.
func (c *controlClient) endWhenIdle() {
	c.mu.Lock()
	for !c.idle() {
		c.changed.Wait()
	}
	c.mu.Unlock()
	c.gate.mayEndClient(c, DefaultTimeout)
	c.in.Close()
}

// isAttached reports whether the client's attach command succeeded.
func (c *controlClient) isAttached() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.attached
}

func (c *controlClient) hasGone() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gone || c.leaving
}
