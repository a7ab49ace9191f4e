package server

import "strings"

// A caller's string reaches tmux as one argument of a command line, and
// must arrive there as it was sent: not cut into two commands, not read as
// a flag, not expanded as a format (which could run a shell: #(...)).

// literal is s as one argument of a tmux command line given as argv:
// tmux's client ends a command at an argument that ends in ';', unless a
// backslash comes before the ';', which it then drops.
func literal(s string) string {
	if strings.HasSuffix(s, ";") {
		return s[:len(s)-1] + `\;`
	}
	return s
}

// literalArgs are the caller's strings as a command's positional
// arguments: after "--", so that one beginning with '-' is no flag.
func literalArgs(args ...string) []string {
	out := make([]string, 0, len(args)+1)
	out = append(out, "--")
	for _, a := range args {
		out = append(out, literal(a))
	}
	return out
}

// noFormat is s as an argument that tmux expands as a format (a window's
// new name, a pane's title) and must leave as it is: each run of '#' is
// doubled, as "##" expands to "#", except a run before '[', which tmux
// copies as it is (a style, for the status line to draw).
func noFormat(s string) string {
	if !strings.Contains(s, "#") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '#' {
			b.WriteByte(s[i])
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] == '#' {
			j++
		}
		b.WriteString(s[i:j])
		if j == len(s) || s[j] != '[' {
			b.WriteString(s[i:j])
		}
		i = j
	}
	return b.String()
}
