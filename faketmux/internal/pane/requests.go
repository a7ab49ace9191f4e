package pane

import (
	"strconv"
	"time"
)

// A Request is what a program asked of tmux through a string sequence,
// which only the server can carry out: the screen reads the string as
// tmux's input.c does, and the server takes the requests (TakeRequests)
// and acts on them as tmux's exit handlers would.
type Request struct {
	Kind RequestKind
	// Text is the title, the path or the window name, the colour, what
	// follows OSC 4's or 104's option, or for Clipboard what follows OSC
	// 52's option: the selection, a semicolon and the data in base64, or
	// "?".
	Text string
	// BEL says the string ended with BEL rather than ST, which is how
	// tmux ends its answer to a query.
	BEL bool
}

// RequestKind is what a Request asks.
type RequestKind int

const (
	Title           RequestKind = iota // OSC 0 or 2, or APC: the pane's title
	Path                               // OSC 7: the pane's path
	Rename                             // ESC k: the window's name, if allow-rename is on
	Clipboard                          // OSC 52: a buffer, if set-clipboard is on
	Foreground                         // OSC 10: the pane's default foreground, or "?" for it
	Background                         // OSC 11: the pane's default background, or "?" for it
	ResetForeground                    // OSC 110
	ResetBackground                    // OSC 111
	// Palette is OSC 4: pairs of an index and a colour, or "?" for it.
	Palette
	// ResetPalette is OSC 104: the indexes to forget; none forgets the
	// whole palette and the default colours, as RIS does.
	ResetPalette
	Cursor      // OSC 12: the cursor's colour, or "?" for it
	ResetCursor // OSC 112
	// FocusReports is ?1004h from a program that had not asked for focus
	// reports: with focus-events on, it is told at once whether its pane
	// has the focus.
	FocusReports
)

// inputBufLimit is tmux's INPUT_BUF_LIMIT: a longer string is dropped.
const inputBufLimit = 1 << 20

// stringKind is which of tmux's string states a string is read in.
type stringKind int

const (
	oscString stringKind = iota
	apcString
	renameString
)

// stringSeq is a string sequence being read: its bytes so far, or that
// it grew too long (tmux's INPUT_DISCARD).
type stringSeq struct {
	kind    stringKind
	data    []byte
	discard bool
}

// stringTimeout is how long tmux reads a string (OSC, APC, DCS, SOS, PM,
// ESC k) before it gives up on it: input_start_timer's five seconds.
const stringTimeout = 5 * time.Second

// inString reports whether a string is being read, by the screen or by
// the parser.
func (s *Screen) inString() bool {
	switch s.parser.state {
	case stDcsEntry, stDcsIntermediate, stDcsParam, stDcsString, stSosString, stPmString:
		return true
	}
	return s.str != nil
}

// expireString is tmux's input_timer_callback, for output that comes
// after it would have fired: a string still unfinished stringTimeout
// after it began is dropped, and the pen and the parser are reset
// (input_reset without clearing), so what follows is drawn plainly. The
// string's bytes stay for capture-pane -P, as tmux drains them only when
// a sequence next ends.
func (s *Screen) expireString() {
	if !s.inString() || s.clock().Sub(s.stringStart) < stringTimeout {
		return
	}
	s.str = nil
	s.parser.reset()
	s.pen = pen{style: defaultStyle}
	s.last = -1
}

// startString takes over from the parser where tmux has a string state of
// its own: OSC and APC strings, which the parser would end and collect by
// other rules, and ESC k, which it does not know.
func (s *Screen) startString(kind stringKind) {
	s.str = &stringSeq{kind: kind}
	s.parser.reset()
}

// stringStarted reports whether the parser has just begun a string that
// the screen reads itself, and starts it.
func (s *Screen) stringStarted() bool {
	switch s.parser.state {
	case stOscString:
		s.startString(oscString)
	case stApcString:
		s.startString(apcString)
	default:
		return s.str != nil // ESC k, begun by its dispatch
	}
	return true
}

// stringByte is c within a string, as tmux's osc_string, apc_string and
// rename_string tables take it. It reports whether c ended the string
// and is still to be read as the input after it (ESC, CAN, SUB), as
// tmux's states do when they change.
func (s *Screen) stringByte(c byte) (again bool) {
	str := s.str
	switch {
	case c == 0x1b || c == 0x18 || c == 0x1a:
		s.endString(false)
		return true
	case c == 0x07 && str.kind == oscString:
		s.endString(true)
	case c < 0x20 || str.discard:
	case len(str.data) >= inputBufLimit-1:
		str.discard, str.data = true, nil
	default:
		str.data = append(str.data, c)
	}
	return false
}

// endString is tmux's exit handler of the string's state: a string that
// asks something of the server becomes a request.
func (s *Screen) endString(bel bool) {
	str := s.str
	s.str = nil
	if str.discard {
		return
	}
	text := string(str.data)
	switch str.kind {
	case apcString:
		s.request(Request{Kind: Title, Text: text})
	case renameString:
		s.request(Request{Kind: Rename, Text: text})
	case oscString:
		// input_exit_osc: an option number, then ';' or the end.
		i := 0
		for i < len(text) && text[i] >= '0' && text[i] <= '9' {
			i++
		}
		if i == 0 || i < len(text) && text[i] != ';' {
			return
		}
		option, err := strconv.Atoi(text[:i])
		if err != nil {
			return
		}
		if i < len(text) {
			i++
		}
		switch option {
		case 0, 2:
			s.request(Request{Kind: Title, Text: text[i:]})
		case 7:
			s.request(Request{Kind: Path, Text: text[i:]})
		case 4:
			s.request(Request{Kind: Palette, Text: text[i:], BEL: bel})
		case 10:
			s.request(Request{Kind: Foreground, Text: text[i:], BEL: bel})
		case 11:
			s.request(Request{Kind: Background, Text: text[i:], BEL: bel})
		case 12:
			s.request(Request{Kind: Cursor, Text: text[i:], BEL: bel})
		case 52:
			s.request(Request{Kind: Clipboard, Text: text[i:], BEL: bel})
		case 104:
			s.request(Request{Kind: ResetPalette, Text: text[i:]})
		// 110, 111 and 112 reset only with nothing after the option.
		case 110:
			if i == len(text) {
				s.request(Request{Kind: ResetForeground})
			}
		case 111:
			if i == len(text) {
				s.request(Request{Kind: ResetBackground})
			}
		case 112:
			if i == len(text) {
				s.request(Request{Kind: ResetCursor})
			}
		}
	}
}

func (s *Screen) request(r Request) {
	s.requests = append(s.requests, r)
	s.requested.Store(true)
}

// TakeRequests returns the requests the program made since the last call.
// The server asks before every command, so a screen with none answers
// without its lock.
func (s *Screen) TakeRequests() []Request {
	if !s.requested.Load() {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.requests
	s.requests = nil
	s.requested.Store(false)
	return r
}
