package tmuxbuf_test

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// otherPrefixes are the commit prefixes of CONTRIBUTING.md that name no
// package.
var otherPrefixes = []string{"testdata/scripts", "README", "CONTRIBUTING", ".ci", "go.mod"}

// TestContributingNamesEveryPackage holds CONTRIBUTING.md's list of commit
// prefixes to the module's packages: each package is there (the root as
// tmuxbuf), and each prefix is a package or one of otherPrefixes.
func TestContributingNamesEveryPackage(t *testing.T) {
	text, err := os.ReadFile("CONTRIBUTING.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, found := strings.Cut(string(text), "\n## Commits\n")
	if !found {
		t.Fatal(`CONTRIBUTING.md has no "## Commits" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var listed []string
	for _, item := range regexp.MustCompile(`(?m)^- .*(\n  .*)*`).FindAllString(section, -1) {
		for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(item, -1) {
			if !strings.HasSuffix(m[1], ".go") {
				listed = append(listed, m[1])
			}
		}
	}
	const module = "github.com/tmuxbuf/tmuxbuf"
	var packages []string
	for pkg := range packageDeps(t, "{{.ImportPath}}", "./...") {
		if pkg == module {
			packages = append(packages, "tmuxbuf")
		} else {
			packages = append(packages, strings.TrimPrefix(pkg, module+"/"))
		}
	}
	for _, pkg := range packages {
		if !slices.Contains(listed, pkg) {
			t.Errorf("CONTRIBUTING.md's commit prefixes do not name package %s", pkg)
		}
	}
	for _, prefix := range listed {
		if !slices.Contains(packages, prefix) && !slices.Contains(otherPrefixes, prefix) {
			t.Errorf("CONTRIBUTING.md's commit prefix %s is no package, nor one of %q", prefix, otherPrefixes)
		}
	}
}
