// Package cmdparse splits tmux's command language into command lines: the
// configuration files and source-file, a control client's input lines, and
// the command strings of if-shell, run-shell -C and the like.
package cmdparse

import (
	"fmt"
	"os/user"
	"strings"
	"unicode/utf8"
)

// The parser follows tmux 3.3a's cmd-parse.y character by character,
// because its quirks decide what a configuration does: which words a line
// has, and which commands share a line (tmux groups commands by the line
// number the lexer has reached when each command ends, so that a failing
// command skips the rest of its group). Not modelled, and so counted as a
// file that does not parse: %if/%elif/%else/%endif and {…} command blocks,
// which need the server's formats and a command-list argument. Assignments
// (NAME=value, %hidden NAME=value) are seen by later $NAME in the file but
// do not reach the server's global environment.

// eof is what the lexer's getc returns at the end of the file.
const eof = -1

type tokenKind int

const (
	tokEnd tokenKind = iota
	tokNewline
	tokSemicolon
	tokBlock // '{' or '}'
	tokError
	tokHidden
	tokCondition // %if, %elif, %else, %endif
	tokWord
	tokAssignment // a word of the form NAME=value
)

// configLexer is tmux's yylex over one file read through stdio, whose
// ungetc pushes a character back.
type configLexer struct {
	buf       []byte
	off       int
	pushed    []int
	escapes   int // backslashes read and not yet returned
	line      int
	eol, eof  bool
	condition bool // the last token was a % keyword
	home      func() (string, bool)
	lookup    func(string) (string, bool)
}

func (l *configLexer) getc1() int {
	if n := len(l.pushed); n > 0 {
		ch := l.pushed[n-1]
		l.pushed = l.pushed[:n-1]
		return ch
	}
	if l.off == len(l.buf) {
		return eof
	}
	l.off++
	return int(l.buf[l.off-1])
}

func (l *configLexer) ungetc(ch int) {
	if ch != eof {
		l.pushed = append(l.pushed, ch)
	}
}

// getc joins a line ending in an odd number of backslashes to the next,
// wherever it is, even in a comment or quotes.
func (l *configLexer) getc() int {
	if l.escapes != 0 {
		l.escapes--
		return '\\'
	}
	for {
		ch := l.getc1()
		if ch == '\\' {
			l.escapes++
			continue
		}
		if ch == '\n' && l.escapes%2 == 1 {
			l.line++
			l.escapes--
			continue
		}
		if l.escapes != 0 {
			l.ungetc(ch)
			l.escapes--
			return '\\'
		}
		return ch
	}
}

func (l *configLexer) lex() (tokenKind, string) {
	if l.eol {
		l.line++
	}
	l.eol = false
	condition := l.condition
	l.condition = false
	for {
		ch := l.getc()
		switch ch {
		case eof:
			// tmux ends every file with a newline.
			if l.eof {
				return tokEnd, ""
			}
			l.eof = true
			return tokNewline, ""
		case ' ', '\t':
			continue
		case '\n':
			l.eol = true
			return tokNewline, ""
		case ';':
			return tokSemicolon, ""
		case '{', '}':
			return tokBlock, ""
		case '#':
			next := l.getc()
			if condition && next == '{' {
				return tokCondition, ""
			}
			for next != '\n' && next != eof {
				next = l.getc()
			}
			if next == '\n' {
				l.line++
				return tokNewline, ""
			}
			continue
		case '%':
			word := l.getWord(ch)
			if strings.Trim(word, "%0123456789") == "" {
				return tokWord, word
			}
			l.condition = true
			switch word {
			case "%hidden":
				return tokHidden, ""
			case "%if", "%else", "%elif", "%endif":
				return tokCondition, ""
			}
			return tokError, ""
		}
		word, ok := l.token(ch)
		if !ok {
			return tokError, ""
		}
		if name, _, found := strings.Cut(word, "="); found && name != "" && isVarName(name) {
			return tokAssignment, word
		}
		return tokWord, word
	}
}

func isVarChar(ch int, first bool) bool {
	switch {
	case ch == '_', 'a' <= ch && ch <= 'z', 'A' <= ch && ch <= 'Z':
		return true
	case '0' <= ch && ch <= '9':
		return !first
	}
	return false
}

func isVarName(s string) bool {
	for i := range len(s) {
		if !isVarChar(int(s[i]), i == 0) {
			return false
		}
	}
	return true
}

