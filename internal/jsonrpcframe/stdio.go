package jsonrpcframe

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tmuxbuf/tmuxbuf/internal/lift"
)

// The go-sdk's stdio transport (mcp.IOTransport, v1.8.0) reads standard
// input with one json.Decoder and ends the session on the first message it
// cannot decode: not JSON, a trailing comma, a batch, a "jsonrpc" other
// than "2.0", an id that is neither a string nor a number, all end the
// server without a word to the client. It also turns every numeric id into
// an int64 through a float64, so 1.5 comes back as 1 and a 30-digit id as
// -9223372036854775808; and it stops writing the moment its reader returns
// end of file, so a client that writes its calls and closes standard input
// at once (a shell pipe) would get no answer to the calls still under way.
//
// So the SDK does not see standard input and output: a framing sits in
// between. It reads standard input line by line and answers a line that is
// not a valid JSON-RPC 2.0 message itself, with a JSON-RPC error; it gives
// each client request a small integer id of its own (a surrogate), which
// the SDK handles losslessly, and puts the client's id back, byte for byte,
// into the response; it holds the end of standard input back from the SDK
// until every request has been answered; and it bounds the error texts the
// SDK sends, some of which quote a request's whole params. Only client
// requests are rewritten: the server's own requests to the client and the
// client's responses to them pass unchanged. A message is checked (with
// json.Valid) and its top-level members found, but never decoded whole: a
// load_buffer call carries up to 8 MiB of content.

// JSON-RPC 2.0's codes for messages that are not requests.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
)

// MaxErrorText bounds the message of a JSON-RPC error sent to the client,
// in bytes.
const MaxErrorText = 512

type rpcError struct {
	Code    int64  `json:"code"`
	Message string `json:"message"`
}

func invalidRequest(why string) *rpcError {
	return &rpcError{codeInvalidRequest, "Invalid Request: " + why}
}

var (
	errNotJSON  = &rpcError{codeParseError, "Parse error: the line is not one JSON value"}
	errTooDeep  = &rpcError{codeParseError, fmt.Sprintf("Parse error: the message nests deeper than %d levels", maxNesting)}
	errBatch    = invalidRequest("batches (JSON arrays of messages) are not supported")
	errNoObject = invalidRequest("a message is a JSON object")
)

// ErrClientGone is the end of a session whose client closed standard
// output.
var ErrClientGone = errors.New("the client went away (standard output is closed)")

// ServeStdio serves srv, whose table is payloads, on in and out (standard
// input and output), framed by c, until in ends, the client goes
// away (ErrClientGone) or ctx is done. A call still under way when ctx is
// done is cancelled, not waited for.
func ServeStdio(ctx context.Context, srv *mcp.Server, payloads *lift.Table, in io.Reader, out io.Writer, c Config) error {
	payloads.SpliceReplies(c.spliceMin())
	f := newFraming(in, out, payloads, c)
	defer context.AfterFunc(ctx, f.stop)()
	go f.serve()
	err := srv.Run(context.WithoutCancel(ctx), f.transport())
	if f.clientGone() {
		return ErrClientGone
	}
	return err
}

// framing is the layer between standard input and output and the SDK.
type framing struct {
	in        io.Reader
	out       io.Writer
	payloads  *lift.Table // large strings kept out of the SDK's way
	spliceMin int
	maxLine   int
	patience  time.Duration // how long the end of input waits for answers

	toSDK   *io.PipeWriter
	fromSDK *io.PipeReader // what the SDK reads

	outMu sync.Mutex // one line at a time on out
	gone  bool       // a write to out failed; under outMu

	mu        sync.Mutex
	answered  *sync.Cond // signalled when pending shrinks or waiting ends
	pending   map[int64]call
	last      int64 // the last surrogate id handed out
	noWaiting bool  // the end of input no longer waits for answers
}

// call is a client request under way, by its surrogate id.
type call struct {
	id     []byte // the client's id, as it sent it
	method string
	tokens []string // the strings lifted out of its arguments
}

func newFraming(in io.Reader, out io.Writer, payloads *lift.Table, c Config) *framing {
	f := &framing{in: in, out: out, payloads: payloads, spliceMin: c.spliceMin(), maxLine: c.maxMessage(), patience: c.Patience, pending: map[int64]call{}}
	f.answered = sync.NewCond(&f.mu)
	f.fromSDK, f.toSDK = io.Pipe()
	return f
}

