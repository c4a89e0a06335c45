package tagged

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/rttest"
)

// reference compiles the case's schema (copied beside the package as
// testdata/schema.json) and the schemas of the variants with jsonschema/v5.
func reference(t *testing.T) (root *jsonschema.Schema, defs map[string]*jsonschema.Schema) {
	t.Helper()
	data, err := os.ReadFile("testdata/schema.json")
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	if err := c.AddResource("mem://shelter.json", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	root = c.MustCompile("mem://shelter.json")
	defs = map[string]*jsonschema.Schema{}
	for _, name := range []string{"Cat", "Dog", "Lizard"} {
		defs[name] = c.MustCompile("mem://shelter.json#/$defs/" + name)
	}
	return root, defs
}

func anyOf(t *testing.T, doc string) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader([]byte(doc)))
	d.UseNumber()
	var x any
	if err := d.Decode(&x); err != nil {
		t.Fatalf("%s: %v", doc, err)
	}
	return x
}

// animals are values of a pet or an animal: each variant, both shapes at
// once, a tag that names the other variant, an unknown, missing or
// non-string tag, and broken members.
func animals() []string {
	tags := []string{`"cat"`, `"dog"`, `"Cat"`, `"Dog"`, `"Lizard"`, `"lizard"`, `"x"`, `""`, `5`, `null`, ``}
	bodies := []string{
		``, `"meow":true`, `"meow":"no"`, `"bark":"woof"`, `"bark":""`, `"bark":1`,
		`"meow":false,"bark":"woof"`, `"meow":true,"bark":""`, `"scales":3`, `"scales":1.5`,
		`"meow":true,"scales":3`, `"meow":true,"name":"tom"`, `"meow":true,"name":7`, `"bark":"a","scales":"x"`,
	}
	var out []string
	for _, tag := range tags {
		for _, body := range bodies {
			var members []string
			if tag != "" {
				members = append(members, `"petType":`+tag)
			}
			if body != "" {
				members = append(members, body)
			}
			doc := "{"
			for i, m := range members {
				if i > 0 {
					doc += ","
				}
				doc += m
			}
			out = append(out, doc+"}")
			if body != "" && tag != "" {
				out = append(out, "{"+body+`,"petType":`+tag+"}") // the tag last: the lookahead
			}
		}
	}
	return append(out, `[]`, `"cat"`, `null`, `{"petType":"cat","meow":true,"petType":"cat"}`)
}

// TestDifferential decodes every document made of those animals (as the
// pet, and in the list of others) and compares the verdict with
// jsonschema/v5's; an accepted one must validate, hold the variant JSON
// Schema says, and encode to the same JSON value.
func TestDifferential(t *testing.T) {
	root, defs := reference(t)
	accepted, refused := 0, 0
	for _, a := range animals() {
		for _, doc := range []string{
			`{"pet":` + a + `}`,
			`{"pet":{"petType":"dog","bark":"b"},"others":[` + a + `]}`,
		} {
			refErr := root.Validate(anyOf(t, doc))
			var s Shelter
			err := json.Unmarshal([]byte(doc), &s)
			var re *rt.Error
			if err != nil && errors.As(err, &re) && re.Keyword == "duplicate" && refErr == nil {
				refused++ // the documented deviation: duplicate keys are refused
				continue
			}
			if (err == nil) != (refErr == nil) {
				t.Errorf("%s: zerogen says %v, jsonschema/v5 says %v", doc, err, refErr)
				continue
			}
			if err != nil {
				refused++
				if !errors.As(err, &re) {
					t.Errorf("%s: error %T %v is not an *rt.Error", doc, err, err)
				}
				continue
			}
			accepted++
			checkAccepted(t, doc, &s, defs)
		}
	}
	t.Logf("%d documents accepted, %d refused, all as jsonschema/v5 judges them", accepted, refused)
	if accepted < 20 || refused < 100 {
		t.Errorf("too few documents of one kind: %d accepted, %d refused", accepted, refused)
	}
}

// checkAccepted checks an accepted document: Validate passes, the
// variants are those JSON Schema gives, and it encodes losslessly.
func checkAccepted(t *testing.T, doc string, s *Shelter, defs map[string]*jsonschema.Schema) {
	t.Helper()
	if err := s.Validate(); err != nil {
		t.Errorf("%s: decoded, but Validate says %v", doc, err)
	}
	var in map[string]any
	if err := json.Unmarshal([]byte(doc), &in); err != nil {
		t.Fatal(err)
	}
	// oneOf: the one variant the pet matches.
	pet := in["pet"]
	var want string
	for _, name := range []string{"Cat", "Dog"} {
		if defs[name].Validate(pet) == nil {
			want = name
		}
	}
	if got := variantName(s.Pet.Value); got != want {
		t.Errorf("%s: pet is a %s, JSON Schema says %s", doc, got, want)
	}
	// anyOf: the tagged variant if it matches, else the first that does.
	if others, ok := in["others"].([]any); ok {
		a := others[0]
		want = ""
		if tag, ok := a.(map[string]any)["petType"].(string); ok && (tag == "Cat" || tag == "Lizard") && defs[tag].Validate(a) == nil {
			want = tag
		}
		for _, name := range []string{"Cat", "Lizard"} {
			if want == "" && defs[name].Validate(a) == nil {
				want = name
			}
		}
		if got := variantName(s.Others.V[0].Value); got != want {
			t.Errorf("%s: the other is a %s, want %s", doc, got, want)
		}
	}
	out, err := json.Marshal(s)
	if err != nil {
		t.Errorf("%s: encode: %v", doc, err)
		return
	}
	var back map[string]any
	if err := json.Unmarshal(out, &back); err != nil || !reflect.DeepEqual(in, back) {
		t.Errorf("%s: encoded as %s", doc, out)
	}
}

