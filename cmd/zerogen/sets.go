package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"

	"github.com/zeroproject/zero/gen"
)

var versionDir = regexp.MustCompile(`^v([1-9][0-9]*)$`)

// readSets reads every FAMILY/vN/ directory under dir as one schema set, in
// family and version order.
func readSets(dir string) ([]gen.SchemaSet, error) {
	families, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var sets []gen.SchemaSet
	for _, fam := range families {
		if !fam.IsDir() || fam.Name() == "testdata" {
			continue
		}
		versions, err := os.ReadDir(filepath.Join(dir, fam.Name()))
		if err != nil {
			return nil, err
		}
		for _, v := range versions {
			m := versionDir.FindStringSubmatch(v.Name())
			if !v.IsDir() || m == nil {
				continue
			}
			n, _ := strconv.Atoi(m[1])
			files, err := readSchemas(filepath.Join(dir, fam.Name(), v.Name()))
			if err != nil {
				return nil, err
			}
			sets = append(sets, gen.SchemaSet{Family: fam.Name(), Version: n, Files: files})
		}
	}
	if len(sets) == 0 {
		return nil, fmt.Errorf("no FAMILY/vN directories under %s", dir)
	}
	sort.Slice(sets, func(i, j int) bool {
		if sets[i].Family != sets[j].Family {
			return sets[i].Family < sets[j].Family
		}
		return sets[i].Version < sets[j].Version
	})
	return sets, nil
}
