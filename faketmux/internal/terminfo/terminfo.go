package terminfo

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
)

// The magic numbers that start a compiled entry: ncurses' legacy format,
// whose numbers are 16 bits, and the one whose numbers are 32 bits.
const (
	magicLegacy = 0o432
	magic32     = 0o1036
)

// ErrFormat is the error of an entry that is not a compiled one ncurses
// could read; the errors Parse returns wrap it.
var ErrFormat = errors.New("terminfo: bad compiled entry")

// Entry is a terminal's compiled entry: its names and its capabilities,
// standard and extended. A capability absent or cancelled is not there.
type Entry struct {
	// Names are the entry's names as its first line gives them, the
	// last one its description.
	Names   []string
	bools   map[string]bool
	numbers map[string]int
	strs    map[string]string
}

// Flag is a boolean capability's value, as ncurses' tigetflag has it:
// every standard boolean is known (false when the entry lacks it), an
// extended one only when the entry has it.
func (e *Entry) Flag(name string) (value, known bool) {
	value, known = e.bools[name]
	return value, known
}

// Number is a numeric capability's value, when the entry has it.
func (e *Entry) Number(name string) (int, bool) {
	n, ok := e.numbers[name]
	return n, ok
}

// String is a string capability's value, when the entry has it.
func (e *Entry) String(name string) (string, bool) {
	s, ok := e.strs[name]
	return s, ok
}

// reader takes a compiled entry apart, in the order its sections come.
type reader struct {
	data []byte
	at   int
	err  error
}

func (r *reader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: "+format, append([]any{ErrFormat}, args...)...)
	}
}

// bytes takes the next n bytes, nil once the data has run out.
func (r *reader) bytes(n int, what string) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > len(r.data)-r.at {
		r.fail("%s: %d bytes past the end", what, n)
		return nil
	}
	b := r.data[r.at : r.at+n]
	r.at += n
	return b
}

// count reads a 16-bit count, which no valid entry has negative.
func (r *reader) count(what string) int {
	b := r.bytes(2, what)
	if b == nil {
		return 0
	}
	n := int(int16(binary.LittleEndian.Uint16(b)))
	if n < 0 {
		r.fail("%s: negative count %d", what, n)
		return 0
	}
	return n
}

// align skips the byte that pads a section to an even offset.
func (r *reader) align() {
	if r.at%2 == 1 && r.at < len(r.data) {
		r.at++
	}
}

// shorts reads n signed 16-bit values.
func (r *reader) shorts(n int, what string) []int {
	b := r.bytes(2*n, what)
	out := make([]int, 0, n)
	for i := 0; i+1 < len(b); i += 2 {
		out = append(out, int(int16(binary.LittleEndian.Uint16(b[i:]))))
	}
	return out
}

// numbers reads n numbers of the entry's width.
func (r *reader) numbers(n int, wide bool, what string) []int {
	if !wide {
		return r.shorts(n, what)
	}
	b := r.bytes(4*n, what)
	out := make([]int, 0, n)
	for i := 0; i+3 < len(b); i += 4 {
		out = append(out, int(int32(binary.LittleEndian.Uint32(b[i:]))))
	}
	return out
}

// stringAt is the NUL-terminated string at offset in table; false for
// an absent or cancelled one (a negative offset).
func (r *reader) stringAt(table []byte, offset int, what string) (string, bool) {
	if offset < 0 || r.err != nil {
		return "", false
	}
	if offset >= len(table) {
		r.fail("%s: offset %d past its table of %d bytes", what, offset, len(table))
		return "", false
	}
	end := bytes.IndexByte(table[offset:], 0)
	if end < 0 {
		r.fail("%s: unterminated string at %d", what, offset)
		return "", false
	}
	return string(table[offset : offset+end]), true
}

// Parse reads a compiled entry, in either of ncurses' formats, with its
// extended capabilities if it has them.
func Parse(data []byte) (*Entry, error) {
	r := &reader{data: data}
	magic := r.count("header")
	if r.err == nil && magic != magicLegacy && magic != magic32 {
		return nil, fmt.Errorf("%w: magic number %#o", ErrFormat, magic)
	}
	wide := magic == magic32
	namesSize, nBools, nNumbers := r.count("names' size"), r.count("booleans' count"), r.count("numbers' count")
	nStrings, tableSize := r.count("strings' count"), r.count("string table's size")
	if r.err == nil && (nBools > len(boolNames) || nNumbers > len(numberNames) || nStrings > len(stringNames)) {
		r.fail("more capabilities (%d, %d, %d) than terminfo has", nBools, nNumbers, nStrings)
	}
	names := r.bytes(namesSize, "names")
	if i := bytes.IndexByte(names, 0); i >= 0 {
		names = names[:i]
	}
	e := &Entry{
		Names: strings.Split(string(names), "|"),
		bools: map[string]bool{}, numbers: map[string]int{}, strs: map[string]string{},
	}
	for _, name := range boolNames {
		e.bools[name] = false
	}
	for i, b := range r.bytes(nBools, "booleans") {
		e.bools[boolNames[i]] = b == 1
	}
	r.align()
	for i, n := range r.numbers(nNumbers, wide, "numbers") {
		if n >= 0 {
			e.numbers[numberNames[i]] = n
		}
	}
	offsets := r.shorts(nStrings, "string offsets")
	table := r.bytes(tableSize, "string table")
	for i, offset := range offsets {
		if s, ok := r.stringAt(table, offset, stringNames[i]); ok {
			e.strs[stringNames[i]] = s
		}
	}
	if r.err == nil {
		r.align()
		if r.at < len(r.data) {
			r.extended(e, wide)
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	return e, nil
}

// extended reads the extended capabilities that follow the standard
// ones: their values, then a table holding the strings' values followed
// by every extended capability's name.
func (r *reader) extended(e *Entry, wide bool) {
	nBools, nNumbers, nStrings := r.count("extended booleans' count"), r.count("extended numbers' count"), r.count("extended strings' count")
	r.count("extended table's items")
	tableSize := r.count("extended table's size")
	bools := r.bytes(nBools, "extended booleans")
	r.align()
	numbers := r.numbers(nNumbers, wide, "extended numbers")
	valueOffsets := r.shorts(nStrings, "extended string offsets")
	nameOffsets := r.shorts(nBools+nNumbers+nStrings, "extended name offsets")
	table := r.bytes(tableSize, "extended table")
	if r.err != nil {
		return
	}
	values := make([]string, nStrings)
	valid := make([]bool, nStrings)
	namesStart := 0
	for i, offset := range valueOffsets {
		values[i], valid[i] = r.stringAt(table, offset, "extended string")
	}
	// The names start after the last string that has a value, as
	// ncurses finds them.
	for i := nStrings - 1; i >= 0; i-- {
		if valid[i] {
			namesStart = valueOffsets[i] + len(values[i]) + 1
			break
		}
	}
	if namesStart > len(table) {
		r.fail("extended names start past their table")
		return
	}
	name := func(i int) string {
		s, _ := r.stringAt(table[namesStart:], nameOffsets[i], "extended name")
		return s
	}
	for i, b := range bools {
		if n := name(i); n != "" {
			e.bools[n] = b == 1
		}
	}
	for i, v := range numbers {
		if n := name(nBools + i); n != "" && v >= 0 {
			e.numbers[n] = v
		}
	}
	for i := range nStrings {
		if n := name(nBools + nNumbers + i); n != "" && valid[i] {
			e.strs[n] = values[i]
		}
	}
}
