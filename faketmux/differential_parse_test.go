package faketmux

import "strings"

// writeFile is a step that writes lines to a file in the side's
// directory, through a run-shell job (which runs there; its command is a
// format, so a # doubles).
func writeFile(name string, lines ...string) step {
	quoted := make([]string, len(lines))
	for i, l := range lines {
		quoted[i] = "'" + strings.ReplaceAll(strings.ReplaceAll(l, "#", "##"), "'", `'\''`) + "'"
	}
	return cmd("run-shell", "printf '%s\\n' "+strings.Join(quoted, " ")+" > "+name)
}

// The differential cases of tmux's parser beyond words: { … } blocks as
// arguments, %if/%elif/%else/%endif, and #{current_file}, in files that
// source-file reads and in a configuration file.
var _ = differentialCases("parse", []scenario{
	{name: "blocks and conditions in source-file", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "sleep 1000"),
		writeFile("b.conf",
			`bind -T t1 x { display -p one ; display -p "two #{session_name}" }`,
			`bind -T t1 y {`,
			`  display -p a`,
			`  display -p b ; display -p c`,
			`}`,
			`bind -T t1 z if -F 1 { display -p yes } { display -p "no'q" }`,
			`bind -T t1 n { if -F 1 { display -p nested } }`,
			`bind -T t1 e {}`,
			`list-keys -T t1`,
			`%if #{==:#{session_name},m}`,
			`display -p "is m"`,
			`%elif 1`,
			`display -p elif`,
			`%else`,
			`display -p else`,
			`%endif`,
			`%if 0`,
			`display -p no`,
			`%elif #{session_name}`,
			`display -p "elif taken"`,
			`%endif`,
			`%if 0`,
			`display -p no`,
			`%else`,
			`display -p "else taken"`,
			`%endif`,
			`%if "#{m:x*,xy}" display -p inline %else display -p not %endif ; display -p after`,
			`%if 0`,
			`%if 1`,
			`display -p "inner of false"`,
			`%endif`,
			`%endif`,
			`display -p "file #{current_file}"`,
			`A=1`,
			`%if 0`,
			`A=2`,
			`%endif`,
			`display -p "A=$A"`,
			`if -F 1 { display -p if-block } { display -p else-block }`,
			`if -F 0 { display -p if-block } { display -p else-block }`,
			`run -C { display -p "from run #{current_file}" }`,
			`if -F 1 {`,
			`  display -p g1 ; has -t nope ; display -p skipped`,
			`  display -p g2`,
			`}`,
			`run -C { has -t nope ; display -p skipped`,
			`display -p "#{session_name}" }`,
			`source -F "#{d:current_file}/c.conf"`,
		),
		writeFile("c.conf", `display -p "in #{current_file}"`, `%if #{current_file}`, `display -p "known at parse"`, `%endif`),
		cmd("source", "-v", "b.conf", ";", "display", "-p", "[#{current_file}]"),
		cmd("list-keys", "-T", "t1"),
		cmd("send-keys", "-t", "m", "-K", "-T", "t1", "x"),
		writeFile("e1.conf", `display -p { display -p x }`),
		writeFile("e2.conf", `display -t { x } -p hi`),
		writeFile("e3.conf", `bind x { nosuchcommand }`),
		writeFile("e4.conf", `%if 1`, `display -p x`),
		writeFile("e5.conf", `%if 1`, `%endif`, `display -p after-empty`),
		writeFile("e6.conf", `bind x {`, `display -p x`),
		writeFile("e7.conf", `display -p x }`),
		writeFile("e8.conf", `%else`),
		writeFile("e9.conf", `%if 1 ; display -p x ; %endif`),
		writeFile("e10.conf", `if -F 1 { display -p x } { display -p y } { display -p z }`),
		writeFile("e11.conf", `run { display -p x }`),
		cmd("source", "e1.conf"),
		cmd("source", "e2.conf"),
		cmd("source", "e3.conf"),
		cmd("source", "e4.conf"),
		cmd("source", "e5.conf"),
		cmd("source", "e6.conf"),
		cmd("source", "e7.conf"),
		cmd("source", "e8.conf"),
		cmd("source", "e9.conf"),
		cmd("source", "e10.conf"),
		cmd("source", "e11.conf"),
	}},
	{name: "conditions in a configuration file", configText: strings.Join([]string{
		`%if #{==:#{version},3.3a}`,
		`set -g base-index 3`,
		`%else`,
		`set -g base-index 7`,
		`%endif`,
		`%if #{session_name}`,
		`set -g renumber-windows on`,
		`%endif`,
		`bind -T t3 q { display -p q ; display -p r }`,
		`new-session -d -s cfg`,
		`set-environment -gF CF "#{==:#{current_file},}"`,
	}, "\n") + "\n", steps: []step{
		cmd("list-keys", "-T", "t3"),
		cmd("show-options", "-g", "base-index"),
		cmd("show-options", "-g", "renumber-windows"),
		cmd("show-environment", "-g", "CF"),
		cmd("display-message", "-p", "#{pane_in_mode}"),
	}},
	// Assignments go to the global environment as the parser meets them:
	// a configuration file's (%hidden ones hidden, those in a branch not
	// taken not at all), source-file's, but not source-file -n's, and a
	// control client's line's; a later $NAME sees them.
	{name: "assignments", configText: strings.Join([]string{
		`E=`,
		`A=a=b`,
		`%hidden H=2`,
		`set -g @h "$H"`,
		`FOO=1 set -g @a x`,
		`set -g @b y ; G=1 ; set -g @c z`,
		`%if 0`,
		`NO=1`,
		`%endif`,
	}, "\n") + "\n", steps: []step{
		// Named, so that tmux's automatic rename takes no item of its
		// queue at a time of its choosing: the control step counts them.
		cmd("new-session", "-d", "-s", "m", "-n", "w", "sleep 1000"),
		cmd("show-environment", "-g", "E", ";", "show-environment", "-g", "A", ";", "show-environment", "-g", "FOO", ";",
			"show-environment", "-g", "G", ";", "show-environment", "-gh"),
		cmd("show-environment", "-g", "H"),
		cmd("show-environment", "-g", "NO"),
		cmd("show-options", "-g", "@h", ";", "show-options", "-g", "@a", ";", "show-options", "-g", "@c"),
		cmd("show-options", "-g", "@b"),
		cmd("source-file", "-n", "-").in("N=1\n"),
		cmd("show-environment", "-g", "N"),
		cmd("source-file", "-").in("M=1\nset -g @m \"$M\"\n"),
		cmd("show-environment", "-g", "M", ";", "show-options", "-g", "@m"),
		cmd("attach-session", "-t", "m").controlIn("C=3\nshow-environment -g C\n"),
	}},
	// A control client's line may hold a condition, decided on the
	// client's session.
	{name: "conditions in control lines", steps: []step{
		cmd("new-session", "-d", "-s", "c", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("attach-session", "-f", "no-output,ignore-size").controlIn(
			"%if #{==:#{session_name},c} display -p yes %else display -p no %endif\n" +
				"%if 0 display -p no %endif ; display -p after\n" +
				"%if 1 display -p unclosed\n" +
				"bind -T ct x { display -p a ; display -p b } ; list-keys -T ct\n"),
	}},
	// command-alias as tmux's parser reads it when a line is parsed: the
	// first item of a name, before the command table; the value parsed as
	// a command string, the words after the name added to its last
	// command; no alias expanded twice; wherever the server parses.
	{name: "command-alias", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "sleep 1000"),
		cmd("set-buffer", "-b", "one", "x"),
		cmd("set", "-s", "command-alias[10]", `zz=list-buffers -F "#{buffer_name}"`),
		cmd("zz"),
		cmd("zz", "-b"),
		cmd("set", "-s", "command-alias[11]", "ls=display -p hello"),
		cmd("ls"),
		cmd("set", "-s", "command-alias[12]", "mm=display -p one ; display -p two"),
		cmd("mm"),
		cmd("mm", "three"),
		cmd("set", "-s", "command-alias[13]", "rec=zz"),
		cmd("rec"),
		cmd("set", "-s", "command-alias[14]", `bad=display -p "unterminated`),
		cmd("bad"),
		cmd("set", "-s", "command-alias[15]", "e="),
		cmd("e"),
		cmd("e", "-x"),
		cmd("set", "-s", "command-alias[16]", "noeq"),
		cmd("noeq"),
		cmd("set", "-s", "command-alias[17]", "zz=display -p second"),
		cmd("zz"),
		cmd("set-environment", "-g", "AV", "from-env"),
		cmd("set", "-s", "command-alias[18]", "dp=display -p"),
		cmd("set", "-s", "command-alias[19]", "ev=display -p $AV"),
		cmd("ev"),
		cmd("dp", "a", ";", "dp", "b"),
		cmd("if-shell", "true", "dp inner"),
		cmd("if-shell", "-F", "1", "{ dp in-block }"),
		cmd("bind", "-T", "t", "x", "dp", "bound"),
		cmd("list-keys", "-T", "t"),
		writeFile("a.conf", "dp from-file", "if -F 1 { dp file-block }"),
		cmd("source", "a.conf"),
		cmd("set", "-s", "command-alias[0]", "splitp=display -p replaced"),
		cmd("splitp"),
		cmd("set", "-su", "command-alias"),
		cmd("zz"),
		cmd("info"),
		cmd("show", "-s", "command-alias"),
	}},
})

