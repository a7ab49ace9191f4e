package tmuxcli

import (
	"errors"
	"strings"
	"syscall"
)

// Strerror renders an error the way C's strerror renders its errno, which
// is how tmux prints them: Go's texts for errnos are glibc's with the first
// letter lowered. An error with no errno behind it keeps its own text.
func Strerror(err error) string {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return err.Error()
	}
	s := errno.Error()
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