// transport is the SDK's side of the framing. It caps no line length: the
// framing does, and answers a line too long rather than ending the session.
func (f *framing) transport() mcp.Transport {
	return &mcp.IOTransport{Reader: f.fromSDK, Writer: &sdkWriter{f: f}, MaxLineLength: -1}
}

// stop ends the session: the SDK reads an end of file, and cancels the
// calls under way.
func (f *framing) stop() {
	f.endWaiting()
	f.toSDK.Close()
}

func (f *framing) endWaiting() {
	f.mu.Lock()
	f.noWaiting = true
	f.mu.Unlock()
	f.answered.Broadcast()
}

func (f *framing) clientGone() bool {
	f.outMu.Lock()
	defer f.outMu.Unlock()
	return f.gone
}

// serve reads standard input to its end, one line at a time.
func (f *framing) serve() {
	l := &lift.Reader{In: bufio.NewReaderSize(f.in, 64<<10), Table: f.payloads, Min: f.spliceMin, Max: f.maxLine, Lines: true}
	for {
		line, err := l.Next()
		switch {
		case line.TooLong:
			f.reply(nil, invalidRequest(fmt.Sprintf("the message is longer than %d bytes", f.maxLine)))
		case line.NotJSON:
			f.reply(nil, errNotJSON)
		case len(line.Data) > 0:
			f.handle(line.Data, line.Tokens)
		}
		if err != nil {
			f.endOfInput(err)
			return
		}
	}
}

// endOfInput closes the SDK's input once every request read has been
// answered, or patience has run out, or the session is stopped.
func (f *framing) endOfInput(err error) {
	if err == io.EOF {
		timer := time.AfterFunc(f.patience, f.endWaiting)
		defer timer.Stop()
		f.mu.Lock()
		for len(f.pending) > 0 && !f.noWaiting {
			f.answered.Wait()
		}
		f.mu.Unlock()
		err = nil
	}
	f.toSDK.CloseWithError(err)
}

// handle passes one line to the SDK, or answers it when it is not a valid
// JSON-RPC 2.0 message.
//
// tokens are the strings lifted out of line (see lift.Reader): a tools/call
// request keeps them until it is answered; any other message gets them
// back, and an invalid one drops them.
func (f *framing) handle(line []byte, tokens []string) {
	msg := bytes.Trim(line, " \t\r\n")
	var m message
	var bad *rpcError
	valid := len(msg) > 0 && json.Valid(msg)
	if valid {
		m, bad = parseMessage(msg)
	}
	if len(tokens) > 0 && (!valid || bad != nil || m.methodName != "tools/call" || !m.id.present()) {
		msg = f.payloads.Unlift(msg, tokens)
		tokens = nil
	}
	switch {
	case len(msg) == 0:
		return // a blank line is no message
	case !valid:
		f.reply(nil, errNotJSON)
	case bad != nil:
		f.reply(m.replyID, bad)
	case m.id.present() && m.method.present():
		f.forwardRequest(msg, m, tokens)
	case m.method.present() && m.methodName == "notifications/cancelled":
		f.forwardCancel(msg, m)
	default:
		f.forward(msg)
	}
}

// forwardRequest gives a client request a surrogate id and passes it on.
func (f *framing) forwardRequest(msg []byte, m message, tokens []string) {
	f.mu.Lock()
	f.last++
	surrogate := f.last
	f.pending[surrogate] = call{id: bytes.Clone(msg[m.id.start:m.id.end]), method: m.methodName, tokens: tokens}
	f.mu.Unlock()
	f.forward(msg[:m.id.start], strconv.AppendInt(nil, surrogate, 10), msg[m.id.end:])
}

// forwardCancel passes on a cancellation naming a request under way by its
// surrogate id, since that is the id the SDK knows it by.
func (f *framing) forwardCancel(msg []byte, m message) {
	params := msg[m.params.start:m.params.end]
	var requestID span
	if m.params.present() && params[0] == '{' {
		members(params, func(key []byte, v span) {
			if name, _ := stringValue(key); name == "requestId" {
				requestID = v
			}
		})
	}
	if !requestID.present() {
		f.forward(msg)
		return
	}
	id := params[requestID.start:requestID.end]
	f.mu.Lock()
	var surrogate int64
	for s, c := range f.pending {
		if bytes.Equal(c.id, id) {
			surrogate = s
			break
		}
	}
	f.mu.Unlock()
	if surrogate == 0 {
		f.forward(msg)
		return
	}
	at := m.params.start + requestID.start
	f.forward(msg[:at], strconv.AppendInt(nil, surrogate, 10), msg[at+len(id):])
}

