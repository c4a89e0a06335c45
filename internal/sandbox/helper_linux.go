//go:build linux

package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// The first argument that makes the zero binary a helper.
const (
	argInit  = "__zero-sandbox-init"
	argProbe = "__zero-sandbox-probe"
)

// selfExe is the running binary, whatever happens to its path meanwhile.
const selfExe = "/proc/self/exe"

// setupFailedCode is the exit code of a helper that could not confine the
// command; setupFailedPrefix starts its message on stderr.
const (
	setupFailedCode   = 125
	setupFailedPrefix = "zero sandbox: setup failed: "
)

// helperServed records that this program's main called ServeHelper, so
// re-executing it runs a helper stage (a test binary would run its tests).
var helperServed bool

// ServeHelper must be the first call of the zero binary's main. When the
// arguments name the helper it runs it and exits; otherwise it returns,
// after noting that the program can serve as its own helper.
func ServeHelper() {
	helperServed = true
	if len(os.Args) < 2 {
		return
	}
	switch os.Args[1] {
	case argInit:
		os.Exit(runInit(os.Args[2:]))
	case argProbe:
		os.Exit(runProbe())
	}
}

// helperArgs are the arguments of the helper: the spec as JSON, "--",
// then the command line.
func helperArgs(stage string, sp spec, argv []string) ([]string, error) {
	js, err := json.Marshal(sp)
	if err != nil {
		return nil, err
	}
	return append([]string{stage, string(js), "--"}, argv...), nil
}

// parseHelperArgs undoes helperArgs (without the stage).
func parseHelperArgs(args []string) (spec, []string, error) {
	var sp spec
	if len(args) < 3 || args[1] != "--" {
		return sp, nil, errors.New("bad helper arguments")
	}
	if err := json.Unmarshal([]byte(args[0]), &sp); err != nil {
		return sp, nil, fmt.Errorf("bad helper spec: %w", err)
	}
	return sp, args[2:], nil
}

// setupFailed reports a helper that could not confine the command.
func setupFailed(err error) int {
	fmt.Fprintf(os.Stderr, "%s%v\n", setupFailedPrefix, err)
	return setupFailedCode
}

// runInit is the helper. With namespaces it is pid 1 of the new
// namespaces: it sets up the mounts and waits for the command; when it
// exits the kernel kills whatever is left. With Landlock it is a child
// subreaper that stays outside the Landlock domain: when the command ends,
// or Zero asks it to stop (SIGTERM), it kills every descendant. Either way
// it is undumpable, so the command cannot read or write its memory, and it
// starts the command from a thread of its own that confines itself first
// (see confineAndStart).
func runInit(args []string) int {
	sp, argv, err := parseHelperArgs(args)
	if err != nil {
		return setupFailed(err)
	}
	if err := unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0); err != nil {
		return setupFailed(fmt.Errorf("undumpable: %w", err))
	}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, unix.SIGTERM, unix.SIGINT, unix.SIGHUP)
	if err := prepare(sp); err != nil {
		return setupFailed(err)
	}
	path, err := exec.LookPath(argv[0])
	if err != nil {
		return setupFailed(err)
	}
	child := exec.Command(path, argv[1:]...)
	child.Args[0] = argv[0]
	child.Stdin, child.Stdout, child.Stderr = os.Stdin, os.Stdout, os.Stderr
	started := make(chan error, 1)
	go func() {
		// Never unlocked: the confined thread ends with this goroutine.
		runtime.LockOSThread()
		started <- confineAndStart(sp, child)
	}()
	if err := <-started; err != nil {
		return setupFailed(err)
	}
	done := make(chan error, 1)
	go func() { done <- child.Wait() }()
	var werr error
	select {
	case werr = <-done:
	case <-stop:
		_ = child.Process.Kill()
		werr = <-done
	}
	reapAll()
	return exitStatus(werr)
}

// prepare readies the first stage: the namespaces' mounts, or the
// subreaper.
func prepare(sp spec) error {
	if sp.Mech != Namespaces {
		if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
			return fmt.Errorf("become a subreaper: %w", err)
		}
		return nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	if err := isolate(sp); err != nil {
		return err
	}
	// The working directory still points into the mount that was made
	// read-only; enter the one now mounted at its path.
	return os.Chdir(wd)
}

// exitStatus passes the command's end on: its exit code, or its
// signal, raised again (pid 1 of a namespace cannot be killed by its own
// signal, so it exits with 128 plus the signal's number, as shells do).
func exitStatus(err error) int {
	var exit *exec.ExitError
	if err == nil {
		return 0
	}
	if !errors.As(err, &exit) {
		return setupFailed(err)
	}
	ws, ok := exit.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return exit.ExitCode()
	}
	signal.Reset(ws.Signal())
	_ = unix.Kill(os.Getpid(), ws.Signal())
	return 128 + int(ws.Signal())
}

// reapAll kills the helper's children, which as a subreaper include every
// orphaned descendant, and reaps them until none is left.
func reapAll() {
	for {
		killChildren()
		if _, err := unix.Wait4(-1, nil, 0, nil); errors.Is(err, unix.ECHILD) {
			return
		}
	}
}

// killChildren sends SIGKILL to every child of this process. A child
// cannot be replaced by another process with its pid before it is reaped.
func killChildren() {
	self := os.Getpid()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		if parentOf(pid) == self {
			_ = unix.Kill(pid, unix.SIGKILL)
		}
	}
}

// parentOf returns the parent pid of pid from /proc, or -1.
func parentOf(pid int) int {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return -1
	}
	// pid (comm) state ppid ...; comm may hold spaces and parentheses.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return -1
	}
	fields := strings.Fields(s[i+1:])
	if len(fields) < 2 {
		return -1
	}
	ppid, err := strconv.Atoi(fields[1])
	if err != nil {
		return -1
	}
	return ppid
}

// runProbe checks, inside new namespaces, that the mounts the first stage
// needs work.
func runProbe() int {
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		fmt.Fprintf(os.Stderr, "make mounts private: %v\n", err)
		return 1
	}
	if err := unix.Mount("proc", "/proc", "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, ""); err != nil {
		fmt.Fprintf(os.Stderr, "mount /proc: %v\n", err)
		return 1
	}
	if err := unix.MountSetattr(unix.AT_FDCWD, "/", unix.AT_RECURSIVE, &unix.MountAttr{Attr_set: unix.MOUNT_ATTR_RDONLY}); err != nil {
		fmt.Fprintf(os.Stderr, "remount read-only: %v\n", err)
		return 1
	}
	return 0
}
