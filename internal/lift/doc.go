// Package lift keeps large strings out of the go-sdk's way.
//
// The go-sdk (v1.8.0) decodes a request several times over on its way to a
// tool, and encodes a result twice on its way out: a load_buffer of 64 MiB
// cost some twenty times its content in memory. So tmuxbuf's transports
// keep large strings out of its way, in both directions, through a Table
// that the server and its transports share (TableOf finds a server's):
//
//   - On the way in, a Reader reads each JSON-RPC message and lifts a long
//     string member of params.arguments out of it as it streams by,
//     decoding it once, as encoding/json would, a piece at a time; a token
//     takes its place (Table.Lift), and the server swaps the token back for
//     the string before the tool sees its arguments (Table.Lookup). The
//     audit log's digest of the string is made from the pieces as they are
//     decoded, on a goroutine of its own (Table.StartRedaction).
//   - On the way out, a show_buffer reply carries a token where its content
//     goes (Table.Park, once a transport has asked for it with
//     SpliceReplies), and the transport writes the content, escaped as the
//     SDK would have escaped it, in the token's place as it sends the
//     message (Table.WriteSpliced).
//
// The SDK only ever handles small messages, and a client sees the same
// bytes as without lifting. The package is internal: it is tied to the
// go-sdk's costs, and to the transports of cmd/tmuxbuf-mcp
// (internal/jsonrpcframe), not an interface of the server.
package lift
