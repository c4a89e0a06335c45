package gen

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
)

// Version is written nowhere by default, so that generated files stay the
// same from one zerogen build to the next.
const Version = "0.1.0"

// Generate loads, models and emits. It returns file name → contents.
func Generate(cfg Config) (map[string][]byte, error) {
	if cfg.Package == "" {
		return nil, fmt.Errorf("no package name")
	}
	l, err := load(&cfg)
	if err != nil {
		return nil, err
	}
	if len(l.roots) == 0 {
		return nil, fmt.Errorf("no root schema among %d files", len(cfg.Files))
	}
	m, err := build(l)
	if err != nil {
		return nil, err
	}
	m.Hash = Hash(cfg.Files)
	out, err := newEmitter(m).emit()
	if err != nil || !cfg.Fixtures {
		return out, err
	}
	fx, err := fixtures(l, m)
	if err != nil {
		return nil, err
	}
	for name, b := range fx {
		out[name] = b
	}
	return out, nil
}

// Hash is the digest of the input schema files that generated headers
// carry: "sha256:" and hex over each file's name and contents in name order.
func Hash(files []File) string {
	sorted := append([]File(nil), files...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })
	h := sha256.New()
	for _, f := range sorted {
		fmt.Fprintf(h, "%s\x00%d\x00", f.Name, len(f.Data))
		h.Write(f.Data)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}
