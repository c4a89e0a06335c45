package inferred

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestShapes decodes into the types named by $defs keys, through the
// collapsed allOf wrappers and the anyOf union.
func TestShapes(t *testing.T) {
	for _, doc := range []string{
		`{"type":"text","text":"hi","meta":{"source":"x"}}`,
		`{"type":"tool_call","name":"ls","status":"done"}`,
	} {
		var m Message
		if err := json.Unmarshal([]byte(doc), &m); err != nil {
			t.Fatal(err)
		}
		switch v := m.Value.(type) {
		case *TextChunk:
			var meta *Meta = v.Meta
			if v.Text != "hi" || meta == nil || meta.Source.V != "x" {
				t.Errorf("%s: %+v", doc, v)
			}
		case *ToolCall:
			var status Status = v.Status.V
			if v.Name != "ls" || status != StatusDone {
				t.Errorf("%s: %+v", doc, v)
			}
		default:
			t.Errorf("%s: %T", doc, v)
		}
		if b, err := json.Marshal(m); err != nil || string(b) != doc {
			t.Errorf("encoded %s %v, want %s", b, err, doc)
		}
	}
	var m Message
	if err := json.Unmarshal([]byte(`{"type":"other"}`), &m); err == nil || !strings.Contains(err.Error(), "const") {
		t.Errorf("unknown variant: %v", err)
	}
	for _, doc := range []string{`{"a":[1]}`, `"x"`, `null`} {
		var a Anything
		if err := json.Unmarshal([]byte(doc), &a); err != nil || string(a.Value) != doc {
			t.Errorf("Anything %s: %s %v", doc, a.Value, err)
		}
	}
	var e Email
	if err := json.Unmarshal([]byte(`"a@b.c"`), &e); err != nil || string(e.Value) != `"a@b.c"` {
		t.Errorf("Email: %s %v", e.Value, err)
	}
}
