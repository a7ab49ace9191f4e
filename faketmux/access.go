package faketmux

import (
	"io"
	"os"
)

// Who may use a server, as tmux 3.3a's server-acl.c decides it: the
// access list starts with root and the user who runs the server
// (ownerACL), server-access changes it, and tmux checks a client's uid
// against it when it connects (server_acl_join), and again for the clients
// already connected when a user is removed or made read-only.

// access reports whether the user uid may connect, and whether only to
// read. With no server running, the list is the one a new server starts
// with. s.mu is held.
func (s *Server) access(uid int) (readOnly, allowed bool) {
	if s.st == nil {
		_, allowed = ownerACL()[uid]
		return false, allowed
	}
	readOnly, allowed = s.st.acl[uid]
	return readOnly, allowed
}

// refuseAccess answers a client that is not let in, as tmux's client
// prints the message its server exits it with: on standard error, or as
// a control client's %exit line. Its command line does not run, and the
// exit status is 0.
func refuseAccess(call Call) {
	if call.ExitMessage != nil {
		call.ExitMessage(errAccessNotAllowed)
		return
	}
	if call.Control != 0 {
		io.WriteString(call.Stdout, "%exit "+errAccessNotAllowed+"\n")
		return
	}
	io.WriteString(call.Stderr, errAccessNotAllowed+"\n")
}

// allReadOnly reports whether a read-only client may run every command of
// its line (tmux's cmd_list_all_have with CMD_READONLY).
func allReadOnly(cmds []command) bool {
	for i := range cmds {
		if !cmds[i].entry.readOnly {
			return false
		}
	}
	return true
}

// ownerACL is the access list a server starts with, as tmux's
// server_acl_init makes it: root and the user who runs the server, both
// with write access.
func ownerACL() map[int]bool {
	return map[int]bool{0: false, os.Getuid(): false}
}

// denyConnected exits the control clients of uid, whom server-access -d
// has removed, with tmux's message. As tmux's CLIENT_EXIT, it takes
// effect once the command line is done: until then they stay attached.
func (st *state) denyConnected(uid int) {
	for _, cc := range st.controls {
		if cc.uid == uid {
			cc.exitMessage = errAccessNotAllowed
			cc.exit = true
			cc.poke()
		}
	}
}

// setReadOnly makes the control clients of uid read-only or not, as
// server-access -r and -w do.
func (st *state) setReadOnly(uid int, readOnly bool) {
	for _, cc := range st.controls {
		if cc.uid == uid {
			cc.flags.readOnly = readOnly
		}
	}
}
