package faketmux_test

import (
	"context"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/faketmux"
)

func TestSocketsKeepOneServerPerPath(t *testing.T) {
	var socks faketmux.Sockets
	defer socks.Close()
	a, made := socks.Server("/s/a")
	if !made {
		t.Fatal("the first Server call for a path did not make a Server")
	}
	if again, made := socks.Server("/s/a"); again != a || made {
		t.Fatal("a second Server call for the same path made another Server")
	}
	if b, _ := socks.Server("/s/b"); b == a {
		t.Fatal("two paths share a Server")
	}
	if a.Run(context.Background(), []string{"new-session", "-d"}, nil, nil, nil) != 0 || !a.Running() {
		t.Fatal("new-session did not start the server")
	}
	socks.Close()
	if a.Running() {
		t.Error("Close left a server running")
	}
}
