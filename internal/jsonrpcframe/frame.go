// Package jsonrpcframe frames the JSON-RPC messages of tmuxbuf-mcp between
// its clients and the go-sdk: on standard input and output (ServeStdio) and
// over Streamable HTTP (HTTPHandler).
//
// It exists for what the go-sdk (v1.8.0) does with messages. Its stdio
// transport ends the whole session on the first line it cannot decode,
// mangles numeric ids (1.5 comes back as 1), and stops answering once
// standard input ends; some of its error texts, on stdio and over HTTP,
// quote a request's params or body, content included; and it decodes a
// request several times over and encodes a reply twice, so that a
// load_buffer of 64 MiB cost some twenty times its content in memory. So
// on stdio the framing answers a line that is no valid message itself,
// gives each request an id of its own and puts the client's back, and
// holds the end of input back until the calls read are answered; on both
// transports it bounds the error texts, and keeps large strings out of the
// SDK's way with package internal/lift: it lifts them out of requests as
// they stream in, and splices show_buffer contents into replies as they go
// out, escaped as the SDK would have escaped them, so that a client sees
// the same bytes.
//
// It is internal because it is tied to that version of the go-sdk and its
// costs: CONTRIBUTING.md ("Large content, and what the go-sdk could do
// about it") says what the SDK could change to make some of it unneeded.
package jsonrpcframe

import "time"

// Config is how a transport frames messages.
type Config struct {
	// MaxMessage is the longest message accepted, in bytes: a longer line
	// on standard input is answered with an error, and a longer HTTP body
	// fails as the SDK's own limit would fail it. 0 means MaxMessage(8 MiB),
	// the bound for tmuxbuf's default content cap.
	MaxMessage int
	// Patience is how long the end of standard input waits for the answers
	// to the requests read before it (stdio only).
	Patience time.Duration
	// SpliceMin is the size from which a string argument of a call is lifted
	// out of its message, and a show_buffer reply's content spliced into its
	// own, so that the go-sdk never holds them; 0 means DefaultSpliceMin.
	// Tests lower it to send every payload the long way.
	SpliceMin int
}

// DefaultSpliceMin is the SpliceMin of a Config that sets none: shorter
// strings reach the SDK as they came.
const DefaultSpliceMin = 64 << 10

// MaxMessage is the longest JSON-RPC message that carries content of
// maxContent bytes: room for it even when JSON escapes every byte (\u0000 is
// six bytes for one), plus the rest of the request.
func MaxMessage(maxContent int) int {
	return 6*maxContent + 1<<20
}

func (c Config) maxMessage() int {
	if c.MaxMessage == 0 {
		return MaxMessage(8 << 20)
	}
	return c.MaxMessage
}

func (c Config) spliceMin() int {
	if c.SpliceMin == 0 {
		return DefaultSpliceMin
	}
	return c.SpliceMin
}
