package faketmux

import "testing"

// TestOSCColour holds the forms of colour tmux 3.3a's
// input_osc_parse_colour reads (its regress test osc-11colours.sh, and
// pane_bg after each on tmux here), and some it does not.
func TestOSCColour(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"rgb:ff/ff/ff", "#ffffff"},
		{"rgb:10/4E/8B", "#104e8b"},
		{"rgb:1000/4E00/8B00", "#104e8b"},
		{"#104E8B", "#104e8b"},
		{"#10004E008B00", "#104e8b"},
		{"16,78,139", "#104e8b"},
		{"cmy:0.9373/0.6941/0.4549", "#0f4e8b"},
		{"cmyk:0.88/0.44/0.00/0.45", "#104e8c"},
		{"DodgerBlue4", "#104e8b"},
		{"  DodgerBlue4  ", "#104e8b"},
		{"dodger blue", "#1e90ff"},
		{"grey", "#bebebe"},
		{"grey1", "#030303"},
		{"gray100", "#ffffff"},
		{"rgb:f/f/f", ""},
		{"cmy:2/0/0", ""},
		{"nosuchcolour", ""},
		{"grey101", ""},
	} {
		got, ok := oscColour(c.in)
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("oscColour(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestStyleColours reads the colours of window-style values.
func TestStyleColours(t *testing.T) {
	for _, c := range []struct{ style, fg, bg string }{
		{"default", "default", "default"},
		{"fg=red,bg=#102030", "red", "#102030"},
		{"bg=colour5 bold", "default", "colour5"},
		{"fg=red default bg=blue", "default", "blue"},
		{"fg=nosuch", "default", "default"},
	} {
		if fg, bg := styleColours(c.style); fg != c.fg || bg != c.bg {
			t.Errorf("styleColours(%q) = %q %q, want %q %q", c.style, fg, bg, c.fg, c.bg)
		}
	}
}
