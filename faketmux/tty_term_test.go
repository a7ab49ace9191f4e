package faketmux

import (
	"strings"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
)

// The expectations here are tmux 3.3a's, as show-messages -T printed them
// for terminals attached with these capabilities and options.
func TestTTYTermFromCaps(t *testing.T) {
	caps := []string{"clear=\x1b[H\x1b[2J", "cup=\x1b[%i%p1%d;%p2%dH", "am=1", "colors=8", "bce=0", "XT=1", "el=\x1b[K$<3>"}
	feat := 0
	term, err := newTTYTerm("xterm", caps, &feat, []string{"xterm*:clipboard:ccolour:cstyle:focus:title", "screen*:title"},
		[]string{"xterm:colors=16:Ss=\\E[%p1%d q:bce", "x*:am@", "other:colors=256"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := tmuxcli.FeatureNames(feat), "bpaste,ccolour,clipboard,cstyle,focus,title"; got != want {
		t.Errorf("features %q, want %q", got, want)
	}
	if term.flags != tmuxcli.TermVT100Like|tmuxcli.TermNoAM {
		t.Errorf("flags %#x", term.flags)
	}
	for i, want := range map[string]string{
		"am":     "   1: am: [missing]",
		"bce":    "   3: bce: (flag) true",
		"colors": "  13: colors: (number) 16",
		"el":     "  39: el: (string) \\033[K",
		"Ss":     " 220: Ss: (string) \\033[%p1%d q",
		"Cs":     "  15: Cs: (string) \\033]12;%p1%s\\a",
		"kmous":  " 164: kmous: [missing]",
	} {
		if got := term.describe(termCodeIndex[i]); got != want {
			t.Errorf("describe %s: %q, want %q", i, got, want)
		}
	}
	// Features learnt later are applied, and the overrides again.
	feat |= 1 << 12 // RGB
	term.update(feat, []string{"xterm:colors=16"})
	if term.flags&tmuxcli.TermRGBColours == 0 || term.number("colors") != 16 || term.string("setrgbf") == "" {
		t.Errorf("after RGB: flags %#x colors %d", term.flags, term.number("colors"))
	}
}

func TestTTYTermRefused(t *testing.T) {
	feat := 0
	if _, err := newTTYTerm("dumb", []string{"am=1", "bel=\a"}, &feat, nil, nil); err == nil || err.Error() != errTerminalNoClear {
		t.Errorf("no clear: %v", err)
	}
	if _, err := newTTYTerm("x", []string{"clear=\x1b[H"}, &feat, nil, nil); err == nil || err.Error() != errTerminalNoCup {
		t.Errorf("no cup: %v", err)
	}
	// An override may give what the entry lacks.
	if _, err := newTTYTerm("dumb", nil, &feat, nil, []string{"dumb:clear=\\E[H\\E[J:cup=\\E[%i%p1%d;%p2%dH"}); err != nil {
		t.Errorf("clear and cup by terminal-overrides: %v", err)
	}
}

func TestTermOverrideSyntax(t *testing.T) {
	for _, c := range []struct{ in, field, rest string }{
		{"xterm*:am@:Ss=a", "xterm*", "am@:Ss=a"},
		{"a::b:c", "a:b", "c"},
		{"plain", "plain", ""},
	} {
		if field, rest := nextOverride(c.in); field != c.field || rest != c.rest {
			t.Errorf("nextOverride(%q): %q %q", c.in, field, rest)
		}
	}
	for _, c := range []struct {
		in, out string
		ok      bool
	}{
		{`\E[1m\s\t\\`, "\x1b[1m \t\\", true},
		{`\033\0\^G\^?\M-a\M^A`, "\x1b\x00\a\x7f\xe1\x81", true},
		{`a\$b`, "ab", true},
		{`\q`, "", false},
		{`trailing\`, "", false},
	} {
		if out, ok := unvis(c.in); out != c.out || ok != c.ok {
			t.Errorf("unvis(%q): %q %v, want %q %v", c.in, out, ok, c.out, c.ok)
		}
	}
	for in, want := range map[string]string{"a$<5>b": "ab", "a$<5*/>": "a", "a$<5": "a", "$b": "$b"} {
		if got := stripPadding(in); got != want {
			t.Errorf("stripPadding(%q): %q, want %q", in, got, want)
		}
	}
	if got := visString(strings.Repeat("\x1b", 40), 127); got != strings.Repeat(`\033`, 31) {
		t.Errorf("visString cut: %q", got)
	}
}

func TestBorderGlyphs(t *testing.T) {
	feat := 0
	term, err := newTTYTerm("t", []string{"clear=\x1b[H", "cup=\x1b[%i%p1%d;%p2%dH", "U8=1", "smacs=\x1b(0", "rmacs=\x1b(B", "acsc=qqxx"}, &feat, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if term.acsNeeded(true) || !term.acsNeeded(false) {
		t.Error("U8=1: the line-drawing set only for a client without UTF-8")
	}
	for _, c := range []struct {
		lines string
		typ   int
		want  string
	}{
		{"single", cellLeftRight, "\x1b(0q\x1b(B"},
		{"single", cellTopLeft, "\x1b(0l\x1b(B"}, // not in acsc: its key
		{"bogus", cellTopBottom, "\x1b(0x\x1b(B"},
		{"double", cellTopBottom, "║"},
		{"simple", cellTopBottom, "|"},
		{"number", cellTopBottom, "*"},
		{"number", cellOutside, "\x1b(0~\x1b(B"},
	} {
		if got := term.borderGlyph(c.lines, c.typ, nil, true); got != c.want {
			t.Errorf("%s %d: %q, want %q", c.lines, c.typ, got, c.want)
		}
	}
	if got := term.borderGlyph("single", cellTopBottom, nil, false); got != "│" {
		t.Errorf("in UTF-8: %q", got)
	}
	if got := dropColumns("\x1b(0x\x1b(Bab", 1); got != "\x1b(0\x1b(Bab" {
		t.Errorf("a character set's escapes take no columns: %q", got)
	}
}
