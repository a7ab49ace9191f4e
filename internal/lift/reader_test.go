package lift

import (
	"bufio"
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"hash"
	"io"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/internal/rawmcp"
)

// BenchmarkLift reads a 1 MiB load_buffer call through a Reader: the
// cost of keeping its content out of the SDK's way.
func BenchmarkLift(b *testing.B) {
	content, _ := json.Marshal(rawmcp.LargeContent(1 << 20))
	line := []byte(callLine(1, "load_buffer", `{"content":`+string(content)+`}`) + "\n")
	payloads := newTestTable()
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		l := &Reader{In: bufio.NewReaderSize(bytes.NewReader(line), 64<<10), Table: payloads, Min: 64 << 10, Max: 1 << 30, Lines: true}
		res, err := l.Next()
		if err != nil || len(res.Tokens) != 1 {
			b.Fatal(err, res.Tokens)
		}
		payloads.Release(res.Tokens)
	}
}

// newTestTable is a table whose redactions hash as the audit log's do,
// under a random key.
func newTestTable() *Table {
	key := []byte(rand.Text() + rand.Text())
	return NewTable(func() hash.Hash { return hmac.New(sha256.New, key) })
}

// FuzzLift holds the Reader to encoding/json: a line that is valid JSON
// comes out valid, with its content lifted and decoded as json.Unmarshal
// decodes it; one that is not comes out as no JSON, whether the Reader
// says so or leaves it to the message's own check. Every piece is cut as
// small as the lifter allows, so that every cut is tried.
func FuzzLift(f *testing.F) {
	for _, s := range []string{`abc`, `\u00e9\ud83d\ude00`, `\ud800x`, `\x`, "\xff\xc3", `\u12G4`, `a\"b\\`, "\x01", `\`, `\u00e`} {
		f.Add([]byte(s))
	}
	payloads := newTestTable()
	f.Fuzz(func(t *testing.T, raw []byte) {
		if bytes.IndexByte(raw, '\n') >= 0 {
			return // a line feed ends the line, as it ends any line
		}
		line := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"content":"` + string(raw) + `"}}}`)
		l := &Reader{In: bufio.NewReaderSize(bytes.NewReader(line), 16), Table: payloads, Min: 1, Max: 1 << 20, Lines: true}
		res, err := l.Next()
		if err != io.EOF {
			t.Fatalf("next: %v", err)
		}
		defer payloads.Release(res.Tokens)
		if !json.Valid(line) {
			if !res.NotJSON && json.Valid(res.Data) {
				t.Fatalf("%q is no JSON, but came out as %q", line, res.Data)
			}
			return
		}
		if res.NotJSON || !json.Valid(res.Data) {
			t.Fatalf("%q is JSON, but came out as %q (no JSON: %v)", line, res.Data, res.NotJSON)
		}
		var want, got struct {
			Params struct {
				Arguments struct{ Content string }
			}
		}
		json.Unmarshal(line, &want)
		json.Unmarshal(res.Data, &got)
		if len(res.Tokens) == 1 {
			got.Params.Arguments.Content = payloads.Lifted(res.Tokens[0])
		}
		if got.Params.Arguments.Content != want.Params.Arguments.Content {
			t.Fatalf("%q: lifted %q, want %q", raw, got.Params.Arguments.Content, want.Params.Arguments.Content)
		}
	})
}

// callLine is a tools/call request with its arguments as raw JSON.
func callLine(id int, tool, args string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, id, tool, args)
}
