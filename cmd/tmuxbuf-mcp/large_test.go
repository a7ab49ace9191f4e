package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tmuxbuf/tmuxbuf/internal/rawmcp"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
)

// BenchmarkLargeContent measures what a large load_buffer plus show_buffer
// costs the built server process, over each transport and backend: its
// time (the client's JSON work included) and the server's CPU time
// (server-cpu-s), and its peak memory (VmHWM) above what it held before the calls,
// as a multiple of the content's size (peak-x); idle-x is what it still
// holds above that a second after the calls. Each iteration is a fresh
// process, e.g.
//
//	go test -run '^$' -bench LargeContent -benchtime 1x ./cmd/tmuxbuf-mcp
func BenchmarkLargeContent(b *testing.B) {
	for _, size := range []int{1 << 20, 8 << 20, 64 << 20} {
		content := rawmcp.LargeContent(size)
		for _, transport := range []string{"stdio", "http"} {
			for _, backend := range []string{"fake", "exec", "control"} {
				b.Run(fmt.Sprintf("%s/%s/%dMiB", transport, backend, size>>20), func(b *testing.B) {
					var peak, idle, cpu float64
					for b.Loop() {
						b.StopTimer()
						c := startLarge(b, transport, backend, size)
						base, cpuBase := c.status(b, "VmRSS"), c.cpu(b)
						b.StartTimer()
						name := c.load(b, content)
						if got := c.show(b, name); got != content {
							b.Fatalf("show_buffer gave %d bytes that are not the %d loaded", len(got), len(content))
						}
						b.StopTimer()
						cpu += c.cpu(b) - cpuBase
						peak += float64(c.status(b, "VmHWM")-base) / float64(size)
						time.Sleep(time.Second)
						idle += float64(c.status(b, "VmRSS")-base) / float64(size)
						c.stop(b)
						b.StartTimer()
					}
					b.ReportMetric(peak/float64(b.N), "peak-x")
					b.ReportMetric(idle/float64(b.N), "idle-x")
					b.ReportMetric(cpu/float64(b.N), "server-cpu-s")
				})
			}
		}
	}
}

// BenchmarkLoad1MiB sets a 1 MiB load_buffer through the built server, on
// the exec and control backends, against a bare `tmux load-buffer -` of
// the same bytes (bare). The three alternate within every iteration, so
// that the ratios it reports (exec/bare, control/bare) are not skewed by a
// machine whose load changes during the run. Each buffer the server makes
// is deleted, untimed. The content is Go source (this package's, repeated),
// or rawmcp.LargeContent's text, whose JSON has an escape every 13 bytes or so.
func BenchmarkLoad1MiB(b *testing.B) {
	b.Run("source", func(b *testing.B) { benchLoad1MiB(b, goSource(b, 1<<20)) })
	b.Run("escape-dense", func(b *testing.B) { benchLoad1MiB(b, rawmcp.LargeContent(1<<20)) })
}

// goSource is size bytes of this package's Go files, over and over.
func goSource(b *testing.B, size int) string {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		b.Fatalf("no Go files here: %v", err)
	}
	var src []byte
	for len(src) < size {
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			src = append(src, data...)
		}
	}
	return string(src[:size])
}

