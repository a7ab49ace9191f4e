package tmuxcli

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// ConfigFile is one configuration file as a client read it, split into
// command lines as tmux's parser does: what a server it starts runs
// (faketmux.Call.Config).
type ConfigFile struct {
	// Lines are the file's command lines, one argv a line in tmux's
	// command-line form: ';' words separate commands, a trailing "\;" is
	// a literal ';'.
	Lines [][]string
	// Failed is a file that could not be read or parsed: none of it runs.
	Failed bool
	// Path is the file's name, its commands' #{current_file}.
	Path string
	// Text is a file the server parses itself, in place of Lines: one
	// with %if, whose formats only the server can expand.
	Text []byte
}

// defaultConfigs is the configuration search list of Debian's tmux 3.3a
// build, used when no -f is given.
var defaultConfigs = []string{"/etc/tmux.conf", "~/.tmux.conf", "$XDG_CONFIG_HOME/tmux/tmux.conf", "~/.config/tmux/tmux.conf"}

// ConfigFiles returns the files a server started by this client would load:
// those given with -f, else the default list with the entries that cannot be
// expanded left out.
func ConfigFiles(g *Globals, lookupEnv func(string) (string, bool)) []string {
	if g.Configs != nil {
		return g.Configs
	}
	var files []string
	for _, f := range defaultConfigs {
		switch {
		case strings.HasPrefix(f, "~/"):
			home, _ := lookupEnv("HOME")
			if home == "" {
				continue
			}
			f = home + f[1:]
		case strings.HasPrefix(f, "$"):
			name, rest, _ := strings.Cut(f[1:], "/")
			v, ok := lookupEnv(name)
			if !ok {
				continue
			}
			f = v + "/" + rest
		}
		files = append(files, f)
	}
	return files
}

// ConfigNames is tmux's list of its configuration files, #{config_files}:
// those given with -f as given, else those of the default list that exist,
// each once, their links resolved (tmux's expand_paths).
func ConfigNames(g *Globals, lookupEnv func(string) (string, bool)) []string {
	if g.Configs != nil {
		return g.Configs
	}
	var names []string
	for _, f := range ConfigFiles(g, lookupEnv) {
		abs, err := filepath.Abs(f)
		if err != nil {
			continue
		}
		resolved, err := filepath.EvalSymlinks(abs)
		if err != nil || slices.Contains(names, resolved) {
			continue
		}
		names = append(names, resolved)
	}
	return names
}

// LoadConfig reads the configuration files a server started by this client
// would load (ConfigFiles), relative to the client's directory dir, and
// splits each into command lines as tmux's parser does: for a faketmux.Call
// that starts a server. $VAR and ~ expand from lookupEnv, which stands for
// the environment tmux's server starts with. A file given with -f that
// cannot be read fails, as tmux then shows an error; of the default list,
// only a missing file is passed over in silence.
func LoadConfig(g *Globals, dir string, lookupEnv func(string) (string, bool)) []ConfigFile {
	quiet := g.Configs == nil
	var files []ConfigFile
	for _, name := range ConfigFiles(g, lookupEnv) {
		if !filepath.IsAbs(name) {
			name = filepath.Join(dir, name)
		}
		b, err := readConfig(name)
		switch {
		case err == nil:
			f := parseConfig(b, dir, lookupEnv)
			f.Path = name
			files = append(files, f)
		case !quiet || !errors.Is(err, fs.ErrNotExist):
			files = append(files, ConfigFile{Failed: true})
		}
	}
	return files
}

// readConfig reads a file as tmux's stdio does: a directory opens, and
// reading it ends at once, as if it were empty.
func readConfig(name string) ([]byte, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		if fi, serr := os.Stat(name); serr == nil && fi.IsDir() {
			return nil, nil
		}
	}
	return b, err
}
