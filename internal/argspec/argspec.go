// Package argspec reads an MCP tool's arguments and result off Go struct
// types, so that each is declared once: the JSON Schema a tool advertises
// (inputSchema and outputSchema) and the strict decoding of a call's
// arguments come from the same struct and cannot disagree.
//
// A field is a property named by its json tag. Its type says its schema:
// string, bool, int64 (JSON integers, whole numbers of any size, saturated
// to int64), float64, []string, a slice of a struct (an array of objects
// of that struct's schema), map[string]string, Object (any JSON object),
// and the unions FlexMap (an object of strings, or that object as a JSON
// string, as libtmux-mcp takes environment and filters) and StrOrInt. A
// pointer is nullable: anyOf the type and null, null by default. Other
// tags:
//
//	desc:"..."      the property's description
//	default:"JSON"  the default of an optional property (its absence)
//	enum:"a,b,c"    the string values it may take
//	payload:"true"  a payload, which the audit log redacts (see Payload)
//
// A field that is neither a pointer nor has a default is required. A struct
// field embedded without a json tag contributes its fields.
//
// Decode refuses, with an error that names the argument and never quotes
// a value (a value may be a secret): anything that is not one JSON object,
// an unknown argument, a missing required one, a value of another type,
// null where it is not nullable, and a string outside its enum.
package argspec

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Schema is a JSON Schema object.
type Schema = map[string]any

// Spec is a struct type's arguments.
type Spec struct {
	typ    reflect.Type
	fields []field
}

// Kind is what a field's type makes of it.
type Kind int

const (
	KindString Kind = iota
	KindBool
	KindInt
	KindNumber
	KindStrings // []string
	KindObjects // []struct
	KindStringMap
	KindFlexMap
	KindStrOrInt
	KindObject
)

type field struct {
	name     string
	index    []int
	kind     Kind
	nullable bool
	pointer  bool // nullable as a pointer; else as a nil map or slice
	required bool
	def      json.RawMessage // the default, as JSON; nil for none
	desc     string
	payload  bool
	enum     []string
	elem     *Spec // for KindObjects
}

// Object is any JSON object, kept as sent.
type Object = json.RawMessage

var (
	typString    = reflect.TypeFor[string]()
	typBool      = reflect.TypeFor[bool]()
	typInt       = reflect.TypeFor[int64]()
	typNumber    = reflect.TypeFor[float64]()
	typStrings   = reflect.TypeFor[[]string]()
	typStringMap = reflect.TypeFor[map[string]string]()
	typFlexMap   = reflect.TypeFor[FlexMap]()
	typStrOrInt  = reflect.TypeFor[StrOrInt]()
	typObject    = reflect.TypeFor[Object]()
)

// For reads the arguments of struct type T. It panics on a struct it cannot
// read, as a declaration's mistake found when the program starts.
func For[T any]() *Spec { return ForType(reflect.TypeFor[T]()) }

// ForType is For with the type as a value.
func ForType(t reflect.Type) *Spec {
	if t.Kind() != reflect.Struct {
		panic("argspec: " + t.String() + " is not a struct")
	}
	s := &Spec{typ: t}
	seen := map[string]bool{}
	for _, sf := range reflect.VisibleFields(t) {
		name, tagged := jsonName(sf)
		if !tagged || !sf.IsExported() {
			continue
		}
		if seen[name] {
			panic("argspec: " + t.String() + " has two fields named " + name)
		}
		seen[name] = true
		f := field{name: name, index: sf.Index, desc: sf.Tag.Get("desc"), payload: sf.Tag.Get("payload") == "true"}
		ft := sf.Type
		if ft.Kind() == reflect.Pointer {
			f.nullable, f.pointer, ft = true, true, ft.Elem()
		}
		f.kind, f.elem = kindOf(t, sf.Name, ft)
		if e := sf.Tag.Get("enum"); e != "" {
			if f.kind != KindString {
				panic("argspec: " + t.String() + "." + sf.Name + ": enum on a field that is not a string")
			}
			f.enum = strings.Split(e, ",")
		}
		if d, ok := sf.Tag.Lookup("default"); ok {
			if !json.Valid([]byte(d)) {
				panic("argspec: " + t.String() + "." + sf.Name + ": default is not JSON")
			}
			f.def = json.RawMessage(d)
			if d == "null" {
				if ft.Kind() != reflect.Map && ft.Kind() != reflect.Slice {
					panic("argspec: " + t.String() + "." + sf.Name + ": a null default needs a pointer, a map or a slice")
				}
				f.nullable = true
			}
		} else if f.nullable {
			f.def = json.RawMessage("null")
		}
		f.required = f.def == nil
		s.fields = append(s.fields, f)
	}
	return s
}

