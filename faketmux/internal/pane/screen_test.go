package pane

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// lastColumn puts each of rs in the last column of a row of 20.
func lastColumn(rs ...rune) string {
	var b strings.Builder
	for _, r := range rs {
		b.WriteString(strings.Repeat("x", 19) + string(r) + "|\r\n")
	}
	return b.String()
}

// screenCases are byte streams that exercise each rule of tmux's input.c
// and screen-write.c the screen follows, on a 20x6 screen.
var screenCases = map[string]string{
	"wrap":            strings.Repeat("abcdefghij", 4) + "xyz",
	"wrap-exact":      strings.Repeat("0123456789", 2) + "\nx",
	"pending-wrap":    strings.Repeat("0123456789", 2),
	"cr-after-full":   strings.Repeat("0123456789", 2) + "\rX",
	"backspace-wraps": strings.Repeat("0123456789", 2) + "abcde\b\b\b\b\b\b\bY",
	"tabs":            "a\tb\tc\td\te",
	"tab-stops":       "\x1b[3g\x1b[5G\x1bH\x1b[12G\x1bH\r\tX\tY\tZ\x1b[Z\x1b[ZW",
	"insert-mode":     "abcdef\x1b[3G\x1b[4hXY\x1b[4lZ",
	"ich-dch-ech":     "abcdefghij\x1b[3G\x1b[2@\x1b[5G\x1b[3P\x1b[1G\x1b[2X\x1b[30G\x1b[@",
	"erase-line":      "aaaaaaaaaa\x1b[5G\x1b[K\r\nbbbbbbbbbb\x1b[5G\x1b[1K\r\ncccccccccc\x1b[5G\x1b[2K\r\ndd\x1b[9G\x1b[K",
	"erase-colour":    "\x1b[41mab\x1b[K\x1b[m\r\n\x1b[42m\x1b[2K\x1b[m\r\n\x1b[48;2;1;2;3mc\x1b[K\x1b[mend",
	"erase-display":   "111111\r\n222222\r\n333333\r\n444444\x1b[2;3H\x1b[1J\x1b[3;3H\x1b[0J",
	"clear-from-home": "1\r\n2\r\n3\x1b[H\x1b[J4",
	"clear-history":   "1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7\r\n8\x1b[2J\x1b[3Jx",
	"scroll-region":   "1\r\n2\r\n3\r\n4\r\n5\r\n6\x1b[2;4r\x1b[4;1H\nA\nB\x1b[2;1H\x1bMC\x1b[S\x1b[2T\x1b[r",
	"lines-in-region": "1\r\n2\r\n3\r\n4\r\n5\r\n6\x1b[2;5r\x1b[3;1H\x1b[2L\x1b[4;1H\x1b[M\x1b[6;1H\x1b[L\x1b[1;1H\x1b[M",
	"wide":            "中文字\x1b[3Gx\r\n" + strings.Repeat("x", 19) + "中\x1b[2;5H\x1b[1P",
	"wide-nowrap":     "\x1b[?7l" + strings.Repeat("y", 25) + "中\r\n\x1b[19G中z",
	"combining":       "e\u0301\u0302 a\u200db \u0301x 😀|",
	// glibc's widths, where other tables differ: each character in the
	// last column; a wide one wraps, one of none combines, one wcwidth
	// does not know is dropped.
	// Bytes of the top half outside a sequence make UTF-8 characters as
	// tmux's input_top_bit_set does: a bad one is dropped whole, an ASCII
	// character or a control abandons one, a sequence does not; they are
	// never C1 controls, and within a sequence they are ignored.
	"utf8-invalid":         "a\xffb\xc3c\xe2\x82d\xf0\x9f\x98e|\xc0\x80f\xed\xa0\x80g\xe0\x80\x80h\xf4\x90\x80\x80i|",
	"utf8-across-sequence": "\xc3\x1b[1m\xa9|\xc3\x7f\xa9|\xc3\r\xa9|",
	"c1-bytes":             "xy\r\n\x9bHz\x9c\x90q\x9dw\x85v\x1b[1\x9b;4mX\x1b]0;t\x9cu\x07k",
	// String sequences tmux reads itself: none is drawn; APC, ESC k and
	// SOS end only at ST (or CAN, SUB), OSC at BEL too; one unfinished
	// is kept for capture-pane -P.
	"strings":          "a\x1b]2;t\x07b\x1b]0;u\x1b\\c\x1b_x\x07y\x1b\\d\x1bkn\x07m\x1b\\e\x1bXsos\x07\x1b\\f\x1b]2;p\x18g\x1b_q\x1ah",
	"string-pending":   "x\x1b]2;abc",
	"rename-pending":   "y\x1bkname\x07",
	"glibc-widths":     lastColumn('\u0591', '\u2630', '\u3248', '\u302a', '\u00ad', '\U0001fae8', '\u0378'),
	"styles":           "\x1b[1;2;3;4;5;7;8;9;53mA\x1b[21mB\x1b[22;23;24;25;27;28;29;55mC\x1b[4:3mD\x1b[4:0mE\x1b[91;102mF\x1b[39;49mG",
	"colours":          "\x1b[38;5;100;48;5;200mA\x1b[38;2;1;2;3;48:2::4:5:6mB\x1b[58;5;9;4mC\x1b[59mD\x1b[38:5:7mE\x1b[38;5;999mF\x1b[mG",
	"charset":          "\x1b(0lqk\x0e\x1b)0ab\x0fcd\x1b(Bef",
	"repeat":           "ab\x1b[5b\x1b[99b\r\n\x1b[3bc",
	"save-restore":     "\x1b[31mred\x1b7\x1b[32m\x1b[3;3Hgreen\x1b8after\x1b[s\x1b[5;5Hx\x1b[uy",
	"origin":           "\x1b[3;5r\x1b[?6h\x1b[1;1HX\x1b[10;1HY\x1b[?6l\x1b[1;1HZ",
	"alternate":        "main\r\nscreen\x1b[?1049halt\x1b[Hover",
	"alternate-leave":  "main\r\nscreen\x1b[2;3H\x1b[?1049h\x1b[2Jalt\x1b[?1049lback",
	"alternate-47":     "one\x1b[?47htwo\x1b[?47lthree\x1b[?1047hfour",
	"reset":            "one\r\ntwo\x1b[?1049hthree\x1bcfour",
	"index-keys":       "a\x1bDb\x1bEc\x1bMd\x1b[H\x1bMe",
	"cursor-moves":     "\x1b[99;99HA\x1b[99AB\x1b[2BC\x1b[99CD\x1b[99DE\x1b[2EF\x1b[FG\x1b[7`H\x1b[3dI\x1b[0;0HJ",
	"alignment":        "x\x1b#8\x1b[3;3Hy",
	"history-scroll":   "1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7\r\n8\r\n9\x1b[2S",
	"background-lines": "\x1b[44mab\r\n\r\n\r\n\r\n\r\n\r\n\r\ncd\x1b[m",
	"clear-screen-bg":  "xx\r\nyy\x1b[45m\x1b[2J\x1b[mzz",
	"long-history":     strings.Repeat("a long line of text that wraps\r\n", 12) + "end",
	"unfinished":       "text\x1b[3",
	"wide-overwrite":   "中文\x1b[1G中\x1b[2Gx\r\n中文字\x1b[4G\x1b[K\r\nab\x1b[1G\x1b[4h中\x1b[4l",
	"combining-start":  "\u0301x\x1b[5G\u0301\u200d",
	"full-row-erases":  strings.Repeat("x", 20) + "\x1b[1J\r\n" + strings.Repeat("y", 20) + "\x1b[K\x1b[1K",
	"nowrap-last":      "\x1b[?7l" + strings.Repeat("0123456789", 3) + "\x1b[?7h",
	"tab-past-end":     "\x1b[19G\t\tX\r\n\bY",
	"moves-pending":    strings.Repeat("x", 20) + "\x1b[CA\r\n" + strings.Repeat("y", 20) + "\x1b[AB",
	"column-mode":      "ab\r\ncd\x1b[?3hef",
	"region-to-foot":   "1\r\n2\r\n3\r\n4\r\n5\r\n6\x1b[2;6r\x1b[6;1H\n7\n8\x1b[r",
	"rgb-clear":        "a\r\nb\x1b[48;2;9;9;9m\x1b[2J\x1b[mc\x1b[48;2;9;9;9m\r\n\r\n\r\n\r\n\r\n\r\n",
	"modes":            "\x1b[?1h\x1b=\x1b[?25l\x1b[?1002h\x1b[?1006h\x1b[?1005h\x1b[4h\x1b[?7l\x1b[?6h\x1b[3;1Hx\x1b[1;1H",
	"modes-off":        "\x1b[?1h\x1b=\x1b[?1003h\x1b[?1001l\x1b[?1000h\x1b>\x1b7\x1b[?6h\x1b8\x1b[?25l\x1bcq",
	"cursor-on-wide":   "ab中\x1b[4G",
	"style-over-lines": "\x1b[31ma\r\nb\x1b[m\r\n\x1b[1mc\r\n\x1b[22md",
}

