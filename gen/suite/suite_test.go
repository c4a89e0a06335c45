package suite

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// suiteDir is where the suite is read from: $ZERO_SUITE_DIR, else
// ../shared/json-schema-test-suite beside the repository (where
// `make fetch-suite` puts it).
func suiteDir(repo string) string {
	if d := os.Getenv("ZERO_SUITE_DIR"); d != "" {
		return d
	}
	return filepath.Join(repo, "..", "shared", "json-schema-test-suite")
}

// TestSuite runs the JSON Schema Test Suite (draft 2020-12) through zerogen
// and fails on any WRONG result and on any top-level file that does not
// pass entirely. With ZERO_SUITE_REPORT=path it also writes the report there
// (a relative path is relative to the repository root):
//
//	ZERO_SUITE_REPORT=reports/suite.md go test -run TestSuite -count=1 ./gen/suite
func TestSuite(t *testing.T) {
	if testing.Short() {
		t.Skip("the JSON Schema Test Suite builds about 430 generated packages; skipped with -short")
	}
	repo := repoRoot(t)
	dir := suiteDir(repo)
	if _, err := os.Stat(filepath.Join(dir, "tests", "draft2020-12")); err != nil {
		t.Skipf("SKIPPED, NOT RUN: the JSON Schema Test Suite is not at %s (%v). "+
			"Fetch it at the pinned commit with 'make fetch-suite' (or point ZERO_SUITE_DIR at a checkout), then run 'go test ./gen/suite'.", dir, err)
	}
	files := runSuite(t, repo, dir)

	top, optional := split(files)
	t.Log("\n" + table(top))
	t.Log("optional/, not enforced:\n" + table(optional))
	for _, s := range testsWith(optional, wrong) {
		t.Logf("optional WRONG %s", describeTest(s))
	}
	if out := os.Getenv("ZERO_SUITE_REPORT"); out != "" && os.Getenv("ZERO_SUITE_ONLY") == "" {
		writeReport(t, repo, out, report(files, provenance(dir)))
	}
	checkWrong(t, top)
	checkMustPass(t, top)
}

// runSuite generates, builds and runs every case and judges every test.
func runSuite(t *testing.T, repo, dir string) []*suiteFile {
	start := time.Now()
	files, err := loadSuite(dir)
	if err != nil {
		t.Fatal(err)
	}
	files = only(t, files)
	if os.Getenv("ZERO_SUITE_INPROCESS") != "" {
		generateAll(files, filepath.Join(dir, "remotes"))
	} else {
		work := tempDir(t)
		bin, err := buildZerogen(t.Context(), repo, work)
		if err != nil {
			t.Fatal(err)
		}
		generateAllWithCommand(t.Context(), bin, work, files, filepath.Join(dir, "remotes"))
	}
	var cases []*suiteCase
	for _, f := range files {
		cases = append(cases, f.Cases...)
	}
	genTime := time.Since(start)

	mod, err := newModule(tempDir(t), repo)
	if err != nil {
		t.Fatal(err)
	}
	if err := mod.writeCases(cases); err != nil {
		t.Fatal(err)
	}
	bin, err := mod.build(t.Context(), cases)
	if err != nil {
		t.Fatal(err)
	}
	buildTime := time.Since(start) - genTime

	var tests []*suiteTest
	for _, c := range runnable(cases) {
		tests = append(tests, c.Tests...)
	}
	if err := mod.run(t.Context(), bin, tests); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		judge(c)
	}
	t.Logf("%d cases, %d tests run: generate %v, build %v, run %v",
		len(cases), len(tests), genTime.Round(time.Millisecond), buildTime.Round(time.Millisecond),
		(time.Since(start) - genTime - buildTime).Round(time.Millisecond))
	return files
}

