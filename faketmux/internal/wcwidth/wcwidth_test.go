package wcwidth

import "testing"

// TestOf holds glibc 2.36's widths for characters of each kind, among
// them some where go-runewidth differs; the differential case "character
// widths" checks such characters in a pane against tmux.
func TestOf(t *testing.T) {
	for _, c := range []struct {
		r    rune
		want int
	}{
		{'a', 1}, {'~', 1},
		{'\t', -1}, {0x7f, -1}, {0x85, -1}, // control characters
		{0xad, 1},     // soft hyphen: a column in glibc
		{0x301, 0},    // combining acute accent
		{0x591, 0},    // Hebrew accent etnahta
		{0x93e, 1},    // Devanagari vowel sign aa, spacing
		{0x2630, 1},   // trigram for heaven: wide only since Unicode 16
		{0x3248, 2},   // circled number ten on black square
		{0x4e00, 2},   // CJK ideograph
		{0xfe0f, 0},   // variation selector
		{0x1f600, 2},  // emoji
		{0x1fae8, -1}, // emoji of Unicode 15, after glibc 2.36's tables
		{0x378, -1},   // unassigned
		{0xd800, -1},  // a surrogate, no character
		{0x10ffff, -1},
		{0x110000, -1}, {-1, -1},
	} {
		if got := Of(c.r); got != c.want {
			t.Errorf("Of(%U) = %d, want %d", c.r, got, c.want)
		}
	}
}

// TestRanges checks the generated table's shape, which Of's search relies
// on: in order, apart, each a width other than 1, and no two runs of one
// width that touch.
func TestRanges(t *testing.T) {
	for i, s := range ranges {
		if s.lo > s.hi || s.width == 1 || s.width < -1 || s.width > 2 {
			t.Fatalf("span %d: %+v", i, s)
		}
		if i == 0 {
			continue
		}
		prev := ranges[i-1]
		if prev.hi >= s.lo || prev.hi+1 == s.lo && prev.width == s.width {
			t.Fatalf("spans %d and %d: %+v %+v", i-1, i, prev, s)
		}
	}
}
