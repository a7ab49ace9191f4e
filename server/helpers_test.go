package server_test

import (
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type mcpCallParams = mcp.CallToolParams

func readFile(path string) (string, error) {
	b, err := os.ReadFile(path)
	return string(b), err
}

func writeExecutable(path, script string) error {
	return os.WriteFile(path, []byte(script), 0o755)
}
