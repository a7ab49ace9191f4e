package jsonrpcframe

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/tmuxbuf/tmuxbuf/internal/rawmcp"
)

// FuzzStdioLine feeds any bytes as one line (a newline in them becomes a
// space) to a server on stdio (the fake backend, in process) and checks, against what encoding/json makes of the
// line:
//   - every line the server writes is a well-formed JSON-RPC response;
//   - a line that is not JSON gets exactly one -32700 error, with id null;
//   - a request (a string "method" and a string, number or null "id") gets
//     exactly one response, whose id is the request's, byte for byte;
//   - anything else gets at most one answer, an error with id null;
//   - the server reads on: a ping after the line is answered.
//
// Run it with: go test -run '^$' -fuzz '^FuzzStdioLine$' -fuzztime 10s ./internal/jsonrpcframe
func FuzzStdioLine(f *testing.F) {
	for _, seed := range []string{
		`hello`,
		`{"jsonrpc":"2.0","id":1,"method":"ping",}`,
		`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`,
		`[]`,
		`{"jsonrpc":"1.0","id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":2}`,
		`{"jsonrpc":"2.0","method":5}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized","params":"x"}`,
		`{"jsonrpc":"2.0","id":1.5,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":-0.0e-0,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":"\u0041\"","method":"ping"}`,
		`{"jsonrpc":"2.0","id":null,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":true,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}`,
		`{"\u0069d":"esc","jsonrpc":"2.0","method":"ping"}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":{"content":"s3cret"}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"load_buffer","arguments":{"content":"hi"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`,
		`{"jsonrpc":"2.0","id":5,"result":{}}`,
		`{"jsonrpc":"2.0","id":6,"error":{"code":1.5,"message":"x"}}`,
		`{"jsonrpc":"2.0","id":8,"method":"ping","error":5}`,
		`{"jsonrpc":"2.0","id":7,"method":"ping","params":` + strings.Repeat("[", 1000) + strings.Repeat("]", 1000) + `}`,
		" \t\r",
		"\x00\xff",
	} {
		f.Add([]byte(seed))
	}
	// Readonly: no fuzzed call may paste into the emulator's shell.
	s := startStdio(f, Config{}, "--safety", "readonly")
	markers := 0
	f.Fuzz(func(t *testing.T, line []byte) {
		line = bytes.ReplaceAll(line, []byte("\n"), []byte(" "))
		markers++
		marker := fmt.Sprintf(`"marker %d"`, markers)
		checkSDKReads(t, line)
		want := expectedAnswer(line)
		if want.id == marker {
			t.Skip("the line takes the marker's id")
		}
		s.Send(t, string(line))
		s.Send(t, `{"jsonrpc":"2.0","id":`+marker+`,"method":"ping"}`)
		answers := 0
		for markerSeen := false; !markerSeen || answers < want.min; {
			out := s.Next(t)
			if strings.Contains(out, `"method"`) && !strings.Contains(out, `"result"`) && !strings.Contains(out, `"error"`) {
				continue // the server's own notification
			}
			r := rawmcp.ParseResponse(t, out)
			switch id := string(r.ID); {
			case id == marker:
				markerSeen = true
			case id == want.id || want.id == "" && id == "null" && r.Error != nil:
				answers++
				if want.code != 0 && (r.Error == nil || r.Error.Code != want.code) {
					t.Errorf("%q was answered %s, want error %d", line, out, want.code)
				}
			default:
				t.Fatalf("%q was answered %s, which answers nothing sent", line, out)
			}
		}
		if answers < want.min || answers > want.max {
			t.Errorf("%q was answered %d times, want %d to %d", line, answers, want.min, want.max)
		}
	})
}

// checkSDKReads checks that a message the framing passes on, its id
// replaced, is one the SDK decodes: one it cannot ends the session.
func checkSDKReads(t *testing.T, line []byte) {
	msg := bytes.Trim(line, " \t\r")
	if len(msg) == 0 || !json.Valid(msg) {
		return
	}
	m, bad := parseMessage(msg)
	if bad != nil {
		return
	}
	if m.id.present() && m.method.present() {
		msg = slices.Concat(msg[:m.id.start], []byte("1"), msg[m.id.end:])
	}
	if _, err := jsonrpc.DecodeMessage(msg); err != nil {
		t.Errorf("the framing passes on %q, which the SDK cannot decode: %v", msg, err)
	}
}

// answer is what a line should get: between min and max responses, with
// id (its bytes; "" for null) and, if not 0, that error code.
type answer struct {
	min, max int
	id       string
	code     int64
}

// expectedAnswer judges a line with encoding/json alone.
func expectedAnswer(line []byte) answer {
	trimmed := bytes.Trim(line, " \t\r")
	switch {
	case len(trimmed) == 0:
		return answer{}
	case !json.Valid(trimmed):
		return answer{min: 1, max: 1, code: codeParseError}
	}
	if nesting(trimmed) > maxNesting {
		return answer{min: 1, max: 1, code: codeParseError}
	}
	var members map[string]json.RawMessage
	if json.Unmarshal(trimmed, &members) != nil || hasDuplicateMember(trimmed) {
		return answer{max: 1}
	}
	var method string
	id, hasID := members["id"]
	if json.Unmarshal(members["method"], &method) != nil || !hasID || !strings.ContainsRune(`"-0123456789n`, rune(id[0])) {
		return answer{max: 1}
	}
	return answer{min: 1, max: 1, id: string(id)}
}

// hasDuplicateMember reports whether the object obj has one of the members
// of a JSON-RPC message twice, which the framing refuses.
func hasDuplicateMember(obj []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(obj))
	dec.Token() // {
	seen := map[string]bool{}
	for dec.More() {
		key, _ := dec.Token()
		switch name := key.(string); name {
		case "jsonrpc", "id", "method", "params", "result", "error":
			if seen[name] {
				return true
			}
			seen[name] = true
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return false
		}
	}
	return false
}

// nesting is how deeply the valid JSON value v nests arrays and objects.
func nesting(v []byte) int {
	dec := json.NewDecoder(bytes.NewReader(v))
	depth, deepest := 0, 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return deepest
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
			deepest = max(deepest, depth)
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
}
