package lift

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Reader reads JSON-RPC messages and lifts the large string members of
// params.arguments out of them into its Table as it goes, so that a
// message is never held whole: only its small rest, and each lifted string
// decoded, once. It checks a lifted string as a JSON string (a bad escape
// or a control character makes the message no JSON at all, as it is
// unlifted) and decodes it
// as encoding/json does; the rest of the message is left for the caller
// to check, as it checks any message. A lifted string is decoded piece by
// piece, each piece cut where nothing spans the cut: not inside an escape,
// not before a backslash (a surrogate pair's second half), not inside a
// UTF-8 sequence.
type Reader struct {
	In    *bufio.Reader
	Table *Table
	Min   int  // lift strings of at least this many bytes
	Max   int  // the longest message accepted, in bytes
	Lines bool // a message ends at a line feed (stdio), else at the end of input
}

// Message is one message read.
type Message struct {
	Data    []byte   // the message, each lifted string replaced by its token
	Tokens  []string // the lifted strings' tokens, to release (Table.Release)
	TooLong bool     // longer than Max: Data is empty
	NotJSON bool     // a lifted string was no JSON string: Data is empty
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

// Next reads the next message. It returns io.EOF, or the reader's error,
// with what it read before.
func (l *Reader) Next() (Message, error) {
	var (
		res       Message
		n         int     // bytes of the message read
		stack     []frame // the containers on the way to a lifted string
		objects   []bool  // of every container the scan is in, whether it is an object
		expectKey bool
		key       string // the name of the member whose value comes next
		inString  bool
		escape    int  // 0; 1 after a backslash; 2 to 5 in \u's digits
		str       int  // in res.Data, where the current string's quote is
		isKey     bool // the current string is a member's name
		lifting   *liftedString
	)
	defer func() {
		if lifting != nil {
			lifting.redaction.End() // the message ended inside the string
		}
	}()
	for {
		chunk, err := l.In.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			err = nil
		}
		n += len(chunk)
		if n > l.Max && !res.TooLong {
			res.TooLong = true
		}
		lineEnd := l.Lines && len(chunk) > 0 && chunk[len(chunk)-1] == '\n'
		end := len(chunk) // where the message's bytes in chunk end
		if lineEnd {
			end--
		}
		for i := 0; i < len(chunk) && !res.TooLong && !res.NotJSON; i++ {
			c := chunk[i]
			if l.Lines && c == '\n' {
				// The end of the line ends the message, even inside a
				// string, which it leaves unterminated: no JSON.
				res.NotJSON = lifting != nil
				break
			}
			if !inString {
				switch c {
				case '"':
					inString, escape, str = true, 0, len(res.Data)
					isKey = len(objects) > 0 && objects[len(objects)-1] && expectKey
					if !isKey && len(objects) == len(liftPath) && onLiftPath(stack) {
						lifting = &liftedString{payloads: l.Table}
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
				res.Data = append(res.Data, c)
				continue
			}
			if escape == 0 && lifting != nil && lifting.long {
				// Past its first min bytes, a lifted string is decoded
				// straight from the input, in one pass.
				if n := lifting.take(chunk[i:end]); n > 0 {
					i += n - 1
					continue
				}
			}
			j := i
			if escape == 0 {
				j = stringRun(chunk[:end], i)
			}
			if j > i {
				// The bulk of any long string, at once.
				if lifting != nil {
					lifting.addRun(chunk[i:j], l.Min)
				} else {
					res.Data = append(res.Data, chunk[i:j]...)
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
				res.Data = append(res.Data, c)
			case lifting != nil:
				// The end of a lifted string: short ones go back as they
				// came, and the message's check covers them.
				if !lifting.long {
					res.Data = append(append(res.Data, lifting.raw...), '"')
				} else if s, ok := lifting.finish(); ok {
					t := l.Table.Lift(s, lifting.redaction)
					res.Tokens = append(res.Tokens, t)
					res.Data = append(append(res.Data, t...), '"')
				} else {
					res.NotJSON = true
				}
				lifting.redaction.End()
				lifting = nil
			default:
				res.Data = append(res.Data, c)
				if isKey {
					key = keyName(res.Data[str:])
				}
			}
		}
		if lineEnd || err != nil {
			if !l.Lines && inString && lifting != nil {
				res.NotJSON = true // the input ends inside the string
			}
			if res.TooLong || res.NotJSON {
				l.Table.Release(res.Tokens)
				res.Data, res.Tokens = nil, nil
			}
			if !l.Lines && err == io.EOF {
				err = nil
			}
			return res, err
		}
	}
}

// stringRun returns where the run of a string's bytes that starts at
// chunk[i] ends: at a quote, a line feed, or a backslash that does not
// start a whole escape (one the chunk's end cuts, or a bad one), which are
// left to the byte-by-byte scan. A run never ends inside an escape.
func stringRun(chunk []byte, i int) int {
	for i < len(chunk) {
		switch c := chunk[i]; {
		case !stringStop[c]:
			i++
		case c == '\\' && i+1 < len(chunk) && escapes[chunk[i+1]] != 0:
			i += 2
		case c == '\\' && i+6 <= len(chunk) && chunk[i+1] == 'u' && isHex4(chunk[i+2:i+6]):
			i += 6
		default:
			return i
		}
	}
	return i
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
// and the raw bytes not yet decoded: all of them while the string is
// short, then at most a unit (an escape, a UTF-8 sequence) that the
// input's pieces cut.
type liftedString struct {
	raw    []byte
	blocks [][]byte
	size   int
	long   bool // some of it is decoded: it is lifted whatever its length
	bad    bool

	payloads  *Table
	redaction *Redaction // made from the decoded pieces, once long
}

// liftBlock is the size of a lifted string's blocks.
const liftBlock = 1 << 20

// addRun adds a run of a string's bytes that ends at no escape's middle
// (see stringRun), and decodes what has come once enough has.
func (ls *liftedString) addRun(run []byte, min int) {
	ls.raw = append(ls.raw, run...)
	if ls.long || len(ls.raw) >= min {
		n := ls.decode(ls.raw, true)
		ls.raw = append(ls.raw[:0], ls.raw[n:]...)
	}
}

// take decodes src, which goes on from the raw bytes of a long string, up
// to a quote or a unit that src's end cuts, and returns how many bytes of
// src it took. A unit that the last piece cut is completed first, from
// src's first bytes.
func (ls *liftedString) take(src []byte) int {
	if len(ls.raw) == 0 {
		return ls.decode(src, true)
	}
	had := len(ls.raw)
	ls.raw = append(ls.raw, src[:min(len(src), maxUnit)]...)
	n := ls.decode(ls.raw, true)
	if n <= had {
		ls.raw = append(ls.raw[:0], ls.raw[n:had]...)
		return 0
	}
	ls.raw = ls.raw[:0]
	return n - had + ls.decode(src[n-had:], true)
}

// maxUnit is the longest unit of a JSON string: a surrogate pair's two
// escapes.
const maxUnit = 12

// decode decodes raw onto the blocks, up to a quote or the end of raw, and
// returns how many bytes it took; with more, raw may go on, and a unit
// that its end cuts is left (see unquote).
func (ls *liftedString) decode(raw []byte, more bool) int {
	if !ls.long {
		ls.long, ls.redaction = true, ls.payloads.StartRedaction()
	}
	n := 0
	for n < len(raw) && !ls.bad {
		if len(ls.blocks) == 0 || cap(ls.blocks[len(ls.blocks)-1])-len(ls.blocks[len(ls.blocks)-1]) < utf8.UTFMax {
			ls.blocks = append(ls.blocks, make([]byte, 0, liftBlock))
		}
		last := &ls.blocks[len(ls.blocks)-1]
		before := len(*last)
		out, rest, ok := unquote(*last, raw[n:], more)
		took := len(raw) - n - len(rest)
		*last, ls.bad = out, !ok
		ls.size += len(out) - before
		ls.redaction.Add(out[before:])
		n += took
		if took == 0 && len(out) == before {
			break // a quote, or a cut unit
		}
	}
	return n
}

// finish decodes the rest of a long string and returns it whole, or false
// if it is no JSON string.
func (ls *liftedString) finish() (string, bool) {
	if n := ls.decode(ls.raw, false); n < len(ls.raw) {
		ls.bad = true
	}
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
// encoding/json decodes it, until dst is full or a quote comes, and returns
// the rest of raw; ok is false for what is no JSON string. With more, raw
// may go on: an escape, a surrogate pair or a UTF-8 sequence that its end
// cuts is left in rest, whole. Without, it is decoded as it is. A lone
// surrogate and a byte that is not UTF-8 each become U+FFFD.
func unquote(dst, raw []byte, more bool) (out, rest []byte, ok bool) {
	for len(raw) > 0 && cap(dst)-len(dst) >= utf8.UTFMax {
		c := raw[0]
		switch {
		case plainASCII[c]:
			// A run of plain ASCII, at once.
			n, room := 1, min(len(raw), cap(dst)-len(dst))
			for n < room && plainASCII[raw[n]] {
				n++
			}
			dst, raw = append(dst, raw[:n]...), raw[n:]
		case c == '"':
			return dst, raw, true
		case c < 0x20:
			return dst, raw, false
		case c == '\\':
			if more && len(raw) < 6 && (len(raw) < 2 || raw[1] == 'u') {
				return dst, raw, true
			}
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
			if utf16.IsSurrogate(r) && more && len(raw) < maxUnit {
				return dst, raw, true // a pair's second half may follow
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
		case more && !utf8.FullRune(raw):
			return dst, raw, true
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
	if len(b) < 5 || b[0] != 'u' || !isHex4(b[1:5]) {
		return 0, false
	}
	var r rune
	for _, c := range b[1:5] {
		r = r<<4 | rune(hexValue[c])
	}
	return r, true
}

// isHex4 reports whether the four bytes of b are hexadecimal digits.
func isHex4(b []byte) bool {
	return hexValue[b[0]]|hexValue[b[1]]|hexValue[b[2]]|hexValue[b[3]] < 16
}

// hexValue is each hexadecimal digit's value, and 0xff for other bytes.
var hexValue = func() (t [256]byte) {
	for c := range t {
		switch {
		case c >= '0' && c <= '9':
			t[c] = byte(c - '0')
		case c >= 'a' && c <= 'f':
			t[c] = byte(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			t[c] = byte(c - 'A' + 10)
		default:
			t[c] = 0xff
		}
	}
	return t
}()
