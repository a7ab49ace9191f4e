package wire

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

func TestRequestRoundTrip(t *testing.T) {
	r := &Req{
		NoStartServer: true,
		UTF8:          true,
		Socket:        "/tmp/tmux-1/default",
		Args:          []string{"set-buffer", "bin\x00\xff", ""},
		Dir:           "/w",
		Env:           []string{"A=1"},
		Configs:       []string{"a.conf", "", "~/b.conf"},
	}
	got, err := DecodeReq(r.Encode())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, r) {
		t.Errorf("got %+v, want %+v", got, r)
	}
}

// Every truncation of a valid request, and every byte flipped to 0xff, must
// be refused or decoded without a panic or a huge allocation.
func TestDecodeReqMalformed(t *testing.T) {
	p := (&Req{Args: []string{"a", "bc"}, Dir: "d", Env: []string{"E=1"}, Configs: []string{"a.conf"}}).Encode()
	for n := range len(p) {
		if _, err := DecodeReq(p[:n]); err == nil {
			t.Errorf("truncated to %d bytes: accepted", n)
		}
	}
	for i := range p {
		q := bytes.Clone(p)
		q[i] = 0xff
		DecodeReq(q)
	}
	if _, err := DecodeReq(append(bytes.Clone(p), 0)); err == nil {
		t.Error("trailing byte accepted")
	}
	other := bytes.Clone(p)
	other[3] = 9
	if _, err := DecodeReq(other); err == nil || !strings.Contains(err.Error(), "protocol version 9") {
		t.Errorf("other version: %v", err)
	}
}

func TestFrames(t *testing.T) {
	var buf bytes.Buffer
	WriteFrame(&buf, Stdout, []byte("out"))
	WriteFrame(&buf, Exit, ExitPayload(-1))
	r := bufio.NewReader(&buf)
	typ, p, err := ReadFrame(r)
	if typ != Stdout || string(p) != "out" || err != nil {
		t.Errorf("first frame: %q %q %v", typ, p, err)
	}
	typ, p, err = ReadFrame(r)
	if st, perr := ParseExit(p); typ != Exit || st != -1 || err != nil || perr != nil {
		t.Errorf("exit frame: %q %d %v %v", typ, st, err, perr)
	}
	if _, _, err := ReadFrame(r); err != io.EOF {
		t.Errorf("at the end: %v, want io.EOF", err)
	}
	cut := bufio.NewReader(bytes.NewReader([]byte{Stdout, 0, 0, 0, 9, 'x'}))
	if _, _, err := ReadFrame(cut); err != io.ErrUnexpectedEOF {
		t.Errorf("cut frame: %v", err)
	}
	huge := bufio.NewReader(bytes.NewReader([]byte{Stdout, 0xff, 0, 0, 0}))
	if _, _, err := ReadFrame(huge); !errors.Is(err, ErrTooLarge) {
		t.Errorf("huge frame: %v", err)
	}
}
