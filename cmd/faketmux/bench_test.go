//go:build linux && !faketmux_thin

package main

import (
	"bytes"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli/wire"
)

// benchWorlds are the clients the benchmarks compare, each on a server of
// its own: the faketmux binary, the thin client (whose daemon is the
// faketmux binary) and, where installed, real tmux. Their names label the
// metrics.
func benchWorlds(b *testing.B) (worlds []*world, names []string) {
	worlds, names = []*world{newWorld(b, fakeBin), newWorld(b, thinBin)}, []string{"faketmux", "thin"}
	if bin, err := exec.LookPath("tmux"); err == nil {
		worlds, names = append(worlds, newWorld(b, bin)), append(names, "tmux")
	}
	return worlds, names
}

// reportWorlds reports each world's time per iteration and, with tmux
// among them, each one's ratio to tmux's.
func reportWorlds(b *testing.B, names []string, spent []time.Duration) {
	for i, name := range names {
		b.ReportMetric(float64(spent[i].Nanoseconds())/float64(b.N), name+"-ns/op")
		if last := len(names) - 1; names[last] == "tmux" && i != last {
			b.ReportMetric(float64(spent[i])/float64(spent[last]), name+"/tmux")
		}
	}
}

// BenchmarkRoundTrip is one set-buffer and one show-buffer, each a client
// process, against a running server, through each of benchWorlds. They
// alternate within every iteration, so that the ratios it reports are not
// skewed by a machine whose load changes during the run.
func BenchmarkRoundTrip(b *testing.B) {
	worlds, names := benchWorlds(b)
	for _, w := range worlds {
		w.must("", "-f", "/dev/null", "new-session", "-d", "sleep 1000")
	}
	spent := make([]time.Duration, len(worlds))
	for b.Loop() {
		for i, w := range worlds {
			start := time.Now()
			w.must("", "set-buffer", "-b", "k", "value")
			if got := w.must("", "show-buffer", "-b", "k"); got != "value" {
				b.Fatalf("show-buffer: %q", got)
			}
			spent[i] += time.Since(start)
		}
	}
	reportWorlds(b, names, spent)
}

// BenchmarkRoundTripSocket sends the same two requests to the daemon from
// this process: the part of a round trip that is not process start-up.
func BenchmarkRoundTripSocket(b *testing.B) {
	w := newWorld(b, fakeBin)
	w.must("", "-f", "/dev/null", "new-session", "-d", "sleep 1000")
	send := func(args ...string) string {
		conn, err := net.Dial("unix", w.socket())
		if err != nil {
			b.Fatal(err)
		}
		defer conn.Close()
		var out, errb bytes.Buffer
		if res := exchange(conn, &wire.Req{Args: args, Env: w.env}, nil, &out, &errb, false); res.Status != 0 {
			b.Fatalf("%q: exit %d, %s", args, res.Status, errb.String())
		}
		return out.String()
	}
	for b.Loop() {
		send("set-buffer", "-b", "k", "value")
		if got := send("show-buffer", "-b", "k"); got != "value" {
			b.Fatalf("show-buffer: %q", got)
		}
	}
}

// BenchmarkTmuxpLoad replays the tmux command lines that tmuxp 1.27 (with
// libtmux 0.21) runs for `tmuxp load -d` of a workspace of two windows and
// three panes (testdata/tmuxp_load.json, recorded against tmux 3.3a with
// the -L flag taken out), each a client process, through each of
// benchWorlds, alternating as BenchmarkRoundTrip does.
// It includes starting the server; the kill-server after each replay is
// not timed. Every command line must end with the same exit status in
// every world.
func BenchmarkTmuxpLoad(b *testing.B) {
	data, err := os.ReadFile("testdata/tmuxp_load.json")
	if err != nil {
		b.Fatal(err)
	}
	var calls [][]string
	if err := json.Unmarshal(data, &calls); err != nil {
		b.Fatal(err)
	}
	worlds, names := benchWorlds(b)
	spent := make([]time.Duration, len(worlds))
	results := make([][]result, len(worlds))
	for b.Loop() {
		for i, w := range worlds {
			results[i] = results[i][:0]
			start := time.Now()
			for _, args := range calls {
				results[i] = append(results[i], w.run("", args...))
			}
			spent[i] += time.Since(start)
			b.StopTimer()
			w.run("", "kill-server")
			b.StartTimer()
		}
		// The thin client's daemon is the faketmux binary: it answers
		// as faketmux does.
		for j, fake := range results[0] {
			for _, other := range results[1:] {
				if fake.code != other[j].code {
					b.Fatalf("tmux %q: faketmux %v; tmux %v", calls[j], fake, other[j])
				}
			}
		}
	}
	reportWorlds(b, names, spent)
}

