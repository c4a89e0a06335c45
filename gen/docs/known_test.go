package docs

import (
	"strings"
	"testing"

	"github.com/zeroproject/zero/gen/internal/schema"
)

// TestDocsVocabularies checks that the reference lists every value an
// x-known-values declaration names, with its Go constant and meaning, and
// links the fields that use it.
func TestDocsVocabularies(t *testing.T) {
	doc := `{"$id":"https://x.test/fam/v1/event.json","title":"Event","type":"object","additionalProperties":false,
		"required":["code"],"properties":{"code":{"$ref":"#/$defs/code","description":"Why."},"exit":{"$ref":"#/$defs/exit"}},
		"$defs":{"code":{"description":"A code.","type":"string","x-known-values":[
			{"const":"a_b","description":"The first."},{"const":"c","description":"The | second."}]},
		"exit":{"type":"integer","x-known-values":[{"const":130,"title":"Interrupted","description":"Stopped."}]}}}`
	out, err := Docs([]schema.SchemaSet{{Family: "fam", Version: 1, Files: []schema.File{{Name: "event.json", Data: []byte(doc)}}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	page := string(out["fam-v1.md"])
	for _, want := range []string{
		"| `code` | string ([Code](#code-values)) | yes |",
		"| `exit` | integer ([Exit](#exit-values)) | no |",
		"\n## Declared values\n",
		"\n### Code values\n\nA code.\n\n| value | Go constant | meaning |\n| --- | --- | --- |\n" +
			"| `\"a_b\"` | `CodeAB` | The first. |\n| `\"c\"` | `CodeC` | The \\| second. |\n",
		"\n### Exit values\n\n| value | Go constant | meaning |\n| --- | --- | --- |\n| `130` | `ExitInterrupted` | Stopped. |",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks\n%s\n--- got:\n%s", want, page)
		}
	}
}
