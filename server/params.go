package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// A param is one argument of a tool. The same list both generates the
// advertised inputSchema and decodes calls, so the two cannot disagree.
type param struct {
	name     string
	kind     kind
	required bool
	// nullable params are advertised as anyOf [kind, null] and accept an
	// explicit null, which means "no value" (for max_lines: no line limit).
	nullable bool
	// def is the advertised default of an optional param; nil means null.
	def     any
	payload bool // redacted in the audit log
	desc    string
}

type kind string

const (
	kindString  kind = "string"
	kindInteger kind = "integer"
	kindBoolean kind = "boolean"
)

func (k kind) withArticle() string {
	if k == kindInteger {
		return "an " + string(k)
	}
	return "a " + string(k)
}

// schema is a JSON Schema object, built in Go and pinned by golden files.
type schema = map[string]any

func inputSchema(params []param) schema {
	props := schema{}
	required := []string{}
	for _, p := range params {
		props[p.name] = p.schema()
		if p.required {
			required = append(required, p.name)
		}
	}
	s := schema{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

func (p param) schema() schema {
	s := schema{"description": p.desc}
	if p.nullable {
		s["anyOf"] = []any{schema{"type": string(p.kind)}, schema{"type": "null"}}
	} else {
		s["type"] = string(p.kind)
	}
	if !p.required {
		s["default"] = p.def
	}
	return s
}

// args holds a call's decoded arguments, defaults applied. A value is nil
// when an optional param is null.
type args map[string]any

// decodeArgs checks raw against params: no unknown names, every required
// param present, every value of its declared type. Errors name the argument
// and never quote its value, which may be content.
func decodeArgs(raw json.RawMessage, params []param) (args, error) {
	var fields map[string]json.RawMessage
	if len(bytes.TrimSpace(raw)) > 0 && string(bytes.TrimSpace(raw)) != "null" {
		if err := json.Unmarshal(raw, &fields); err != nil {
			return nil, errArgumentsNotObject
		}
	}
	known := make(map[string]bool, len(params))
	out := make(args, len(params))
	for _, p := range params {
		known[p.name] = true
		v, present := fields[p.name]
		switch {
		case !present && p.required:
			return nil, fmt.Errorf("missing required argument %q", p.name)
		case !present:
			out[p.name] = p.def
			continue
		}
		val, err := p.decode(v)
		if err != nil {
			return nil, err
		}
		out[p.name] = val
	}
	var unknown []string
	for name := range fields {
		if !known[name] {
			unknown = append(unknown, strconv.Quote(shorten(name, 64)))
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, fmt.Errorf("unknown argument %s; this tool takes %s", joinComma(unknown), paramNames(params))
	}
	return out, nil
}

func (p param) decode(v json.RawMessage) (any, error) {
	if string(v) == "null" {
		if !p.nullable {
			return nil, fmt.Errorf("argument %q must be %s, not null", p.name, p.kind.withArticle())
		}
		return nil, nil
	}
	wrongType := fmt.Errorf("argument %q must be %s%s", p.name, p.kind.withArticle(), orNull(p.nullable))
	switch p.kind {
	case kindString:
		var s string
		if v[0] != '"' || json.Unmarshal(v, &s) != nil {
			return nil, wrongType
		}
		return s, nil
	case kindBoolean:
		var b bool
		if json.Unmarshal(v, &b) != nil {
			return nil, wrongType
		}
		return b, nil
	case kindInteger:
		n, err := strconv.ParseInt(string(v), 10, 64)
		if err != nil {
			return nil, wrongType
		}
		return n, nil
	}
	panic("param " + p.name + " has no kind")
}

func orNull(nullable bool) string {
	if nullable {
		return " or null"
	}
	return ""
}

// The accessors below are used only with the names of a tool's own params,
// so a type mismatch is a programming error.

func (a args) str(name string) string { s, _ := a[name].(string); return s }

func (a args) optStr(name string) *string {
	if s, ok := a[name].(string); ok {
		return &s
	}
	return nil
}

func (a args) boolean(name string) bool { return a[name].(bool) }

func (a args) optInt(name string) *int64 {
	switch n := a[name].(type) {
	case int64:
		return &n
	case int:
		m := int64(n)
		return &m
	}
	return nil
}

func paramNames(params []param) string {
	names := make([]string, len(params))
	for i, p := range params {
		names[i] = p.name
	}
	return joinComma(names)
}

func joinComma(items []string) string { return strings.Join(items, ", ") }

// shorten keeps caller-chosen and tmux-written strings short in error texts.
func shorten(s string, max int) string {
	if len(s) <= max {
		return s
	}
	return s[:max] + "…"
}
