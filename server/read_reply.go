package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tmuxbuf/tmuxbuf/internal/tmuxargv"
)

// What the read tools (captures, searches, snapshots, formats) need to keep
// their replies within Config.MaxReplyBytes, as show_buffer keeps its own
// (reply.go), and to run no shell through a tmux format.

// escapedCost is how many bytes data takes escaped once as the inside of
// a JSON string, as encoding/json escapes it (HTML characters too, and
// each byte that is not UTF-8 as \ufffd).
func escapedCost(data []byte) int { return sumCost(data, &asciiEscapedCost, runeEscapedCost) }

func runeEscapedCost(data []byte) (cost, size int) {
	if c := data[0]; c < utf8.RuneSelf {
		return asciiEscapedCost[c], 1
	}
	r, size := utf8.DecodeRune(data)
	if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
		return len(`\ufffd`), size
	}
	return size, size
}

var asciiEscapedCost = func() (table [utf8.RuneSelf]int) {
	for c := range table {
		switch {
		case c == '"' || c == '\\' || c == '\n' || c == '\r' || c == '\t' || c == '\b' || c == '\f':
			table[c] = 2
		case c < 0x20 || c == '<' || c == '>' || c == '&':
			table[c] = len(`\u0001`)
		default:
			table[c] = 1
		}
	}
	return table
}()

// textCost is what data costs a reply whose result is text (capture_pane's,
// display_message's): the text goes out twice, as the text content and
// under "result" in the structured content, each escaped once.
func textCost(data []byte) int { return 2 * escapedCost(data) }

func runeTextCost(data []byte) (cost, size int) {
	cost, size = runeEscapedCost(data)
	return 2 * cost, size
}

var asText = pricing{textCost, runeTextCost}

// jsonCost is what a piece of a result object costs its reply, given as
// the JSON it marshals to: as it is in the structured content, and escaped
// once in the text content, which is that JSON as a string.
func jsonCost(j []byte) int { return len(j) + escapedCost(j) }

// resultBudget is how much of the reply bound is left for content once
// out, a tool's result with its content left out, is sent: wraps says
// that the tool answers with text or a list (under "result"). It counts
// the rest as replyOverhead does.
func (s *Server) resultBudget(wraps bool, out any) int {
	return s.cfg.MaxReplyBytes - replyOverhead(wraps, out)
}

// captureRoom is the room kept before a capture's bytes for the header
// that says what was cut, so that it goes in place, with no copy.
const captureRoom = 96

// trimFinalNewlines is out without the line feeds that end it: tmux ends
// every line it prints with one, and a pane's blank bottom rows are empty
// lines, which libtmux-mcp leaves out of what it returns.
func trimFinalNewlines(out []byte) []byte {
	return bytes.TrimRight(out, "\n")
}

// textReply is the text result of a capture or a format: buf is
// captureRoom bytes of room, then tmux's output. It keeps the output's
// last maxLines lines (0: all), then as many of those as the reply bound
// allows, and when it cuts any, it starts with a line that says so:
// "[... truncated K lines ...]", as libtmux-mcp's capture_pane, or, when a
// single line was still too long and lost its head, "[... truncated K
// lines and B bytes ...]". Large text goes to the transport to splice
// into the reply (see show_buffer).
func (s *Server) textReply(ctx context.Context, buf []byte, maxLines int) string {
	data := trimFinalNewlines(buf[captureRoom:])
	budget := s.resultBudget(true, "")
	t := lastLinesPriced(data, maxLines, math.MaxInt, budget, asText)
	content := data
	if t.truncated {
		longest := truncationHeader(countLines(data), len(data))
		t = lastLinesPriced(data, maxLines, math.MaxInt, budget-textCost(longest), asText)
		start := len(data) - len(t.content)
		lineStart := bytes.LastIndexByte(data[:start], '\n') + 1
		header := truncationHeader(t.droppedLines, start-lineStart)
		at := captureRoom + start
		copy(buf[at-len(header):at], header)
		content = buf[at-len(header) : captureRoom+len(data)]
	}
	return s.park(ctx, content)
}

