package tmuxcli

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// DefaultShell is tmux's getshell, which picks the default-shell a new
// server starts with: SHELL from env when it is a suitable shell, else the
// login shell that /etc/passwd gives the current user, else /bin/sh. The
// passwd step matters wherever SHELL is unset, as under many CI runners and
// init systems: tmux then runs the user's login shell, not /bin/sh.
func DefaultShell(env []string) string {
	if s, _ := LookupIn(env)("SHELL"); SuitableShell(s) {
		return s
	}
	if s := passwdShell("/etc/passwd", os.Getuid()); SuitableShell(s) {
		return s
	}
	return "/bin/sh"
}

// passwdShell is the shell field of uid's entry in a passwd(5) file, or ""
// when the file or the entry is missing.
func passwdShell(path string, uid int) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	want := strconv.Itoa(uid)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// name:password:uid:gid:gecos:home:shell
		fields := strings.Split(sc.Text(), ":")
		if len(fields) == 7 && fields[2] == want {
			return fields[6]
		}
	}
	return ""
}

// SuitableShell is tmux's checkshell: an absolute path to an executable
// that is not tmux itself.
func SuitableShell(shell string) bool {
	if !strings.HasPrefix(shell, "/") || filepath.Base(shell) == "tmux" {
		return false
	}
	fi, err := os.Stat(shell)
	return err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0
}
