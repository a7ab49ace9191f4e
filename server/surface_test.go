package server

import (
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// libtmuxMCPSurface is libtmux-mcp's tool surface, as its source declares
// it (testdata/libtmux_mcp_surface.json says where it was read).
type libtmuxMCPSurface struct {
	Tools map[string]struct {
		Tier        string `json:"tier"`
		Title       string `json:"title"`
		Annotations string `json:"annotations"`
		SelfBounded bool   `json:"self_bounded"`
		AlwaysLoad  bool   `json:"always_load"`
		Params      map[string]struct {
			Required bool            `json:"required"`
			Default  json.RawMessage `json:"default"`
		} `json:"params"`
	} `json:"tools"`
}

// annotationPresets are libtmux-mcp's presets by name (its _utils.py).
var annotationPresets = map[string]mcp.ToolAnnotations{
	"readonly": annReadOnly, "mutating": annMutating, "create": annCreate,
	"shell": annShell, "destructive": annDestructive,
}

// TestSurfaceIsLibtmuxMCPs holds every tool to libtmux-mcp's surface, as
// DESIGN's drop-in promise has it: the same names, titles, tiers,
// annotations, alwaysLoad meta and self-bounded tools, and the same
// arguments with the same defaults and required ones; tmuxbuf may add an
// optional argument, and its own list_buffers. The buffer tools'
// annotations are the seed's, as DESIGN says.
func TestSurfaceIsLibtmuxMCPs(t *testing.T) {
	raw, err := os.ReadFile("testdata/libtmux_mcp_surface.json")
	if err != nil {
		t.Fatal(err)
	}
	var surface libtmuxMCPSurface
	if err := json.Unmarshal(raw, &surface); err != nil {
		t.Fatal(err)
	}
	for name, want := range surface.Tools {
		got, here := toolNamed(name)
		if !here {
			t.Errorf("libtmux-mcp's %s is missing", name)
			continue
		}
		if got.tier.String() != want.Tier || got.title != want.Title || got.alwaysLoad != want.AlwaysLoad || got.selfBounded != want.SelfBounded {
			t.Errorf("%s: tier %s, title %q, alwaysLoad %v, self-bounded %v; libtmux-mcp's: %s, %q, %v, %v",
				name, got.tier, got.title, got.alwaysLoad, got.selfBounded, want.Tier, want.Title, want.AlwaysLoad, want.SelfBounded)
		}
		if preset, ok := annotationPresets[want.Annotations]; ok && !slices.Contains([]string{"load_buffer", "show_buffer", "paste_buffer", "delete_buffer", "paste_text"}, name) &&
			!reflect.DeepEqual(got.annotations, preset) {
			t.Errorf("%s: annotations %+v, libtmux-mcp's preset %s is %+v", name, got.annotations, want.Annotations, preset)
		}
		schema := got.args.InputSchema()
		props := schema["properties"].(map[string]any)
		required, _ := schema["required"].([]string)
		for param, w := range want.Params {
			p, ok := props[param].(map[string]any)
			switch {
			case !ok:
				t.Errorf("%s: argument %s is missing", name, param)
			case w.Required != slices.Contains(required, param):
				t.Errorf("%s: argument %s required %v, libtmux-mcp's %v", name, param, !w.Required, w.Required)
			case !w.Required && !sameJSON(p["default"], w.Default):
				t.Errorf("%s: argument %s defaults to %v, libtmux-mcp's to %s", name, param, p["default"], w.Default)
			}
		}
		for param := range props {
			if _, theirs := want.Params[param]; !theirs && slices.Contains(required, param) {
				t.Errorf("%s: argument %s, which libtmux-mcp has not, is required", name, param)
			}
		}
	}
	for _, tool := range tools {
		// list_buffers is tmuxbuf's own; list_prompts and get_prompt are
		// libtmux-mcp's too, added by FastMCP's PromptsAsTools transform
		// rather than declared in its source.
		if _, theirs := surface.Tools[tool.name]; !theirs && !slices.Contains([]string{"list_buffers", "list_prompts", "get_prompt"}, tool.name) {
			t.Errorf("%s is not libtmux-mcp's: say why in this test", tool.name)
		}
	}
}

func sameJSON(got any, want json.RawMessage) bool {
	var w any
	json.Unmarshal(want, &w)
	g, _ := json.Marshal(got)
	var gv any
	json.Unmarshal(g, &gv)
	return reflect.DeepEqual(gv, w)
}