// libtmuxFormat is the format libtmux 0.62 lists sessions, windows and
// panes with: every variable its objects have, each followed by U+241E.
var libtmuxFormat = func() string {
	vars := strings.Fields(`active_window_index alternate_saved_x alternate_saved_y config_files
		cursor_character cursor_flag cursor_x cursor_y history_bytes history_limit history_size
		insert_flag keypad_cursor_flag keypad_flag last_window_index line mouse_all_flag
		mouse_any_flag mouse_button_flag mouse_sgr_flag mouse_standard_flag next_session_id
		origin_flag pane_active pane_at_bottom pane_at_left pane_at_right pane_at_top pane_bg
		pane_bottom pane_current_command pane_current_path pane_dead pane_dead_signal
		pane_dead_status pane_dead_time pane_fg pane_format pane_height pane_id pane_in_mode
		pane_index pane_input_off pane_last pane_left pane_marked pane_marked_set pane_mode
		pane_path pane_pid pane_pipe pane_right pane_search_string pane_start_command
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
		window_width window_zoomed_flag wrap_flag`)
	var b strings.Builder
	for _, v := range vars {
		b.WriteString("#{" + v + "}\u241e")
	}
	return b.String()
}()

// benchCommands are the command lines BenchmarkCommand times: those issue
// 26 measured, a has-session as test suites poll with, and libtmux's
// listings, each a format of every variable.
var benchCommands = []struct {
	name string
	args []string
}{
	{"list-sessions", []string{"list-sessions"}},
	{"display", []string{"display", "-p", "#{session_name}"}},
	{"show-buffer", []string{"show-buffer"}},
	{"list-panes", []string{"list-panes", "-a", "-F", "#{pane_id}"}},
	{"has-session", []string{"has-session", "-t", "main"}},
	{"libtmux-sessions", []string{"list-sessions", "-F", libtmuxFormat}},
	{"libtmux-windows", []string{"list-windows", "-a", "-F", libtmuxFormat}},
	{"libtmux-panes", []string{"list-panes", "-a", "-F", libtmuxFormat}},
}

// BenchmarkCommand runs each of benchCommands as a client process against
// a server of two windows and three 800x600 panes, through faketmux and
// tmux alternately within every iteration. It reports, for each, the time
// of the whole client process, the client's CPU time and the server's CPU
// time per command, and the ratios faketmux/tmux of each. Without tmux on
// PATH it reports faketmux's alone.
func BenchmarkCommand(b *testing.B) {
	names := []string{"faketmux"}
	worlds := []*world{newWorld(b, fakeBin)}
	if bin, err := exec.LookPath("tmux"); err == nil {
		names, worlds = append(names, "tmux"), append(worlds, newWorld(b, bin))
	}
	servers := make([]int, len(worlds))
	for i, w := range worlds {
		w.must("", "-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "800", "-y", "600", "sleep 1000")
		w.must("", "new-window", "-d", "sleep 1000")
		w.must("", "split-window", "-d", "-t", "main:1", "sleep 1000")
		w.must("", "set-buffer", "-b", "k", "value")
		pid, err := strconv.Atoi(strings.TrimSpace(w.must("", "display", "-p", "#{pid}")))
		if err != nil {
			b.Fatal(err)
		}
		servers[i] = pid
	}
	for _, bc := range benchCommands {
		b.Run(bc.name, func(b *testing.B) {
			wall := make([]time.Duration, len(worlds))
			client := make([]time.Duration, len(worlds))
			server := make([]time.Duration, len(worlds))
			for b.Loop() {
				for i, w := range worlds {
					cpu0 := processCPU(b, servers[i])
					cmd := w.command("", bc.args...)
					var errb bytes.Buffer
					cmd.Stdout, cmd.Stderr = nil, &errb
					start := time.Now()
					err := cmd.Run()
					wall[i] += time.Since(start)
					if err != nil {
						b.Fatalf("%s %q: %v: %s", names[i], bc.args, err, errb.String())
					}
					client[i] += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
					server[i] += processCPU(b, servers[i]) - cpu0
				}
			}
			for i, name := range names {
				b.ReportMetric(float64(wall[i].Nanoseconds())/float64(b.N), name+"-ns/op")
				b.ReportMetric(float64(client[i].Nanoseconds())/float64(b.N), name+"-client-cpu-ns/op")
				b.ReportMetric(float64(server[i].Nanoseconds())/float64(b.N), name+"-server-cpu-ns/op")
			}
			if len(names) == 2 {
				b.ReportMetric(float64(wall[0])/float64(wall[1]), "faketmux/tmux")
				b.ReportMetric(float64(client[0])/float64(client[1]), "client-cpu-faketmux/tmux")
				b.ReportMetric(float64(server[0])/float64(server[1]), "server-cpu-faketmux/tmux")
			}
		})
	}
}

// processCPU is the CPU time a process's threads have had, to the
// nanosecond, from /proc/PID/task/*/schedstat.
func processCPU(b *testing.B, pid int) time.Duration {
	tasks, err := filepath.Glob("/proc/" + strconv.Itoa(pid) + "/task/*/schedstat")
	if err != nil || len(tasks) == 0 {
		b.Fatalf("no schedstat for process %d", pid)
	}
	var total time.Duration
	for _, t := range tasks {
		data, err := os.ReadFile(t)
		if err != nil {
			continue // a thread that just ended
		}
		ns, err := strconv.ParseInt(strings.Fields(string(data))[0], 10, 64)
		if err != nil {
			b.Fatal(err)
		}
		total += time.Duration(ns)
	}
	return total
}
