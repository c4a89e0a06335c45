package tools

import (
	"syscall"
	"testing"
	"time"
)

// TestCaptureIsLinear checks that capturing a tool's output costs the same
// per write however much came before: the CPU time per 16-byte write at
// 100,000 writes and at 10,000,000 (160 MB) stays within 3 times. A capture
// that kept, or copied on every write, what it will drop grows with the
// output instead.
func TestCaptureIsLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the capture linearity check in -short mode: it captures 160 MB")
	}
	if raceDetector {
		t.Skip("skipping the capture linearity check under the race detector, which slows it tenfold; go test without -race runs it")
	}
	piece := []byte("0123456789abcde\n")
	perWrite := func(n int) time.Duration {
		best := time.Duration(0)
		for i := range 2 {
			c := newCapture((MaxOutputBytes - 256) / 2)
			start := cpuTime(t)
			for range n {
				c.Write(piece)
			}
			if per := (cpuTime(t) - start) / time.Duration(n); i == 0 || per < best {
				best = per
			}
			if c.total != n*len(piece) {
				t.Fatalf("captured %d bytes, want %d", c.total, n*len(piece))
			}
		}
		return best
	}
	small, large := perWrite(100_000), perWrite(10_000_000)
	t.Logf("%v per write at 100,000 writes, %v at 10,000,000", small, large)
	if large > 3*small {
		t.Errorf("the cost per write grows with the output: %v at 100,000 writes, %v at 10,000,000", small, large)
	}
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
