package server

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// replyKinds is content of every kind that JSON escapes differently.
var replyKinds = map[string]string{
	"ASCII":                  "hello, world 0123456789 ~\n",
	"control characters":     "\x00\x01\x07\x08\x0b\x0c\x1b\x1f\x7f\t\r\n",
	"quotes and backslashes": `"it's" \ \" \\n` + "\n",
	"HTML":                   "<a href='x'>&amp;</a>\n",
	"2- and 3-byte runes":    "é ü ✓ 中\n",
	"4-byte runes":           "🙂 𝄞 🏳️‍🌈\n",
	"line separators":        "a\u2028b\u2029c\n",
	"U+FFFD itself":          "\ufffd\n",
	"invalid UTF-8":          "\xff\xfe \xc3\x28 \xe2\x82 \xf0\x9f\x98 \xed\xa0\x80 \xc0\xaf\n",
	"a rune cut at the end":  "ab\xe2\x82",
}

// TestReplyCostIsExact holds replyCost to what the go-sdk's encoding of a
// show_buffer result really adds for the content: the budget is only as
// good as that count.
func TestReplyCostIsExact(t *testing.T) {
	empty := len(encodedShowResult(t, ""))
	check := func(label, content string) {
		t.Helper()
		if got, want := len(encodedShowResult(t, content))-empty, replyCost([]byte(content)); got != want {
			t.Errorf("%s: the content adds %d bytes to the result, replyCost says %d", label, got, want)
		}
	}
	for kind, content := range replyKinds {
		check(kind, content)
	}
	// And any mixture, as every byte value.
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		b := make([]byte, rng.IntN(64))
		for j := range b {
			b[j] = byte(rng.IntN(256))
		}
		check(fmt.Sprintf("random bytes %d", i), string(b))
	}
}

// TestShowReplyBudgetCountsTheEnvelope: a content that costs exactly the
// budget makes a message of exactly the limit, with the longest id the
// reserve allows and the fixed part at its largest.
func TestShowReplyBudgetCountsTheEnvelope(t *testing.T) {
	const limit = 64 << 10
	name := "libtmux_mcp_0f1e2d3c4b5a69788796a5b4c3d2e1f0_clip"
	content := strings.Repeat("x", 1000)
	budget := showReplyBudget(limit, name, len(content))
	content = strings.Repeat("x", budget/2) // 2 a byte
	res, err := tool{}.successResult(showResult{BufferName: name, Content: content, ContentTruncatedLines: 1000})
	if err != nil {
		t.Fatal(err)
	}
	res.Meta = mcp.Meta{requestIDKey: newRequestID()}
	result, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := json.Marshal(strings.Repeat("i", replyIDReserve-2))
	msg := `{"jsonrpc":"2.0","id":` + string(id) + `,"result":` + string(result) + "}\n"
	if len(msg) != limit-budget%2 {
		t.Errorf("a content of the whole budget makes a message of %d bytes, want %d", len(msg), limit-budget%2)
	}
}

func encodedShowResult(t *testing.T, content string) []byte {
	t.Helper()
	res, err := tool{}.successResult(showResult{BufferName: "libtmux_mcp_0f1e2d3c4b5a69788796a5b4c3d2e1f0_buf", Content: content})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestLastLinesReplyBudget: the reply budget drops whole lines from the
// head, and cuts a single line between runes, as the byte cap does.
func TestLastLinesReplyBudget(t *testing.T) {
	const noCap = 1 << 30
	for _, tt := range []struct {
		data        string
		maxCost     int
		want        string
		wantDropped int
	}{
		{"ab\ncd\n", 18, "ab\ncd\n", 0}, // 2+2+5 a line
		{"ab\ncd\n", 17, "cd\n", 1},
		{"ab\ncd\n", 9, "cd\n", 1},
		{`"\` + "\n" + "ab\n", 26, `"\` + "\n" + "ab\n", 0}, // 6+6+5 for the first line
		{`"\` + "\n" + "ab\n", 25, "ab\n", 1},
		{"\x01\x01ab", 30, "\x01\x01ab", 0}, // 13 a control character
		{"\x01\x01ab", 29, "\x01ab", 0},
		{"\x01\x01ab", 16, "ab", 0},
		{"\xff\xffab", 17, "\xffab", 0}, // 13 a byte that is not UTF-8
		{"🙂🙂", 15, "🙂", 0},              // 8 a 4-byte rune, never split
		{"a\u2028", 14, "\u2028", 0},    // 13 a line separator
	} {
		got := lastLines([]byte(tt.data), 0, noCap, tt.maxCost)
		truncated := tt.want != tt.data
		if string(got.content) != tt.want || got.droppedLines != tt.wantDropped || got.truncated != truncated {
			t.Errorf("lastLines(%q) within %d = %q dropped %d truncated %v; want %q dropped %d truncated %v",
				tt.data, tt.maxCost, got.content, got.droppedLines, got.truncated, tt.want, tt.wantDropped, truncated)
		}
	}
}
