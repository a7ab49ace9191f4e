package server

// tail is what show_buffer returns of a buffer: its last lines, within a line
// limit, a byte limit and a limit on what they cost its reply.
type tail struct {
	content      []byte
	droppedLines int
	truncated    bool
}

// lastLines keeps the end of data. Lines end at '\n', and a final '\n' ends
// the last line rather than starting a new one. At most maxLines lines are
// kept (maxLines <= 0: no line limit), then whole lines are dropped from the
// head until the rest fits in maxBytes and its replyCost in maxCost; a last
// line still over either is cut to its final runes, on a UTF-8 boundary
// (runes as encoding/json decodes them). The kept bytes are the buffer's
// own, from the start of the first kept line to the end.
func lastLines(data []byte, maxLines, maxBytes, maxCost int) tail {
	return lastLinesPriced(data, maxLines, maxBytes, maxCost, inObject)
}

// pricing is what content costs the reply that carries it: replyCost and
// runeReplyCost for a string inside a result object (show_buffer's), or
// the costs of a result that is itself text (textCost, runeTextCost).
type pricing struct {
	cost     func([]byte) int
	runeCost func([]byte) (cost, size int)
}

var inObject = pricing{replyCost, runeReplyCost}

// lastLinesPriced is lastLines with maxCost counted by p.
func lastLinesPriced(data []byte, maxLines, maxBytes, maxCost int, p pricing) tail {
	total := countLines(data)
	kept, start, cost := 0, len(data), 0
	// Walk back line starts until a limit is reached. A line starts at
	// offset 0 or just after a '\n' that is not the final byte.
	for ; kept < total; kept++ {
		if maxLines > 0 && kept == maxLines {
			break
		}
		prev := lineStartBefore(data, start)
		if kept > 0 && len(data)-prev > maxBytes {
			break
		}
		lineCost := p.cost(data[prev:start])
		if kept > 0 && cost+lineCost > maxCost {
			break
		}
		start, cost = prev, cost+lineCost
	}
	t := tail{content: data[start:], droppedLines: total - kept}
	if len(t.content) > maxBytes || cost > maxCost {
		// The one line kept is over a limit: drop runes from its head.
		// Forward, as encoding/json decodes, so that the cost stays exact.
		cut := 0
		for cut < len(t.content) && (len(t.content)-cut > maxBytes || cost > maxCost) {
			c, size := p.runeCost(t.content[cut:])
			cut, cost = cut+size, cost-c
		}
		t.content = t.content[cut:]
		t.truncated = true
	}
	t.truncated = t.truncated || t.droppedLines > 0
	return t
}

// lineStartBefore returns where the line that ends just before offset end
// begins.
func lineStartBefore(data []byte, end int) int {
	i := end - 1
	if i >= 0 && data[i] == '\n' {
		i-- // the line's own terminator
	}
	for i >= 0 && data[i] != '\n' {
		i--
	}
	return i + 1
}

func countLines(data []byte) int {
	n := 0
	for _, c := range data {
		if c == '\n' {
			n++
		}
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		n++
	}
	return n
}
