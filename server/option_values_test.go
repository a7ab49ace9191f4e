package server

import (
	"reflect"
	"testing"
)

// TestUnescapeArg reads values as tmux 3.3a's show-options printed them
// (checked with tmux -L scratch: set -g @x VALUE, then show -g @x).
func TestUnescapeArg(t *testing.T) {
	for printed, want := range map[string]string{
		`''`:                 "",
		`plain`:              "plain",
		`"a b"`:              "a b",
		`"say \"hi\""`:       `say "hi"`,
		`'say "hi"'`:         `say "hi"`,
		`"it's \"x\""`:       `it's "x"`,
		`\~home`:             "~home",
		`\#`:                 "#",
		`a\tb\001c`:          "a\tb\x01c",
		`x\ny`:               "x\ny",
		`a\\b`:               `a\b`,
		`"h` + "é" + ` ✓"`:   "hé ✓",
		`"#{x} \$HOME \\ ;"`: `#{x} $HOME \ ;`,
		`\000\0001`:          "\x00\x001",
		`\377`:               "\xff",
		`C-\`:                `C-\`, // a key, printed bare
		`\`:                  `\`,
		`"`:                  `"`,
		`bg=green,fg=black`:  "bg=green,fg=black",
	} {
		if got := unescapeArg(printed); got != want {
			t.Errorf("unescapeArg(%s) = %q, want %q", printed, got, want)
		}
	}
}

func TestParseOptionValue(t *testing.T) {
	for _, tc := range []struct {
		out              string
		indexed, convert bool
		want             any
	}{
		{"", false, true, nil},
		{"history-limit 2000\n", false, true, int64(2000)},
		{"mouse off\n", false, true, false},
		{"status on\n", false, true, true},
		{"@n 007\n", false, false, "007"},
		{"@on on\n", false, false, "on"},
		{"status-left-length 010\n", false, true, "010"},
		{"status-style bg=green,fg=black\n", false, true, "bg=green,fg=black"},
		{"terminal-overrides\n", false, true, map[string]string{}},
		{"status-format[0] x\nstatus-format[5] \"a b\"\n", false, true, map[string]string{"0": "x", "5": "a b"}},
		{"status-format[0] x\n", false, true, map[string]string{"0": "x"}},
		{"status-format[1] \"a b\"\n", true, true, "a b"},
		{"status-format[5] ''\n", true, true, ""},
		{"pane-colours[1] 7\n", true, true, int64(7)},
		{"pane-colours[1] red\n", true, true, "red"},
	} {
		if got := parseOptionValue(tc.out, tc.indexed, tc.convert); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("parseOptionValue(%q, %v, %v) = %#v, want %#v", tc.out, tc.indexed, tc.convert, got, tc.want)
		}
	}
}

func TestIsHookName(t *testing.T) {
	for name, want := range map[string]bool{
		"after-new-window":     true,
		"after-new-w":          true, // tmux takes a unique prefix for the name
		"after-new-window[3]":  true,
		"pane-exited":          true,
		"pane-d":               true,
		"window-renamed":       true,
		"client-light-theme":   true, // a later tmux's, of a family of hooks
		"session-closed":       true,
		"command-error":        true,
		"history-limit":        false,
		"pane-border-style":    false,
		"pane-colours[1]":      false,
		"window-status-format": false,
		"command-alias[0]":     false,
		"status":               false,
		"@after-new-window":    false,
	} {
		if got := isHookName(name); got != want {
			t.Errorf("isHookName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestParseShellEnvironment(t *testing.T) {
	out := "unset DISPLAY;\n" +
		"FOO=\"bar\"; export FOO;\n" +
		"MULTI=\"line1\nline2\"; export MULTI;\n" +
		"QUOTE=\"a\\\"b\\$c\\`d\\\\e\"; export QUOTE;\n" +
		"EMPTY=\"\"; export EMPTY;\n"
	got, err := parseShellEnvironment(out)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]envValue{
		"DISPLAY": {removed: true},
		"FOO":     {value: "bar"},
		"MULTI":   {value: "line1\nline2"},
		"QUOTE":   {value: "a\"b$c`d\\e"},
		"EMPTY":   {value: ""},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("parseShellEnvironment = %#v, want %#v", got, want)
	}
	for _, bad := range []string{"FOO=bar\n", "FOO=\"bar\n", "unset X\n"} {
		if _, err := parseShellEnvironment(bad); err == nil {
			t.Errorf("parseShellEnvironment(%q) read it", bad)
		}
	}
}
