package run

import (
	"encoding/json"
	"fmt"
	"io/fs"

	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/tools"
	"github.com/zeroproject/zero/schema"
)

// ProviderSpecs returns specs as the provider receives them: the name, the
// description written for the model, and the tool's argument schema file
// (schema/tools/v1/NAME.json) as its parameters, without the keywords that
// only document the schema file.
func ProviderSpecs(specs []tools.Spec) ([]provider.ToolSpec, error) {
	out := make([]provider.ToolSpec, 0, len(specs))
	for _, s := range specs {
		params, err := ToolParameters(s.Name)
		if err != nil {
			return nil, err
		}
		out = append(out, provider.ToolSpec{Name: s.Name, Description: s.Description, Parameters: params})
	}
	return out, nil
}

// ToolParameters reads the argument schema of the named tool from schema.FS
// and strips $schema, $id, title, examples and default from it.
func ToolParameters(name string) ([]byte, error) {
	b, err := fs.ReadFile(schema.FS, "tools/v1/"+name+".json")
	if err != nil {
		return nil, fmt.Errorf("schema of tool %s: %w", name, err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, fmt.Errorf("schema of tool %s: %w", name, err)
	}
	return json.Marshal(stripAnnotations(v))
}

// annotations are the schema keywords a provider does not need.
var annotations = []string{"$schema", "$id", "title", "examples", "default"}

// schemaMaps are the keywords whose value maps names to subschemas: their
// keys are names, not keywords, and are never stripped.
var schemaMaps = map[string]bool{"properties": true, "patternProperties": true, "$defs": true, "definitions": true, "dependentSchemas": true}

// dataKeywords hold JSON data, not schemas, and are left as they are.
var dataKeywords = map[string]bool{"const": true, "enum": true}

// stripAnnotations removes annotations from a decoded schema, recursively.
func stripAnnotations(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range annotations {
			delete(x, k)
		}
		for k, sub := range x {
			switch {
			case schemaMaps[k]:
				stripEach(sub)
			case !dataKeywords[k]:
				x[k] = stripAnnotations(sub)
			}
		}
	case []any:
		for i := range x {
			x[i] = stripAnnotations(x[i])
		}
	}
	return v
}

// stripEach strips every subschema of a name → schema map.
func stripEach(v any) {
	if m, ok := v.(map[string]any); ok {
		for k, sub := range m {
			m[k] = stripAnnotations(sub)
		}
	}
}
