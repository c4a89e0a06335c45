package codecfuzz

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	execresultv1 "github.com/zeroproject/zero/generated/execresult/v1"
	execresultv2 "github.com/zeroproject/zero/generated/execresult/v2"
	replayv1 "github.com/zeroproject/zero/generated/replay/v1"
	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	streamjsonv1 "github.com/zeroproject/zero/generated/streamjson/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	toolsv1 "github.com/zeroproject/zero/generated/tools/v1"
)

// doc is what every generated root type implements.
type doc interface {
	UnmarshalJSON([]byte) error
	MarshalJSON() ([]byte, error)
	Validate() error
}

// root is one generated root type and the schema it comes from.
type root struct {
	pkg    string     // Go package name, as in the manifest ("streamjsonv1")
	name   string     // root type name, as in the manifest ("Input")
	family string     // directory under schema/ and generated/ ("streamjson/v1")
	schema string     // root schema file in that directory ("input.json")
	new    func() doc // an empty value of the root type
}

// id names the root in test names and messages.
func (r *root) id() string { return r.pkg + "." + r.name }

// roots lists every root of every generated package. TestRootsMatchManifests
// fails when it drifts from the fixture manifests under generated/.
var roots = []*root{
	{"streamjsonv1", "Input", "streamjson/v1", "input.json", func() doc { return new(streamjsonv1.Input) }},
	{"streamjsonv1", "Output", "streamjson/v1", "output.json", func() doc { return new(streamjsonv1.Output) }},
	{"streamjsonv2", "Input", "streamjson/v2", "input.json", func() doc { return new(streamjsonv2.Input) }},
	{"streamjsonv2", "Output", "streamjson/v2", "output.json", func() doc { return new(streamjsonv2.Output) }},
	{"sessionv1", "SessionMeta", "session/v1", "meta.json", func() doc { return new(sessionv1.SessionMeta) }},
	{"sessionv1", "SessionRecord", "session/v1", "record.json", func() doc { return new(sessionv1.SessionRecord) }},
	{"toolsv1", "BashArgs", "tools/v1", "bash.json", func() doc { return new(toolsv1.BashArgs) }},
	{"toolsv1", "EditFileArgs", "tools/v1", "edit_file.json", func() doc { return new(toolsv1.EditFileArgs) }},
	{"toolsv1", "GlobArgs", "tools/v1", "glob.json", func() doc { return new(toolsv1.GlobArgs) }},
	{"toolsv1", "GrepArgs", "tools/v1", "grep.json", func() doc { return new(toolsv1.GrepArgs) }},
	{"toolsv1", "ListDirectoryArgs", "tools/v1", "list_directory.json", func() doc { return new(toolsv1.ListDirectoryArgs) }},
	{"toolsv1", "ReadFileArgs", "tools/v1", "read_file.json", func() doc { return new(toolsv1.ReadFileArgs) }},
	{"toolsv1", "WriteFileArgs", "tools/v1", "write_file.json", func() doc { return new(toolsv1.WriteFileArgs) }},
	{"replayv1", "ReplayScript", "replay/v1", "script.json", func() doc { return new(replayv1.ReplayScript) }},
	{"execresultv1", "ExecResult", "execresult/v1", "result.json", func() doc { return new(execresultv1.ExecResult) }},
	{"execresultv2", "ExecResult", "execresult/v2", "result.json", func() doc { return new(execresultv2.ExecResult) }},
}

// rootNamed returns the table entry for pkg.name, or nil.
func rootNamed(pkg, name string) *root {
	for _, r := range roots {
		if r.pkg == pkg && r.name == name {
			return r
		}
	}
	return nil
}

// repoDir is the repository root, relative to this package.
const repoDir = "../.."

// TestRootsMatchManifests reads every manifest.json under generated/ and
// fails when a root there is missing from the table, when the table names a
// different schema file or directory for it, or when the table has a root no
// manifest lists.
func TestRootsMatchManifests(t *testing.T) {
	paths := manifestPaths(t)
	if len(paths) == 0 {
		t.Fatal("no manifest.json under generated/")
	}
	seen := map[*root]bool{}
	for _, p := range paths {
		m := readManifest(t, p)
		family := familyOf(p)
		for _, mr := range m.Roots {
			r := rootNamed(m.Package, mr.Name)
			if r == nil {
				t.Errorf("%s: root %s.%s (schema %s) is not in the roots table of roots_test.go", p, m.Package, mr.Name, mr.Schema)
				continue
			}
			seen[r] = true
			if r.family != family || r.schema != mr.Schema {
				t.Errorf("%s: root %s is %s/%s in the manifest, %s/%s in the table", p, r.id(), family, mr.Schema, r.family, r.schema)
			}
		}
	}
	for _, r := range roots {
		if !seen[r] {
			t.Errorf("roots table has %s, which no manifest under generated/ lists", r.id())
		}
	}
}

// manifestPaths finds every manifest.json under generated/.
func manifestPaths(t testing.TB) []string {
	t.Helper()
	var paths []string
	err := filepath.WalkDir(filepath.Join(repoDir, "generated"), func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && d.Name() == "manifest.json" {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("walk generated/: %v", err)
	}
	return paths
}

// familyOf turns ../../generated/FAMILY/vN/testdata/fixtures/manifest.json
// into FAMILY/vN.
func familyOf(manifest string) string {
	rel, err := filepath.Rel(filepath.Join(repoDir, "generated"), manifest)
	if err != nil {
		return ""
	}
	rel = filepath.ToSlash(rel)
	return strings.TrimSuffix(rel, "/testdata/fixtures/manifest.json")
}
