package faketmux

// The names of the moves vi's command mode has at a prompt that no emacs
// key has: tmux's KEYC_VI keys.
const (
	viForwardWord = "vi w"
	viForwardWORD = "vi W"
	viEndWord     = "vi e"
	viEndWORD     = "vi E"
	viBackWORD    = "vi B"
)

// viKey is a key typed at a prompt with status-keys vi, as tmux's
// status_prompt_translate_key turns it into the emacs key that does the
// same: typing (tmux's PROMPT_ENTRY), the keys that edit go on as they
// are, Escape goes to command mode and the others are put in (insert);
// in command mode each vi key becomes its emacs key, some going back to
// typing first. ok is false for a key that does nothing.
func (p *statusPrompt) viKey(name string) (emacs string, insert, ok bool) {
	if !p.command {
		switch name {
		case "C-a", "C-c", "C-e", "C-g", "C-h", "Tab", "C-k", "C-n", "C-p", "C-t", "C-u", "C-w", "C-y",
			"C-j", "Enter", "C-Left", "C-Right", "BSpace", "DC", "Down", "End", "Home", "Left", "Right", "Up":
			return name, false, true
		case "Escape":
			p.command = true
			return "", false, false
		}
		return name, true, true
	}
	switch name {
	case "BSpace":
		return "Left", false, true
	case "A", "I", "C", "s", "a":
		p.command = false // and on to what the key does
	case "S":
		p.command = false
		return "C-u", false, true
	case "i", "Escape":
		p.command = false
		return "", false, false
	}
	if emacs, ok := viCommandKeys[name]; ok {
		return emacs, false, true
	}
	return "", false, false
}

// viCommandKeys are the emacs keys of vi's command mode's keys at a
// prompt; those that are their own stay (C-h, C-c, Enter).
var viCommandKeys = map[string]string{
	"A": "End", "$": "End", "I": "Home", "0": "Home", "^": "Home", "C": "C-k", "D": "C-k", "X": "BSpace",
	"b": "M-b", "B": viBackWORD, "d": "C-u", "e": viEndWord, "E": viEndWORD, "w": viForwardWord, "W": viForwardWORD,
	"p": "C-y", "q": "C-c", "s": "DC", "DC": "DC", "x": "DC", "Down": "Down", "j": "Down", "Left": "Left", "h": "Left",
	"a": "Right", "Right": "Right", "l": "Right", "Up": "Up", "k": "Up",
	"C-h": "C-h", "C-c": "C-c", "C-j": "C-j", "Enter": "Enter",
}
