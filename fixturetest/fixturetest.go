// Package fixturetest runs the test fixtures zerogen writes for a generated
// package (`zerogen --fixtures`): the fixtures_test.go of every such
// package is one call to Run.
//
// The fixtures sit in the package's testdata/fixtures/: manifest.json says
// for every root type which lines of <Root>.valid.jsonl and
// <Root>.invalid.jsonl are what. Run decodes every valid document, encodes
// it again and checks that the value survived the round trip; it checks
// that every invalid document fails to decode with an *rt.Error at the JSON
// Pointer and keyword its manifest entry names. It also decodes all the
// documents of a root, valid and invalid, one after another into the same
// value, and checks that each valid one gives exactly what a fresh decode
// gives: decoding into a value that holds an earlier document reuses its
// storage, and must leave nothing of that document behind.
package fixturetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/rttest"
)

// Dir is where the fixtures sit, relative to the package directory.
var Dir = filepath.Join("testdata", "fixtures")

// Doc is what every root type of a generated package implements.
type Doc interface {
	UnmarshalJSON([]byte) error
	MarshalJSON() ([]byte, error)
}

// Manifest is the part of manifest.json that Run reads.
type Manifest struct {
	Package    string `json:"package"`
	SchemaHash string `json:"schemaHash"`
	Roots      []struct {
		Name    string `json:"name"`
		Valid   Set    `json:"valid"`
		Invalid Set    `json:"invalid"`
	} `json:"roots"`
}

// Set is one JSON Lines file and its cases.
type Set struct {
	File  string `json:"file"`
	Cases []Case `json:"cases"`
}

// Case is one line; Pointer and Keyword label invalid documents.
type Case struct {
	Line    int    `json:"line"`
	Name    string `json:"name"`
	Pointer string `json:"pointer"`
	Keyword string `json:"keyword"`
}

// Run checks every fixture of the package pkg, generated from schemas
// with the digest hash; roots makes an empty value of each root type, by
// its name in the manifest. Each case is a subtest named
// "<Root>/valid/<line>" or "<Root>/invalid/<line>".
func Run(t *testing.T, pkg, hash string, roots map[string]func() Doc) {
	t.Helper()
	m := load(t)
	if m.SchemaHash != hash || m.Package != pkg {
		t.Fatalf("manifest.json is for %s %s, this code for %s %s; generate the package again", m.Package, m.SchemaHash, pkg, hash)
	}
	if len(m.Roots) != len(roots) {
		t.Errorf("manifest.json has %d roots, the package %d", len(m.Roots), len(roots))
	}
	for _, r := range m.Roots {
		newDoc := roots[r.Name]
		if newDoc == nil {
			t.Errorf("manifest.json names root %s, which the package does not have", r.Name)
			continue
		}
		runSet(t, r.Name+"/valid", r.Valid, func(c Case, line []byte) error { return CheckValid(newDoc, c, line) })
		runSet(t, r.Name+"/invalid", r.Invalid, func(c Case, line []byte) error { return CheckInvalid(newDoc, c, line) })
		t.Run(r.Name+"/reuse", func(t *testing.T) {
			for _, err := range CheckReuse(newDoc, caseLines(t, r.Valid), caseLines(t, r.Invalid)) {
				t.Error(err)
			}
		})
	}
}

// caseLines returns the documents of a set's cases, in order.
func caseLines(t *testing.T, set Set) [][]byte {
	t.Helper()
	if len(set.Cases) == 0 {
		return nil
	}
	lines := readLines(t, set.File)
	var out [][]byte
	for _, c := range set.Cases {
		if c.Line >= 1 && c.Line <= len(lines) {
			out = append(out, lines[c.Line-1])
		}
	}
	return out
}

