package gen

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/zeroproject/zero/internal/testmod"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/golden")

// goldenDir holds one directory per case: its schema files (*.json), the
// types.go zerogen must write for them (types.go.golden), and optionally
// check_test.go, a test that runs inside the generated package.
const goldenDir = "testdata/golden"

// TestGolden generates every case of testdata/golden with its fixtures,
// compares types.go with the golden file (go test ./gen -run TestGolden
// -update rewrites them), then builds each generated package in a scratch
// module and runs its tests: the fixtures and the case's check_test.go.
func TestGolden(t *testing.T) {
	entries, err := os.ReadDir(goldenDir)
	if err != nil {
		t.Fatal(err)
	}
	packages := map[string]map[string][]byte{}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		name := e.Name()
		files := goldenCase(t, name)
		if files == nil {
			continue
		}
		packages[name] = files
	}
	if len(packages) == 0 {
		t.Fatal("no golden cases")
	}
	if testing.Short() {
		t.Log("-short: not building and running the generated packages")
		return
	}
	runPackages(t, "goldencheck", packages)
}

// goldenCase generates one case and checks its types.go; it returns the
// package's files, check_test.go included, or nil after a failure.
func goldenCase(t *testing.T, name string) map[string][]byte {
	t.Helper()
	dir := filepath.Join(goldenDir, name)
	paths, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	var files []File
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, File{Name: filepath.Base(p), Data: b})
	}
	out, err := Generate(Config{Package: name, Files: files, Fixtures: true})
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return nil
	}
	golden := filepath.Join(dir, "types.go.golden")
	if *update {
		if err := os.WriteFile(golden, out["types.go"], 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Errorf("%s: %v (run go test ./gen -run TestGolden -update)", name, err)
	} else if !bytes.Equal(want, out["types.go"]) {
		t.Errorf("%s: types.go differs from types.go.golden (go test ./gen -run TestGolden -update rewrites it):\n%s", name, out["types.go"])
	}
	if check, err := os.ReadFile(filepath.Join(dir, "check_test.go")); err == nil {
		out["check_test.go"] = check
	}
	return out
}

// runPackages writes each package into a scratch module named mod and runs
// go test over them all; every package must pass.
func runPackages(t *testing.T, mod string, packages map[string]map[string][]byte) {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH: cannot build the generated packages")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	env, err := testmod.Write(dir, mod, root)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for name, files := range packages {
		names = append(names, name)
		for file, b := range files {
			path := filepath.Join(dir, name, filepath.FromSlash(file))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	sort.Strings(names)
	cmd := exec.Command(goBin, "test", "-count=1", "./...")
	cmd.Dir, cmd.Env = dir, env
	b, err := cmd.CombinedOutput()
	t.Logf("go test in the scratch module:\n%s", b)
	for _, name := range names {
		if !strings.Contains(string(b), "ok  \t"+mod+"/"+name) {
			t.Errorf("the generated package %s does not pass its tests", name)
		}
	}
	if err != nil {
		t.Errorf("go test in the scratch module: %v", err)
	}
}
