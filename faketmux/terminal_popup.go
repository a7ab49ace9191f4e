package faketmux

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/keys"
	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/pane"
)

// popupTerm is a display-popup drawn on a terminal client, as tmux's
// popup_data keeps it: the box at px, py, sx by sy, its border lines and
// style and title, and the job's terminal, a screen of the box's inside.
type popupTerm struct {
	px, py, sx, sy int
	lines          string // popup-border-lines' choice; "none" for -B
	title          string
	border         drawStyle
	prog           *pane.Pane
	exited         bool // the job has exited (tmux's pd->job is NULL)
}

// popupBorderSets add popup-border-lines' own to the pane border sets.
var popupBorderSets = map[string][]string{
	"rounded": {"", "│", "─", "╭", "╮", "╰", "╯", "┳", "┻", "┣", "┫", "╋", "·"},
	"padded":  {" ", " ", " ", " ", " ", " ", " ", " ", " ", " ", " ", " ", " "},
}

// terminalPopup opens display-popup on terminal client tc, as tmux's
// cmd_display_popup_exec and popup_display do: -w and -h (half the
// client's size by default, a number or a percentage of it), -x and -y
// placed as display-menu's, -b or -B the border lines, -S and
// popup-border-style its colours, -T a title; the command (or, with
// none, default-command, else the shell) runs in a terminal of the
// box's inside. A popup too small for its border, or too large for the
// client, is not opened. ok is false when it was not.
func (c *client) terminalPopup(it *cmdItem, tc *controlClient, pop *popup) (ok bool, err error) {
	a, t := it.args, it.target
	sx, sy := tc.size.sx, tc.size.sy
	h, w := sy/2, sx/2
	if v, given := a.get('h'); given {
		n, err := stringPercentage(v, 1, sy, sy)
		if err != nil {
			return false, errorf(errHeight, err.Error())
		}
		h = n
	}
	if v, given := a.get('w'); given {
		n, err := stringPercentage(v, 1, sx, sx)
		if err != nil {
			return false, errorf(errWidth, err.Error())
		}
		w = n
	}
	w, h = min(w, sx), min(h, sy)
	px, py, fits := c.menuPosition(it, tc, w, h)
	if !fits {
		return false, nil
	}
	o := t.s.current.options
	lines := o.get("popup-border-lines")
	if v, given := a.get('b'); given {
		if !slices.Contains([]string{"single", "double", "heavy", "simple", "rounded", "padded", "none"}, v) {
			return false, errorf(errPopupBorderLines, v)
		}
		lines = v
	}
	if a.has('B') {
		lines = "none"
	}
	jx, jy := w-2, h-2
	if lines == "none" {
		jx, jy = w, h
	}
	if jx < 1 || jy < 1 || sx < w || sy < h {
		return false, nil
	}
	f := c.formatForTarget(t)
	border := parseDrawStyle(drawStyle{}, f.expand(o.get("popup-border-style")))
	if v, given := a.get('S'); given {
		s := parseDrawStyle(drawStyle{}, v)
		border.fg, border.bg = s.fg, s.bg
	}
	border.attrs = nil
	pt := &popupTerm{px: px, py: py, sx: w, sy: h, lines: lines, border: border}
	if v, given := a.get('T'); given {
		pt.title = f.expand(v)
	}
	dir := c.jobDir(t.s)
	if v, given := a.get('d'); given {
		dir = f.expand(v)
	}
	env := c.sessionEnviron(t.s, !c.inConfig)
	for _, kv := range allValues(a, 'e') {
		env.put(kv)
	}
	var argv []string
	arg0 := ""
	text := ""
	switch len(a.values) {
	case 0:
		text = t.s.options.get("default-command")
	case 1:
		text = a.values[0]
	}
	switch {
	case len(a.values) > 1:
		argv = a.values
	case text != "":
		argv, arg0 = []string{"/bin/sh", "-c", text}, "sh"
	default:
		argv = []string{t.s.options.get("default-shell")}
		arg0 = filepath.Base(argv[0])
	}
	prog, err := pane.Start(pane.Options{Argv: argv, Arg0: arg0, Dir: dir, Env: env.pushed(), Cols: jx, Rows: jy,
		Output: func([]byte) { tc.poke() }})
	if err != nil {
		return false, nil // tmux's job_run fails, and the command says nothing
	}
	pt.prog = prog
	pop.term = pt
	c.s.later(c.st, func() { <-prog.Exited() }, func(c *client) {
		pt.exited = true
		status, signal := prog.ExitStatus()
		pop.status = status
		if signal != 0 {
			pop.status = signal // as popup_job_complete_cb has it
		}
		if tc.popup == pop && (pop.closeOnExit || pop.closeOnSuccess && pop.status == 0) {
			tc.closePopup()
		}
		tc.poke()
	})
	tc.poke()
	return true, nil
}

