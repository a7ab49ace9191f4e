package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
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

// typed adapts a handler that takes its arguments as a struct to a tool's
// run: one decode step for every tool, after decodeArgs has checked the call.
func typed[T any](h func(*Server, context.Context, T) (any, error)) func(*Server, context.Context, args) (any, error) {
	fields := argFields(reflect.TypeFor[T]())
	return func(s *Server, ctx context.Context, a args) (any, error) {
		var in T
		a.bind(fields, reflect.ValueOf(&in).Elem())
		return h(s, ctx, in)
	}
}

// An argField is a struct field tagged arg:"param name".
type argField struct {
	param string
	index []int
}

// argFields lists t's tagged fields. With no param named twice, bind's
// count and look-ups together match fields and params one to one.
func argFields(t reflect.Type) []argField {
	var fields []argField
	seen := map[string]bool{}
	for _, f := range reflect.VisibleFields(t) {
		if name, tagged := f.Tag.Lookup("arg"); tagged {
			if seen[name] {
				panic("param " + name + " has two fields in " + t.String())
			}
			seen[name] = true
			fields = append(fields, argField{name, f.Index})
		}
	}
	return fields
}

// bind copies the arguments into v's fields: a param into a field of its
// Go type (string, bool, int64), a nullable one into a pointer, nil for
// null. Every param must have exactly one field and every field a param.
// decodeArgs has checked the values, so a mismatch is a programming error:
// it panics, and a call to that tool fails with an internal error in every
// test of it.
func (a args) bind(fields []argField, v reflect.Value) {
	if len(fields) != len(a) {
		panic("params and fields differ")
	}
	for _, f := range fields {
		val, present := a[f.param]
		if !present {
			panic("a field names no param")
		}
		field := v.FieldByIndex(f.index)
		switch {
		case field.Kind() != reflect.Pointer:
			field.Set(reflect.ValueOf(val))
		case val != nil:
			p := reflect.New(field.Type().Elem())
			p.Elem().Set(reflect.ValueOf(val))
			field.Set(p)
		}
	}
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
