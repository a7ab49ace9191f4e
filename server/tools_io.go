package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// The tools that type into panes: send_keys, and the others of
// libtmux-mcp's pane I/O.

var ioTools = []tool{
	newTool(tool{
		name:  "send_keys",
		title: "Send Keys",
		desc: "Type into a pane: keys (tmux key names such as C-c or Enter, or text) and, with enter, Enter after them. " +
			"For raw input: keys for a program, partial input, an interrupt. For a shell command whose output and exit " +
			"status you need, use run_command; to see what it printed, capture_since. Set enter false for control keys.",
		tier:        TierMutating,
		annotations: annShell,
	}, (*Server).sendKeys),
}

type sendKeysArgs struct {
	Keys string `json:"keys" payload:"true" desc:"What to type: a tmux key name (C-c, Escape, Up) or text, which tmux types as it is; with literal, always as text. The audit log records only its length and a digest."`
	paneRef
	Enter           bool `json:"enter" default:"true" desc:"Press Enter after the keys. Set it false for control keys such as C-c."`
	Literal         bool `json:"literal" default:"false" desc:"Type the keys as characters, never as key names (send-keys -l): ESC, control characters and any Unicode character go as they are."`
	SuppressHistory bool `json:"suppress_history" default:"false" desc:"Put a space before the keys, which shells that ignore space-led commands (HISTCONTROL=ignorespace) keep out of their history."`
	onSocket
}

var errKeysNotSendable = errors.New("keys must be text tmux can send: UTF-8, without NUL")

func (s *Server) sendKeys(ctx context.Context, a sendKeysArgs) (string, error) {
	socket, err := a.socket()
	if err != nil {
		return "", err
	}
	target, err := a.target()
	if err != nil {
		return "", err
	}
	line, err := keysLine(target, a.Keys, a.Literal, a.SuppressHistory, a.Enter)
	if err != nil {
		return "", err
	}
	out, err := s.tmux(ctx, socket, nil, append(line, withTarget(target, "display-message", "-p", "#{pane_id}")...)...)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Keys sent to pane %s", strings.TrimSpace(string(out))), nil
}

// keysLine is the send-keys of keys into target, as libtmux sends them:
// the keys as one argument (a key name, or text that is no key name, which
// tmux types as it is), then Enter as its own key. It ends with ";" for
// the command after it.
func keysLine(target, keys string, literal, suppressHistory, enter bool) ([]string, error) {
	if !utf8.ValidString(keys) || strings.Contains(keys, "\x00") {
		return nil, validationError(errKeysNotSendable)
	}
	if suppressHistory {
		keys = " " + keys
	}
	send := []string{"send-keys"}
	if literal {
		send = append(send, "-l")
	}
	// "--": keys that start with '-' are keys, not flags.
	line := append(withTarget(target, send...), "--", keys, ";")
	if enter {
		line = append(append(line, withTarget(target, "send-keys")...), "Enter", ";")
	}
	return line, nil
}
