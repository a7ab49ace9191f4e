package argspec

import (
	"reflect"
	"strings"
)

// Output is the outputSchema of a tool whose result is a T. A struct is
// an object of its json-tagged fields: a pointer field is nullable, null
// by default and not required, any other is required. Its desc tag is its
// description, and its format tag its format (date-time). A type that is a
// Schemer gives its own schema, wherever it is. A result of any
// other type is wrapped in an object under "result", marked as FastMCP
// marks its wrapped results (x-fastmcp-wrap-result), so that a client of
// libtmux-mcp, which FastMCP serves, reads it the same way (see Wraps).
func Output[T any]() Schema {
	t := reflect.TypeFor[T]()
	if Wraps(t) {
		return Schema{
			"type":                  "object",
			"properties":            Schema{"result": valueSchema(t)},
			"required":              []string{"result"},
			"x-fastmcp-wrap-result": true,
		}
	}
	return valueSchema(t)
}

// Wraps reports whether a result of type t goes under "result".
func Wraps(t reflect.Type) bool { return t.Kind() != reflect.Struct }

func valueSchema(t reflect.Type) Schema {
	if s, ok := reflect.Zero(t).Interface().(Schemer); ok {
		return s.JSONSchema()
	}
	switch t.Kind() {
	case reflect.String:
		return Schema{"type": "string"}
	case reflect.Bool:
		return Schema{"type": "boolean"}
	case reflect.Int, reflect.Int64:
		return Schema{"type": "integer"}
	case reflect.Float64:
		return Schema{"type": "number"}
	case reflect.Slice:
		return Schema{"type": "array", "items": valueSchema(t.Elem())}
	case reflect.Map:
		return Schema{"type": "object", "additionalProperties": valueSchema(t.Elem())}
	case reflect.Interface:
		return Schema{} // any JSON value
	case reflect.Pointer:
		return Schema{"anyOf": []any{valueSchema(t.Elem()), Schema{"type": "null"}}}
	case reflect.Struct:
		return structSchema(t)
	}
	panic("argspec: a result of type " + t.String() + " has no schema")
}

func structSchema(t reflect.Type) Schema {
	props := Schema{}
	required := []string{}
	for _, sf := range reflect.VisibleFields(t) {
		name, tagged := jsonName(sf)
		if !tagged || !sf.IsExported() {
			continue
		}
		s := valueSchema(sf.Type)
		if sf.Type.Kind() == reflect.Pointer {
			s["default"] = nil
		} else if !strings.Contains(sf.Tag.Get("json"), ",omitempty") {
			required = append(required, name)
		}
		if d := sf.Tag.Get("desc"); d != "" {
			s["description"] = d
		}
		if f := sf.Tag.Get("format"); f != "" {
			s["format"] = f
		}
		if e := sf.Tag.Get("enum"); e != "" {
			s["enum"] = strings.Split(e, ",")
		}
		props[name] = s
	}
	out := Schema{"type": "object", "properties": props}
	if d := typeDescription(t); d != "" {
		out["description"] = d
	}
	if len(required) > 0 {
		out["required"] = required
	}
	return out
}

// Schemer is a result type that gives its own schema, for a value that
// marshals itself as one of several JSON types (a string or a boolean).
type Schemer interface{ JSONSchema() Schema }

// Describer is a result type that describes itself in its schema.
type Describer interface{ SchemaDescription() string }

func typeDescription(t reflect.Type) string {
	if d, ok := reflect.Zero(t).Interface().(Describer); ok {
		return d.SchemaDescription()
	}
	return ""
}
