package tmuxcli

import (
	"errors"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/cmdparse"
)

// parseConfig splits a configuration file into command lines with tmux's
// grammar (package cmdparse); dir is the client's directory, which tmux's
// server has as $PWD. A file with conditions goes to the server as its
// text, as only the server can expand their formats, and so does one with
// assignments, which only the server can make in its global environment.
func parseConfig(text []byte, dir string, lookupEnv func(string) (string, bool)) ConfigFile {
	f, _ := parseConfigError(text, dir, lookupEnv)
	return f
}

// parseConfigError is parseConfig that also gives the parser's error of
// a file that failed.
func parseConfigError(text []byte, dir string, lookupEnv func(string) (string, bool)) (ConfigFile, error) {
	assigns := false
	lines, err := cmdparse.Parse(text, cmdparse.Options{Dir: dir, Lookup: lookupEnv,
		Assign: func(string, string, bool) { assigns = true }})
	if errors.Is(err, cmdparse.ErrNeedsExpand) || err == nil && assigns {
		return ConfigFile{Text: text}, nil
	}
	if err != nil {
		return ConfigFile{Failed: true}, err
	}
	var f ConfigFile
	for _, l := range lines {
		f.Lines = append(f.Lines, l.Argv)
	}
	return f, nil
}
