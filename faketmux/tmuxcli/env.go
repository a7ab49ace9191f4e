package tmuxcli

import "strings"

// LookupIn looks a variable up in env, a list of KEY=VALUE entries where a
// later entry wins, as os.LookupEnv does in the process's environment: for
// the environment a client sent.
func LookupIn(env []string) func(string) (string, bool) {
	return func(key string) (string, bool) {
		for i := len(env) - 1; i >= 0; i-- {
			if v, ok := strings.CutPrefix(env[i], key+"="); ok {
				return v, true
			}
		}
		return "", false
	}
}

// ClientUTF8 is whether tmux's client marks itself as taking UTF-8
// (CLIENT_UTF8) without -u: when TMUX is set, or when the first of LC_ALL,
// LC_CTYPE and LANG that is set and not empty names UTF-8.
func ClientUTF8(lookup func(string) (string, bool)) bool {
	if _, ok := lookup("TMUX"); ok {
		return true
	}
	for _, name := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if v, _ := lookup(name); v != "" {
			v = strings.ToUpper(v)
			return strings.Contains(v, "UTF-8") || strings.Contains(v, "UTF8")
		}
	}
	return false
}
