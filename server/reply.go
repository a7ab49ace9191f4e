package server

import (
	"encoding/json"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// DefaultMaxReplyBytes bounds the JSON-RPC message of a show_buffer reply,
// its final newline included: the official TypeScript MCP client drops its
// whole connection on any message over 10 MiB, its default read limit.
const DefaultMaxReplyBytes = 10 << 20

// MinMaxReplyBytes leaves room for a reply's fixed part, so that a limit
// under it cannot hold even an empty show_buffer reply.
const MinMaxReplyBytes = 4 << 10

// replyIDReserve is what a reply's budget keeps for the JSON-RPC id, which
// the go-sdk does not show tool handlers. Clients send small numbers or
// UUID strings; an id longer than this could push a reply past the limit.
const replyIDReserve = 256

// showReplyBudget is how much of maxReply the content of show_buffer's
// reply for buffer name may cost, as replyCost counts: the rest is the
// reply's fixed part. It counts that part at its largest: with
// content_truncated false (5 bytes, where true is 4) and with a dropped
// line count as long as size, the buffer's byte count, can be.
func showReplyBudget(maxReply int, name string, size int) int {
	// show_buffer's result is an object, which tools answer unwrapped.
	return maxReply - replyOverhead(false, showResult{BufferName: name, ContentTruncatedLines: size})
}

// replyOverhead is what a reply whose result is out costs besides the
// content left out of out: the JSON-RPC envelope, an id as long as
// replyIDReserve, and the result with its _meta. wraps says that the tool
// answers with text or a list (under "result").
func replyOverhead(wraps bool, out any) int {
	res, err := tool{wraps: wraps}.successResult(out)
	if err != nil {
		panic(err) // results are plain structs, which always marshal
	}
	res.Meta = mcp.Meta{requestIDKey: newRequestID()} // as the handler sets it
	result, err := json.Marshal(res)
	if err != nil {
		panic(err)
	}
	return len(`{"jsonrpc":"2.0","id":`) + replyIDReserve + len(`,"result":`) + len("}\n") + len(result)
}

// replyCost is how many bytes data adds to a show_buffer reply, where the
// content goes out twice: as a JSON string in structuredContent, and again
// inside the JSON text of the text content, which is itself a JSON string.
// The go-sdk marshals both with encoding/json's HTML escaping ('<', '>' and
// '&' become \u003c, \u003e, \u0026); the text's second escaping doubles
// each backslash and quote of the first. Since '\n' is ASCII, a rune never
// spans lines, and the cost of lines adds up.
func replyCost(data []byte) int { return sumCost(data, &asciiReplyCost, runeReplyCost) }

// sumCost is the cost of data, rune by rune: each ASCII byte's from the
// table ascii, each other rune's from runeCost, given data from that rune
// on, which says the rune's size too.
func sumCost(data []byte, ascii *[utf8.RuneSelf]int, runeCost func([]byte) (cost, size int)) int {
	cost := 0
	for i := 0; i < len(data); {
		if c := data[i]; c < utf8.RuneSelf { // most of most buffers
			cost += ascii[c]
			i++
			continue
		}
		c, size := runeCost(data[i:])
		cost += c
		i += size
	}
	return cost
}

// runeReplyCost is replyCost for the rune that data starts with, and that
// rune's size, decoded as encoding/json decodes: each byte that is not
// UTF-8 is a rune of its own, written as \ufffd.
func runeReplyCost(data []byte) (cost, size int) {
	if c := data[0]; c < utf8.RuneSelf {
		return asciiReplyCost[c], 1
	}
	r, size := utf8.DecodeRune(data)
	if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
		return len(`\ufffd`) + len(`\\ufffd`), size // escaped, as are U+2028 and U+2029
	}
	return 2 * size, size
}

// asciiReplyCost is runeReplyCost's table for the ASCII bytes.
var asciiReplyCost = func() (table [utf8.RuneSelf]int) {
	for c := range table {
		switch {
		case c == '"' || c == '\\':
			table[c] = len(`\"`) + len(`\\\"`)
		case c == '\n' || c == '\r' || c == '\t' || c == '\b' || c == '\f':
			table[c] = len(`\n`) + len(`\\n`)
		case c < 0x20 || c == '<' || c == '>' || c == '&':
			table[c] = len(`\u0001`) + len(`\\u0001`)
		default:
			table[c] = 2
		}
	}
	return table
}()
