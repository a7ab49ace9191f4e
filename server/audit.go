package server

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"io"
	"log/slog"
	"os"
	"sort"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/tmuxbuf/tmuxbuf/internal/lift"
)

// The audit log has one JSON record per tool call. Payload arguments appear
// only as their length in characters and a keyed digest: enough to tell two
// payloads apart, or to match one the caller still holds when the key is
// known, and nothing more. Results are never logged.
//
// The digest is an HMAC-SHA-256 under a key the log never holds, not a plain
// hash: a plain SHA-256 prefix of a six-digit PIN, say, gives it away to
// anyone who reads the log, by trying all million in a second or two. The
// key is random for each Server unless the user supplies one (AuditKey,
// tmuxbuf-mcp --audit-key-file) to correlate payloads across runs.

// auditDigestLen is how many hex digits of the HMAC the log keeps: 64 bits.
// Without the key, no prefix length helps a guesser; with it, any prefix
// long enough to be useful confirms a guess. So the length serves only to
// keep distinct payloads apart: 64 bits make a chance collision unlikely
// until some four billion payloads (the birthday bound), where 48 bits
// would give a log of a million payloads a one-in-560 chance of one.
const auditDigestLen = 16

// MinAuditKeyLen is the shortest audit key accepted, in bytes: the size of
// the HMAC-SHA-256 output, the key length RFC 2104 recommends.
const MinAuditKeyLen = 32

// redacted is how a payload argument appears in the audit log.
type redacted struct {
	Len        int    `json:"len"`
	HMACPrefix string `json:"hmac_sha256_prefix"`
}

func redact(key []byte, s string) redacted {
	h := hmac.New(sha256.New, key)
	// In chunks, so a large payload is not copied whole just to be hashed.
	buf := make([]byte, min(len(s), 64<<10))
	for i := 0; i < len(s); i += len(buf) {
		h.Write(buf[:copy(buf, s[i:])])
	}
	return redacted{Len: utf8.RuneCountInString(s), HMACPrefix: digestPrefix(h)}
}

// digestPrefix is what the log keeps of an HMAC.
func digestPrefix(h hash.Hash) string { return hex.EncodeToString(h.Sum(nil))[:auditDigestLen] }

// redactions are the redactions of a call's large payloads, by argument
// name, made while the call runs: hashing and counting a payload of a few
// MiB costs about what loading it into tmux does. Each gives its redaction
// once.
type redactions map[string]func() redacted

// earlyRedactionMin is the size from which a payload is redacted beside its
// call rather than after it, where the work outweighs a goroutine's.
const earlyRedactionMin = 64 << 10

// startRedactions starts redacting each large payload of a, but for those
// whose redaction came with them from the transport (lifted).
func startRedactions(key []byte, a args, lifted map[string]<-chan lift.Digest, params []param) redactions {
	var early redactions
	for _, p := range params {
		s, ok := a[p.name].(string)
		if !ok || !p.payload {
			continue
		}
		var r func() redacted
		if d, ok := lifted[p.name]; ok {
			r = func() redacted { return digestRedacted(<-d) }
		} else {
			if len(s) < earlyRedactionMin {
				continue
			}
			ch := make(chan redacted, 1)
			go func() { ch <- redact(key, s) }()
			r = func() redacted { return <-ch }
		}
		if early == nil {
			early = redactions{}
		}
		early[p.name] = r
	}
	return early
}

// auditHash is the hash of the audit log's digests under key, for the
// redactions that a transport makes (see lift.Table.StartRedaction).
func auditHash(key []byte) func() hash.Hash {
	return func() hash.Hash { return hmac.New(sha256.New, key) }
}

// digestRedacted is how a payload that a transport redacted appears in the
// audit log.
func digestRedacted(d lift.Digest) redacted {
	return redacted{Len: d.Runes, HMACPrefix: hex.EncodeToString(d.Sum)[:auditDigestLen]}
}

// newAuditKey draws the random key of a Server that was given none.
func newAuditKey() []byte {
	key := make([]byte, MinAuditKeyLen)
	rand.Read(key) // never fails: see crypto/rand.Read
	return key
}

