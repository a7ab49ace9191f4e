package server

import (
	"strings"
	"testing"
)

// TestInstructionsBudget holds the instructions to 2 KiB, whatever the
// tier and whatever TMUX and TMUX_PANE hold, and the fixed part to leaving
// room for a whole agent context: a pane of five digits on a socket with
// the longest name tmux can make.
func TestInstructionsBudget(t *testing.T) {
	longest := "/tmp/tmux-1000/" + strings.Repeat("s", maxSocketName)
	for _, tier := range []Tier{TierReadonly, TierMutating, TierDestructive} {
		for _, tc := range []struct {
			name    string
			caller  *Caller
			context string // what the instructions must end with; "" for no context
		}{
			{"outside tmux", nil, ""},
			{"in a pane", &Caller{SocketPath: "/tmp/tmux-1000/default", PaneID: "%3"},
				"Agent context: this server runs in tmux pane %3 (socket default). Results mark that pane is_caller=true"},
			{"the longest socket name", &Caller{SocketPath: longest, PaneID: "%99999"},
				"pane %99999 (socket " + strings.Repeat("s", maxSocketName) + "). Results mark"},
			{"TMUX_PANE without TMUX", &Caller{PaneID: "%7"}, "tmux pane %7. Results mark"},
			{"a socket path too long to name", &Caller{SocketPath: "/" + strings.Repeat("x", 4000), PaneID: "%3"}, "tmux pane %3. Results mark"},
			{"a pane ID too long to name", &Caller{SocketPath: "/tmp/tmux-1000/default", PaneID: "%" + strings.Repeat("9", 4000)}, ""},
		} {
			got := instructions(Config{Safety: tier, Caller: tc.caller})
			if len(got) > maxInstructions {
				t.Errorf("%s, %s: %d bytes, over %d", tier, tc.name, len(got), maxInstructions)
			}
			if !strings.Contains(got, "Safety tier: "+tier.String()+" ") {
				t.Errorf("%s, %s: no safety tier in %q", tier, tc.name, got)
			}
			if hint := strings.Contains(got, "Read-only here"); hint != (tier == TierReadonly) {
				t.Errorf("%s, %s: the read-only hint is there: %v", tier, tc.name, hint)
			}
			switch has := strings.Contains(got, "Agent context"); {
			case tc.context == "" && has:
				t.Errorf("%s, %s: an agent context in %q", tier, tc.name, got)
			case tc.context != "" && !strings.Contains(got, tc.context):
				t.Errorf("%s, %s: no %q in %q", tier, tc.name, tc.context, got)
			}
		}
	}
}
