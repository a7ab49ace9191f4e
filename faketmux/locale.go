package faketmux

import (
	"strings"
	"unicode/utf8"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/wcwidth"
)

// clientUTF8 is how tmux's client decides, without -u, that its terminal
// takes UTF-8 (tmux's CLIENT_UTF8): when it runs inside tmux, or when the
// first of LC_ALL, LC_CTYPE and LANG that is set and not empty names a
// UTF-8 locale. The server's own locale plays no part.
func clientUTF8(env []string) bool {
	if _, ok := lookupEnvOK(env, "TMUX"); ok {
		return true
	}
	for _, name := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if v := lookupEnv(env, name); v != "" {
			v = strings.ToUpper(v)
			return strings.Contains(v, "UTF-8") || strings.Contains(v, "UTF8")
		}
	}
	return false
}

// sanitize is what tmux does to a line of command output or an error for a
// client whose terminal does not take UTF-8: printable ASCII stays, a
// complete UTF-8 character becomes one '_' per column it takes, and every
// other byte (controls, tab included, and stray or cut UTF-8 bytes)
// becomes '_'. Raw data (show-buffer, save-buffer -, capture-pane -p) does
// not pass through it.
func sanitize(s string) string {
	i := 0
	for i < len(s) && s[i] >= 0x20 && s[i] < 0x7f {
		i++
	}
	if i == len(s) {
		return s
	}
	var out strings.Builder
	out.Grow(len(s))
	out.WriteString(s[:i])
	for i < len(s) {
		c := s[i]
		if c >= 0xc2 && c <= 0xf4 {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r != utf8.RuneError && hasWidth(r) {
				out.WriteString(strings.Repeat("_", columns(r)))
				i += size
				continue
			}
		}
		if c >= 0x20 && c < 0x7f {
			out.WriteByte(c)
		} else {
			out.WriteByte('_')
		}
		i++
	}
	return out.String()
}

// columns is the columns r takes as tmux counts them: the C library's
// wcwidth, none for a character it gives no width (see hasWidth).
func columns(r rune) int { return max(wcwidth.Of(r), 0) }

// validText is tmux's utf8_isvalid, which titles and names set from a
// pane must pass: printable ASCII and characters the C library gives a
// width.
func validText(s string) bool {
	for _, r := range s {
		if r < 0x80 && (r < ' ' || r > '~') || r >= 0x80 && (r == utf8.RuneError || !hasWidth(r)) {
			return false
		}
	}
	return true
}

// hasWidth is whether the C library gives r a width, which tmux needs to
// take r as a character.
func hasWidth(r rune) bool { return wcwidth.Of(r) >= 0 }
