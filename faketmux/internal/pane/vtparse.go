package pane

import "math"

// vtState is a state of the screen's escape sequence parser: the DEC
// (VT500) states of https://vt100.net/emu/dec_ansi_parser, which tmux's
// input.c follows too.
type vtState uint8

const (
	stGround vtState = iota
	stCsiEntry
	stCsiIntermediate
	stCsiParam
	stDcsEntry
	stDcsIntermediate
	stDcsParam
	stDcsString
	stEscape
	stEscapeIntermediate
	stOscString
	stSosString
	stPmString
	stApcString
)

// vtAction is what the parser does with a byte.
type vtAction uint8

const (
	acIgnore   vtAction = iota
	acClear             // forget the sequence's parameters and command
	acCollect           // an intermediate byte
	acPrefix            // a private prefix (< = > ?)
	acDispatch          // the sequence is complete
	acExecute           // a C0 control
	acStart             // a string begins
	acPut               // a byte of a string
	acParam             // a parameter digit, or ; or :
	acPrint             // a printable character
)

// The packed parameters: a value, or missing, with a flag for one that a
// ':' followed (a sub-parameter comes next).
const (
	vtMaxParams = 32
	vtMore      = math.MinInt32
	vtMask      = ^vtMore
	vtMissing   = vtMask
)

// vtParam is one parameter of a CSI sequence.
type vtParam int

// value is the parameter, or def when it is missing.
func (p vtParam) value(def int) int {
	if v := int(p) & vtMask; v != vtMissing {
		return v
	}
	return def
}

// more reports whether a ':' followed the parameter.
func (p vtParam) more() bool { return p&vtMore != 0 }

// vtCmd is a sequence's final byte, private prefix and intermediate byte.
type vtCmd int

func (c vtCmd) final() byte        { return byte(c) }
func (c vtCmd) prefix() byte       { return byte(c >> 8) }
func (c vtCmd) intermediate() byte { return byte(c >> 16) }

// vtParser splits a program's 7-bit output into printable characters,
// controls, and ESC and CSI sequences; the screen reads the bytes of the
// top half (UTF-8) itself, and the OSC and APC strings. It keeps no
// string's data, which the screen has no use for. Its handlers are the
// screen's.
type vtParser struct {
	state   vtState
	params  [vtMaxParams]vtParam
	nparams int
	cmd     int

	print   func(r rune)
	execute func(b byte)
	csi     func(cmd vtCmd, params []vtParam)
	esc     func(cmd vtCmd)
}

// reset puts the parser back in ground.
func (p *vtParser) reset() {
	p.clear()
	p.state = stGround
}

func (p *vtParser) clear() {
	p.params[0] = vtMissing
	p.nparams = 0
	p.cmd = 0
}

// c0 reports whether b is a C0 control that the sequence states execute
// where they are: all but CAN, SUB and ESC, which end the sequence.
func c0(b byte) bool { return b < 0x20 && b != 0x18 && b != 0x1a && b != 0x1b }

