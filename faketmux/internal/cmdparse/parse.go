// Package cmdparse splits tmux's command language into command lines: the
// configuration files and source-file, a control client's input lines, and
// the command strings of if-shell, run-shell -C and the like.
package cmdparse

import (
	"errors"
	"fmt"
	"strconv"
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
// command lines (DecodeBlock), the words of its own blocks among them.
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

// Error is a text that does not parse, at a line: tmux's "syntax error",
// or Msg when its parser stopped for another reason.
type Error struct {
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Msg != "" {
		return e.Msg
	}
	return "syntax error"
}

// StackOverflow is the message of a text that needs more of the parser's
// stack than tmux has (see maxStack).
const StackOverflow = "yacc stack overflow"

// maxStack is how many symbols tmux 3.3a's parser stack holds: its
// cmd-parse.y is built with byacc, whose stack has YYMAXDEPTH (10000)
// entries, the first of them its start state. A symbol more fails the
// parse with StackOverflow, at the line the lexer has reached (measured:
// a command with four words and 9995 arguments parses, with 9996 it
// fails; 1666 lines of "if -F 1 {" parse, 1667 fail at line 1667).
//
// The parser below is recursive descent, but it counts the symbols that
// tmux's LALR parser would have on its stack (depth), pushing one for
// each token shifted and for each empty rule reduced, and setting the
// count back when a rule is reduced, at the same tokens as tmux: what
// nests (blocks, conditions, a chain of %elif, a command's arguments,
// since tmux's grammar takes them right-recursively) costs stack, and
// lines, commands and statements, taken left-recursively, do not.
const maxStack = 10000 - 1

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
// statements. Its cost is linear in the text: a block is parsed once,
// into a tree, and each block word of the result is written once from
// it (encodeBlock).
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
	if err := p.file(); err != nil {
		return nil, err
	}
	nodes := groupLines(p.out)
	lines := make([]Line, len(nodes))
	for i, n := range nodes {
		argv := make([]string, len(n.words))
		for j, w := range n.words {
			argv[j] = w.text
			if w.block != nil {
				argv[j] = encodeBlock(w.block)
			}
		}
		lines[i] = Line{argv, n.number}
	}
	return lines, nil
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
	// depth is the number of symbols on tmux's parser stack (maxStack).
	depth int
	// out are the commands kept so far, of the text or of the block
	// being read: each construct appends its own, and drops them by
	// cutting out back to where they started, so that no command is
	// copied once per level it is nested in.
	out []command
}

func (p *parser) next() { p.tok, p.word = p.l.lex() }

func (p *parser) fail() error { return &Error{Line: p.l.line} }

// push puts a symbol on the parser's stack: a token shifted, or an empty
// rule reduced.
func (p *parser) push() error {
	if p.depth == maxStack {
		return &Error{Line: p.l.line, Msg: StackOverflow}
	}
	p.depth++
	return nil
}

// shift pushes the current token and reads the next.
func (p *parser) shift() error {
	if err := p.push(); err != nil {
		return err
	}
	p.next()
	return nil
}

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
func (p *parser) file() error {
	p.next()
	return p.lines(func(k tokenKind) bool { return k == tokEnd })
}

// lines are statements, each ended by a newline, up to a token stop
// takes; the end of the text before it fails. On the stack, the first
// statement comes alone and those after it after their statements.
func (p *parser) lines(stop func(tokenKind) bool) error {
	base := p.depth
	for !stop(p.tok) {
		if p.tok == tokEnd {
			return p.fail()
		}
		if err := p.statement(); err != nil {
			return err
		}
		if p.tok != tokNewline {
			return p.fail()
		}
		if err := p.shift(); err != nil {
			return err
		}
		p.depth = base + 1
	}
	return nil
}

