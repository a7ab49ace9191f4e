package config_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/internal/config"
	"github.com/tmuxbuf/tmuxbuf/server"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
)

// TestFakeBackendBoundsItsServers: each distinct socket_name costs the fake
// backend an emulated server and a shell, so past its bound a call
// gets a clear tool error and nothing more is made; the configured socket
// and those already made go on working.
func TestFakeBackendBoundsItsServers(t *testing.T) {
	d := config.NewFakeBackend()
	t.Cleanup(d.Sockets.Close)
	maxFakeSockets := d.MaxNamed
	if maxFakeSockets != 16 {
		t.Fatalf("the fake backend bounds named sockets at %d; the README says 16", maxFakeSockets)
	}
	made := map[string]bool{} // socket paths asked of d.Sockets
	socketPath := d.SocketPath
	d.SocketPath = func(socketName string) string {
		path := socketPath(socketName)
		made[path] = true
		return path
	}
	srv, err := server.New(server.Config{Tmux: d})
	if err != nil {
		t.Fatal(err)
	}
	cs := servertest.Connect(t, srv)
	load := func(socket string) *mcp.CallToolResult {
		args := map[string]any{"content": "x"}
		if socket != "" {
			args["socket_name"] = socket
		}
		res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "load_buffer", Arguments: args})
		if err != nil {
			t.Fatalf("load_buffer on %q: protocol error: %v", socket, err)
		}
		return res
	}
	for i := range maxFakeSockets {
		if res := load(fmt.Sprint("s", i)); res.IsError {
			t.Fatalf("socket %d of %d: %s", i+1, maxFakeSockets, servertest.ResultText(res))
		}
	}
	for _, socket := range []string{"one-too-many", "another"} {
		res := load(socket)
		if msg := servertest.ResultText(res); !res.IsError || !strings.Contains(msg, fmt.Sprintf("at most %d tmux servers", maxFakeSockets)) {
			t.Errorf("socket %q past the bound: %s", socket, msg)
		} else if strings.Contains(msg, "exit status") {
			t.Errorf("socket %q past the bound: %s; the backend's own failure is told as tmux's", socket, msg)
		}
	}
	for _, socket := range []string{"", "s0", fmt.Sprint("s", maxFakeSockets-1)} {
		if res := load(socket); res.IsError {
			t.Errorf("socket %q after the bound was reached: %s", socket, servertest.ResultText(res))
		}
	}
	if len(made) != maxFakeSockets+1 {
		t.Errorf("%d emulated servers, want %d and the configured one", len(made), maxFakeSockets)
	}
}