// ReadAuditKey reads an audit key from a file: its bytes, less one final
// line end, so that a key written by a shell or an editor works. It refuses
// a file that anyone but its owner may read or write, like ssh does a
// private key (one who can read it can brute-force short payloads again;
// one who can write it can choose the key), a file owned by another user,
// and a key shorter than MinAuditKeyLen.
func ReadAuditKey(path string) ([]byte, error) {
	// Non-blocking, so that a FIFO put in the key's place cannot hang the
	// open; it is refused below as not a regular file.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, fmt.Errorf("audit key file: %w", err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("audit key file: %w", err)
	}
	switch st, _ := info.Sys().(*syscall.Stat_t); {
	case !info.Mode().IsRegular():
		return nil, fmt.Errorf("audit key file %s is not a regular file", path)
	case info.Mode().Perm()&0o077 != 0:
		return nil, fmt.Errorf("audit key file %s has mode %04o: others may read or change the key; make it private (chmod 600)", path, info.Mode().Perm())
	case st != nil && int(st.Uid) != os.Geteuid():
		return nil, fmt.Errorf("audit key file %s belongs to user %d, not to this process's user %d, who alone should control the key", path, st.Uid, os.Geteuid())
	case info.Size() > maxAuditKeyFile:
		return nil, fmt.Errorf("audit key file %s is %d bytes: a key file holds a key of at least %d bytes, not more than %d", path, info.Size(), MinAuditKeyLen, maxAuditKeyFile)
	}
	key, err := io.ReadAll(io.LimitReader(f, maxAuditKeyFile))
	if err != nil {
		return nil, fmt.Errorf("audit key file: %w", err)
	}
	switch {
	case bytes.HasSuffix(key, []byte("\r\n")):
		key = key[:len(key)-2]
	case bytes.HasSuffix(key, []byte("\n")):
		key = key[:len(key)-1]
	}
	if len(key) < MinAuditKeyLen {
		return nil, fmt.Errorf("audit key file %s holds %d bytes, fewer than the %d an audit key needs; make one with: (umask 077; head -c 32 /dev/urandom | base64 > %s)", path, len(key), MinAuditKeyLen, path)
	}
	return key, nil
}

// maxAuditKeyFile bounds what ReadAuditKey reads: more is not a key file.
const maxAuditKeyFile = 4 << 10

// auditArgs renders a call's arguments for the log: known params as sent
// (payloads redacted, strings shortened), unknown ones by name only, since a
// misspelt payload argument must not leak. It reads the raw JSON, because
// calls that fail to decode are logged too; decoded, when the call decoded,
// spares decoding a large payload twice, and early redacting it again.
func auditArgs(key []byte, payloads *lift.Table, raw json.RawMessage, decoded args, early redactions, params []param) slog.Attr {
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil {
		return slog.String("args", "<not a JSON object>")
	}
	attrs := make([]any, 0, len(fields))
	var unknown []string
	byName := make(map[string]param, len(params))
	for _, p := range params {
		byName[p.name] = p
	}
	names := make([]string, 0, len(fields))
	for name := range fields {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p, ok := byName[name]
		if !ok {
			unknown = append(unknown, shorten(name, 64))
			continue
		}
		if r, ok := early[name]; ok {
			attrs = append(attrs, slog.Any(name, r()))
			continue
		}
		if s, ok := decoded[name].(string); ok && p.payload {
			attrs = append(attrs, slog.Any(name, redact(key, s)))
			continue
		}
		attrs = append(attrs, slog.Any(name, auditValue(key, payloads, p, fields[name])))
	}
	if len(unknown) > 0 {
		attrs = append(attrs, slog.Any("unknown_args", unknown))
	}
	return slog.Group("args", attrs...)
}

// auditValue renders one argument of a call that did not decode: a lifted
// payload (see lift.Table) as its own string's digest, not its token's.
func auditValue(key []byte, payloads *lift.Table, p param, raw json.RawMessage) any {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return "<invalid JSON>"
	}
	if s, ok := v.(string); ok {
		v = payloads.Lifted(s)
	}
	switch v := v.(type) {
	case string:
		if p.payload {
			return redact(key, v)
		}
		return shorten(v, 128)
	case map[string]any, []any:
		return "<" + jsonType(v) + ">"
	}
	if p.payload && v != nil {
		return "<redacted " + jsonType(v) + ">"
	}
	return v
}

func jsonType(v any) string {
	switch v.(type) {
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case float64:
		return "number"
	case bool:
		return "boolean"
	case string:
		return "string"
	}
	return "null"
}

// auditRecord writes the one record of a finished call.
func auditRecord(log *slog.Logger, tool, sessionID, requestID string, args slog.Attr, started time.Time, err error) {
	outcome, level := "ok", slog.LevelInfo
	attrs := []slog.Attr{
		slog.String("tool", tool),
		slog.String("session_id", sessionID),
		slog.String("request_id", requestID),
		slog.Float64("duration_ms", float64(time.Since(started).Microseconds())/1000),
		args,
	}
	if err != nil {
		outcome, level = "error", slog.LevelWarn
		attrs = append(attrs, slog.String("error", err.Error()))
	}
	attrs = append(attrs, slog.String("outcome", outcome))
	log.LogAttrs(context.Background(), level, "tool call", attrs...)
}

// NewAuditLogger returns a logger that writes the audit log to w, one JSON
// object per line.
func NewAuditLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, nil))
}
