package server

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"runtime/debug"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// The go-sdk (v1.8.0) decodes a request several times over on its way to a
// tool, and encodes a result twice on its way out: a load_buffer of 64 MiB
// cost some twenty times its content in memory. So the transports keep
// large strings out of its way. On the way in, a transport lifts a large
// string argument of a tools/call out of the message and puts a token in
// its place (Payloads.Lift); the call swaps the token back for the string
// before the tool sees its arguments. On the way out, a show_buffer reply
// carries a token where its content goes (once the transport has asked for
// it with SpliceReplies), and the transport writes the content, escaped as
// the SDK would have escaped it, in the token's place as it sends the
// message (Payloads.WriteSpliced). The SDK only ever handles small
// messages.
//
// A token is "tmuxbuf-payload-" and 32 random hex digits: nothing a JSON
// string escapes, so that it survives any number of encodings as it is,
// and nothing a client can guess, so that no request can name another's
// content. A string of that shape that stands for nothing is left as it
// is: a client may load that text like any other.

// Payloads is the table of strings kept out of the SDK's way.
type Payloads struct {
	splice   int    // the smallest reply content that is spliced; 0: none
	auditKey []byte // the server's, for Redactions

	mu  sync.Mutex
	in  map[string]inPayload  // lifted request strings
	out map[string]outPayload // reply contents waiting for their message
}

type inPayload struct {
	s         string
	redaction <-chan redacted // nil when none was made
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

func newPayloads(auditKey []byte) *Payloads {
	return &Payloads{auditKey: auditKey, in: map[string]inPayload{}, out: map[string]outPayload{}}
}

// Payloads is the server's table, for its transports.
func (s *Server) Payloads() *Payloads { return s.payloads }

func newToken() string {
	var b [tokenDigits / 2]byte
	rand.Read(b[:]) // never fails: see crypto/rand.Read
	return tokenPrefix + hex.EncodeToString(b[:])
}

// Lift keeps s, a request's string argument, with its redaction r when
// the transport made one (else nil), and returns the token that stands for
// it until Release.
func (p *Payloads) Lift(s string, r *Redaction) string {
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
func (p *Payloads) Release(tokens []string) {
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
func (p *Payloads) Unlift(msg []byte, tokens []string) []byte {
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
func (p *Payloads) Lifted(s string) string {
	lifted, _ := p.lifted(s)
	return lifted
}

// lifted is Lifted, with the string's redaction when one was made.
func (p *Payloads) lifted(s string) (string, <-chan redacted) {
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
func (p *Payloads) SpliceReplies(min int) { p.splice = max(min, 1) }

// park keeps a reply's content and returns its token, or "" when the
// content goes into the reply as usual.
func (p *Payloads) park(data []byte) string {
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
func (p *Payloads) Spliced(msg []byte) bool { return bytes.Contains(msg, []byte(tokenPrefix)) }

// WriteSpliced writes msg, a JSON message, to w with each reply token in
// it replaced by its content, escaped as a JSON string as many times as
// the token is nested (the text content of a result is JSON inside a JSON
// string), and releases them. It writes the content in pieces, never
// encoding it whole.
func (p *Payloads) WriteSpliced(w io.Writer, msg []byte) error {
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

// resolvePayloads swaps the tokens among a's values for the strings they
// stand for, and returns the redactions that came with them.
func (s *Server) resolvePayloads(a args) redactions {
	var made redactions
	for name, v := range a {
		t, ok := v.(string)
		if !ok {
			continue
		}
		lifted, r := s.payloads.lifted(t)
		a[name] = lifted
		if r != nil {
			if made == nil {
				made = redactions{}
			}
			made[name] = r
		}
	}
	return made
}