// forward writes one message, in parts, to the SDK's input.
func (f *framing) forward(parts ...[]byte) {
	for _, p := range joinSmall(append(parts, []byte{'\n'})) {
		if _, err := f.toSDK.Write(p); err != nil {
			return // the session has ended
		}
	}
}

// joinSmall joins the parts of a small message, so that it takes one write;
// a large one is left in its parts rather than copied.
func joinSmall(parts [][]byte) [][]byte {
	size := 0
	for _, p := range parts {
		size += len(p)
	}
	if size > 64<<10 {
		return parts
	}
	return [][]byte{bytes.Join(parts, nil)}
}

// reply answers a line that is no valid message with a JSON-RPC error:
// with the request's id when it has one, else with id null.
func (f *framing) reply(id []byte, e *rpcError) {
	if id == nil {
		id = []byte("null")
	}
	body, _ := json.Marshal(e)
	f.write([]byte(`{"jsonrpc":"2.0","id":`), id, []byte(`,"error":`), body, []byte("}\n"))
}

// write puts one line on standard output. A failed write means the client
// has gone: the session then stops.
func (f *framing) write(parts ...[]byte) error {
	f.outMu.Lock()
	defer f.outMu.Unlock()
	if f.gone {
		return ErrClientGone
	}
	for _, p := range joinSmall(parts) {
		var err error
		if f.payloads.Spliced(p) {
			err = f.payloads.WriteSpliced(f.out, p)
		} else {
			_, err = f.out.Write(p)
		}
		if err != nil {
			f.gone = true
			f.stop()
			return err
		}
	}
	return nil
}

// sdkWriter is the SDK's standard output. The SDK writes one whole message
// per Write, but a message split over several is gathered all the same.
type sdkWriter struct {
	f       *framing
	partial []byte
}

func (w *sdkWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			w.partial = append(w.partial, p...)
			break
		}
		line := p[:i]
		if len(w.partial) > 0 {
			line = append(w.partial, line...)
		}
		w.partial = nil
		if err := w.f.emit(line); err != nil {
			return 0, err
		}
		p = p[i+1:]
	}
	return n, nil
}

// Close leaves standard output open: the process closes it.
func (w *sdkWriter) Close() error { return nil }

// emit writes one message from the SDK: a response to a client request
// with the client's own id, and its error text bounded.
func (f *framing) emit(msg []byte) error {
	if len(msg) == 0 || msg[0] != '{' {
		return f.write(msg, []byte{'\n'})
	}
	var id, method, errorValue span
	members(msg, func(key []byte, v span) {
		switch name, _ := stringValue(key); name {
		case "id":
			id = v
		case "method":
			method = v
		case "error":
			errorValue = v
		}
	})
	surrogate, err := strconv.ParseInt(string(msg[id.start:id.end]), 10, 64)
	if method.present() || !id.present() || err != nil {
		return f.write(msg, []byte{'\n'})
	}
	f.mu.Lock()
	c, ok := f.pending[surrogate]
	delete(f.pending, surrogate)
	f.mu.Unlock()
	f.answered.Broadcast()
	f.payloads.Release(c.tokens)
	if !ok {
		return f.write(msg, []byte{'\n'})
	}
	if errorValue.present() && errorValue.start > id.start {
		if bounded := boundErrorText(msg[errorValue.start:errorValue.end], c.method); bounded != nil {
			return f.write(msg[:id.start], c.id, msg[id.end:errorValue.start], bounded, msg[errorValue.end:], []byte{'\n'})
		}
	}
	return f.write(msg[:id.start], c.id, msg[id.end:], []byte{'\n'})
}

// boundErrorText returns the error object with a message fit for the
// client, or nil when it is fit already. The SDK answers params it cannot
// decode with a message that quotes them whole ("unmarshaling %q into a
// %T"), and the JSON decoder's own message quotes a part of them: a
// load_buffer call's content would come back in the error. Such a message
// is replaced; any other is cut to MaxErrorText bytes. method is the
// request's, "" where it is not known.
func boundErrorText(raw []byte, method string) []byte {
	var e struct {
		Code    int64           `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data,omitempty"`
	}
	if json.Unmarshal(raw, &e) != nil {
		return nil
	}
	switch {
	case strings.Contains(e.Message, "unmarshaling ") && method == "":
		e.Message = "invalid params: the params do not have the types their method takes"
		e.Data = nil
	case strings.Contains(e.Message, "unmarshaling "):
		e.Message = fmt.Sprintf("invalid params: the params of %q do not have the types that method takes", method)
		e.Data = nil
	case len(e.Message) > MaxErrorText:
		cut := MaxErrorText
		for cut > 0 && !utf8.RuneStart(e.Message[cut]) {
			cut--
		}
		e.Message = e.Message[:cut] + "…"
	default:
		return nil
	}
	out, _ := json.Marshal(e)
	return out
}

