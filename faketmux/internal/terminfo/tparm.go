package terminfo

import (
	"strconv"
	"strings"
)

// Tparm instantiates a parameterised string capability with up to nine
// numeric parameters, as ncurses' tparm does: terminfo's stack language of
// %p, %d, %c, %{n}, %'c', arithmetic, comparisons, %i and %? %t %e %;.
// What cannot be read is left out, as ncurses leaves it.
func Tparm(s string, params ...int) string {
	var p [9]int
	copy(p[:], params)
	var stack []int
	var vars [52]int // %Pa..%Pz, then %PA..%PZ
	pop := func() int {
		if len(stack) == 0 {
			return 0
		}
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		return v
	}
	varIndex := func(c byte) int {
		switch {
		case c >= 'a' && c <= 'z':
			return int(c - 'a')
		case c >= 'A' && c <= 'Z':
			return 26 + int(c-'A')
		}
		return -1
	}
	var out strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			out.WriteByte(s[i])
			continue
		}
		i++
		if i == len(s) {
			break
		}
		c := s[i]
		switch {
		case c == '%':
			out.WriteByte('%')
		case c == 'd' || c == 'c' || c == 's' || c == 'x' || c == 'X' || c == 'o' ||
			c == ':' || c == '.' || c >= '0' && c <= '9':
			// A printf conversion, with its flags, width and precision.
			start := i
			if c == ':' {
				i++
				start = i
			}
			for i < len(s) && strings.IndexByte("-+# .0123456789", s[i]) >= 0 {
				i++
			}
			if i == len(s) {
				return out.String()
			}
			spec := s[start:i]
			v := pop()
			switch s[i] {
			case 'd':
				out.WriteString(pad(spec, strconv.Itoa(v)))
			case 'x':
				out.WriteString(pad(spec, strconv.FormatInt(int64(v), 16)))
			case 'X':
				out.WriteString(pad(spec, strings.ToUpper(strconv.FormatInt(int64(v), 16))))
			case 'o':
				out.WriteString(pad(spec, strconv.FormatInt(int64(v), 8)))
			case 'c':
				out.WriteByte(byte(v))
			case 's':
				out.WriteString(pad(spec, strconv.Itoa(v)))
			}
		case c == 'p':
			if i+1 < len(s) && s[i+1] >= '1' && s[i+1] <= '9' {
				i++
				stack = append(stack, p[s[i]-'1'])
			}
		case c == 'P' || c == 'g':
			if i+1 < len(s) {
				i++
				if n := varIndex(s[i]); n >= 0 {
					if c == 'P' {
						vars[n] = pop()
					} else {
						stack = append(stack, vars[n])
					}
				}
			}
		case c == '\'':
			if i+2 < len(s) && s[i+2] == '\'' {
				stack = append(stack, int(s[i+1]))
				i += 2
			}
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return out.String()
			}
			n, _ := strconv.Atoi(s[i+1 : i+end])
			stack = append(stack, n)
			i += end
		case c == 'l':
			stack = append(stack, len(strconv.Itoa(pop())))
		case c == 'i':
			p[0]++
			p[1]++
		case c == '!':
			stack = append(stack, boolInt(pop() == 0))
		case c == '~':
			stack = append(stack, ^pop())
		case strings.IndexByte("+-*/m&|^=<>AO", c) >= 0:
			b, a := pop(), pop()
			stack = append(stack, operate(c, a, b))
		case c == '?' || c == ';':
		case c == 't':
			if pop() == 0 {
				i = skipConditional(s, i+1, true)
			}
		case c == 'e':
			i = skipConditional(s, i+1, false)
		}
	}
	return out.String()
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// operate is one of terminfo's two-operand operators on a and b.
func operate(op byte, a, b int) int {
	switch op {
	case '+':
		return a + b
	case '-':
		return a - b
	case '*':
		return a * b
	case '/':
		if b == 0 {
			return 0
		}
		return a / b
	case 'm':
		if b == 0 {
			return 0
		}
		return a % b
	case '&':
		return a & b
	case '|':
		return a | b
	case '^':
		return a ^ b
	case '=':
		return boolInt(a == b)
	case '<':
		return boolInt(a < b)
	case '>':
		return boolInt(a > b)
	case 'A':
		return boolInt(a != 0 && b != 0)
	}
	return boolInt(a != 0 || b != 0) // 'O'
}

// skipConditional is where to go on from at, inside a %? ... %; after a
// false %t (to its %e or %;) or at an %e reached (to its %;): the index of
// the last byte skipped, nested conditionals passed over.
func skipConditional(s string, at int, toElse bool) int {
	depth := 0
	for i := at; i+1 < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		i++
		switch s[i] {
		case '?':
			depth++
		case ';':
			if depth == 0 {
				return i
			}
			depth--
		case 'e':
			if depth == 0 && toElse {
				return i
			}
		}
	}
	return len(s)
}

// pad is a printf conversion's flags and width applied to a number.
func pad(spec, digits string) string {
	// A precision is not used by terminals' numbers.
	spec, _, _ = strings.Cut(spec, ".")
	width, zero, left := 0, false, false
	for j := 0; j < len(spec); j++ {
		switch c := spec[j]; {
		case c == '-':
			left = true
		case c == '0' && width == 0:
			zero = true
		case c >= '0' && c <= '9':
			width = width*10 + int(c-'0')
		}
	}
	if len(digits) >= width {
		return digits
	}
	fill := strings.Repeat(" ", width-len(digits))
	switch {
	case left:
		return digits + fill
	case zero:
		return strings.Repeat("0", width-len(digits)) + digits
	}
	return fill + digits
}
