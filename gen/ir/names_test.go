package ir

import (
	"slices"
	"testing"

	"github.com/zeroproject/zero/gen/internal/schema"
)

func TestGoName(t *testing.T) {
	for in, want := range map[string]string{
		"runId": "RunID", "apiModel": "APIModel", "tool_call": "ToolCall", "sessionId": "SessionID",
		"old_string": "OldString", "HTTPServer": "HTTPServer", "max_results": "MaxResults", "2fa": "X2fa",
		"url": "URL", "exitCode": "ExitCode", "schemaVersion": "SchemaVersion", "": "X",
		"名前": "X名前", // a letter without case would give an unexported name
	} {
		if got := GoName(in); got != want {
			t.Errorf("GoName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestConstructorNames checks that the model names the constructors of a
// sum's alternatives, a name a type already has taking a number after it.
func TestConstructorNames(t *testing.T) {
	files := []schema.File{{Name: "req.json", Data: []byte(`{"title": "Request", "type": "object",
		"properties": {"id": {"title": "RequestID", "type": ["string", "integer", "null"]},
			"other": {"title": "RequestIDOfInt", "type": "object"}}}`)}}
	_, m, err := Load(schema.Options{Files: files}, Options{Package: "p"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, typ := range m.Types {
		if typ.Kind == KSum {
			for _, a := range typ.Alts {
				got = append(got, a.Ctor)
			}
		}
	}
	want := []string{"RequestIDOfString", "RequestIDOfInt2", "RequestIDOfNull"}
	if !slices.Equal(got, want) {
		t.Errorf("constructors %v, want %v", got, want)
	}
}