func (l *configLexer) getWord(ch int) string {
	var b strings.Builder
	for {
		b.WriteByte(byte(ch))
		if ch = l.getc(); ch == eof || strings.ContainsRune(" \t\n", rune(ch)) {
			break
		}
	}
	l.ungetc(ch)
	return b.String()
}

// token reads one word: quotes, escapes, ~ and $ expansion, and, inside
// quotes, newlines kept with the blanks and comments after them dropped.
func (l *configLexer) token(ch int) (string, bool) {
	const (
		start = iota
		none
		double
		single
	)
	var b []byte
	state, last := none, start
	for {
		if ch == eof || (state == none && ch == '\n') {
			break
		}
		if state == none && (ch == ' ' || ch == '\t' || ch == ';' || ch == '}') {
			break
		}
		if ch == '\n' {
			b = append(b, '\n')
			for ch = l.getc(); ch == ' ' || ch == '\t'; ch = l.getc() {
			}
			if ch != '#' {
				continue
			}
			ch = l.getc()
			if ch != eof && strings.ContainsRune(",#{}:", rune(ch)) {
				l.ungetc(ch)
				ch = '#'
			} else {
				for ch = l.getc(); ch != '\n' && ch != eof; ch = l.getc() {
				}
			}
			continue
		}
		expanded := true
		switch {
		case ch == '\\' && state != single:
			expanded = l.escape(&b)
		case ch == '~' && last != state && state != single:
			expanded = l.tilde(&b)
		case ch == '$' && state != single:
			expanded = l.variable(&b)
		case ch == '\'' && state == none:
			state = single
			ch = l.getc()
			continue
		case ch == '\'' && state == single, ch == '"' && state == double:
			state = none
			ch = l.getc()
			continue
		case ch == '"' && state == none:
			state = double
			ch = l.getc()
			continue
		default:
			b = append(b, byte(ch))
		}
		if !expanded {
			return "", false
		}
		last = state
		ch = l.getc()
	}
	l.ungetc(ch)
	// tmux's words are C strings: an escaped NUL ends one.
	word, _, _ := strings.Cut(string(b), "\x00")
	return word, true
}

// simpleEscapes are the one-letter escapes of tmux's words.
var simpleEscapes = map[int]byte{'a': '\a', 'b': '\b', 'e': '\033', 'f': '\f', 's': ' ', 'v': '\v', 'r': '\r', 'n': '\n', 't': '\t'}

func (l *configLexer) escape(b *[]byte) bool {
	ch := l.getc()
	switch {
	case ch >= '4' && ch <= '7':
		return false
	case ch >= '0' && ch <= '3':
		o2 := l.getc()
		if o2 < '0' || o2 > '7' {
			return false
		}
		o3 := l.getc()
		if o3 < '0' || o3 > '7' {
			return false
		}
		*b = append(*b, byte(64*(ch-'0')+8*(o2-'0')+(o3-'0')))
		return true
	}
	switch ch {
	case eof:
		return false
	case 'u', 'U':
		size := 4
		if ch == 'U' {
			size = 8
		}
		var hex strings.Builder
		for range size {
			d := l.getc()
			if d == eof || !strings.ContainsRune("0123456789abcdefABCDEF", rune(d)) {
				return false
			}
			hex.WriteByte(byte(d))
		}
		var r rune
		if _, err := fmt.Sscanf(hex.String(), "%x", &r); err != nil || !utf8.ValidRune(r) {
			return false
		}
		*b = utf8.AppendRune(*b, r)
		return true
	}
	if c, ok := simpleEscapes[ch]; ok {
		*b = append(*b, c)
	} else {
		*b = append(*b, byte(ch))
	}
	return true
}

func (l *configLexer) tilde(b *[]byte) bool {
	var name []byte
	for {
		ch := l.getc()
		if ch == eof || strings.ContainsRune("/ \t\n\"'", rune(ch)) {
			l.ungetc(ch)
			break
		}
		name = append(name, byte(ch))
	}
	var home string
	if len(name) == 0 {
		h, ok := l.home()
		if !ok {
			return false
		}
		home = h
	} else {
		u, err := user.Lookup(string(name))
		if err != nil {
			return false
		}
		home = u.HomeDir
	}
	*b = append(*b, home...)
	return true
}