// message is what the framing knows of one valid JSON message.
type message struct {
	jsonrpc, id, method, params, result, errorValue span
	methodName                                      string
	replyID                                         []byte // the id to answer it with, if it is invalid
}

// parseMessage finds the members of msg, valid JSON, and checks that it is
// a JSON-RPC 2.0 message that the SDK reads without ending the session.
func parseMessage(msg []byte) (m message, bad *rpcError) {
	switch msg[0] {
	case '[':
		return m, errBatch
	case '{':
	default:
		return m, errNoObject
	}
	var twice string
	depth := members(msg, func(key []byte, v span) {
		var field *span
		switch name, _ := stringValue(key); name {
		case "jsonrpc":
			field = &m.jsonrpc
		case "id":
			field = &m.id
		case "method":
			field = &m.method
		case "params":
			field = &m.params
		case "result":
			field = &m.result
		case "error":
			field = &m.errorValue
		default:
			return
		}
		if field.present() {
			twice = string(key)
		}
		*field = v
	})
	value := func(s span) []byte { return msg[s.start:s.end] }
	switch {
	case depth > maxNesting:
		return m, errTooDeep
	case twice != "":
		return m, invalidRequest(fmt.Sprintf("the member %s appears twice", twice))
	}
	if m.method.present() {
		var isString bool
		if m.methodName, isString = stringValue(value(m.method)); !isString {
			return m, invalidRequest(`"method" must be a string`)
		}
		if len(m.methodName) > 64 {
			m.methodName = m.methodName[:64]
		}
		// A request: whatever else is wrong with it, the client can tell
		// which of its calls failed.
		if m.id.present() && isID(value(m.id), true) {
			m.replyID = value(m.id)
		}
	}
	switch v, _ := stringValue(value(m.jsonrpc)); {
	case v != "2.0":
		return m, invalidRequest(`"jsonrpc" must be "2.0"`)
	case m.errorValue.present() && !isWireError(value(m.errorValue)):
		// The SDK decodes "error" whatever the message, and a failure
		// ends the session.
		return m, invalidRequest(`"error" must be an object with an integer "code" and a string "message"`)
	}
	if m.method.present() {
		switch {
		case m.id.present() && m.replyID == nil:
			return m, invalidRequest(`"id" must be a string, a number or null`)
		case m.params.present() && !strings.ContainsRune("{[n", rune(msg[m.params.start])):
			return m, invalidRequest(`"params" must be an object or an array`)
		}
		return m, nil
	}
	// No method: a response to one of the server's own requests.
	switch {
	case !m.id.present() || m.result.present() == m.errorValue.present():
		return m, invalidRequest(`a message needs a "method" (a request or a notification), or an "id" and either a "result" or an "error" (a response)`)
	case !isID(value(m.id), false):
		return m, invalidRequest(`the "id" of a response must be a string or a number`)
	}
	return m, nil
}

// isID reports whether raw, a JSON value, is a valid id: for a request, a
// string, a number or null (the framing replaces it); for a response, a
// string or a number that the SDK decodes (into a float64).
func isID(raw []byte, request bool) bool {
	switch c := raw[0]; {
	case c == '"':
		return true
	case c == '-' || c >= '0' && c <= '9':
		if request {
			return true
		}
		_, err := strconv.ParseFloat(string(raw), 64)
		return err == nil
	case c == 'n':
		return request
	}
	return false
}

// isWireError reports whether raw decodes as the SDK's error object.
func isWireError(raw []byte) bool {
	if raw[0] == 'n' {
		return true
	}
	if raw[0] != '{' {
		return false
	}
	ok := true
	members(raw, func(key []byte, v span) {
		value := raw[v.start:v.end]
		switch name, _ := stringValue(key); name {
		case "code":
			_, err := strconv.ParseInt(string(value), 10, 64)
			ok = ok && err == nil
		case "message":
			ok = ok && value[0] == '"'
		}
	})
	return ok
}
