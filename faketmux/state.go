package faketmux

import (
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/pane"
	"github.com/tmuxbuf/tmuxbuf/faketmux/internal/rbtree"
	"github.com/tmuxbuf/tmuxbuf/faketmux/tmuxcli"
)

// program is what a pane runs; internal/pane provides it. The interface
// lets the model be tested with programs that are not processes.
type program interface {
	pane.Keeper // a respawned pane takes over its screen
	Write(b []byte) error
	Input() []byte
	BracketedPaste() bool
	Lines() (lines [][]byte, wrapped []bool, history int)
	TakeBell() bool
	TakeRequests() []pane.Request
	Capture(o pane.CaptureOptions) ([]byte, error)
	HistorySize() int
	HistoryBytes() int
	HistoryAllBytes() string
	Flag(name string) (on, ok bool)
	CursorCharacter() string
	Tabs() []int
	ClearHistory()
	PID() int
	Resize(cols, rows int) error
	Exited() <-chan struct{}
	ExitStatus() (status, signal int)
	Cursor() (x, y int)
	Trim()
	AltScreen() bool
	FocusReports() bool
	TTY() string
	Foreground() (pgrp, sid int, ok bool)
	Display(b []byte)
	// Sync takes in the output the program has written so far.
	Sync()
	Apply(pane.Settings)
	Close() error
}

// paneOptions is what startProgram gets.
type paneOptions = pane.Options

