package faketmux

import (
	"context"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkSetBufferInProcess is one buffer operation through Run, as the
// MCP server's fake backend calls it.
func BenchmarkSetBufferInProcess(b *testing.B) {
	withFakePrograms(b, false)
	s := New(Options{SocketPath: "/bench"})
	defer s.Close()
	ctx := context.Background()
	s.Run(ctx, []string{"new-session", "-d"}, nil, io.Discard, io.Discard)
	args := []string{"set-buffer", "-b", "bench", "some content"}
	b.ReportAllocs()
	for b.Loop() {
		if s.Run(ctx, args, nil, io.Discard, io.Discard) != 0 {
			b.Fatal("set-buffer failed")
		}
	}
}

// BenchmarkSetBufferRealTmux is the same operation as a real tmux client
// process, for the ratio; it is skipped without tmux.
func BenchmarkSetBufferRealTmux(b *testing.B) {
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		b.Skip("tmux is not on PATH")
	}
	socket := b.TempDir() + "/s"
	if err := exec.Command(tmux, "-S", socket, "-f", "/dev/null", "new-session", "-d", "sleep 1000").Run(); err != nil {
		b.Fatal(err)
	}
	defer exec.Command(tmux, "-S", socket, "kill-server").Run()
	for b.Loop() {
		if err := exec.Command(tmux, "-S", socket, "set-buffer", "-b", "bench", "some content").Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// paneCostSize is the size tmuxp and libtmux give detached sessions, at
// which issue 10 measured a pane's cost.
var paneCostSize = []string{"-x", "800", "-y", "600"}

// BenchmarkPaneInProcess makes 800x600 windows, each one pane running a
// real program, and reports the memory each pane keeps, on the heap and in
// its goroutines' stacks (mem-B/pane), beside the time to make it;
// BenchmarkPaneRealTmux is the same with tmux.
func BenchmarkPaneInProcess(b *testing.B) { paneCostInProcess(b, "sleep 1000", "") }

// BenchmarkPaneRealTmux reports the resident memory tmux's server grows by
// per pane (rss-B/pane).
func BenchmarkPaneRealTmux(b *testing.B) { paneCostRealTmux(b, "sleep 1000", "") }

// fullHistory fills a pane's history (2000 lines, the default limit) with
// short lines; a pane then shows historyFull lines of history, since a
// full history loses its oldest tenth.
const fullHistory, historyFull = "seq 1 2600; exec sleep 1000", "1801"

// BenchmarkPaneFullInProcess and BenchmarkPaneFullRealTmux are the same
// with each pane's history full, for what a pane costs for what it holds;
// their times include waiting for the program.
func BenchmarkPaneFullInProcess(b *testing.B) { paneCostInProcess(b, fullHistory, historyFull) }
func BenchmarkPaneFullRealTmux(b *testing.B)  { paneCostRealTmux(b, fullHistory, historyFull) }

func paneCostInProcess(b *testing.B, program, history string) {
	s := New(Options{SocketPath: "/bench"})
	defer s.Close()
	ctx := context.Background()
	run := func(args ...string) string {
		var out strings.Builder
		if s.Run(ctx, args, nil, &out, io.Discard) != 0 {
			b.Fatal(args, "failed")
		}
		return out.String()
	}
	run(append(append([]string{"new-session", "-d"}, paneCostSize...), "sleep 1000")...)
	before := memInUse()
	for b.Loop() {
		run("new-window", "-d", program)
	}
	waitHistories(b, run, history)
	b.ReportMetric(float64(memInUse()-before)/float64(b.N), "mem-B/pane")
}

// waitHistories waits until every pane but the first shows history lines
// of history, when history is set.
func waitHistories(b *testing.B, run func(args ...string) string, history string) {
	for history != "" && strings.Count(run("list-panes", "-a", "-F", "#{history_size}"), history+"\n") < b.N {
		time.Sleep(10 * time.Millisecond)
	}
}

// memInUse is the heap and the goroutine stacks in use.
func memInUse() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapInuse + m.StackInuse)
}

func paneCostRealTmux(b *testing.B, program, history string) {
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		b.Skip("tmux is not on PATH")
	}
	socket := b.TempDir() + "/s"
	tmuxRun := func(args ...string) string {
		out, err := exec.Command(tmux, append([]string{"-S", socket, "-f", "/dev/null"}, args...)...).Output()
		if err != nil {
			b.Fatal(args, err)
		}
		return string(out)
	}
	tmuxRun(append(append([]string{"new-session", "-d"}, paneCostSize...), "sleep 1000")...)
	defer exec.Command(tmux, "-S", socket, "kill-server").Run()
	pid := strings.TrimSpace(tmuxRun("display-message", "-p", "#{pid}"))
	before := residentBytes(b, pid)
	for b.Loop() {
		tmuxRun("new-window", "-d", program)
	}
	waitHistories(b, tmuxRun, history)
	b.ReportMetric(float64(residentBytes(b, pid)-before)/float64(b.N), "rss-B/pane")
}

