package faketmux

import (
	"bytes"
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

// foregroundCommand is pane_current_command as tmux's osdep_get_name and
// format_cb_current_command find it: the first word of the command line
// of the pane's foreground process group, else (a dead or empty pane, or a
// process gone) the pane's own command, else its shell.
func (p *paneState) foregroundCommand() string {
	cmd := ""
	if pgrp, _, ok := p.foreground(); ok {
		cmd = procArgv0(pgrp)
	}
	if cmd == "" {
		cmd = stringifyArgv(p.argv)
	}
	if cmd == "" {
		cmd = p.command
	}
	return parseWindowName(cmd)
}

// foregroundPath is pane_current_path as tmux's osdep_get_cwd finds it:
// the directory of the pane's foreground process group, else of the
// terminal's session leader, else nothing (a dead or empty pane).
func (p *paneState) foregroundPath() string {
	pgrp, sid, ok := p.foreground()
	if !ok {
		return ""
	}
	if dir, ok := procCwd(pgrp); ok {
		return dir
	}
	if sid <= 0 {
		return ""
	}
	dir, _ := procCwd(sid)
	return dir
}

// procArgv0 is the first word of a process's command line, as tmux's
// osdep_get_name reads /proc/PID/cmdline: open, read, close, with none of
// os.ReadFile's stats, since every listing of libtmux's asks it of every
// pane.
func procArgv0(pid int) string {
	fd, err := unix.Open("/proc/"+strconv.Itoa(pid)+"/cmdline", unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return ""
	}
	defer unix.Close(fd)
	var buf [512]byte
	var long []byte // an argv[0] longer than buf
	for {
		n, err := unix.Read(fd, buf[:])
		if err == unix.EINTR {
			continue
		}
		if n <= 0 {
			return string(long)
		}
		if i := bytes.IndexByte(buf[:n], 0); i >= 0 {
			if long == nil {
				return string(buf[:i])
			}
			return string(append(long, buf[:i]...))
		}
		long = append(long, buf[:n]...)
	}
}

// procCwd is a process's working directory, as tmux's osdep_get_cwd
// reads the link /proc/PID/cwd.
func procCwd(pid int) (string, bool) {
	var buf [unix.PathMax]byte
	n, err := unix.Readlink("/proc/"+strconv.Itoa(pid)+"/cwd", buf[:])
	if err != nil || n >= len(buf) {
		return "", false
	}
	return string(buf[:n]), true
}

// foreground is the pane terminal's foreground process group and session
// leader; a dead pane's terminal is closed, as in tmux.
func (p *paneState) foreground() (pgrp, sid int, ok bool) {
	if p.dead != nil {
		return 0, 0, false
	}
	return p.prog.Foreground()
}

// nameInterval is tmux's NAME_INTERVAL: automatic-rename looks at a
// window's name at most this often.
const nameInterval = 500 * time.Millisecond

// checkWindowNames renames each window with automatic-rename on from
// automatic-rename-format, expanded for its active pane, as tmux's
// check_window_name does. tmux does it from its event loop, only after the
// active pane showed output or changed mode, and no sooner than
// nameInterval after its last look (a change within it waits, on a timer);
// the emulator has no loop, so it does it where a client could see the
// name: before a client's command line runs, and where a control client's
// loop ends. A name so lags a program as tmux's does: a client that
// types a command into a shell just renamed sees the shell's name for up
// to half a second.
func (c *client) checkWindowNames() {
	var now time.Time // read once a window needs a look: every command line checks
	for _, s := range c.st.sessions {
		for _, w := range s.winlinks {
			// A window linked twice is looked at once: the first place
			// takes the change.
			if w.active == nil || !w.active.changed.Load() || w.options.get("automatic-rename") != "on" {
				continue
			}
			if now.IsZero() {
				now = c.s.now()
			}
			if since := now.Sub(w.nameTime); since >= 0 && since <= nameInterval {
				continue // the change stays for a later look
			}
			w.nameTime = now
			w.active.changed.Store(false)
			f := c.formatIn(w, w.active)
			f.unplaced, f.client, f.buffer = true, nil, nil
			name := f.expand(w.options.get("automatic-rename-format"))
			if name != w.name {
				w.setName(name)
				c.st.notify(event{kind: eventWindowRenamed, w: w})
			}
		}
	}
}

// renameSoon makes every window with automatic-rename on look at its
// name again, as setting the option does in tmux.
func (st *state) renameSoon() {
	for _, s := range st.sessions {
		for _, w := range s.winlinks {
			if w.active != nil && w.options.get("automatic-rename") == "on" {
				w.active.changed.Store(true)
			}
		}
	}
}
