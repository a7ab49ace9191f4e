package server

import (
	"path/filepath"
	"strings"
)

// The server's instructions, which a client hands its model with the tool
// list: what the server is for and what not, which tools to reach for,
// the safety tier, and, when the server runs inside tmux, which pane is
// its own. They cover what libtmux-mcp's instructions cover, in words of
// our own, within the same budget: clients cut or drop instructions over
// 2 KiB, so the fixed part must leave room for the agent context.

// maxInstructions is the budget of the instructions, in bytes.
const maxInstructions = 2048

var instructionParts = []string{
	"tmux through MCP. tmux nests server > session ($1) > window (@1) > pane (%1): target by ID, a pane by pane_id, " +
		"where you can. socket_name picks the tmux server (default LIBTMUX_SOCKET); list_servers finds those running.",
	"USE FOR tmux: panes, windows, sessions, splits, this terminal, sending keys, scrollback, copy mode; IDs with % @ $ are tmux's.\n" +
		"NOT FOR browser tabs, editor splits (VS Code, Vim), desktop windows (i3, sway), notebook cells, login sessions. " +
		"If a bare 'window' or 'session' could be either, ask.",
	"list_sessions, list_windows and list_panes see names and IDs, not text. For what a pane shows or printed: " +
		"snapshot_pane (screen and state in one call), capture_pane, capture_since (what is new since last time), search_panes; " +
		"display_message evaluates a tmux format.",
	"WAIT, DON'T POLL: run_command runs a command and returns its output and exit status; wait_for_text waits for output " +
		"you did not start (patterns null: any output; stop: give up on these); wait_for_channel waits for tmux wait-for -S; " +
		"send_keys_batch sends raw input.",
	"HOOKS ARE READ-ONLY (show_hooks, show_hook): a hook outlives whoever set it; hooks belong in the tmux config.",
	"BUFFERS: load_buffer stages text and returns its name, paste_buffer pastes it, delete_buffer removes it. list_buffers " +
		"lists this server's buffers only, never the user's, which may hold clipboard history.",
}

// tierLine says the safety tier, and what it hides.
func tierLine(tier Tier) string {
	line := "Safety tier: " + tier.String() + " (readonly < mutating < destructive; LIBTMUX_SAFETY sets it): tools above it are hidden."
	if tier == TierReadonly {
		line += "\nRead-only here: if unsure whether something is tmux's, look with snapshot_pane, list_panes or search_panes."
	}
	return line
}

// instructions are the server's instructions for cfg. The agent context
// goes last, whole, else without the socket's name, else not at all: a
// TMUX or TMUX_PANE of any length never pushes the rest out.
func instructions(cfg Config) string {
	text := strings.Join(append(instructionParts[:len(instructionParts):len(instructionParts)], tierLine(cfg.Safety)), "\n\n")
	c := cfg.Caller
	if c == nil || c.PaneID == "" {
		return text
	}
	const start, workflow = "\n\nAgent context: this server runs in tmux pane ",
		". Results mark that pane is_caller=true: filter list_panes for it to answer 'which pane am I in?'."
	var contexts []string
	if c.SocketPath != "" {
		contexts = append(contexts, start+c.PaneID+" (socket "+filepath.Base(c.SocketPath)+")"+workflow)
	}
	contexts = append(contexts, start+c.PaneID+workflow)
	for _, ctx := range contexts {
		if len(text)+len(ctx) <= maxInstructions {
			return text + ctx
		}
	}
	return text
}
