package lift

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"hash"
	"io"
	"runtime/debug"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// A token is "tmuxbuf-payload-" and 32 random hex digits: nothing a JSON
// string escapes, so that it survives any number of encodings as it is,
// and nothing a client can guess, so that no request can name another's
// content. A string of that shape that stands for nothing is left as it
// is: a client may load that text like any other.

// Table is the table of strings kept out of the SDK's way: one per MCP
// server, shared by the server and its transports.
type Table struct {
	splice int              // the smallest reply content that is spliced; 0: none
	digest func() hash.Hash // a Redaction's hash

	mu  sync.Mutex
	in  map[string]inPayload  // lifted request strings
	out map[string]outPayload // reply contents waiting for their message
}

type inPayload struct {
	s         string
	redaction <-chan Digest // nil when none was made
}

type outPayload struct {
	data []byte
	made time.Time
}

// staleReply is how long a reply's content waits for its message before it
// is dropped: a reply that is never sent (its client went away) must not
// keep its content for ever.
const staleReply = 10 * time.Minute

// freeAfter is the size of a payload whose release returns the memory it
// took to the operating system at once: after a large call an idle server
// should not keep the high-water mark of its largest message.
const freeAfter = 4 << 20

// tokenPrefix starts every token; tokenDigits follow it.
const (
	tokenPrefix = "tmuxbuf-payload-"
	tokenDigits = 32
)

// NewTable returns an empty table whose Redactions hash with digest (the
// audit log's keyed hash).
func NewTable(digest func() hash.Hash) *Table {
	return &Table{digest: digest, in: map[string]inPayload{}, out: map[string]outPayload{}}
}

// TableOf returns the Table of a *server.Server, for the transports that
// serve it. Package server sets it: this package cannot name server's type
// (server imports it), and server keeps its table out of its exported API,
// which is what a program embedding it needs and no more.
var TableOf func(srv any) *Table

func newToken() string {
	var b [tokenDigits / 2]byte
	rand.Read(b[:]) // never fails: see crypto/rand.Read
	return tokenPrefix + hex.EncodeToString(b[:])
}

// Lift keeps s, a request's string argument, with its redaction r when
// the transport made one (else nil), and returns the token that stands for
// it until Release.
func (p *Table) Lift(s string, r *Redaction) string {
	in := inPayload{s: s}
	if r != nil {
		r.End()
		in.redaction = r.done
	}
	t := newToken()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.in[t] = in
	return t
}

// Release forgets lifted strings, once their request has been answered.
func (p *Table) Release(tokens []string) {
	size := 0
	p.mu.Lock()
	for _, t := range tokens {
		size += len(p.in[t].s)
		delete(p.in, t)
	}
	p.mu.Unlock()
	freeIfLarge(size)
}

// Unlift puts the lifted strings of msg back, encoded, and releases them:
// for a message that turns out not to be a call, which the SDK must see
// as it was.
func (p *Table) Unlift(msg []byte, tokens []string) []byte {
	for _, t := range tokens {
		p.mu.Lock()
		s := p.in[t].s
		p.mu.Unlock()
		quoted, _ := json.Marshal(s)
		msg = bytes.Replace(msg, []byte(`"`+t+`"`), quoted, 1)
	}
	p.Release(tokens)
	return msg
}

// Lifted is the string that s stands for, or s itself.
func (p *Table) Lifted(s string) string {
	lifted, _ := p.Lookup(s)
	return lifted
}

