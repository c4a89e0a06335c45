package main

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// refDirs maps URL prefixes to local directories (--ref-dir URL=DIR): a
// $ref to a URL outside the schema files is read from the directory of the
// longest prefix that starts it. zerogen never fetches anything over the
// network.
type refDirs []refDir

type refDir struct{ prefix, dir string }

// parseRefDirs reads the --ref-dir flags.
func parseRefDirs(flags []string) (refDirs, error) {
	var out refDirs
	for _, f := range flags {
		prefix, dir, ok := strings.Cut(f, "=")
		if !ok || prefix == "" || dir == "" {
			return nil, fmt.Errorf("--ref-dir %q: want URL=DIR (for example https://example.com/schemas/=./vendored)", f)
		}
		if !strings.Contains(prefix, "://") {
			return nil, fmt.Errorf("--ref-dir %q: %q is not an absolute URL", f, prefix)
		}
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("--ref-dir %q: %s is not a directory", f, dir)
		}
		out = append(out, refDir{prefix, dir})
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i].prefix) > len(out[j].prefix) })
	return out, nil
}

// load reads the document at URL u from the directory its prefix maps to.
func (r refDirs) load(u string) ([]byte, error) {
	u, _, _ = strings.Cut(u, "#")
	for _, d := range r {
		if !strings.HasPrefix(u, d.prefix) {
			continue
		}
		rel := strings.TrimPrefix(u, d.prefix)
		if rel == "" || strings.Contains(rel, "?") {
			return nil, fmt.Errorf("--ref-dir %s=%s: %s names no file under it", d.prefix, d.dir, u)
		}
		clean := path.Clean("/" + rel)[1:]
		if clean != strings.TrimPrefix(rel, "/") || strings.HasPrefix(clean, "../") {
			return nil, fmt.Errorf("--ref-dir %s=%s: %s leaves the directory", d.prefix, d.dir, u)
		}
		data, err := os.ReadFile(filepath.Join(d.dir, filepath.FromSlash(clean)))
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("--ref-dir %s=%s: no file %s for %s", d.prefix, d.dir, clean, u)
		}
		return data, err
	}
	if len(r) == 0 {
		return nil, fmt.Errorf("no schema file has $id %s, and zerogen fetches nothing over the network (map the URL to a directory with --ref-dir URL=DIR)", u)
	}
	return nil, fmt.Errorf("no schema file has $id %s, and no --ref-dir maps it", u)
}
