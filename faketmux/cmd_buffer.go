package faketmux

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"
)

// bufferCommands are the buffer commands, as tmux's cmd-*.c declare them.
var bufferCommands = []*cmdEntry{
	{name: "set-buffer", alias: "setb", template: "ab:t:n:w", lower: 0, upper: 1, usage: `[-aw] [-b buffer-name] [-n new-buffer-name] [-t target-client] data`, exec: cmdSetBuffer},
	{name: "delete-buffer", alias: "deleteb", template: "b:", lower: 0, upper: 0, usage: `[-b buffer-name]`, exec: cmdDeleteBuffer},
	{name: "show-buffer", alias: "showb", template: "b:", lower: 0, upper: 0, usage: `[-b buffer-name]`, exec: cmdShowBuffer},
	{name: "save-buffer", alias: "saveb", template: "ab:", lower: 1, upper: 1, usage: `[-a] [-b buffer-name] path`, exec: cmdSaveBuffer},
	{name: "load-buffer", alias: "loadb", template: "b:t:w", lower: 1, upper: 1, usage: `[-b buffer-name] [-t target-client] path`, exec: cmdLoadBuffer},
	{name: "list-buffers", alias: "lsb", template: "F:f:", lower: 0, upper: 0, usage: `[-F format] [-f filter]`, exec: cmdListBuffers},
	{name: "paste-buffer", alias: "pasteb", template: "db:prs:t:", lower: 0, upper: 0, usage: `[-dpr] [-s separator] [-b buffer-name] [-t target-pane]`, target: targetSpec{kind: findPane}, exec: cmdPasteBuffer},
	{name: "choose-buffer", alias: "", template: "F:f:K:NO:rt:Z", lower: 0, upper: 1, usage: `[-NrZ] [-F format] [-f filter] [-K key-format] [-O sort-order] [-t target-pane] [template]`, target: targetSpec{kind: findPane}, exec: cmdChooseBuffer,
		differs: "The list, its keys (moves, tags, sorting, the shortcuts, search and the filter prompt, Enter, " +
			"p and P to paste, d and D to delete) and the preview are as tmux draws them on a terminal; the " +
			"mouse, the menu, the command prompt (:) and editing a buffer in a popup (e) are not modelled. The " +
			"search and filter prompts open only for a key typed at a terminal. The list is rebuilt at each " +
			"redraw. -K sees #{line} as text put in its place."},
}

// storeBuffer is tmux's paste_set as the buffer commands call it: no -b
// makes an automatic buffer, -b "" is refused.
func (c *client) storeBuffer(name string, named bool, data []byte) error {
	switch {
	case len(data) == 0:
		return nil
	case !named:
		c.st.buffers.add(data, c.st.options.bufferLimit(), c.s.now())
	case name == "":
		return errorf(errEmptyBufferName)
	default:
		c.st.buffers.set(name, data, c.s.now())
	}
	return nil
}

// namedOrTop finds the buffer -b names or, without -b, the most recent one,
// with the messages delete-buffer and set-buffer -n give.
func (c *client) namedOrTop(a *args) (*buffer, error) {
	name, named := a.get('b')
	if named {
		if pb := c.st.buffers.get(name); pb != nil {
			return pb, nil
		}
		return nil, errorf(errUnknownBuffer, name)
	}
	if pb := c.st.buffers.top(); pb != nil {
		return pb, nil
	}
	return nil, errorf(errNoBuffer)
}

// namedOrTopForRead is the lookup of show-buffer and save-buffer, whose
// messages differ from namedOrTop's.
func (c *client) namedOrTopForRead(a *args) (*buffer, error) {
	if name, named := a.get('b'); named {
		if pb := c.st.buffers.get(name); pb != nil {
			return pb, nil
		}
		return nil, errorf(errNoBufferName, name)
	}
	if pb := c.st.buffers.top(); pb != nil {
		return pb, nil
	}
	return nil, errorf(errNoBuffers)
}

func cmdSetBuffer(c *client, it *cmdItem) error {
	a := it.args
	if newName, ok := a.get('n'); ok {
		pb, err := c.namedOrTop(a)
		if err != nil {
			return err
		}
		switch {
		case newName == "":
			return errorf(errNewNameEmpty)
		case c.st.buffers.get(newName) != nil:
			return errorf(errBufferExists, newName)
		}
		c.st.buffers.rename(pb, newName)
		return nil
	}
	if len(a.values) != 1 {
		return errorf(errNoData)
	}
	value := a.values[0]
	if value == "" {
		return nil
	}
	name, named := a.get('b')
	var data []byte
	if old := c.st.buffers.get(name); named && old != nil && a.has('a') {
		data = make([]byte, 0, len(old.data)+len(value))
		data = append(data, old.data...)
	}
	data = append(data, value...)
	if err := c.storeBuffer(name, named, data); err != nil {
		return err
	}
	if a.has('w') {
		c.toClipboard(a, data)
	}
	return nil
}

