package faketmux

import (
	"bytes"
	"testing"
)

func TestClientUTF8(t *testing.T) {
	for _, tc := range []struct {
		env  []string
		want bool
	}{
		{nil, false},
		{[]string{"LANG=C.UTF-8"}, true},
		{[]string{"LANG=en_US.utf8"}, true},
		{[]string{"LANG=C"}, false},
		{[]string{"LANG=C.UTF-8", "LC_ALL=C"}, false},   // LC_ALL wins
		{[]string{"LANG=C", "LC_CTYPE=C.UTF-8"}, true},  // then LC_CTYPE
		{[]string{"LC_ALL=", "LANG=C.UTF-8"}, true},     // an empty one is skipped
		{[]string{"LANG=C", "TMUX=/tmp/s,1,0"}, true},   // inside tmux
		{[]string{"LANG=C", "TMUX="}, true},             // set counts, even empty
		{[]string{"LANG=C.UTF-8", "LANG=POSIX"}, false}, // the last of a name wins
	} {
		if got := clientUTF8(tc.env); got != tc.want {
			t.Errorf("clientUTF8(%q) = %v, want %v", tc.env, got, tc.want)
		}
	}
}

func TestSanitize(t *testing.T) {
	for in, want := range map[string]string{
		"plain ~":       "plain ~",
		"a\tb":          "a_b",
		"é":             "_",
		"中":             "__",
		"e\u0301":       "e",
		"\xc3(":         "_(",
		"x\xe2\x82":     "x__",
		"\x7f\x1b[0m":   "__[0m",
		"\xff\xc2\x85!": "___!", // a C1 control has no width: each byte
		"\u00a0":        "_",
		"\u00ad":        "_",
		"😀":             "__",
		"\u200b":        "",
		"\uffff":        "___",
	} {
		if got := sanitize(in); got != want {
			t.Errorf("sanitize(%q) = %q, want %q", in, got, want)
		}
	}
}

// The locale of each call decides, not the server's, and -u overrides it.
func TestOutputFollowsTheClientsLocale(t *testing.T) {
	s := started(t)
	mustRun(t, s, "set-buffer", "-b", "b\t1", "x")
	for _, tc := range []struct {
		env  []string
		utf8 bool
		want string
	}{
		{[]string{"LC_ALL=C"}, false, "b_1\n"},
		{[]string{"LC_ALL=C"}, true, "b\t1\n"},
		{[]string{"LANG=C.UTF-8"}, false, "b\t1\n"},
	} {
		var out bytes.Buffer
		s.Exec(t.Context(), Call{Args: []string{"list-buffers", "-F", "#{buffer_name}"}, Stdout: &out, Env: tc.env, UTF8: tc.utf8})
		if out.String() != tc.want {
			t.Errorf("env %q, UTF8 %v: %q, want %q", tc.env, tc.utf8, out.String(), tc.want)
		}
	}
	var out bytes.Buffer
	s.Exec(t.Context(), Call{Args: []string{"show-buffer", "-b", "b\t1"}, Stdout: &out, Env: []string{"LC_ALL=C"}})
	if out.String() != "x" {
		t.Errorf("show-buffer without UTF-8: %q, want the raw data", out.String())
	}
}
