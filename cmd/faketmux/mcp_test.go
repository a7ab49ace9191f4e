//go:build linux && !faketmux_thin

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/server"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
)

// TestMCPServersLoadIntoOneFake points several tmuxbuf MCP servers' exec
// backends at the faketmux binary, all on one socket, and has them load
// concurrently: every load gets its own buffer, and none is lost or mixed.
func TestMCPServersLoadIntoOneFake(t *testing.T) {
	w := newWorld(t, fakeBin)
	w.must("", "-f", "/dev/null", "new-session", "-d", "sleep 1000")
	const servers, loads = 4, 8
	ctx := context.Background()
	var (
		mu    sync.Mutex
		names = map[string]string{} // buffer name -> content
		wg    sync.WaitGroup
	)
	for s := range servers {
		srv, err := server.New(server.Config{Tmux: server.ExecDialer{Bin: fakeBin, SocketPath: w.socket()}})
		if err != nil {
			t.Fatal(err)
		}
		session := servertest.Connect(t, srv)
		for l := range loads {
			wg.Go(func() {
				content := strings.Repeat(fmt.Sprintf("server %d load %d\n", s, l), 1000)
				res, err := session.CallTool(ctx, &mcp.CallToolParams{
					Name:      "load_buffer",
					Arguments: map[string]any{"content": content, "logical_name": "clip"},
				})
				if err != nil {
					t.Errorf("load_buffer: %v", err)
					return
				}
				if res.IsError {
					t.Errorf("load_buffer: %s", servertest.ResultText(res))
					return
				}
				var out struct {
					BufferName string `json:"buffer_name"`
				}
				b, _ := json.Marshal(res.StructuredContent)
				json.Unmarshal(b, &out)
				mu.Lock()
				defer mu.Unlock()
				if _, dup := names[out.BufferName]; dup || out.BufferName == "" {
					t.Errorf("buffer name %q given twice or empty", out.BufferName)
				}
				names[out.BufferName] = content
			})
		}
	}
	wg.Wait()
	listed := strings.Fields(w.must("", "list-buffers", "-F", "#{buffer_name}"))
	if len(listed) != servers*loads || len(names) != servers*loads {
		t.Fatalf("%d buffers listed, %d names returned, want %d", len(listed), len(names), servers*loads)
	}
	for _, name := range listed {
		want, ok := names[name]
		if got := w.must("", "show-buffer", "-b", name); !ok || got != want {
			t.Errorf("buffer %s: %d bytes, known %v", name, len(got), ok)
		}
	}
}
