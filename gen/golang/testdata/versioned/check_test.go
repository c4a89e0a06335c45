package versioned

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

// reference compiles the case's schema with jsonschema/v5.
func reference(t *testing.T) *jsonschema.Schema {
	t.Helper()
	data, err := os.ReadFile("testdata/schema.json")
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mem://bindings.json", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	return c.MustCompile("mem://bindings.json")
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

// documents keep or break one rule of each shape at a time.
var documents = []string{
	`{}`,
	`{"mqtt":{}}`,
	`{"mqtt":{"clientId":"c","keepAlive":5}}`,
	`{"mqtt":{"clientId":"c","keepAlive":"5"}}`,
	`{"mqtt":{"clientId":"c","bindingVersion":"0.1.0"}}`,
	`{"mqtt":{"clientId":"c","keepAlive":5,"bindingVersion":"0.1.0"}}`,
	`{"mqtt":{"keepAlive":5,"bindingVersion":"0.2.0"}}`,
	`{"mqtt":{"bindingVersion":"0.3.0"}}`,
	`{"mqtt":{"other":1}}`,
	`{"mqtt":[]}`,
	`{"mqtt":"0.2.0"}`,
	`{"mqtt":null}`,
	`{"loose":5}`,
	`{"loose":"s"}`,
	`{"loose":{}}`,
	`{"loose":{"keepAlive":"x"}}`,
	`{"loose":{"bindingVersion":"0.2.0","keepAlive":"x"}}`,
	`{"loose":{"bindingVersion":"0.1.0"}}`,
	`{"implicit":{"authorizationUrl":"a","scopes":{"read":"r"}}}`,
	`{"implicit":{"authorizationUrl":"a","scopes":{"read":"r"},"x-note":[1]}}`,
	`{"implicit":{"authorizationUrl":"a","scopes":{"read":"r"},"tokenUrl":"t"}}`,
	`{"implicit":{"authorizationUrl":"a"}}`,
	`{"implicit":{"scopes":{}}}`,
	`{"implicit":{"authorizationUrl":"a","scopes":{"read":1}}}`,
	`{"implicit":{"authorizationUrl":"a","scopes":{},"other":1}}`,
	`{"implicit":{"authorizationUrl":1,"scopes":{}}}`,
	`{"implicit":true}`,
	`{"minLength":0}`,
	`{"minLength":3}`,
	`{"minLength":-1}`,
	`{"minLength":1.5}`,
	`{"minLength":"1"}`,
	`{"review":{"requester":null}}`,
	`{"review":{"requester":null,"state":"open"}}`,
	`{"review":{"state":"open"}}`,
	`{"review":{"requester":0}}`,
	`{"review":{"requester":{}}}`,
	`{"review":{"requester":"null"}}`,
	`{"review":{"requester":null,"closedAt":null}}`,
	`{"review":{"requester":null,"closedAt":false}}`,
	`{"review":{"requester":null,"closedAt":"2020-01-01"}}`,
	`{"payload":true}`,
	`{"payload":false}`,
	`{"payload":{}}`,
	`{"payload":{"title":"t","discriminator":"kind","x-a":[1]}}`,
	`{"payload":{"title":1}}`,
	`{"payload":{"discriminator":1}}`,
	`{"payload":{"items":{"discriminator":"k"}}}`,
	`{"payload":{"items":{"discriminator":1}}}`,
	`{"payload":{"items":{"title":1}}}`,
	`{"payload":{"items":true}}`,
	`{"payload":{"items":3}}`,
	`{"payload":1}`,
	`{"payload":"s"}`,
	`{"payload":null}`,
	`{"payload":[]}`,
	`{"typed":{}}`,
	`{"typed":{"title":"t","discriminator":"d","x-a":1,"items":{"discriminator":"e"}}}`,
	`{"typed":true}`,
	`{"typed":{"title":1}}`,
	`{"typed":{"discriminator":1}}`,
	`{"typed":{"items":{"title":2}}}`,
	`{"typed":{"items":true}}`,
	`{"headers":{"type":"object"}}`,
	`{"headers":{"type":"object","discriminator":"d","items":true}}`,
	`{"headers":{"type":"string"}}`,
	`{"headers":true}`,
	`{"headers":{"discriminator":1}}`,
	`{"headers":{"type":"object","items":{"discriminator":2}}}`,
	`{"headers":{"title":3}}`,
	`{"link":{"$ref":"#/a"}}`,
	`{"link":{"$ref":"#/a","note":1}}`,
	`{"link":{"$ref":1}}`,
	`{"link":{"href":"h","x-a":1}}`,
	`{"link":{"$ref":"#/a","href":"h"}}`,
	`{"link":{}}`,
	`{"link":{"other":1}}`,
	`{"link":[]}`,
}

// TestDifferential decodes every document and compares the verdict with
// jsonschema/v5's; an accepted document validates and encodes to the same
// JSON value (known members first, then the others).
func TestDifferential(t *testing.T) {
	root := reference(t)
	accepted, refused := 0, 0
	for _, doc := range documents {
		refErr := root.Validate(instance(t, doc))
		var b Bindings
		err := json.Unmarshal([]byte(doc), &b)
		if (err == nil) != (refErr == nil) {
			t.Errorf("%s: zerogen says %v, jsonschema/v5 says %v", doc, err, refErr)
			continue
		}
		if err != nil {
			refused++
			var re *rt.Error
			if !errors.As(err, &re) || re.Pointer == "" && re.Offset < 0 {
				t.Errorf("%s: error %v has no place", doc, err)
			}
			continue
		}
		accepted++
		if err := b.Validate(); err != nil {
			t.Errorf("%s: decoded, then Validate says %v", doc, err)
		}
		out, err := json.Marshal(b)
		if same, jerr := rttest.SameJSON(out, []byte(doc)); err != nil || jerr != nil || !same {
			t.Errorf("%s: encoded %s %v", doc, out, err)
		}
	}
	if accepted < 8 || refused < 12 {
		t.Errorf("accepted %d, refused %d: the documents no longer test both sides", accepted, refused)
	}
}

// TestTyped reads the typed members: the binding's version and unknown
// members, the flow's fields and extensions, the count.
func TestTyped(t *testing.T) {
	var b Bindings
	doc := `{"mqtt":{"clientId":"c","bindingVersion":"0.1.0"},"implicit":{"authorizationUrl":"a","scopes":{"read":"r"},"x-note":1},"minLength":3}`
	if err := json.Unmarshal([]byte(doc), &b); err != nil {
		t.Fatal(err)
	}
	if v, ok := b.Mqtt.BindingVersion.Get(); !ok || v != BindingsMqttBindingVersionX010 || string(b.Mqtt.Extra["clientId"]) != `"c"` {
		t.Errorf("mqtt %+v", b.Mqtt)
	}
	if b.Implicit.AuthorizationURL != "a" || b.Implicit.Scopes["read"] != "r" || string(b.Implicit.Extensions["x-note"]) != "1" {
		t.Errorf("implicit %+v", b.Implicit)
	}
	if n, ok := b.MinLength.Get(); !ok || n != 3 {
		t.Errorf("minLength %v", b.MinLength)
	}
	// A member that can only be null: an rt.Opt[rt.NullValue] when optional,
	// no field at all when required (its one value is written back).
	var r Review
	if err := json.Unmarshal([]byte(`{"requester":null,"closedAt":null}`), &r); err != nil || !r.ClosedAt.Set {
		t.Errorf("review %+v %v", r, err)
	}
	if out, err := json.Marshal(Review{}); err != nil || string(out) != `{"requester":null}` {
		t.Errorf("encoded %s %v", out, err)
	}
	// Validate checks the leftover parts on what the Go value encodes to.
	b.Implicit.TokenURL = rt.Some("t")
	if err := b.Validate(); err == nil {
		t.Error("an implicit flow with a token URL passed Validate")
	}
}
