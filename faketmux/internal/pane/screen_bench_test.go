package pane

import (
	"strconv"
	"strings"
	"testing"
)

// BenchmarkScreenDisplay draws lines of text in two styles on an 80x24
// screen keeping 2000 lines of history, as a busy program's output.
func BenchmarkScreenDisplay(b *testing.B) {
	var out strings.Builder
	for i := range 1000 {
		out.WriteString("\x1b[32m" + strconv.Itoa(i) + "\x1b[m some output of a program, as it scrolls by\r\n")
	}
	data := []byte(out.String())
	s := NewScreen(80, 24, 2000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		s.Display(data)
	}
}
