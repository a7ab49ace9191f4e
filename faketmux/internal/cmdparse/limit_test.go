package cmdparse

import (
	"errors"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// nesting is a text of one of the shapes whose limits were measured on
// tmux 3.3a (source-file -n), n levels deep or n long.
func nesting(shape string, n int) string {
	switch shape {
	case "blocks over lines":
		return strings.Repeat("if -F 1 {\n", n) + "display x\n" + strings.Repeat("}\n", n)
	case "blocks on a line":
		return strings.Repeat("if -F 1 { ", n) + "display x" + strings.Repeat(" }", n) + "\n"
	case "bare blocks":
		return strings.Repeat("a {", n) + strings.Repeat("}", n) + "\n"
	case "blocks of two lines":
		return strings.Repeat("bind -T t x {\nset @a x\n", n) + strings.Repeat("}\n", n)
	case "arguments":
		return "set -g @x" + strings.Repeat(" a", n) + "\n"
	case "conditions over lines":
		return strings.Repeat("%if 1\n", n) + "display x\n" + strings.Repeat("%endif\n", n)
	case "conditions on a line":
		return strings.Repeat("%if 1 ", n) + "display x" + strings.Repeat(" %endif", n) + "\n"
	case "conditions in %else":
		return strings.Repeat("%if 0\nset @a x\n%else\n", n) + "display x\n" + strings.Repeat("%endif\n", n)
	case "%elif over lines":
		return "%if 0\nset @a x\n" + strings.Repeat("%elif 0\nset @a x\n", n) + "%endif\n"
	case "%elif on a line":
		return "%if 0 set @a x" + strings.Repeat(" %elif 0 set @a x", n) + " %endif\n"
	case "commands":
		return strings.Repeat("set @a x ; ", n) + "set @a y\n"
	case "lines":
		return strings.Repeat("if -F 1 { display x }\n", n)
	}
	panic(shape)
}

func parseAnything(text string) ([]Line, error) {
	return Parse([]byte(text), Options{Lookup: noEnv, Expand: func(string) string { return "1" }})
}

// tmux's parser has a stack of 10000 entries (byacc's): what nests too
// deep fails with "yacc stack overflow" at the line the lexer reached,
// and a text as long but flat parses. Each limit and line here is what
// tmux 3.3a answered (the largest that parses, the smallest that fails).
func TestStackLimit(t *testing.T) {
	for _, tc := range []struct {
		shape    string
		n        int
		failLine int // 0: it parses
	}{
		{"blocks over lines", 1666, 0},
		{"blocks over lines", 1667, 1667},
		{"blocks over lines", 20000, 1667},
		{"blocks on a line", 1999, 0},
		{"blocks on a line", 2000, 1},
		{"bare blocks", 3332, 0},
		{"bare blocks", 3333, 1},
		{"blocks of two lines", 1427, 0},
		{"blocks of two lines", 1428, 2856},
		{"blocks of two lines", 1430, 2856},
		{"arguments", 9995, 0},
		{"arguments", 9996, 1},
		{"conditions over lines", 4998, 0},
		{"conditions over lines", 4999, 5000},
		{"conditions on a line", 9996, 0},
		{"conditions on a line", 9997, 1},
		{"conditions in %else", 1999, 0},
		{"conditions in %else", 2000, 5999},
		{"%elif over lines", 3331, 0},
		{"%elif over lines", 3332, 6666},
		{"%elif on a line", 4997, 0},
		{"%elif on a line", 4998, 1},
		{"commands", 20000, 0},
		{"lines", 20000, 0},
	} {
		_, err := parseAnything(nesting(tc.shape, tc.n))
		var pe *Error
		switch {
		case tc.failLine == 0 && err != nil:
			t.Errorf("%s, %d: %v", tc.shape, tc.n, err)
		case tc.failLine == 0:
		case !errors.As(err, &pe) || pe.Line != tc.failLine || err.Error() != "yacc stack overflow":
			t.Errorf("%s, %d: %#v, want yacc stack overflow at line %d", tc.shape, tc.n, err, tc.failLine)
		}
	}
}

// cost is what f allocates: objects and bytes.
func cost(f func()) (allocs, bytes uint64) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.Mallocs - before.Mallocs, after.TotalAlloc - before.TotalAlloc
}

// Bounds of a parse's cost per byte of its text, with room to spare:
// texts of short words and lines cost up to 2 allocations and 72 bytes a
// byte, and how deep a text nests must not change that. (When each level
// of blocks wrote the levels within it again, as escaped JSON, 22 levels
// cost over a million bytes a byte.)
const (
	maxAllocsPerByte = 4
	maxBytesPerByte  = 160
	fixedAllocs      = 64
	fixedBytes       = 16 << 10
)

func checkCost(t *testing.T, what, text string, parse func()) {
	t.Helper()
	allocs, bytes := cost(parse)
	n := uint64(len(text))
	if allocs > maxAllocsPerByte*n+fixedAllocs || bytes > maxBytesPerByte*n+fixedBytes {
		t.Errorf("%s: %d bytes of text cost %d allocations (%.1f a byte) and %d bytes (%.1f a byte)",
			what, n, allocs, float64(allocs)/float64(n), bytes, float64(bytes)/float64(n))
	}
}

