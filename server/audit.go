package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"sort"
	"time"
	"unicode/utf8"
)

// The audit log has one JSON record per tool call. Payload arguments appear
// only as their length in characters and a SHA-256 prefix: enough to tell
// two payloads apart or match one the caller still holds, and nothing more.
// Results are never logged.

const digestPrefixLen = 12 // hex digits of SHA-256 kept in the audit log

// redacted is how a payload argument appears in the audit log.
type redacted struct {
	Len          int    `json:"len"`
	SHA256Prefix string `json:"sha256_prefix"`
}

func redact(s string) redacted {
	h := sha256.New()
	// In chunks, so a large payload is not copied whole just to be hashed.
	const chunk = 64 << 10
	for i := 0; i < len(s); i += chunk {
		h.Write([]byte(s[i:min(i+chunk, len(s))]))
	}
	return redacted{Len: utf8.RuneCountInString(s), SHA256Prefix: hex.EncodeToString(h.Sum(nil))[:digestPrefixLen]}
}

// auditArgs renders a call's arguments for the log: known params as sent
// (payloads redacted, strings shortened), unknown ones by name only, since a
// misspelt payload argument must not leak. It reads the raw JSON, because
// calls that fail to decode are logged too; decoded, when the call decoded,
// spares decoding a large payload twice.
func auditArgs(raw json.RawMessage, decoded args, params []param) slog.Attr {
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
		if s, ok := decoded[name].(string); ok && p.payload {
			attrs = append(attrs, slog.Any(name, redact(s)))
			continue
		}
		attrs = append(attrs, slog.Any(name, auditValue(p, fields[name])))
	}
	if len(unknown) > 0 {
		attrs = append(attrs, slog.Any("unknown_args", unknown))
	}
	return slog.Group("args", attrs...)
}

func auditValue(p param, raw json.RawMessage) any {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return "<invalid JSON>"
	}
	switch v := v.(type) {
	case string:
		if p.payload {
			return redact(v)
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
