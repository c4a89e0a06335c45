package mcp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Limits of the stdio transport.
const (
	maxLine           = 32 << 20 // the longest message line a server may send
	stdinCloseGrace   = 500 * time.Millisecond
	termGrace         = 2 * time.Second
	cancelSendTimeout = 2 * time.Second
	stderrTail        = 5 // stderr lines kept for the message of a failure
)

// stdio runs a server as a child process in its own process group and
// speaks newline-delimited JSON-RPC on its stdin and stdout.
type stdio struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	wmu    sync.Mutex
	exited chan struct{} // closed once the child is reaped
	err    error         // why it exited, set before exited is closed
	tailMu sync.Mutex
	tail   []string // the last lines of stderr
	once   sync.Once
}

// startStdio starts sc's command with env. Each stdout line goes to
// handle; each stderr line to logLine.
func startStdio(sc ServerConfig, env []string, handle func([]byte), logLine func(string)) (*stdio, error) {
	cmd := exec.Command(sc.Command, sc.Args...)
	cmd.Env = env
	cmd.Dir = sc.Cwd
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", sc.Command, err)
	}
	s := &stdio{cmd: cmd, stdin: stdin, exited: make(chan struct{})}
	var readers sync.WaitGroup
	readers.Add(2)
	go func() { defer readers.Done(); s.readStderr(stderr, logLine) }()
	go func() { defer readers.Done(); s.readStdout(stdout, handle) }()
	go s.reap(&readers)
	return s, nil
}

// readStdout hands every line to handle until the pipe closes. A line
// longer than maxLine ends the connection: the server is stopped.
func (s *stdio) readStdout(r io.Reader, handle func([]byte)) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	for sc.Scan() {
		if line := sc.Bytes(); len(strings.TrimSpace(string(line))) > 0 {
			handle(append([]byte(nil), line...))
		}
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		s.addTail(fmt.Sprintf("(Zero stopped the server: it sent a line over %d MiB)", maxLine>>20))
		s.signal(syscall.SIGKILL)
		io.Copy(io.Discard, r)
	}
}

func (s *stdio) readStderr(r io.Reader, logLine func(string)) {
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := br.ReadString('\n')
		if line = strings.TrimRight(line, "\r\n"); line != "" {
			s.addTail(line)
			logLine(line)
		}
		if err != nil {
			return
		}
	}
}

func (s *stdio) addTail(line string) {
	s.tailMu.Lock()
	defer s.tailMu.Unlock()
	s.tail = append(s.tail, clip(line, 300))
	if len(s.tail) > stderrTail {
		s.tail = s.tail[len(s.tail)-stderrTail:]
	}
}

// reap waits for the pipes to close and the child to exit, so that no
// zombie is left, and records why it exited.
func (s *stdio) reap(readers *sync.WaitGroup) {
	readers.Wait()
	err := s.cmd.Wait()
	// Whatever the child left in its process group goes with it.
	syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
	s.tailMu.Lock()
	tail := strings.Join(s.tail, " | ")
	s.tailMu.Unlock()
	switch {
	case err == nil:
		s.err = errors.New("it exited")
	default:
		s.err = fmt.Errorf("it exited (%v)", err)
	}
	if tail != "" {
		s.err = fmt.Errorf("%w; its last words on stderr: %s", s.err, tail)
	}
	close(s.exited)
}

func (s *stdio) send(ctx context.Context, msg []byte) error {
	select {
	case <-s.exited:
		return fmt.Errorf("%w: %v", errDied, s.err)
	default:
	}
	s.wmu.Lock()
	defer s.wmu.Unlock()
	_, err := s.stdin.Write(append(msg, '\n'))
	if err != nil {
		return fmt.Errorf("write to the server: %w", err)
	}
	return nil
}

func (s *stdio) setVersion(string)     {}
func (s *stdio) done() <-chan struct{} { return s.exited }
func (s *stdio) cause() error          { return s.err }

// close stops the server the way the protocol asks: close its stdin, then
// SIGTERM, then SIGKILL, each after a grace period, on its whole process
// group. It returns once the child is reaped.
func (s *stdio) close() {
	s.once.Do(func() {
		s.wmu.Lock()
		s.stdin.Close()
		s.wmu.Unlock()
		if s.wait(stdinCloseGrace) {
			return
		}
		s.signal(syscall.SIGTERM)
		if s.wait(termGrace) {
			return
		}
		s.signal(syscall.SIGKILL)
		<-s.exited
	})
}

func (s *stdio) wait(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-s.exited:
		return true
	case <-t.C:
		return false
	}
}

// signal sends sig to the child's process group.
func (s *stdio) signal(sig syscall.Signal) {
	syscall.Kill(-s.cmd.Process.Pid, sig)
}
