package main

import "testing"

// TestDeadlineRace tells the toolchain's race at the -fuzztime limit from
// failures of the target.
func TestDeadlineRace(t *testing.T) {
	progress := "fuzz: elapsed: 3s, execs: 40304 (0/sec), new interesting: 104 (total: 108)\n"
	for _, c := range []struct {
		name, out string
		want      bool
	}{
		{"race", progress + "--- FAIL: FuzzX (3.20s)\n    context deadline exceeded\nFAIL\nexit status 1\n", true},
		{"crasher", progress + "--- FAIL: FuzzX (3.20s)\n    x_test.go:12: decoded twice\n\n    Failing input written to testdata/fuzz/FuzzX/ab12\n", false},
		{"deadline among other lines", progress + "--- FAIL: FuzzX (3.20s)\n    context deadline exceeded\n    x_test.go:9: more\n", false},
		{"another target", progress + "--- FAIL: FuzzY (3.20s)\n    context deadline exceeded\n", false},
		{"deadline with a failing input", progress + "--- FAIL: FuzzX (3.20s)\n    context deadline exceeded\nFAIL\n\n    Failing input written to testdata/fuzz/FuzzX/cd34\n", false},
		{"two failures", "--- FAIL: FuzzX (1s)\n    context deadline exceeded\n--- FAIL: FuzzX (1s)\n    x_test.go:3: no\n", false},
	} {
		if got := deadlineRace(c.out, "FuzzX"); got != c.want {
			t.Errorf("%s: deadlineRace = %v, want %v", c.name, got, c.want)
		}
	}
}