// only keeps the files whose names match the regular expression
// $ZERO_SUITE_ONLY, when it is set ("^dialects/" runs this package's own
// cases), for a quick run while working; no report is written then.
func only(t *testing.T, files []*suiteFile) []*suiteFile {
	expr := os.Getenv("ZERO_SUITE_ONLY")
	if expr == "" {
		return files
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		t.Fatalf("ZERO_SUITE_ONLY: %v", err)
	}
	var out []*suiteFile
	for _, f := range files {
		if re.MatchString(f.Name) {
			out = append(out, f)
		}
	}
	t.Logf("ZERO_SUITE_ONLY=%s: %d of %d files", expr, len(out), len(files))
	return out
}

// repoRoot is the repository's root, two levels up from this package.
func repoRoot(t *testing.T) string {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil || !bytes.Contains(mod, []byte("module github.com/zeroproject/zero\n")) {
		t.Fatalf("%s is not the zero repository: %v", root, err)
	}
	return root
}

// tempDir makes the harness module's directory; ZERO_SUITE_KEEP=1 keeps it.
func tempDir(t *testing.T) string {
	dir, err := os.MkdirTemp("", "zerosuite-")
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("ZERO_SUITE_KEEP") != "" {
		t.Logf("harness module kept in %s", dir)
	} else {
		t.Cleanup(func() { os.RemoveAll(dir) })
	}
	return dir
}

func writeReport(t *testing.T, repo, out, text string) {
	if !filepath.IsAbs(out) {
		out = filepath.Join(repo, out)
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", out)
}

// checkWrong fails the test with every WRONG result.
func checkWrong(t *testing.T, files []*suiteFile) {
	for _, s := range testsWith(files, wrong) {
		c := s.Case
		t.Errorf("WRONG %s case %d %q, test %d %q\n\tdata: %s\n\texpected valid=%v\n\tgot: %s",
			c.File.Name, c.Index, c.Description, s.Index, s.Description, compact(s.Data), s.Valid, clipLines(s.Why, 12))
	}
}

// knownGaps are the cases of top-level files that zerogen refuses because
// they need a keyword it does not implement. They are excused only while
// every test of the case is REFUSED (never WRONG), and listed in the log; a
// gap that starts passing fails the test until it is removed from here.
// There are none today.
var knownGaps = map[string]string{}

// checkMustPass fails the test for each top-level file with a test that
// did not pass: no refusal and no deviation either.
func checkMustPass(t *testing.T, files []*suiteFile) {
	for _, f := range files {
		if f.Optional {
			continue
		}
		name := f.Name
		n := tallyFile(f)
		excused := excusedTests(t, f)
		if n.Passed+excused != n.Tests {
			t.Errorf("%s: %d of %d tests passed, want all (wrong %d, refused %d, deviation %d, known gaps %d)%s",
				name, n.Passed, n.Tests, n.Wrong, n.Refused, n.Deviation, excused, notPassed(f))
		}
	}
}

// excusedTests counts the tests of f in known gaps, checking that each such
// case is still refused as a whole.
func excusedTests(t *testing.T, f *suiteFile) int {
	excused := 0
	for _, c := range f.Cases {
		why, ok := knownGaps[fmt.Sprintf("%s#%d", f.Name, c.Index)]
		if !ok {
			continue
		}
		for _, s := range c.Tests {
			if s.Outcome != refused {
				t.Errorf("%s #%d is listed as a known gap (%s) but test %q is %s, not refused: update knownGaps", f.Name, c.Index, why, s.Description, s.Outcome)
				continue
			}
			excused++
		}
		t.Logf("known gap %s #%d (%d tests): %s", f.Name, c.Index, len(c.Tests), why)
	}
	return excused
}

// notPassed lists the refused and deviating tests of f (WRONG ones are
// listed by checkWrong).
func notPassed(f *suiteFile) string {
	var b strings.Builder
	for _, c := range f.Cases {
		for _, s := range c.Tests {
			if s.Outcome == refused || s.Outcome == deviation {
				fmt.Fprintf(&b, "\n\t%s %s", s.Outcome, describeTest(s))
			}
		}
	}
	return b.String()
}

func clipLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = append(lines[:n], "\t...")
	}
	return strings.Join(lines, "\n\t")
}
