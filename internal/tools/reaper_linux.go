package tools

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// reaperSupported is true: Linux has PR_SET_CHILD_SUBREAPER.
const reaperSupported = true

const (
	prSetChildSubreaper = 36 // PR_SET_CHILD_SUBREAPER, linux/prctl.h
	// reapFor bounds the cleanup: a process stuck in the kernel (an
	// unreachable network file system) does not die of SIGKILL until it
	// wakes, and must not keep the command from ending.
	reapFor = 5 * time.Second
)

// RunReaper runs `BASH -c COMMAND` (args are BASH and COMMAND) as a child
// subreaper: every process the command starts that outlives its parent,
// whatever process group or session it moved to, becomes a child of the
// reaper instead of init's. When bash exits, or the reaper gets SIGTERM,
// SIGINT or SIGHUP (bash is then killed first), the reaper kills its
// children with SIGKILL until none is left, reaping each, and exits as
// bash did: with its exit code, or by its signal for SIGKILL, SIGTERM,
// SIGINT and SIGHUP (128 plus the signal's number for another). It writes
// nothing but its own failures.
func RunReaper(args []string) int {
	if len(args) != 2 {
		fmt.Fprintf(os.Stderr, "zero: %s takes the path of bash and one command\n", ReaperArg)
		return 2
	}
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); errno != 0 {
		fmt.Fprintf(os.Stderr, "zero: bash reaper: prctl(PR_SET_CHILD_SUBREAPER): %v\n", errno)
		return 1
	}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	cmd := exec.Command(args[0], "-c", args[1])
	cmd.Args[0] = filepath.Base(args[0])
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(os.Stderr, "zero: bash: %v\n", err)
		return 1
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-stop:
		cmd.Process.Kill()
		err = <-done
	}
	killDescendants(time.Now().Add(reapFor))
	return exitAs(err)
}

// killDescendants kills the reaper's children with SIGKILL and reaps them,
// again and again, since each one's children become the reaper's when it
// dies, until none is left or the deadline passes.
func killDescendants(deadline time.Time) {
	for time.Now().Before(deadline) {
		kids := children()
		for _, pid := range kids {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		reaped := reapExited()
		if len(kids) == 0 && !reaped {
			return
		}
		if !reaped {
			time.Sleep(2 * time.Millisecond)
		}
	}
}

// reapExited reaps every child that has exited, and reports whether any
// had.
func reapExited() bool {
	reaped := false
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil || pid <= 0 {
			return reaped
		}
		reaped = true
	}
}

// children lists the reaper's children: from the children file of each of
// its threads (an orphan is handed to any thread of the reaper), or, on a
// kernel without those files, from the parent pid of every process.
func children() []int {
	files, _ := filepath.Glob("/proc/self/task/*/children")
	var pids []int
	read := false
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		read = true
		for _, field := range strings.Fields(string(b)) {
			if pid, err := strconv.Atoi(field); err == nil {
				pids = append(pids, pid)
			}
		}
	}
	if read {
		return pids
	}
	return childrenByStat(os.Getpid())
}

// childrenByStat lists the processes whose parent is ppid, from
// /proc/PID/stat.
func childrenByStat(ppid int) []int {
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	var pids []int
	for _, d := range dirs {
		b, err := os.ReadFile(d + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...; comm may hold spaces and parentheses.
		i := strings.LastIndexByte(string(b), ')')
		if i < 0 {
			continue
		}
		fields := strings.Fields(string(b[i+1:]))
		if len(fields) < 2 {
			continue
		}
		if p, err := strconv.Atoi(fields[1]); err == nil && p == ppid {
			if pid, err := strconv.Atoi(filepath.Base(d)); err == nil {
				pids = append(pids, pid)
			}
		}
	}
	return pids
}

// exitAs returns bash's exit code, or ends the reaper by bash's signal.
func exitAs(err error) int {
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case !errors.As(err, &exit):
		fmt.Fprintf(os.Stderr, "zero: bash: %v\n", err)
		return 1
	}
	ws, ok := exit.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return exit.ExitCode()
	}
	switch sig := ws.Signal(); sig {
	case syscall.SIGKILL, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP:
		signal.Reset(sig)
		syscall.Kill(os.Getpid(), sig)
		time.Sleep(time.Second) // the signal ends the process
		return 128 + int(sig)
	default:
		return 128 + int(sig)
	}
}
