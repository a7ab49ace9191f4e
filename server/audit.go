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
	"maps"
	"os"
	"slices"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/tmuxbuf/tmuxbuf/internal/argspec"
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

// startRedactions starts redacting each large payload of a, the decoded
// arguments of spec, but for those whose redaction came with them from the
// transport (lifted).
func (s *Server) startRedactions(spec *argspec.Spec, a any, lifted map[string]<-chan lift.Digest) redactions {
	var early redactions
	spec.Strings(a, func(name string, value *string) {
		if f, _ := spec.Field(name); !f.Payload {
			return
		}
		var r func() redacted
		if d, ok := lifted[name]; ok {
			r = func() redacted { return digestRedacted(<-d) }
		} else {
			if len(*value) < earlyRedactionMin {
				return
			}
			ch := make(chan redacted, 1)
			go func(v string) { ch <- redact(s.cfg.AuditKey, v) }(*value)
			r = func() redacted { return <-ch }
		}
		if early == nil {
			early = redactions{}
		}
		early[name] = r
	})
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

// auditArgs renders a call's arguments for the log: known arguments as
// sent, payloads redacted and strings shortened, and those nested in a
// batch's operations the same way; unknown ones by name only, since a
// misspelt payload argument must not leak. It reads the raw JSON, because
// calls that fail to decode are logged too; early holds the redactions of
// the large payloads, made while the call ran.
func (s *Server) auditArgs(raw json.RawMessage, spec *argspec.Spec, early redactions) slog.Attr {
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil {
		return slog.String("args", "<not a JSON object>")
	}
	attrs := make([]any, 0, len(fields))
	rendered, unknown := s.auditObject(fields, spec, early)
	for _, name := range slices.Sorted(maps.Keys(rendered)) {
		attrs = append(attrs, slog.Any(name, rendered[name]))
	}
	if len(unknown) > 0 {
		attrs = append(attrs, slog.Any("unknown_args", unknown))
	}
	return slog.Group("args", attrs...)
}

// auditObject renders an object's members by spec: those it knows, and
// the names of those it does not.
func (s *Server) auditObject(fields map[string]json.RawMessage, spec *argspec.Spec, early redactions) (map[string]any, []string) {
	rendered := map[string]any{}
	var unknown []string
	for name, raw := range fields {
		f, known := argspec.Field{}, false
		if spec != nil {
			f, known = spec.Field(name)
		}
		switch r, isEarly := early[name]; {
		case !known:
			unknown = append(unknown, shorten(name, 64))
		case isEarly:
			rendered[name] = r()
		case f.Kind == argspec.KindObject:
			rendered[name] = s.auditNested(fields, raw)
		default:
			rendered[name] = s.auditValue(f, raw)
		}
	}
	slices.Sort(unknown)
	return rendered, unknown
}

// auditValue renders one argument's value: a payload redacted (each value
// of an object of payloads, keeping the keys, as libtmux-mcp logs an
// environment), other strings shortened, a lifted string (see lift.Table)
// as the string it stands for, an array of operations item by item.
func (s *Server) auditValue(f argspec.Field, raw json.RawMessage) any {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return "<invalid JSON>"
	}
	switch v := v.(type) {
	case string:
		v = s.payloads.Lifted(v)
		if f.Payload {
			return redact(s.cfg.AuditKey, v)
		}
		return shorten(v, 128)
	case map[string]any:
		if f.Kind != argspec.KindStringMap && f.Kind != argspec.KindFlexMap {
			return "<object>"
		}
		out := map[string]any{}
		for k, item := range v {
			if str, ok := item.(string); ok && f.Payload {
				out[shorten(k, 64)] = redact(s.cfg.AuditKey, str)
			} else {
				out[shorten(k, 64)] = auditScalar(item, f.Payload)
			}
		}
		return out
	case []any:
		switch f.Kind {
		case argspec.KindStrings:
			return auditStrings(s.cfg.AuditKey, v, f.Payload)
		case argspec.KindObjects:
		default:
			return "<array>"
		}
		var items []json.RawMessage
		json.Unmarshal(raw, &items)
		out := make([]any, len(items))
		for i, item := range items {
			var members map[string]json.RawMessage
			if json.Unmarshal(item, &members) != nil {
				out[i] = "<" + jsonType(v[i]) + ">"
				continue
			}
			rendered, unknown := s.auditObject(members, f.Elem, nil)
			if len(unknown) > 0 {
				rendered["unknown_args"] = unknown
			}
			out[i] = rendered
		}
		return out
	}
	return auditScalar(v, f.Payload)
}

// auditNested renders the arguments of a batch's operation, by the spec of
// the tool it names (its "tool" member): a nested payload is redacted as
// the tool's own would be.
func (s *Server) auditNested(siblings map[string]json.RawMessage, raw json.RawMessage) any {
	var name string
	json.Unmarshal(siblings["tool"], &name)
	var members map[string]json.RawMessage
	if json.Unmarshal(raw, &members) != nil {
		return "<not an object>"
	}
	var spec *argspec.Spec
	if t, ok := toolNamed(name); ok {
		spec = t.args
	}
	rendered, unknown := s.auditObject(members, spec, nil)
	if len(unknown) > 0 {
		rendered["unknown_args"] = unknown
	}
	return rendered
}

// auditStrings renders an array: strings shortened, or redacted when they
// are payloads; anything else by its type.
func auditStrings(key []byte, items []any, payload bool) []any {
	out := make([]any, len(items))
	for i, item := range items {
		switch str, ok := item.(string); {
		case ok && payload:
			out[i] = redact(key, str)
		case ok:
			out[i] = shorten(str, 128)
		default:
			out[i] = auditScalar(item, payload)
		}
	}
	return out
}

// auditScalar renders a value that is not a string: a number, boolean or
// null as it is, unless it is a payload, whose type alone is logged.
func auditScalar(v any, payload bool) any {
	switch v.(type) {
	case map[string]any, []any:
		return "<" + jsonType(v) + ">"
	}
	if payload && v != nil {
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
