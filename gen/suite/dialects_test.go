package suite

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// TestDialectCasesAgreeWithReference checks this package's own cases for
// the older dialects (testdata/dialects) against santhosh-tekuri/jsonschema/v5,
// so that the verdicts TestSuite holds the generated code to are right.
func TestDialectCasesAgreeWithReference(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("testdata", "dialects", "*.json"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no dialect cases: %v", err)
	}
	for _, n := range names {
		f, err := loadFile(n, "dialects", false, 2020)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range f.Cases {
			url := fmt.Sprintf("http://reference.invalid/%s/c%d.json", f.Dir, c.Index)
			comp := jsonschema.NewCompiler()
			if err := comp.AddResource(url, bytes.NewReader(c.Schema)); err != nil {
				t.Fatalf("%s #%d: %v", f.Name, c.Index, err)
			}
			s, err := comp.Compile(url)
			if err != nil {
				t.Fatalf("%s #%d: %v", f.Name, c.Index, err)
			}
			for _, tc := range c.Tests {
				var v any
				if err := json.Unmarshal(tc.Data, &v); err != nil {
					t.Fatal(err)
				}
				if got := s.Validate(v) == nil; got != tc.Valid {
					t.Errorf("%s #%d %q / %q: the reference validator says valid=%v, the case says %v", f.Name, c.Index, c.Description, tc.Description, got, tc.Valid)
				}
			}
		}
	}
}
