package tmuxcli

import "strings"

// Flags of a terminal that tmux derives from its capabilities and
// features (tmux.h's TERM_*), which show-messages -T shows.
const (
	Term256Colours = 0x1
	TermNoAM       = 0x2
	TermDECSLRM    = 0x4
	TermDECFRA     = 0x8
	TermRGBColours = 0x10
	TermVT100Like  = 0x20
)

// TermFeature is one of tmux's terminal features (tty-features.c): the
// capabilities it adds to a terminal, as terminal-overrides writes them,
// and the flags it sets.
type TermFeature struct {
	Name         string
	Capabilities []string
	Flags        int
}

// The colour capabilities the 256 and RGB features give, which let the
// 256-colour palette be set but not with the colons of RGB.
const (
	featureSetab = `setab=\E[%?%p1%{8}%<%t4%p1%d%e%p1%{16}%<%t10%p1%{8}%-%d%e48;5;%p1%d%;m`
	featureSetaf = `setaf=\E[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;m`
)

// TermFeatures are tmux 3.3a's terminal features, in its order: a
// client's features are a mask of them, bit i for TermFeatures[i].
var TermFeatures = []TermFeature{
	{"256", []string{"AX", featureSetab, featureSetaf}, Term256Colours},
	{"bpaste", []string{`Enbp=\E[?2004h`, `Dsbp=\E[?2004l`}, 0},
	{"ccolour", []string{`Cs=\E]12;%p1%s\a`, `Cr=\E]112\a`}, 0},
	{"clipboard", []string{`Ms=\E]52;%p1%s;%p2%s\a`}, 0},
	{"cstyle", []string{`Ss=\E[%p1%d q`, `Se=\E[2 q`}, 0},
	{"extkeys", []string{`Eneks=\E[>4;1m`, `Dseks=\E[>4m`}, 0},
	{"focus", []string{`Enfcs=\E[?1004h`, `Dsfcs=\E[?1004l`}, 0},
	{"margins", []string{`Enmg=\E[?69h`, `Dsmg=\E[?69l`, `Clmg=\E[s`, `Cmg=\E[%i%p1%d;%p2%ds`}, TermDECSLRM},
	{"mouse", []string{`kmous=\E[M`}, 0},
	{"osc7", []string{`Swd=\E]7;`, `fsl=\a`}, 0},
	{"overline", []string{`Smol=\E[53m`}, 0},
	{"rectfill", []string{"Rect"}, TermDECFRA},
	{"RGB", []string{"AX", `setrgbf=\E[38;2;%p1%d;%p2%d;%p3%dm`, `setrgbb=\E[48;2;%p1%d;%p2%d;%p3%dm`, featureSetab, featureSetaf}, Term256Colours | TermRGBColours},
	{"strikethrough", []string{`smxx=\E[9m`}, 0},
	{"sync", []string{`Sync=\EP=%p1%ds\E\\`}, 0},
	{"title", []string{`tsl=\E]0;`, `fsl=\a`}, 0},
	{"usstyle", []string{`Smulx=\E[4::%p1%dm`, `Setulc=\E[58::2::%p1%{65536}%/%d::%p1%{256}%/%{255}%&%d::%p1%{255}%&%d%;m`, `ol=\E[59m`}, 0},
}

// AddFeatures adds to feat the features s names, parted by any of
// separators, as tmux's tty_add_features: names match whatever their
// case, and the first name that is no feature (an empty one between two
// separators too) ends the list.
func AddFeatures(feat *int, s, separators string) {
	for {
		end := strings.IndexAny(s, separators)
		name := s
		if end >= 0 {
			name = s[:end]
		}
		i := featureIndex(name)
		if i < 0 {
			return
		}
		*feat |= 1 << i
		if end < 0 {
			return
		}
		s = s[end+1:]
	}
}

func featureIndex(name string) int {
	for i, f := range TermFeatures {
		if strings.EqualFold(f.Name, name) {
			return i
		}
	}
	return -1
}

// FeatureNames is feat as client_termfeatures shows it: the features'
// names in tmux's order, parted by commas.
func FeatureNames(feat int) string {
	var names []string
	for i, f := range TermFeatures {
		if feat&(1<<i) != 0 {
			names = append(names, f.Name)
		}
	}
	return strings.Join(names, ",")
}

// modernXterm are the features tmux gives every terminal it knows to be
// like a recent xterm.
const modernXterm = "256,RGB,bpaste,clipboard,mouse,strikethrough,title"

// terminalDefaults are the features tmux gives the terminals it
// recognises by their answers to its device attributes requests.
var terminalDefaults = map[string]string{
	"mintty":       modernXterm + ",ccolour,cstyle,extkeys,margins,overline,usstyle",
	"tmux":         modernXterm + ",ccolour,cstyle,focus,overline,usstyle",
	"rxvt-unicode": "256,bpaste,ccolour,cstyle,mouse,title",
	"iTerm2":       modernXterm + ",cstyle,extkeys,margins,usstyle,sync,osc7",
	"XTerm":        modernXterm + ",ccolour,cstyle,extkeys,focus",
}

// DefaultFeatures adds the features of a terminal tmux recognised as
// name (tty_default_features).
func DefaultFeatures(feat *int, name string) {
	if s, ok := terminalDefaults[name]; ok {
		AddFeatures(feat, s, ",")
	}
}