// Lookup is Lifted, with the string's redaction when one was made: a
// channel that gives its Digest once.
func (p *Table) Lookup(s string) (string, <-chan Digest) {
	if len(s) != len(tokenPrefix)+tokenDigits || !strings.HasPrefix(s, tokenPrefix) {
		return s, nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if in, ok := p.in[s]; ok {
		return in.s, in.redaction
	}
	return s, nil
}

// SpliceReplies makes show_buffer replies whose content is at least min
// bytes carry a token, for a transport that splices them with
// WriteSpliced. Call it before serving.
func (p *Table) SpliceReplies(min int) { p.splice = max(min, 1) }

// Park keeps a reply's content and returns its token, or "" when the
// content goes into the reply as usual (no transport splices replies, or
// the content is short).
func (p *Table) Park(data []byte) string {
	if p == nil || p.splice == 0 || len(data) < p.splice {
		return ""
	}
	now := time.Now()
	p.mu.Lock()
	defer p.mu.Unlock()
	for t, o := range p.out {
		if now.Sub(o.made) > staleReply {
			delete(p.out, t)
		}
	}
	t := newToken()
	p.out[t] = outPayload{data: data, made: now}
	return t
}

// Spliced reports whether msg holds a token of this table.
func (p *Table) Spliced(msg []byte) bool { return bytes.Contains(msg, []byte(tokenPrefix)) }

// WriteSpliced writes msg, a JSON message, to w with each reply token in
// it replaced by its content, escaped as a JSON string as many times as
// the token is nested (the text content of a result is JSON inside a JSON
// string), and releases them. It writes the content in pieces, never
// encoding it whole.
func (p *Table) WriteSpliced(w io.Writer, msg []byte) error {
	// A content goes out twice in a reply: its entries go once it is sent.
	used := map[string]int{}
	defer func() {
		released := 0
		p.mu.Lock()
		for t, size := range used {
			delete(p.out, t)
			released += size
		}
		p.mu.Unlock()
		freeIfLarge(released)
	}()
	for {
		i := bytes.Index(msg, []byte(tokenPrefix))
		if i < 0 {
			_, err := w.Write(msg)
			return err
		}
		j := min(i+len(tokenPrefix)+tokenDigits, len(msg))
		t := string(msg[i:j])
		p.mu.Lock()
		o, ok := p.out[t]
		p.mu.Unlock()
		level := nesting(msg[:i])
		if !ok || level == 0 {
			if _, err := w.Write(msg[:j]); err != nil {
				return err
			}
			msg = msg[j:]
			continue
		}
		if _, err := w.Write(msg[:i]); err != nil {
			return err
		}
		if err := writeEscaped(w, o.data, level); err != nil {
			return err
		}
		used[t] = len(o.data)
		msg = msg[j:]
	}
}

// nesting is how many JSON encodings deep a string that begins at the end
// of before is: its opening quote is preceded by 0 backslashes when it is
// a plain JSON string, by 1 inside a string, by 3 inside a string inside
// a string, and so on. 0 means it is no string's start.
func nesting(before []byte) int {
	if len(before) == 0 || before[len(before)-1] != '"' {
		return 0
	}
	backslashes := 0
	for k := len(before) - 2; k >= 0 && before[k] == '\\'; k-- {
		backslashes++
	}
	level := 1
	for n := backslashes + 1; n > 1; n /= 2 {
		if n%2 != 0 {
			return 0
		}
		level++
	}
	return level
}

// writeEscaped writes data as the inside of a JSON string, encoded level
// times as encoding/json encodes a string (and so as the plain reply
// would have it), a piece at a time. Pieces end where a rune starts, and
// an encoding works rune by rune, so the pieces' encodings add up to the
// whole's.
func writeEscaped(w io.Writer, data []byte, level int) error {
	const piece = 32 << 10
	bufs := make([][]byte, level)
	for len(data) > 0 {
		n := min(piece, len(data))
		if n < len(data) {
			for k := n; k > n-utf8.UTFMax && k > 0; k-- {
				if utf8.RuneStart(data[k]) {
					n = k
					break
				}
			}
		}
		enc := data[:n]
		for i := range bufs {
			bufs[i] = appendEscaped(bufs[i][:0], enc)
			enc = bufs[i]
		}
		if _, err := w.Write(enc); err != nil {
			return err
		}
		data = data[n:]
	}
	return nil
}

// appendEscaped appends s, escaped as encoding/json.Marshal escapes a
// string (HTML characters too), without the quotes.
func appendEscaped(dst, s []byte) []byte {
	const hex = "0123456789abcdef"
	plain := 0 // s[plain:i] needs no escape
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			dst = append(dst, s[plain:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			plain = i
			continue
		}
		r, size := utf8.DecodeRune(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(append(dst, s[plain:i]...), `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(append(dst, s[plain:i]...), '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		plain = i
	}
	return append(dst, s[plain:]...)
}

// freeIfLarge returns the memory of a large payload just released to the
// operating system.
func freeIfLarge(size int) {
	if size >= freeAfter {
		debug.FreeOSMemory()
	}
}