// Parsing costs what the text holds, however deep its blocks: each
// level is read and written once (the 22 and 24 levels of issue 29, and
// as deep as tmux's stack goes).
func TestNestingCostIsLinear(t *testing.T) {
	for _, tc := range []struct {
		shape string
		n     int
	}{
		{"blocks over lines", 22},
		{"blocks over lines", 24},
		{"blocks over lines", 1666},
		{"blocks on a line", 1999},
		{"bare blocks", 3332},
		{"blocks of two lines", 1427},
		{"conditions over lines", 4998},
		{"%elif over lines", 3331},
		{"lines", 2000},
	} {
		text := nesting(tc.shape, tc.n)
		checkCost(t, tc.shape, text, func() {
			if _, err := parseAnything(text); err != nil {
				t.Fatalf("%s, %d: %v", tc.shape, tc.n, err)
			}
		})
	}
	// What is too deep costs no more.
	text := nesting("blocks over lines", 20000)
	checkCost(t, "20000 levels", text, func() { parseAnything(text) })
}

// A block's word holds its lines' words as they are, any bytes, and
// those of its blocks; decoding it gives them back, the inner blocks'
// words as parts of it.
func TestBlockWords(t *testing.T) {
	inner := EncodeBlock([]Line{{[]string{"display", "-p", "\xff\x01;"}, 3}})
	lines := []Line{{[]string{"if", "-F", "1", inner, ";", "x"}, 2}, {[]string{"y"}, 7}}
	word := EncodeBlock(lines)
	if !strings.HasPrefix(word, Block) || strings.HasSuffix(word, ";") {
		t.Fatalf("block word %q", word)
	}
	got, err := DecodeBlock(strings.TrimPrefix(word, Block))
	if err != nil || len(got) != 2 || strings.Join(got[0].Argv, "|") != strings.Join(lines[0].Argv, "|") ||
		got[0].Number != 2 || got[1].Argv[0] != "y" || got[1].Number != 7 {
		t.Fatalf("decoded %q, %v", got, err)
	}
	if again, _ := DecodeBlock(strings.TrimPrefix(got[0].Argv[3], Block)); again[0].Argv[2] != "\xff\x01;" {
		t.Errorf("inner block decoded %q", again)
	}
	for _, bad := range []string{"", "1 1:", "1 1:5:ab\x00", "x 1:1:a\x00", "1 2:1:a\x00", "1 1:1:ab\x00"} {
		if _, err := DecodeBlock(bad); err == nil {
			t.Errorf("%q decoded", bad)
		}
	}
}

// FuzzParseCost parses fuzzed texts, and a nesting of blocks made of
// them, and fails when one costs more than the bounds per byte: a cost
// that grows faster than the text does, as nesting once did, soon passes
// them.
func FuzzParseCost(f *testing.F) {
	for _, seed := range []struct {
		level, inner string
		depth        uint16
	}{
		{"if -F 1", "display x", 24},
		{"if -F 1", "display x", 1700},
		{"bind x", "set @a \"q;\" ; set @b '}'", 300},
		{"run -C", "%if 1\nset @a x\n%else\nset @b y\n%endif", 200},
		{"a", "", 3400},
		{"set -g @a \\u00e9 $X ${Y}", "if 1 { a } { b }", 40},
		{"%if 1\nx", "y\n%endif", 100},
	} {
		f.Add(seed.level, seed.inner, seed.depth)
	}
	f.Fuzz(func(t *testing.T, level, inner string, depth uint16) {
		// ~user reads the password file: a cost of its own.
		level, inner = strings.ReplaceAll(level, "~", "-"), strings.ReplaceAll(inner, "~", "-")
		if len(level) > 64 || len(inner) > 4096 {
			return
		}
		depth %= 4096
		vars := func(string) (string, bool) { return "v", true }
		for _, text := range []string{
			inner,
			strings.Repeat(level+" {\n", int(depth)) + inner + strings.Repeat("\n}", int(depth)) + "\n",
			strings.Repeat(level+" { ", int(depth)) + inner + strings.Repeat(" }", int(depth)) + "\n",
		} {
			checkCost(t, "text", text, func() {
				Parse([]byte(text), Options{Lookup: vars, Expand: func(f string) string { return f }})
			})
		}
	})
}

// BenchmarkNestedBlocks parses n levels of if -F 1 { … }, one a line:
// the time, bytes and allocations of a level should not grow with n.
func BenchmarkNestedBlocks(b *testing.B) {
	for _, n := range []int{10, 16, 22, 200, 1666} {
		text := []byte(nesting("blocks over lines", n))
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for b.Loop() {
				if _, err := Parse(text, Options{Lookup: noEnv}); err != nil {
					b.Fatal(err)
				}
			}
			runtime.ReadMemStats(&after)
			per := float64(b.N) * float64(n)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/level")
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/per, "B/level")
			b.ReportMetric(float64(after.Mallocs-before.Mallocs)/per, "allocs/level")
		})
	}
}