func benchLoad1MiB(b *testing.B, content string) {
	socket, _ := privateTmux(b)
	bin := tmuxBin(b)
	// Each load returns what deletes the buffer it made, or nil.
	bare := func(b *testing.B) func() {
		cmd := exec.Command(bin, "-L", socket, "load-buffer", "-b", "bare", "-")
		cmd.Stdin = strings.NewReader(content)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("tmux load-buffer: %v: %s", err, out)
		}
		return nil
	}
	// The request is encoded once: the client's cost is not the server's.
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call",
		"params": map[string]any{"name": "load_buffer", "arguments": map[string]any{"content": content}}})
	if err != nil {
		b.Fatal(err)
	}
	viaServer := func(backend string) func(b *testing.B) func() {
		c := startLarge(b, "stdio", backend, len(content))
		b.Cleanup(func() { c.stop(b) })
		return func(b *testing.B) func() {
			name := c.result(b, "load_buffer", c.roundTrip(b, body))["buffer_name"].(string)
			return func() { c.call(b, "delete_buffer", map[string]any{"buffer_name": name}) }
		}
	}
	names := []string{"bare", "exec", "control"}
	loads := []func(*testing.B) func(){bare, viaServer("exec"), viaServer("control")}
	spent := make([]time.Duration, len(loads))
	for b.Loop() {
		for i, load := range loads {
			start := time.Now()
			tidy := load(b)
			spent[i] += time.Since(start)
			if tidy != nil {
				b.StopTimer()
				tidy()
				b.StartTimer()
			}
		}
	}
	for i, name := range names {
		b.ReportMetric(float64(spent[i].Nanoseconds())/float64(b.N), name+"-ns/op")
		if i > 0 {
			b.ReportMetric(float64(spent[i])/float64(spent[0]), name+"/bare")
		}
	}
}

// largeClient talks raw JSON-RPC to a server process.
type largeClient struct {
	cmd       *exec.Cmd
	pid       int
	in        io.Writer // stdio's, where notifications go unanswered
	roundTrip func(tb testing.TB, body []byte) []byte
	close     func()
	next      int
}

func startLarge(tb testing.TB, transport, backend string, size int) *largeClient {
	tb.Helper()
	socket := ""
	if backend != "fake" {
		socket, _ = privateTmux(tb)
	}
	return startLargeOn(tb, transport, backend, size, socket)
}

// startLargeOn is startLarge on the tmux server of socket, which the fake
// backend has not.
func startLargeOn(tb testing.TB, transport, backend string, size int, socket string) *largeClient {
	tb.Helper()
	limit := strconv.Itoa(size)
	args := []string{"--backend", backend, "--max-content-bytes", limit, "--max-show-bytes", limit,
		"--max-reply-bytes", strconv.Itoa(3*size + 1<<20), "--audit-log", os.DevNull}
	if backend != "fake" {
		args = append(args, "--tmux-bin", tmuxBin(tb), "--socket-name", socket)
	}
	if transport == "http" {
		args = append(args, "--http", "127.0.0.1:0", "--http-no-auth")
	}
	cmd := exec.Command(binary(tb, servertest.MCPBinEnv), args...)
	c := &largeClient{cmd: cmd}
	switch transport {
	case "stdio":
		in, err := cmd.StdinPipe()
		if err != nil {
			tb.Fatal(err)
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			tb.Fatal(err)
		}
		cmd.Stderr = io.Discard
		if err := cmd.Start(); err != nil {
			tb.Fatal(err)
		}
		r := bufio.NewReaderSize(out, 1<<20)
		c.in = in
		c.roundTrip = func(tb testing.TB, body []byte) []byte {
			// Two writes, not an append that copies a large body.
			if _, err := in.Write(body); err != nil {
				tb.Fatal(err)
			}
			if _, err := io.WriteString(in, "\n"); err != nil {
				tb.Fatal(err)
			}
			line, err := r.ReadBytes('\n')
			if err != nil {
				tb.Fatalf("reading the answer: %v", err)
			}
			return line
		}
		c.close = func() { in.Close() }
	case "http":
		stderr, err := cmd.StderrPipe()
		if err != nil {
			tb.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			tb.Fatal(err)
		}
		sc := bufio.NewScanner(stderr)
		var url string
		for url == "" && sc.Scan() {
			if u, ok := strings.CutPrefix(sc.Text(), "tmuxbuf-mcp: serving MCP at "); ok {
				url = u
			}
		}
		go io.Copy(io.Discard, stderr)
		if url == "" {
			cmd.Process.Kill()
			tb.Fatal("the server never said where it listens")
		}
		var session string
		c.roundTrip = func(tb testing.TB, body []byte) []byte {
			req, _ := http.NewRequest("POST", url, bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			if session != "" {
				req.Header.Set("Mcp-Session-Id", session)
				req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				tb.Fatal(err)
			}
			defer resp.Body.Close()
			if id := resp.Header.Get("Mcp-Session-Id"); id != "" {
				session = id
			}
			data, err := io.ReadAll(resp.Body)
			if err != nil || resp.StatusCode/100 != 2 {
				tb.Fatalf("POST: %v %s", err, resp.Status)
			}
			// One SSE event, or a JSON body.
			if i := bytes.Index(data, []byte("data: ")); i >= 0 && data[0] != '{' {
				data = data[i+len("data: "):]
				data = data[:bytes.IndexByte(data, '\n')]
			}
			return data
		}
		c.close = func() { cmd.Process.Signal(os.Interrupt) }
	}
	c.pid = cmd.Process.Pid
	c.roundTrip(tb, []byte(rawmcp.Initialize))
	c.notify(tb, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	// The peak from here on is the calls'.
	if err := os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", c.pid), []byte("5"), 0); err != nil {
		tb.Fatal(err)
	}
	return c
}

func (c *largeClient) notify(tb testing.TB, body string) {
	if c.in != nil {
		if _, err := io.WriteString(c.in, body+"\n"); err != nil {
			tb.Fatal(err)
		}
		return
	}
	c.roundTrip(tb, []byte(body))
}

func (c *largeClient) stop(tb testing.TB) {
	c.close()
	c.cmd.Wait()
}

// call calls a tool and returns its structured content.
func (c *largeClient) call(tb testing.TB, tool string, args map[string]any) map[string]any {
	tb.Helper()
	c.next++
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": c.next, "method": "tools/call",
		"params": map[string]any{"name": tool, "arguments": args}})
	if err != nil {
		tb.Fatal(err)
	}
	return c.result(tb, tool, c.roundTrip(tb, body))
}

