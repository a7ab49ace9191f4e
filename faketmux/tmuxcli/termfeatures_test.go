package tmuxcli

import "testing"

func TestAddFeatures(t *testing.T) {
	for _, c := range []struct{ s, want string }{
		{"256", "256"},
		{"rgb:Title,256", "256,RGB,title"},
		{"sync,nosuch,title", "sync"},
		{"title,,sync", "title"},
		{"", ""},
	} {
		feat := 0
		AddFeatures(&feat, c.s, ":,")
		if got := FeatureNames(feat); got != c.want {
			t.Errorf("AddFeatures(%q): %q, want %q", c.s, got, c.want)
		}
	}
	feat := 0
	DefaultFeatures(&feat, "tmux")
	if got, want := FeatureNames(feat), "256,bpaste,ccolour,clipboard,cstyle,focus,mouse,overline,RGB,strikethrough,title,usstyle"; got != want {
		t.Errorf("tmux's features: %q, want %q", got, want)
	}
}
