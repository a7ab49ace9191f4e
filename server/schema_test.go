package server_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/server"
	"github.com/tmuxbuf/tmuxbuf/server/servertest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestToolsGolden pins everything the server advertises — names, schemas,
// annotations and descriptions — so that a change to any of them is a
// reviewed change to testdata/tools.golden.json (go test -update).
func TestToolsGolden(t *testing.T) {
	srv, err := server.New(server.Config{Safety: server.TierDestructive})
	if err != nil {
		t.Fatal(err)
	}
	list, err := servertest.Connect(t, srv).ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.MarshalIndent(list.Tools, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	golden := filepath.Join("testdata", "tools.golden.json")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("advertised tools differ from %s (run go test -update to accept):\n%s", golden, got)
	}
}

// TestLoadBufferSchemasMatchTheSeed compares load_buffer's advertised schemas
// with the libtmux-mcp contract in testdata/seed_*.json: the same properties,
// types, defaults, required fields and additionalProperties. Descriptions are
// ours to word.
func TestLoadBufferSchemasMatchTheSeed(t *testing.T) {
	srv, err := server.New(server.Config{})
	if err != nil {
		t.Fatal(err)
	}
	list, err := servertest.Connect(t, srv).ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var input, output any
	for _, tool := range list.Tools {
		if tool.Name == "load_buffer" {
			input, output = tool.InputSchema, tool.OutputSchema
		}
	}
	for _, c := range []struct {
		seed string
		got  any
	}{{"seed_load_buffer.input.json", input}, {"seed_load_buffer.output.json", output}} {
		raw, err := os.ReadFile(filepath.Join("testdata", c.seed))
		if err != nil {
			t.Fatal(err)
		}
		var want any
		if err := json.Unmarshal(raw, &want); err != nil {
			t.Fatal(err)
		}
		got := roundTrip(t, c.got)
		if !reflect.DeepEqual(withoutDescriptions(got), withoutDescriptions(want)) {
			g, _ := json.MarshalIndent(withoutDescriptions(got), "", "  ")
			w, _ := json.MarshalIndent(withoutDescriptions(want), "", "  ")
			t.Errorf("load_buffer schema differs from %s:\ngot  %s\nwant %s", c.seed, g, w)
		}
	}
}

func roundTrip(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// withoutDescriptions drops every "description" key, at any depth, except
// where "description" is the name of a property.
func withoutDescriptions(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, val := range v {
			if k == "description" {
				if _, isText := val.(string); isText {
					continue
				}
			}
			out[k] = withoutDescriptions(val)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, val := range v {
			out[i] = withoutDescriptions(val)
		}
		return out
	}
	return v
}