// statement is an empty one, a %hidden assignment, a condition over
// lines, or commands; it ends before its newline, as one symbol on the
// stack, and keeps its commands only in a branch taken.
func (p *parser) statement() error {
	base, mark := p.depth, len(p.out)
	var err error
	switch p.tok {
	case tokNewline, tokClose:
		return p.push()
	case tokHidden:
		if err := p.shift(); err != nil {
			return err
		}
		if p.tok != tokAssignment {
			return p.fail()
		}
		if err := p.push(); err != nil {
			return err
		}
		p.assign(p.word, true)
		p.next()
		p.depth = base + 1
		return nil
	case tokIf:
		var taken bool
		if taken, err = p.ifOpen(); err != nil {
			return err
		}
		if p.tok == tokNewline {
			err = p.condition(taken, (*parser).linesUntilCondition)
		} else if err = p.condition(taken, (*parser).inlineBranch); err == nil {
			err = p.commands(base, mark, true)
		}
	default:
		err = p.commands(base, mark, false)
	}
	if err != nil {
		return err
	}
	if !p.active() {
		p.out = p.out[:mark]
	}
	p.depth = base + 1
	return nil
}

// ifOpen reads %if and its format, and enters its scope.
func (p *parser) ifOpen() (bool, error) {
	taken, err := p.decide()
	p.scopes = append(p.scopes, taken)
	return taken, err
}

// decide reads %if or %elif and the format after it, as tmux's
// format_true takes its expansion: anything but empty and "0" is true.
// The two reduce to one symbol on the stack.
func (p *parser) decide() (bool, error) {
	if err := p.shift(); err != nil {
		return false, err
	}
	if p.tok != tokFormat && p.tok != tokWord {
		return false, p.fail()
	}
	if p.expand == nil {
		return false, ErrNeedsExpand
	}
	if err := p.push(); err != nil {
		return false, err
	}
	v := p.expand(p.word)
	p.next()
	p.depth--
	return v != "" && v != "0", nil
}

// condition is the rest of a condition after its %if: the branches, each
// read by body, up to %endif; the first branch taken gives the commands.
// On the stack a condition over lines is %if, newline, statements, then
// each %elif's three (tmux chains them right-recursively), then %else's
// three, then %endif; a condition within a line is the same without the
// newlines.
func (p *parser) condition(taken bool, body func(*parser) error) error {
	base, mark := p.depth-1, len(p.out)
	done := false
	branch := func(take bool) error {
		before := len(p.out)
		if err := body(p); err != nil {
			return err
		}
		if take && !done {
			done = true
		} else {
			p.out = p.out[:before]
		}
		return nil
	}
	if err := branch(taken); err != nil {
		return err
	}
	// What the first branch left on the stack: if_open, then a newline
	// and statements, or commands.
	first := p.depth - base
	elifs := false
	for p.tok == tokElif {
		taken, err := p.decide()
		if err != nil {
			return err
		}
		p.scopes[len(p.scopes)-1] = taken
		if err := branch(taken); err != nil {
			return err
		}
		elifs = true
	}
	if elifs {
		// The chain of %elif reduces to one symbol.
		p.depth = base + first + 1
	}
	if p.tok == tokElse {
		// tmux's %else flips the flag of the branch before it.
		top := &p.scopes[len(p.scopes)-1]
		*top = !*top
		if err := p.shift(); err != nil {
			return err
		}
		if err := branch(true); err != nil {
			return err
		}
	}
	if p.tok != tokEndif {
		return p.fail()
	}
	if err := p.push(); err != nil {
		return err
	}
	p.scopes = p.scopes[:len(p.scopes)-1]
	p.next()
	p.depth = base + 1
	if !done {
		p.out = p.out[:mark]
	}
	return nil
}

// linesUntilCondition is a branch of a condition over lines: a newline,
// then statements (one at least, if only an empty line) up to the next
// %elif, %else or %endif.
func (p *parser) linesUntilCondition() error {
	if p.tok != tokNewline {
		return p.fail()
	}
	if err := p.shift(); err != nil {
		return err
	}
	branchEnd := func(k tokenKind) bool { return k == tokElif || k == tokElse || k == tokEndif }
	if branchEnd(p.tok) {
		return p.fail()
	}
	return p.lines(branchEnd)
}

// inlineBranch is a branch of a condition within a line: commands.
func (p *parser) inlineBranch() error { return p.commands(p.depth, len(p.out), false) }

