package gen

import (
	"strings"
	"testing"
)

// TestImpossibleRequired refuses a required member that no valid object
// can have, with the nearest property name, and accepts one that a
// pattern or additional properties admit.
func TestImpossibleRequired(t *testing.T) {
	const want = `s.json#: required: member "emial" cannot exist: it is not in properties and additionalProperties is false, so the schema refuses every object (did you mean "email"?)`
	_, err := generate(t, `{"title":"T","type":"object","properties":{"email":{"type":"string"},"phone":{"type":"string"}},"required":["emial"],"additionalProperties":false}`)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v\nwant %s", err, want)
	}
	for _, ok := range []string{
		`{"title":"T","type":"object","properties":{"a":{}},"required":["x-b"],"patternProperties":{"^x-":{}},"additionalProperties":false}`,
		`{"title":"T","type":"object","properties":{"a":{}},"required":["b"]}`,
	} {
		if _, err := generate(t, ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
}

// TestRawReport lists every rt.Raw with its place and reason, and
// StrictTypes refuses one whose schema does not admit any value.
func TestRawReport(t *testing.T) {
	cfg := Config{Package: "p", Files: []File{{Name: "s.json", Data: []byte(
		`{"$schema":"http://json-schema.org/draft-07/schema#","title":"T","type":"object","properties":{"any":{},"odd":{"not":{"type":"integer"}},"name":{"type":"string","not":{"const":"x"}},` +
			`"tpl":{"type":"string","format":"uri-template","const":"https://x.test/a{/b}"}}}`)}}}
	_, raws, err := GenerateReport(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range raws {
		got = append(got, r.String())
	}
	want := []string{
		`s.json#/properties/any: T.Any is rt.Raw: the schema admits any value`,
		`s.json#/properties/odd: T.Odd is rt.Raw: the schema names no type, so its values may be of any JSON kind (not)`,
		// jsonschema/v5's uri-template check refuses {/b} (RFC 6570 allows it): no value passes
		`s.json#/properties/tpl: T.Tpl is rt.Raw: no value passes: every string the const or enum lists fails the schema's own length, pattern or format (as jsonschema/v5 checks it)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	cfg.StrictTypes = true
	if _, _, err := GenerateReport(cfg); err == nil || !strings.Contains(err.Error(), "T.Odd is rt.Raw") {
		t.Errorf("strict: %v", err)
	}
	cfg.Files[0].Data = []byte(`{"title":"T","type":"object","properties":{"any":{},"all":true}}`)
	if _, _, err := GenerateReport(cfg); err != nil {
		t.Errorf("strict, only values open by design: %v", err)
	}
}

// TestRecursiveAnyOfIsChecked: an anyOf whose branch refers back to the
// type being shaped (the meta-schemas' items: the schema itself, or an
// array of it) is no open value: the branch is unfinished when the anyOf
// is judged, and must not read as one that admits anything, which would
// leave the field unchecked.
func TestRecursiveAnyOfIsChecked(t *testing.T) {
	_, raws, err := GenerateReport(Config{Package: "p", Files: []File{{Name: "t.json", Data: []byte(
		`{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "T", "type": ["object", "boolean"],
		  "properties": {"items": {"anyOf": [{"$ref": "#"}, {"type": "array", "items": {"$ref": "#"}}]}}}`)}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(raws) != 1 || raws[0].Reason == "" {
		t.Fatalf("raws %v: want items kept as a checked rt.Raw", raws)
	}
}
