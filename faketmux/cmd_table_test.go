package faketmux

import (
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
)

// listCommandsFormat is what TestTableIsTmuxs asks tmux's list-commands
// for: each entry's name, alias and usage, in table order.
const listCommandsFormat = "#{command_list_name}\t#{command_list_alias}\t#{command_list_usage}"

// The table is tmux 3.3a's, entry for entry and in its order (which
// decides ambiguity messages), as tmux's own list-commands prints it. The
// record is checked against a live tmux when there is one, and -update
// re-records it.
func TestTableIsTmuxs(t *testing.T) {
	record := filepath.Join("testdata", "list-commands.golden")
	if tmux := realTmux(t); tmux != "" {
		socket := filepath.Join(shortTempDir(t), "s")
		live, err := exec.Command(tmux, "-S", socket, "-f", "/dev/null", "list-commands", "-F", listCommandsFormat).Output()
		exec.Command(tmux, "-S", socket, "kill-server").Run()
		if err != nil {
			t.Fatalf("tmux list-commands: %v", err)
		}
		checkRecord(t, record, string(live))
	}
	want, err := os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	for _, e := range cmdTable() {
		got.WriteString(e.name + "\t" + e.alias + "\t" + e.usage + "\n")
	}
	if line, w, g, differ := firstDifference(string(want), got.String()); differ {
		t.Errorf("the command table differs from tmux's list-commands at %s:%d:\n  tmux: %q\n table: %q", record, line, w, g)
	}
}

// Every entry of tmux's table has code, and at least one differential case
// or a reason (noCase) why it cannot have one.
func TestEveryCommandHasCodeAndACase(t *testing.T) {
	cases := scenariosByCommand()
	for _, e := range cmdTable() {
		if e.exec == nil {
			t.Errorf("%s has no exec", e.name)
		}
		switch n := len(cases[e]); {
		case n == 0 && e.noCase == "":
			t.Errorf("%s has no differential case, and no noCase saying why", e.name)
		case n > 0 && e.noCase != "":
			t.Errorf("%s has %d differential cases, but its noCase says it has none", e.name, n)
		}
	}
}

// scenarioUse is a differential scenario that runs a command, and how many
// times it does.
type scenarioUse struct {
	family string
	sc     scenario
	times  int
}

// scenariosByCommand is the differential scenarios that run each command,
// in its configuration or its steps' command lines, in family order.
func scenariosByCommand() map[*cmdEntry][]scenarioUse {
	uses := map[*cmdEntry][]scenarioUse{}
	for _, family := range slices.Sorted(maps.Keys(differentialFamilies)) {
		for _, sc := range differentialFamilies[family] {
			times := map[*cmdEntry]int{}
			lines := slices.Clone(sc.config)
			for _, st := range sc.steps {
				lines = append(lines, st.args)
			}
			for _, line := range lines {
				cmds, err := parseCommands(line, defaultAliases())
				if err != nil {
					continue
				}
				for _, cmd := range cmds {
					times[cmd.entry]++
				}
			}
			for e, n := range times {
				uses[e] = append(uses[e], scenarioUse{family, sc, n})
			}
		}
	}
	return uses
}

// TestMayStartServerIsSound holds tmuxcli.MayStartServer, which a client
// with no command table uses, to the table: for every command's name and
// alias and every prefix of them, a line it says starts no server starts
// none, and every command that starts one is caught by its name and alias.
func TestMayStartServerIsSound(t *testing.T) {
	for _, e := range cmdTable() {
		for _, name := range []string{e.name, e.alias} {
			if name == "" {
				continue
			}
			if e.startServer && !tmuxcli.MayStartServer([]string{name}) {
				t.Errorf("%s starts a server, but MayStartServer says it cannot", name)
			}
			for n := 1; n <= len(name); n++ {
				for _, line := range [][]string{{name[:n]}, {"has-session", ";", name[:n], "-d"}} {
					if !tmuxcli.MayStartServer(line) && StartsServer(line) {
						t.Errorf("%q starts a server, but MayStartServer says it cannot", line)
					}
				}
			}
		}
	}
	if tmuxcli.MayStartServer([]string{"has-session", "-t", "x"}) {
		t.Error("has-session may start a server, says MayStartServer")
	}
}
