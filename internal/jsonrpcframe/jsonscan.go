package jsonrpcframe

import (
	"bytes"
	"encoding/json"
)

// The stdio framing looks at JSON-RPC messages without decoding them: a
// load_buffer call carries up to 8 MiB of content, and decoding it only to
// find its id would cost a copy or two of it. These functions find the
// byte spans of an object's top-level members in valid JSON, in one pass
// that skips strings with bytes.IndexByte.

// span is a value's bytes within its message: msg[start:end].
type span struct{ start, end int }

func (s span) present() bool { return s.end > 0 }

// maxNesting is the go-sdk's limit (internal/json's defaultMaxDepth): a
// message nested deeper makes its reader fail, and with it the session.
const maxNesting = 1000

// members calls visit with the raw key (quotes included) and the value's
// span of each member of the object that starts at obj[0], in order. obj
// must be valid JSON. It returns the deepest nesting it saw, the object
// itself counting as one.
func members(obj []byte, visit func(key []byte, value span)) (depth int) {
	depth = 1
	i := 1
	for {
		i = skipSpace(obj, i)
		if obj[i] == '}' {
			return depth
		}
		keyEnd := skipString(obj, i)
		key := obj[i:keyEnd]
		i = skipSpace(obj, keyEnd) + 1 // the colon
		i = skipSpace(obj, i)
		end, d := skipValue(obj, i)
		depth = max(depth, d+1)
		visit(key, span{i, end})
		i = skipSpace(obj, end)
		if obj[i] == ',' {
			i++
		}
	}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	return i
}

// skipString returns the index just past the string that starts at b[i].
func skipString(b []byte, i int) int {
	i++
	for {
		q := i + bytes.IndexByte(b[i:], '"')
		backslashes := 0
		for k := q - 1; k >= i && b[k] == '\\'; k-- {
			backslashes++
		}
		if backslashes%2 == 0 {
			return q + 1
		}
		i = q + 1
	}
}

// skipValue returns the index just past the value that starts at b[i], and
// how deeply it nests (0 for a scalar).
func skipValue(b []byte, i int) (end, depth int) {
	switch b[i] {
	case '"':
		return skipString(b, i), 0
	case '{', '[':
	default:
		for i < len(b) && !endsScalar(b[i]) {
			i++
		}
		return i, 0
	}
	level := 0
	for {
		switch b[i] {
		case '"':
			i = skipString(b, i)
			continue
		case '{', '[':
			level++
			depth = max(depth, level)
		case '}', ']':
			level--
			if level == 0 {
				return i + 1, depth
			}
		}
		i++
	}
}

func endsScalar(c byte) bool {
	return c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\r' || c == '\n'
}

// stringValue is the text of the JSON string raw (quotes included), and
// whether raw is a string at all. Only short strings are decoded: those
// this package compares are a few bytes long.
func stringValue(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' {
		return "", false
	}
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw[1 : len(raw)-1]), true
	}
	if len(raw) > 256 {
		return "", true
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}
