package faketmux

// The differential cases of the scripting commands: wait-for's channels
// and locks (a background step waits while the steps after it signal or
// unlock; a waiter signals "ready" first, so that it is known to wait),
// run-shell, if-shell and source-file.
var _ = differentialCases("script", []scenario{
	{name: "wait-for", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "sleep 1000"),
		// A signal with nobody waiting is kept for the next wait; a
		// second one forgets it.
		cmd("wait-for", "-S", "c", ";", "wait-for", "c", ";", "display", "-p", "woken"),
		cmd("wait-for", "-S", "d", ";", "wait-for", "-S", "d"),
		cmd("wait-for", "-S", "ready", ";", "wait-for", "d", ";", "display", "-p", "waited").inBackground(),
		cmd("wait-for", "ready"),
		cmd("wait-for", "-S", "d", ";", "display", "-p", "signalled"),
		joinBackground(),
		// Locks: a second locker waits for the unlock, which hands the
		// lock over.
		cmd("wait-for", "-U", "l"),
		cmd("wait-for", "-L", "l", ";", "wait-for", "-U", "l", ";", "wait-for", "-L", "l"),
		cmd("wait-for", "-S", "ready", ";", "wait-for", "-L", "l", ";", "display", "-p", "locked").inBackground(),
		cmd("wait-for", "ready"),
		cmd("wait-for", "-U", "l"),
		joinBackground(),
		cmd("wait-for", "-U", "l", ";", "wait-for", "-U", "l"),
		cmd("wait-for", "-LS", "x", ";", "wait-for", "-SU", "x"),
		cmd("wait-for"),
		cmd("wait-for", "a", "b"),
		// The server wakes its waiters as it exits.
		cmd("wait-for", "-S", "ready", ";", "wait-for", "never", ";", "display", "-p", "after").inBackground(),
		cmd("wait-for", "ready"),
		cmd("kill-server"),
		joinBackground(),
	}},
})