// A command string's errors say where the command that has it was read,
// its own lines counted on from there (a newline in quotes counts in
// neither); a key binding's do not.
var _ = differentialCases("parse", []scenario{
	{name: "errors in command strings", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "sleep 1000"),
		writeFile("s.conf",
			`display -p one`,
			``,
			`if -F 1 "nosuch"`,
			`if -F 1 "display -p two`,
			`nosuch2"`,
			`if -F 1 "if -F 1 \"nosuch3\""`,
			`if -F 1 {`,
			`  display -p three`,
			`  if -F 1 "nosuch4"`,
			`}`,
			`run -C "display -p \"unterminated"`,
			`if -F 1 "a }"`,
			`if -F 1 "display -p four ; nosuch5 ; display -p five"`,
			`bind y "nosuch6"`,
		),
		cmd("source-file", "s.conf"),
		cmd("source-file", "-n", "s.conf"),
		cmd("if-shell", "-F", "1", "nosuch7"),
	}},
})

// paddedNesting is a text of 22 levels of blocks (if -F 1 { … }, one a
// line) and, in the innermost, m levels of %if 1 round one line, after
// prefix. A level of blocks takes six entries of tmux's parser stack and
// a condition two, so the line decides to one entry whether the text
// fits in the stack's 10000 (with 4931 conditions, a line of four words
// does; a line before them all takes one more), and tmux parses it at
// once, where as many levels of blocks alone take it most of a minute
// (tmux 3.3a's build of nested blocks costs the cube of their depth).
func paddedNesting(prefix string, m int, line string) string {
	return prefix + strings.Repeat("if -F 1 {\n", 22) + strings.Repeat("%if 1\n", m) + line + "\n" +
		strings.Repeat("%endif\n", m) + strings.Repeat("}\n", 22)
}

