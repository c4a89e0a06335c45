// Command fuzzreport runs every fuzz target of a package, one at a time, for
// a fixed time and writes a Markdown table of what each run did: the time it
// fuzzed, the inputs it executed, the new interesting inputs it added to the
// corpus and the failing inputs it wrote to testdata/fuzz/.
//
// `make fuzz-report` runs it on internal/rigs/codecfuzz and writes reports/fuzz.md:
//
//	go run ./internal/rigs/codecfuzz/fuzzreport -fuzztime 45s -o reports/fuzz.md ./internal/rigs/codecfuzz
//
// The go test output of each run goes to standard error as it happens.
// fuzzreport exits 1 when a target failed, after writing the report.
//
// With -deadline-race TARGET it only reads the output of one failed run of
// TARGET on standard input and exits 0 when that failure is Go 1.26's race
// at the -fuzztime limit (see deadlineRace), 1 otherwise; `make fuzz`
// (scripts/fuzz-one.sh) asks it about every failed run.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strings"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

// result is one fuzz target's run.
type result struct {
	target      string
	elapsed     string // "45s", from go test's last progress line
	execs       string
	interesting string
	crashers    []string // failing inputs written under testdata/fuzz/
	failed      bool
	// raced is a run that failed only with the Go 1.26 fuzzing
	// coordinator's "context deadline exceeded" at the -fuzztime limit
	// (golang/go#75804, fixed in Go 1.27): it fuzzed for its whole time and
	// wrote no failing input, so it is not counted as failed.
	raced bool
}

func run(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("fuzzreport", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fuzztime := fs.String("fuzztime", "45s", "how long to fuzz each target (go test -fuzztime)")
	out := fs.String("o", "reports/fuzz.md", "the report to write")
	minimize := fs.String("minimizetime", "5s", "time to minimize each new input (go test -fuzzminimizetime); go test's 60s default stalls fuzzing")
	only := fs.String("run", ".", "fuzz only the targets matching this regexp")
	goCmd := fs.String("go", "go", "the go command")
	raceOf := fs.String("deadline-race", "", "read a failed run of this target on standard input; exit 0 when it failed only with Go's deadline race")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *raceOf != "" {
		b, err := io.ReadAll(os.Stdin)
		if err != nil || !deadlineRace(string(b), *raceOf) {
			return 1
		}
		return 0
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "fuzzreport: want one package, for example ./internal/rigs/codecfuzz")
		return 2
	}
	pkg := fs.Arg(0)
	targets, err := list(*goCmd, pkg, *only)
	if err != nil {
		fmt.Fprintf(stderr, "fuzzreport: %v\n", err)
		return 1
	}
	start := time.Now()
	var results []result
	code := 0
	for _, t := range targets {
		fmt.Fprintf(stderr, "fuzzreport: %s %s for %s\n", pkg, t, *fuzztime)
		r := fuzz(*goCmd, pkg, t, *fuzztime, *minimize, stderr)
		if r.failed {
			code = 1
		}
		results = append(results, r)
	}
	report := render(pkg, *fuzztime, *minimize, time.Since(start), results)
	if err := os.WriteFile(*out, report, 0o644); err != nil {
		fmt.Fprintf(stderr, "fuzzreport: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "fuzzreport: wrote %s\n", *out)
	return code
}

// list returns the fuzz targets of pkg that match only.
func list(goCmd, pkg, only string) ([]string, error) {
	re, err := regexp.Compile(only)
	if err != nil {
		return nil, fmt.Errorf("-run: %w", err)
	}
	b, err := exec.Command(goCmd, "test", "-list", "^Fuzz", pkg).Output()
	if err != nil {
		return nil, fmt.Errorf("list fuzz targets of %s: %w", pkg, err)
	}
	var targets []string
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "Fuzz") && re.MatchString(line) {
			targets = append(targets, line)
		}
	}
	if len(targets) == 0 {
		return nil, fmt.Errorf("%s has no fuzz target matching %q", pkg, only)
	}
	return targets, nil
}

var (
	progress = regexp.MustCompile(`^fuzz: elapsed: (\S+), execs: (\d+) \(\d+/sec\), new interesting: (\d+)`)
	crasher  = regexp.MustCompile(`Failing input written to (\S+)`)
)