// jsonName is a field's property name, and whether it is one: an untagged
// embedded struct is not (its fields are), nor is a field tagged "-".
func jsonName(sf reflect.StructField) (string, bool) {
	tag, ok := sf.Tag.Lookup("json")
	if !ok || tag == "-" {
		return "", false
	}
	name, _, _ := strings.Cut(tag, ",")
	return name, name != ""
}

func kindOf(owner reflect.Type, field string, t reflect.Type) (Kind, *Spec) {
	switch t {
	case typString:
		return KindString, nil
	case typBool:
		return KindBool, nil
	case typInt:
		return KindInt, nil
	case typNumber:
		return KindNumber, nil
	case typStrings:
		return KindStrings, nil
	case typStringMap:
		return KindStringMap, nil
	case typFlexMap:
		return KindFlexMap, nil
	case typStrOrInt:
		return KindStrOrInt, nil
	case typObject:
		return KindObject, nil
	}
	if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Struct {
		return KindObjects, ForType(t.Elem())
	}
	panic("argspec: " + owner.String() + "." + field + " has a type argspec does not read: " + t.String())
}

// WithDefault is s with the default of its optional argument name set to
// value, as JSON: for a default that depends on how a server is set up
// (run_command's suppress_history). It panics on a name s does not have,
// a required argument, or a value that is not JSON.
func (s *Spec) WithDefault(name string, value json.RawMessage) *Spec {
	if !json.Valid(value) {
		panic("argspec: the default of " + name + " is not JSON")
	}
	out := &Spec{typ: s.typ, fields: slices.Clone(s.fields)}
	for i, f := range out.fields {
		if f.name == name {
			if f.required {
				panic("argspec: " + name + " is required and has no default")
			}
			out.fields[i].def = value
			return out
		}
	}
	panic("argspec: " + s.typ.String() + " has no argument " + name)
}

// Names are the arguments' names, in declaration order.
func (s *Spec) Names() []string {
	names := make([]string, len(s.fields))
	for i, f := range s.fields {
		names[i] = f.name
	}
	return names
}

// InputSchema is the schema of an object of these arguments, as a tool's
// inputSchema: no other property is accepted.
func (s *Spec) InputSchema() Schema {
	props := Schema{}
	required := []string{}
	for _, f := range s.fields {
		props[f.name] = f.schema()
		if f.required {
			required = append(required, f.name)
		}
	}
	out := Schema{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		out["required"] = required
	}
	return out
}

func (f field) schema() Schema {
	s := f.kind.schema(f.elem)
	if f.enum != nil {
		s["enum"] = f.enum
	}
	if f.nullable {
		s = Schema{"anyOf": []any{s, Schema{"type": "null"}}}
	}
	if f.desc != "" {
		s["description"] = f.desc
	}
	if f.def != nil {
		var v any
		json.Unmarshal(f.def, &v)
		s["default"] = v
	}
	return s
}

func (k Kind) schema(elem *Spec) Schema {
	switch k {
	case KindString:
		return Schema{"type": "string"}
	case KindBool:
		return Schema{"type": "boolean"}
	case KindInt:
		return Schema{"type": "integer"}
	case KindNumber:
		return Schema{"type": "number"}
	case KindStrings:
		return Schema{"type": "array", "items": Schema{"type": "string"}}
	case KindObjects:
		return Schema{"type": "array", "items": elem.InputSchema()}
	case KindStringMap:
		return Schema{"type": "object", "additionalProperties": Schema{"type": "string"}}
	case KindFlexMap:
		return Schema{"anyOf": []any{
			Schema{"type": "object", "additionalProperties": Schema{"type": "string"}},
			Schema{"type": "string"},
		}}
	case KindStrOrInt:
		return Schema{"anyOf": []any{Schema{"type": "string"}, Schema{"type": "integer"}}}
	case KindObject:
		return Schema{"type": "object"}
	}
	panic("argspec: unknown kind")
}

// what names a Kind in an error text.
func (k Kind) what() string {
	switch k {
	case KindString:
		return "a string"
	case KindBool:
		return "a boolean"
	case KindInt:
		return "an integer"
	case KindNumber:
		return "a number"
	case KindStrings:
		return "an array of strings"
	case KindObjects:
		return "an array of objects"
	case KindStringMap:
		return "an object of strings"
	case KindFlexMap:
		return "an object of strings, or one as a JSON string"
	case KindStrOrInt:
		return "a string or an integer"
	case KindObject:
		return "an object"
	}
	return "?"
}

// ErrNotObject is the error of arguments that are not one JSON object.
var ErrNotObject = errors.New("arguments must be a JSON object")

