package server_test

import (
	"os"
)

func readFile(path string) (string, error) {
	b, err := os.ReadFile(path)
	return string(b), err
}

func writeExecutable(path, script string) error {
	return os.WriteFile(path, []byte(script), 0o755)
}
