package server

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/tmuxbuf/tmuxbuf/internal/argspec"
)

// filters are libtmux-mcp's list filters, Django-style lookups of libtmux's
// QueryList: {"session_name__contains": "dev"} keeps the objects whose
// session_name contains "dev". A key is a tmux format variable of the
// object, then, after "__", an operator (exact without one). The variables
// are read by the same list command, as extra fields of its format.
type filters []filter

type filter struct {
	variable string
	op       string
	value    string
	re       *regexp.Regexp // for regex and iregex
}

// filterOps are libtmux's lookup operators (its LOOKUP_NAME_MAP).
var filterOps = []string{"contains", "endswith", "eq", "exact", "icontains", "iendswith", "iexact", "in", "iregex", "istartswith", "nin", "regex", "startswith"}

// variableName is the shape of a tmux format variable: what a filter may
// name, so that nothing else reaches the format.
var variableName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// parseFilters checks the filters argument: every operator one of
// libtmux's, every variable a format variable's name, every regex valid.
func parseFilters(m argspec.FlexMap) (filters, error) {
	var out filters
	for _, key := range slices.Sorted(maps.Keys(m)) {
		variable, op := key, "exact"
		if i := strings.LastIndex(key, "__"); i >= 0 {
			variable, op = key[:i], key[i+2:]
			if !slices.Contains(filterOps, op) {
				return nil, validationError(fmt.Errorf("invalid filter operator %q in %q; valid operators: %s", shorten(op, 32), shorten(key, 64), strings.Join(filterOps, ", ")))
			}
		}
		if !variableName.MatchString(variable) {
			return nil, validationError(fmt.Errorf("filter %q does not name a tmux format variable, such as session_name", shorten(key, 64)))
		}
		if strings.HasPrefix(variable, "buffer_") {
			// tmux gives every format the most recent paste buffer, the
			// user's clipboard maybe: a filter on it would tell it apart.
			return nil, validationError(fmt.Errorf("filter %q reads the paste buffers, which only show_buffer and list_buffers read, and only this server's", shorten(key, 64)))
		}
		f := filter{variable: variable, op: op, value: m[key]}
		if op == "regex" || op == "iregex" {
			expr := f.value
			if op == "iregex" {
				expr = "(?i)" + expr
			}
			re, err := regexp.Compile(expr)
			if err != nil {
				return nil, validationError(fmt.Errorf("filter %q: invalid regular expression", shorten(key, 64)))
			}
			f.re = re
		}
		out = append(out, f)
	}
	return out, nil
}

// variables are the format variables the filters read, in order.
func (fs filters) variables() []string {
	vars := make([]string, len(fs))
	for i, f := range fs {
		vars[i] = f.variable
	}
	return vars
}

// match reports whether an object whose variables have values (in the
// order of variables) passes every filter.
func (fs filters) match(values []string) bool {
	for i, f := range fs {
		if !f.match(values[i]) {
			return false
		}
	}
	return true
}

// match is libtmux's lookup of one operator, for a string value.
func (f filter) match(data string) bool {
	rhs := f.value
	switch f.op {
	case "exact", "eq":
		return data == rhs
	case "iexact":
		return strings.EqualFold(data, rhs)
	case "contains", "in":
		// libtmux's in with a string is a substring test, as contains.
		return strings.Contains(data, rhs)
	case "nin":
		return !strings.Contains(data, rhs)
	case "icontains":
		return strings.Contains(strings.ToLower(data), strings.ToLower(rhs))
	case "startswith":
		return strings.HasPrefix(data, rhs)
	case "istartswith":
		return strings.HasPrefix(strings.ToLower(data), strings.ToLower(rhs))
	case "endswith":
		return strings.HasSuffix(data, rhs)
	case "iendswith":
		return strings.HasSuffix(strings.ToLower(data), strings.ToLower(rhs))
	case "regex", "iregex":
		return f.re.MatchString(data)
	}
	return false
}

// listRecords runs a tmux list command that prints records of T, and keeps
// those that pass the filters, which the same command reads.
func listRecords[T any](ctx context.Context, s *Server, socket string, filtersArg argspec.FlexMap, cmd ...string) ([]T, error) {
	fs, err := parseFilters(filtersArg)
	if err != nil {
		return nil, err
	}
	out, err := s.tmux(ctx, socket, nil, append(cmd, "-F", recordFormat[T](fs.variables()...))...)
	if err != nil {
		return nil, err
	}
	records, extras, err := parseRecordsExtra[T](out, len(fs))
	if err != nil {
		return nil, err
	}
	kept := make([]T, 0, len(records))
	for i, r := range records {
		if fs.match(extras[i]) {
			kept = append(kept, r)
		}
	}
	return kept, nil
}
