package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
)

// search_panes matches in this process, never in tmux: the pattern goes
// into no tmux format (libtmux-mcp's fast path puts it in #{C:...}, where a
// '}' or '#(' in it is tmux's to read). One command line lists the panes;
// then lines of at most chainBudget bytes capture them, each capture
// after a marker line, wrapped lines joined (capture-pane -J).

// compilePattern is search_panes' pattern as a regular expression.
func compilePattern(pattern string, regex, matchCase bool) (*regexp.Regexp, error) {
	re, code, err := compileText(pattern, regex, matchCase)
	if err != nil {
		why := "it does not parse"
		if code != "" {
			why = string(code)
		}
		return nil, validationError(fmt.Errorf("pattern is not a valid regular expression (Go's RE2 syntax): %s", why))
	}
	return re, nil
}

// compileText is text to find as a regular expression: literal unless
// regex, case ignored unless matchCase. When it does not compile, code is
// why, which an error may give: the parser's message quotes the pattern,
// its code does not ("" when it has none).
func compileText(text string, regex, matchCase bool) (re *regexp.Regexp, code syntax.ErrorCode, err error) {
	if !regex {
		text = regexp.QuoteMeta(text)
	}
	if !matchCase {
		text = "(?i)" + text
	}
	re, err = regexp.Compile(text)
	var se *syntax.Error
	if errors.As(err, &se) {
		code = se.Code
	}
	return re, code, err
}

// searchHit is a matching pane, with whether it had more matching lines
// than it keeps.
type searchHit struct {
	paneContentMatch
	capped bool
}

// paneStart is the line printed before each pane's capture: drawn at
// random, like the record marks, so that no pane's text can forge it.
var paneStart = recordMark + "s"

// searchTries bounds how often a search starts over when a pane it listed
// went before its capture (tmux stops a command line at the first command
// that fails).
const searchTries = 3

// matchPanes captures the panes of session (every pane for "") and
// matches their lines, keeping each pane's last perPane matches. It
// returns the matching panes sorted by pane ID, numerically.
func (s *Server) matchPanes(ctx context.Context, socket, session string, a searchPanesArgs, re *regexp.Regexp) ([]searchHit, error) {
	var err error
	for range searchTries {
		var hits []searchHit
		hits, err = s.matchPanesOnce(ctx, socket, session, a, re)
		var gone paneWent
		if !errors.As(err, &gone) {
			return hits, err
		}
		err = gone.err
	}
	return nil, err
}

// paneWent is a capture that failed because a pane listed had gone.
type paneWent struct{ err error }

func (p paneWent) Error() string { return p.err.Error() }

func (s *Server) matchPanesOnce(ctx context.Context, socket, session string, a searchPanesArgs, re *regexp.Regexp) ([]searchHit, error) {
	list := []string{"list-panes", "-a"}
	if session != "" {
		list = []string{"list-panes", "-s", "-t", paneTarget(session)}
	}
	out, err := s.tmux(ctx, socket, nil, append(list, "-F", recordFormat[paneContentMatch]())...)
	if err != nil {
		return nil, err
	}
	panes, err := parseRecords[paneContentMatch](out)
	if err != nil {
		return nil, err
	}
	// A window linked into several sessions lists its panes once for each.
	seen := map[string]bool{}
	panes = slices.DeleteFunc(panes, func(p paneContentMatch) bool {
		dup := seen[p.PaneID]
		seen[p.PaneID] = true
		return dup
	})
	slices.SortStableFunc(panes, func(a, b paneContentMatch) int { return comparePaneIDs(a.PaneID, b.PaneID) })

	var hits []searchHit
	for len(panes) > 0 {
		var line []string
		n := 0
		for size := 0; n < len(panes) && (n == 0 || size < chainBudget); n++ {
			capture := withRange([]string{"capture-pane", "-p", "-J", "-t", panes[n].PaneID}, a.ContentStart, a.ContentEnd)
			cmd := append([]string{"display-message", "-p", paneStart, ";"}, capture...)
			for _, arg := range cmd {
				size += len(arg) + 1
			}
			if n > 0 {
				line = append(line, ";")
			}
			line = append(line, cmd...)
		}
		out, err := s.tmux(ctx, socket, nil, line...)
		var te *tmuxError
		if errors.As(err, &te) && te.failure() == noTarget {
			return nil, paneWent{err}
		}
		if err != nil {
			return nil, err
		}
		parts := bytes.Split(out, []byte(paneStart+"\n"))
		if len(parts) != n+1 || len(parts[0]) != 0 {
			return nil, fmt.Errorf("tmux printed %d pane captures, want %d", len(parts)-1, n)
		}
		for i, text := range parts[1:] {
			if hit, ok := matchLines(panes[i], text, re, int(a.MaxMatchedLinesPerPane)); ok {
				hit.IsCaller = s.isCaller(hit.PaneID, hit.SocketPath)
				hits = append(hits, hit)
			}
		}
		panes = panes[n:]
	}
	return hits, nil
}

