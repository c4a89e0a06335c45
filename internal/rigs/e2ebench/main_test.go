package e2ebench

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// spawnEnv names the file the spawner writes its child's figures to.
const spawnEnv = "ZERO_E2EBENCH_SPAWN"

// zeroBin is the binary TestMain built, when the bench runs.
var zeroBin string

func TestMain(m *testing.M) {
	if out := os.Getenv(spawnEnv); out != "" {
		os.Exit(spawn(out, os.Args[1:]))
	}
	if os.Getenv("ZERO_BENCH_E2E") == "" {
		os.Exit(m.Run()) // the tests skip, saying why
	}
	dir, err := os.MkdirTemp("", "zero-e2ebench-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	zeroBin = filepath.Join(dir, "zero")
	build := exec.Command("go", "build", "-o", zeroBin, "./cmd/zero")
	build.Dir = filepath.Join("..", "..", "..")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// spawn is the spawner mode of the test binary: it runs args with the same
// standard streams and writes the child's wall time and CPU time (user and
// system) in nanoseconds and its peak RSS in bytes to the file out, then
// exits with the child's code.
//
// Why a spawner: Linux counts in a child's ru_maxrss the resident memory of
// the process that spawned it (os/exec uses vfork, and exec keeps the old
// memory's high-water mark), so a child of the bench process, which holds
// the server and its buffers, would look as big as the bench. The spawner
// is a freshly started test binary of a few MiB, so the figure is zero's
// own peak, or the spawner's few MiB when zero stays below them.
func spawn(out string, args []string) int {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		fmt.Fprintln(os.Stderr, "spawner:", err)
		return 125
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu := ru.Utime.Nano() + ru.Stime.Nano()
	figures := strconv.FormatInt(int64(wall), 10) + " " + strconv.FormatInt(cpu, 10) + " " + strconv.FormatInt(ru.Maxrss<<10, 10)
	if err := os.WriteFile(out, []byte(figures), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "spawner:", err)
		return 125
	}
	return cmd.ProcessState.ExitCode()
}