// transition is the state and action for byte b (below 0x80) in state s.
func transition(s vtState, b byte) (vtState, vtAction) {
	// CAN and SUB end any sequence: strings end silently, the others
	// execute them; ESC begins a sequence, or ends a string.
	switch {
	case b == 0x18 || b == 0x1a:
		switch s {
		case stDcsString, stOscString, stSosString, stPmString, stApcString:
			return stGround, acIgnore
		}
		return stGround, acExecute
	case b == 0x1b:
		switch s {
		case stDcsString, stOscString, stSosString, stPmString, stApcString:
			return stEscape, acDispatch
		case stDcsEntry:
			return stDcsString, acPut
		}
		return stEscape, acClear
	}
	switch s {
	case stGround:
		switch {
		case b < 0x20 || b == 0x7f:
			return stGround, acExecute
		}
		return stGround, acPrint
	case stEscape:
		switch {
		case c0(b):
			return stEscape, acExecute
		case b == 0x7f:
			return stEscape, acIgnore
		case b <= 0x2f:
			return stEscapeIntermediate, acCollect
		case b == 'P':
			return stDcsEntry, acClear
		case b == 'X':
			return stSosString, acStart
		case b == '[':
			return stCsiEntry, acClear
		case b == ']':
			return stOscString, acStart
		case b == '^':
			return stPmString, acStart
		case b == '_':
			return stApcString, acStart
		}
		return stGround, acDispatch
	case stEscapeIntermediate:
		switch {
		case c0(b):
			return stEscapeIntermediate, acExecute
		case b == 0x7f:
			return stEscapeIntermediate, acIgnore
		case b <= 0x2f:
			return stEscapeIntermediate, acCollect
		}
		return stGround, acDispatch
	case stCsiEntry, stCsiParam:
		switch {
		case c0(b):
			return s, acExecute
		case b == 0x7f:
			return s, acIgnore
		case b <= 0x2f:
			return stCsiIntermediate, acCollect
		case b <= 0x3b:
			return stCsiParam, acParam
		case b <= 0x3f && s == stCsiEntry:
			return stCsiParam, acPrefix
		case b <= 0x3f:
			return stCsiParam, acIgnore
		}
		return stGround, acDispatch
	case stCsiIntermediate:
		switch {
		case c0(b):
			return stCsiIntermediate, acExecute
		case b == 0x7f:
			return stCsiIntermediate, acIgnore
		case b <= 0x2f:
			return stCsiIntermediate, acCollect
		case b <= 0x3f:
			return stGround, acIgnore
		}
		return stGround, acDispatch
	case stDcsEntry:
		switch {
		case b >= 0x08 && b <= 0x0d:
			return stDcsString, acPut
		case b < 0x20 || b == 0x7f:
			return stDcsEntry, acIgnore
		case b <= 0x2f:
			return stDcsIntermediate, acCollect
		case b <= 0x3b:
			return stDcsParam, acParam
		case b <= 0x3f:
			return stDcsParam, acPrefix
		}
		return stDcsString, acStart
	case stDcsParam:
		switch {
		case b < 0x20 || b == 0x7f:
			return stDcsParam, acIgnore
		case b <= 0x2f:
			return stDcsIntermediate, acCollect
		case b <= 0x3b:
			return stDcsParam, acParam
		case b <= 0x3f:
			return stDcsParam, acIgnore
		}
		return stDcsString, acStart
	case stDcsIntermediate:
		switch {
		case b < 0x20 || b == 0x7f:
			return stDcsIntermediate, acIgnore
		case b <= 0x2f:
			return stDcsIntermediate, acCollect
		}
		return stDcsString, acStart
	case stDcsString, stSosString, stPmString, stApcString:
		return s, acPut
	case stOscString:
		switch {
		case b == 0x07:
			return stGround, acDispatch
		case b < 0x20:
			return stOscString, acIgnore
		}
		return stOscString, acPut
	}
	return stGround, acIgnore
}

// advance takes one byte below 0x80.
func (p *vtParser) advance(b byte) {
	next, action := transition(p.state, b)
	if next != p.state && p.state == stEscape {
		// Entering escape leaves the last sequence's parameters, as a
		// string's end does: they are cleared on the way out.
		p.clear()
	}
	if b == 0x1b && p.state == stEscape {
		action = acExecute // ESC ESC: the first is a control of its own
	}
	p.perform(action, b)
	p.state = next
}

func (p *vtParser) perform(action vtAction, b byte) {
	switch action {
	case acClear:
		p.clear()
	case acPrint:
		p.cmd = int(b)
		p.print(rune(b))
	case acExecute:
		p.cmd = int(b)
		p.execute(b)
	case acPrefix:
		p.cmd = p.cmd&^(0xff<<8) | int(b)<<8
	case acCollect:
		p.cmd = p.cmd&^(0xff<<16) | int(b)<<16
	case acParam:
		if p.nparams >= vtMaxParams {
			break
		}
		if b >= '0' && b <= '9' {
			if p.params[p.nparams] == vtMissing {
				p.params[p.nparams] = 0
			}
			p.params[p.nparams] = p.params[p.nparams]*10 + vtParam(b-'0')
		}
		if b == ':' {
			p.params[p.nparams] |= vtMore
		}
		if b == ';' || b == ':' {
			p.nparams++
			if p.nparams < vtMaxParams {
				p.params[p.nparams] = vtMissing
			}
		}
	case acStart:
		if p.state >= stDcsEntry && p.state <= stDcsString {
			p.cmd |= int(b)
		} else {
			p.cmd = vtMissing
		}
	case acDispatch:
		// The last parameter counts once it has begun, as long as there
		// is room for it.
		if p.nparams > 0 && p.nparams < vtMaxParams-1 || p.nparams == 0 && p.params[0] != vtMissing {
			p.nparams++
		}
		switch p.state {
		case stCsiEntry, stCsiParam, stCsiIntermediate:
			p.cmd |= int(b)
			p.csi(vtCmd(p.cmd), p.params[:p.nparams])
		case stEscape, stEscapeIntermediate:
			p.cmd |= int(b)
			p.esc(vtCmd(p.cmd))
		}
	}
}
