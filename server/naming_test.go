package server

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func TestLogicalNameRecognisesOnlyTheFullShape(t *testing.T) {
	n, err := newNamer("")
	if err != nil {
		t.Fatal(err)
	}
	nonce := "00112233445566778899aabbccddeeff"
	tests := map[string]bool{
		"libtmux_mcp_" + nonce + "_buf":                        true,
		"libtmux_mcp_" + nonce + "_a.b-c_D":                    true,
		"libtmux_mcp_" + nonce + "_" + strings.Repeat("x", 64): true,
		"libtmux_mcp_" + nonce + "_" + strings.Repeat("x", 65): false,
		"libtmux_mcp_" + nonce + "_":                           false,
		"libtmux_mcp_" + nonce:                                 false,
		"libtmux_mcp_" + strings.ToUpper(nonce) + "_buf":       false,
		"libtmux_mcp_" + nonce[:31] + "_buf":                   false,
		"libtmux_mcp_" + nonce + "x_buf":                       false,
		"libtmux_mcp_" + nonce + "_has space":                  false,
		"libtmux_mcp_" + nonce + "_naïve":                      false,
		"other_" + nonce + "_buf":                              false,
		"clipboard":                                            false,
		"buffer0":                                              false,
		"":                                                     false,
	}
	for name, want := range tests {
		if _, got := n.logicalName(name); got != want {
			t.Errorf("logicalName(%q) ok = %v, want %v", name, got, want)
		}
	}
}

func TestAllocateMakesNamesItRecognises(t *testing.T) {
	n, _ := newNamer("p-1.x_")
	seen := map[string]bool{}
	for range 1000 {
		label := "lbl"
		name, err := n.allocate(&label)
		if err != nil {
			t.Fatal(err)
		}
		if logical, ok := n.logicalName(name); !ok || logical != "lbl" {
			t.Fatalf("allocated %q, which logicalName reads as %q, %v", name, logical, ok)
		}
		if seen[name] {
			t.Fatalf("%q allocated twice", name)
		}
		seen[name] = true
	}
}

// TestPanicCarriesNothing makes a tool panic with content in hand: the call
// fails with a bare error and the panic value goes nowhere.
func TestPanicCarriesNothing(t *testing.T) {
	s, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	boom := tool{name: "boom", params: []param{{name: "content", kind: kindString, required: true, payload: true}},
		run: typed(func(_ *Server, _ context.Context, a struct {
			Content string `arg:"content"`
		}) (any, error) {
			panic(a.Content)
		})}
	_, _, _, err = s.call(context.Background(), boom, json.RawMessage(`{"content":"hunter2"}`))
	if err == nil || strings.Contains(err.Error(), "hunter2") || err.Error() != "internal error in boom" {
		t.Errorf("panic became %v", err)
	}
}
