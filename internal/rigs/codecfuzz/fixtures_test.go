package codecfuzz

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// manifest is the part of a fixture manifest.json these tests read (see
// gen/fixtures/fixtures.go for the whole format).
type manifest struct {
	Package string `json:"package"`
	Roots   []struct {
		Name    string     `json:"name"`
		Schema  string     `json:"schema"`
		Valid   fixtureSet `json:"valid"`
		Invalid fixtureSet `json:"invalid"`
	} `json:"roots"`
}

// fixtureSet is one JSON Lines file of fixtures.
type fixtureSet struct {
	File string `json:"file"`
}

func readManifest(t testing.TB, path string) manifest {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v", err)
	}
	var m manifest
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return m
}

// fixtures returns the published valid and invalid documents of r, one per
// line of its .jsonl files.
func fixtures(t testing.TB, r *root) (valid, invalid [][]byte) {
	t.Helper()
	valid, invalid, err := loadFixtures(r)
	if err != nil {
		t.Fatalf("%s: %v", r.id(), err)
	}
	return valid, invalid
}

func loadFixtures(r *root) (valid, invalid [][]byte, err error) {
	dir := filepath.Join(repoDir, "generated", filepath.FromSlash(r.family), "testdata", "fixtures")
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		return nil, nil, err
	}
	var m manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, nil, fmt.Errorf("%s/manifest.json: %w", dir, err)
	}
	for _, mr := range m.Roots {
		if mr.Name != r.name {
			continue
		}
		if valid, err = readLines(filepath.Join(dir, mr.Valid.File)); err != nil {
			return nil, nil, err
		}
		invalid, err = readLines(filepath.Join(dir, mr.Invalid.File))
		return valid, invalid, err
	}
	return nil, nil, fmt.Errorf("no root %s in %s/manifest.json", r.name, dir)
}

func readLines(path string) ([][]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	b = bytes.TrimSuffix(b, []byte("\n"))
	if len(b) == 0 {
		return nil, nil
	}
	return bytes.Split(b, []byte("\n")), nil
}

// documents returns the hand-written documents of schema/testdata/documents.json
// (the table shared with the JavaScript client checks) whose schema is r's.
func documents(t testing.TB, r *root) (valid, invalid [][]byte) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoDir, "schema", "testdata", "documents.json"))
	if err != nil {
		t.Fatalf("%v", err)
	}
	var cases []struct {
		Schema string          `json:"schema"`
		Valid  bool            `json:"valid"`
		Doc    json.RawMessage `json:"doc"`
	}
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatalf("documents.json: %v", err)
	}
	for _, c := range cases {
		if c.Schema != r.family+"/"+r.schema {
			continue
		}
		var doc bytes.Buffer
		if err := json.Compact(&doc, c.Doc); err != nil {
			t.Fatalf("documents.json: %v", err)
		}
		if c.Valid {
			valid = append(valid, doc.Bytes())
		} else {
			invalid = append(invalid, doc.Bytes())
		}
	}
	return valid, invalid
}

// respelled writes b again with every key and string as \u escapes and
// whitespace around every token: the same document, spelled another way.
func respelled(b []byte) []byte {
	n, err := parseTree(b)
	if err != nil {
		return nil
	}
	var mark func(n *node)
	mark = func(n *node) {
		n.esc, n.ws = ^uint64(0), " "
		for _, v := range n.vals {
			mark(v)
		}
	}
	mark(n)
	return n.appendJSON(nil)
}
