package main

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/tmuxbuf/tmuxbuf/server"
)

// spliceMin is the size from which a string argument of a call is lifted
// out of its message, and a show_buffer reply's content spliced into its
// own, so that the go-sdk never holds them (see server.Payloads). Tests
// lower it to send every payload the long way.
var spliceMin = 64 << 10

// lifter reads JSON-RPC messages and lifts the large string members of
// params.arguments out of them as it goes, so that a message is never
// held whole: only its small rest, and each lifted string decoded, once.
// It checks a lifted string as a JSON string (a bad escape or a control
// character makes the message no JSON at all, as before) and decodes it
// as encoding/json does; the rest of the message is left for the caller
// to check, as it checks any message. A lifted string is decoded piece by
// piece, each piece cut where nothing spans the cut: not inside an escape,
// not before a backslash (a surrogate pair's second half), not inside a
// UTF-8 sequence.
type lifter struct {
	r        *bufio.Reader
	payloads *server.Payloads
	min      int  // lift strings of at least this many bytes
	max      int  // the longest message accepted, in bytes
	lines    bool // a message ends at a line feed (stdio), else at the end of input
}

// lifted is one message read.
type lifted struct {
	msg     []byte   // the message, each lifted string replaced by its token
	tokens  []string // the lifted strings' tokens, to release
	tooLong bool     // longer than max: msg is empty
	notJSON bool     // a lifted string was no JSON string: msg is empty
}

// frame is a container the scan is in: an object or an array, and the
// member name it is the value of.
type frame struct {
	object bool
	key    string
}

// liftPath is where a lifted string sits: in a top-level object's
// "params", in its "arguments", as a member's value.
var liftPath = []frame{{object: true}, {object: true, key: "params"}, {object: true, key: "arguments"}}

// stringStop marks the bytes that end a run of a string's plain bytes.
var stringStop = [256]bool{'"': true, '\\': true, '\n': true}

// next reads the next message. It returns io.EOF, or the reader's error,
// with what it read before.
func (l *lifter) next() (lifted, error) {
	var (
		res       lifted
		n         int     // bytes of the message read
		stack     []frame // the containers on the way to a lifted string
		objects   []bool  // of every container the scan is in, whether it is an object
		expectKey bool
		key       string // the name of the member whose value comes next
		inString  bool
		escape    int  // 0; 1 after a backslash; 2 to 5 in \u's digits
		str       int  // in res.msg, where the current string's quote is
		isKey     bool // the current string is a member's name
		lifting   *liftedString
	)
	for {
		chunk, err := l.r.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			err = nil
		}
		n += len(chunk)
		if n > l.max && !res.tooLong {
			res.tooLong = true
		}
		lineEnd := l.lines && len(chunk) > 0 && chunk[len(chunk)-1] == '\n'
		for i := 0; i < len(chunk) && !res.tooLong && !res.notJSON; i++ {
			c := chunk[i]
			if l.lines && c == '\n' {
				// The end of the line ends the message, even inside a
				// string, which it leaves unterminated: no JSON.
				res.notJSON = lifting != nil
				break
			}
			if !inString {
				switch c {
				case '"':
					inString, escape, str = true, 0, len(res.msg)
					isKey = len(objects) > 0 && objects[len(objects)-1] && expectKey
					if !isKey && len(objects) == len(liftPath) && onLiftPath(stack) {
						lifting = &liftedString{}
					}
				case '{', '[':
					if len(objects) < len(liftPath) {
						stack = append(stack, frame{object: c == '{', key: key})
					}
					objects = append(objects, c == '{')
					expectKey, key = c == '{', ""
				case '}', ']':
					if len(objects) > 0 {
						objects = objects[:len(objects)-1]
						stack = stack[:min(len(stack), len(objects))]
					}
					expectKey = false
				case ',':
					expectKey, key = len(objects) > 0 && objects[len(objects)-1], ""
				case ':':
					expectKey = false
				}
				res.msg = append(res.msg, c)
				continue
			}
			if escape == 0 && !stringStop[c] {
				// A run of plain bytes, the bulk of any long string.
				j := i + 1
				for j < len(chunk) && !stringStop[chunk[j]] {
					j++
				}
				if lifting != nil {
					lifting.plain(chunk[i:j], l.min)
				} else {
					res.msg = append(res.msg, chunk[i:j]...)
				}
				i = j - 1
				continue
			}
			switch {
			case escape == 1 && c == 'u':
				escape = 2
			case escape == 1:
				escape = 0
			case escape > 1:
				escape = (escape + 1) % 6
			case c == '\\':
				escape = 1
			case c == '"':
				inString = false
			}
			switch {
			case inString && lifting != nil:
				lifting.raw = append(lifting.raw, c)
			case inString:
				res.msg = append(res.msg, c)
			case lifting != nil:
				// The end of a lifted string: short ones go back as they
				// came, and the message's check covers them.
				if !lifting.long {
					res.msg = append(append(res.msg, lifting.raw...), '"')
				} else if s, ok := lifting.finish(); ok {
					t := l.payloads.Lift(s)
					res.tokens = append(res.tokens, t)
					res.msg = append(append(res.msg, t...), '"')
				} else {
					res.notJSON = true
				}
				lifting = nil
			default:
				res.msg = append(res.msg, c)
				if isKey {
					key = keyName(res.msg[str:])
				}
			}
		}
		if lineEnd || err != nil {
			if !l.lines && inString && lifting != nil {
				res.notJSON = true // the input ends inside the string
			}
			if res.tooLong || res.notJSON {
				l.payloads.Release(res.tokens)
				res.msg, res.tokens = nil, nil
			}
			if !l.lines && err == io.EOF {
				err = nil
			}
			return res, err
		}
	}
}

