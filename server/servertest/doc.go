// Package servertest runs txtar scenarios against tmuxbuf's MCP server
// (package server, binary cmd/tmuxbuf-mcp): it adds to package tmuxtest,
// which knows tmux and nothing of MCP, the commands that start servers,
// call their tools, capture fields of results, make concurrent calls and
// read the audit log, as net/http/httptest sits beside net/http. See Doc
// for the full list.
//
// A server starts in the test process, its client connected in memory, or
// as the built binary over stdio (`mcp -bin`); both read tmuxbuf-mcp's
// flags with the same code. Either way each message is encoded and decoded
// as the go-sdk's transports would, by connections of this package's own
// that read it once rather than four times: scenarios move megabytes. The
// tmux servers are the script's, in either of tmuxtest's modes.
//
// A package's scenarios run with:
//
//	func TestMain(m *testing.M) { tmuxtest.Main(m) }
//
//	func TestScripts(t *testing.T) { testscript.Run(t, servertest.Params("testdata/scripts")) }
//
// ConnectInMemory and Connect serve Go tests that want an MCP client on a
// server of their own.
package servertest
