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
