package faketmux

import "testing"

func TestNearest256(t *testing.T) {
	for rgb, want := range map[int]int{0xff8000: 208, 0x005f87: 24, 0x828282: 244, 0x000000: 16, 0xffffff: 231, 0xeeeeee: 255} {
		if got := nearest256(rgb); got != want {
			t.Errorf("nearest256(%06x) = %d, want %d", rgb, got, want)
		}
	}
}