func cmdDeleteBuffer(c *client, it *cmdItem) error {
	a := it.args
	pb, err := c.namedOrTop(a)
	if err != nil {
		return err
	}
	c.st.buffers.remove(pb)
	return nil
}

func cmdShowBuffer(c *client, it *cmdItem) error {
	a := it.args
	pb, err := c.namedOrTopForRead(a)
	if err != nil {
		return err
	}
	// A client that is not attached gets the raw bytes, as a file written
	// to "-"; tmux escapes them only for attached and control clients.
	if c.control == nil {
		c.stdout.Write(pb.data)
		return nil
	}
	for line := range strings.Lines(string(pb.data)) {
		io.WriteString(c.stdout, visEscape(strings.TrimSuffix(line, "\n"), c.utf8)+"\n")
	}
	return nil
}

// visEscape is show-buffer's escaping for a control client, as tmux's vis
// with VIS_OCTAL, VIS_CSTYLE and VIS_TAB gives it: C escapes for tab, CR and
// the like, a doubled backslash, octal for other control bytes, and for
// every byte of a non-ASCII character unless the client has UTF-8.
func visEscape(s string, utf8Client bool) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		ch := s[i]
		switch {
		case ch == '\\':
			b.WriteString(`\\`)
		case ch == '\t':
			b.WriteString(`\t`)
		case ch == '\r':
			b.WriteString(`\r`)
		case ch == '\a':
			b.WriteString(`\a`)
		case ch == '\b':
			b.WriteString(`\b`)
		case ch == '\v':
			b.WriteString(`\v`)
		case ch == '\f':
			b.WriteString(`\f`)
		case ch >= 0x80 && utf8Client && r != utf8.RuneError && unicode.IsPrint(r):
			b.WriteString(s[i : i+size])
			i += size
			continue
		case ch < 0x20 || ch >= 0x7f:
			fmt.Fprintf(&b, `\%03o`, ch)
		default:
			b.WriteByte(ch)
		}
		i++
	}
	return b.String()
}

func cmdSaveBuffer(c *client, it *cmdItem) error {
	a := it.args
	pb, err := c.namedOrTopForRead(a)
	if err != nil {
		return err
	}
	path := c.expandPath(a.values[0])
	if path == "-" {
		c.stdout.Write(pb.data)
		return nil
	}
	path = c.absPath(path)
	mode := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if a.has('a') {
		mode = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	}
	f, err := os.OpenFile(path, mode, 0o666)
	if err == nil {
		_, err = f.Write(pb.data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return errorf(errFileOp, path, Strerror(err))
	}
	return nil
}

func cmdLoadBuffer(c *client, it *cmdItem) error {
	a := it.args
	name, named := a.get('b')
	path := c.expandPath(a.values[0])
	if path == "-" {
		// tmux hands its client's standard input to one reader only.
		if c.stdinUsed {
			return errorf(errFileOp, "-", "Bad file descriptor")
		}
		// tmux asks its client for its input only now, so a line that
		// failed before, or found no server, leaves it unread for the
		// next reader.
		return c.readStdin(it, func(data []byte) error { return c.storeAndCopy(a, name, named, data) })
	}
	path = c.absPath(path)
	data, err := os.ReadFile(path)
	if err != nil {
		return errorf(errFileOp, path, Strerror(err))
	}
	return c.storeAndCopy(a, name, named, data)
}

// storeAndCopy stores what load-buffer read, and with -w puts it in a
// client's clipboard.
func (c *client) storeAndCopy(a *args, name string, named bool, data []byte) error {
	if err := c.storeBuffer(name, named, data); err != nil {
		return err
	}
	if a.has('w') && len(data) > 0 {
		c.toClipboard(a, data)
	}
	return nil
}

func cmdListBuffers(c *client, it *cmdItem) error {
	a := it.args
	template, ok := a.get('F')
	if !ok {
		template = listBuffersTemplate
	}
	filter, filtered := a.get('f')
	c.st.buffers.newestFirst(func(pb *buffer) {
		f := c.formatter().withoutClient()
		f.buffer = pb
		if filtered && !formatTrue(f.expand(filter)) {
			return
		}
		c.print(f.expand(template))
	})
	return nil
}

const listBuffersTemplate = `#{buffer_name}: #{buffer_size} bytes: "#{buffer_sample}"`

// absPath resolves a path against the client's working directory, where
// tmux's client opens files.
func (c *client) absPath(path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	dir := c.dir
	if dir == "" {
		dir, _ = os.Getwd()
	}
	return dir + "/" + path
}
