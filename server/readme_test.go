package server

import (
	"encoding/json"
	"flag"
	"os"
	"reflect"
	"strings"
	"testing"
)

// The README's tool table is made from the tools' declarations, so that it
// says what the server offers: TestREADMETools fails when it is stale, and
// -update writes it.

const (
	readmePath     = "../README.md"
	toolsTableOpen = "<!-- tools: made from the tools' declarations by TestREADMETools; go test ./server -run TestREADMETools -update -->\n"
	toolsTableEnd  = "<!-- /tools -->\n"
)

func TestREADMETools(t *testing.T) {
	raw, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(raw)
	start, end := strings.Index(readme, toolsTableOpen), strings.Index(readme, toolsTableEnd)
	if start < 0 || end < start {
		t.Fatalf("%s has no tool table between %q and %q", readmePath, toolsTableOpen, toolsTableEnd)
	}
	made := readme[:start] + toolsTableOpen + toolsTable() + readme[end:]
	if made == readme {
		return
	}
	// -update is declared by schema_test.go, in package server_test.
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.WriteFile(readmePath, []byte(made), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s's tool table is stale: go test ./server -run TestREADMETools -update", readmePath)
}

// toolsTable is the README's table: each family's tools, with their tier,
// arguments and defaults, and what they return.
func toolsTable() string {
	var b strings.Builder
	for _, f := range families {
		b.WriteString("\n| " + f.name + " tools | tier | arguments (defaults) | result |\n|---|---|---|---|\n")
		for _, t := range f.tools {
			b.WriteString("| `" + t.name + "` | " + t.tier.String() + " | " + argumentsCell(t) + " | " + resultCell(t.result) + " |\n")
		}
	}
	b.WriteString("\n")
	return b.String()
}

func argumentsCell(t tool) string {
	props := t.args.InputSchema()["properties"].(map[string]any)
	var cells []string
	for _, name := range t.args.Names() {
		cell := "`" + name
		if d, ok := props[name].(map[string]any)["default"]; ok && d != nil {
			j, _ := json.Marshal(d)
			cell += "=" + string(j)
		}
		cells = append(cells, cell+"`")
	}
	if len(cells) == 0 {
		return "none"
	}
	return strings.ReplaceAll(strings.Join(cells, ", "), "|", `\|`)
}

func resultCell(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "text"
	case reflect.Slice:
		return "list of " + resultCell(t.Elem())
	case reflect.Struct:
		var fields []string
		for _, sf := range reflect.VisibleFields(t) {
			if name, _, _ := strings.Cut(sf.Tag.Get("json"), ","); name != "" && name != "-" {
				fields = append(fields, name)
			}
		}
		return "`{" + strings.Join(fields, ", ") + "}`"
	}
	return t.String()
}
