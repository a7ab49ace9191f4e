package argspec

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
)

type item struct {
	Keys  string `json:"keys" payload:"true"`
	Enter bool   `json:"enter" default:"true"`
}

type embedded struct {
	SocketName *string `json:"socket_name"`
}

type every struct {
	Name      string            `json:"name" desc:"a name"`
	Count     *int64            `json:"count" default:"500"`
	Ratio     float64           `json:"ratio" default:"1.5"`
	On        bool              `json:"on" default:"false"`
	Way       *string           `json:"way" enum:"up,down"`
	Patterns  []string          `json:"patterns" default:"[]"`
	Ops       []item            `json:"ops" default:"[]"`
	Env       FlexMap           `json:"env" default:"{}"`
	Plain     map[string]string `json:"plain" default:"{}"`
	Size      *StrOrInt         `json:"size"`
	Arguments Object            `json:"arguments" default:"{}"`
	embedded
}

func decode(t *testing.T, raw string) (every, error) {
	t.Helper()
	var a every
	err := For[every]().Decode(json.RawMessage(raw), &a)
	return a, err
}

func TestDecodeFillsDefaults(t *testing.T) {
	a, err := decode(t, `{"name":"n"}`)
	if err != nil {
		t.Fatal(err)
	}
	if a.Name != "n" || a.Count == nil || *a.Count != 500 || a.Ratio != 1.5 || a.On || a.Way != nil ||
		len(a.Patterns) != 0 || len(a.Ops) != 0 || len(a.Env) != 0 || a.Size != nil || a.SocketName != nil {
		t.Errorf("defaults: %+v", a)
	}
}

func TestDecodeValues(t *testing.T) {
	a, err := decode(t, `{"name":"n","count":null,"ratio":2,"on":true,"way":"down","patterns":["a","b"],
		"ops":[{"keys":"ls"},{"keys":"C-c","enter":false}],"env":"{\"A\":\"1\"}","plain":{"B":"2"},
		"size":"50%","arguments":{"x":[1]},"socket_name":"s"}`)
	if err != nil {
		t.Fatal(err)
	}
	want := every{Name: "n", Ratio: 2, On: true, Way: ptr("down"), Patterns: []string{"a", "b"},
		Ops: []item{{"ls", true}, {"C-c", false}}, Env: FlexMap{"A": "1"}, Plain: map[string]string{"B": "2"},
		Size: &StrOrInt{String: "50%"}, Arguments: Object(`{"x":[1]}`), embedded: embedded{ptr("s")}}
	if !reflect.DeepEqual(a, want) {
		t.Errorf("decoded %+v\nwant    %+v", a, want)
	}
	if a, _ := decode(t, `{"name":"n","size":20}`); a.Size == nil || !a.Size.IsInt || a.Size.Int != 20 {
		t.Errorf("size 20: %+v", a.Size)
	}
}

// TestDecodeIntegers: JSON Schema's integer is a whole number however it
// is written, and one too large for int64 asks for the most there is.
func TestDecodeIntegers(t *testing.T) {
	for raw, want := range map[string]int64{
		`3`: 3, `3.0`: 3, `3e2`: 300, `-0`: 0, `9223372036854775808`: math.MaxInt64,
		`1e400`: math.MaxInt64, `-9223372036854775809`: math.MinInt64,
	} {
		a, err := decode(t, `{"name":"n","count":`+raw+`}`)
		if err != nil || a.Count == nil || *a.Count != want {
			t.Errorf("count %s: %v, %v; want %d", raw, a.Count, err, want)
		}
	}
	for _, raw := range []string{`3.5`, `"3"`, `true`, `[3]`} {
		if _, err := decode(t, `{"name":"n","count":`+raw+`}`); err == nil || err.Error() != `argument "count" must be an integer or null` {
			t.Errorf("count %s: %v", raw, err)
		}
	}
}

func TestDecodeRefusesWithoutQuoting(t *testing.T) {
	const secret = "hunter2"
	for raw, want := range map[string]string{
		`[]`:                                  `arguments must be a JSON object`,
		`"` + secret + `"`:                    `arguments must be a JSON object`,
		`{}`:                                  `missing required argument "name"`,
		`{"name":null}`:                       `argument "name" must be a string, not null`,
		`{"name":["` + secret + `"]}`:         `argument "name" must be a string`,
		`{"name":"n","way":"` + secret + `"}`: `argument "way" must be one of up, down or null`,
		`{"name":"n","` + secret + `":1}`:     `unknown argument "hunter2"; this tool takes name, count, ratio, on, way, patterns, ops, env, plain, size, arguments, socket_name`,
		`{"name":"n","patterns":["a",null]}`:  `argument "patterns" must be an array of strings`,
		`{"name":"n","ops":[{"keys":1}]}`:     `argument "ops" item 0 argument "keys" must be a string`,
		`{"name":"n","ops":[{"keys":"x","` + secret + `":1}]}`: `argument "ops" item 0: unknown argument "hunter2"; this item takes keys, enter`,
		`{"name":"n","ops":["` + secret + `"]}`:                `argument "ops" item 0 must be an object`,
		`{"name":"n","env":"not json ` + secret + `"}`:         `argument "env" must be an object of strings, or one as a JSON string`,
		`{"name":"n","env":{"A":1}}`:                           `argument "env" must be an object of strings, or one as a JSON string`,
		`{"name":"n","size":true}`:                             `argument "size" must be a string or an integer or null`,
		`{"name":"n","arguments":"` + secret + `"}`:            `argument "arguments" must be an object`,
	} {
		_, err := decode(t, raw)
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v\n want %s", raw, err, want)
		}
		if err != nil && strings.Contains(err.Error(), secret) && !strings.Contains(want, secret) {
			t.Errorf("%s: the error quotes a value: %v", raw, err)
		}
	}
}

