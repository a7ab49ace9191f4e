package tmuxcli

import (
	"fmt"
	"io"
	"strings"
)

// Version is the tmux release faketmux emulates, which `tmux -V` prints
// after the program name.
const Version = "3.3a"

// globalOptions is tmux 3.3a's getopt string for its global flags. 'd' and
// 'U' are in it but tmux handles neither, so they end in the usage message.
const globalOptions = "2c:CDdf:lL:NqS:T:uUvV"

// Globals are the global flags of one invocation.
type Globals struct {
	Label, Path       string // -L, -S
	HasLabel, HasPath bool
	Configs           []string // -f files; nil means tmux's default list
	ShellCommand      string   // -c
	HasShell          bool
	Control           int  // -C given once (1) or more (2: -CC, the DCS wrapper)
	NoFork            bool // -D
	NoStartServer     bool // -N
	UTF8              bool // -u: the terminal takes UTF-8 whatever the locale says
	Login             bool // -l, or argv[0] starting with '-'
	// Features are the terminal features -2 and -T add, a mask of
	// TermFeatures' bits.
	Features int
	Args     []string
}

// parseGlobals reads the global flags as tmux's own (BSD) getopt does: flags
// cluster, an option's value may be attached or the next argument, and
// parsing stops at "--", at "-" or at the first non-flag. done reports that
// the invocation is over (-V or a usage error) with status exit.
func parseGlobals(prog string, argv []string, stdout, stderr io.Writer) (g Globals, exit int, done bool) {
	usage := func() (Globals, int, bool) {
		fmt.Fprintf(stderr, "usage: %s [-2CDlNuvV] [-c shell-command] [-f file] [-L socket-name]\n"+
			"            [-S socket-path] [-T features] [command [flags]]\n", prog)
		return g, 1, true
	}
	i := 0
scan:
	for i < len(argv) {
		arg := argv[i]
		switch {
		case arg == "--":
			i++
			break scan
		case len(arg) < 2 || arg[0] != '-':
			break scan
		case arg[1] == '-':
			// "--x": tmux's getopt rejects it without a message.
			return usage()
		}
		i++
		for j := 1; j < len(arg); j++ {
			opt := arg[j]
			k := strings.IndexByte(globalOptions, opt)
			if opt == ':' || k < 0 {
				fmt.Fprintf(stderr, "%s: unknown option -- %c\n", prog, opt)
				return usage()
			}
			var value string
			if k+1 < len(globalOptions) && globalOptions[k+1] == ':' {
				switch {
				case j+1 < len(arg):
					value = arg[j+1:]
				case i < len(argv):
					value = argv[i]
					i++
				default:
					fmt.Fprintf(stderr, "%s: option requires an argument -- %c\n", prog, opt)
					return usage()
				}
				j = len(arg)
			}
			switch opt {
			case 'c':
				g.ShellCommand, g.HasShell = value, true
			case 'C':
				g.Control = min(g.Control+1, 2)
			case 'D':
				g.NoFork = true
			case 'f':
				g.Configs = append(g.Configs, value)
			case 'V':
				fmt.Fprintf(stdout, "%s %s\n", prog, Version)
				return g, 0, true
			case 'l':
				g.Login = true
			case 'L':
				g.Label, g.HasLabel = value, true
			case 'N':
				g.NoStartServer = true
			case 'S':
				g.Path, g.HasPath = value, true
			case 'u':
				g.UTF8 = true
			case '2':
				AddFeatures(&g.Features, "256", ":,")
			case 'T':
				AddFeatures(&g.Features, value, ":,")
			case 'd', 'U':
				return usage()
			}
			// -q and -v change only logging, which faketmux does
			// not have.
		}
	}
	g.Args = argv[i:]
	if (g.HasShell || g.NoFork) && len(g.Args) != 0 {
		return usage()
	}
	return g, 0, false
}
