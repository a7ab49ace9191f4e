package server

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// maxRuneReplyCost is the most one rune can cost a reply: a control
// character or a byte that is not UTF-8, 1 byte that takes 6 and 7.
const maxRuneReplyCost = 13

func TestLastLines(t *testing.T) {
	const noCap = 1 << 30
	tests := []struct {
		name            string
		data            string
		maxLines        int
		maxBytes        int
		want            string
		wantDropped     int
		wantTruncatedOK bool
	}{
		{"empty", "", 3, noCap, "", 0, false},
		{"under the limit keeps everything", "a\nb\n", 3, noCap, "a\nb\n", 0, false},
		{"exactly the limit", "a\nb\nc\n", 3, noCap, "a\nb\nc\n", 0, false},
		{"final newline ends the last line", "a\nb\nc\n", 2, noCap, "b\nc\n", 1, true},
		{"no final newline", "a\nb\nc", 2, noCap, "b\nc", 1, true},
		{"one line kept", "a\nb\nc", 1, noCap, "c", 2, true},
		{"empty lines count", "a\n\n\n", 2, noCap, "\n\n", 1, true},
		{"lone newline is one empty line", "\n", 1, noCap, "\n", 0, false},
		{"CRLF stays", "a\r\nb\r\n", 1, noCap, "b\r\n", 1, true},
		{"no line limit", "a\nb\nc\n", 0, noCap, "a\nb\nc\n", 0, false},
		{"byte cap drops whole head lines", "aaaa\nbb\ncc\n", 0, 6, "bb\ncc\n", 1, true},
		{"byte cap exact fit", "aa\nbb\n", 0, 6, "aa\nbb\n", 0, false},
		{"byte cap after line limit", "a\nbbbb\ncc\n", 2, 4, "cc\n", 2, true},
		{"long last line is cut to its tail", "x\n0123456789", 0, 4, "6789", 1, true},
		{"cut lands on a rune boundary", "ééé", 0, 3, "é", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := lastLines([]byte(tt.data), tt.maxLines, tt.maxBytes, noCap)
			if string(got.content) != tt.want || got.droppedLines != tt.wantDropped || got.truncated != tt.wantTruncatedOK {
				t.Errorf("lastLines(%q, %d, %d) = %q dropped %d truncated %v; want %q dropped %d truncated %v",
					tt.data, tt.maxLines, tt.maxBytes, got.content, got.droppedLines, got.truncated, tt.want, tt.wantDropped, tt.wantTruncatedOK)
			}
		})
	}
}

// FuzzLastLines checks the invariants for any input: the result is a suffix
// of the buffer, within all three limits, starting on a line (or rune)
// boundary, and the dropped count plus the kept lines add up to the total.
func FuzzLastLines(f *testing.F) {
	f.Add("a\nb\nc\n", 2, 10)
	f.Add("ééé\n\n", 0, 3)
	f.Add("<\x01\"\n\xff\u2028x\n", 0, 10)
	f.Fuzz(func(t *testing.T, data string, maxLines, maxBytes int) {
		if maxBytes < 1 || maxBytes > 1<<20 || maxLines < 0 || maxLines > 1<<20 {
			t.Skip()
		}
		// 3 per 2 bytes: plain text (2 a byte) fits the byte cap and not
		// this, so either limit may be the one that binds.
		maxCost := maxBytes * 3 / 2
		got := lastLines([]byte(data), maxLines, maxBytes, maxCost)
		content := string(got.content)
		if !strings.HasSuffix(data, content) {
			t.Fatalf("%q is not a suffix of %q", content, data)
		}
		if len(content) > maxBytes {
			t.Fatalf("%d bytes over the cap %d", len(content), maxBytes)
		}
		if cost := replyCost(got.content); cost > maxCost {
			t.Fatalf("costs %d, over the budget %d", cost, maxCost)
		}
		keptLines := countLines(got.content)
		if maxLines > 0 && keptLines > maxLines {
			t.Fatalf("%d lines over the limit %d", keptLines, maxLines)
		}
		if content == "" && data != "" {
			if maxBytes >= utf8.UTFMax && maxCost >= maxRuneReplyCost {
				t.Fatalf("nothing kept of %q within %d bytes", data, maxBytes)
			}
		} else if total := countLines([]byte(data)); got.droppedLines+keptLines != total {
			t.Fatalf("dropped %d + kept %d != total %d", got.droppedLines, keptLines, total)
		}
		if utf8.ValidString(data) && !utf8.ValidString(content) {
			t.Fatalf("cut inside a rune: %q", content)
		}
		if got.truncated != (content != data) {
			t.Fatalf("truncated = %v, but content %q vs data %q", got.truncated, content, data)
		}
	})
}
