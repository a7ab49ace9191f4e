package pane

// KeyBytes returns the bytes tmux 3.3a sends to a pane for the send-keys
// key name, in normal (not application) cursor and keypad mode. ok is false
// when name is not a key tmux knows, in which case send-keys types the
// name literally.
func KeyBytes(name string) (b []byte, ok bool) { return nil, false }