// matchLines matches the lines of a pane's capture, keeping its last
// perPane matches; a pane's blank rows at the bottom are no lines.
func matchLines(pane paneContentMatch, text []byte, re *regexp.Regexp, perPane int) (searchHit, bool) {
	text = trimFinalNewlines(text)
	if len(text) == 0 {
		return searchHit{}, false
	}
	var matched []string
	n := 0
	for line := range bytes.SplitSeq(text, []byte("\n")) {
		if !re.Match(line) {
			continue
		}
		n++
		if len(matched) == perPane {
			matched = matched[1:]
		}
		matched = append(matched, string(line))
	}
	if n == 0 {
		return searchHit{}, false
	}
	pane.MatchedLines = slices.Clip(matched)
	return searchHit{paneContentMatch: pane, capped: n > perPane}, true
}

// comparePaneIDs orders pane IDs by number (%2 before %10), as
// libtmux-mcp pages them.
func comparePaneIDs(a, b string) int {
	na, errA := strconv.ParseUint(strings.TrimPrefix(a, "%"), 10, 32)
	nb, errB := strconv.ParseUint(strings.TrimPrefix(b, "%"), 10, 32)
	switch {
	case errA == nil && errB == nil:
		return int(na) - int(nb)
	case errA == nil:
		return -1
	case errB == nil:
		return 1
	}
	return strings.Compare(a, b)
}

// fitSearch puts the page's matches into res as far as the reply bound
// allows, in order: the first that does not fit whole keeps its last lines
// that do, and the rest join truncated_panes, for a later page.
func (s *Server) fitSearch(res *searchPanesResult, page []searchHit, perPane int) {
	fixed := *res
	fixed.Truncated = false // "false" is the longer
	fixed.TruncatedPanes = nil
	for _, h := range page {
		fixed.TruncatedPanes = append(fixed.TruncatedPanes, h.PaneID)
	}
	fixed.TruncatedPanes = append(fixed.TruncatedPanes, res.TruncatedPanes...)
	budget := s.resultBudget(false, fixed)
	const comma = 2 // one in the structured content, one in the text
	for i, h := range page {
		res.Truncated = res.Truncated || h.capped
		whole := mustMarshal(h.paneContentMatch)
		if cost := jsonCost(whole) + comma; cost <= budget {
			res.Matches = append(res.Matches, h.paneContentMatch)
			budget -= cost
			continue
		}
		res.Truncated = true
		rest := page[i:]
		m := h.paneContentMatch
		lines := m.MatchedLines
		m.MatchedLines = []string{}
		left := budget - jsonCost(mustMarshal(m)) - comma
		// A line kept, however short, costs its quotes and comma.
		if len(lines) > 0 && left >= 16 {
			raw := make([][]byte, len(lines))
			for k, l := range lines {
				raw[k] = []byte(l)
			}
			kept, _, _ := keepLastLines(raw, perPane, math.MaxInt, left)
			for _, k := range kept {
				m.MatchedLines = append(m.MatchedLines, string(k))
			}
			res.Matches = append(res.Matches, m)
			rest = rest[1:]
		}
		skipped := []string{}
		for _, r := range rest {
			skipped = append(skipped, r.PaneID)
		}
		res.TruncatedPanes = append(skipped, res.TruncatedPanes...)
		return
	}
}

func mustMarshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // results are plain structs, which always marshal
	}
	return b
}
