// Package schematest holds what the tests of more than one zerogen
// package need: the repository's own schema sets.
package schematest

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/zeroproject/zero/gen/internal/schema"
)

// ProjectSets reads every schema/FAMILY/vN/ directory of the repository,
// for a test in a package two levels below the repository root.
func ProjectSets(t *testing.T) []schema.SchemaSet {
	t.Helper()
	dirs, err := filepath.Glob("../../schema/*/v*")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no schema sets under ../../schema: %v", err)
	}
	vdir := regexp.MustCompile(`^v([1-9][0-9]*)$`)
	var sets []schema.SchemaSet
	for _, dir := range dirs {
		m := vdir.FindStringSubmatch(filepath.Base(dir))
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		set := schema.SchemaSet{Family: filepath.Base(filepath.Dir(dir)), Version: n}
		names, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		for _, name := range names {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			set.Files = append(set.Files, schema.File{Name: filepath.Base(name), Data: data})
		}
		sets = append(sets, set)
	}
	return schema.SortSets(sets)
}