// popupKey is a key typed into a terminal client with a popup open, as
// tmux's popup_key_cb takes it (before any key table, the prefix too):
// Escape and C-c close a popup opened without -E, or whose job has
// exited; while the job runs every other key goes to it.
func (c *client) popupKey(pop *popup, key keys.Code, raw []byte) {
	pt := pop.term
	closes := !pop.closeOnExit && !pop.closeOnSuccess || pt.exited
	if closes && (key == keys.Code('\x1b') || key == keys.Code('\x03') || key.String() == "Escape" || key.String() == "C-c") {
		c.control.closePopup()
		return
	}
	if !pt.exited && !isFocusKey(key) {
		pt.prog.Write(raw)
	}
}

// popupDraw draws the popup over the client's terminal as popup_draw_cb
// does: its box (screen_write_box: the border lines in the border's
// colours, the title from the third cell of the top line), and inside
// it the job's screen.
func (c *client) popupDraw(out *strings.Builder, pt *popupTerm) {
	rows := make([]string, pt.sy)
	content, _ := pt.prog.Capture(paneCapture)
	inner := strings.Split(strings.TrimSuffix(string(content), "\n"), "\n")
	jx, off := pt.sx, 0
	if pt.lines != "none" {
		jx, off = pt.sx-2, 1
	}
	set := borderSets[pt.lines]
	if s, ok := popupBorderSets[pt.lines]; ok {
		set = s
	}
	if set == nil {
		set = borderSets["single"]
	}
	b := pt.border.sgr()
	for y := range pt.sy {
		line := ""
		if y-off >= 0 && y-off < len(inner) {
			line = inner[y-off]
		}
		body := "\x1b[0m" + fitLine(line, jx, false) + "\x1b[0m"
		switch {
		case off == 0:
			rows[y] = body
		case y == 0:
			top := set[cellTopLeft] + strings.Repeat(set[cellLeftRight], pt.sx-2) + set[cellTopRight]
			if pt.title != "" && pt.sx > 4 {
				cells := []string{set[cellTopLeft], set[cellLeftRight]}
				drawn := formatCells(pt.title, pt.border, pt.sx-4)
				for _, cell := range drawn {
					if cell == "" {
						cell = set[cellLeftRight]
					}
					if cell != skipCell {
						cells = append(cells, cell+b)
					}
				}
				for range pt.sx - 4 - len(drawn) {
					cells = append(cells, set[cellLeftRight])
				}
				top = strings.Join(append(cells, set[cellLeftRight], set[cellTopRight]), "")
			}
			rows[y] = b + top + "\x1b[0m"
		case y == pt.sy-1:
			rows[y] = b + set[cellBottomLeft] + strings.Repeat(set[cellLeftRight], pt.sx-2) + set[cellBottomRight] + "\x1b[0m"
		default:
			rows[y] = b + set[cellTopBottom] + body + b + set[cellTopBottom] + "\x1b[0m"
		}
	}
	for y, row := range rows {
		fmt.Fprintf(out, "\x1b[%d;%dH%s", pt.py+y+1, pt.px+1, row)
	}
}

// popupCursor is where the terminal's cursor goes with a popup open:
// where the job's is, as popup_mode_cb has it; ok is false when the job's
// cursor is hidden.
func (pt *popupTerm) popupCursor() (x, y int, ok bool) {
	cx, cy := pt.prog.Cursor()
	if pt.lines != "none" {
		cx, cy = cx+1, cy+1
	}
	on, known := pt.prog.Flag("cursor_flag")
	return pt.px + cx, pt.py + cy, !known || on
}
