package faketmux

import "testing"

const geometry = "#{pane_id} #{pane_width}x#{pane_height} #{pane_left},#{pane_top}"

func TestSplitLayouts(t *testing.T) {
	for _, tc := range []struct {
		name   string
		splits [][]string
		want   string
	}{
		{"vertical", [][]string{{"-v"}}, "%0 80x12 0,0\n%1 80x11 0,13\n"},
		{"horizontal", [][]string{{"-h"}}, "%0 40x24 0,0\n%1 39x24 41,0\n"},
		{"horizontal then vertical", [][]string{{"-h"}, {"-v"}},
			"%0 40x24 0,0\n%1 39x12 41,0\n%2 39x11 41,13\n"},
		{"before", [][]string{{"-h", "-b"}}, "%1 40x24 0,0\n%0 39x24 41,0\n"},
		{"same direction twice", [][]string{{"-h"}, {"-h"}},
			"%0 40x24 0,0\n%1 19x24 41,0\n%2 19x24 61,0\n"},
		{"sized", [][]string{{"-h", "-l", "10"}, {"-v", "-l", "25%"}},
			"%0 69x24 0,0\n%1 10x17 70,0\n%2 10x6 70,18\n"},
		{"sized before", [][]string{{"-v", "-b", "-p", "25"}}, "%1 80x6 0,0\n%0 80x17 0,7\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			withFakePrograms(t, false)
			s := started(t)
			for _, flags := range tc.splits {
				mustRun(t, s, append([]string{"split-window"}, flags...)...)
			}
			if got := mustRun(t, s, "list-panes", "-F", geometry); got != tc.want {
				t.Errorf("panes:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

func TestLayoutString(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "split-window", "-h", ";", "split-window", "-v")
	got := mustRun(t, s, "display-message", "-p", "#{window_layout}")
	if want := "80x24,0,0{40x24,0,0,0,39x24,41,0[39x12,41,0,1,39x11,41,13,2]}\n"; got[5:] != want {
		t.Errorf("window_layout = %q, want %q after the checksum", got, want)
	}
}

func TestKillPaneGivesSpaceBack(t *testing.T) {
	withFakePrograms(t, false)
	s := started(t)
	mustRun(t, s, "split-window", "-h", ";", "split-window", "-v", ";", "split-window", "-h", "-t", "%0")
	// The first pane's space goes to the next, any other's to the one
	// before; a container left with one cell folds into its parent.
	mustRun(t, s, "kill-pane", "-t", "%0")
	if got, want := mustRun(t, s, "list-panes", "-F", geometry), "%3 40x24 0,0\n%1 39x12 41,0\n%2 39x11 41,13\n"; got != want {
		t.Errorf("after killing %%0:\n%s\nwant:\n%s", got, want)
	}
	mustRun(t, s, "kill-pane", "-t", "%2")
	if got, want := mustRun(t, s, "list-panes", "-F", geometry), "%3 40x24 0,0\n%1 39x24 41,0\n"; got != want {
		t.Errorf("after killing %%2:\n%s\nwant:\n%s", got, want)
	}
	if got := mustRun(t, s, "display-message", "-p", "#{window_layout}"); got[5:] != "80x24,0,0{40x24,0,0,3,39x24,41,0,1}\n" {
		t.Errorf("window_layout = %q", got)
	}
}