// commands are commands and conditions within a line, separated by
// semicolons, starting at base on the stack and at mark in out; with
// more, those from mark were read already (one symbol on the stack) and
// the next comes only after a semicolon. A command that is only an
// assignment, or one out of scope, drops those before it, as tmux's
// grammar does.
func (p *parser) commands(base, mark int, more bool) error {
	for ; ; more = true {
		if more {
			p.depth = base + 1
			if p.tok != tokSemicolon {
				return nil
			}
			if err := p.shift(); err != nil {
				return err
			}
			// Semicolons may follow one another.
			for p.tok == tokSemicolon {
				p.depth = base + 1
				if err := p.shift(); err != nil {
					return err
				}
			}
			if p.tok != tokWord && p.tok != tokAssignment && p.tok != tokIf {
				p.depth = base + 1
				return nil
			}
		}
		switch p.tok {
		case tokIf:
			taken, err := p.ifOpen()
			if err != nil {
				return err
			}
			if err := p.condition(taken, (*parser).inlineBranch); err != nil {
				return err
			}
		case tokWord, tokAssignment:
			cmd, err := p.command()
			if err != nil {
				return err
			}
			if len(cmd.words) > 0 && p.active() {
				p.out = append(p.out, cmd)
			} else {
				p.out = p.out[:mark]
			}
		default:
			return p.fail()
		}
	}
}

// command is an assignment, or a command's words (after an assignment);
// its line is where the lexer is when it ends. On the stack: the
// assignment, or an empty one, the command's name, then each argument.
func (p *parser) command() (command, error) {
	base := p.depth
	if err := p.push(); err != nil {
		return command{}, err
	}
	if p.tok == tokAssignment {
		p.assign(p.word, false)
		if p.next(); p.tok != tokWord {
			return command{line: p.l.line}, nil
		}
	}
	words := []wordNode{{text: p.word}}
	if err := p.shift(); err != nil {
		return command{}, err
	}
	for {
		switch p.tok {
		case tokWord, tokAssignment:
			w := p.word
			if err := p.shift(); err != nil {
				return command{}, err
			}
			words = append(words, wordNode{text: w})
		case tokOpen:
			b, err := p.block()
			if err != nil {
				return command{}, err
			}
			words = append(words, wordNode{block: b})
		default:
			p.depth = base + 1
			return command{words, p.l.line}, nil
		}
	}
}

// block reads a { … } argument: statements up to the closing brace, which
// it keeps as a tree, its commands in lines (groupLines). It leaves the
// parser on the token after it, and the block as one symbol on the stack.
func (p *parser) block() (*blockNode, error) {
	if err := p.shift(); err != nil {
		return nil, err
	}
	open, mark := p.depth, len(p.out)
	for {
		if err := p.statement(); err != nil {
			return nil, err
		}
		if p.tok == tokClose {
			if err := p.shift(); err != nil {
				return nil, err
			}
			break
		}
		if p.tok != tokNewline {
			return nil, p.fail()
		}
		if err := p.shift(); err != nil {
			return nil, err
		}
		p.depth = open + 1
	}
	p.depth = open
	b := &blockNode{lines: groupLines(p.out[mark:])}
	clear(p.out[mark:])
	p.out = p.out[:mark]
	return b, nil
}

// command is one command of a text and the line number tmux gives it.
type command struct {
	words []wordNode
	line  int
}

// wordNode is a word of a command: text, or a block.
type wordNode struct {
	text  string
	block *blockNode
}

// blockNode is a parsed block: its command lines, and the size of its
// word once encodeBlock has measured it.
type blockNode struct {
	lines []lineNode
	size  int
}

// lineNode is a command line of a block, as Line is one of a text.
type lineNode struct {
	words  []wordNode
	number int
}

// groupLines joins consecutive commands of one line number into one
// command line, in tmux's command-line form: ';' words between commands,
// and a word's own final ';' escaped as "\;".
func groupLines(cmds []command) []lineNode {
	var lines []lineNode
	for i, c := range cmds {
		var words []wordNode
		if i > 0 && cmds[i-1].line == c.line {
			words = append(lines[len(lines)-1].words, wordNode{text: ";"})
			lines = lines[:len(lines)-1]
		}
		for _, w := range c.words {
			if w.block == nil && strings.HasSuffix(w.text, ";") {
				w.text = w.text[:len(w.text)-1] + `\;`
			}
			words = append(words, w)
		}
		lines = append(lines, lineNode{words, c.line})
	}
	return lines
}

