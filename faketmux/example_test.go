package faketmux_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/tmuxbuf/tmuxbuf/faketmux"
)

// A Server is driven by tmux's own command lines and answers with tmux's
// output and exit status.
func ExampleServer_Run() {
	s := faketmux.New(faketmux.Options{SocketPath: "/tmp/tmux-1000/default"})
	defer s.Close()
	ctx := context.Background()

	s.Run(ctx, []string{"new-session", "-d", "-s", "main"}, nil, os.Stdout, os.Stderr)
	s.Run(ctx, []string{"load-buffer", "-b", "greeting", "-"}, strings.NewReader("hello\n"), os.Stdout, os.Stderr)
	s.Run(ctx, []string{"list-buffers", "-F", "#{buffer_name}: #{buffer_size} bytes"}, nil, os.Stdout, os.Stderr)
	exit := s.Run(ctx, []string{"show-buffer", "-b", "nosuch"}, nil, os.Stdout, os.Stdout)
	fmt.Println("exit", exit)
	// Output:
	// greeting: 6 bytes
	// no buffer nosuch
	// exit 1
}

// Direct helpers read the state without parsing tmux's output.
func ExampleServer_Buffers() {
	s := faketmux.New(faketmux.Options{})
	defer s.Close()
	ctx := context.Background()
	s.Run(ctx, []string{"new-session", "-d"}, nil, nil, nil)
	s.Run(ctx, []string{"set-buffer", "one"}, nil, nil, nil)
	s.Run(ctx, []string{"set-buffer", "two"}, nil, nil, nil)
	for _, b := range s.Buffers() {
		fmt.Printf("%s %q automatic=%v\n", b.Name, b.Data, b.Automatic)
	}
	// Output:
	// buffer1 "two" automatic=true
	// buffer0 "one" automatic=true
}