// bareBlocks is n levels of "a {", three entries of the stack each.
func bareBlocks(n int) string { return strings.Repeat("a {", n) + strings.Repeat("}", n) }

// paddedLine is one line of 22 levels of blocks, the innermost never run
// (if -F 0), which holds m conditions round a command: an entry of the
// stack each (a command's arguments would do as well, but tmux's build
// of them costs the square of their number at each level of blocks).
// With 9885 the command fills the stack.
func paddedLine(m int) string {
	return strings.Repeat("if -F 1 { ", 21) + "if -F 0 { " + strings.Repeat("%if 1 ", m) + "display -p x" +
		strings.Repeat(" %endif", m) + strings.Repeat(" }", 22)
}

// tmux's parser fails what needs more than the 10000 entries of its
// stack with "yacc stack overflow", at the line it reached, wherever it
// parses: a file (source-file, -n or not, of a file or of its input), a
// command string, a control client's line. Each pair of texts here is one
// entry within the limit and one past it.
var _ = differentialCases("parse", []scenario{
	{name: "the parser's stack", steps: []step{
		cmd("new-session", "-d", "-s", "m", "-n", "w", "-x", "80", "-y", "24", "sleep 1000"),
		cmd("load-buffer", "-b", "f", "-").in(paddedNesting("", 4931, "set -g @deep within")),
		cmd("save-buffer", "-b", "f", "within.conf"),
		cmd("load-buffer", "-b", "f", "-").in(paddedNesting("", 4931, "set -g @deep past it")),
		cmd("save-buffer", "-b", "f", "past.conf"),
		cmd("load-buffer", "-b", "f", "-").in(strings.Repeat("if -F 1 {\n", 20000) + strings.Repeat("}\n", 20000)),
		cmd("save-buffer", "-b", "f", "deep.conf"),
		cmd("delete-buffer", "-b", "f"),
		cmd("source-file", "-n", "within.conf"),
		cmd("show-options", "-gv", "@deep"),
		cmd("source-file", "within.conf"),
		cmd("show-options", "-gv", "@deep"),
		cmd("source-file", "-n", "past.conf"),
		cmd("source-file", "past.conf"),
		cmd("source-file", "-nv", "deep.conf"),
		cmd("source-file", "deep.conf", ";", "display", "-p", "not reached"),
		cmd("source-file", "-").in(paddedNesting("", 4931, "set -g @deep past it")),
		// 1666 levels of blocks over lines fit with a command of two
		// words in the innermost, not three: at line 1667 the stack is
		// full. tmux takes a while over the first, so only the second.
		cmd("source-file", "-").in(strings.Repeat("if -F 1 {\n", 1666) + "display -p deepest\n" + strings.Repeat("}\n", 1666)),
		// The arguments of a command take an entry each.
		cmd("source-file", "-").in("set -g @x" + strings.Repeat(" a", 9995) + "\n"),
		cmd("source-file", "-").in("set -g @x" + strings.Repeat(" a", 9996) + "\n"),
		// Command strings are parsed on their own when they run.
		cmd("source-file", "-").in(strings.Join([]string{
			"if -F 1 '" + paddedLine(9885) + "'",
			"if -F 1 '" + paddedLine(9886) + "'",
			"if -F 1 '" + bareBlocks(3333) + "'",
			"run -C '" + bareBlocks(3333) + "'",
			"bind x '" + bareBlocks(3333) + "'",
			"display -p after",
		}, "\n") + "\n"),
		cmd("if-shell", "-F", "1", bareBlocks(3333)),
		cmd("attach-session", "-f", "no-output,ignore-size").controlIn(
			paddedLine(9885) + " ; display -p within\n" + paddedLine(9886) + " ; display -p past\n" +
				bareBlocks(3333) + "\n" + "display -p after\n"),
	}},
	{name: "a configuration within the parser's stack", configText: paddedNesting("set -g @before 1\n", 4930, "set -g -q @deep yes") + "set -g @after 1\n",
		steps: []step{
			cmd("new-session", "-d", "-s", "m", "-n", "w", "sleep 1000"),
			cmd("show-options", "-g", "@before", ";", "show-options", "-g", "@deep", ";", "show-options", "-g", "@after"),
			cmd("display-message", "-p", "#{pane_in_mode}"),
		}},
	{name: "a configuration past the parser's stack", configText: paddedNesting("set -g @before 1\n", 4930, "set -g -q @deep yes no") + "set -g @after 1\n",
		steps: []step{
			cmd("new-session", "-d", "-s", "m", "-n", "w", "sleep 1000"),
			cmd("show-options", "-g", "@before", ";", "show-options", "-g", "@deep", ";", "show-options", "-g", "@after"),
			cmd("display-message", "-p", "#{pane_in_mode} #{pane_mode}"),
		}},
})
