package vocab

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/zeroproject/zero/schema"
)

// TestDeclaredInSchema checks that each list of this package is exactly
// the x-known-values of its definition in schema/streamjson/v2/defs.json,
// in order: a constant the schema does not declare, or a declared code
// without a constant, fails.
//
//	go test ./internal/vocab/
func TestDeclaredInSchema(t *testing.T) {
	const defs = "streamjson/v2/defs.json"
	for def, ours := range map[string][]string{
		"errorCode":    ErrorCodes(),
		"warningCode":  WarningCodes(),
		"blockCode":    BlockCodes(),
		"riskCategory": RiskCategories(),
	} {
		declared, err := schema.KnownStrings(defs, def)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(ours, declared) {
			t.Errorf("%s: package vocab has %q, the schema declares %q", def, ours, declared)
		}
	}
	known, err := schema.KnownValues(defs, "exitCode")
	if err != nil {
		t.Fatal(err)
	}
	var declared []int
	for _, k := range known {
		var n int
		if err := json.Unmarshal(k.Value, &n); err != nil {
			t.Fatal(err)
		}
		declared = append(declared, n)
	}
	if !slices.Equal(ExitCodes(), declared) {
		t.Errorf("exitCode: package vocab has %v, the schema declares %v", ExitCodes(), declared)
	}
}
