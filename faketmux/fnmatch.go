package faketmux

import (
	"regexp"
	"strings"
)

// fnmatch is fnmatch(3) as tmux calls it for option patterns and
// update-environment: without flags, so that '*' matches '/' too, or with
// FNM_CASEFOLD. It takes '*', '?', bracket expressions (with '!' or '^'
// to negate) and backslash escapes, through a regular expression.
func fnmatch(pattern, name string, fold bool) bool {
	var b strings.Builder
	b.WriteString(`(?s)`)
	if fold {
		b.WriteString(`(?i)`)
	}
	b.WriteString(`^`)
	for i := 0; i < len(pattern); i++ {
		switch c := pattern[i]; {
		case c == '*':
			b.WriteString(`.*`)
		case c == '?':
			b.WriteString(`.`)
		case c == '\\' && i+1 < len(pattern):
			i++
			b.WriteString(regexp.QuoteMeta(pattern[i : i+1]))
		case c == '[':
			end := -1
			if i+2 < len(pattern) {
				end = strings.IndexByte(pattern[i+2:], ']')
			}
			if end < 0 {
				b.WriteString(`\[`)
				continue
			}
			body := pattern[i+1 : i+2+end]
			if body[0] == '!' {
				body = "^" + body[1:]
			}
			b.WriteString("[" + strings.ReplaceAll(body, `\`, `\\`) + "]")
			i += 2 + end
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString(`$`)
	re, err := regexp.Compile(b.String())
	return err == nil && re.MatchString(name)
}
