package suite

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"text/template"
	"time"

	"github.com/zeroproject/zero/internal/testmod"
)

// harnessModule is the module path of the temporary module.
const harnessModule = "zerosuite"

// result is what the harness program reports for one test, one JSON line each.
type result struct {
	ID       int      `json:"id"`
	Accepted bool     `json:"accepted"`
	Err      *errInfo `json:"err,omitempty"`     // UnmarshalJSON's error
	Out      []byte   `json:"out,omitempty"`     // MarshalJSON of the accepted value
	Enc      string   `json:"enc,omitempty"`     // MarshalJSON or the second decode failed
	Panic    string   `json:"panic,omitempty"`   // a panic, with its stack
	Timeout  bool     `json:"timeout,omitempty"` // the test ran past the time limit
	Crash    string   `json:"-"`                 // the program died in this test
	All      int      `json:"all"`               // how many errors UnmarshalJSONAll reported
	AllFirst bool     `json:"allFirst"`          // UnmarshalJSON's error is among them
}

// errInfo describes a decode error; RT says whether it is an *rt.Error.
type errInfo struct {
	RT      bool   `json:"rt"`
	Type    string `json:"type"`
	Pointer string `json:"pointer"`
	Keyword string `json:"keyword"`
	Offset  int    `json:"offset"`
	Msg     string `json:"msg"`
	Text    string `json:"text"`
}

// module is the temporary Go module that holds the generated packages and
// the program that runs them.
type module struct {
	dir  string
	repo string
	env  []string
}

// newModule lays out a module that requires the repository's module and
// replaces it with the working tree.
func newModule(dir, repo string) (*module, error) {
	env, err := testmod.Write(dir, harnessModule, repo)
	if err != nil {
		return nil, err
	}
	return &module{dir: dir, repo: repo, env: append(env, "CGO_ENABLED=0")}, nil
}