// Decode checks raw against the arguments and fills dst, a pointer to the
// spec's struct: defaults where an argument is absent, nil pointers for
// null. Absent or null arguments are an empty object.
func (s *Spec) Decode(raw json.RawMessage, dst any) error {
	v := reflect.ValueOf(dst)
	if v.Kind() != reflect.Pointer || v.Elem().Type() != s.typ {
		panic("argspec: Decode into " + v.Type().String() + ", want *" + s.typ.String())
	}
	return s.decode(raw, v.Elem(), "")
}

func (s *Spec) decode(raw json.RawMessage, dst reflect.Value, where string) error {
	members, err := objectMembers(raw)
	if err != nil {
		if where != "" {
			return fmt.Errorf("%s must be an object", where)
		}
		return err
	}
	var unknown []string
	for name := range members {
		if !slices.ContainsFunc(s.fields, func(f field) bool { return f.name == name }) {
			unknown = append(unknown, strconv.Quote(shorten(name, 64)))
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		takesWhat := "no argument"
		if names := s.Names(); len(names) > 0 {
			takesWhat = strings.Join(names, ", ")
		}
		return fmt.Errorf("%sunknown argument %s; this %s takes %s", prefix(where), strings.Join(unknown, ", "), takes(where), takesWhat)
	}
	for _, f := range s.fields {
		v, present := members[f.name]
		if !present {
			if f.required {
				return fmt.Errorf("%smissing required argument %q", prefix(where), f.name)
			}
			v = f.def
		}
		if err := f.decode(v, dst.FieldByIndex(f.index), where); err != nil {
			return err
		}
	}
	return nil
}

func prefix(where string) string {
	if where == "" {
		return ""
	}
	return where + ": "
}

func takes(where string) string {
	if where == "" {
		return "tool"
	}
	return "item"
}

// objectMembers reads raw as one JSON object, or absent or null as an
// empty one. A member named twice keeps its last value, as encoding/json
// does.
func objectMembers(raw json.RawMessage) (map[string]json.RawMessage, error) {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return nil, nil
	}
	if trimmed[0] != '{' {
		return nil, ErrNotObject
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(trimmed, &members); err != nil {
		return nil, ErrNotObject
	}
	return members, nil
}

func (f field) decode(v json.RawMessage, dst reflect.Value, where string) error {
	name := strconv.Quote(f.name)
	if where != "" {
		name = where + " argument " + name
	} else {
		name = "argument " + name
	}
	if string(bytes.TrimSpace(v)) == "null" {
		if !f.nullable {
			return fmt.Errorf("%s must be %s, not null", name, f.kind.what())
		}
		dst.SetZero()
		return nil
	}
	wrong := fmt.Errorf("%s must be %s%s", name, f.kind.what(), orNull(f.nullable))
	if f.pointer {
		p := reflect.New(dst.Type().Elem())
		dst.Set(p)
		dst = p.Elem()
	}
	switch f.kind {
	case KindString:
		s, ok := jsonString(v)
		if !ok {
			return wrong
		}
		if f.enum != nil && !slices.Contains(f.enum, s) {
			return fmt.Errorf("%s must be one of %s%s", name, strings.Join(f.enum, ", "), orNull(f.nullable))
		}
		dst.SetString(s)
	case KindBool:
		var b bool
		if json.Unmarshal(v, &b) != nil {
			return wrong
		}
		dst.SetBool(b)
	case KindInt:
		n, ok := jsonInteger(v)
		if !ok {
			return wrong
		}
		dst.SetInt(n)
	case KindNumber:
		var x float64
		if bytes.TrimSpace(v)[0] == '"' || json.Unmarshal(v, &x) != nil {
			return wrong
		}
		dst.SetFloat(x)
	case KindStrings:
		var items []json.RawMessage
		if bytes.TrimSpace(v)[0] != '[' || json.Unmarshal(v, &items) != nil {
			return wrong
		}
		ss := make([]string, len(items))
		for i, it := range items {
			var ok bool
			if ss[i], ok = jsonString(it); !ok {
				return wrong
			}
		}
		dst.Set(reflect.ValueOf(ss))
	case KindObjects:
		var items []json.RawMessage
		if bytes.TrimSpace(v)[0] != '[' || json.Unmarshal(v, &items) != nil {
			return wrong
		}
		out := reflect.MakeSlice(dst.Type(), len(items), len(items))
		for i, it := range items {
			if err := f.elem.decode(it, out.Index(i), fmt.Sprintf("%s item %d", name, i)); err != nil {
				return err
			}
		}
		dst.Set(out)
	case KindStringMap, KindFlexMap:
		m, ok := stringMap(v, f.kind == KindFlexMap)
		if !ok {
			return wrong
		}
		dst.Set(reflect.ValueOf(m).Convert(dst.Type()))
	case KindStrOrInt:
		if s, ok := jsonString(v); ok {
			dst.Set(reflect.ValueOf(StrOrInt{String: s}))
		} else if n, ok := jsonInteger(v); ok {
			dst.Set(reflect.ValueOf(StrOrInt{Int: n, IsInt: true}))
		} else {
			return wrong
		}
	case KindObject:
		if bytes.TrimSpace(v)[0] != '{' || !json.Valid(v) {
			return wrong
		}
		dst.SetBytes(bytes.Clone(bytes.TrimSpace(v)))
	}
	return nil
}

func orNull(nullable bool) string {
	if nullable {
		return " or null"
	}
	return ""
}

func jsonString(v json.RawMessage) (string, bool) {
	v = bytes.TrimSpace(v)
	var s string
	if len(v) == 0 || v[0] != '"' || json.Unmarshal(v, &s) != nil {
		return "", false
	}
	return s, true
}

// jsonInteger reads a JSON number that is a whole number, as JSON Schema's
// integer is (2, 2.0, 2e3), saturated to int64: a max_lines of 2^63 asks
// for every line, not for an error.
func jsonInteger(v json.RawMessage) (int64, bool) {
	v = bytes.TrimSpace(v)
	if len(v) == 0 || !(v[0] == '-' || v[0] >= '0' && v[0] <= '9') {
		return 0, false
	}
	var num json.Number
	if json.Unmarshal(v, &num) != nil {
		return 0, false
	}
	if n, err := strconv.ParseInt(string(num), 10, 64); err == nil {
		return n, true
	}
	f, _, err := big.ParseFloat(string(num), 10, 0, big.ToNearestEven)
	if err != nil || !f.IsInt() {
		return 0, false
	}
	if n, acc := f.Int64(); acc == big.Exact {
		return n, true
	}
	if f.Sign() < 0 {
		return math.MinInt64, true
	}
	return math.MaxInt64, true
}

// stringMap reads an object whose values are strings or, with flex, also
// such an object given as a JSON string (what some clients send for a
// dict: libtmux-mcp takes both).
func stringMap(v json.RawMessage, flex bool) (map[string]string, bool) {
	v = bytes.TrimSpace(v)
	if flex {
		if s, ok := jsonString(v); ok {
			v = bytes.TrimSpace([]byte(s))
		}
	}
	if len(v) == 0 || v[0] != '{' {
		return nil, false
	}
	var members map[string]json.RawMessage
	if json.Unmarshal(v, &members) != nil {
		return nil, false
	}
	m := make(map[string]string, len(members))
	for k, mv := range members {
		s, ok := jsonString(mv)
		if !ok {
			return nil, false
		}
		m[k] = s
	}
	return m, true
}

// shorten keeps a caller-chosen name short in an error text.
func shorten(s string, max int) string {
	if len(s) <= max {
		return s
	}
	return s[:max] + "…"
}

// FlexMap is an object of strings, which may also come as that object in
// a JSON string.
type FlexMap map[string]string

// StrOrInt is a value that may be a string or an integer (split_window's
// size: "50%" or 20).
type StrOrInt struct {
	String string
	Int    int64
	IsInt  bool
}

// Field is one argument as a reader of calls sees it.
type Field struct {
	Name    string
	Kind    Kind
	Payload bool
	Elem    *Spec // the items' arguments, for KindObjects
}

// Fields are the arguments, in declaration order.
func (s *Spec) Fields() []Field {
	out := make([]Field, len(s.fields))
	for i, f := range s.fields {
		out[i] = Field{Name: f.name, Kind: f.kind, Payload: f.payload, Elem: f.elem}
	}
	return out
}

// Field is the argument named name, if there is one.
func (s *Spec) Field(name string) (Field, bool) {
	for _, f := range s.Fields() {
		if f.Name == name {
			return f, true
		}
	}
	return Field{}, false
}

// Strings calls fn for each string argument that a, a pointer to the
// spec's struct as Decode filled it, holds (a nullable one unless null),
// with a pointer to its value, which fn may change.
func (s *Spec) Strings(a any, fn func(name string, value *string)) {
	v := reflect.ValueOf(a).Elem()
	for _, f := range s.fields {
		if f.kind != KindString {
			continue
		}
		fv := v.FieldByIndex(f.index)
		if f.nullable {
			if fv.IsNil() {
				continue
			}
			fv = fv.Elem()
		}
		fn(f.name, fv.Addr().Interface().(*string))
	}
}
