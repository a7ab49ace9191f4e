package faketmux

import "testing"

// Arguments are quoted as tmux's args_escape quotes them.
func TestArgsEscape(t *testing.T) {
	for in, want := range map[string]string{
		"":          "''",
		"plain":     "plain",
		"a b":       `"a b"`,
		`a"b`:       `'a"b'`,
		`a"b c`:     `"a\"b c"`,
		"#":         `\#`,
		";":         `\;`,
		"~":         `\~`,
		"~x":        `\~x`,
		"~x y":      `"\~x y"`,
		"$HOME":     `"\$HOME"`,
		"$":         `\$`,
		"a$":        `"a$"`,
		"a\\b":      `a\\b`,
		"t\tn\n":    `t\tn\n`,
		"\x00":      `\0`,
		"\x001":     `\0001`,
		"\x01\x7f":  `\001\177`,
		"é中":        "é中",
		"\xff":      `\377`,
		"{":         `\{`,
		"%%":        `"%%"`,
		"it's":      `"it's"`,
		"x y\"z\\w": `"x y\"z\\w"`,
	} {
		if got := argsEscape(in); got != want {
			t.Errorf("argsEscape(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestHexByte(t *testing.T) {
	for in, want := range map[string]int{
		"41": 0x41, "0x41": 0x41, " 43": 0x43, "ff": 0xff, "+a": 10, "-0": 0, "0": 0,
		"": -1, "100": -1, "-1": -1, "4g": -1, "0x": -1, "41 ": -1,
	} {
		n, ok := hexByte(in)
		if got := map[bool]int{true: int(n), false: -1}[ok]; got != want {
			t.Errorf("hexByte(%q) = %d, want %d", in, got, want)
		}
	}
}

// A binding replaces the one it finds, keeps the table in key order, and
// a key alone changes only the note.
func TestBindKey(t *testing.T) {
	s := started(t)
	mustRun(t, s, "bind-key", "-T", "t", "b", "display-message", "-p", "one two")
	mustRun(t, s, "bind-key", "-T", "t", "a", "new-window", "-d")
	mustRun(t, s, "bind-key", "-r", "-N", "the note", "-T", "t", "b", "splitw", "-h", ";", "display-message", "x")
	got := mustRun(t, s, "list-keys", "-T", "t")
	want := "bind-key    -T t a new-window -d\nbind-key -r -T t b split-window -h\n"
	if got != want {
		t.Errorf("list-keys:\n%s\nwant\n%s", got, want)
	}
	mustRun(t, s, "bind-key", "-T", "t", "b")
	// With no note left the key column has no width: tmux pads each key
	// to that width plus one, which a one-letter key already fills.
	if got := mustRun(t, s, "list-keys", "-N", "-a", "-T", "t"); got != "anew-window -d\nbsplit-window -h\n" {
		t.Errorf("after binding b alone, list-keys -N -a: %q", got)
	}
	mustRun(t, s, "unbind-key", "-T", "t", "a", ";", "unbind-key", "-T", "t", "b")
	mustFail(t, s, "table t doesn't exist", "list-keys", "-T", "t")
	mustFail(t, s, "unknown key: nope", "bind-key", "nope", "list-keys")
	mustFail(t, s, "unknown command: nosuch", "bind-key", "x", "nosuch")
}

// A command given as one string is parsed as tmux parses a line: quotes,
// several commands.
func TestBindKeyOneString(t *testing.T) {
	s := started(t)
	mustRun(t, s, "bind-key", "x", `split-window  -h ; display-message "a b"`)
	if got := mustRun(t, s, "list-keys", "-T", "prefix", "x"); got != `bind-key -T prefix x split-window -h \; display-message "a b"`+"\n" {
		t.Errorf("list-keys x: %q", got)
	}
	mustFail(t, s, "syntax error", "bind-key", "x", "display {")
}

// In view mode, keys go to the mode's table: a key unbound there no
// longer leaves it, and one bound to cancel does.
func TestModeKeysFollowTheTable(t *testing.T) {
	withFakePrograms(t, false)
	s := New(Options{SocketPath: "/sock"})
	defer s.Close()
	startWith(t, s, [][]string{{"bogus"}}, "new-session", "-d")
	mustRun(t, s, "unbind-key", "-T", "copy-mode", "q")
	mustRun(t, s, "bind-key", "-T", "copy-mode", "z", "send-keys", "-X", "cancel")
	mustRun(t, s, "send-keys", "q")
	if got := mustRun(t, s, "display-message", "-p", "#{pane_in_mode}"); got != "1\n" {
		t.Errorf("after an unbound q, pane_in_mode %q", got)
	}
	mustRun(t, s, "send-keys", "z")
	if got := mustRun(t, s, "display-message", "-p", "#{pane_in_mode}"); got != "0\n" {
		t.Errorf("after z bound to cancel, pane_in_mode %q", got)
	}
	mustFail(t, s, "not in a mode", "send-keys", "-X", "cancel")
}

// send-prefix sends the target session's prefix (or prefix2) option; a
// key of None sends nothing. list-keys -N shows the global prefix.
func TestSendPrefixOptions(t *testing.T) {
	withFakePrograms(t, false)
	s := RunT(t)
	mustRun(t, s, "new-session", "-d", "-s", "main", "cat")
	mustRun(t, s, "send-prefix", ";", "send-prefix", "-2")
	mustRun(t, s, "set-option", "-t", "main", "prefix", "C-a", ";", "set-option", "-g", "prefix2", "M-z")
	mustRun(t, s, "send-prefix", ";", "send-prefix", "-2")
	if got, _ := s.PaneInput("%0"); string(got) != "\x02\x01\x1bz" {
		t.Errorf("prefixes sent: %q", got)
	}
	if got := mustRun(t, s, "list-keys", "-N", "C-o"); got != "C-b C-o Rotate through the panes\n" {
		t.Errorf("list-keys -N with the global prefix: %q", got)
	}
}