// residentBytes is a process's resident set size.
func residentBytes(b *testing.B, pid string) int64 {
	status, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		b.Skip("no /proc: ", err)
	}
	for line := range strings.Lines(string(status)) {
		if kb, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(kb), "kB")), 10, 64)
			return n * 1024
		}
	}
	b.Skip("no VmRSS")
	return 0
}

// BenchmarkFormat expands a list-panes style format, with conditionals,
// comparisons, truncation and a substitution, on one pane.
func BenchmarkFormat(b *testing.B) {
	withFakePrograms(b, false)
	s := New(Options{SocketPath: "/bench"})
	defer s.Close()
	ctx := context.Background()
	s.Run(ctx, []string{"new-session", "-d", "-s", "main", "-n", "win"}, nil, io.Discard, io.Discard)
	c := &client{ctx: ctx, s: s, st: s.st, stdout: io.Discard, stderr: io.Discard, utf8: true}
	f := c.formatFor(s.st.sessions[0].current.active)
	const format = "#{session_name}:#{window_index}.#{pane_index} #{?pane_active,(active),} [#{=10:pane_title}] " +
		"#{s/i/I/:window_name} #{==:#{pane_index},0} #{pane_width}x#{pane_height} #{?#{==:#{window_name},win},w,-}"
	b.ReportAllocs()
	for b.Loop() {
		if f.expand(format) == "" {
			b.Fatal("empty expansion")
		}
	}
}

// libtmuxFormat is the format libtmux 0.62 lists sessions, windows and
// panes with: every variable its objects have, each followed by U+241E.
// cmd/faketmux's BenchmarkCommand has the same.
var libtmuxFormat = func() string {
	var b strings.Builder
	for _, v := range strings.Fields(`active_window_index alternate_saved_x alternate_saved_y
		config_files cursor_character cursor_flag cursor_x cursor_y history_bytes history_limit
		history_size insert_flag keypad_cursor_flag keypad_flag last_window_index line
		mouse_all_flag mouse_any_flag mouse_button_flag mouse_sgr_flag mouse_standard_flag
		next_session_id origin_flag pane_active pane_at_bottom pane_at_left pane_at_right
		pane_at_top pane_bg pane_bottom pane_current_command pane_current_path pane_dead
		pane_dead_signal pane_dead_status pane_dead_time pane_fg pane_format pane_height pane_id
		pane_in_mode pane_index pane_input_off pane_last pane_left pane_marked pane_marked_set
		pane_mode pane_path pane_pid pane_pipe pane_right pane_search_string pane_start_command
		pane_start_path pane_synchronized pane_tabs pane_title pane_top pane_tty pane_width pid
		scroll_region_lower scroll_region_upper session_activity session_alerts session_attached
		session_attached_list session_created session_format session_group
		session_group_attached session_group_attached_list session_group_list
		session_group_many_attached session_group_size session_grouped session_id
		session_last_attached session_many_attached session_marked session_name session_path
		session_stack session_windows socket_path start_time uid user version window_active
		window_active_clients window_active_clients_list window_active_sessions
		window_active_sessions_list window_activity window_activity_flag window_bell_flag
		window_bigger window_cell_height window_cell_width window_end_flag window_flags
		window_format window_height window_id window_index window_last_flag window_layout
		window_linked window_linked_sessions window_linked_sessions_list window_marked_flag
		window_name window_offset_x window_offset_y window_panes window_raw_flags
		window_silence_flag window_stack_index window_start_flag window_visible_layout
		window_width window_zoomed_flag wrap_flag`) {
		b.WriteString("#{" + v + "}\u241e")
	}
	return b.String()
}()

// BenchmarkListLibtmux is libtmux's listing of every pane, through Run as
// the daemon runs it, on two windows of 800x600 panes running a program:
// the emulator's part of a format-heavy command.
func BenchmarkListLibtmux(b *testing.B) {
	s := New(Options{SocketPath: "/bench"})
	defer s.Close()
	ctx := context.Background()
	for _, args := range [][]string{
		append(append([]string{"new-session", "-d", "-s", "main"}, paneCostSize...), "sleep 1000"),
		{"new-window", "-d", "sleep 1000"},
		{"split-window", "-d", "-t", "main:1", "sleep 1000"},
	} {
		if rc := s.Run(ctx, args, nil, io.Discard, io.Discard); rc != 0 {
			b.Fatal(args, "failed")
		}
	}
	args := []string{"list-panes", "-a", "-F", libtmuxFormat}
	b.ReportAllocs()
	for b.Loop() {
		if s.Run(ctx, args, nil, io.Discard, io.Discard) != 0 {
			b.Fatal("list-panes failed")
		}
	}
}
