package suite

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/zeroproject/zero/gen"
)

// suiteFile is one file of tests/draft2020-12.
type suiteFile struct {
	Name     string      // "if-then-else" or "optional/bignum", as the report shows it
	Dir      string      // Go directory of its case packages: "ifthenelse", "optional/bignum"
	Optional bool        // from optional/ or another dialect's folder: reported apart, never enforced
	Dialect  gen.Dialect // of schemas whose $schema names none
	Cases    []*suiteCase
}

// suiteCase is one schema with its tests; it becomes one Go package.
type suiteCase struct {
	File        *suiteFile
	Index       int
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Tests       []*suiteTest    `json:"tests"`

	Pkg      string            // package path inside the harness module: "cases/type/c3"
	Code     map[string][]byte // generated files
	GenErr   error             // the generator refused the schema
	GenPanic string            // the generator panicked
	BuildErr string            // the generated package does not compile
}

// suiteTest is one datum and the suite's verdict on it.
type suiteTest struct {
	Case        *suiteCase
	Index       int
	ID          int             // position in the run order
	Description string          `json:"description"`
	Data        json.RawMessage `json:"data"`
	Valid       bool            `json:"valid"`

	Res     *result // what the generated decoder did
	Outcome outcome
	Why     string // for WRONG, REFUSED and DEVIATION
}

// otherDialects are the suite's folders for the other dialects, with the
// dialect of their schemas that have no $schema.
var otherDialects = []struct {
	folder string
	d      gen.Dialect
}{{"draft2019-09", 2019}, {"draft7", 7}, {"draft6", 6}, {"draft4", 4}}

// loadSuite reads every top-level file of tests/draft2020-12, then those
// of optional/ (not optional/format/, whose tests assume that format
// asserts), then this package's own cases for the older dialects
// (testdata/dialects, enforced like the top-level files), then the
// top-level files of the suite's folders for the other dialects, when the
// checkout has them (reported, not enforced).
func loadSuite(dir string) ([]*suiteFile, error) {
	var files []*suiteFile
	add := func(pattern, group string, optional bool, d gen.Dialect) error {
		names, err := filepath.Glob(pattern)
		if err != nil {
			return err
		}
		sort.Strings(names)
		for _, n := range names {
			f, err := loadFile(n, group, optional, d)
			if err != nil {
				return err
			}
			files = append(files, f)
		}
		return nil
	}
	for _, sub := range []string{"", "optional"} {
		if err := add(filepath.Join(dir, "tests", "draft2020-12", sub, "*.json"), sub, sub != "", 2020); err != nil {
			return nil, err
		}
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no test files in %s", dir)
	}
	if err := add(filepath.Join("testdata", "dialects", "*.json"), "dialects", false, 2020); err != nil {
		return nil, err
	}
	for _, o := range otherDialects {
		if err := add(filepath.Join(dir, "tests", o.folder, "*.json"), o.folder, true, o.d); err != nil {
			return nil, err
		}
	}
	return files, nil
}

func loadFile(name, sub string, optional bool, d gen.Dialect) (*suiteFile, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	base := strings.TrimSuffix(filepath.Base(name), ".json")
	f := &suiteFile{Name: path.Join(sub, base), Dir: path.Join(goIdent(sub), goIdent(base)), Optional: optional, Dialect: d}
	if sub == "optional" {
		f.Dir = path.Join(sub, goIdent(base))
	}
	if err := json.Unmarshal(data, &f.Cases); err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	for i, c := range f.Cases {
		c.File, c.Index = f, i
		c.Pkg = fmt.Sprintf("cases/%s/c%d", f.Dir, i)
		for j, t := range c.Tests {
			t.Case, t.Index = c, j
		}
	}
	return f, nil
}

// goIdent turns a file name into a lowercase Go identifier.
func goIdent(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' && b.Len() > 0 {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// generateAll runs the generator on every case, a few at a time.
func generateAll(files []*suiteFile, remotes string) {
	forEachCase(files, func(c *suiteCase) { generate(c, remotes) })
}

// forEachCase calls fn on every case of files, as many at a time as there
// are processors.
func forEachCase(files []*suiteFile, fn func(*suiteCase)) {
	var all []*suiteCase
	for _, f := range files {
		all = append(all, f.Cases...)
	}
	work := make(chan *suiteCase)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range work {
				fn(c)
			}
		}()
	}
	for _, c := range all {
		work <- c
	}
	close(work)
	wg.Wait()
}

// generate runs gen.Generate on one case, recording a refusal or a panic.
func generate(c *suiteCase, remotes string) {
	defer func() {
		if p := recover(); p != nil {
			c.GenPanic = fmt.Sprint(p)
		}
	}()
	c.Code, c.GenErr = gen.Generate(gen.Config{
		Package:        path.Base(c.Pkg),
		Files:          []gen.File{{Name: "schema.json", Data: c.Schema}},
		BaseURL:        fmt.Sprintf("http://harness.invalid/%s/c%d/", c.File.Dir, c.Index),
		LoadURL:        remoteLoader(remotes),
		Roots:          []string{"schema.json"},
		RootNames:      map[string]string{"schema.json": "Root"},
		DefaultDialect: c.File.Dialect,
		AllErrors:      true,
	})
}

// remotesHost is where the suite's remote documents live.
const remotesHost = "localhost:1234"

// remoteLoader serves http://localhost:1234/PATH from remotes/PATH.
func remoteLoader(remotes string) func(string) ([]byte, error) {
	return func(u string) ([]byte, error) {
		pu, err := url.Parse(u)
		if err != nil {
			return nil, err
		}
		if pu.Scheme != "http" || pu.Host != remotesHost {
			return nil, fmt.Errorf("the harness serves only http://%s/, not %s", remotesHost, u)
		}
		p := path.Clean("/" + pu.Path)
		data, err := os.ReadFile(filepath.Join(remotes, filepath.FromSlash(p)))
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("no remote document %s", u)
		}
		return data, err
	}
}

// refusal is the reason a case was refused, short enough for the report:
// the keyword named by a *gen.Error ("$dynamicRef", "unknown keyword
// \"foo\"") or the error text without the compiler's preamble.
func refusal(err error) string {
	var ge *gen.Error
	if !errors.As(err, &ge) {
		return clipReason(err.Error())
	}
	msg := ge.Msg
	if m := unknownKeyword.FindStringSubmatch(msg); m != nil {
		return "unknown keyword " + m[1]
	}
	if m := namedKeyword.FindStringSubmatch(msg); m != nil {
		return m[1]
	}
	return clipReason(compilePreamble.ReplaceAllString(msg, ""))
}

// clipReason keeps the first line of a reason, at most 160 bytes of it.
func clipReason(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 160 {
		s = strings.ToValidUTF8(s[:157], "") + "..."
	}
	return s
}

var (
	unknownKeyword  = regexp.MustCompile(`unknown keyword ("[^"]*")`)
	namedKeyword    = regexp.MustCompile(`keyword "([^"]*)": `)
	compilePreamble = regexp.MustCompile(`^jsonschema \S+ compilation failed: `)
)
