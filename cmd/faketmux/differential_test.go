//go:build linux && !faketmux_thin

package main

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/internal/controlrun"
)

// TestDifferentialThroughBinary runs the same command lines through real
// tmux and through the faketmux binary, each as a process in its own private
// TMUX_TMPDIR, and requires the same standard output, standard error and
// exit status; and the same again with each kind of client talking to the
// other kind of server, wherever one runs, since both speak tmux 3.3a's
// protocol. The emulator's own differential test covers the commands in
// depth; this one covers what the binary adds: global flags, socket paths,
// connect errors, server start and exit, standard input, tmux's command
// size limit, and configuration files (-f), which the client reads and
// splits and the server runs.
//
// Normalisers: normSocketDir, since the two sides' private directories
// differ and appear in socket paths; for control mode (-C),
// controlrun.NormGuardTimes for the time in the guards,
// controlrun.NormClientNames for the client's process ID in its name, and
// joinOutput for where a pane's output was cut into lines.

type dstep struct {
	args  []string
	stdin string
	env   []string // added to the client's environment
	// ends marks a step after which the server exits; both sides are
	// waited for, since tmux's server exits after its last client and a
	// client connecting meanwhile is told "server exited unexpectedly".
	ends bool
	// control is a control client's input (the step's args have -C), sent
	// once the client has answered its argv: tmux runs lines it reads
	// earlier before the attach.
	control *string
	// until keeps a control client's input open until its output has a
	// line containing until: pane output comes on the program's
	// schedule.
	until string
}

// s is a step with tmux's configuration kept out, as every step that may
// start a server must have, or the developer's ~/.tmux.conf would apply to
// one side only.
func s(args ...string) dstep { return dstep{args: append([]string{"-f", "/dev/null"}, args...)} }

// raw is a step whose argv is given whole, for the global flags themselves.
func raw(args ...string) dstep { return dstep{args: args} }

func (d dstep) in(stdin string) dstep    { d.stdin = stdin; return d }
func (d dstep) lines(in string) dstep    { d.control = &in; return d }
func (d dstep) awaits(text string) dstep { d.until = text; return d }
func (d dstep) exits() dstep             { d.ends = true; return d }
func (d dstep) with(kv ...string) dstep  { d.env = kv; return d }

// sendable is a set-buffer whose packed argv ("set-buffer\0" and the data
// and its NUL) is n bytes, to probe tmux's command size limits.
func sendable(n int) dstep { return s("set-buffer", strings.Repeat("a", n-len("set-buffer")-2)) }

// configs are the configuration files of the differential test, by name.
// Each is the starting client's -f file in a scenario that then reads what
// it did: options, buffers, and whether a pane shows errors (view mode).
var configs = map[string]string{
	"tmux.conf": "set -g buffer-limit 2\nset-option -g base-index 3\n",
	"good.conf": "# good lines\nset -g buffer-limit 5\nset-option -g history-limit 1234 ; set -g escape-time 7\nset-buffer -b fromconf hello\n",
	// A failing command skips the rest of its line only.
	"fail.conf": "set -g buffer-limit 4\nhas-session -t nope ; set -g history-limit 99\nset -g escape-time 3\n",
	// A line that does not parse stops the whole file.
	"noparse.conf": "set -g buffer-limit 4\nbogus-command\n",
	"badflag.conf": "set -g buffer-limit 4\nset-option -Z x\n",
	"syntax.conf":  "set -g buffer-limit 4\nset -g default-command x}\n",
	// Quotes, escapes, continuations and comments; a comment ends its
	// line with the next line's number, so the failing has-session skips
	// the escape-time after it.
	"quoting.conf": "set -g default-command 'sh -c \"echo a\\\\b\"' # comment\n" +
		"set -g \\\n  buffer-limit \\\n  6 ; set -g history-limit 55\n" +
		"set -g default-terminal \"t-$CONFVAR\\\n-${CONFVAR}x\\s\\101\"\n" +
		"# a comment \\\nset -g base-index 9\n" +
		"has-session -t nope # c\nset -g escape-time 8\n" +
		"set -g exit-empty on ;set -g \"exit-unattached\" 'off';\n",
	// Errors wait for the next session made when the files made none.
	"late.conf":         "set -g exit-empty off\nhas-session -t nope\n",
	"unterminated.conf": "set -g buffer-limit 8\nset -g default-command \"abc\nset -g history-limit 3\n",
}

