package tmuxcli

import (
	"fmt"
	"strconv"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/terminfo"
)

// The errors of tmux's client when ncurses' setupterm refuses its TERM.
const (
	errUnsuitableTerminal = "missing or unsuitable terminal: %s"
	errHardcopyTerminal   = "can't use hardcopy terminal: %s"
)

// Terminfo is what tmux 3.3a's client sends its server of its terminal
// (tty_term_read_list): for each of TermCodes its terminfo entry has,
// "name=value", a flag's value 1 or 0. Every standard flag is had, an
// absent one as 0. getenv is the client's environment, where the
// database's directories are found. A terminal ncurses' setupterm refuses
// is tmux's error: one not in the database, a generic one that cannot
// clear and move the cursor, a hardcopy one.
func Terminfo(term string, getenv func(string) string) ([]string, error) {
	e, err := terminfo.Load(term, terminfo.Dirs(getenv))
	if err != nil {
		return nil, fmt.Errorf(errUnsuitableTerminal, term)
	}
	if generic, _ := e.Flag("gn"); generic && !canAddress(e) {
		return nil, fmt.Errorf(errUnsuitableTerminal, term)
	}
	if hardcopy, _ := e.Flag("hc"); hardcopy {
		return nil, fmt.Errorf(errHardcopyTerminal, term)
	}
	var caps []string
	for _, code := range TermCodes {
		var value string
		var ok bool
		switch code.Type {
		case CapString:
			value, ok = e.String(code.Name)
		case CapNumber:
			var n int
			n, ok = e.Number(code.Name)
			value = strconv.Itoa(n)
		case CapFlag:
			var on bool
			on, ok = e.Flag(code.Name)
			value = "0"
			if on {
				value = "1"
			}
		}
		if ok {
			caps = append(caps, code.Name+"="+value)
		}
	}
	return caps, nil
}

// canAddress is ncurses' check that a generic entry (gn) is no mistake:
// it clears the screen and moves the cursor anywhere.
func canAddress(e *terminfo.Entry) bool {
	_, cup := e.String("cup")
	_, cud1 := e.String("cud1")
	_, home := e.String("home")
	_, clear := e.String("clear")
	return (cup || cud1 && home) && clear
}