// A block word is Block, then each of its lines, then blockEnd (so that
// it never ends in ';', which would split its command line):
//
//	line: NUMBER ' ' COUNT ':' and COUNT words
//	word: LENGTH ':' and LENGTH bytes
//
// the numbers in decimal. A block within it is a word like any other, so
// that each level is written once and read without reading what it
// holds: DecodeBlock gives the words of the blocks within as parts of
// the word it was given, for their commands to decode in turn.
const blockEnd = "\x00"

// encodeBlock writes b's word.
func encodeBlock(b *blockNode) string {
	buf := make([]byte, 0, measureBlock(b))
	return string(appendBlock(buf, b))
}

// measureBlock sets the sizes of b's word and of those of its blocks.
func measureBlock(b *blockNode) int {
	n := len(Block) + len(blockEnd)
	for _, l := range b.lines {
		n += decimalLen(l.number) + 1 + decimalLen(len(l.words)) + 1
		for _, w := range l.words {
			size := len(w.text)
			if w.block != nil {
				size = measureBlock(w.block)
			}
			n += decimalLen(size) + 1 + size
		}
	}
	b.size = n
	return n
}

func appendBlock(buf []byte, b *blockNode) []byte {
	buf = append(buf, Block...)
	for _, l := range b.lines {
		buf = strconv.AppendInt(buf, int64(l.number), 10)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(len(l.words)), 10)
		buf = append(buf, ':')
		for _, w := range l.words {
			if w.block != nil {
				buf = strconv.AppendInt(buf, int64(w.block.size), 10)
				buf = append(buf, ':')
				buf = appendBlock(buf, w.block)
				continue
			}
			buf = strconv.AppendInt(buf, int64(len(w.text)), 10)
			buf = append(buf, ':')
			buf = append(buf, w.text...)
		}
	}
	return append(buf, blockEnd...)
}

func decimalLen(n int) int {
	d := 1
	for ; n >= 10; n /= 10 {
		d++
	}
	return d
}

// EncodeBlock gives the word of a block of lines, as Parse gives one;
// words of the lines that are blocks are kept as they are.
func EncodeBlock(lines []Line) string {
	b := &blockNode{lines: make([]lineNode, len(lines))}
	for i, l := range lines {
		words := make([]wordNode, len(l.Argv))
		for j, w := range l.Argv {
			words[j] = wordNode{text: w}
		}
		b.lines[i] = lineNode{words, l.Number}
	}
	return encodeBlock(b)
}

var errBadBlock = errors.New("not a block word")

// DecodeBlock gives a block word's commands (without its Block marker),
// as Parse gives a text's: command lines with their line numbers in the
// text the block was in. The words of the blocks within are parts of
// text, not copies.
func DecodeBlock(text string) ([]Line, error) {
	body, ok := strings.CutSuffix(text, blockEnd)
	if !ok {
		return nil, errBadBlock
	}
	var lines []Line
	for body != "" {
		number, rest, ok := cutDecimal(body, ' ')
		if !ok {
			return nil, errBadBlock
		}
		count, rest, ok := cutDecimal(rest, ':')
		if !ok || count > len(rest) {
			return nil, errBadBlock
		}
		argv := make([]string, count)
		for i := range argv {
			var size int
			if size, rest, ok = cutDecimal(rest, ':'); !ok || size > len(rest) {
				return nil, errBadBlock
			}
			argv[i], rest = rest[:size], rest[size:]
		}
		lines = append(lines, Line{argv, number})
		body = rest
	}
	return lines, nil
}

// cutDecimal reads a decimal number up to sep.
func cutDecimal(s string, sep byte) (int, string, bool) {
	i := strings.IndexByte(s, sep)
	if i < 1 || i > 9 {
		return 0, "", false
	}
	n, err := strconv.Atoi(s[:i])
	if err != nil || n < 0 {
		return 0, "", false
	}
	return n, s[i+1:], true
}
