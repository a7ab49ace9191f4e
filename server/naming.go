package server

import (
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/google/uuid"
)

// DefaultBufferPrefix is the prefix libtmux-mcp gives its buffers; keeping it
// lets either server read the other's handles.
const DefaultBufferPrefix = "libtmux_mcp_"

// Buffer names are <prefix><32 lowercase hex of a random UUID>_<logical>.
const (
	nonceLen       = 32
	maxLogicalLen  = 64
	defaultLogical = "buf"
)

// namer allocates and recognises the names of agent-owned buffers.
type namer struct{ prefix string }

func newNamer(prefix string) (namer, error) {
	if prefix == "" {
		prefix = DefaultBufferPrefix
	}
	if !isNameChars(prefix) {
		return namer{}, fmt.Errorf("buffer prefix %q: use only letters, digits, '_', '.' and '-'", prefix)
	}
	return namer{prefix: prefix}, nil
}

// allocate returns a fresh name for a caller's logical name. nil and "" mean
// the default; anything else must be a valid logical name.
func (n namer) allocate(logical *string) (string, error) {
	l := defaultLogical
	if logical != nil && *logical != "" {
		l = *logical
	}
	if !isLogicalName(l) {
		return "", errBadLogicalName
	}
	id := uuid.New()
	var nonce [nonceLen]byte
	hex.Encode(nonce[:], id[:])
	return n.prefix + string(nonce[:]) + "_" + l, nil
}

// logicalName returns the logical part of name, and whether name has the
// full shape of an agent-owned buffer name. Only such names may reach tmux:
// anything else may be the user's own buffer (clipboard history).
func (n namer) logicalName(name string) (string, bool) {
	rest, ok := strings.CutPrefix(name, n.prefix)
	if !ok || len(rest) < nonceLen+2 || rest[nonceLen] != '_' {
		return "", false
	}
	for _, c := range []byte(rest[:nonceLen]) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return "", false
		}
	}
	logical := rest[nonceLen+1:]
	return logical, isLogicalName(logical)
}

func (n namer) shape() string {
	return n.prefix + "<32 lowercase hex digits>_<logical name>"
}

func isLogicalName(s string) bool {
	return len(s) <= maxLogicalLen && isNameChars(s)
}

// isNameChars reports whether s is non-empty and made of [A-Za-z0-9_.-]:
// characters that tmux's command parser and format expansion leave alone.
func isNameChars(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}
