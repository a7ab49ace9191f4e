package faketmux

import (
	"testing"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/keys"
)

// TestMenuKeys drives a menu's choice with keys as tmux's menu_key_cb
// moves it: round the ends past separators and disabled items, by five
// with g and G, and an item's key choosing it.
func TestMenuKeys(t *testing.T) {
	items := func() []menuItem {
		return []menuItem{
			{name: "a", key: keys.Lookup("a"), command: "A"},
			{sep: true},
			{name: "-off", key: keys.Lookup("o"), command: "O"},
			{name: "b", key: keys.Lookup("b"), command: "B"},
		}
	}
	type step struct {
		key    string
		choice int
		closed bool
		run    string
	}
	for _, tc := range []struct {
		name  string
		tab   bool
		steps []step
	}{
		{"down and up skip what cannot be chosen", false, []step{
			{"Down", 3, false, ""}, {"j", 0, false, ""}, {"Up", 3, false, ""}, {"k", 0, false, ""}}},
		{"a disabled item's key is no key", false, []step{{"o", 0, false, ""}}},
		{"an item's key chooses it", false, []step{{"b", 3, true, "B"}}},
		{"enter chooses", false, []step{{"Down", 3, false, ""}, {"Enter", 3, true, "B"}}},
		{"G goes to the last, g to the first", false, []step{{"G", 3, false, ""}, {"g", 0, false, ""}}},
		{"q closes", false, []step{{"q", 0, true, ""}}},
		{"other keys do nothing", false, []step{{"x", 0, false, ""}, {"C-f", 0, false, ""}}},
		{"tab does nothing but in a menu of completions", false, []step{{"Tab", 0, false, ""}, {"BSpace", 0, false, ""}}},
		{"tab moves down, and closes from the last item", true, []step{{"Tab", 3, false, ""}, {"Tab", 3, true, ""}}},
		{"bspace closes a menu of completions", true, []step{{"BSpace", 0, true, ""}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := &menuOverlay{items: items(), choice: 0, tab: tc.tab}
			for _, s := range tc.steps {
				closed, run := m.key(keys.Lookup(s.key))
				if m.choice != s.choice || closed != s.closed || run != s.run {
					t.Fatalf("%s: choice %d closed %v run %q, want %d %v %q", s.key, m.choice, closed, run, s.choice, s.closed, s.run)
				}
			}
		})
	}
}

// TestMenuItemWidth checks an item's text as menu_add_item makes it: the
// key at the right, a name too long cut with ">", no key for a disabled
// item.
func TestMenuItemWidth(t *testing.T) {
	c := &client{st: &state{}}
	f := &formatter{c: c, st: c.st}
	m := &menuOverlay{}
	m.add(f, 20, "First", "f", "x")
	m.add(f, 20, "-Off", "o", "x")
	m.add(f, 20, "a name longer than the client", "", "x")
	want := []string{"First#[default] #[align=right](f)", "-Off", "than the client>"}
	for i, item := range m.items {
		if item.name != want[i] {
			t.Errorf("item %d: %q, want %q", i, item.name, want[i])
		}
	}
	if m.width != 16 {
		t.Errorf("width %d, want 16", m.width)
	}
}

// TestMenuClick follows the mouse over a menu as tmux's menu_key_cb
// does: -O's, which chooses at a press or a release and stays open at a
// release outside, and a keyboard one's, which only closes.
func TestMenuClick(t *testing.T) {
	items := []menuItem{{name: "a", key: keys.Lookup("a"), command: "A"}, {name: "b", key: keys.Lookup("b"), command: "B"}}
	stay := &menuOverlay{items: items, width: 5, px: 3, py: 2, choice: -1, mouse: true, stayOpen: true}
	for _, step := range []struct {
		ev     mouseEvent
		choice int
		closed bool
		run    string
	}{
		{mouseEvent{b: mouseWheelDown, x: 5, y: 4}, 1, false, ""},
		{mouseEvent{b: mouseMaskDrag, x: 5, y: 3}, 0, false, ""},
		{mouseEvent{b: mouseRelease, x: 30, y: 3}, -1, false, ""},
		{mouseEvent{b: mouseMaskDrag, x: 5, y: 4}, 1, false, ""},
		{mouseEvent{b: mouseRelease, x: 5, y: 4}, 1, true, "B"},
	} {
		closed, run := stay.click(&step.ev)
		if closed != step.closed || run != step.run || stay.choice != step.choice {
			t.Errorf("-O, %+v: closed %v run %q choice %d; want %v %q %d", step.ev, closed, run, stay.choice, step.closed, step.run, step.choice)
		}
	}
	if closed, _ := stay.click(&mouseEvent{b: 0, x: 30, y: 3}); !closed {
		t.Error("-O: a press outside the items did not close the menu")
	}
	keyboard := &menuOverlay{items: items, width: 5, px: 3, py: 2}
	if closed, _ := keyboard.click(&mouseEvent{b: mouseMaskDrag, x: 5, y: 4}); closed {
		t.Error("a keyboard menu closed at the first button's drag")
	}
	if closed, run := keyboard.click(&mouseEvent{b: mouseRelease, x: 5, y: 4}); !closed || run != "" {
		t.Errorf("a keyboard menu at a release: closed %v, run %q; want closed, nothing run", closed, run)
	}
}
