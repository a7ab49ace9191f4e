package wire

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"os"
	"reflect"
	"strings"
	"syscall"
	"testing"
)

// pair is a connected pair of unix sockets: a client's end and a server's.
func pair(t *testing.T) (client, server net.Conn) {
	t.Helper()
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	var conns [2]net.Conn
	for i, fd := range fds {
		f := os.NewFile(uintptr(fd), "pair")
		conns[i], err = net.FileConn(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conns[i].Close() })
	}
	return conns[0], conns[1]
}

func TestRequestRoundTrip(t *testing.T) {
	cc, sc := pair(t)
	r := &Req{
		NoStartServer: true,
		UTF8:          true,
		Control:       1,
		Flags:         ClientLogin | ClientDefaultSocket,
		PID:           4242,
		Socket:        "/tmp/tmux-1/default",
		Args:          []string{"set-buffer", "bin\xff", ""},
		Dir:           "/w",
		Env:           []string{"A=1", "B=two words"},
		Configs:       []string{"a.conf", "", "~/b.conf"},
		Term:          "screen",
		TTYName:       "/dev/pts/9",
		Features:      5,
		Terminfo:      []string{"colors=8", "AX"},
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	c, _ := NewConn(cc)
	errc := make(chan error, 1)
	go func() { errc <- r.Send(c, pr, pw, SendOptions{Private: true}) }()
	s, err := Accept(sc)
	if err != nil {
		t.Fatal(err)
	}
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	got := s.Req
	if got.UID == nil || *got.UID != os.Getuid() {
		t.Errorf("UID %v, want %d", got.UID, os.Getuid())
	}
	if got.Stdin == nil || got.Stdout == nil {
		t.Fatalf("descriptors: stdin %v, stdout %v", got.Stdin, got.Stdout)
	}
	// The passed standard output is the pipe's: what goes in comes out.
	got.Stdout.Write([]byte("through"))
	buf := make([]byte, 7)
	if _, err := io.ReadFull(pr, buf); err != nil || string(buf) != "through" {
		t.Errorf("passed stdout: %q, %v", buf, err)
	}
	got.closeFiles()
	got.UID = nil
	want := *r
	want.Flags |= ClientNoStartServer | ClientUTF8 | ClientControl
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("got  %+v\nwant %+v", *got, want)
	}
}