// screenState is what the tests compare of a screen: captures with every
// rendering flag, and the facts tmux reports.
func screenState(capture func(args ...string) string, facts string) string {
	var b strings.Builder
	for _, args := range [][]string{{"-e", "-N"}, {"-J"}, {"-C", "-e"}, {"-a", "-q", "-e", "-N"}, {"-P", "-C"}} {
		fmt.Fprintf(&b, "capture %v:\n%s", args, capture(args...))
	}
	return b.String() + "facts: " + facts
}

func TestScreenMatchesTmux(t *testing.T) {
	r := newRealTmux(t)
	const cols, rows = 20, 6
	const facts = "#{cursor_x},#{cursor_y} #{history_size} #{history_bytes} #{alternate_on} " + modeFacts
	for name, content := range screenCases {
		t.Run(name, func(t *testing.T) {
			channel := "done-" + name
			id := r.pane(cols, rows, "sh", "-c", `printf '%s' "$1"; tmux wait-for -S "$2"; exec sleep 60`, "sh", content, channel)
			r.run("wait-for", channel)
			want := screenState(func(args ...string) string {
				return r.run(append([]string{"capture-pane", "-p", "-S", "-", "-t", id}, args...)...)
			}, r.run("display-message", "-p", "-t", id, facts))

			s := NewScreen(cols, rows, 2000)
			// The terminal's line discipline (onlcr) turns the program's
			// newlines into CR LF on their way to tmux.
			s.Display([]byte(strings.ReplaceAll(content, "\n", "\r\n")))
			got := screenState(func(args ...string) string { return capture(t, s, args...) }, screenFacts(s))
			if got != want {
				t.Errorf("screen differs from tmux's for %q\n got: %q\nwant: %q", content, got, want)
			}
		})
	}
}