// truncationHeader is the first line of a text cut short: lines whole
// lines dropped, and cut bytes dropped from the head of the first line
// kept.
func truncationHeader(lines, cut int) []byte {
	if cut == 0 {
		return []byte("[... truncated " + strconv.Itoa(lines) + " lines ...]\n")
	}
	return []byte("[... truncated " + strconv.Itoa(lines) + " lines and " + strconv.Itoa(cut) + " bytes ...]\n")
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// park hands large content to the transport, which splices it into the
// reply as it sends it (see show_buffer), and returns the token that
// stands for it; or returns it as a string. A batch's nested call keeps
// its content: the batch's own reply is made of it.
func (s *Server) park(ctx context.Context, content []byte) string {
	if !isNested(ctx) {
		if token := s.payloads.Park(content); token != "" {
			return token
		}
	}
	return string(content)
}

// keepLastLines is the tail of lines (oldest first) that a result can
// carry as a list of strings: at most maxLines of them (0: no limit),
// whose bytes joined by line feeds are at most maxBytes, and whose cost in
// the reply, inside an object, is at most maxCost. A single line still over
// a limit keeps its last bytes, cut between runes. It returns how many
// lines were dropped whole and how many bytes were dropped in all,
// separators included.
func keepLastLines(lines [][]byte, maxLines, maxBytes, maxCost int) (kept [][]byte, droppedLines, droppedBytes int) {
	// Each line of a list costs its quotes and comma in the structured
	// content, and again, escaped, in the text.
	const perLine = len(`"",`) + len(`\"\",`)
	n, size, cost := 0, 0, 0
	for i := len(lines) - 1; i >= 0; i-- {
		if maxLines > 0 && n == maxLines {
			break
		}
		lineSize := len(lines[i]) + boolInt(n > 0)
		lineCost := replyCost(lines[i]) + perLine
		if n > 0 && (size+lineSize > maxBytes || cost+lineCost > maxCost) {
			break
		}
		n, size, cost = n+1, size+lineSize, cost+lineCost
	}
	first := len(lines) - n
	for _, l := range lines[:first] {
		droppedBytes += len(l) + 1
	}
	kept = append([][]byte(nil), lines[first:]...)
	if n == 1 && (size > maxBytes || cost > maxCost) {
		// The one line kept is over a limit: drop runes from its head.
		line, cut := kept[0], 0
		for cut < len(line) && (len(line)-cut > maxBytes || cost > maxCost) {
			c, size := runeReplyCost(line[cut:])
			cut, cost = cut+size, cost-c
		}
		kept[0] = line[cut:]
		droppedBytes += cut
	}
	return kept, first, droppedBytes
}

// Formats that run a shell. A tmux format runs a shell command for #(...),
// and the E and T modifiers expand a value as a format again: an option's
// (a status line's #(...), a user option's), or a pane's title, which any
// program in the pane sets with an escape sequence. So a read-only tool
// refuses a format that holds #( or either modifier. tmux parses a
// modifier list right after "#{", its modifiers separated by ';' and ended
// by ':', and a modifier without arguments is followed by ';' or ':'; so
// E or T between "#{" or ';' and ';' or ':' anywhere is refused, which
// may refuse a harmless format (E:1 in a plain text after a ';'), never
// let a harmful one through.
var shellModifier = regexp.MustCompile(`(#\{|;)[ET][;:]`)

// formatRunsShell reports whether tmux could run a shell command to
// expand format.
func formatRunsShell(format string) bool {
	return strings.Contains(format, "#(") || shellModifier.MatchString(format)
}

var errFormatRunsShell = errors.New("format_string may not run a shell: tmux runs one for #(...), and for the E and T modifiers when the value they expand again holds #(...) (an option's, or a pane's title, which any program in the pane can set); nothing was sent to tmux")

// tmux gives every format the most recent paste buffer: its name, size,
// time and first 200 bytes (buffer_sample), which may be the user's
// clipboard, a password copied a moment ago. Variables are looked up by
// their literal name (a name that an inner format makes is text, not
// looked up, unless E or T expands it again), so display_message refuses
// any format that holds "buffer_".
var errFormatReadsBuffers = errors.New("format_string may not read the paste buffers: tmux gives a format the most recent buffer (buffer_name, buffer_size, buffer_created, buffer_sample: its first 200 bytes), which may be the user's clipboard; nothing was sent to tmux")

var errFormatNUL = errors.New("format_string must be text that tmux can take: without NUL")

// refuseShellFormats is the last guard of every command line that changes
// nothing (a read-only tool's): none of its formats (the -F and -f of a
// list, display-message's) may run a shell. The tools check what they take
// from their callers first, with clearer errors.
func refuseShellFormats(args []string) error {
	for _, cmd := range tmuxargv.SplitCommands(args) {
		for i, a := range cmd {
			format := i > 0 && (cmd[i-1] == "-F" || cmd[i-1] == "-f") ||
				cmd[0] == "display-message" && i == len(cmd)-1 && i > 0
			if format && formatRunsShell(a) {
				return &toolError{err: fmt.Errorf("internal error: a read-only %s would run a shell through a tmux format; nothing was sent to tmux", cmd[0]), errType: "InternalError", unexpected: true}
			}
		}
	}
	return nil
}
