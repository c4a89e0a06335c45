package schema

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// documentCase is one entry of testdata/documents.json, the table of
// documents shared with the JavaScript client checks in clients/js.
type documentCase struct {
	Schema  string          `json:"schema"`  // path of the root schema below this directory
	Name    string          `json:"name"`    // what the case shows
	Valid   bool            `json:"valid"`   // whether the schema accepts doc
	Keyword string          `json:"keyword"` // for invalid cases: a keyword that rejects doc
	Doc     json.RawMessage `json:"doc"`     // the document
}

func loadDocumentCases(t *testing.T) []documentCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "documents.json"))
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	var cases []documentCase
	if err := dec.Decode(&cases); err != nil {
		t.Fatalf("decode testdata/documents.json: %v", err)
	}
	return cases
}

// TestDocuments validates every document of testdata/documents.json
// against its schema, and checks that each invalid one is rejected by the
// keyword the table names.
func TestDocuments(t *testing.T) {
	schemas := compileAll(t)
	cases := loadDocumentCases(t)
	seen := map[string]bool{}
	valid, invalid := 0, 0
	for _, c := range cases {
		key := c.Schema + ": " + c.Name
		if seen[key] {
			t.Errorf("%s: duplicate case", key)
		}
		seen[key] = true
		s, ok := schemas[c.Schema]
		if !ok {
			t.Errorf("%s: no schema file %s", key, c.Schema)
			continue
		}
		if err := checkDocument(s, c); err != nil {
			t.Errorf("%s: %v", key, err)
		}
		if c.Valid {
			valid++
		} else {
			invalid++
		}
	}
	t.Logf("%d documents: %d valid, %d invalid", len(cases), valid, invalid)
}

func checkDocument(s *jsonschema.Schema, c documentCase) error {
	if c.Valid == (c.Keyword != "") {
		return errors.New("a case names a keyword if and only if it is invalid")
	}
	doc, err := decodeJSON(c.Doc)
	if err != nil {
		return err
	}
	err = s.Validate(doc)
	if c.Valid {
		return err
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return fmt.Errorf("accepted, want rejected by %q", c.Keyword)
	}
	if !hasKeyword(ve, c.Keyword) {
		return fmt.Errorf("rejected, but not by %q; failing keywords:\n\t%s",
			c.Keyword, strings.Join(leafKeywords(ve), "\n\t"))
	}
	return nil
}

// hasKeyword reports whether one of the leaf failures of err is the given
// keyword.
func hasKeyword(err *jsonschema.ValidationError, keyword string) bool {
	for _, leaf := range leafErrors(err) {
		if strings.HasSuffix(leaf.KeywordLocation, "/"+keyword) {
			return true
		}
	}
	return false
}

// leafKeywords lists the keyword locations of the leaf failures of err.
func leafKeywords(err *jsonschema.ValidationError) []string {
	var out []string
	for _, leaf := range leafErrors(err) {
		out = append(out, leaf.KeywordLocation)
	}
	return out
}

// TestDocumentsCoverEveryVariant checks that the table holds a valid
// document for every kind of document each root schema accepts.
func TestDocumentsCoverEveryVariant(t *testing.T) {
	files := loadSchemaFiles(t)
	covered := map[string]bool{} // schema path + " " + type
	for _, c := range loadDocumentCases(t) {
		if !c.Valid {
			continue
		}
		var head struct {
			Type string `json:"type"`
		}
		_ = json.Unmarshal(c.Doc, &head)
		covered[c.Schema+" "+head.Type] = true
		covered[c.Schema+" "] = true // a root that is no union is covered by any document
	}
	for _, f := range files {
		if strings.HasSuffix(f.Path, "/defs.json") {
			continue
		}
		for _, d := range documentVariants(t, files, f) {
			typ := discriminator(d.schema)
			if f.Doc["oneOf"] == nil {
				typ = ""
			}
			if !covered[f.Path+" "+typ] {
				t.Errorf("%s: no valid document of type %q in testdata/documents.json", f.Path, typ)
			}
		}
	}
}
