package faketmux

import "regexp"

// The differential cases of formats: every modifier of tmux 3.3a's
// format.c, display-message's -a -v and strftime, and the variables.

// disp is display-message -p of one format on the current pane.
func disp(format string) step { return cmd("display-message", "-p", format) }

var (
	ptsRE   = regexp.MustCompile(`/dev/pts/[0-9]+`)
	clockRE = regexp.MustCompile(`[0-9]{2}:[0-9]{2}`)
	// configRE is the configuration files tmux loaded, its -f /dev/null;
	// the emulator is given their commands, not their names.
	configRE = regexp.MustCompile(`(?m)^(config_files|pane_current_command|pane_current_path)=.*\n`)
)

// normVariables replaces what differs between two servers in a listing of
// the variables: times, process IDs, terminals and configuration files,
// and the command in a pane, which tmux follows as the shell execs it.
func normVariables(s string) string {
	return configRE.ReplaceAllString(ptsRE.ReplaceAllString(normPIDs(normTimes(s)), "<tty>"), "")
}

var _ = differentialCases("format", []scenario{
	// A window's name given to new-session or new-window is a format,
	// expanded as tmux's spawn_window does, for the session.
	{name: "window names are formats", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w##z#{session_name}", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("new-window", "-d", "-n", "n##m #{window_name}", "sleep 1000"),
		cmd("new-window", "-d", "-n", "#{?window_active,yes,no}#[fg=red]", "sleep 1000"),
		cmd("list-windows", "-F", "#{window_name}"),
	}},
	// Variables of later tmux versions are unknown to 3.3a: they expand to
	// nothing (server_sessions came with 3.4).
	{name: "variables of later versions", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		disp("a#{server_sessions}b#{?server_sessions,yes,no}"),
	}},
	// Formats with a target, and those of commands that give none, have
	// the newest buffer for the buffer_ variables, as tmux's
	// format_defaults adds it; list-buffers has each buffer instead. The
	// items of a loop are filled in the same way, so they have the newest.
	{name: "the newest buffer in formats", steps: []step{
		cmd("new-session", "-d", "-s", "s", "-n", "w", "sleep 1000"),
		cmd("display-message", "-p", "[#{buffer_name}]"),
		cmd("set-buffer", "-b", "b1", "yy", ";", "display-message", "-p", "[#{buffer_name}] [#{buffer_size}] [#{buffer_sample}]"),
		cmd("display-message", "-p", "-t", "{marked}", "[#{buffer_name}] [#{pane_id}]"),
		cmd("list-sessions", "-F", "[#{buffer_name}]", ";", "list-windows", "-F", "[#{buffer_name}]", ";", "list-panes", "-F", "[#{buffer_name}]"),
		cmd("list-commands", "-F", "[#{buffer_name}]", "new-window", ";", "list-keys", "-T", "root", "-F", "[#{buffer_name}]"),
		cmd("new-window", "-d", "-n", "x", "-P", "-F", "[#{buffer_name}]", "sleep 1000"),
		cmd("set-buffer", "xx", ";", "list-buffers", "-F", "[#{buffer_name}]", ";", "run-shell", "-C", "display -p '[#{buffer_name}]'"),
		cmd("new-session", "-d", "-s", "#{buffer_name}", "-n", "w", "sleep 1000", ";", "list-sessions", "-F", "#{session_name}"),
		cmd("split-window", "-d", "-t", "s:w", "sleep 1000", ";",
			"display-message", "-p", "-t", "s:w", "#{P:[#{buffer_name} #{buffer_sample}]}#{W:[#{buffer_size}]}#{S:[#{buffer_name}]}"),
		cmd("list-buffers", "-F", "#{buffer_name} #{S:[#{buffer_name}]}"),
	}},
	// session_format, window_format and pane_format say what a format is
	// for even when its target was not found, and then say 0.
	{name: "what a format is for, with no target", steps: []step{
		cmd("new-session", "-d", "-s", "s", "-n", "w", "sleep 1000"),
		cmd("display-message", "-p", "-t", "nosuch:0", "[#{session_format}] [#{window_format}] [#{pane_format}] [#{session_name}]"),
		cmd("display-message", "-p", "-t", "%9", "[#{session_format}] [#{window_format}] [#{pane_format}] [#{s/0/x/:pane_format}]"),
		cmd("display-message", "-p", "-t", ":7", "[#{session_format}] [#{window_format}] [#{pane_format}] [#{window_index}]"),
		cmd("list-sessions", "-F", "[#{session_format}] [#{window_format}] [#{pane_format}]"),
	}},
	{name: "comparisons conditionals and escapes", steps: []step{
		cmd("new-session", "-d", "-s", "main", "-n", "win", "-x", "80", "-y", "24", "sleep 1000"),
		disp("#{==:a,a}#{==:a,b}#{!=:a,b}#{<:a,b}#{>:a,b}#{<=:a,a}#{>=:a,b}#{<:B,a}#{>:ab,a}"),
		disp("#{||:0,0}#{||:,1}#{&&:1,1}#{&&:1,}#{&&:00,1}#{||:#{session_name},0}"),
		disp("#{==:#{session_name},main} #{==:#{l:#{session_name}},main} #{==:a}"),
		disp("[#{==:a}] after"),
		disp("#{?session_name,yes,no} #{?nothing,yes,no} #{?,yes,no} #{?0,yes,no} #{?1,yes,no} #{?#{==:1,1},a#,b,c}"),
		disp("#{?#{session_name},#{?window_name,both,win},none} #{?#{==:a,b},x,#{?1,nested #} y,z}}"),
		disp("#{?session_name,only} [after]"),
		disp("#{?} [after]"),
		disp("##{session_name} #,#}### ##[fg=red] #[bold]#{session_name} ###[x] #"),
		disp("#{l:#{session_name}##} #{l:a,b} #{l:}"),
		disp("#{session_name #{window_name}"),
		disp("#(true) [#(echo #(x))] #(unterminated"),
		disp("#Q#Z #S:#I.#P #D #F #h #W #T"),
		disp("#{session_name:} #{:session_name} #{;session_name}"),
		disp("#{E:#{l:##{session_name}}} #{E:nope} #{E:window-size}"),
		// tmux 3.3a has no ! or !! modifier (3.4 does), nor L: and R:.
		disp("[#{!:1}] [#{!!:1}] [#{L:x}] [#{R:ab,3}] [#{e:1,2}] [#{m:}] [#{s:x}]"),
	}},
	{name: "matching and substitution", steps: []step{
		cmd("new-session", "-d", "-s", "main", "-n", "win", "-x", "80", "-y", "24", "sleep 1000"),
		disp("#{m:ma*,main}#{m:MA*,main}#{m/i:MA*,main}#{m:*/b,a/b}#{m:?ain,main}#{m:[lm]ain,main}#{m:[!m]ain,main}#{m:[^m]ain,main}#{m:\\*,*}#{m:[,[}"),
		disp("#{m/r:^ma.n$,main}#{m/r:^MA,main}#{m/ri:^MA,main}#{m/r:(,main}#{m/r:a|z,xyz}#{m/r:[[:digit:]]+,a12}"),
		disp("#{s/a/X/:session_name} #{s/./_/:session_name} #{s/(m)(a)/\\2\\1/:session_name} #{s/^./Q/:session_name} #{s/A/x/i:session_name} #{s/x*/-/:session_name}"),
		disp("#{s/n$/N/:session_name} #{s/(/x/:session_name} #{s/i/#{window_name}/:session_name} #{s|a|b|:session_name} #{s/a/b:session_name} #{s/a/\\9/:session_name} #{s/a/\\q/:session_name}"),
		disp("#{s/a/1/;s/1/2/:session_name} #{s/a//:session_name} #{s/a/b/:nope}[]"),
	}},
	{name: "arithmetic", steps: []step{
		cmd("new-session", "-d", "-s", "main", "-n", "win", "-x", "80", "-y", "24", "sleep 1000"),
		disp("#{e|+|:1,2} #{e|-|:1,5} #{e|*|:3,4} #{e|/|:7,2} #{e|m|:7,3} #{e|%|:7,3} #{e|/|:-7,2} #{e|m|:-7,3}"),
		disp("#{e|+|f:1,2} #{e|/|f:7,2} #{e|/|f|4:1,3} #{e|*|f|0:2.5,2} #{e|+||3:1,2} #{e|m|f:7.5,2}"),
		disp("#{e|==|:1,1} #{e|==|:1.5,1} #{e|==|f:1.5,1} #{e|!=|:1,2} #{e|<|:1,2} #{e|>|:1,2} #{e|<=|:2,2} #{e|>=|:1,2}"),
		disp("#{e|+|:#{window_width},#{window_height}} #{e|+|:,} #{e|+|: 1,2} #{e|+|:1 ,2} #{e|+|:0x10,1} #{e|+|:1e2,1} #{e|+|:1.9,1.9}"),
		disp("[#{e|+|:a,1}] [#{e|^|:1,2}] [#{e|+|:1}] [#{e|+|f|x:1,2}] [#{e|/|:1,0}] [#{e|/|f:1,0}] [#{e|/|f:0,0}] [#{e|+|f|-1:1,2}]"),
		disp("#{e|+:1,2} [#{e:1,2}] #{e|+|f|2|x:1,2}"),
	}},
	{name: "characters colours and names", steps: []step{
		cmd("new-session", "-d", "-s", "main", "-n", "win", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("new-window", "-d", "-n", "other", "sleep 1000"),
		disp("#{a:65}#{a:126}[#{a:31}][#{a:127}][#{a:x}]#{a:#{e|+|:60,1}}"),
		disp("#{c:red} #{c:#ff8000} #{c:colour100} #{c:color255} #{c:brightblue} #{c:7} #{c:91} [#{c:default}] [#{c:nope}] #{c:colour16} #{c:colour231} #{c:colour244} #{c:RED}"),
		disp("#{c:AliceBlue} #{c:aliceblue} #{c:dark gray} #{c:grey} #{c:grey50} #{c:gray100} [#{c:grey101}] #{c:greyish} [#{c:Grey50}] #{c:x11 maroon} #{c:yellow4} [#{c:#12345}] [#{c:#12345g}] #{c:#ABCDEF} [#{c:colour256}] [#{c:colourx}] #{c:brightwhite} #{c:97} #{c:0}"),
		disp("#{N:win} #{N:nope} #{N/w:other} #{N/s:main} #{N/s:nope} #{N/x:win}"),
		cmd("set-environment", "-g", "P1", "/a/b/c"),
		cmd("set-environment", "-g", "P2", "/a//b//"),
		cmd("set-environment", "-g", "P3", "/"),
		cmd("set-environment", "-g", "P4", "a"),
		disp("#{b:#{l:/a/b/c}} #{d:#{l:/a/b/c}} #{b:P1} #{d:P1} #{b:P2} #{d:P2} #{b:P3} #{d:P3} #{b:P4} #{d:P4} #{d:session_name}"),
		disp("#{q:#{l:a b}} #{q:session_name} #{q/h:#{l:##x}} #{q/e:#{l:##y}}"),
	}},
	{name: "truncation padding length and width", steps: []step{
		cmd("new-session", "-d", "-s", "abcdefgh", "-n", "win", "-x", "80", "-y", "24", "sleep 1000"),
		disp("#{=3:session_name} #{=-3:session_name} #{=/3/...:session_name} #{=/-3/...:session_name} #{=/20/...:session_name} #{=0:session_name} #{=x:session_name}"),
		disp("[#{p10:session_name}] [#{p-10:session_name}] [#{p3:session_name}] [#{=3;p5:session_name}] [#{p5;=3:session_name}]"),
		disp("#{n:session_name} #{w:session_name} #{=2:#{l:éèà}} #{n:#{l:éè}} #{w:#{l:éè中}} [#{p4:#{l:中}}]"),
		disp("#{=2:#{l:#[fg=red]abc}} #{=-2:#{l:ab#[x]cd}} #{w:#{l:#[x]ab##c}} #{=1:#{l:##ab}}"),
		disp("#{=3:#{l:a\tbcd}}|#{w:#{l:a\tb}}"),
		disp("#{=2:#{l:ab#[x]c}}|#{=2:#{l:a#[x]bc}}|#{=2:#{l:ab###[x]c}}|#{=-2:#{l:a#[x]bc}}|#{=-1:#{l:ab#[x]}}|#{=3:#{l:a#[xbc}}|#{w:#{l:a#[xbc}}|#{=2:#{l:###ab}}|#{=-2:#{l:ab####}}"),
	}},
	{name: "loops", steps: []step{
		cmd("new-session", "-d", "-s", "b", "-n", "w0", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("new-window", "-d", "-t", "b", "-n", "w1", "sleep 1000"),
		cmd("split-window", "-d", "-t", "b:0", "sleep 1000"),
		cmd("new-session", "-d", "-s", "a", "-n", "x", "sleep 1000"),
		disp("#{S:#{session_name} }|#{S:[#{session_name}#{?session_attached,*,}]}"),
		cmd("display-message", "-p", "-t", "b", "#{W:#{window_index}:#{window_name} }|#{W:#{window_name} ,<#{window_name}> }"),
		cmd("display-message", "-p", "-t", "b:0", "#{P:#{pane_index} }|#{P:#{pane_id} ,(#{pane_id}) }"),
		cmd("display-message", "-p", "-t", "b", "#{S:#{W:#{session_name}.#{window_index} }}"),
		cmd("display-message", "-p", "-t", "b", "#{W:#{session_format}#{window_format}#{pane_format} }#{P:#{pane_format}}#{S:#{session_format}#{window_format}}"),
		cmd("list-sessions", "-F", "#{session_format}#{window_format}#{pane_format}"),
		cmd("list-windows", "-F", "#{session_format}#{window_format}#{pane_format}"),
		cmd("list-panes", "-F", "#{session_format}#{window_format}#{pane_format}"),
	}},
	{name: "search", steps: []step{
		cmd("new-session", "-d", "-s", "main", "-n", "win", "-x", "80", "-y", "24", "printf 'hello world\\nFoo Bar\\n'; sleep 1000"),
		cmd("capture-pane", "-p").waitFor("Foo Bar"),
		disp("#{C:hello} #{C:Bar} #{C:bar} #{C/i:bar} #{C/r:^Foo} #{C/r:o+ B} #{C/ri:^foo} #{C:nope} #{C:o*w} [#{C/r:(}]"),
	}},
	{name: "times", steps: []step{
		cmd("new-session", "-d", "-s", "main", "-n", "win", "-x", "80", "-y", "24", "sleep 1000"),
		disp("#{t:session_created}").normalise(normTimes),
		disp("#{t/p:session_created}").normalise(func(s string) string { return clockRE.ReplaceAllString(s, "<hh:mm>") }),
		disp("[#{t:session_name}] [#{t:nope}] [#{t/f/%%Y:session_name}]"),
		disp("#{==:#{t/f/%%Y-%%m-%%d:session_created},#{T:%Y-%m-%d}}#{==:%Y,#{T:%Y}}#{==:#{l:%Y},#{T:%Y}}"),
		disp("%% #{l:%%} #{T:%%%%} #{==:#{T:#{l:%%}},%}"),
		disp("#{==:%H:%M,#{t/f/%%H#:%%M:session_created}}"),
		// An option's number is a fixed time: strftime's conversions,
		// checked where nothing runs strftime first (list-sessions).
		cmd("set-option", "-g", "history-limit", "1700000000"),
		cmd("list-sessions", "-F", "#{t:history-limit}|#{t/p:history-limit}|#{t/f/%Y-%m-%d %H#:%M#:%S:history-limit}"),
		cmd("list-sessions", "-F", "#{t/f/%a %A %b %B %c %C %d %D %e %F %g %G %h %I %j %k %l %m %n %p %P %r %R %s %t %T %u %U %V %w %W %x %X %y %Y %z %Z %%:history-limit}"),
		cmd("list-sessions", "-F", "#{t/f/%_d %-d %05d %^a %#a %#p %#Z %10A %-10A %Ey %Od %q %:history-limit}"),
		cmd("list-sessions", "-F", "[#{t/f/%-5d|%_5d|%-5e|%5e|%05e|%-3j|%_3j|%3p|%-3p|%03p|%_5A|%^5p|%5%|%-5s|%12s|%_12s|%5n:history-limit}]"),
		cmd("list-sessions", "-F", "#{T:#{l:%Y}}#{E:#{l:%Y}}#{T:#{l:#{session_name}}}"),
		cmd("list-sessions", "-F", "#{==:#{T:#{l:%Y}},#{t/f/%Y:start_time}}"),
	}},
	{name: "display-message", steps: []step{
		cmd("new-session", "-d", "-s", "main", "-n", "win", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("split-window", "-d", "sleep 1000"),
		cmd("display-message", "-a").normalise(normVariables),
		cmd("display-message", "-a", "-t", "main:0.1").normalise(normVariables),
		cmd("display-message", "-p").normalise(func(s string) string { return regexp.MustCompile(`\(.*\)`).ReplaceAllString(s, "(<time>)") }),
		cmd("display-message", "-p", "-v", "#{?#{==:#{session_name},main},#{=2:window_name},no} #S"),
		cmd("display-message", "-p", "-v", "#{s/a/b/;n:session_name} #{e|+|f|1:1,2} #{l:x}#{q:nope}"),
		cmd("display-message", "-p", "-v", "#{W:#{window_index},[#{window_index}]}#{P:x}#{S:y}#{N:win}#{C:x}"),
		cmd("display-message", "-p", "-v", "#{e|x|:1,2}#{e|+||y:1,2}#{e|+|:1}#{e|+|:a,1}#{e|+|:1,b} #{?a} end"),
		cmd("display-message", "-p", "-v", "#{==:a} ##[x] #, #Z #{p3:#{b:#{l:/a/b}}} #{t/p:nope}"),
		cmd("display-message", "-p", "-d", "x", "y"),
		cmd("display-message", "-p", "#{command} #{E:command}"),
		cmd("list-sessions", "-F", "#{command}"),
		// With a client attached, its variables too.
		cmd("attach-session", "-t", "main").controlIn("display-message -a\n").normalise(func(s string) string { return normVariables(normControl(s)) }),
	}},
})
