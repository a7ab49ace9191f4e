// Package cmdparse splits tmux's command language into command lines: the
// configuration files and source-file, a control client's input lines, and
// the command strings of if-shell, run-shell -C and the like.
package cmdparse

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/passwd"
)

// The parser follows tmux 3.3a's cmd-parse.y character by character,
// because its quirks decide what a configuration does: which words a line
// has, and which commands share a line (tmux groups commands by the line
// number the lexer has reached when each command ends, so that a failing
// command skips the rest of its group). %if/%elif/%else/%endif decide at
// parse time, on a format the caller expands (Options.Expand). A { … }
// block argument comes out as one word: Block's marker, then the block's
// command lines (DecodeBlock).
// Assignments (NAME=value, %hidden NAME=value) are seen by later $NAME in
// the text, and go to Options.Assign as they are parsed: tmux puts them
// in its global environment then.

// eof is what the lexer's getc returns at the end of the file.
const eof = -1

type tokenKind int

const (
	tokEnd tokenKind = iota
	tokNewline
	tokSemicolon
	tokOpen  // '{'
	tokClose // '}'
	tokError
	tokHidden
	tokIf
	tokElif
	tokElse
	tokEndif
	tokFormat // #{…} after a condition keyword
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
		case '{':
			return tokOpen, ""
		case '}':
			return tokClose, ""
		case '#':
			next := l.getc()
			if condition && next == '{' {
				if f, ok := l.format(); ok {
					return tokFormat, f
				}
				return tokError, ""
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
			if k, ok := keywords[word]; ok {
				return k, ""
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

var keywords = map[string]tokenKind{"%hidden": tokHidden, "%if": tokIf, "%elif": tokElif, "%else": tokElse, "%endif": tokEndif}

// format reads a format after its "#{", up to the brace that closes it,
// on one line.
func (l *configLexer) format() (string, bool) {
	b := []byte("#{")
	for depth := 1; depth > 0; {
		ch := l.getc()
		if ch == eof || ch == '\n' {
			return "", false
		}
		if ch == '#' {
			if ch = l.getc(); ch == eof || ch == '\n' {
				return "", false
			}
			if ch == '{' {
				depth++
			}
			b = append(b, '#')
		} else if ch == '}' {
			depth--
		}
		b = append(b, byte(ch))
	}
	return string(b), true
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
		u, err := passwd.LookupName(string(name))
		if err != nil {
			return false
		}
		home = u.Home
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

// ErrNeedsExpand is a text with a condition parsed without
// Options.Expand: only a server can decide it.
var ErrNeedsExpand = errors.New("a condition needs the server's formats")

// Block is the first byte of a word that is a { … } block: a word of
// tmux's parser is a C string, so it never holds one.
const Block = "\x00"

// Options are what a parse needs besides the text.
type Options struct {
	// Dir is the client's directory, which tmux's server has as $PWD.
	Dir string
	// Lookup gives $NAME and ~.
	Lookup func(string) (string, bool)
	// Expand expands a condition's format; nil makes a text with one
	// fail with ErrNeedsExpand.
	Expand func(string) string
	// Assign, if set, takes each assignment a taken branch makes, as the
	// parser meets it.
	Assign func(name, value string, hidden bool)
}

// Parse splits a text into command lines, with the grammar of tmux's
// statements.
func Parse(text []byte, o Options) ([]Line, error) {
	p := &parser{assigned: map[string]string{}, expand: o.Expand, onAssign: o.Assign}
	lookup := func(name string) (string, bool) {
		if v, ok := p.assigned[name]; ok {
			return v, true
		}
		if name == "PWD" && o.Dir != "" {
			return o.Dir, true
		}
		return o.Lookup(name)
	}
	p.l = &configLexer{buf: text, line: 1, lookup: lookup, home: func() (string, bool) {
		if h, ok := lookup("HOME"); ok && h != "" {
			return h, true
		}
		u, err := passwd.Current()
		if err != nil {
			return "", false
		}
		return u.Home, true
	}}
	cmds, err := p.file()
	if err != nil {
		return nil, err
	}
	return commandLines(cmds), nil
}

// parser is tmux's grammar over the lexer's tokens, one token ahead.
type parser struct {
	l        *configLexer
	tok      tokenKind
	word     string
	assigned map[string]string
	expand   func(string) string
	onAssign func(name, value string, hidden bool)
	// scopes are the flags of the conditions the parser is in, innermost
	// last, as tmux's parse state keeps them: an assignment happens, and
	// a command is kept, only when the innermost is set.
	scopes []bool
}

func (p *parser) next() { p.tok, p.word = p.l.lex() }

func (p *parser) fail() error { return &Error{p.l.line} }

func (p *parser) active() bool { return len(p.scopes) == 0 || p.scopes[len(p.scopes)-1] }

func (p *parser) assign(word string, hidden bool) {
	if p.active() {
		name, value, _ := strings.Cut(word, "=")
		p.assigned[name] = value
		if p.onAssign != nil {
			p.onAssign(name, value, hidden)
		}
	}
}

// file is the text's statements.
func (p *parser) file() ([]configCommand, error) {
	p.next()
	return p.lines(func(k tokenKind) bool { return k == tokEnd })
}

// lines are statements, each ended by a newline, up to a token stop
// takes; the end of the text before it fails.
func (p *parser) lines(stop func(tokenKind) bool) ([]configCommand, error) {
	var all []configCommand
	for ; !stop(p.tok); p.next() {
		if p.tok == tokEnd {
			return nil, p.fail()
		}
		cmds, err := p.statement()
		if err != nil {
			return nil, err
		}
		if p.tok != tokNewline {
			return nil, p.fail()
		}
		all = append(all, cmds...)
	}
	return all, nil
}

// statement is an empty one, a %hidden assignment, a condition over
// lines, or commands; it ends before its newline.
func (p *parser) statement() ([]configCommand, error) {
	var cmds []configCommand
	var err error
	switch p.tok {
	case tokNewline, tokClose:
		return nil, nil
	case tokHidden:
		if p.next(); p.tok != tokAssignment {
			return nil, p.fail()
		}
		p.assign(p.word, true)
		p.next()
		return nil, nil
	case tokIf:
		var taken bool
		if taken, err = p.ifOpen(); err != nil {
			return nil, err
		}
		if p.tok == tokNewline {
			cmds, err = p.condition(taken, (*parser).linesUntilCondition)
		} else if cmds, err = p.inlineCondition(taken); err == nil {
			cmds, err = p.commands(cmds, true)
		}
	default:
		cmds, err = p.commands(nil, false)
	}
	if err != nil || !p.active() {
		return nil, err
	}
	return cmds, nil
}

// ifOpen reads %if and its format, and enters its scope.
func (p *parser) ifOpen() (bool, error) {
	taken, err := p.decide()
	p.scopes = append(p.scopes, taken)
	return taken, err
}

// decide reads the format after %if or %elif, as tmux's format_true
// takes its expansion: anything but empty and "0" is true.
func (p *parser) decide() (bool, error) {
	if p.next(); p.tok != tokFormat && p.tok != tokWord {
		return false, p.fail()
	}
	if p.expand == nil {
		return false, ErrNeedsExpand
	}
	v := p.expand(p.word)
	p.next()
	return v != "" && v != "0", nil
}

// condition is the rest of a condition after its %if: the branches, each
// read by body, up to %endif; the first branch taken gives the commands.
func (p *parser) condition(taken bool, body func(*parser) ([]configCommand, error)) ([]configCommand, error) {
	var chosen []configCommand
	done := false
	branch := func(take bool) error {
		cmds, err := body(p)
		if err == nil && take && !done {
			chosen, done = cmds, true
		}
		return err
	}
	if err := branch(taken); err != nil {
		return nil, err
	}
	for p.tok == tokElif {
		taken, err := p.decide()
		if err != nil {
			return nil, err
		}
		p.scopes[len(p.scopes)-1] = taken
		if err := branch(taken); err != nil {
			return nil, err
		}
	}
	if p.tok == tokElse {
		// tmux's %else flips the flag of the branch before it.
		top := &p.scopes[len(p.scopes)-1]
		*top = !*top
		p.next()
		if err := branch(true); err != nil {
			return nil, err
		}
	}
	if p.tok != tokEndif {
		return nil, p.fail()
	}
	p.scopes = p.scopes[:len(p.scopes)-1]
	p.next()
	return chosen, nil
}

// linesUntilCondition is a branch of a condition over lines: a newline,
// then statements (one at least, if only an empty line) up to the next
// %elif, %else or %endif.
func (p *parser) linesUntilCondition() ([]configCommand, error) {
	if p.tok != tokNewline {
		return nil, p.fail()
	}
	branchEnd := func(k tokenKind) bool { return k == tokElif || k == tokElse || k == tokEndif }
	if p.next(); branchEnd(p.tok) {
		return nil, p.fail()
	}
	return p.lines(branchEnd)
}

// inlineCondition is a condition within a line, its branches commands.
func (p *parser) inlineCondition(taken bool) ([]configCommand, error) {
	return p.condition(taken, func(p *parser) ([]configCommand, error) { return p.commands(nil, false) })
}

// commands are commands and conditions within a line, separated by
// semicolons; with more, list holds what was read already and the next
// comes only after a semicolon. A command that is only an assignment, or
// one out of scope, drops those before it, as tmux's grammar does.
func (p *parser) commands(list []configCommand, more bool) ([]configCommand, error) {
	for ; ; more = true {
		if more {
			if p.tok != tokSemicolon {
				return list, nil
			}
			// Semicolons may follow one another.
			for p.next(); p.tok == tokSemicolon; p.next() {
			}
			if p.tok != tokWord && p.tok != tokAssignment && p.tok != tokIf {
				return list, nil
			}
		}
		switch p.tok {
		case tokIf:
			taken, err := p.ifOpen()
			if err != nil {
				return nil, err
			}
			cmds, err := p.inlineCondition(taken)
			if err != nil {
				return nil, err
			}
			list = append(list, cmds...)
		case tokWord, tokAssignment:
			cmd, err := p.command()
			if err != nil {
				return nil, err
			}
			if len(cmd.words) > 0 && p.active() {
				list = append(list, cmd)
			} else {
				list = nil
			}
		default:
			return nil, p.fail()
		}
	}
}

// command is an assignment, or a command's words (after an assignment);
// its line is where the lexer is when it ends.
func (p *parser) command() (configCommand, error) {
	if p.tok == tokAssignment {
		p.assign(p.word, false)
		if p.next(); p.tok != tokWord {
			return configCommand{line: p.l.line}, nil
		}
	}
	words := []string{p.word}
	p.next()
	for {
		switch p.tok {
		case tokWord, tokAssignment:
			words = append(words, p.word)
			p.next()
		case tokOpen:
			w, err := p.block()
			if err != nil {
				return configCommand{}, err
			}
			words = append(words, w)
		default:
			return configCommand{words, p.l.line}, nil
		}
	}
}

// block reads a { … } argument: statements up to the closing brace. It
// returns the block's word and leaves the parser on the token after it.
func (p *parser) block() (string, error) {
	var all []configCommand
	for p.next(); ; p.next() {
		cmds, err := p.statement()
		if err != nil {
			return "", err
		}
		all = append(all, cmds...)
		if p.tok == tokClose {
			break
		}
		if p.tok != tokNewline {
			return "", p.fail()
		}
	}
	p.next()
	// The block's command lines go as JSON: its words are the lexer's,
	// expanded already, and its line numbers stay the text's.
	b, err := json.Marshal(commandLines(all))
	return Block + string(b), err
}

// DecodeBlock gives a block word's commands (without its Block marker),
// as Parse gives a text's: command lines with their line numbers in the
// text the block was in.
func DecodeBlock(text string) ([]Line, error) {
	var lines []Line
	err := json.Unmarshal([]byte(text), &lines)
	return lines, err
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
