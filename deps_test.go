package tmuxbuf_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestBinariesLinkNoTesting fails when a binary of this module links the
// testing package, as a test helper taking testing.TB would make it do:
// testing registers its flags and brings its runtime into programs that
// users run.
func TestBinariesLinkNoTesting(t *testing.T) {
	for pkg, deps := range packageDeps(t, `{{if eq .Name "main"}}{{.ImportPath}} {{join .Deps " "}}{{end}}`, "./...") {
		for _, dep := range deps {
			if dep == "testing" {
				t.Errorf("%s links the testing package (see go list -deps %s)", pkg, pkg)
			}
		}
	}
}

// packageDeps runs go list with format on patterns; each line of format's
// output is a package's import path and then its dependencies.
func packageDeps(t *testing.T, format string, patterns ...string) map[string][]string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list", "-f", format}, patterns...)...).Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := map[string][]string{}
	for line := range strings.Lines(string(out)) {
		if fields := strings.Fields(line); len(fields) > 0 {
			deps[fields[0]] = fields[1:]
		}
	}
	if len(deps) == 0 {
		t.Fatalf("go list %s matched no package", strings.Join(patterns, " "))
	}
	return deps
}

// TestTmuxtestKnowsNoMCP fails when package tmuxtest, the tmux harness for
// any module, depends on this module's MCP server or on the MCP SDK: a
// module that tests its own tmux code should not inherit them.
func TestTmuxtestKnowsNoMCP(t *testing.T) {
	const pkg = "github.com/tmuxbuf/tmuxbuf/tmuxtest"
	for _, dep := range packageDeps(t, `{{.ImportPath}} {{join .Deps " "}}`, pkg)[pkg] {
		for _, banned := range []string{"github.com/tmuxbuf/tmuxbuf/server", "github.com/tmuxbuf/tmuxbuf/internal/config", "github.com/modelcontextprotocol/"} {
			if strings.HasPrefix(dep, banned) {
				t.Errorf("%s depends on %s", pkg, dep)
			}
		}
	}
}

// TestFramingDependsOnLittle keeps the arrows of the JSON-RPC framing one
// way. Package server and the transports share internal/lift, which knows
// neither of them nor the MCP SDK; internal/jsonrpcframe frames any
// go-sdk server and reaches this module only through internal/lift; and
// server knows nothing of the transports.
func TestFramingDependsOnLittle(t *testing.T) {
	const module = "github.com/tmuxbuf/tmuxbuf/"
	deps := packageDeps(t, `{{.ImportPath}} {{join .Deps " "}}`, "./internal/lift", "./internal/jsonrpcframe", "./server")
	for pkg, rule := range map[string]struct {
		banned []string // prefixes of what it must not depend on
		except []string // packages that the prefixes take in but it may
	}{
		module + "internal/lift":         {banned: []string{module, "github.com/modelcontextprotocol/"}},
		module + "internal/jsonrpcframe": {banned: []string{module}, except: []string{module + "internal/lift"}},
		module + "server":                {banned: []string{module + "internal/jsonrpcframe"}},
	} {
		if _, ok := deps[pkg]; !ok {
			t.Errorf("go list did not list %s", pkg)
		}
		for _, dep := range deps[pkg] {
			for _, banned := range rule.banned {
				if strings.HasPrefix(dep, banned) && !slices.Contains(rule.except, dep) {
					t.Errorf("%s depends on %s", pkg, dep)
				}
			}
		}
	}
}

// TestFaketmuxLinksNoCgo fails when cmd/faketmux, thin or full, links
// runtime/cgo, as packages net (its resolver) and os/user do whenever cgo
// is enabled, which `go install` enables by default on a machine with a C
// compiler. The binary is then dynamically linked, and every client
// process pays for the dynamic loader and libc's start-up: 0.8 ms of a
// command's 2 ms (issue 26). internal/unixsock and
// faketmux/internal/passwd do what the client and the emulator needed of
// those packages.
func TestFaketmuxLinksNoCgo(t *testing.T) {
	const pkg = "github.com/tmuxbuf/tmuxbuf/cmd/faketmux"
	for _, tags := range []string{"", "faketmux_thin"} {
		cmd := exec.Command("go", "list", "-tags", tags, "-f", `{{join .Deps " "}}`, pkg)
		cmd.Env = append(cmd.Environ(), "CGO_ENABLED=1")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -tags %q: %v", tags, err)
		}
		for _, dep := range strings.Fields(string(out)) {
			if dep == "runtime/cgo" {
				t.Errorf("cmd/faketmux (tags %q) links runtime/cgo with cgo enabled: see which of its dependencies import it (go list -deps -f '{{.ImportPath}} {{.Imports}}')", tags)
			}
		}
	}
}
