package faketmux

// The differential cases of the environment commands.
var _ = differentialCases("environment", []scenario{
	{name: "environment", steps: []step{
		cmd("start-server", ";", "show-environment"),
		cmd("start-server", ";", "set-environment", "X", "y"),
		// update-environment: the client's DISPLAY and others, -NAME for
		// those it lacks, and -e after them.
		cmd("new-session", "-d", "-s", "env", "-e", "FROM_E=1", "-e", "NO_EQUALS", "-e", "WINDOWID=from -e", "sleep 1000").
			withEnv("DISPLAY=:5", "SSH_AUTH_SOCK=/tmp/agent", "XAUTHORITY="),
		cmd("show-environment"),
		// The whole of it: this process's environment, with PWD the
		// directory the client runs in (go test's $PWD names another).
		cmd("show-environment", "-g"),
		cmd("new-session", "-d", "-E", "-s", "noupdate", "-e", "FROM_E=2", "sleep 1000", ";", "showenv", "-t", "noupdate", ";", "kill-session"),
		cmd("set-environment", "SVIS", "s1", ";", "setenv", "-h", "SHID", "hidden value", ";", "setenv", "-r", "HOME"),
		cmd("set-environment", "-g", "GVIS", "g1", ";", "setenv", "-gh", "GHID", "g2", ";", "setenv", "-gr", "GREM"),
		cmd("set-environment", "-t", "env", "Q", "a \"q\" $HOME `x` back\\slash 'single' $ spaces  two\nline2"),
		cmd("set-environment", "-F", "FMT", "#{session_name}:#{window_index}"),
		cmd("set-environment", "-gF", "GFMT", "#{session_name}"),
		cmd("set-environment", "-h", "OVER", "session hidden", ";", "setenv", "-g", "OVER", "global"),
		cmd("set-environment", "OVER2", "session", ";", "setenv", "-gh", "OVER2", "global hidden"),
		cmd("set-environment", "-h", "HREM", "x", ";", "setenv", "-r", "HREM"),
		cmd("show-environment"),
		cmd("show-environment", "-s"),
		cmd("show-environment", "-h"),
		cmd("showenv", "-hs", "-t", "env"),
		cmd("show-environment", "-gh"),
		cmd("show-environment", "-gs", "GVIS", ";", "showenv", "-gs", "GREM", ";", "showenv", "-g", "GREM"),
		cmd("show-environment", "-s", "Q"),
		cmd("show-environment", "Q"),
		cmd("show-environment", "-t", "env:99", "FMT"),
		cmd("show-environment", "SHID"),
		cmd("show-environment", "-h", "SHID", ";", "showenv", "-h", "SVIS", ";", "showenv", "-g", "GFMT"),
		cmd("show-environment", "NOPE"),
		cmd("show-environment", "-g", "NOPE"),
		cmd("show-environment", "-t", "nope"),
		cmd("show-environment", "-g", "-t", "nope", "GVIS"),
		cmd("show-environment", "-t", "%99"),
		cmd("show-environment", "a", "b"),
		cmd("display-message", "-p", "[#{SVIS}] [#{SHID}] [#{GVIS}] [#{GHID}] [#{GREM}] [#{OVER}]"),
		// A variable removed from the session hides the global one from
		// formats; a removed global one is nothing either.
		cmd("set-environment", "-g", "RVAR", "global", ";", "setenv", "-r", "RVAR", ";", "setenv", "-g", "RGLOB", "g", ";", "setenv", "-gr", "RGLOB"),
		cmd("display-message", "-p", "[#{RVAR}] [#{?RVAR,set,unset}] [#{RGLOB}] [#{HREM}] [#{q:RVAR}]"),
		cmd("set-environment", "-u", "RVAR", ";", "display-message", "-p", "[#{RVAR}]"),
		cmd("set-environment", ""),
		cmd("set-environment", "A=B", "c"),
		cmd("set-environment", "-t", "nope", "X", "y"),
		cmd("set-environment", "-t", "nope:1", "-u", "X"),
		cmd("set-environment", "-g", "-t", "nope", "GT", "ok", ";", "showenv", "-g", "GT"),
		cmd("set-environment", "-u", "X", "y"),
		cmd("set-environment", "-r", "X", "y"),
		cmd("set-environment", "X"),
		cmd("set-environment", "-h", "X"),
		cmd("set-environment"),
		cmd("set-environment", "a", "b", "c"),
		cmd("set-environment", "-u", "-r", "SVIS", ";", "showenv", "SVIS"),
		cmd("set-environment", "-u", "NEVER_SET", ";", "setenv", "-gu", "GVIS", ";", "showenv", "-g", "GVIS"),
		cmd("set-environment", "-r", "SVIS", ";", "setenv", "SVIS", "again", ";", "showenv", "SVIS"),
		// A pane started afterwards gets the global environment, then the
		// session's: removed and hidden variables stay out.
		cmd("set-environment", "-g", "HOME", "/global/home", ";", "setenv", "-g", "GVIS", "g1", ";", "setenv", "-gr", "FROM_E"),
		cmd("new-window", "-d", "-n", "shown", "sleep 1000"),
		cmd("split-window", "-d", "-t", ":shown", "-e", "SPLIT_E=1", "-e", "SVIS=from split",
			"env | grep -E '^(SVIS|SHID|GVIS|GHID|GREM|HOME|OVER|OVER2|HREM|FROM_E|SPLIT_E|FMT)=' | sort; echo END; sleep 1000"),
		cmd("capture-pane", "-p", "-t", ":shown.1").waitFor("END"),
		cmd("kill-session", "-t", "env"),
	}},
	// What the MCP server's environment tools read and rely on: -s quotes
	// a value's line breaks and quotes, a removed variable is "unset", a
	// session is found as =name and as its ID, "--" lets a name begin
	// with '-', a value's final ';' escaped as "\;" is kept, and the
	// errors do not quote the value.
	{name: "what the environment tools read", steps: []step{
		cmd("new-session", "-d", "-s", "main", "sleep 1000"),
		cmd("set-environment", "-t", "=main", "--", "ODD", "two\nlines \"q\" $HOME `x` \\ \\;", ";", "setenv", "-t", "main", "-r", "GONE"),
		cmd("show-environment", "-s", "-t", "=main"),
		cmd("show-environment", "-s", "-t", "$0"),
		cmd("set-environment", "-g", "--", "-DASH", "v", ";", "showenv", "-gs", "--", "-DASH"),
		cmd("set-environment", "-t", "=nosuch", "X", "secret"),
		cmd("show-environment", "-s", "-t", "$9"),
		cmd("set-environment", "-g", "", "secret"),
		cmd("set-environment", "-g", "A=B", "secret"),
	}},
})
