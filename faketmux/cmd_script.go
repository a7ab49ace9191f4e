package faketmux

import "slices"

// The commands scripts use to wait and branch: wait-for, run-shell,
// if-shell and source-file, as tmux's cmd-wait-for.c, cmd-run-shell.c,
// cmd-if-shell.c and cmd-source-file.c have them.
var scriptCommands = []*cmdEntry{
	{name: "wait-for", alias: "wait", template: "LSU", lower: 1, upper: 1, usage: `[-L|-S|-U] channel`, exec: cmdWaitFor},
}

// waitChannel is one of wait-for's channels. Its life follows tmux's
// rules, quirks included: a signal with nobody waiting leaves it woken,
// so that the next wait returns at once (and a second such signal
// forgets it); a lock passes to the first locker waiting.
type waitChannel struct {
	locked, woken    bool
	waiters, lockers []chan struct{}
}

// channel is the channel of that name, made on first use.
func (st *state) channel(name string) *waitChannel {
	if st.channels == nil {
		st.channels = map[string]*waitChannel{}
	}
	wc := st.channels[name]
	if wc == nil {
		wc = &waitChannel{}
		st.channels[name] = wc
	}
	return wc
}

// dropChannel forgets a channel with nothing left to remember, as tmux's
// cmd_wait_for_remove does: only a woken one, unlocked and with nobody
// waiting, goes.
func (st *state) dropChannel(name string) {
	if wc := st.channels[name]; wc != nil && !wc.locked && len(wc.waiters) == 0 && wc.woken {
		delete(st.channels, name)
	}
}

// flushChannels wakes every client waiting on a channel, as tmux does
// before it exits: their commands go on, and it exits once they are gone.
func (st *state) flushChannels() {
	for name, wc := range st.channels {
		for _, ch := range slices.Concat(wc.waiters, wc.lockers) {
			close(ch)
		}
		wc.waiters, wc.lockers = nil, nil
		wc.woken, wc.locked = true, false
		st.dropChannel(name)
	}
}

func cmdWaitFor(c *client, it *cmdItem) error {
	name := it.args.values[0]
	st := c.st
	switch {
	case it.args.has('S'):
		wc := st.channel(name)
		if len(wc.waiters) == 0 && !wc.woken {
			wc.woken = true
			return nil
		}
		for _, ch := range wc.waiters {
			close(ch)
		}
		wc.waiters = nil
		st.dropChannel(name)
		return nil
	case it.args.has('L'):
		if c.env == nil {
			return errorf(errNotAbleToLock)
		}
		wc := st.channel(name)
		if !wc.locked {
			wc.locked = true
			return nil
		}
		ch := make(chan struct{})
		wc.lockers = append(wc.lockers, ch)
		return c.waitOn(it, ch)
	case it.args.has('U'):
		wc := st.channels[name]
		if wc == nil || !wc.locked {
			return errorf(errChannelNotLocked, name)
		}
		if len(wc.lockers) > 0 {
			// The lock passes on: the channel stays locked.
			close(wc.lockers[0])
			wc.lockers = wc.lockers[1:]
			return nil
		}
		wc.locked = false
		st.dropChannel(name)
		return nil
	}
	if c.env == nil {
		return errorf(errNotAbleToWait)
	}
	wc := st.channel(name)
	if wc.woken {
		st.dropChannel(name)
		return nil
	}
	ch := make(chan struct{})
	wc.waiters = append(wc.waiters, ch)
	return c.waitOn(it, ch)
}

// waitOn makes the command wait until ch is closed, the server goes, or
// the client gives up (its context ends, as a tmux client is killed).
func (c *client) waitOn(it *cmdItem, ch chan struct{}) error {
	done := c.s.done
	return it.wait(func() {
		select {
		case <-ch:
		case <-done:
		case <-c.ctx.Done():
		}
	}, func() error {
		if err := c.ctx.Err(); err != nil {
			c.st.forgetWaiter(ch)
			return errorf(errContextCancelled, err)
		}
		return nil
	})
}

// forgetWaiter takes ch off every channel, for a client that stopped
// waiting on its own.
func (st *state) forgetWaiter(ch chan struct{}) {
	for _, wc := range st.channels {
		wc.waiters = slices.DeleteFunc(wc.waiters, func(x chan struct{}) bool { return x == ch })
		wc.lockers = slices.DeleteFunc(wc.lockers, func(x chan struct{}) bool { return x == ch })
	}
}
