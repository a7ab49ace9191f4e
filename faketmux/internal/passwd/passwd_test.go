package passwd

import (
	"os"
	"os/user"
	"strconv"
	"strings"
	"testing"
)

// TestMatchesOSUser compares every entry of this machine's database with
// what package os/user finds for it, by name and by ID.
func TestMatchesOSUser(t *testing.T) {
	data, err := os.ReadFile(File)
	if err != nil {
		t.Skip(err)
	}
	n := 0
	for line := range strings.Lines(string(data)) {
		name, _, _ := strings.Cut(line, ":")
		if name == "" || name[0] == '#' || name[0] == '+' || name[0] == '-' {
			continue
		}
		want, err := user.Lookup(name)
		if err != nil {
			continue
		}
		got, err := LookupName(name)
		if err != nil {
			t.Errorf("LookupName(%q): %v", name, err)
			continue
		}
		if strconv.Itoa(got.UID) != want.Uid || strconv.Itoa(got.GID) != want.Gid || got.Home != want.HomeDir || got.Name != want.Username {
			t.Errorf("LookupName(%q) = %+v, os/user has %+v", name, got, want)
		}
		byID, err := LookupUID(got.UID)
		wantByID, _ := user.LookupId(want.Uid)
		if err != nil || wantByID == nil || byID.Name != wantByID.Username {
			t.Errorf("LookupUID(%d) = %+v, %v; os/user has %+v", got.UID, byID, err, wantByID)
		}
		n++
	}
	if n == 0 {
		t.Skip("no users to compare")
	}
	cur, err := Current()
	want, werr := user.Current()
	if err != nil || werr != nil || cur.Name != want.Username || cur.Home != want.HomeDir {
		t.Errorf("Current() = %+v, %v; os/user has %+v, %v", cur, err, want, werr)
	}
}

func TestUnknown(t *testing.T) {
	if _, err := LookupName("no such user, surely"); err != ErrUnknown {
		t.Errorf("LookupName of nobody: %v", err)
	}
	if _, err := LookupName(""); err != ErrUnknown {
		t.Errorf("LookupName(\"\"): %v", err)
	}
	if _, err := LookupUID(-5); err != ErrUnknown {
		t.Errorf("LookupUID(-5): %v", err)
	}
}