func differentialScenarios(confDir string) map[string][]dstep {
	conf := func(name string) string { return confDir + "/" + name }
	// started starts a server with configuration files and reads what
	// they did.
	started := func(files ...string) []dstep {
		var args []string
		for _, f := range files {
			args = append(args, "-f", f)
		}
		return []dstep{
			raw(append(args, "new-session", "-d", "-s", "s", "sleep 1000")...).with("CONFVAR=v"),
			s("show-options", "-g", "buffer-limit", ";", "show-options", "-g", "history-limit", ";",
				"show-options", "-g", "escape-time", ";", "show-options", "-g", "default-command", ";",
				"show-options", "-g", "default-terminal", ";", "show-options", "-g", "base-index", ";",
				"show-options", "-g", "exit-unattached"),
			s("list-buffers", "-F", "#{buffer_name} #{buffer_sample}"),
			s("display-message", "-p", "-t", "s", "#{pane_in_mode} [#{pane_mode}]"),
			// tmux lists the files of -f as given, found or not.
			s("display-message", "-p", "#{config_files}"),
			s("kill-server").exits(),
		}
	}
	return map[string][]dstep{
		"flags and connect errors": {
			raw("-V"),
			raw("-V", "-Z"),
			raw("-Z"),
			raw("-uZ"),
			raw("-L"),
			raw("-f"),
			raw("--x"),
			raw("-d"),
			raw("-U", "ls"),
			raw("-c", "true", "ls"),
			s("list-buffers"),
			s("-N", "new-session", "-d"),
			s("-L", "other", "has-session"),
			s("-Lx", "-2u", "-q", "-T", "256", "list-sessions"),
			s("--", "list-sessions"),
			s("-S", "relative-socket", "list-sessions"),
			// sun_path holds 107 bytes and a NUL.
			s("-S", strings.Repeat("x", 108), "new-session", "-d"),
			s("-S", strings.Repeat("y", 107), "list-sessions"),
			s("bogus-command"),
		},
		"lifecycle": {
			s().exits(),
			s("new-session", "-d", "-s", "a", "sleep 1000"),
			s("list-sessions", "-F", "#{session_name} #{session_windows}"),
			s("has-session", "-t", "a"),
			s("start-server"),
			s("kill-server").exits(),
			s("list-buffers"),
			s("-N", "new-session", "-d"),
			s("has-session"),
			s("new-session", "-d", "-s", "b", "sleep 1000"),
			s("list-sessions", "-F", "#{session_name}"),
			s("kill-session", "-t", "b").exits(),
			s("list-sessions"),
			s("start-server").exits(),
			s("list-buffers"),
			s("-c", "echo from the shell $0").exits(),
			s("list-sessions"),
		},
		"buffers": {
			s("new-session", "-d", "sleep 1000"),
			s("set-buffer", "-b", "a", "hello"),
			s("load-buffer", "-b", "b", "-").in("bin\x00ary\r\n\xc3\xa9\xff\nend"),
			s("show-buffer", "-b", "b"),
			s("save-buffer", "-b", "b", "-"),
			s("load-buffer", "-").in(""),
			s("list-buffers", "-F", "#{buffer_name} #{buffer_size}"),
			s("show-buffer", "-b", "nope"),
			s("delete-buffer", "-b", "nope"),
			s("set-buffer", "x", ";", "show-buffer"),
			sendable(16364),
			sendable(16365),
			sendable(16380),
			sendable(16381),
			s("list-buffers", "-F", "#{buffer_name} #{buffer_size}"),
			s("kill-server").exits(),
		},
		"what client libraries ask": {
			s("new-session", "-d", "-P", "-F", "#{session_id} #{window_id} #{pane_id} #{session_name}", "-s", "lib", "-n", "w", "sleep 1000"),
			s("new-window", "-d", "-t", "lib", "-n", "second", "-P", "-F", "#{window_index} #{window_name}", "sleep 1000"),
			s("list-windows", "-t", "lib", "-F", "#{window_id}|#{window_index}|#{window_name}|#{window_panes}"),
			s("list-panes", "-s", "-t", "lib", "-F", "#{pane_id}|#{pane_index}|#{pane_width}x#{pane_height}"),
			s("display-message", "-p", "-t", "lib:w", "#{session_name}:#{window_name}.#{pane_index} #{version}"),
			s("has-session", "-t", "nope"),
			s("kill-server").exits(),
		},
		// The client's locale and -u travel to the server, which decides
		// from them how the client sees control and non-ASCII characters.
		"the client's locale": {
			s("new-session", "-d", "sleep 1000"),
			s("set-buffer", "-b", "tab\there", "caf\u00e9\x01"),
			s("list-buffers", "-F", "#{buffer_name} #{buffer_sample}").with("LC_ALL=C"),
			s("-u", "list-buffers", "-F", "#{buffer_name} #{buffer_sample}").with("LC_ALL=C"),
			s("list-buffers", "-F", "#{buffer_name} #{buffer_sample}").with("LC_ALL=C.UTF-8"),
			s("show-buffer", "-b", "no\tpe").with("LC_ALL=C"),
			s("kill-server").exits(),
		},
		"configuration: good lines":                 started(conf("good.conf")),
		"configuration: a failing command":          started(conf("fail.conf")),
		"configuration: a line that does not parse": started(conf("noparse.conf")),
		"configuration: a bad flag":                 started(conf("badflag.conf")),
		"configuration: a syntax error":             started(conf("syntax.conf")),
		"configuration: quotes and continuations":   started(conf("quoting.conf")),
		"configuration: an unterminated quote":      started(conf("unterminated.conf")),
		"configuration: a missing file":             started(conf("missing.conf")),
		"configuration: a directory":                started(confDir),
		"configuration: /dev/null":                  started("/dev/null"),
		// Each file is parsed alone: a bad one does not stop the others.
		"configuration: several files": started(conf("noparse.conf"), conf("good.conf")),
		// The configuration is the starting client's; a later -f changes
		// nothing.
		"configuration: only the starting client's": {
			s("new-session", "-d", "sleep 1000"),
			raw("-f", conf("good.conf"), "new-session", "-d"),
			s("show-options", "-g", "buffer-limit"),
			s("display-message", "-p", "#{pane_in_mode}"),
			s("display-message", "-p", "#{config_files}"),
			s("kill-server").exits(),
			raw("-f", conf("late.conf"), "start-server"),
			s("new-session", "-d", "-s", "late", "sleep 1000"),
			s("display-message", "-p", "-t", "late", "#{pane_in_mode} [#{pane_mode}]"),
			s("send-keys", "-t", "late", "-l", "xqy"),
			s("display-message", "-p", "-t", "late", "#{pane_in_mode} [#{pane_mode}]"),
			s("kill-server").exits(),
		},
		// Control mode through the binary: the client's flags, the wire,
		// pane output; faketmux's differential test ("control") covers
		// the commands, guards and notifications in depth.
		"control mode: pane output": {
			s("new-session", "-d", "-s", "m", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
			s("-C", "attach", "-t", "m").lines("split-window -d \"printf 'a\\\\\\\\ b\\\\033c\\\\n'; sleep 1000\"\n").awaits(`\015\012`),
			s("kill-server").exits(),
		},
		"control mode: new-session and the server's end": {
			// With no session to attach to, the server it started exits.
			s("-C", "attach").lines("list-sessions\n").exits(),
			s("-C", "new-session", "-s", "c", "-n", "w", "-x", "80", "-y", "24", "sleep 1000").lines(
				"list-sessions -F '#{session_name} #{session_attached}'\n" +
					"new-session -d -s d -n w 'sleep 1000'\n" +
					"list-sessions -F '#{session_name} #{session_attached}'\n"),
			s("-C", "new-session", "-A", "-s", "c").lines("display -p '#{session_name} #{session_attached}'\n"),
			s("-C", "attach", "-t", "d", "-r").lines("display -p '#{client_readonly}'\nkill-server\n").exits(),
			s("-CC", "attach"),
		},
		// Without -f, tmux lists the files of its default list that
		// exist, links resolved; a relative -f stays as given.
		"configuration: the default list": {
			raw("new-session", "-d", "sleep 1000").with("HOME="+conf("home"), "XDG_CONFIG_HOME="+conf("home")),
			s("display-message", "-p", "#{config_files}"),
			s("show-options", "-g", "buffer-limit"),
			s("kill-server").exits(),
			raw("-f", "no-such-rel.conf", "new-session", "-d", "sleep 1000"),
			s("display-message", "-p", "#{config_files}"),
			s("kill-server").exits(),
		},
		"configuration file": {
			raw("-f", conf("tmux.conf"), "new-session", "-d", "sleep 1000"),
			s("show-options", "-g", "buffer-limit"),
			s("list-windows", "-F", "#{window_index}"),
			s("set-buffer", "1", ";", "set-buffer", "2", ";", "set-buffer", "3"),
			s("list-buffers", "-F", "#{buffer_name} #{buffer_sample}"),
			s("kill-server").exits(),
		},
	}
}

func TestDifferentialThroughBinary(t *testing.T) {
	tmux := realTmux(t)
	confDir := t.TempDir()
	for name, text := range configs {
		if err := os.WriteFile(confDir+"/"+name, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// A home whose ~/.tmux.conf is a link, and an XDG file too.
	if err := os.MkdirAll(confDir+"/home/tmux", 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../good.conf", confDir+"/home/.tmux.conf"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(confDir+"/home/tmux/tmux.conf", []byte("set -g @xdg 1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, steps := range differentialScenarios(confDir) {
		t.Run(name, func(t *testing.T) {
			real, fake := newWorld(t, tmux), newWorld(t, fakeBin)
			// tmux's client drives a faketmux server, and faketmux's
			// client a tmux server, in every step that has a server to
			// talk to; the others start one with the server's own client.
			tmuxClient, fakeClient := newWorld(t, fakeBin), newWorld(t, tmux)
			tmuxClient.client, fakeClient.client = tmux, fakeBin
			others := []struct {
				name string
				w    *world
			}{{"fake", fake}, {"tmux client, fake server", tmuxClient}, {"fake client, tmux server", fakeClient}}
			for i, st := range steps {
				run := func(w *world) result {
					if st.control != nil {
						return normControl(w.runControl(*st.control, st.until, st.args...))
					}
					return w.runEnv(st.env, st.stdin, st.args...)
				}
				r := normSocketDir(run(real), real.dir)
				for _, o := range others {
					if f := normSocketDir(run(o.w), o.w.dir); r != f {
						t.Errorf("step %d %q:\n tmux: %v\n %s: %v", i, st.args, r, o.name, f)
					}
				}
				if st.ends {
					waitGone(t, real.socket())
					for _, o := range others {
						waitGone(t, o.w.socket())
					}
				}
			}
		})
	}
}

// normSocketDir replaces a side's private TMUX_TMPDIR, which differs
// between the sides, in everything it printed.
func normSocketDir(r result, dir string) result {
	return result{
		stdout: strings.ReplaceAll(r.stdout, dir, "$TMUX_TMPDIR"),
		stderr: strings.ReplaceAll(r.stderr, dir, "$TMUX_TMPDIR"),
		code:   r.code,
	}
}

func normControl(r result) result {
	r.stdout = joinOutput(controlrun.NormClientNames(controlrun.NormGuardTimes(r.stdout)))
	return r
}

// joinOutput joins each run of %output lines of one pane into one line:
// how a program's output is cut into lines depends on when the server
// read the pane, in tmux as in faketmux.
func joinOutput(s string) string {
	var out []string
	for _, line := range strings.SplitAfter(s, "\n") {
		if n := len(out); n > 0 {
			pane := outputPrefixRE.FindString(line)
			if pane != "" && strings.HasPrefix(out[n-1], pane) {
				out[n-1] = strings.TrimSuffix(out[n-1], "\n") + line[len(pane):]
				continue
			}
		}
		out = append(out, line)
	}
	return strings.Join(out, "")
}

// outputPrefixRE is the start of a line of a pane's output.
var outputPrefixRE = regexp.MustCompile(`^%output %[0-9]+ `)

// runControl runs a control client with controlrun.Run.
func (w *world) runControl(input, until string, args ...string) result {
	w.t.Helper()
	cmd := w.command("", args...)
	cmd.Stdin = nil
	var errb bytes.Buffer
	cmd.Stderr = &errb
	stdout, err := controlrun.Run(cmd, input, until)
	return result{stdout, errb.String(), exitCode(w.t, err)}
}

func TestJoinOutput(t *testing.T) {
	in := "%begin 1\n%output %1 a\\033\n%output %1 b\n%output %2 c\n%output %1 d\n%output %1 \\015\\012\n%exit\n"
	want := "%begin 1\n%output %1 a\\033b\n%output %2 c\n%output %1 d\\015\\012\n%exit\n"
	if got := joinOutput(in); got != want {
		t.Errorf("joinOutput:\n got %q\nwant %q", got, want)
	}
}
