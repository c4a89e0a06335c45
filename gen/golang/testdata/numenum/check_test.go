package numenum

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/rttest"
)

func reference(t *testing.T) *jsonschema.Schema {
	t.Helper()
	data, err := os.ReadFile("testdata/schema.json")
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mem://mix.json", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	return c.MustCompile("mem://mix.json")
}

func instance(t *testing.T, doc string) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader([]byte(doc)))
	d.UseNumber()
	var x any
	if err := d.Decode(&x); err != nil {
		t.Fatalf("%s: %v", doc, err)
	}
	return x
}

// TestDifferential decodes each document and compares the verdict with
// jsonschema/v5's; an accepted document encodes back to the same JSON
// value.
func TestDifferential(t *testing.T) {
	root := reference(t)
	members := map[string][]string{
		"ratio":   {`0.5`, `1`, `1.0`, `2.5`, `25e-1`, `0.50000000000000000000`, `0.5000000000000000001`, `2`, `-0.5`, `1e400`, `"1"`, `null`, `true`},
		"scale":   {`-0.25`, `0`, `-0`, `0.0`, `1e-7`, `0.0000001`, `1e21`, `1000000000000000000000`, `1e+21`, `null`, `"0"`, `[]`, `{}`, `0.25`, `1e-400`, `1e400`, `2e21`},
		"half":    {`0.5`, `5e-1`, `0.25`, `"0.5"`, `null`, `false`},
		"bounded": {`1.5`, `3.25`, `0.5`, `1`, `null`},
		"maybe":   {`0.1`, `0.2`, `0.10`, `null`, `0.3`, `0.1000000000000000000001`},
		"either":  {`0.1`, `null`, `0.2`, `"a"`},
		"mode":    {`"auto"`, `0`, `-0`, `0.0`, `1.5`, `15e-1`, `null`, `"Auto"`, `1`, `true`, `[]`, `{}`, `"0"`},
		"pick":    {`"a"`, `"b"`, `1`, `2`, `2.0`, `null`, `"c"`, `3`, `1.5`, `false`},
	}
	for prop, vals := range members {
		for _, v := range vals {
			doc := `{"` + prop + `":` + v + `}`
			if prop != "ratio" {
				doc = `{"ratio":1,"` + prop + `":` + v + `}`
			}
			refErr := root.Validate(instance(t, doc))
			var m Mix
			err := json.Unmarshal([]byte(doc), &m)
			if (err == nil) != (refErr == nil) {
				if err != nil && rt.IsRange(err) {
					continue // beyond the exact range: the documented deviation
				}
				t.Errorf("%s: zerogen says %v, jsonschema/v5 says %v", doc, err, refErr)
				continue
			}
			if err != nil {
				var re *rt.Error
				if !errors.As(err, &re) {
					t.Errorf("%s: %T %v", doc, err, err)
				}
				continue
			}
			if err := m.Validate(); err != nil {
				t.Errorf("%s: decoded value does not validate: %v", doc, err)
			}
			b, err := json.Marshal(m)
			if same, jerr := rttest.SameJSON(b, []byte(doc)); err != nil || jerr != nil || !same {
				t.Errorf("%s: encoded %s %v %v", doc, b, err, jerr)
			}
		}
	}
}

// TestNamedConstants: decoded members are the constants; a value built in
// Go that is not one fails Validate at the enum (or const), and null where
// only the type admits it fails at the enum.
func TestNamedConstants(t *testing.T) {
	var m Mix
	if err := json.Unmarshal([]byte(`{"ratio":25e-1,"scale":1e-7,"half":5e-1,"maybe":0.2}`), &m); err != nil {
		t.Fatal(err)
	}
	if m.Ratio != Ratio2_5 || m.Scale.V.V != MixScale1eMinus7 || m.Half.V != MixHalf0_5 || m.Maybe.V != MixMaybe0_2 {
		t.Errorf("decoded %+v", m)
	}
	if len(RatioValues) != 3 || len(MixScaleValues) != 4 || MixScale1e21 != 1e21 {
		t.Errorf("values %v %v", RatioValues, MixScaleValues)
	}
	for _, tc := range []struct {
		m    Mix
		want string
	}{
		{Mix{Ratio: 0.75}, "/ratio: enum"},
		{Mix{Ratio: Ratio1, Half: rt.Some(MixHalf(1))}, "/half: const"},
		{Mix{Ratio: Ratio1, Bounded: rt.Some(MixBounded(0.5))}, "/bounded: enum"},
	} {
		err := tc.m.Validate()
		if err == nil || !bytes.HasPrefix([]byte(err.Error()), []byte(tc.want)) {
			t.Errorf("%+v: got %v, want %s", tc.m, err, tc.want)
		}
	}
	if err := json.Unmarshal([]byte(`{"ratio":1,"mode":"auto","pick":2}`), &m); err != nil {
		t.Fatal(err)
	}
	if m.Mode.V.Kind != rt.String || m.Mode.V.String != MixModeStringAuto || m.Pick.V.Kind != rt.Number || m.Pick.V.Int != MixPickInt2 {
		t.Errorf("mode %+v, pick %+v", m.Mode.V, m.Pick.V)
	}
	bad := Mix{Ratio: Ratio1, Pick: rt.Some(MixPickOfInt(3))}
	if err := bad.Validate(); err == nil || !bytes.HasPrefix([]byte(err.Error()), []byte("/pick: enum")) {
		t.Errorf("pick 3: %v", err)
	}
	err := json.Unmarshal([]byte(`{"ratio":1,"maybe":null}`), &m)
	if err == nil || !bytes.HasPrefix([]byte(err.Error()), []byte("/maybe: enum")) {
		t.Errorf("null maybe: %v", err)
	}
}