// CheckReuse decodes the valid documents into one value, forwards and then
// backwards, each followed by an invalid document when there is one left,
// and checks after each valid document that the value is deeply equal to
// a fresh decode of it (nil and empty slices or maps are told apart).
func CheckReuse(newDoc func() Doc, valid, invalid [][]byte) []error {
	var errs []error
	x := newDoc()
	order := make([]int, 0, 2*len(valid))
	for i := range valid {
		order = append(order, i)
	}
	for i := len(valid) - 1; i >= 0; i-- {
		order = append(order, i)
	}
	for n, i := range order {
		if err := x.UnmarshalJSON(valid[i]); err != nil {
			errs = append(errs, fmt.Errorf("decode %s into a reused value: %v", valid[i], err))
			continue
		}
		fresh := newDoc()
		if err := fresh.UnmarshalJSON(valid[i]); err != nil {
			errs = append(errs, fmt.Errorf("decode %s: %v", valid[i], err))
			continue
		}
		if !reflect.DeepEqual(x, fresh) {
			errs = append(errs, fmt.Errorf("decoding %s into a value that held an earlier document gives\n%#v\nwant (a fresh decode)\n%#v", valid[i], x, fresh))
		}
		if n < len(invalid) {
			_ = x.UnmarshalJSON(invalid[n]) // fails, possibly halfway
		}
	}
	return errs
}

func runSet(t *testing.T, prefix string, set Set, check func(Case, []byte) error) {
	t.Helper()
	lines := readLines(t, set.File)
	for _, c := range set.Cases {
		if c.Line < 1 || c.Line > len(lines) {
			t.Fatalf("%s: case %q: line %d is not in the file's %d lines", set.File, c.Name, c.Line, len(lines))
		}
		line := lines[c.Line-1]
		t.Run(fmt.Sprintf("%s/%d", prefix, c.Line), func(t *testing.T) {
			if err := check(c, line); err != nil {
				t.Error(err)
			}
		})
	}
}

func load(t *testing.T) Manifest {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(Dir, "manifest.json"))
	if err != nil {
		t.Fatalf("%v", err)
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("manifest.json: %v", err)
	}
	return m
}

// readLines reads a JSON Lines file: one document per line.
func readLines(t *testing.T, name string) [][]byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(Dir, name))
	if err != nil {
		t.Fatalf("%v", err)
	}
	return bytes.Split(bytes.TrimSuffix(b, []byte("\n")), []byte("\n"))
}

// CheckValid decodes a valid document, encodes it and checks that the
// encoding is the same JSON value and decodes again. The document is
// decoded from a copy that is overwritten before the value is encoded, as
// a caller reusing its buffer would: a value that kept a view of its input
// instead of a copy shows it.
func CheckValid(newDoc func() Doc, c Case, line []byte) error {
	x := newDoc()
	buf := bytes.Clone(line)
	if err := x.UnmarshalJSON(buf); err != nil {
		return fmt.Errorf("%s: decode %s: %v", c.Name, line, err)
	}
	for i := range buf {
		buf[i] = '#'
	}
	out, err := x.MarshalJSON()
	if err != nil {
		return fmt.Errorf("%s: encode: %v", c.Name, err)
	}
	same, err := rttest.SameJSON(line, out)
	if err != nil || !same {
		return fmt.Errorf("%s: the round trip changed the value (%v)\n in: %s\nout: %s", c.Name, err, line, out)
	}
	if err := newDoc().UnmarshalJSON(out); err != nil {
		return fmt.Errorf("%s: decode the encoding %s: %v", c.Name, out, err)
	}
	return nil
}

// CheckInvalid checks that decoding fails with an *rt.Error at the case's
// pointer and keyword.
func CheckInvalid(newDoc func() Doc, c Case, line []byte) error {
	err := newDoc().UnmarshalJSON(line)
	if err == nil {
		return fmt.Errorf("%s: decode %s: no error, want %s at %q", c.Name, line, c.Keyword, c.Pointer)
	}
	var re *rt.Error
	if !errors.As(err, &re) {
		return fmt.Errorf("%s: decode %s: %T %v, want an *rt.Error", c.Name, line, err, err)
	}
	if p := re.Pointer; p != c.Pointer || re.Keyword != c.Keyword {
		return fmt.Errorf("%s: decode %s: %s at %q, want %s at %q (%v)", c.Name, line, re.Keyword, p, c.Keyword, c.Pointer, err)
	}
	return nil
}