// fuzz runs one target and reads its progress lines.
func fuzz(goCmd, pkg, target, fuzztime, minimize string, stderr io.Writer) result {
	var buf bytes.Buffer
	cmd := exec.Command(goCmd, "test", "-run", "^$", "-fuzz", "^"+target+"$",
		"-fuzztime", fuzztime, "-fuzzminimizetime", minimize, pkg)
	cmd.Stdout = io.MultiWriter(&buf, stderr)
	cmd.Stderr = cmd.Stdout
	err := cmd.Run()
	r := result{target: target, failed: err != nil, elapsed: "-", execs: "-", interesting: "-"}
	for _, line := range strings.Split(buf.String(), "\n") {
		line = strings.TrimSpace(line)
		if m := progress.FindStringSubmatch(line); m != nil {
			r.elapsed, r.execs, r.interesting = m[1], m[2], m[3]
		}
		if m := crasher.FindStringSubmatch(line); m != nil {
			r.crashers = append(r.crashers, m[1])
		}
	}
	if r.failed && deadlineRace(buf.String(), target) {
		r.failed, r.raced = false, true
	}
	return r
}

// deadlineRace tells whether out, the output of a failed fuzz run of
// target, shows only the toolchain's race at the -fuzztime limit: no
// failing input written, and one failure, whose whole message is "context
// deadline exceeded".
func deadlineRace(out, target string) bool {
	if crasher.MatchString(out) {
		return false
	}
	lines := strings.Split(out, "\n")
	fails := 0
	race := false
	for i, line := range lines {
		if strings.HasPrefix(line, "--- FAIL") {
			fails++
			race = strings.HasPrefix(line, "--- FAIL: "+target+" ") && i+1 < len(lines) &&
				lines[i+1] == "    context deadline exceeded" && (i+2 == len(lines) || !strings.HasPrefix(lines[i+2], "    "))
		}
	}
	return fails == 1 && race
}

func render(pkg, fuzztime, minimize string, took time.Duration, results []result) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Fuzzing report\n\n")
	fmt.Fprintf(&b, "Written by `make fuzz-report` (internal/rigs/codecfuzz/fuzzreport); do not edit.\n")
	fmt.Fprintf(&b, "Each fuzz target of `%s` ran alone for %s (`go test -fuzz -fuzzminimizetime %s`),\n", pkg, fuzztime, minimize)
	fmt.Fprintf(&b, "on %s %s/%s with %d CPUs, %s in all, finished %s.\n", runtime.Version(), runtime.GOOS, runtime.GOARCH,
		runtime.NumCPU(), took.Round(time.Second), time.Now().UTC().Format("2006-01-02"))
	fmt.Fprintf(&b, "The invariants each input must hold are in internal/rigs/codecfuzz/check_test.go.\n")
	fmt.Fprintf(&b, "Execs are go test's count on its last progress line; it leaves out the runs that minimize new inputs.\n\n")
	fmt.Fprintf(&b, "| target | time | execs | new interesting | crashers found |\n")
	fmt.Fprintf(&b, "| --- | --- | ---: | ---: | ---: |\n")
	var execs, crashers int
	failed, raced := 0, 0
	for _, r := range results {
		var n int
		fmt.Sscan(r.execs, &n)
		execs += n
		crashers += len(r.crashers)
		status := ""
		if r.failed {
			failed++
			status = " (failed)"
		}
		if r.raced {
			raced++
			status = " (see below)"
		}
		fmt.Fprintf(&b, "| %s%s | %s | %s | %s | %d |\n", r.target, status, r.elapsed, r.execs, r.interesting, len(r.crashers))
	}
	fmt.Fprintf(&b, "| **all %d targets** | %s | %d | | %d |\n", len(results), took.Round(time.Second), execs, crashers)
	for _, r := range results {
		for _, c := range r.crashers {
			fmt.Fprintf(&b, "\n%s wrote the failing input `%s`; `go test %s` runs it again.\n", r.target, c, pkg)
		}
	}
	if raced > 0 {
		fmt.Fprintf(&b, "\n%d of %d targets ended at the time limit with Go's \"context deadline exceeded\" and no failing input: a race in the\n"+
			"toolchain's fuzzing coordinator (golang/go#75804, fixed in Go 1.27), not a failure of the target.\n", raced, len(results))
	}
	if failed > 0 {
		fmt.Fprintf(&b, "\n%d of %d targets failed.\n", failed, len(results))
	}
	return b.Bytes()
}
