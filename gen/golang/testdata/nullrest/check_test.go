package nullrest

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
	if err := c.AddResource("mem://profile.json", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	return c.MustCompile("mem://profile.json")
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

// TestDifferential decodes each member value and compares the verdict with
// jsonschema/v5's; an accepted document validates and encodes back to the
// same JSON value.
func TestDifferential(t *testing.T) {
	root := reference(t)
	members := map[string][]string{
		"nick":     {`null`, `"ann"`, `""`, `"admin"`, `"root"`, `1`},
		"mail":     {`null`, `"a@b.org"`, `"a@example.com"`, `"nope"`, `true`},
		"address":  {`null`, `{"city":"Lyon"}`, `{"city":"Lyon","street":"r"}`, `{"city":"Lyon","street":"r","zip":"1"}`, `{"street":"r","zip":"1"}`, `{"city":"x","x":1}`, `[]`},
		"shipping": {`null`, `{}`, `{"mode":"post"}`, `{"mode":"pickup"}`, `{"mode":"pickup","store":"s"}`, `{"mode":"fly"}`, `{"store":1}`, `"x"`},
		"weights":  {`null`, `[]`, `[1,2]`, `[1,1.0]`, `[1,1]`, `[1,2,3,4,5]`, `["a"]`, `{}`},
		"tags":     {`null`, `["main"]`, `["a","main"]`, `[1,"main"]`, `["a"]`, `[]`, `[1]`, `"main"`},
		"level":    {`null`, `0`, `3`, `7`, `14`, `-1`, `1.5`, `"1"`},
		"agreed":   {`null`, `true`, `false`, `1`},
		"code":     {`null`, `"ab"`, `"a"`, `2`},
	}
	accepted, refused := 0, 0
	for prop, vals := range members {
		for _, v := range vals {
			doc := `{"` + prop + `":` + v + `}`
			refErr := root.Validate(instance(t, doc))
			var p Profile
			err := json.Unmarshal([]byte(doc), &p)
			if (err == nil) != (refErr == nil) {
				t.Errorf("%s: zerogen says %v, jsonschema/v5 says %v", doc, err, refErr)
				continue
			}
			if err != nil {
				refused++
				var re *rt.Error
				if !errors.As(err, &re) {
					t.Errorf("%s: %T %v", doc, err, err)
				}
				continue
			}
			accepted++
			if err := p.Validate(); err != nil {
				t.Errorf("%s: decoded value does not validate: %v", doc, err)
			}
			b, err := json.Marshal(p)
			if same, jerr := rttest.SameJSON(b, []byte(doc)); err != nil || jerr != nil || !same {
				t.Errorf("%s: encoded %s %v %v", doc, b, err, jerr)
			}
		}
	}
	if accepted < 20 || refused < 20 {
		t.Errorf("accepted %d, refused %d: the documents no longer test both sides", accepted, refused)
	}
}

// TestNullAndRestBuilt: the Go types stay typed and nullable where the
// schema admits null, and the rest is checked on values built in Go.
func TestNullAndRestBuilt(t *testing.T) {
	ok := Profile{
		Nick:    rt.Some(rt.Nullable[string]{}),
		Address: rt.Some(rt.Nullable[Address]{V: Address{City: "Lyon"}, Valid: true}),
		Weights: rt.Some(rt.Nullable[[]float64]{}),
	}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	for name, bad := range map[string]func(p *Profile){
		"reserved nick": func(p *Profile) { p.Nick = rt.Some(rt.Nullable[string]{V: "admin", Valid: true}) },
		"street without zip": func(p *Profile) {
			p.Address = rt.Some(rt.Nullable[Address]{V: Address{City: "L", Street: rt.Some("s")}, Valid: true})
		},
		"pickup without store": func(p *Profile) {
			p.Shipping = rt.Some(rt.Nullable[ProfileShipping]{V: ProfileShipping{Mode: rt.Some(ProfileShippingModePickup)}, Valid: true})
		},
		"weights twice": func(p *Profile) { p.Weights = rt.Some(rt.Nullable[[]float64]{V: []float64{1, 1}, Valid: true}) },
		"no main tag":   func(p *Profile) { p.Tags = rt.Some(rt.Nullable[[]rt.Raw]{V: []rt.Raw{rt.Raw(`"a"`)}, Valid: true}) },
		"level 7":       func(p *Profile) { p.Level = rt.Some(int64(7)) },
		"not agreed":    func(p *Profile) { p.Agreed = rt.Some(false) },
	} {
		p := ok
		bad(&p)
		if err := p.Validate(); err == nil {
			t.Errorf("%s: Validate accepts %+v", name, p)
		}
		if b, err := json.Marshal(p); err == nil {
			t.Errorf("%s: encoded %s", name, b)
		}
	}
}