func (l *configLexer) variable(b *[]byte) bool {
	ch := l.getc()
	if ch == eof {
		return false
	}
	brackets := ch == '{'
	var name []byte
	if !brackets {
		if !isVarChar(ch, true) {
			*b = append(*b, '$')
			l.ungetc(ch)
			return true
		}
		name = append(name, byte(ch))
	}
	for {
		ch = l.getc()
		if brackets && ch == '}' {
			break
		}
		if ch == eof || !isVarChar(ch, false) {
			if !brackets {
				l.ungetc(ch)
				break
			}
			return false
		}
		if len(name) == 1024-2 {
			return false
		}
		name = append(name, byte(ch))
	}
	if v, ok := l.lookup(string(name)); ok {
		*b = append(*b, v...)
	}
	return true
}

// Line is one command line of a text, in tmux's command-line form, and
// the number of the line of the text it ends on, as tmux counts them for
// its messages (file:line).
type Line struct {
	Argv   []string
	Number int
}

// Error is a text that does not parse: tmux's "syntax error", at a line.
type Error struct{ Line int }

func (e *Error) Error() string { return "syntax error" }

// Parse splits a text into command lines, with the grammar of tmux's
// statements; dir is the client's directory, which tmux's server has as
// $PWD, and lookupEnv gives $NAME and ~.
func Parse(text []byte, dir string, lookupEnv func(string) (string, bool)) ([]Line, error) {
	assigned := map[string]string{}
	lookup := func(name string) (string, bool) {
		if v, ok := assigned[name]; ok {
			return v, true
		}
		if name == "PWD" && dir != "" {
			return dir, true
		}
		return lookupEnv(name)
	}
	l := &configLexer{buf: text, line: 1, lookup: lookup, home: func() (string, bool) {
		if h, ok := lookup("HOME"); ok && h != "" {
			return h, true
		}
		u, err := user.Current()
		if err != nil {
			return "", false
		}
		return u.HomeDir, true
	}}
	assign := func(word string) {
		name, value, _ := strings.Cut(word, "=")
		assigned[name] = value
	}

	var (
		all  []configCommand // every command of the file, in order
		list []configCommand // the commands of the statement being read
		cur  []string
		// inCommand: words are being read into cur; afterSemicolon: a
		// ';' ended the last command of the statement; onlyAssigned: cur
		// began with an assignment and has no command name yet.
		inCommand, afterSemicolon, onlyAssigned bool
	)
	endCommand := func() {
		if len(cur) == 0 {
			// An assignment alone drops the commands before it in its
			// statement.
			list = nil
		} else {
			list = append(list, configCommand{cur, l.line})
		}
		cur, inCommand, onlyAssigned = nil, false, false
	}
	for {
		kind, word := l.lex()
		switch kind {
		case tokEnd:
			return commandLines(all), nil
		case tokNewline:
			if inCommand {
				endCommand()
			}
			all = append(all, list...)
			list, afterSemicolon = nil, false
		case tokSemicolon:
			if !inCommand && !afterSemicolon {
				return nil, &Error{l.line}
			}
			if inCommand {
				endCommand()
			}
			afterSemicolon = true
		case tokWord, tokAssignment:
			switch {
			case !inCommand && kind == tokAssignment:
				assign(word)
				inCommand, onlyAssigned = true, true
			case !inCommand, onlyAssigned && kind == tokWord:
				cur, inCommand, onlyAssigned = []string{word}, true, false
			case onlyAssigned:
				return nil, &Error{l.line}
			default:
				cur = append(cur, word)
			}
		case tokHidden:
			if inCommand || afterSemicolon {
				return nil, &Error{l.line}
			}
			if k, w := l.lex(); k == tokAssignment {
				assign(w)
			} else {
				return nil, &Error{l.line}
			}
			if k, _ := l.lex(); k != tokNewline {
				return nil, &Error{l.line}
			}
			all = append(all, list...)
			list = nil
		default:
			return nil, &Error{l.line}
		}
	}
}

// configCommand is one command of a file and the line number tmux gives it.
type configCommand struct {
	words []string
	line  int
}

// commandLines joins consecutive commands of one line number into one
// command line, in tmux's command-line form: ';' words between commands,
// and a word's own final ';' escaped as "\;".
func commandLines(cmds []configCommand) []Line {
	var lines []Line
	for i, c := range cmds {
		var argv []string
		if i > 0 && cmds[i-1].line == c.line {
			argv = append(lines[len(lines)-1].Argv, ";")
			lines = lines[:len(lines)-1]
		}
		for _, w := range c.words {
			if strings.HasSuffix(w, ";") {
				w = w[:len(w)-1] + `\;`
			}
			argv = append(argv, w)
		}
		lines = append(lines, Line{argv, c.line})
	}
	return lines
}
