package faketmux

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// environ is one tmux environment (tmux's struct environ): the global one,
// a session's, or what a pane is started with. The zero value is empty.
type environ struct {
	vars []envVar // sorted by name, as tmux's tree keeps them
}

// envVar is one variable of an environ. A removed variable (set-environment
// -r, or update-environment naming one the client lacks) has no value, and
// still counts when tmux looks the name up: it keeps a pane from inheriting
// the variable and hides the global one from formats. A hidden variable
// (-h) serves formats and reaches no pane.
type envVar struct {
	name    string
	value   string
	removed bool
	hidden  bool
}

// newEnviron is an environment made from NAME=value entries, as tmux's
// environ_put makes one from a process's environment.
func newEnviron(kvs []string) environ {
	var e environ
	for _, kv := range kvs {
		e.put(kv)
	}
	return e
}

func (e *environ) search(name string) (int, bool) {
	return slices.BinarySearchFunc(e.vars, name, func(v envVar, name string) int {
		return strings.Compare(v.name, name)
	})
}

// find looks a name up; a removed variable is found too.
func (e *environ) find(name string) (envVar, bool) {
	i, ok := e.search(name)
	if !ok {
		return envVar{}, false
	}
	return e.vars[i], true
}

// store puts v in the place of any variable of its name.
func (e *environ) store(v envVar) {
	i, ok := e.search(v.name)
	if ok {
		e.vars[i] = v
	} else {
		e.vars = slices.Insert(e.vars, i, v)
	}
}

func (e *environ) set(name, value string, hidden bool) {
	e.store(envVar{name: name, value: value, hidden: hidden})
}

// put sets a variable from a NAME=value entry; like tmux's environ_put, an
// entry without '=' sets nothing.
func (e *environ) put(kv string) {
	if name, value, ok := strings.Cut(kv, "="); ok {
		e.set(name, value, false)
	}
}

// clear makes name a removed variable; as tmux's environ_clear, a hidden
// one stays hidden.
func (e *environ) clear(name string) {
	old, _ := e.find(name)
	e.store(envVar{name: name, removed: true, hidden: old.hidden})
}

// unset forgets name altogether.
func (e *environ) unset(name string) {
	if i, ok := e.search(name); ok {
		e.vars = slices.Delete(e.vars, i, i+1)
	}
}

// copy is tmux's environ_copy: src's variables replace e's, and a removed
// one in src makes it removed in e.
func (e *environ) copy(src *environ) {
	for _, v := range src.vars {
		if v.removed {
			e.clear(v.name)
		} else {
			e.set(v.name, v.value, v.hidden)
		}
	}
}

// update is tmux's environ_update at new-session: each item of
// update-environment, an fnmatch pattern, takes the client's first variable
// by name that it matches, or when none does removes the name the pattern
// is.
func (e *environ) update(client []string, patterns []string) {
	from := newEnviron(client)
	for _, pattern := range patterns {
		i := slices.IndexFunc(from.vars, func(v envVar) bool { return fnmatch(pattern, v.name, false) })
		if i < 0 {
			e.clear(pattern)
		} else {
			e.set(from.vars[i].name, from.vars[i].value, false)
		}
	}
}

// pushed is what a process started with the environment gets, as tmux's
// environ_push gives it: neither removed nor hidden variables.
func (e *environ) pushed() []string {
	var env []string
	for _, v := range e.vars {
		if !v.removed && !v.hidden && v.name != "" {
			env = append(env, v.name+"="+v.value)
		}
	}
	return env
}

// globalEnviron is the global environment tmux's main builds in the client
// that starts the server: the client's environment, with PWD its working
// directory.
func globalEnviron(client []string, dir string) environ {
	e := newEnviron(client)
	if cwd, ok := findCwd(client, dir); ok {
		e.set("PWD", cwd, false)
	}
	return e
}

// findCwd is tmux's find_cwd for a client in dir (empty: this process's
// directory): the physical directory, as getcwd gives it, unless the
// client's $PWD names the same directory, which keeps its symbolic links.
// Paths are not cleaned before they are resolved: a ".." after a symbolic
// link goes up from where the link leads, as in the kernel.
func findCwd(client []string, dir string) (string, bool) {
	if !filepath.IsAbs(dir) {
		wd, err := os.Getwd()
		if err != nil {
			return "", false
		}
		dir = wd + "/" + dir
	}
	cwd, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", false
	}
	pwd := lookupEnv(client, "PWD")
	if pwd == "" {
		return cwd, true
	}
	real := pwd
	if !filepath.IsAbs(pwd) {
		// As realpath in the client, which runs in dir.
		real = dir + "/" + pwd
	}
	if real, err := filepath.EvalSymlinks(real); err != nil || real != cwd {
		return cwd, true
	}
	return pwd, true
}

// lookupEnvOK finds a variable in a process's NAME=value entries, where a
// later entry wins.
func lookupEnvOK(env []string, key string) (string, bool) {
	for i := len(env) - 1; i >= 0; i-- {
		// Not strings.Cut: that would scan every entry (a PATH, an
		// LS_COLORS) for its '=', on every command.
		if e := env[i]; len(e) > len(key) && e[len(key)] == '=' && e[:len(key)] == key {
			return e[len(key)+1:], true
		}
	}
	return "", false
}

func lookupEnv(env []string, key string) string {
	v, _ := lookupEnvOK(env, key)
	return v
}
