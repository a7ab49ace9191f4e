package faketmux

func cmdPasteBuffer(c *client, a *args) error { return nil }

func (c *client) checkTargetClient(a *args) error { return nil }