// run serves one request with fn on the server's end and runs a Client
// on the other, with stdin as its input.
func run(t *testing.T, req *Req, stdin string, fn func(s *Session, stdin io.Reader, stdout, stderr io.Writer) int) (Result, string, string) {
	t.Helper()
	cc, sc := pair(t)
	c, _ := NewConn(cc)
	go req.Send(c, nil, nil, SendOptions{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		s, err := Accept(sc)
		if err != nil {
			t.Errorf("accept: %v", err)
			return
		}
		s.Run(context.Background(), func(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) int {
			return fn(s, stdin, stdout, stderr)
		})
	}()
	var out, errb bytes.Buffer
	cl := &Client{Conn: c, Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}
	res := cl.Run()
	cc.Close() // the server waits for the client to go
	<-done
	return res, out.String(), errb.String()
}

func TestSessionRoundTrip(t *testing.T) {
	big := strings.Repeat("0123456789", 10000) // several messages' worth
	res, out, errs := run(t, &Req{Args: []string{"load-buffer", "-"}}, big, func(s *Session, stdin io.Reader, stdout, stderr io.Writer) int {
		b, err := io.ReadAll(stdin)
		if err != nil {
			t.Errorf("reading input: %v", err)
		}
		stdout.Write(b)
		io.WriteString(stderr, "err\n")
		return 3
	})
	if res.Status != 3 || !res.Accepted || res.Message != "" || out != big || errs != "err\n" {
		t.Errorf("status %d, accepted %v, message %q, %d bytes out, stderr %q", res.Status, res.Accepted, res.Message, len(out), errs)
	}

	// A command that does not read its input leaves it unread; the exit
	// message goes with the status.
	res, out, _ = run(t, &Req{Args: []string{"x"}}, "unread", func(s *Session, stdin io.Reader, stdout, stderr io.Writer) int {
		s.ExitMessage("access not allowed")
		return 0
	})
	if res.Status != 0 || res.Message != "access not allowed" || out != "" {
		t.Errorf("exit message: %+v, stdout %q", res, out)
	}

	// -c: the server names the shell and sends no status.
	res, _, _ = run(t, &Req{Shell: true}, "", func(s *Session, stdin io.Reader, stdout, stderr io.Writer) int {
		if !s.Req.Shell {
			t.Error("MSG_SHELL not seen")
		}
		s.Shell("/bin/zsh")
		return 0
	})
	if res.Shell != "/bin/zsh" {
		t.Errorf("shell: %+v", res)
	}
}

// A server that closes the connection mid-command leaves its client with
// tmux's words for it.
func TestLostServer(t *testing.T) {
	cc, sc := pair(t)
	c, _ := NewConn(cc)
	go (&Req{Args: []string{"x"}}).Send(c, nil, nil, SendOptions{})
	s, err := Accept(sc)
	if err != nil {
		t.Fatal(err)
	}
	s.conn.Close()
	res := (&Client{Conn: c, Stdout: io.Discard, Stderr: io.Discard}).Run()
	if res.Status != 1 || res.Message != "server exited unexpectedly" || !res.Accepted {
		t.Errorf("%+v", res)
	}
}

// rawMsg is one message as bytes, with any version.
func rawMsg(typ uint32, version uint32, data []byte) []byte {
	b := binary.NativeEndian.AppendUint32(nil, typ)
	b = binary.NativeEndian.AppendUint16(b, uint16(HeaderSize+len(data)))
	b = binary.NativeEndian.AppendUint16(b, 0)
	b = binary.NativeEndian.AppendUint32(b, version)
	b = binary.NativeEndian.AppendUint32(b, 0)
	return append(b, data...)
}

func TestMalformed(t *testing.T) {
	ok := func(typ uint32, data []byte) []byte { return rawMsg(typ, ProtocolVersion, data) }
	done := ok(MsgIdentifyDone, nil)
	for _, tc := range []struct {
		name, msg string
		send      []byte
	}{
		{"bad flags size", "bad MSG_IDENTIFY_FLAGS size", ok(MsgIdentifyFlags, []byte{1})},
		{"unterminated string", "bad MSG_IDENTIFY_TERM string", ok(MsgIdentifyTerm, []byte("xterm"))},
		{"command first", "command before the client identified", ok(MsgCommand, Int32(0))},
		{"identify twice", "out-of-order identify message", append(done, ok(MsgIdentifyTerm, CString("x"))...)},
		{"argv short", "command too long", append(done, ok(MsgCommand, append(Int32(3), "a\x00"...))...)},
		{"too long", "out of range", append(done, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cc, sc := pair(t)
			cc.Write(tc.send)
			if _, err := Accept(sc); err == nil || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("accept: %v, want %q", err, tc.msg)
			}
			c, _ := NewConn(cc)
			res := (&Client{Conn: c}).Run()
			if res.Status != 1 || !strings.Contains(res.Message, "faketmux: protocol error: ") {
				t.Errorf("client: %+v", res)
			}
		})
	}

	// Another version is told this one, as tmux's peer tells it.
	cc, sc := pair(t)
	cc.Write(rawMsg(MsgIdentifyFlags, 7, Int32(0)))
	if _, err := Accept(sc); err == nil {
		t.Error("version 7 accepted")
	}
	c, _ := NewConn(cc)
	for {
		m, err := c.ReadMsg()
		if err != nil {
			t.Fatalf("no MSG_VERSION: %v", err)
		}
		if m.Type == MsgVersion {
			if m.Version() != ProtocolVersion {
				t.Errorf("MSG_VERSION says %d", m.Version())
			}
			break
		}
	}
}

func TestArgv(t *testing.T) {
	for _, argv := range [][]string{nil, {""}, {"a", "", "b c"}} {
		got, err := UnpackArgv(PackArgv(argv))
		if err != nil || len(got) != len(argv) || (len(argv) > 0 && !reflect.DeepEqual(got, argv)) {
			t.Errorf("%q: %q, %v", argv, got, err)
		}
	}
	if _, err := UnpackArgv([]byte{1, 2}); err == nil {
		t.Error("short data accepted")
	}
	if _, err := UnpackArgv(append(Int32(1), 'a')); err == nil {
		t.Error("unterminated argument accepted")
	}
	if !errors.Is(func() error { _, err := UnpackArgv(append(Int32(2), "a\x00"...)); return err }(), errCommandTooLong) {
		t.Error("argc beyond the strings accepted")
	}
	// The packed argv (4+n bytes) fits a message's data; past it the
	// send fails, and past the whole message tmux's client refuses it.
	long := strings.Repeat("x", MaxMessage)
	if got := CheckLength([]string{long}); got != "command too long" {
		t.Errorf("CheckLength: %q", got)
	}
	if got := CheckLength([]string{long[:MaxData]}); got != "failed to send command" {
		t.Errorf("CheckLength: %q", got)
	}
	if got := CheckLength([]string{long[:MaxData-5]}); got != "" {
		t.Errorf("CheckLength: %q", got)
	}
}