// startProgram starts a pane's program; tests replace it.
var startProgram = func(o paneOptions) (program, error) {
	p, err := pane.Start(o)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// state is one running tmux server.
type state struct {
	started time.Time
	killed  bool
	// configFailed: the configuration (Call.Config) failed, and no session has
	// shown it yet.
	configFailed bool
	waiting      int                     // clients whose command waits without the server lock
	channels     map[string]*waitChannel // wait-for's, by name
	jobs         []*job                  // shell commands running for commands, newest first
	pendingJobs  int                     // background if-shell jobs, which the server waits for
	env          environ                 // the global environment, from the client that started the server
	// hooksSet says that a hook has been set, at any scope, since the
	// server started: until then no command has an after- hook to look up.
	hooksSet bool

	buffers bufferStore
	// freed counts what the panes that went held (their grids' size, as
	// history_bytes counts it) since the server last handed memory back.
	freed int

	options        *options // server options
	sessionOptions *options // global session options (set -g)
	// configNames are the configuration files, as #{config_files} lists
	// them.
	configNames   []string
	windowOptions *options // global window options (setw -g)

	sessions []*session // sorted by name, as tmux's tree is
	// resizeSoon asks for the windows' sizes to be worked out again from
	// their clients' (control_size.go), as tmux's recalculate_sizes does.
	resizeSoon  bool
	nextSession int
	nextWindow  int
	nextPane    int
	panes       map[int]*paneState
	activity    uint64 // orders sessions by last use; times can tie
	// activePoint is tmux's next_active_point: it orders panes by when
	// they last became active, which picks among neighbours by direction.
	activePoint uint64
	// promptHistory is what was entered at the terminal clients'
	// prompts.
	promptHistory promptHistory

	// number is tmux's count of fired queue items, which control clients
	// see in their guards; events is tmux's global queue of notifications
	// and controls its attached control clients.
	number uint64
	events []event
	// srv runs the hooks of notifications, with no client; inEventHook is
	// set while one runs.
	srv         *Server
	inEventHook bool
	controls    []*controlClient
	// outMu guards outClients, the control clients that take pane
	// output: panes' readers hand it over without the server's lock.
	outMu      sync.Mutex
	outClients []*controlClient
	// outWatchers are told of panes' output (Server.NotifyOutput), by
	// pane; guarded by outMu.
	outWatchers map[int][]chan<- struct{}
	pipes       map[int]*panePipe // pipe-pane's, by pane; guarded by outMu

	// procEnv and procDir are the environment and directory of tmux's
	// server process, its first client's: pipe-pane's commands inherit
	// them.
	procEnv []string
	procDir string

	// messages is show-messages' log, oldest first, from messages[firstMessage]
	// on: see addMessage.
	messages     []logMessage
	firstMessage int
	// messageLimit is the message-limit option, kept as a number: every
	// command adds to the log.
	messageLimit int
	// cliPrefix is the last log prefix made for a client with no terminal,
	// and cliPrefixPID that client's pid: in process every Run has the
	// same pid, and each would otherwise build the same string again.
	cliPrefix    string
	cliPrefixPID int
	// acl is server-access's list: the users who may connect, by uid,
	// and whether they may only read.
	acl map[int]bool

	// keys are the key tables by name, nil until a command looks at them
	// (see keyTables).
	keys map[string]*keyTable

	// groups are new-session -t's session groups, each with a session at
	// least.
	groups []*sessionGroup

	// marked is select-pane -m's pane, by the place it was marked in; it
	// counts only while that place still holds it (see markedPane).
	marked paneMark
}

// paneMark is where a pane was marked: tmux keeps the window link, which
// swap-window leaves in place with another window in it, so the link's
// window and serial are kept too.
type paneMark struct {
	target
	serial int
	core   *windowCore
}

type session struct {
	id       int
	name     string
	created  time.Time
	activity time.Time
	clock    func() time.Time // the server's (Options.Clock), for its windows' activity
	// selected is told when the session's current window changes.
	selected func(was, now *window)
	cwd      string
	env      environ
	options  *options
	winlinks []*window // sorted by index
	// places has the indexes of winlinks in the shape of tmux's
	// red-black tree of them, which decides the order in which a session
	// that is destroyed unlinks its windows.
	places  rbtree.Tree
	current *window
	lastw   []*window // tmux's last-window stack: windows used before, most recent first
	seq     uint64    // when last used, in state.activity
	// lastAttached is when a client last attached; the zero time: never.
	lastAttached time.Time
	group        *sessionGroup // nil: in no group
}

// window is one place of a window in a session, tmux's winlink: a window
// linked into several sessions (or twice into one) has a window for each,
// sharing one windowCore.
type window struct {
	index   int
	session *session
	*windowCore
	// bell, activityAlert and silenceAlert are tmux's WINLINK_BELL,
	// WINLINK_ACTIVITY and WINLINK_SILENCE: a program in the window rang
	// the bell, or wrote, or nothing did for monitor-silence's seconds
	// (alerts.go), until the window is selected in this place's session.
	bell, activityAlert, silenceAlert bool
	// serial changes where tmux would make this place a new winlink
	// (renumbering) or put another window in it (swap-window), which
	// here keep the place: a pane marked before no longer is.
	serial int
}

// windowCore is a window itself: its panes, layout and options, whatever
// sessions it is linked into.
type windowCore struct {
	id     int
	name   string
	links  []*window    // every place the window has, in the order they were made
	panes  []*paneState // in tmux's pane order, which is not the layout's
	layout *layoutCell
	// zoomed is the pane that fills the window (resize-pane -Z); the
	// layout tree keeps the other panes' places meanwhile.
	zoomed *paneState
	// lastPreset is the layout preset used last (an index of
	// layoutPresets), -1 before any.
	lastPreset int
	// oldLayout is the layout before the last select-layout, for -o.
	oldLayout     string
	active        *paneState
	lastPane      *paneState // the pane active before, which takes over from it
	options       *options
	width, height int
	// manualWidth and manualHeight are the size window-size manual gives:
	// the window's first, then resize-window's (tmux's manual_sx and
	// manual_sy).
	manualWidth, manualHeight int
	activity                  time.Time
	automaticName             bool
	// nameTime is when automatic-rename last looked at the name, tmux's
	// name_time; zero until it first does.
	nameTime time.Time
	// activityQueued is tmux's WINDOW_ACTIVITY: the window was selected
	// since alerts last looked (a program's output is its pane's output).
	activityQueued bool
	// silence is the window's monitor-silence timer, nil while the option
	// is 0; silenceQueued is tmux's WINDOW_SILENCE: it fired since alerts
	// last looked. touched is when the window was made or last selected,
	// by the machine's clock, as the timers run.
	silence       *silenceTimer
	silenceQueued bool
	touched       time.Time
	// latest is the control client that used the window last, whose
	// size the window takes among several (tmux's w->latest).
	latest *controlClient
}

type paneState struct {
	id int
	// window is the pane's window, by one of its places: a session the
	// pane's formats and spawns use.
	window       *window
	prog         program
	cwd          string
	argv         []string // what it runs, as given or default-command; respawn runs it again
	startCommand string
	command      string // the shell's name, pane_current_command's last resort
	// changed is tmux's PANE_CHANGED: output arrived or the pane became
	// active since automatic-rename last looked at it.
	changed atomic.Bool
	// output is set by the pane's program writing, until alerts look
	// (tmux queues WINDOW_ACTIVITY for its window); lastOutput is when it
	// last wrote, in nanoseconds of the machine's clock, which restarts
	// its window's silence timer.
	output     atomic.Bool
	lastOutput atomic.Int64
	outputAt   atomic.Int64 // lastOutput by the server's clock (Options.Clock), for window_activity
	title      string
	path       string // what the program last reported as its path (OSC 7)
	// paletteFg and paletteBg are the default colours the program set
	// (OSC 10 and 11), "" for none; palette the colours it set by index
	// (OSC 4), nil for none: tmux's colour_palette.
	paletteFg, paletteBg string
	palette              map[int]string
	// cursorColour is the cursor's colour the program set (OSC 12), and
	// defaultCursor cursor-colour when that was last set: tmux gives a
	// pane its value only then, not when it makes the pane.
	cursorColour, defaultCursor string
	// styles and activeStyles are the default colours as window-style
	// and window-active-style made them when styleChanged was last
	// cleared: tmux's cached_gc, cached_active_gc and PANE_STYLECHANGED,
	// which only some changes set.
	styleChanged         bool
	styles, activeStyles colours
	inputOff             bool // select-pane -d: keys and pastes are dropped
	width, height        int
	left, top            int
	// historyLimit is history-limit when the pane was made: tmux reads
	// it then and never again.
	historyLimit int
	cell         *layoutCell
	created      time.Time
	// activePoint is state.activePoint when the pane last became active
	// through setActive; kill-pane handing the window over to it does not
	// count, as in tmux.
	activePoint uint64
	// modes is tmux's stack of the pane's modes, the one showing first
	// (see cmd_mode.go).
	modes []*paneMode
	// searchStr and searchRegex are the last copy-mode search, which the
	// next copy mode starts with (tmux's wp->searchstr).
	searchStr   string
	searchRegex bool
	// dead is how the program ended, for a pane that remains after it
	// (remain-on-exit); nil while it runs.
	dead *paneDeath
	// focused is tmux's PANE_FOCUSED: a client attached with the pane
	// active in its current window. Gaining and losing it are
	// notifications (pane-focus-in, pane-focus-out), which take items of
	// tmux's queue though no control client is told of them.
	focused bool
	// empty is tmux's PANE_EMPTY: split-window made the pane with no
	// program. A respawn does not clear it, and display-message -I
	// draws on such a pane only.
	empty bool
	// options is the pane's own option set (see opts).
	options *options
}

// paneDeath is how a pane's program ended: its exit status, or -1 and the
// signal that killed it, and when; an empty pane (no program) has status
// -1, no signal and no time.
type paneDeath struct {
	status, signal int
	when           time.Time
}

func newState(s *Server, env []string, dir string) *state {
	st := &state{
		started: s.now(),
		env:     globalEnviron(env, dir),
		options: newGlobalOptions(scopeServer),
		panes:   map[int]*paneState{},
		number:  startupItems,
		acl:     ownerACL(),
		srv:     s,
	}
	st.messageLimit = st.options.number("message-limit")
	st.sessionOptions = newGlobalOptions(scopeSession)
	st.windowOptions = newGlobalOptions(scopeWindow)
	shell := s.opts.Shell
	if shell == "" {
		shell = tmuxcli.DefaultShell(env)
	}
	st.sessionOptions.values["default-shell"] = shell
	st.editorKeys(env)
	return st
}

func (s *Server) now() time.Time { return s.opts.Clock() }

func (st *state) findSession(name string) *session {
	i, ok := slices.BinarySearchFunc(st.sessions, name, func(s *session, name string) int {
		return strings.Compare(s.name, name)
	})
	if !ok {
		return nil
	}
	return st.sessions[i]
}

func (st *state) addSession(s *session) {
	i, _ := slices.BinarySearchFunc(st.sessions, s.name, func(s *session, name string) int {
		return strings.Compare(s.name, name)
	})
	st.sessions = slices.Insert(st.sessions, i, s)
}

func (st *state) removeSession(s *session) {
	if i := slices.Index(st.sessions, s); i >= 0 {
		st.sessions = slices.Delete(st.sessions, i, i+1)
	}
}

// releaseThreshold is how much the server frees (buffers deleted or
// replaced, panes gone) before it hands the memory back to the system at
// once. Go's runtime returns freed memory to the system only slowly, and
// not at all while nothing is allocated, so a daemon that held a large
// buffer would otherwise keep its size after the buffer went.
const releaseThreshold = 8 << 20

// releaseMemory hands memory back to the system once enough was freed.
func (st *state) releaseMemory() {
	if st.freed+st.buffers.freed < releaseThreshold {
		return
	}
	st.freed, st.buffers.freed = 0, 0
	debug.FreeOSMemory()
}

// closePanes ends every pane's program; the server is going away.
func (st *state) closePanes() {
	for _, p := range st.panes {
		if p.prog != nil {
			p.prog.Close()
		}
	}
	clear(st.panes)
}

// hostname is read on first use: every faketmux client process would pay
// for reading it at start-up, and few commands need it.
var hostname = sync.OnceValue(func() string {
	h, _ := os.Hostname()
	return h
})

// last is the window used before the current one: the top of the stack.
func (s *session) last() *window {
	if len(s.lastw) == 0 {
		return nil
	}
	return s.lastw[0]
}

// setCurrent is tmux's session_set_current: w becomes the current window,
// and the one it replaces goes on top of the last-window stack. It reports
// whether anything changed.
func (s *session) setCurrent(w *window) bool {
	if w == s.current {
		return false
	}
	s.lastw = slices.DeleteFunc(s.lastw, func(x *window) bool { return x == w })
	if s.current != nil {
		s.lastw = slices.Insert(s.lastw, 0, s.current)
	}
	was := s.current
	s.current = w
	if s.selected != nil {
		s.selected(was, w)
	}
	// tmux's winlink_clear_flags: the alerts go from every place of w;
	// then window_update_activity queues activity for the window itself.
	for _, l := range w.links {
		l.bell, l.activityAlert, l.silenceAlert = false, false, false
	}
	w.activityQueued = true
	w.touched = time.Now()
	w.activity = s.clock()
	return true
}

// selectLast, selectNext and selectPrevious are tmux's session_last,
// session_next and session_previous: next and previous wrap round, and
// with alert go to the next (or previous) window with an alert, none
// when no window has one. Each reports whether the window changed.
func (s *session) selectLast() bool {
	w := s.last()
	return w != nil && s.setCurrent(w)
}

func (s *session) selectNext(alert bool) bool { return s.selectStep(1, alert) }

func (s *session) selectPrevious(alert bool) bool { return s.selectStep(-1, alert) }

// selectStep selects the window step places away, or with alert the first
// with an alert in that direction, the current window last.
func (s *session) selectStep(step int, alert bool) bool {
	i, n := indexOf(s.winlinks, s.current), len(s.winlinks)
	for k := 1; k <= n; k++ {
		if w := s.winlinks[((i+step*k)%n+n)%n]; !alert || w.alerted() {
			return s.setCurrent(w)
		}
	}
	return false
}

// windowAt is the window at index idx, or nil.
func (s *session) windowAt(idx int) *window {
	for _, w := range s.winlinks {
		if w.index == idx {
			return w
		}
	}
	return nil
}

// insert puts w in s's windows at w.index, which must be free.
func (s *session) insert(w *window) {
	i, _ := slices.BinarySearchFunc(s.winlinks, w.index, func(w *window, idx int) int { return w.index - idx })
	s.winlinks = slices.Insert(s.winlinks, i, w)
	s.places.Insert(w.index)
}

// teardownOrder is s's windows in the order tmux's session_destroy
// unlinks them: the root of its tree each time.
func (s *session) teardownOrder() []*window {
	var ws []*window
	for _, idx := range s.places.RootFirst() {
		ws = append(ws, s.windowAt(idx))
	}
	return ws
}

// remove takes place w out of s.
func (s *session) remove(w *window) {
	s.winlinks = slices.DeleteFunc(s.winlinks, func(x *window) bool { return x == w })
	s.places.Remove(w.index)
}

// makeRoom is shuffleUp at w as move-window and break-pane make room with
// -a and -b: at the current window for a target of an index not in use
// (w nil).
func (s *session) makeRoom(w *window, before bool) int {
	if w == nil {
		w = s.current
	}
	return s.shuffleUp(w, before)
}

// freeIndex is the first index from idx up that no window has.
func (s *session) freeIndex(idx int) int {
	for s.windowAt(idx) != nil {
		idx++
	}
	return idx
}

// shuffleUp makes room for a window just after w (or at w's index, with
// before) by moving the windows from there up to the next free index up
// by one, as tmux's winlink_shuffle_up does; it returns the index made
// free, or -1 without w.
func (s *session) shuffleUp(w *window, before bool) int {
	if w == nil {
		return -1
	}
	idx := w.index
	if !before {
		idx++
	}
	free := s.freeIndex(idx)
	for _, x := range s.winlinks {
		if x.index >= idx && x.index < free {
			x.index++
		}
	}
	// tmux moves them one by one, from the top, out of its tree and back.
	for i := free - 1; i >= idx; i-- {
		s.places.Remove(i)
		s.places.Insert(i + 1)
	}
	return idx
}

// replace puts new where old is in s: its index, the current window and
// the last-window stack.
func (s *session) replace(old, new *window) {
	for _, list := range [][]*window{s.winlinks, s.lastw} {
		if i := indexOf(list, old); i >= 0 {
			list[i] = new
		}
	}
	if s.current == old {
		s.current = new
	}
}

// renumber gives s's windows consecutive indexes from base-index, in
// order, as tmux's session_renumber_windows does. tmux makes new places
// and finds the last-window stack's by their windows, so a window linked
// twice is remembered at its first place, once.
func (s *session) renumber() {
	s.places.Reset()
	for i, w := range s.winlinks {
		w.index = s.options.number("base-index") + i
		w.serial++
		s.places.Insert(w.index)
	}
	var lastw []*window
	for _, old := range s.lastw {
		first := s.winlinks[slices.IndexFunc(s.winlinks, func(w *window) bool { return w.windowCore == old.windowCore })]
		if !slices.Contains(lastw, first) {
			lastw = append(lastw, first)
		}
	}
	s.lastw = lastw
}

// renumberIfWanted renumbers s's windows when s has renumber-windows on.
func (s *session) renumberIfWanted() {
	if s.options.get("renumber-windows") == "on" {
		s.renumber()
	}
}

// setActive is tmux's window_set_active_pane: the pane active before
// becomes the last pane.
func (st *state) setActive(w *window, p *paneState) {
	if p != w.active {
		was := w.active
		w.lastPane, w.active = was, p
		st.activePoint++
		p.activePoint = st.activePoint
		st.activeChanged(w, was)
		// A new window's first pane is no change; tmux's first look at
		// its name finds the program not yet started, so the name made
		// with the window stays.
		if was != nil {
			st.notify(event{kind: eventPaneChanged, w: w})
			p.changed.Store(true)
		}
	}
}

// index is the pane's number in its window, counted from pane-base-index.
func (p *paneState) index() int {
	for i, q := range p.window.panes {
		if q == p {
			return i + p.window.options.number("pane-base-index")
		}
	}
	return -1
}

// showConfigErrors puts the active pane of sess in view mode when the
// configuration failed, as tmux shows its errors there.
func (st *state) showConfigErrors(sess *session) {
	if st.configFailed {
		st.viewMode(sess.current.active)
		st.configFailed = false
	}
}

// markedPane is the marked pane's place, if the mark still holds: the
// session still has that window link, and the window still the pane.
func (st *state) markedPane() (target, bool) {
	m := st.marked
	ok := m.s != nil && slices.Contains(st.sessions, m.s) && slices.Contains(m.s.winlinks, m.w) &&
		m.w.serial == m.serial && m.w.windowCore == m.core && slices.Contains(m.core.panes, m.p)
	return m.target, ok
}

// isMarked says whether t is the marked pane, in the place it was marked.
func (st *state) isMarked(t target) bool {
	m, ok := st.markedPane()
	return ok && m.s == t.s && m.w == t.w && m.p == t.p
}

// visible says whether p shows: every pane does, but for a zoomed window,
// where only the active one does.
func (w *windowCore) visible(p *paneState) bool {
	return w.zoomed == nil || p == w.active
}
