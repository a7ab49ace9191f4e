package server

import "unicode/utf8"

// tail is what show_buffer returns of a buffer: its last lines, within a line
// limit and a byte limit.
type tail struct {
	content      []byte
	droppedLines int
	truncated    bool
}

// lastLines keeps the end of data. Lines end at '\n', and a final '\n' ends
// the last line rather than starting a new one. At most maxLines lines are
// kept (maxLines <= 0: no line limit), then whole lines are dropped from the
// head until the rest fits in maxBytes; a last line still over maxBytes is
// cut to its final maxBytes bytes, on a UTF-8 boundary. The kept bytes are
// the buffer's own, from the start of the first kept line to the end.
func lastLines(data []byte, maxLines, maxBytes int) tail {
	total := countLines(data)
	kept := total
	start := len(data)
	// Walk back line starts until the limits are reached. A line starts at
	// offset 0 or just after a '\n' that is not the final byte.
	for kept = 0; kept < total; kept++ {
		if maxLines > 0 && kept == maxLines {
			break
		}
		prev := lineStartBefore(data, start)
		if len(data)-prev > maxBytes && kept > 0 {
			break
		}
		start = prev
	}
	t := tail{content: data[start:], droppedLines: total - kept}
	if len(t.content) > maxBytes {
		cut := len(t.content) - maxBytes
		// A cut inside a rune moves past that rune; bytes that are not UTF-8
		// at all are cut where they fall.
		r := cut
		for r > 0 && cut-r < utf8.UTFMax-1 && !utf8.RuneStart(t.content[r]) {
			r--
		}
		if char, size := utf8.DecodeRune(t.content[r:]); r < cut && char != utf8.RuneError && r+size > cut {
			cut = r + size
		}
		t.content = t.content[cut:]
		t.truncated = true
	}
	t.truncated = t.truncated || t.droppedLines > 0
	return t
}

// lineStartBefore returns where the line that ends just before offset end
// begins.
func lineStartBefore(data []byte, end int) int {
	i := end - 1
	if i >= 0 && data[i] == '\n' {
		i-- // the line's own terminator
	}
	for i >= 0 && data[i] != '\n' {
		i--
	}
	return i + 1
}

func countLines(data []byte) int {
	n := 0
	for _, c := range data {
		if c == '\n' {
			n++
		}
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		n++
	}
	return n
}
