package tmuxcli

import (
	"errors"
	"os"
	"syscall"
	"testing"
)

func TestStrerror(t *testing.T) {
	for err, want := range map[error]string{
		&os.PathError{Op: "open", Path: "/x", Err: syscall.ENOENT}: "No such file or directory",
		syscall.ENOTTY:              "Inappropriate ioctl for device",
		errors.New("server exited"): "server exited",
		syscall.Errno(0x7fff):       "Errno 32767",
	} {
		if got := Strerror(err); got != want {
			t.Errorf("Strerror(%v) = %q, want %q", err, got, want)
		}
	}
}