// capture renders s as capture-pane -p -S - with the given flags does.
func capture(t *testing.T, s *Screen, args ...string) string {
	t.Helper()
	var o CaptureOptions
	quiet := false
	for _, a := range args {
		switch a {
		case "-a":
			o.Alternate = true
		case "-e":
			o.Codes = true
		case "-C":
			o.EscapeC0 = true
		case "-J":
			o.Join = true
		case "-N":
			o.NoTrim = true
		case "-q":
			quiet = true
		case "-P":
			o.Pending = true
		}
	}
	o.Range = func(history, last int) (int, int) { return 0, last }
	out, err := s.Capture(o)
	if err != nil && !quiet {
		t.Fatal(err)
	}
	return strings.TrimSuffix(string(out), "\n") + "\n"
}

// modeFacts are the format variables of the modes, the character under
// the cursor and history_all_bytes.
const modeFacts = "#{cursor_flag}#{insert_flag}#{keypad_cursor_flag}#{keypad_flag}#{mouse_all_flag}#{mouse_any_flag}" +
	"#{mouse_button_flag}#{mouse_sgr_flag}#{mouse_standard_flag}#{mouse_utf8_flag}#{origin_flag}#{wrap_flag}" +
	" [#{cursor_character}] #{history_all_bytes} [#{pane_tabs}]"