// onLiftPath reports whether stack is liftPath.
func onLiftPath(stack []frame) bool {
	for i, f := range stack {
		if f != liftPath[i] {
			return false
		}
	}
	return true
}

// keyName is the name of the member whose quoted name ends raw, if it is a
// short one without escapes; else "", which is on no path.
func keyName(raw []byte) string {
	if len(raw) < 2 || len(raw) > 64 || strings.ContainsRune(string(raw), '\\') {
		return ""
	}
	return string(raw[1 : len(raw)-1])
}

// liftedString is a string being lifted: its decoded bytes, in blocks,
// and the raw bytes since the last cut.
type liftedString struct {
	raw    []byte
	blocks [][]byte
	size   int
	long   bool // some of it is decoded: it is lifted whatever its length
	bad    bool
}

// liftBlock is the size of a lifted string's blocks.
const liftBlock = 1 << 20

// plain adds a run of bytes that holds no quote, backslash or line feed,
// and decodes what came before when enough has come.
func (ls *liftedString) plain(run []byte, min int) {
	start := len(ls.raw)
	ls.raw = append(ls.raw, run...)
	if len(ls.raw) < min || ls.bad {
		return
	}
	// A cut before a byte of run that starts a rune: what is before it is
	// not inside an escape, and what is after it is no backslash.
	for k := len(ls.raw) - 1; k > start && k >= len(ls.raw)-utf8.UTFMax; k-- {
		if utf8.RuneStart(ls.raw[k]) {
			ls.decode(ls.raw[:k])
			ls.raw = append(ls.raw[:0], ls.raw[k:]...)
			return
		}
	}
}

func (ls *liftedString) decode(raw []byte) {
	ls.long = true
	for len(raw) > 0 && !ls.bad {
		if len(ls.blocks) == 0 || len(ls.blocks[len(ls.blocks)-1]) > liftBlock-utf8.UTFMax {
			ls.blocks = append(ls.blocks, make([]byte, 0, liftBlock))
		}
		last := &ls.blocks[len(ls.blocks)-1]
		before := len(*last)
		var ok bool
		*last, raw, ok = unquote(*last, raw)
		ls.bad = !ok
		ls.size += len(*last) - before
	}
}

// finish decodes the rest of a long string and returns it whole, or false
// if it is no JSON string.
func (ls *liftedString) finish() (string, bool) {
	ls.decode(ls.raw)
	if ls.bad {
		return "", false
	}
	var b strings.Builder
	b.Grow(ls.size)
	for _, block := range ls.blocks {
		b.Write(block)
	}
	return b.String(), true
}

// unquote decodes the inside of a JSON string, raw, onto dst as
// encoding/json decodes it, until dst is full, and returns the rest of
// raw; ok is false for what is no JSON string. raw must not end inside an
// escape or a UTF-8 sequence, nor between the two escapes of a surrogate
// pair. A lone surrogate and a byte that is not UTF-8 each become U+FFFD.
func unquote(dst, raw []byte) (out, rest []byte, ok bool) {
	for len(raw) > 0 && cap(dst)-len(dst) >= utf8.UTFMax {
		c := raw[0]
		switch {
		case c < 0x20 || c == '"':
			return dst, raw, false
		case c == '\\':
			if len(raw) < 2 {
				return dst, raw, false
			}
			if r := escapes[raw[1]]; r != 0 {
				dst, raw = append(dst, r), raw[2:]
				continue
			}
			r, ok := hex4(raw[1:])
			if !ok {
				return dst, raw, false
			}
			raw = raw[6:]
			if utf16.IsSurrogate(r) {
				if low, ok := hex4(raw[min(1, len(raw)):]); ok && len(raw) > 0 && raw[0] == '\\' {
					if pair := utf16.DecodeRune(r, low); pair != utf8.RuneError {
						r, raw = pair, raw[6:]
					} else {
						r = utf8.RuneError
					}
				} else {
					r = utf8.RuneError
				}
			}
			dst = utf8.AppendRune(dst, r)
		case c < utf8.RuneSelf:
			// A run of plain ASCII, at once.
			n, room := 1, cap(dst)-len(dst)
			for n < len(raw) && n < room && plainASCII[raw[n]] {
				n++
			}
			dst, raw = append(dst, raw[:n]...), raw[n:]
		default:
			r, size := utf8.DecodeRune(raw)
			if r == utf8.RuneError && size == 1 {
				dst = utf8.AppendRune(dst, utf8.RuneError)
			} else {
				dst = append(dst, raw[:size]...)
			}
			raw = raw[size:]
		}
	}
	return dst, raw, true
}

// plainASCII marks the ASCII bytes a JSON string holds as they are.
var plainASCII = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// escapes are JSON's one-letter escapes, by their letter.
var escapes = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// hex4 reads the escape \uXXXX that b starts after its backslash.
func hex4(b []byte) (rune, bool) {
	if len(b) < 5 || b[0] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range b[1:5] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