// writeCases writes the generated files of every case that has them.
func (m *module) writeCases(cases []*suiteCase) error {
	for _, c := range cases {
		if c.Code == nil {
			continue
		}
		dir := filepath.Join(m.dir, filepath.FromSlash(c.Pkg))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		for name, data := range c.Code {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// runnable are the cases whose code the program imports.
func runnable(cases []*suiteCase) []*suiteCase {
	var out []*suiteCase
	for _, c := range cases {
		if c.Code != nil && c.BuildErr == "" {
			out = append(out, c)
		}
	}
	return out
}

// build writes the program and builds it. A case whose package, or whose
// line of the program, does not compile gets BuildErr and the program is
// written again without it.
func (m *module) build(ctx context.Context, cases []*suiteCase) (string, error) {
	bin := filepath.Join(m.dir, "harness")
	for {
		run := runnable(cases)
		lines, err := m.writeMain(run)
		if err != nil {
			return "", err
		}
		// -trimpath keeps the temporary directory out of the build cache's
		// keys, so unchanged case packages are not compiled again next run.
		cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-o", bin, ".")
		cmd.Dir, cmd.Env = m.dir, m.env
		out, err := cmd.CombinedOutput()
		if err == nil {
			return bin, nil
		}
		if blamed := blameBuild(string(out), cases, lines); blamed == 0 {
			return "", fmt.Errorf("go build: %v\n%s", err, out)
		}
	}
}

var (
	pkgHeader = regexp.MustCompile(`^# ` + harnessModule + `/(cases/\S+)$`)
	mainLine  = regexp.MustCompile(`^\.?/?main\.go:(\d+):`)
	caseRef   = regexp.MustCompile(`\bp(\d+)[ .]`)
)

// blameBuild gives BuildErr to the cases that go build's output names and
// returns how many it blamed.
func blameBuild(out string, cases []*suiteCase, lines map[int]*suiteCase) int {
	byPkg := map[string]*suiteCase{}
	for _, c := range cases {
		byPkg[c.Pkg] = c
	}
	blamed := 0
	var cur *suiteCase
	for _, ln := range strings.Split(out, "\n") {
		if m := pkgHeader.FindStringSubmatch(ln); m != nil {
			cur = byPkg[m[1]]
			continue
		}
		if strings.HasPrefix(ln, "# ") {
			cur = nil
			continue
		}
		target := cur
		if m := mainLine.FindStringSubmatch(ln); m != nil {
			n, _ := strconv.Atoi(m[1])
			target = lines[n]
		}
		if target != nil && target.BuildErr == "" && strings.TrimSpace(ln) != "" {
			target.BuildErr = strings.TrimSpace(ln)
			blamed++
		}
	}
	return blamed
}

// writeMain writes main.go and returns which case each registration line
// belongs to.
func (m *module) writeMain(cases []*suiteCase) (map[int]*suiteCase, error) {
	var buf bytes.Buffer
	if err := mainTemplate.Execute(&buf, cases); err != nil {
		return nil, err
	}
	lines := map[int]*suiteCase{}
	for i, ln := range strings.Split(buf.String(), "\n") {
		if m := caseRef.FindStringSubmatch(ln); m != nil {
			j, _ := strconv.Atoi(m[1])
			lines[i+1] = cases[j]
		}
	}
	return lines, os.WriteFile(filepath.Join(m.dir, "main.go"), buf.Bytes(), 0o644)
}

// input is one test as the program reads it.
type input struct {
	ID   int    `json:"id"`
	Pkg  string `json:"pkg"`
	Data []byte `json:"data"` // the suite's bytes, exactly
}

// perTest bounds one test inside the program; perRun bounds one run.
const (
	perTest = 10 * time.Second
	perRun  = 3 * time.Minute
)

// run runs the program over tests. When the program dies in a test, that
// test gets Crash and the program runs again from the next one.
func (m *module) run(ctx context.Context, bin string, tests []*suiteTest) error {
	var in []input
	for i, t := range tests {
		t.ID = i
		in = append(in, input{ID: i, Pkg: t.Case.Pkg, Data: t.Data})
	}
	data, err := json.Marshal(in)
	if err != nil {
		return err
	}
	inFile := filepath.Join(m.dir, "tests.json")
	if err := os.WriteFile(inFile, data, 0o644); err != nil {
		return err
	}
	for next := 0; next < len(tests); {
		n, crash, err := m.runFrom(ctx, bin, inFile, next, tests)
		if err != nil {
			return err
		}
		next += n
		switch {
		case crash != "" && next < len(tests):
			tests[next].Res = &result{ID: next, Crash: crash}
			next++
		case n == 0:
			return fmt.Errorf("harness program stopped at test %d without an error", next)
		}
	}
	return nil
}

// runFrom runs the program from test start and returns how many results it
// read, and when it died, why.
func (m *module) runFrom(ctx context.Context, bin, inFile string, start int, tests []*suiteTest) (int, string, error) {
	ctx, cancel := context.WithTimeout(ctx, perRun)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, inFile, strconv.Itoa(start), perTest.String())
	cmd.Dir = m.dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return 0, "", err
	}
	if err := cmd.Start(); err != nil {
		return 0, "", err
	}
	n := 0
	sc := bufio.NewScanner(stdout)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var r result
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return n, "", fmt.Errorf("harness program printed %q: %v", sc.Text(), err)
		}
		if r.ID != start+n {
			return n, "", fmt.Errorf("harness program reported test %d, want %d", r.ID, start+n)
		}
		tests[r.ID].Res = &r
		n++
	}
	werr := cmd.Wait()
	if werr == nil || n > 0 && tests[start+n-1].Res.Timeout {
		return n, "", nil
	}
	return n, crashText(werr, stderr.String()), nil
}

// crashText keeps the head of a dying program's stderr.
func crashText(err error, stderr string) string {
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if len(lines) > 6 {
		lines = lines[:6]
	}
	return err.Error() + ": " + strings.Join(lines, " | ")
}

