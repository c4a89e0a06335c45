package nullenum

import (
	"encoding/json"
	"testing"
)

// form is a struct of the user's own with enum fields, decoded by
// encoding/json.
type form struct {
	Mode  LegacyMode  `json:"mode"`
	Level RecordLevel `json:"level"`
}

// TestEnumsRefuseOtherValues: an enum type decoded by encoding/json takes
// its values and refuses any other, where a plain string type would take
// anything; null leaves the field as it is.
func TestEnumsRefuseOtherValues(t *testing.T) {
	var f form
	if err := json.Unmarshal([]byte(`{"mode":"`+string(LegacyModeValues[0])+`","level":2}`), &f); err != nil {
		t.Fatalf("valid values: %v", err)
	}
	if f.Mode != LegacyModeValues[0] || f.Level != RecordLevel2 {
		t.Errorf("decoded %+v", f)
	}
	for _, doc := range []string{`{"mode":"other"}`, `{"level":3}`, `{"level":"2"}`, `{"mode":1}`} {
		if err := json.Unmarshal([]byte(doc), &f); err == nil {
			t.Errorf("%s was accepted", doc)
		}
	}
	before := f
	if err := json.Unmarshal([]byte(`{"mode":null,"level":null}`), &f); err != nil || f != before {
		t.Errorf("null: %+v %v, want %+v unchanged", f, err, before)
	}
}