func screenFacts(s *Screen) string {
	x, y := s.Cursor()
	var flags strings.Builder
	for _, name := range []string{"cursor_flag", "insert_flag", "keypad_cursor_flag", "keypad_flag", "mouse_all_flag",
		"mouse_any_flag", "mouse_button_flag", "mouse_sgr_flag", "mouse_standard_flag", "mouse_utf8_flag", "origin_flag", "wrap_flag"} {
		if on, ok := s.Flag(name); !ok {
			flags.WriteString("?")
		} else if on {
			flags.WriteString("1")
		} else {
			flags.WriteString("0")
		}
	}
	tabs := fmt.Sprint(s.Tabs())
	tabs = strings.ReplaceAll(strings.Trim(tabs, "[]"), " ", ",")
	return fmt.Sprintf("%d,%d %d %d %d %s [%s] %s [%s]\n", x, y, s.HistorySize(), s.HistoryBytes(), boolDigit(s.AltScreen()),
		flags.String(), s.CursorCharacter(), s.HistoryAllBytes(), tabs)
}

func boolDigit(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestResizeMatchesTmux resizes a screen as resize-window resizes a
// window's one pane: shorter screens lose their empty rows below the
// cursor and push the rest into the history, taller ones take rows back.
func TestResizeMatchesTmux(t *testing.T) {
	r := newRealTmux(t)
	const facts = "#{cursor_x},#{cursor_y} #{history_size} #{history_bytes}"
	for _, tc := range []struct {
		name, content string
		sizes         [][2]int
	}{
		{"shorter-empty-below", "1\r\n2", [][2]int{{20, 3}}},
		{"shorter-full", "1\r\n2\r\n3\r\n4\r\n5\r\n6", [][2]int{{20, 3}, {20, 8}}},
		{"taller-from-history", "1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7\r\n8\r\n9", [][2]int{{20, 9}, {20, 4}}},
		{"narrower-short-rows", "ab\r\ncd", [][2]int{{10, 6}, {20, 6}}},
		// A new width rewraps the rows, and the cursor with them.
		{"rewrap-long-rows", "abcdefghijklmnop\r\nxy", [][2]int{{10, 6}, {20, 6}, {7, 4}, {30, 6}}},
		{"rewrap-wrapped", strings.Repeat("0123456789", 3) + "\r\nnext", [][2]int{{40, 6}, {15, 6}, {20, 6}}},
		{"rewrap-wide", "中文字中文字中文字中文字\r\nz", [][2]int{{7, 6}, {20, 6}, {9, 3}}},
		{"rewrap-cursor", "abcdefghijklmnopqrst\x1b[1;15H", [][2]int{{10, 6}, {12, 6}, {20, 6}}},
		{"rewrap-history", strings.Repeat("a long line of text that wraps\r\n", 12) + "end", [][2]int{{30, 6}, {12, 5}, {20, 6}}},
		{"rewrap-styles", "\x1b[31mred text\x1b[44m that wraps around\x1b[m and on", [][2]int{{8, 6}, {25, 6}}},
		{"alternate-not-rewrapped", "main line that is long\x1b[?1049halternate line here", [][2]int{{10, 6}, {20, 6}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			channel := "resized-" + tc.name
			id := r.pane(20, 6, "sh", "-c", `printf '%s' "$1"; tmux wait-for -S "$2"; exec sleep 60`, "sh", tc.content, channel)
			r.run("wait-for", channel)
			s := NewScreen(20, 6, 2000)
			s.Display([]byte(tc.content))
			for _, size := range tc.sizes {
				r.run("resize-window", "-t", id, "-x", strconv.Itoa(size[0]), "-y", strconv.Itoa(size[1]))
				want := screenState(func(args ...string) string {
					return r.run(append([]string{"capture-pane", "-p", "-S", "-", "-t", id}, args...)...)
				}, r.run("display-message", "-p", "-t", id, facts))
				s.Resize(size[0], size[1])
				x, y := s.Cursor()
				got := screenState(func(args ...string) string { return capture(t, s, args...) },
					fmt.Sprintf("%d,%d %d %d\n", x, y, s.HistorySize(), s.HistoryBytes()))
				if got != want {
					t.Errorf("after resizing to %v: screen differs from tmux's\n got: %q\nwant: %q", size, got, want)
				}
			}
		})
	}
}
