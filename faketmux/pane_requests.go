package faketmux

import (
	"encoding/base64"
	"strings"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/pane"
)

// checkRequests carries out what the panes' programs asked of tmux in
// string sequences since the last look (see pane.Request), as tmux's
// input.c does when it reads them; the emulator looks where it looks for
// alerts.
func (c *client) checkRequests() {
	for _, s := range c.st.sessions {
		for _, w := range s.winlinks {
			for _, p := range w.panes {
				if p.prog == nil {
					continue
				}
				for _, r := range p.prog.TakeRequests() {
					c.carryOut(p, r)
				}
			}
		}
	}
}

func (c *client) carryOut(p *paneState, r pane.Request) {
	st := c.st
	switch r.Kind {
	case pane.Title:
		st.setTitle(p, r.Text)
	case pane.Path:
		if validText(r.Text) {
			p.path = r.Text
		}
	case pane.Rename:
		// input_exit_rename: with allow-rename, a name turns
		// automatic-rename off; none puts the window's own value back.
		w := p.window
		if p.opts().get("allow-rename") != "on" || !validText(r.Text) {
			return
		}
		if r.Text != "" {
			w.options.values["automatic-rename"] = "off"
			w.setName(r.Text)
		} else {
			w.options.unset("automatic-rename", -1)
			if w.options.get("automatic-rename") == "on" {
				return
			}
			w.setName("")
		}
		st.notify(event{kind: eventWindowRenamed, w: w})
	case pane.Clipboard:
		c.clipboardRequest(p, r)
	case pane.Foreground, pane.Background:
		c.colourRequest(p, r)
	case pane.ResetForeground:
		p.paletteFg, p.styleChanged = "", true
	case pane.ResetBackground:
		p.paletteBg, p.styleChanged = "", true
	case pane.Palette:
		p.setPalette(r)
	case pane.ResetPalette:
		p.resetPalette(r.Text)
	case pane.Cursor:
		p.cursorRequest(r)
	case pane.ResetCursor:
		p.cursorColour = ""
	case pane.FocusReports:
		if st.focusEvents() {
			p.prog.Write(focusReport(p.focused))
		}
	}
}

// colourRequest is tmux's input_osc_10 and input_osc_11: a colour sets
// the pane's default foreground (background); "?" asks for it, which
// tmux answers only when it is a colour of its own, not the terminal's
// default.
func (c *client) colourRequest(p *paneState, r pane.Request) {
	bg := r.Kind == pane.Background
	n := 10
	if bg {
		n = 11
	}
	if r.Text == "?" {
		p.replyColour(n, defaultColour(p, bg, c.formatFor(p).expand), r.BEL)
		return
	}
	if colour, ok := oscColour(r.Text); ok {
		if bg {
			p.paletteBg = colour
		} else {
			p.paletteFg = colour
		}
		p.styleChanged = true
	}
}

// setTitle is tmux's screen_set_title and what follows it: a title that
// is not valid text is ignored.
func (st *state) setTitle(p *paneState, title string) {
	if validText(title) {
		p.title = title
		st.notify(event{kind: eventSilent, hook: "pane-title-changed", p: p})
	}
}

// clipboardRequest is tmux's input_osc_52, with set-clipboard on: the
// data, in base64 after the selection and a semicolon, goes to the
// terminals' clipboards and becomes an automatic buffer; "?" asks for the newest buffer, which the program is
// sent in the same form.
func (c *client) clipboardRequest(p *paneState, r pane.Request) {
	st := c.st
	if st.options.get("set-clipboard") != "on" {
		return
	}
	_, data, ok := strings.Cut(r.Text, ";")
	if !ok || data == "" {
		return
	}
	if data == "?" {
		end := "\x1b\\"
		if r.BEL {
			end = "\a"
		}
		var reply string
		if b := st.buffers.top(); b != nil {
			reply = base64.StdEncoding.EncodeToString(b.data)
		}
		p.prog.Write([]byte(clipboardString(reply, end)))
		return
	}
	if len(data)/4*3 == 0 {
		return
	}
	decoded, err := decodeClipboard(data)
	if err != nil {
		return
	}
	st.paneClipboard(p, decoded)
	st.notify(event{kind: eventSilent, p: p, hook: "pane-set-clipboard"})
	st.buffers.add(decoded, st.options.bufferLimit(), c.s.now())
}
