package schema_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	streamjsonv1 "github.com/zeroproject/zero/generated/streamjson/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/schema"
)

// TestGeneratedKnownValues checks the constants zerogen generates from
// x-known-values against the declarations themselves, read here with
// encoding/json: each Known* list of the stream-json packages is exactly
// the declared values of its definition, in order. A value the schema
// declares without a constant, or the reverse, fails.
//
//	go test ./schema/ -run TestGeneratedKnownValues
func TestGeneratedKnownValues(t *testing.T) {
	for _, c := range []struct {
		file, def string
		got       any
	}{
		{"streamjson/v2/defs.json", "errorCode", streamjsonv2.KnownErrorCodes()},
		{"streamjson/v2/defs.json", "warningCode", streamjsonv2.KnownWarningCodes()},
		{"streamjson/v2/defs.json", "blockCode", streamjsonv2.KnownBlockCodes()},
		{"streamjson/v2/defs.json", "riskCategory", streamjsonv2.KnownRiskCategories()},
		{"streamjson/v2/defs.json", "exitCode", streamjsonv2.KnownExitCodes()},
		{"streamjson/v1/defs.json", "errorCode", streamjsonv1.KnownErrorCodes()},
		{"streamjson/v1/defs.json", "warningCode", streamjsonv1.KnownWarningCodes()},
		{"streamjson/v1/defs.json", "exitCode", streamjsonv1.KnownExitCodes()},
	} {
		known, err := schema.KnownValues(c.file, c.def)
		if err != nil {
			t.Fatal(err)
		}
		var declared []string
		for _, k := range known {
			declared = append(declared, string(k.Value))
		}
		if got := jsonTexts(t, c.got); !slices.Equal(got, declared) {
			t.Errorf("%s#/$defs/%s: the generated list is %v, the schema declares %v", c.file, c.def, got, declared)
		}
	}
}

// jsonTexts writes each element of list ([]string or []int64) as JSON.
func jsonTexts(t *testing.T, list any) []string {
	t.Helper()
	var out []string
	switch l := list.(type) {
	case []string:
		for _, s := range l {
			b, _ := json.Marshal(s)
			out = append(out, string(b))
		}
	case []int64:
		for _, n := range l {
			out = append(out, fmt.Sprint(n))
		}
	default:
		t.Fatalf("unexpected list type %T", list)
	}
	return out
}
