package terminfo

import "testing"

func TestTparm(t *testing.T) {
	const setaf256 = "\x1b[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;m"
	for _, c := range []struct {
		s      string
		params []int
		want   string
	}{
		{"\x1b[3%p1%dm", []int{1}, "\x1b[31m"},
		{"\x1b[3%p1%dm", []int{9}, "\x1b[39m"},
		{setaf256, []int{3}, "\x1b[33m"},
		{setaf256, []int{12}, "\x1b[94m"},
		{setaf256, []int{196}, "\x1b[38;5;196m"},
		{"\x1b[38;2;%p1%d;%p2%d;%p3%dm", []int{1, 2, 3}, "\x1b[38;2;1;2;3m"},
		{"\x1b[%i%p1%d;%p2%dH", []int{4, 9}, "\x1b[5;10H"},
		{"%p1%02d|%p1%3d|%p1%x|%p1%:-3d|", []int{7}, "07|  7|7|7  |"},
		// %- is a subtraction; %:- a left-justified width.
		{"%p1%-3d", []int{7}, "3d"},
		{"%p1%c%'A'%c%{66}%c", []int{'z'}, "zAB"},
		{"%p1%Pa%ga%ga%*%d", []int{6}, "36"},
		// linux's setaf: its colours other than 0 to 7 are left out.
		{"\x1b[3%p1%{8}%m%d%?%p1%{7}%>%t;1%e;22%;m", []int{9}, "\x1b[31;1m"},
		{"%?%p1%t%?%p2%ta%eb%;%ec%;", []int{1, 0}, "b"},
		{"%?%p1%t%?%p2%ta%eb%;%ec%;", []int{0, 1}, "c"},
		{"%p1%!%d%p1%~%d%p1%l%d%{5}%{0}%/%d", []int{10}, "0-1120"},
		{"trailing %", nil, "trailing "},
		{"%{12", nil, ""},
		{"%p1%3", []int{1}, ""},
	} {
		if got := Tparm(c.s, c.params...); got != c.want {
			t.Errorf("Tparm(%q, %v) = %q, want %q", c.s, c.params, got, c.want)
		}
	}
}
