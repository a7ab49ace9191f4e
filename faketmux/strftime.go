package faketmux

import (
	"strconv"
	"strings"
	"time"
)

// strftimeMax is the size of the buffer tmux gives strftime for a format:
// a longer result expands to nothing.
const strftimeMax = 8192

// strftime is the C library's strftime(3) in the C locale, as glibc reads
// the format: the conversions, the flags _ - 0 ^ #, a width, and E and O
// (which change nothing in this locale); an unknown conversion is copied.
// A result of strftimeMax bytes or more is "", as tmux's buffer takes
// none, and is never built: a width can ask for gigabytes.
func strftime(format string, t time.Time) string {
	t = t.Local()
	var out strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			out.WriteByte(format[i])
			continue
		}
		start := i
		i++
		for i < len(format) && strings.IndexByte("_-0^#", format[i]) >= 0 {
			i++
		}
		flags := format[start+1 : i]
		width := -1
		for j := i; j < len(format) && format[j] >= '0' && format[j] <= '9'; j++ {
			width = min(max(width, 0)*10+int(format[j]-'0'), strftimeMax)
			i = j + 1
		}
		if i < len(format) && (format[i] == 'E' || format[i] == 'O') {
			i++
		}
		if i >= len(format) {
			out.WriteString(format[start:])
			break
		}
		conv, ok := strftimeConv(format[i], t, flags, width)
		if !ok {
			conv = format[start : i+1]
		}
		if out.Len()+len(conv) >= strftimeMax {
			return ""
		}
		out.WriteString(conv)
	}
	if out.Len() >= strftimeMax {
		return ""
	}
	return out.String()
}

// strftimeConv is one conversion with its flags and width (-1: none).
func strftimeConv(c byte, t time.Time, flags string, width int) (string, bool) {
	num := func(n, digits int, pad byte) (string, bool) {
		return padNumber(n, digits, pad, flags, width), true
	}
	str := func(s string, swapLower bool) (string, bool) {
		if strings.Contains(flags, "^") || strings.Contains(flags, "#") && !swapLower {
			s = strings.ToUpper(s)
		} else if strings.Contains(flags, "#") {
			s = strings.ToLower(s)
		}
		return padString(s, flags, width), true
	}
	sub := func(format string) (string, bool) { return padString(strftime(format, t), flags, width), true }
	hour12 := t.Hour() % 12
	if hour12 == 0 {
		hour12 = 12
	}
	isoYear, isoWeek := t.ISOWeek()
	yday := t.YearDay() - 1
	wday := int(t.Weekday())
	switch c {
	case 'a':
		return str(t.Format("Mon"), false)
	case 'A':
		return str(t.Format("Monday"), false)
	case 'b', 'h':
		return str(t.Format("Jan"), false)
	case 'B':
		return str(t.Format("January"), false)
	case 'c':
		return sub("%a %b %e %H:%M:%S %Y")
	case 'C':
		return num(t.Year()/100, 2, '0')
	case 'd':
		return num(t.Day(), 2, '0')
	case 'D', 'x':
		return sub("%m/%d/%y")
	case 'e':
		return num(t.Day(), 2, ' ')
	case 'F':
		return sub("%Y-%m-%d")
	case 'g':
		return num(isoYear%100, 2, '0')
	case 'G':
		return num(isoYear, 1, '0')
	case 'H':
		return num(t.Hour(), 2, '0')
	case 'I':
		return num(hour12, 2, '0')
	case 'j':
		return num(yday+1, 3, '0')
	case 'k':
		return num(t.Hour(), 2, ' ')
	case 'l':
		return num(hour12, 2, ' ')
	case 'm':
		return num(int(t.Month()), 2, '0')
	case 'M':
		return num(t.Minute(), 2, '0')
	case 'n':
		return padString("\n", flags, width), true
	case 'p':
		return str(t.Format("PM"), true)
	case 'P':
		return str(strings.ToLower(t.Format("PM")), false)
	case 'r':
		return sub("%I:%M:%S %p")
	case 'R':
		return sub("%H:%M")
	case 's':
		return num(int(t.Unix()), 1, ' ')
	case 'S':
		return num(t.Second(), 2, '0')
	case 't':
		return padString("\t", flags, width), true
	case 'T', 'X':
		return sub("%H:%M:%S")
	case 'u':
		return num((wday+6)%7+1, 1, '0')
	case 'U':
		return num((yday+7-wday)/7, 2, '0')
	case 'V':
		return num(isoWeek, 2, '0')
	case 'w':
		return num(wday, 1, '0')
	case 'W':
		return num((yday+7-(wday+6)%7)/7, 2, '0')
	case 'y':
		return num(t.Year()%100, 2, '0')
	case 'Y':
		return num(t.Year(), 1, '0')
	case 'z':
		_, off := t.Zone()
		sign := '+'
		if off < 0 {
			sign, off = '-', -off
		}
		return string(sign) + padNumber(off/3600*100+off%3600/60, 4, '0', flags, width-1), true
	case 'Z':
		name, _ := t.Zone()
		return str(name, true)
	case '%':
		return padString("%", flags, width), true
	}
	return "", false
}

// padNumber pads n to its conversion's digits with its padding, or as the
// flags and width say, as glibc does.
func padNumber(n, digits int, pad byte, flags string, width int) string {
	s := strconv.Itoa(n)
	switch {
	case strings.Contains(flags, "-"):
		// No padding of its own, but a width still pads with spaces.
		digits, pad = 0, ' '
	case strings.Contains(flags, "_"):
		pad = ' '
	case strings.Contains(flags, "0"):
		pad = '0'
	}
	if width >= 0 {
		digits = width
	}
	if len(s) < digits {
		s = strings.Repeat(string(pad), digits-len(s)) + s
	}
	return s
}

// padString pads a word on the left to width, with spaces or the 0 flag's
// zeros (the - flag does not stop a width).
func padString(s string, flags string, width int) string {
	if width <= len(s) {
		return s
	}
	pad := " "
	if strings.Contains(flags, "0") {
		pad = "0"
	}
	return strings.Repeat(pad, width-len(s)) + s
}
