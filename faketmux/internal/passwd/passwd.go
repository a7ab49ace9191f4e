// Package passwd looks users up in /etc/passwd, for what tmux asks of
// getpwnam(3) and getpwuid(3): a user's name, ID and home directory.
//
// It stands in for package os/user, which links cgo whenever cgo is
// enabled (the default for `go install` on a machine with a C compiler), so
// that faketmux's binary is static and starts fast. Like os/user built
// without cgo, it reads the file itself, following glibc's rules for it;
// users that only a name service (LDAP, sssd) knows are not found.
package passwd

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"strconv"
	"strings"
	"sync"
)

// File is the password database.
const File = "/etc/passwd"

// User is one entry of the password database.
type User struct {
	Name string // login name
	UID  int
	GID  int
	Home string // home directory
}

// ErrUnknown is the error for a user the database does not have.
var ErrUnknown = errors.New("unknown user")

// LookupName is getpwnam(3).
func LookupName(name string) (*User, error) {
	if name == "" {
		return nil, ErrUnknown
	}
	return lookup(func(fields []string) bool { return fields[0] == name })
}

// LookupUID is getpwuid(3).
func LookupUID(uid int) (*User, error) {
	id := strconv.Itoa(uid)
	return lookup(func(fields []string) bool { return fields[2] == id })
}

var current struct {
	once sync.Once
	u    *User
	err  error
}

// Current is the entry of the process's real user ID, looked up once.
func Current() (*User, error) {
	current.once.Do(func() { current.u, current.err = LookupUID(os.Getuid()) })
	return current.u, current.err
}

// lookup returns the first well-formed entry that match accepts. A line is
// name:password:uid:gid:gecos:home[:shell]; as in glibc, blank lines and
// comments are skipped, and so are the NIS entries whose names start with
// + or -.
func lookup(match func(fields []string) bool) (*User, error) {
	f, err := os.Open(File)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		fields := strings.SplitN(string(line), ":", 7)
		if len(fields) < 6 || fields[0] == "" || fields[0][0] == '+' || fields[0][0] == '-' || !match(fields) {
			continue
		}
		uid, err1 := strconv.Atoi(fields[2])
		gid, err2 := strconv.Atoi(fields[3])
		if err1 != nil || err2 != nil {
			continue
		}
		return &User{Name: fields[0], UID: uid, GID: gid, Home: fields[5]}, nil
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return nil, ErrUnknown
}
