package server

// SetProcDir moves where the control backend tells tmux this process's
// descriptors are (see control_preload.go), as a tmux that cannot see them
// would have it, and returns the function that puts it back.
func SetProcDir(dir string) (restore func()) {
	old := procDir
	procDir = dir
	return func() { procDir = old }
}
