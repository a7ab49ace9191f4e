package terminfo

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse feeds Parse mangled entries, seeded with the machine's: it
// must return an entry or ErrFormat, never panic; nor may Tparm on any of
// the entry's strings.
func FuzzParse(f *testing.F) {
	for _, name := range machineTerms {
		if data, err := os.ReadFile(filepath.Join("/lib/terminfo", name[:1], name)); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte{0x1a, 0x01, 0xff, 0x7f, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := Parse(data)
		if err != nil && !errors.Is(err, ErrFormat) {
			t.Fatalf("error not ErrFormat: %v", err)
		}
		if err == nil && e == nil {
			t.Fatal("no entry and no error")
		}
		if e != nil {
			for _, s := range e.strs {
				Tparm(s, 1, -2, 300, 4, 5, 6, 7, 8, 9)
			}
		}
	})
}
