package faketmux

import (
	"testing"

	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
)

// colourTerm is a terminal of xterm's capabilities with the features of
// feat (tmuxcli.TermFeatures' bits).
func colourTerm(t *testing.T, feat int, overrides ...string) *ttyTerm {
	t.Helper()
	caps := []string{"clear=\x1b[H\x1b[2J", "cup=\x1b[%i%p1%d;%p2%dH", "am=1", "colors=8",
		"setaf=\x1b[3%p1%dm", "setab=\x1b[4%p1%dm", "bold=\x1b[1m", "smul=\x1b[4m", "smso=\x1b[7m", "sitm=\x1b[3m"}
	term, err := newTTYTerm("xterm", caps, &feat, nil, overrides)
	if err != nil {
		t.Fatal(err)
	}
	return term
}

func TestWriteStyles(t *testing.T) {
	const rgbFeature, feature256 = 1 << 12, 1 << 0
	eight, sixteen := colourTerm(t, 0), colourTerm(t, 0, "xterm:colors=16")
	palette, rgb := colourTerm(t, feature256), colourTerm(t, rgbFeature)
	for _, c := range []struct {
		term       *ttyTerm
		drawn, out string
	}{
		// A bright foreground is bold on 8 colours, and stops being so
		// at the next colour unless bold was asked for.
		{eight, "\x1b[0;91mA\x1b[32mB", "\x1b[0m\x1b[1m\x1b[31mA\x1b[22m\x1b[32mB"},
		{eight, "\x1b[1;91mA\x1b[32mB", "\x1b[1m\x1b[31mA\x1b[32mB"},
		{eight, "\x1b[101mA", "\x1b[41mA"},
		{sixteen, "\x1b[91mA", "\x1b[39mA"}, // xterm's setaf has no 8 to 15
		{eight, "\x1b[38;5;196;48;5;21mA", "\x1b[31m\x1b[44mA"},
		{sixteen, "\x1b[38;5;196mA", "\x1b[39mA"},
		{eight, "\x1b[38;2;255;128;0mA", "\x1b[31mA"},
		{palette, "\x1b[38;2;255;128;0mA", "\x1b[38;5;208mA"},
		{palette, "\x1b[91mA\x1b[38;5;9mB", "\x1b[91mA\x1b[91mB"},
		{rgb, "\x1b[38;2;255;128;0mA\x1b[38;5;9mB", "\x1b[38;2;255;128;0mA\x1b[91mB"},
		// Attributes go through the terminal's capabilities: none for
		// one it lacks, plain underline without Smulx.
		{eight, "\x1b[0;3;9;53;4:3mA\x1b[23;24m", "\x1b[0m\x1b[3m\x1b[4mA\x1b[23;24m"},
		{eight, "\x1b[38:2::1:2:3mA", "\x1b[38:2::1:2:3mA"},
		// What is no SGR sequence goes as it is.
		{eight, "\x1b[?25l\x1b[3;1H\x1b[K\x1b[", "\x1b[?25l\x1b[3;1H\x1b[K\x1b["},
	} {
		if got := c.term.writeStyles(c.drawn, "tmux-256color"); got != c.out {
			t.Errorf("%d colours, flags %#x: %q drawn as %q, want %q", c.term.colours(), c.term.flags, c.drawn, got, c.out)
		}
	}
	if got := eight.writeStyles("\x1b[3mA", "screen-256color"); got != "\x1b[7mA" {
		t.Errorf("italics with default-terminal screen: %q, want standout", got)
	}
	if rgb.flags&tmuxcli.TermRGBColours == 0 || palette.flags&tmuxcli.TermRGBColours != 0 {
		t.Errorf("RGB flags: %#x and %#x", rgb.flags, palette.flags)
	}
}