var mainTemplate = template.Must(template.New("main").Parse(`// Code generated by the zerogen suite harness. DO NOT EDIT.

// The harness program decodes each test's data with its case's Root, then
// re-encodes and decodes again what was accepted. It prints one JSON line
// per test.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/zeroproject/zero/rt"
{{range $i, $c := .}}
	p{{$i}} "` + harnessModule + `/{{$c.Pkg}}"{{end}}
)

var cases = map[string]func([]byte) result{
{{- range $i, $c := .}}
	"{{$c.Pkg}}": check[p{{$i}}.Root],{{end}}
}

type result struct {
	ID       int      ` + "`json:\"id\"`" + `
	Accepted bool     ` + "`json:\"accepted\"`" + `
	Err      *errInfo ` + "`json:\"err,omitempty\"`" + `
	Out      []byte   ` + "`json:\"out,omitempty\"`" + `
	Enc      string   ` + "`json:\"enc,omitempty\"`" + `
	Panic    string   ` + "`json:\"panic,omitempty\"`" + `
	Timeout  bool     ` + "`json:\"timeout,omitempty\"`" + `
	All      int      ` + "`json:\"all\"`" + `
	AllFirst bool     ` + "`json:\"allFirst\"`" + `
}

type errInfo struct {
	RT      bool   ` + "`json:\"rt\"`" + `
	Type    string ` + "`json:\"type\"`" + `
	Pointer string ` + "`json:\"pointer\"`" + `
	Keyword string ` + "`json:\"keyword\"`" + `
	Offset  int    ` + "`json:\"offset\"`" + `
	Msg     string ` + "`json:\"msg\"`" + `
	Text    string ` + "`json:\"text\"`" + `
}

type codec[T any] interface {
	*T
	UnmarshalJSON([]byte) error
	UnmarshalJSONAll([]byte) rt.Errors
	MarshalJSON() ([]byte, error)
}

func describe(err error) *errInfo {
	info := &errInfo{Type: fmt.Sprintf("%T", err), Text: err.Error()}
	var e *rt.Error
	if errors.As(err, &e) {
		info.RT = true
		info.Pointer, info.Keyword, info.Offset, info.Msg = e.Pointer, e.Keyword, e.Offset, e.Msg
	}
	return info
}

func check[T any, P codec[T]](data []byte) (r result) {
	defer func() {
		if p := recover(); p != nil {
			r.Panic = fmt.Sprintf("%v\n%s", p, debug.Stack())
		}
	}()
	var z T
	all := P(&z).UnmarshalJSONAll(data)
	r.All = len(all)
	var x T
	if err := P(&x).UnmarshalJSON(data); err != nil {
		r.Err = describe(err)
		for _, e := range all {
			r.AllFirst = r.AllFirst || e.Pointer == r.Err.Pointer && e.Keyword == r.Err.Keyword
		}
		return r
	}
	r.Accepted = true
	out, err := P(&x).MarshalJSON()
	if err != nil {
		r.Enc = "MarshalJSON: " + err.Error()
		return r
	}
	r.Out = out
	var y T
	if err := P(&y).UnmarshalJSON(out); err != nil {
		r.Enc = "UnmarshalJSON of the encoding: " + err.Error()
	}
	return r
}

type input struct {
	ID   int    ` + "`json:\"id\"`" + `
	Pkg  string ` + "`json:\"pkg\"`" + `
	Data []byte ` + "`json:\"data\"`" + `
}

func main() {
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	var in []input
	if err := json.Unmarshal(data, &in); err != nil {
		panic(err)
	}
	start, _ := strconv.Atoi(os.Args[2])
	limit, _ := time.ParseDuration(os.Args[3])
	for _, t := range in[start:] {
		f := cases[t.Pkg]
		if f == nil {
			panic("no case " + t.Pkg)
		}
		done := make(chan result, 1)
		go func() { done <- f(t.Data) }()
		var r result
		select {
		case r = <-done:
		case <-time.After(limit):
			r.Timeout = true
		}
		r.ID = t.ID
		line, err := json.Marshal(r)
		if err != nil {
			panic(err)
		}
		os.Stdout.Write(append(line, '\n'))
		if r.Timeout {
			os.Exit(3)
		}
	}
}
`))
