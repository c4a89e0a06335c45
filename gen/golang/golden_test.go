package golang_test

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/zeroproject/zero/gen"
	"github.com/zeroproject/zero/internal/testmod"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/*/want with what the generator writes")

// goldenCases lists testdata/<case>/: each holds schema.json (or, for a
// case of several files, schema/*.json) and, in want/, every file zerogen
// --fixtures writes for it (package <case>). A case may also hold
// check_test.go, a test of the generated API that runs inside the package
// beside its fixtures; a single-file case's schema is beside it as
// testdata/schema.json, for checks against the reference validator.
func goldenCases(t *testing.T) []string {
	t.Helper()
	single, err := filepath.Glob(filepath.Join("testdata", "*", "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	multi, err := filepath.Glob(filepath.Join("testdata", "*", "schema"))
	if err != nil || len(single)+len(multi) == 0 {
		t.Fatalf("no golden cases under testdata: %v", err)
	}
	var cases []string
	for _, d := range append(single, multi...) {
		cases = append(cases, filepath.Base(filepath.Dir(d)))
	}
	sort.Strings(cases)
	return cases
}

// caseFiles reads the schema files of a case.
func caseFiles(t *testing.T, name string) []gen.File {
	t.Helper()
	dir := filepath.Join("testdata", name)
	if data, err := os.ReadFile(filepath.Join(dir, "schema.json")); err == nil {
		return []gen.File{{Name: "schema.json", Data: data}}
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "schema", "*.json"))
	var files []gen.File
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, gen.File{Name: filepath.Base(p), Data: data})
	}
	return files
}

// generateCase generates the golden case name with fixtures.
func generateCase(t *testing.T, name string) map[string][]byte {
	t.Helper()
	cfg := gen.Config{Package: name, Files: caseFiles(t, name), Fixtures: true}
	// A case's flags file names the zerogen flags it is generated with,
	// one a line: --format-types, --named-scalars=false and --def-types so far.
	if data, err := os.ReadFile(filepath.Join("testdata", name, "flags")); err == nil {
		for _, fl := range strings.Fields(string(data)) {
			switch fl {
			case "--format-types":
				cfg.FormatTypes = true
			case "--named-scalars=false":
				cfg.PlainScalars = true
			case "--def-types":
				cfg.DefTypes, cfg.Fixtures = true, false // fixtures are not written for $defs types: check_test.go judges
			default:
				t.Fatalf("%s/flags: unknown flag %s", name, fl)
			}
		}
	}
	out, err := gen.Generate(cfg)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return out
}

// TestGolden compares what the generator writes for each case with the
// files in want/; run with -update after a deliberate change, and read the
// diff.
func TestGolden(t *testing.T) {
	for _, name := range goldenCases(t) {
		t.Run(name, func(t *testing.T) {
			got := generateCase(t, name)
			want := filepath.Join("testdata", name, "want")
			if *update {
				if err := os.RemoveAll(want); err != nil {
					t.Fatal(err)
				}
				testmod.WriteFiles(t, want, got)
				return
			}
			onDisk := readFiles(t, want)
			if diff := cmp.Diff(names(onDisk), names(got)); diff != "" {
				t.Errorf("file set differs (-want +got); run with -update after a deliberate change:\n%s", diff)
			}
			for f, b := range got {
				if w, ok := onDisk[f]; ok && string(w) != string(b) {
					t.Errorf("%s differs (-want +got); run with -update after a deliberate change:\n%s", f, cmp.Diff(string(w), string(b)))
				}
			}
		})
	}
}

// TestGoldenPackagesRun builds every golden package in a scratch module and
// runs its fixtures_test.go and the case's check_test.go: the expected
// output compiles, its decoders and encoders agree with its fixtures, and
// its API works as the check says.
func TestGoldenPackagesRun(t *testing.T) {
	dir, env, goBin := testmod.Scratch(t, "goldencheck", "../..")
	for _, name := range goldenCases(t) {
		files := readFiles(t, filepath.Join("testdata", name, "want"))
		if check, err := os.ReadFile(filepath.Join("testdata", name, "check_test.go")); err == nil {
			files["check_test.go"] = check
		}
		if schema, err := os.ReadFile(filepath.Join("testdata", name, "schema.json")); err == nil {
			files["testdata/schema.json"] = schema // for a check against the reference validator
		}
		testmod.WriteFiles(t, filepath.Join(dir, name), files)
	}
	cmd := exec.Command(goBin, "test", "-count=1", "./...")
	cmd.Dir = dir
	cmd.Env = env
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test of the golden packages: %v\n%s", err, b)
	}
}

func names(files map[string][]byte) []string {
	var out []string
	for n := range files {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func readFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		out[filepath.ToSlash(rel)] = b
		return nil
	})
	if err != nil {
		t.Fatalf("%v (run with -update to write the golden files)", err)
	}
	return out
}