// result is the structured content of a tool's answer.
func (c *largeClient) result(tb testing.TB, tool string, answer []byte) map[string]any {
	tb.Helper()
	var res struct {
		Result struct {
			IsError           bool           `json:"isError"`
			StructuredContent map[string]any `json:"structuredContent"`
		} `json:"result"`
	}
	if err := json.Unmarshal(answer, &res); err != nil || res.Result.IsError {
		tb.Fatalf("%s: %v %.300s", tool, err, answer)
	}
	return res.Result.StructuredContent
}

func (c *largeClient) load(tb testing.TB, content string) string {
	return c.call(tb, "load_buffer", map[string]any{"content": content})["buffer_name"].(string)
}

func (c *largeClient) show(tb testing.TB, name string) string {
	return c.call(tb, "show_buffer", map[string]any{"buffer_name": name, "max_lines": nil})["content"].(string)
}

// status is a field of the server process's /proc status, in bytes.
func (c *largeClient) status(tb testing.TB, field string) uint64 {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", c.pid))
	if err != nil {
		tb.Fatal(err)
	}
	for line := range strings.Lines(string(status)) {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				tb.Fatal(err)
			}
			return kb << 10
		}
	}
	tb.Fatalf("no %s in /proc/%d/status", field, c.pid)
	return 0
}

// cpu is the CPU time the server process has used, in seconds.
func (c *largeClient) cpu(tb testing.TB) float64 {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", c.pid))
	if err != nil {
		tb.Fatal(err)
	}
	// The fields after the command's name, which is in parentheses: utime
	// and stime are the 12th and 13th, in clock ticks of 1/100 s.
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	utime, err1 := strconv.ParseFloat(fields[11], 64)
	stime, err2 := strconv.ParseFloat(fields[12], 64)
	if err1 != nil || err2 != nil {
		tb.Fatalf("/proc/%d/stat: %q", c.pid, stat)
	}
	return (utime + stime) / 100
}
