package server

import (
	"context"
	"io"
	"slices"
	"strings"
	"testing"
)

func TestPermitIsWithdrawnWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	p := newPermit(ctx, strings.NewReader("content"))
	cancel()
	if b, err := io.ReadAll(p); len(b) != 0 || err != nil {
		t.Errorf("a permit read after its call ended gave %q, %v; want nothing", b, err)
	}
	if p.withdraw() {
		t.Error("a permit nobody read before its call ended says it was taken")
	}
}

func TestPermitTakenIsDeliveredWhole(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	p := newPermit(ctx, strings.NewReader("content"))
	first := make([]byte, 3)
	if n, _ := p.Read(first); n != 3 {
		t.Fatalf("first read: %d bytes", n)
	}
	cancel()
	if !p.withdraw() {
		t.Error("a permit tmux had begun to read says it was not taken")
	}
	// A load cut short would still make a buffer, of part of the
	// content: once begun, the rest must follow.
	if rest, _ := io.ReadAll(p); string(rest) != "tent" {
		t.Errorf("the rest of a taken permit: %q, want %q", rest, "tent")
	}
}

func TestPermitReclaimed(t *testing.T) {
	p := newPermit(context.Background(), strings.NewReader("1"))
	io.ReadAll(p)
	p.reclaim()
	if p.withdraw() {
		t.Error("a reclaimed permit says tmux may have it")
	}
}

func TestGateCommands(t *testing.T) {
	ctx := context.Background()
	for _, readOnly := range [][]string{
		{"list-buffers", "-F", "#{buffer_name}"},
		{"show-buffer", "-b", "x"},
		{"display-message", "-p", "-t", "%1", "#{pane_id}"},
		{"list-panes", "-t", "=s:", ";", "capture-pane", "-p", "-t", "%1"},
	} {
		line, p, err := gateCommands(ctx, readOnly, nil)
		if p != nil || err != nil || !slices.Equal(line, readOnly) {
			t.Errorf("%q: gated as %q, %v, %v; a line that changes nothing needs no permit", readOnly, line, p, err)
		}
	}
	load := []string{"load-buffer", "-b", "x", "-", ";", "paste-buffer", "-b", "x"}
	if line, p, err := gateCommands(ctx, load, strings.NewReader("c")); p == nil || err != nil || !slices.Equal(line, load) {
		t.Errorf("a line that starts with its load: %q, %v, %v; want its content as the permit", line, p, err)
	}
	for _, changing := range [][]string{
		{"delete-buffer", "-b", "x"},
		{"display-message", "-t", "%1", "shown"},
		{"capture-pane", "-t", "%1"}, // without -p, it makes a buffer
		{"list-buffers", ";", "kill-pane", "-t", "%1"},
	} {
		line, p, err := gateCommands(ctx, changing, nil)
		if p == nil || err != nil || len(line) != len(changing)+9 || !slices.Equal(line[9:], changing) ||
			line[0] != "load-buffer" || line[3] != "-" || line[5] != "delete-buffer" || line[2] != line[7] {
			t.Errorf("%q: gated as %q, %v; want load-buffer -b GATE - ; delete-buffer -b GATE ; before it", changing, line, err)
		}
	}
	if _, _, err := gateCommands(ctx, []string{"set-buffer", "x", ";", "load-buffer", "-"}, strings.NewReader("c")); err == nil {
		t.Error("a changing line whose input is not its first command's was gated")
	}
}

func TestPermitStaged(t *testing.T) {
	for _, tmuxHasIt := range []bool{false, true} {
		p := newPermit(context.Background(), strings.NewReader("1"))
		data, ok := p.stage(func() bool { return !tmuxHasIt })
		if !ok || string(data) != "1" {
			t.Fatalf("stage = %q, %v; want the permit", data, ok)
		}
		if taken := p.withdraw(); taken != tmuxHasIt {
			t.Errorf("withdraw with tmux holding the permit %v = %v", tmuxHasIt, taken)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := newPermit(ctx, strings.NewReader("1"))
	if _, ok := p.stage(func() bool { t.Error("takeBack of a permit never staged"); return true }); ok {
		t.Error("a permit staged after its call ended")
	}
	if p.withdraw() {
		t.Error("a permit never staged says it was taken")
	}
}
