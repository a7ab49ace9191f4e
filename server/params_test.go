package server

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestBind decodes show_buffer's and paste_text's arguments into their
// structs: values as sent, defaults where absent, nil pointers for null.
func TestBind(t *testing.T) {
	show := toolNamed(t, "show_buffer")
	a, err := decodeArgs(json.RawMessage(`{"buffer_name":"b","socket_name":"s"}`), show.params)
	if err != nil {
		t.Fatal(err)
	}
	var sa showArgs
	a.bind(argFields(reflect.TypeFor[showArgs]()), reflect.ValueOf(&sa).Elem())
	if sa.BufferName != "b" || sa.MaxLines == nil || *sa.MaxLines != defaultShowMaxLines ||
		sa.SocketName == nil || *sa.SocketName != "s" {
		t.Errorf("show_buffer arguments bound as %+v", sa)
	}

	paste := toolNamed(t, "paste_text")
	a, err = decodeArgs(json.RawMessage(`{"text":"x","pane_id":null,"window_id":"@2","bracket":false}`), paste.params)
	if err != nil {
		t.Fatal(err)
	}
	var pa pasteTextArgs
	a.bind(argFields(reflect.TypeFor[pasteTextArgs]()), reflect.ValueOf(&pa).Elem())
	if pa.Text != "x" || pa.PaneID != nil || pa.WindowID == nil || *pa.WindowID != "@2" || pa.Bracket ||
		pa.SessionID != nil || pa.SessionName != nil || pa.SocketName != nil {
		t.Errorf("paste_text arguments bound as %+v", pa)
	}
}

// TestBindRefusesAMismatch: a struct that does not match the params panics,
// rather than leaving a field at its zero value.
func TestBindRefusesAMismatch(t *testing.T) {
	a, err := decodeArgs(json.RawMessage(`{"content":"x"}`), toolNamed(t, "load_buffer").params)
	if err != nil {
		t.Fatal(err)
	}
	for name, in := range map[string]any{
		"a param without a field": &struct {
			Content string `arg:"content"`
			onSocket
		}{},
		"a field without a param": &struct {
			loadArgs
			Extra string `arg:"extra"`
		}{},
		"a field of another type": &struct {
			Content     []byte  `arg:"content"`
			LogicalName *string `arg:"logical_name"`
			onSocket
		}{},
		"a param with two fields": &struct {
			loadArgs
			Again string `arg:"content"`
		}{},
		"a null into a non-pointer": &struct {
			Content     string `arg:"content"`
			LogicalName string `arg:"logical_name"`
			onSocket
		}{},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: bind did not panic", name)
				}
			}()
			a.bind(argFields(reflect.TypeOf(in).Elem()), reflect.ValueOf(in).Elem())
		}()
	}
}

func toolNamed(t *testing.T, name string) tool {
	t.Helper()
	for _, tl := range tools {
		if tl.name == name {
			return tl
		}
	}
	t.Fatalf("no tool %s", name)
	return tool{}
}
