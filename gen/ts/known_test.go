package ts

import (
	"strings"
	"testing"

	"github.com/zeroproject/zero/gen/internal/schema"
)

// TestVocabularies checks that an x-known-values declaration becomes an
// open union of literal types with each value's meaning, used where the
// field is, and that a vocabulary named like a type is refused.
func TestVocabularies(t *testing.T) {
	doc := `{"$id":"https://x.test/fam/v1/event.json","title":"Event","type":"object","additionalProperties":false,
		"required":["code"],"properties":{"code":{"$ref":"#/$defs/code"},"exit":{"$ref":"#/$defs/exit"},
		"codes":{"type":"array","items":{"$ref":"#/$defs/code"}}},
		"$defs":{"code":{"description":"A code.","type":"string","x-known-values":[
			{"const":"a_b","description":"The first."},{"const":"c","description":"The */ second."}]},
		"exit":{"type":["integer","null"],"x-known-values":[{"const":0,"title":"OK","description":"Fine."}]}}}`
	set := schema.SchemaSet{Family: "fam", Version: 1, Files: []schema.File{{Name: "event.json", Data: []byte(doc)}}}
	out, err := TypeScript([]schema.SchemaSet{set}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := string(out["fam/v1.d.ts"])
	for _, want := range []string{
		"  code: Code;\n  exit?: Exit | null;\n  codes?: Code[];\n",
		"/**\n * A code.\n *\n * The values the schema declares (other values may come later):\n" +
			" * - \"a_b\": The first.\n * - \"c\": The *\\/ second.\n */\nexport type Code = \"a_b\" | \"c\" | (string & {});\n",
		" * - 0: Fine.\n */\nexport type Exit = 0 | (number & {});\n",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("declarations lack\n%s\n--- got:\n%s", want, src)
		}
	}

	clash := strings.Replace(doc, `"title":"Event"`, `"title":"Code"`, 1)
	set.Files[0].Data = []byte(clash)
	if _, err := TypeScript([]schema.SchemaSet{set}, Options{}); err == nil || !strings.Contains(err.Error(), "has the name of") {
		t.Errorf("a vocabulary named like a type: got %v, want a refusal", err)
	}
}