func TestInputSchema(t *testing.T) {
	s := For[every]().InputSchema()
	got, _ := json.Marshal(s)
	for _, want := range []string{
		`"additionalProperties":false`,
		`"required":["name"]`,
		`"count":{"anyOf":[{"type":"integer"},{"type":"null"}],"default":500}`,
		`"way":{"anyOf":[{"enum":["up","down"],"type":"string"},{"type":"null"}],"default":null}`,
		`"name":{"description":"a name","type":"string"}`,
		`"env":{"anyOf":[{"additionalProperties":{"type":"string"},"type":"object"},{"type":"string"}],"default":{}}`,
		`"ops":{"default":[],"items":{"additionalProperties":false,"properties":{"enter":{"default":true,"type":"boolean"},"keys":{"type":"string"}},"required":["keys"],"type":"object"},"type":"array"}`,
	} {
		if !strings.Contains(string(got), want) {
			t.Errorf("schema %s\nlacks %s", got, want)
		}
	}
}

type result struct {
	ID    string  `json:"id" desc:"its id"`
	Title *string `json:"title"`
	When  string  `json:"when" format:"date-time"`
	How   string  `json:"how" enum:"fast,slow"`
}

func (result) SchemaDescription() string { return "a result" }

func TestOutput(t *testing.T) {
	got, _ := json.Marshal(Output[result]())
	want := `{"description":"a result","properties":{"how":{"enum":["fast","slow"],"type":"string"},"id":{"description":"its id","type":"string"},"title":{"anyOf":[{"type":"string"},{"type":"null"}],"default":null},"when":{"format":"date-time","type":"string"}},"required":["id","when","how"],"type":"object"}`
	if string(got) != want {
		t.Errorf("Output[result]:\n got %s\nwant %s", got, want)
	}
	got, _ = json.Marshal(Output[[]result]())
	if !strings.HasPrefix(string(got), `{"properties":{"result":{"items":{"description":"a result"`) || !strings.Contains(string(got), `"x-fastmcp-wrap-result":true`) {
		t.Errorf("Output[[]result] is not wrapped: %s", got)
	}
}

// stringOrTrue is a value that is a string or true, and says so.
type stringOrTrue struct{}

func (stringOrTrue) JSONSchema() Schema {
	return Schema{"anyOf": []any{Schema{"type": "string"}, Schema{"const": true}}}
}

func TestOutputSchemer(t *testing.T) {
	type vars struct {
		Variables map[string]stringOrTrue `json:"variables"`
	}
	got, _ := json.Marshal(Output[vars]())
	want := `{"properties":{"variables":{"additionalProperties":{"anyOf":[{"type":"string"},{"const":true}]},"type":"object"}},"required":["variables"],"type":"object"}`
	if string(got) != want {
		t.Errorf("Output[vars]:\n got %s\nwant %s", got, want)
	}
}

func ptr[T any](v T) *T { return &v }

// TestWithDefault: a default set for one server is advertised and
// applied, and the spec it came from is unchanged.
func TestWithDefault(t *testing.T) {
	type args struct {
		Keys string `json:"keys"`
		Flag bool   `json:"flag" default:"true"`
	}
	base := For[args]()
	changed := base.WithDefault("flag", json.RawMessage("false"))
	if d := changed.InputSchema()["properties"].(Schema)["flag"].(Schema)["default"]; d != false {
		t.Errorf("advertised default %v, want false", d)
	}
	var a args
	if err := changed.Decode(json.RawMessage(`{"keys":"k"}`), &a); err != nil || a.Flag {
		t.Errorf("omitted flag decoded as %v (%v), want false", a.Flag, err)
	}
	if err := base.Decode(json.RawMessage(`{"keys":"k"}`), &a); err != nil || !a.Flag {
		t.Errorf("the original spec changed: flag %v (%v)", a.Flag, err)
	}
	for _, bad := range []func(){
		func() { base.WithDefault("keys", json.RawMessage(`"x"`)) },
		func() { base.WithDefault("none", json.RawMessage(`1`)) },
		func() { base.WithDefault("flag", json.RawMessage(`{`)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("WithDefault accepted a mistake")
				}
			}()
			bad()
		}()
	}
}
