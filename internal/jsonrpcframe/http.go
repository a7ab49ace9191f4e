package jsonrpcframe

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"slices"

	"github.com/tmuxbuf/tmuxbuf/internal/lift"
)

// HTTPHandler wraps sdk, the go-sdk's Streamable HTTP handler of the
// server whose table is payloads, made with c.MaxMessage as its
// MaxRequestBodyBytes: it lifts the large strings out of each request's
// body, splices show_buffer contents into the replies, and bounds the
// error texts that would quote a request.
func HTTPHandler(sdk http.Handler, payloads *lift.Table, c Config) http.Handler {
	payloads.SpliceReplies(c.spliceMin())
	return liftLargeStrings(quoteNoParams(sdk, payloads), payloads, int64(c.maxMessage()), c.spliceMin())
}

// quoteNoParams keeps the go-sdk's errors for params it cannot decode,
// which quote the params whole, content included, from reaching HTTP
// clients as they are (see boundErrorText), and splices the content of
// show_buffer replies into them (see lift.Table.WriteSpliced). The SDK
// writes each message, an SSE event or a JSON body, in one Write.
func quoteNoParams(h http.Handler, payloads *lift.Table) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(&boundErrors{ResponseWriter: w, payloads: payloads}, r)
	})
}

type boundErrors struct {
	http.ResponseWriter
	payloads *lift.Table
	status   int
}

// Unwrap lets http.ResponseController reach the writer's Flush.
func (b *boundErrors) Unwrap() http.ResponseWriter { return b.ResponseWriter }

func (b *boundErrors) WriteHeader(status int) {
	b.status = status
	b.ResponseWriter.WriteHeader(status)
}

// malformedPayload is the go-sdk's plain-text answer to a body that is not
// JSON, whose decoder's error goes on to quote the body, content included.
var malformedPayload = []byte("malformed payload")

func (b *boundErrors) Write(p []byte) (int, error) {
	msg := p
	if bounded := boundWrittenError(p); bounded != nil {
		msg = bounded
	} else if b.status == http.StatusBadRequest && bytes.HasPrefix(p, malformedPayload) {
		msg = []byte("malformed payload: the body is not one JSON-RPC message\n")
	}
	var err error
	if b.payloads.Spliced(msg) {
		err = b.payloads.WriteSpliced(b.ResponseWriter, msg)
	} else {
		_, err = b.ResponseWriter.Write(msg)
	}
	if err != nil {
		return 0, err
	}
	return len(p), nil
}

// liftLargeStrings hands the SDK a POST's body with its large string
// arguments lifted out (see lift.Reader), and releases them once the request
// has been answered. It reads the body only when the SDK does, so that
// the SDK's checks of the headers come first as they did, and within
// maxBody, so that a body over it fails the SDK's read as its own limit
// would.
func liftLargeStrings(h http.Handler, payloads *lift.Table, maxBody int64, spliceMin int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Body == nil {
			h.ServeHTTP(w, r)
			return
		}
		body := &liftedBody{raw: r.Body, lifter: &lift.Reader{
			In:    bufio.NewReaderSize(http.MaxBytesReader(w, r.Body, maxBody), 64<<10),
			Table: payloads, Min: spliceMin, Max: int(maxBody) + 1,
		}}
		defer func() { payloads.Release(body.tokens) }()
		r.Body = body
		h.ServeHTTP(w, r)
	})
}

// liftedBody is a request body read through a lift.Reader, whole, at its first
// Read.
type liftedBody struct {
	raw    io.ReadCloser
	lifter *lift.Reader
	read   bool
	rest   io.Reader
	tokens []string
}

// notJSONBody stands for a body whose lifted string was no JSON string: the
// SDK refuses it as it refused the body.
var notJSONBody = []byte(`{"jsonrpc":"2.0","params":"\x"}`)

func (b *liftedBody) Read(p []byte) (int, error) {
	if !b.read {
		b.read = true
		res, err := b.lifter.Next()
		if err != nil {
			b.lifter.Table.Release(res.Tokens)
			b.rest = errReader{err}
		} else if res.NotJSON {
			b.rest = bytes.NewReader(notJSONBody)
		} else {
			b.tokens, b.rest = res.Tokens, bytes.NewReader(res.Data)
		}
	}
	return b.rest.Read(p)
}

func (b *liftedBody) Close() error { return b.raw.Close() }

// errReader is a reader that fails with its error.
type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// errorMember starts an error response's error object. Inside a JSON
// string its quotes would be escaped, so only a message's own structure
// holds it: other writes are passed on without being parsed.
var errorMember = []byte(`"error":{`)

// boundWrittenError returns p, a JSON-RPC message alone or as the data of
// an SSE event, with its error bounded by boundErrorText; or nil when p
// needs no change.
func boundWrittenError(p []byte) []byte {
	if !bytes.Contains(p, errorMember) {
		return nil
	}
	start := 0
	if p[0] != '{' {
		i := bytes.Index(p, []byte("\ndata: "))
		if i < 0 {
			return nil
		}
		start = i + len("\ndata: ")
	}
	end := start + bytes.IndexByte(p[start:], '\n')
	if end < start {
		end = len(p)
	}
	msg := p[start:end]
	if !json.Valid(msg) || msg[0] != '{' {
		return nil
	}
	var errorValue span
	members(msg, func(key []byte, v span) {
		if name, _ := stringValue(key); name == "error" {
			errorValue = v
		}
	})
	if !errorValue.present() {
		return nil
	}
	bounded := boundErrorText(msg[errorValue.start:errorValue.end], "")
	if bounded == nil {
		return nil
	}
	return slices.Concat(p[:start+errorValue.start], bounded, p[start+errorValue.end:])
}
