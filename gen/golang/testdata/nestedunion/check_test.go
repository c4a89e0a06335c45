package nestedunion

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
	if err := c.AddResource("mem://gate.json", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	return c.MustCompile("mem://gate.json")
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

var schemes = []string{
	`{"key":"k"}`, `{"name":"n","user":"u"}`, `{"name":"n","token":"t"}`, `{"name":"n"}`,
	`{"name":"n","realm":"r"}`, `{"name":"n","user":"u","token":"t"}`, `{"key":"k","name":"n"}`,
	`{"name":"n","realm":"r","user":"u"}`, `{"key":1}`, `{"name":"\u006e","tok\u0065n":"t"}`,
	`{"name":"n","user":7}`, `{}`, `[]`, `"k"`, `null`,
}

// TestDifferential decodes each scheme as the oneOf (auth) and as the
// anyOf (fallback) and compares the verdict with jsonschema/v5's; an
// accepted value encodes to the same value.
func TestDifferential(t *testing.T) {
	root := reference(t)
	for _, s := range schemes {
		for _, doc := range []string{`{"auth":` + s + `}`, `{"auth":{"key":"k"},"fallback":` + s + `}`} {
			refErr := root.Validate(instance(t, doc))
			var g Gate
			err := json.Unmarshal([]byte(doc), &g)
			if (err == nil) != (refErr == nil) {
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
			if err := g.Validate(); err != nil {
				t.Errorf("%s: decoded, then Validate says %v", doc, err)
			}
			b, err := json.Marshal(g)
			if same, jerr := rttest.SameJSON(b, []byte(doc)); err != nil || jerr != nil || !same {
				t.Errorf("%s: encoded %s %v", doc, b, err)
			}
		}
	}
}

// TestVariants checks which Go type holds each value: the inner union
// holds a Basic or a Bearer, itself a variant of the outer union.
func TestVariants(t *testing.T) {
	var g Gate
	if err := json.Unmarshal([]byte(`{"auth":{"name":"n","token":"t"},"fallback":{"name":"n","user":"u"}}`), &g); err != nil {
		t.Fatal(err)
	}
	h, ok := g.Auth.Value.(*HTTP)
	if !ok {
		t.Fatalf("auth is %T, want *HTTP", g.Auth.Value)
	}
	if _, ok := h.Value.(*Bearer); !ok {
		t.Errorf("auth's HTTP is %T, want *Bearer", h.Value)
	}
	if err := json.Unmarshal([]byte(`{"auth":{"name":"n","realm":"r"}}`), &g); err != nil {
		t.Fatal(err)
	}
	if _, ok := g.Auth.Value.(*Named); !ok {
		t.Errorf("auth is %T, want *Named", g.Auth.Value)
	}
	// Built in Go: an HTTP that is both a Basic and a Bearer fails the
	// inner oneOf, and so the outer one.
	both := Gate{Auth: Scheme{Value: &HTTP{Value: &Basic{Name: "n"}}}}
	if err := both.Validate(); err == nil {
		t.Error("an HTTP scheme that is both a Basic and a Bearer validates")
	}
	if _, err := json.Marshal(both); err == nil {
		t.Error("an HTTP scheme that is both a Basic and a Bearer encodes")
	}
	ok1 := Gate{Auth: Scheme{Value: &HTTP{Value: &Basic{Name: "n", User: rt.Some("u")}}}}
	if err := ok1.Validate(); err != nil {
		t.Errorf("a Basic scheme: %v", err)
	}
}

// TestInvalidUTF8 checks that a string with invalid UTF-8 in a variant of
// a union nested in a union is refused by every encoder that validates, as
// Validate refuses it.
func TestInvalidUTF8(t *testing.T) {
	x := Gate{Auth: Scheme{Value: &HTTP{Value: &Basic{Name: "n", User: rt.Some("a\xffb")}}}}
	rttest.RefusesInvalidUTF8(t, x, x.Validate, "/auth/user")
	x = Gate{Auth: Scheme{Value: &Key{Key: "k"}}, Fallback: rt.Some(GateFallback{Value: &HTTP{Value: &Bearer{Name: "\xe2\x82"}}})}
	rttest.RefusesInvalidUTF8(t, x, x.Validate, "/fallback/name")
}
