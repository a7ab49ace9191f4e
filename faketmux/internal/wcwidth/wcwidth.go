// Package wcwidth is the C library's wcwidth as tmux 3.3a calls it on
// the machine the emulator follows (Debian 12's glibc, in a UTF-8
// locale): how many columns a character takes, 0 for one that combines
// with the character before it, and -1 for one the library gives no
// width, which tmux drops from a screen and shows as _ in a format.
//
// The table is generated from the library itself (go generate, with cgo
// on such a machine), so that widths follow what tmux measured rather
// than a Unicode version of another library's choosing.
package wcwidth

//go:generate go run gen.go

import "sort"

// span is a run of characters of one width.
type span struct {
	lo, hi rune
	width  int8
}

// Of is r's width.
func Of(r rune) int {
	switch {
	case r >= 0x20 && r < 0x7f:
		return 1
	case r < 0 || r > 0x10ffff:
		return -1
	}
	i := sort.Search(len(ranges), func(i int) bool { return ranges[i].hi >= r })
	if i < len(ranges) && ranges[i].lo <= r {
		return int(ranges[i].width)
	}
	return 1
}
