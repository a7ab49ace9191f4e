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
	type boomArgs struct {
		Content string `json:"content" payload:"true"`
	}
	boom := newTool(tool{name: "boom"}, func(_ *Server, _ context.Context, a boomArgs) (string, error) {
		panic(a.Content)
	})
	_, _, _, err = s.call(context.Background(), boom, json.RawMessage(`{"content":"hunter2"}`))
	if err == nil || strings.Contains(err.Error(), "hunter2") || err.Error() != "internal error in boom" {
		t.Errorf("panic became %v", err)
	}
}

// TestSocketNames: a socket_name that tmux cannot make a socket of in its
// directory is refused before anything reaches tmux, without quoting it.
func TestSocketNames(t *testing.T) {
	const want = "socket_name must look like a tmux socket name (tmux -L): one name, not . or .., of at most 95 bytes, without '/' or control characters"
	for _, bad := range []string{"", ".", "..", "a/b", "x\ny", "tab\there", "del\x7f", strings.Repeat("a", maxSocketName+1)} {
		if _, err := (onSocket{&bad}).socket(); err == nil || err.Error() != want {
			t.Errorf("socket_name %q: %v", bad, err)
		}
	}
	for _, good := range []string{"work", "a.b", "ünïcode", "-L", strings.Repeat("a", maxSocketName)} {
		if got, err := (onSocket{&good}).socket(); err != nil || got != good {
			t.Errorf("socket_name %q: %q, %v", good, got, err)
		}
	}
}
