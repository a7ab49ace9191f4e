//go:build linux && !faketmux_thin

package main

// The screen cases of buffer mode (choose-buffer), played with the others
// by TestScreensMatchTmux. A buffer's time shows as the clock's, so the
// cases give a format without it.
func init() {
	screenCases = append(screenCases, bufferScreenCases...)
}

var bufferScreenCases = []screenCase{
	{
		name:   "choose-buffer",
		width:  50,
		height: 22,
		inner: [][]string{
			{"new-session", "-d", "-s", "b", "-n", "w", "-x", "50", "-y", "21", "cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-s", "escape-time", "0"},
			{"set-buffer", "-b", "one", "first line\tTAB\nsecond line\n\nfourth"},
			{"set-buffer", "-b", "two", "two"},
			{"set-buffer", "-b", "three", "x\x01y ééé"},
			{"set-buffer", "auto buffer"},
			{"bind", "B", "choose-buffer", "-F", "#{buffer_size}: #{buffer_sample}"},
		},
		steps: [][]string{nil, {"C-b", "B"}, {"Down"}, {"t"}, {"Down"}, {"t"}, {"O"}, {"O"}, {"r"}, {"Up"},
			{"d"}, {"D"}, {"Enter"}},
	},
	{
		name:   "choose-buffer flags and shortcuts",
		width:  50,
		height: 22,
		inner: [][]string{
			{"new-session", "-d", "-s", "b", "-n", "w", "-x", "50", "-y", "21", "cat"},
			{"set", "-g", "status-right", "R"},
			{"set", "-s", "escape-time", "0"},
			{"split-window", "-t", "b", "cat"},
			{"set-buffer", "-b", "tea", "green"},
			{"set-buffer", "-b", "coffee", "black"},
			{"set-buffer", "-b", "toast", "butter"},
			{"bind", "B", "choose-buffer", "-Z", "-O", "name", "-r", "-f", "#{m:t*,#{buffer_name}}", "-F", "#{buffer_name}=#{buffer_sample}", "send-keys -t '{last}' -l '[%%]'"},
			{"bind", "N", "choose-buffer", "-N", "-K", "#{?#{e|<:#{line},1},x,}", "-F", "#{buffer_size}"},
		},
		steps: [][]string{nil, {"C-b", "B"}, {"Down"}, {"q"}, {"C-b", "N"}, {"Down"}, {"v"}, {"x"},
			{"C-b", "B"}, {"1"}, {"C-b", "N"}, {"Escape"}, {"C-b", "B"}, {"t"}, {"Down"}, {"t"}, {"P"}},
	},
}