func variantName(v any) string {
	switch v.(type) {
	case *Cat:
		return "Cat"
	case *Dog:
		return "Dog"
	case *Lizard:
		return "Lizard"
	}
	return fmt.Sprintf("%T", v)
}

// TestBuiltInGo checks Validate and the encoder on values built in Go: a
// pet that is both a cat and a dog is no pet (oneOf), and a string hook
// that turns a cat into one is refused.
func TestBuiltInGo(t *testing.T) {
	both := Pet{Value: &Cat{PetType: "cat", Meow: true, Extra: map[string]rt.Raw{"bark": rt.Raw(`"woof"`)}}}
	if err := both.Validate(); err == nil {
		t.Error("a cat that barks validated as a pet")
	}
	if _, err := json.Marshal(both); err == nil {
		t.Error("a cat that barks encoded as a pet")
	}
	// Both as an animal is fine (anyOf).
	if err := (&Animal{Value: &Cat{PetType: "Lizard", Meow: true}}).Validate(); err != nil {
		t.Errorf("animal: %v", err)
	}
	cat := Pet{Value: &Cat{PetType: "cat", Meow: true, Extra: map[string]rt.Raw{"bark": rt.Raw(`""`)}}}
	if err := cat.Validate(); err != nil {
		t.Fatalf("a cat with an empty bark: %v", err)
	}
	e := rt.Encoder{Hook: func(key, s string) string {
		if s == "" {
			return "woof"
		}
		return s
	}}
	if err := cat.EncodeJSON(&e); err == nil {
		t.Errorf("the hook made a barking cat, encoded as %s", e.Buf)
	} else if len(e.Buf) != 0 {
		t.Errorf("a failed encoding left %q", e.Buf)
	}
	var none Pet
	if err := none.Validate(); err == nil {
		t.Error("an empty union validated")
	}
}

// TestReuse decodes every animal, as a pet and as an animal, into one
// value after another (forwards, then backwards) and checks each against a
// fresh decode: the same error or the same value, so a failed decode leaves
// no variant. A variant of the type the value held before is decoded into
// the same object, unless the tag named another variant first, whose
// failure let go of it: most decodes of the same type reuse it.
func TestReuse(t *testing.T) {
	docs := animals()
	order := make([]string, 0, 2*len(docs))
	order = append(order, docs...)
	for i := len(docs) - 1; i >= 0; i-- {
		order = append(order, docs[i])
	}
	var pet Pet
	var animal Animal
	reused, same := 0, 0
	for _, doc := range order {
		r, s := checkReused(t, doc, &pet.Value, pet.UnmarshalJSON, func() (any, error) {
			var fresh Pet
			err := fresh.UnmarshalJSON([]byte(doc))
			return fresh.Value, err
		})
		reused, same = reused+r, same+s
		r, s = checkReused(t, doc, &animal.Value, animal.UnmarshalJSON, func() (any, error) {
			var fresh Animal
			err := fresh.UnmarshalJSON([]byte(doc))
			return fresh.Value, err
		})
		reused, same = reused+r, same+s
	}
	t.Logf("%d of %d decodes into a variant of the type held before reused it", reused, same)
	if same < 100 || reused*2 < same {
		t.Errorf("%d of %d decodes into a variant of the type held before reused it", reused, same)
	}
}

// checkReused decodes doc with decode into the union whose value is at
// value and compares the outcome with fresh's. same is 1 when it decoded a
// variant of the type held before; reused is 1 when into the same object.
func checkReused[V any](t *testing.T, doc string, value *V, decode func([]byte) error, fresh func() (any, error)) (reused, same int) {
	t.Helper()
	before := any(*value)
	err := decode([]byte(doc))
	want, wantErr := fresh()
	if fmt.Sprint(err) != fmt.Sprint(wantErr) {
		t.Errorf("%s: reused value says %v, a fresh one %v", doc, err, wantErr)
	}
	got := any(*value)
	if err != nil {
		if got != nil {
			t.Errorf("%s: failed with %v, but the value holds %#v", doc, err, got)
		}
		return 0, 0
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: decoded into a reused value as %#v, want %#v", doc, got, want)
	}
	if before == nil || reflect.TypeOf(before) != reflect.TypeOf(got) {
		return 0, 0
	}
	if reflect.ValueOf(before).Pointer() == reflect.ValueOf(got).Pointer() {
		return 1, 1
	}
	return 0, 1
}

// TestInvalidUTF8 checks that invalid UTF-8 in a variant of a tagged union,
// its tag included, is refused by every encoder that validates, as
// Validate refuses it.
func TestInvalidUTF8(t *testing.T) {
	x := Shelter{Pet: Pet{Value: &Dog{PetType: "Dog", Bark: "wo\xffof"}}}
	rttest.RefusesInvalidUTF8(t, x, x.Validate, "/pet/bark")
	x = Shelter{Pet: Pet{Value: &Cat{PetType: "Cat", Name: rt.Some("\x80")}}, Others: rt.Some([]Animal{{Value: &Lizard{PetType: "Liz\xffard"}}})}
	rttest.RefusesInvalidUTF8(t, x, x.Validate, "/pet/name")
	x.Pet = Pet{Value: &Cat{PetType: "Cat"}}
	rttest.RefusesInvalidUTF8(t, x, x.Validate, "/others/0/petType")
}
