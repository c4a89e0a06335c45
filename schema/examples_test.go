package schema

import (
	"encoding/json"
	"testing"
)

// TestSchemaExamples validates every entry of every "examples" keyword
// against the schema it belongs to, so that the examples client authors
// read are true.
func TestSchemaExamples(t *testing.T) {
	files := loadSchemaFiles(t)
	c := newCompiler(t, files)
	n := 0
	for _, f := range files {
		visitSchemas("", f.Doc, func(ptr string, s map[string]any) {
			examples, ok := s["examples"].([]any)
			if !ok {
				return
			}
			sch, err := c.Compile(f.ID + "#" + ptr)
			if err != nil {
				t.Errorf("%s#%s: compile: %v", f.Path, ptr, err)
				return
			}
			for i, ex := range examples {
				n++
				if err := sch.Validate(ex); err != nil {
					b, _ := json.Marshal(ex)
					t.Errorf("%s#%s/examples/%d %s: %v", f.Path, ptr, i, b, err)
				}
			}
		})
	}
	if n == 0 {
		t.Fatal("no examples found")
	}
	t.Logf("%d examples valid", n)
}
